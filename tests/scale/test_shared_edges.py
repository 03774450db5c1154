"""The shared mode's less travelled paths, in-process (``tests/scale/inprocess.py``): sockets
that leave a table this process lost, or one whose owner is unknown, sockets closing before
or after their join, a command's message in full, a socket still attached to a table this
process has taken, a lost lease retaken with nobody at the table."""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import replace
from typing import Any

import pytest

from fives.web.hub import Connection, JoinRates
from fives.web.protocol import ProtocolError
from fives.web.remote import RemoteConnection
from fives.web.shared import SharedGameServer
from fives.web.storage import StorageError
from web.helpers import view_of

from .inprocess import (
    create,
    die,
    frame,
    is_state,
    processes,
    queued,
    socket,
    spy_sends,
    until,
)


async def joined(server: SharedGameServer, token: str) -> tuple[Connection, dict[str, Any]]:
    conn = socket()
    await server.join(conn, token)
    return conn, await frame(conn, is_state)


def test_a_routed_command_s_message_names_its_socket_seat_and_process(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            _, seen = await joined(a, watch)
            turn = view_of(seen)["turn"]
            mover, state = await joined(b, tokens[turn])
            sent = spy_sends(b)
            move = view_of(state)["legal_moves"][0]
            await b.act(b.stubs[table_id], mover, "play", {"move": move})
            assert sent == [(a.me, {"op": "act", "table": table_id, "conn": mover.id,
                                    "seat": turn, "kind": "play", "fields": {"move": move},
                                    "from": b.me})]
            after = await frame(mover, lambda f: f["type"] == "state" and not f.get("full"))
            assert after["seq"] == state["seq"] + 1

    asyncio.run(scenario())


def test_a_command_before_its_join_reaches_the_owner_joins_the_socket_there(
        db: str, redis_prefix: str) -> None:
    """The owner may hear a socket's command first (its join lost in a Redis fault): it joins
    the socket from the command's message, then plays it."""
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, _, watch = await create(a)
            _, seen = await joined(a, watch)
            turn = view_of(seen)["turn"]
            service = a.tables[table_id].service
            legal = view_of(json.loads(service.full_frame(turn)))["legal_moves"][0]
            conn = socket()
            b.sockets[conn.id] = conn  # as b's join had registered it
            a._on_message({"op": "act", "table": table_id, "conn": conn.id, "seat": turn,
                           "kind": "play", "fields": {"move": legal}, "from": b.me})
            await until(lambda: service.seq == seen["seq"] + 1, "the command was not played")
            there = a.tables[table_id].conns[conn.id]
            assert isinstance(there, RemoteConnection)
            assert (there.proc, there.seat, there.name) == (b.me, turn, None)
            first = await frame(conn, is_state)
            assert first["full"] and first["you"] == turn

    asyncio.run(scenario())


def test_a_rejoin_sends_the_same_full_view_as_the_join(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, _ = await create(a)
            await joined(a, tokens[0])
            there, state = await joined(b, tokens[1])
            assert await b._rejoin(table_id)
            again = await frame(there, is_state)
            assert again == state and isinstance(state["events"], list)

    asyncio.run(scenario())


def test_sockets_of_a_lost_table_leave_it_at_its_new_owner(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            here, _ = await joined(a, tokens[0])
            owner = a.tables[table_id]
            await b.coord.redis.delete(b.coord.key("lease", table_id))
            assert await b.table(table_id) is not None
            await until(lambda: table_id not in a.tables, "the announcement was not heard")
            conns = b.tables[table_id].conns
            await until(lambda: here.id in conns, "the socket did not join the new owner")
            assert a.stubs == {} and a.owners == {}  # attached by the loss, not by a join
            a.leave(owner, here)
            await until(lambda: here.id not in conns, "the leave did not reach the new owner")
            assert a.attached == {} and a.sockets == {}

    asyncio.run(scenario())


def test_a_socket_leaving_a_table_without_an_owner_sends_nothing(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            conn, _ = await joined(b, tokens[1])
            await a.coord.release(table_id)
            sent = spy_sends(b)
            with caplog.at_level(logging.ERROR, "fives.web"):
                b.leave(b.stubs[table_id], conn)
                await asyncio.sleep(0.1)
            assert sent == [] and caplog.records == []
            assert b.attached == {}

    asyncio.run(scenario())


def test_sockets_closing_at_the_owner_before_or_after_their_join(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, _ = await create(a)
            a.abandon(socket())  # refused before its join registered anything
            b.abandon(socket())
            here, _ = await joined(a, tokens[0])
            there, _ = await joined(b, tokens[1])
            a.abandon(here)
            assert here.id not in a.tables[table_id].conns and a.sockets == {}
            presence = await frame(there, lambda f: f["type"] == "presence")
            assert not presence["seats"][0]["connected"]

    asyncio.run(scenario())


def test_a_socket_still_attached_to_a_table_held_here_joins_it_before_its_command(
        db: str, redis_prefix: str) -> None:
    """As when this process took the table over while the socket's join was on its way."""
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, watch = await create(a)
            _, seen = await joined(a, watch)
            turn = view_of(seen)["turn"]
            conn = socket(name="Cy")
            await b.join(conn, tokens[turn])
            state = await frame(conn, is_state)
            stub = b.stubs[table_id]
            await b.coord.redis.delete(b.coord.key("lease", table_id))
            live = await b.table(table_id)
            assert live is not None and conn.id in live.conns
            del live.conns[conn.id]  # the join not through yet
            live.service.leave(conn.id)
            live.service.names.clear()
            b.attached[table_id] = {conn.id: conn}
            assert await b._rejoin(table_id)  # nothing to rejoin: the table is here
            queued(conn)
            move = view_of(state)["legal_moves"][0]
            await b.act(stub, conn, "play", {"move": move})
            assert live.conns[conn.id] is conn and b.attached[table_id] == {}
            assert live.service.names == {turn: "Cy"}
            assert live.service.seq == state["seq"] + 1
            joined_again = await frame(conn, is_state)
            assert joined_again["full"] and joined_again["seq"] == state["seq"]
            assert joined_again["you"] == turn
            step = await frame(conn, is_state)
            assert step["seq"] == state["seq"] + 1 and not step.get("full")

    asyncio.run(scenario())


def test_a_lost_lease_with_nobody_at_the_table_is_retaken(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1, lease_s=0.3) as (a,):
            table_id, _, _ = await create(a)
            redis = a.coord.redis
            await redis.srem(a.coord.key("live"), table_id)  # only the retake can find it
            await redis.delete(a.coord.key("lease", table_id))
            await redis.incr(a.coord.key("epoch", table_id))
            await until(lambda: table_id not in a.tables, "the renewal kept the table")
            assert a.retake == {table_id} and a.attached == {}
            assert await a.sweep() == 1
            assert table_id in a.tables and a.retake == set() and a.rejoin == set()

    asyncio.run(scenario())


def test_a_table_lost_while_it_is_let_go_is_forgotten_quietly(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1, lease_s=30.0) as (a,):
            a.coord.owned["gone"] = 7
            a.pg.own("gone", 7)
            with caplog.at_level(logging.WARNING, "fives.web"):
                a._lose("gone", "its lease ran out")
            assert "gone" not in a.coord.owned and "gone" not in a.pg.epochs
            assert caplog.records == [] and a.rejoin == set() and a.attached == {}

    asyncio.run(scenario())


def test_a_join_during_an_evicted_table_s_release_waits_for_it(
        db: str, redis_prefix: str) -> None:
    """Taken anew before its release lands, the table would be held here while the release
    deletes the new lease: the load waits for the release, then takes a lease of its own."""
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1, lease_s=30.0) as (a,):
            table_id, tokens, _ = await create(a)
            real = a.coord.mark_live

            async def slow_unmark(table_id: str, live: bool) -> None:
                if not live:
                    await asyncio.sleep(0.3)
                await real(table_id, live)

            a.coord.mark_live = slow_unmark  # type: ignore[method-assign]
            assert a.evict_idle(10.0 ** 12) == 1 and table_id in a.letting_go
            conn, _ = await joined(a, tokens[0])
            assert a.letting_go == {} and table_id in a.tables
            assert await a.coord.owner(table_id) == a.me
            assert a.coord.owned[table_id] == 2 and a.pg.epochs[table_id] == 2
            assert conn.id in a.tables[table_id].conns

    asyncio.run(scenario())


def test_joins_are_counted_by_address_and_by_table(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            first, tokens, _ = await create(a)
            second, others, _ = await create(a)
            a.joins = JoinRates(replace(a.config.limits, joins_per_minute=0.001, joins_burst=2,
                                        table_joins_per_minute=0.001, table_joins_burst=3))
            for _ in range(2):
                await a.join(socket(address="192.0.2.1"), tokens[0])
            with pytest.raises(ProtocolError) as mine:
                await a.join(socket(address="192.0.2.1"), tokens[0])
            assert mine.value.key == "joins_rate"
            await a.join(socket(address="192.0.2.2"), tokens[0])  # another address: its own
            with pytest.raises(ProtocolError) as table:
                await a.join(socket(address="192.0.2.3"), tokens[1])  # the table's third
            assert table.value.key == "joins_rate"
            await a.join(socket(address="192.0.2.3"), others[0])  # another table: its own
            assert len(a.tables[first].conns) == 3 and len(a.tables[second].conns) == 1

    asyncio.run(scenario())


def test_a_join_at_the_owner_names_its_seat_and_a_bad_link_says_what_it_expects(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            table_id, tokens, _ = await create(a)
            await a.join(socket(name="Ann"), tokens[0])
            assert a.tables[table_id].service.names[0] == "Ann"
            with pytest.raises(ProtocolError) as info:
                await a.join(socket(), "no-such-link")
            assert str(info.value) == ("unknown link: expected the full link of a seat or of "
                                       "a table's spectators")

    asyncio.run(scenario())


def test_a_routed_command_that_cannot_be_stored_is_logged_with_its_table(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            _, seen = await joined(a, watch)
            turn = view_of(seen)["turn"]
            mover, state = await joined(b, tokens[turn])

            async def database_down(*args: Any) -> float:
                raise StorageError("database: OperationalError")

            a.pg.append = database_down  # type: ignore[method-assign,assignment]
            with caplog.at_level(logging.ERROR, "fives.web"):
                await b.act(b.stubs[table_id], mover, "play",
                            {"move": view_of(state)["legal_moves"][0]})
                assert (await frame(mover, lambda f: f["type"] == "error"))["key"] == \
                    "server_error"
            assert [r.getMessage() for r in caplog.records] == [
                f"table {table_id}: could not store a routed action: "
                "database: OperationalError"]

    asyncio.run(scenario())


def test_a_table_postgresql_will_not_let_this_process_claim_is_let_go(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, _, _ = await create(a)
            await a.stop()
            claims: list[int] = []

            async def refused(table_id: str, epoch: int) -> bool:
                claims.append(epoch)
                return False

            b.pg.claim = refused  # type: ignore[method-assign]
            assert await b.table(table_id) is None
            assert claims == [2, 3]  # once more past PostgreSQL's epoch, then no more
            assert await b.coord.owner(table_id) is None
            assert b.coord.owned == {} and table_id not in b.tables

    asyncio.run(scenario())


def test_a_load_that_fails_raises_its_own_error_even_when_the_release_fails(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, _, _ = await create(a)
            await a.stop()

            async def broken(table_id: str) -> None:
                raise StorageError(f"table {table_id}: OperationalError")

            async def redis_away(table_id: str) -> None:
                raise ConnectionError("redis away")

            b.pg.load = broken  # type: ignore[method-assign]
            b.coord.release = redis_away  # type: ignore[method-assign]
            with pytest.raises(StorageError):
                await b.table(table_id)
            assert table_id not in b.pg.epochs and table_id not in b.tables

    asyncio.run(scenario())


def test_sockets_attached_to_a_table_taken_here_join_it_with_their_names(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            conn = socket(name="Bo")
            await b.join(conn, tokens[1])
            await frame(conn, is_state)
            await die(a)
            assert await b.sweep() == 1
            assert b.tables[table_id].service.names[1] == "Bo"

    asyncio.run(scenario())


def test_an_announcement_for_a_table_with_no_socket_here_changes_nothing(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            sent = spy_sends(a)
            a._on_message({"op": "owner", "table": "elsewhere", "proc": "1-other"})
            await asyncio.sleep(0.05)
            assert a.owners == {} and a.attached == {} and sent == []

    asyncio.run(scenario())


def test_the_sockets_attached_to_a_table_share_one_stub(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            first = await b.join(socket(), tokens[1])
            second = await b.join(socket(), watch)
            assert first is second is b.stubs[table_id]
            assert first.service.id == table_id and first.service.rules.players == 2

    asyncio.run(scenario())
