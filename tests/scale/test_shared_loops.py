"""The shared mode's background work, in-process (``tests/scale/inprocess.py``): leases kept
by the renewals, the sweeper taking a dead process's tables by itself and going on after a
fault, the live marks a resync and a shutdown restore, and the edges of routing: a table
nobody can take, a command from a socket the table never saw, a join that fails on the way,
a rejoin with no owner to hear it."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest

from fives.web.protocol import ProtocolError
from fives.web.shared import SharedGameServer
from fives.web.storage import StorageError

from .inprocess import (
    create,
    die,
    frame,
    is_state,
    live_set,
    processes,
    socket,
    spy_sends,
    until,
)


async def wait_live(server: SharedGameServer, table_id: str) -> None:
    deadline = time.monotonic() + 5
    while table_id not in await live_set(server):
        assert time.monotonic() < deadline, "the table was not marked live"
        await asyncio.sleep(0.01)


def test_renewals_keep_a_lease_past_its_length_and_go_on_after_a_fault(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1, lease_s=0.3) as (a,):
            table_id, _, _ = await create(a)
            real = a.coord.renew
            failures: list[str] = []

            async def renew_fails_once() -> list[str]:
                if not failures:
                    failures.append("renew")
                    raise ConnectionError("redis away")
                return await real()

            with caplog.at_level(logging.ERROR, "fives.web"):
                a.coord.renew = renew_fails_once  # type: ignore[method-assign]
                for _ in range(8):  # 0.8 s: more than twice the lease
                    await asyncio.sleep(0.1)
                    assert await a.coord.owner(table_id) == a.me
            assert failures == ["renew"]
            assert "lease renewal failed: ConnectionError" in [
                r.getMessage() for r in caplog.records]
            await a.coord.redis.delete(a.coord.key("lease", table_id))
            await a.coord.redis.incr(a.coord.key("epoch", table_id))
            await until(lambda: table_id not in a.tables, "the renewals after a fault stopped")

    asyncio.run(scenario())


def test_the_sweeper_takes_a_dead_process_s_table_by_itself(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0, sweep_s=0.05) as (a, b):
            table_id, _, _ = await create(a)
            real = b.coord.orphans
            failures: list[str] = []

            async def orphans_fails_once() -> list[str]:
                if not failures:
                    failures.append("orphans")
                    raise ConnectionError("redis away")
                return await real()

            with caplog.at_level(logging.ERROR, "fives.web"):
                b.coord.orphans = orphans_fails_once  # type: ignore[method-assign]
                await until(lambda: bool(failures), "the sweeper did not run")
                await die(a)
                await until(lambda: table_id in b.tables, "no sweep took the dead owner's table")
            assert "sweep failed: ConnectionError" in [r.getMessage() for r in caplog.records]
            assert b.coord.owned[table_id] == 2

    asyncio.run(scenario())


def test_a_stopping_process_sweeps_nothing(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, _, _ = await create(a)
            await die(a)
            b.stopping = True
            assert await b.sweep() == 0 and table_id not in b.tables
            b.stopping = False
            assert await b.sweep() == 1 and table_id in b.tables

    asyncio.run(scenario())


def test_a_takeover_that_fails_is_said_and_tried_again(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            await create(a)
            await die(a)
            real = b.pg.load

            async def broken(table_id: str) -> None:
                raise StorageError(f"table {table_id}: OperationalError")

            b.pg.load = broken  # type: ignore[method-assign]
            with caplog.at_level(logging.ERROR, "fives.web"):
                assert await b.sweep() == 0
            assert "takeover failed: StorageError" in [r.getMessage() for r in caplog.records]
            b.pg.load = real  # type: ignore[method-assign]
            assert await b.sweep() == 1

    asyncio.run(scenario())


def test_a_socket_attached_to_a_dead_owner_s_table_not_live_is_swept_too(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3, lease_s=30.0) as (a, b, c):
            live_id, _, _ = await create(a)
            quiet_id, tokens, _ = await create(a)
            await a.coord.mark_live(quiet_id, False)  # nobody would take it on its own
            conn = socket()
            await b.join(conn, tokens[1])
            await frame(conn, is_state)
            await die(a)
            assert await c.sweep() == 1 and live_id in c.tables and quiet_id not in c.tables
            assert await b.sweep() == 1 and quiet_id in b.tables
            assert conn.id in b.tables[quiet_id].conns
            assert b.attached == {} and b.stubs == {} and b.owners == {}
            assert (await frame(conn, is_state))["full"]
            await wait_live(b, quiet_id)

    asyncio.run(scenario())


def test_a_resync_and_a_shutdown_mark_the_owned_tables_live(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            await a.coord.mark_live(table_id, False)  # as a Redis restarted empty
            a._resync()
            await wait_live(a, table_id)
            attached = socket()
            await b.join(attached, tokens[1])
            await frame(attached, is_state)
            second, _, _ = await create(a)
            await a.coord.mark_live(table_id, False)
            await a.coord.mark_live(second, False)
            await a.stop()
            assert {table_id, second} <= await live_set(b)  # every owned table, one command
            assert await b.coord.owner(table_id) is None  # given back
            await b.stop()
            items = []
            while not attached.queue.empty():
                items.append(attached.queue.get_nowait())
            assert items and items[-1] is None  # ended

    asyncio.run(scenario())


def test_a_table_nobody_can_take_is_refused_after_a_lease_and_two_seconds(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1, lease_s=0.5) as (a,):
            started = time.monotonic()
            with pytest.raises(StorageError) as info:
                await a._route("no-such-table", {"op": "join"})
            assert 2.5 <= time.monotonic() - started < 3.3
            assert str(info.value) == "table no-such-table: no process could take it"
            with pytest.raises(ProtocolError) as refused:
                await a._stub("no-such-table")
            assert refused.value.key == "bad_token" and a.stubs == {}
            assert str(refused.value) == ("unknown link: expected the full link of a seat or "
                                          "of a table's spectators")

    asyncio.run(scenario())


def test_a_join_that_fails_on_the_way_names_its_table(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            table_id, tokens, _ = await create(a)
            said = ["database: OperationalError", f"table {table_id}: lost"]

            async def fails(table_id: str, message: dict[str, Any]) -> None:
                raise StorageError(said.pop(0))

            a._route = fails  # type: ignore[method-assign]
            with pytest.raises(StorageError) as first:
                await a.join(socket(), tokens[0])
            assert str(first.value) == f"table {table_id}: database: OperationalError"
            assert isinstance(first.value.__cause__, StorageError)
            with pytest.raises(StorageError) as second:
                await a.join(socket(), tokens[0])
            assert str(second.value) == f"table {table_id}: lost"

    asyncio.run(scenario())


def test_a_command_from_a_socket_the_table_never_saw_is_refused(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            table_id, _, _ = await create(a)
            stranger = socket()
            with pytest.raises(StorageError) as info:
                await a.act(a.tables[table_id], stranger, "play", {"move": "6-6"})
            assert str(info.value) == f"table {table_id}: could not reach its owner"

    asyncio.run(scenario())


def test_a_socket_joins_once_and_keeps_its_id(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            conn = socket(id=3)
            stub = await b.join(conn, watch)
            await frame(conn, is_state)
            b.leave(stub, conn)
            await b.join(conn, tokens[1])  # the same socket, another link
            assert conn.id == b.id_base + 3
            await until(lambda: a.tables[table_id].conns.get(conn.id) is not None
                        and a.tables[table_id].conns[conn.id].seat == 1, "not joined again")

    asyncio.run(scenario())


def test_leaves_during_a_shutdown_send_nothing(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, _ = await create(a)
            conn = socket()
            stub = await b.join(conn, tokens[1])
            await frame(conn, is_state)
            sent = spy_sends(b)
            await b.going_away(wait=0)
            b.leave(stub, conn)
            await asyncio.sleep(0.05)
            assert sent == [] and b.attached == {}
            assert conn.id in a.tables[table_id].conns  # a dies with b, or b's stop tells it

    asyncio.run(scenario())


def test_a_rejoin_needs_an_owner_that_hears_it(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            assert await b._rejoin(table_id)  # no socket of b's there: nothing to do
            conn = socket()
            await b.join(conn, tokens[1])
            await frame(conn, is_state)
            await a.coord.redis.delete(a.coord.key("lease", table_id))
            assert not await b._rejoin(table_id)  # no owner yet
            await a.coord.acquire(table_id)
            assert await b._rejoin(table_id)
            await die(a)
            assert not await b._rejoin(table_id)  # its owner no longer listens
            assert await b.table(table_id) is not None
            assert await b._rejoin(table_id)  # b's own now

    asyncio.run(scenario())


def test_frames_for_sockets_this_process_no_longer_has_are_dropped(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            conn = socket()
            a.sockets[conn.id] = conn
            a._on_message({"op": "frames", "texts": ["one", "two"],
                           "to": [[conn.id + 1, 0], [conn.id, 1]]})
            assert conn.queue.get_nowait() == "two" and conn.queue.empty()
            a._on_message({"op": "nothing"})

    asyncio.run(scenario())
