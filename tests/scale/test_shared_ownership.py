"""Which process owns a table in the shared mode, in-process (``tests/scale/inprocess.py``):
a fenced append or a lost lease drops the table and keeps its sockets, an announcement moves
them to the new owner, a dead process's tables and sockets are taken over or forgotten, a
Redis that forgot its tokens is moved past PostgreSQL's, eviction and shutdown give the
leases back."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import pytest

from fives.web.pgstore import Fenced
from fives.web.remote import RemoteConnection
from fives.web.shared import SharedGameServer
from fives.web.storage import StorageError
from web.helpers import view_of

from .inprocess import (
    create,
    die,
    frame,
    is_state,
    live_set,
    processes,
    queued,
    socket,
    spy_sends,
    until,
)


async def stored_epoch(server: SharedGameServer, table_id: str) -> int | None:
    return await server.pg.epoch(table_id)


async def unheard(message: dict[str, Any]) -> None:
    return None


async def take_over_quietly(taker: SharedGameServer, table_id: str) -> None:
    """``taker`` takes the table's lease and the table without a word to the owner (as after
    a Redis restart: the owner's lease forgotten, the announcement unheard)."""
    announce = taker.coord.announce
    taker.coord.announce = unheard  # type: ignore[method-assign]
    try:
        await taker.coord.redis.delete(taker.coord.key("lease", table_id))
        assert await taker.table(table_id) is not None
    finally:
        taker.coord.announce = announce  # type: ignore[method-assign]


def test_a_fenced_append_drops_the_table_and_its_sockets_find_the_new_owner(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3, lease_s=30.0) as (a, b, c):
            table_id, tokens, watch = await create(a)
            owner = a.tables[table_id]
            mine = [socket(), socket()]
            states = []
            for conn, token in zip(mine, tokens, strict=True):
                await a.join(conn, token)
                states.append(await frame(conn, is_state))
            other = socket()
            await c.join(other, watch)  # another process's socket: not a's to keep
            await frame(other, is_state)
            assert a.metrics.tables._value.get() == 1
            await take_over_quietly(b, table_id)
            assert await stored_epoch(a, table_id) == 2
            turn = view_of(states[0])["turn"]
            here = mine[turn]
            move = view_of(states[turn])["legal_moves"][0]
            pending = owner.task = asyncio.ensure_future(asyncio.sleep(60))
            with caplog.at_level(logging.WARNING, "fives.web"), pytest.raises(Fenced):
                await a.act(owner, here, "play", {"move": move})
            await asyncio.sleep(0)
            assert pending.cancelled()
            assert table_id not in a.tables and table_id not in a.coord.owned
            assert table_id not in a.pg.epochs
            assert a.attached == {table_id: {c.id: c for c in mine}}
            assert a.rejoin == {table_id}
            assert a.metrics.tables._value.get() == 0
            assert [r.getMessage() for r in caplog.records if "lost" in r.getMessage()] == [
                f"table {table_id}: lost to another process (its append was refused)"]
            sent = spy_sends(a)
            assert await a.sweep() == 0
            assert a.rejoin == set()
            assert sent == [(b.me, {"op": "join", "table": table_id, "conn": conn.id,
                                    "seat": seat, "name": None, "from": a.me})
                            for seat, conn in enumerate(mine)]
            again = await frame(here, lambda f: f["type"] == "state" and f["full"])
            assert again["you"] == turn and again["seq"] == states[0]["seq"]
            there = b.tables[table_id].conns[here.id]
            assert isinstance(there, RemoteConnection) and there.proc == a.me

    asyncio.run(scenario())


def test_an_announced_owner_takes_the_table_and_its_sockets(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3, lease_s=30.0) as (a, b, c):
            table_id, tokens, watch = await create(a)
            here = socket(name="Ann")
            await a.join(here, tokens[0])
            await frame(here, is_state)
            away = socket()
            await c.join(away, tokens[1])
            await frame(away, is_state)
            assert c.owners == {table_id: a.me}  # the owner as last heard
            a._on_message({"op": "owner", "table": table_id, "proc": a.me})  # its own: no-op
            assert table_id in a.tables
            with caplog.at_level(logging.WARNING, "fives.web"):
                await b.coord.redis.delete(b.coord.key("lease", table_id))
                assert await b.table(table_id) is not None
                await until(lambda: table_id not in a.tables, "the announcement was not heard")
                conns = b.tables[table_id].conns
                await until(lambda: here.id in conns and away.id in conns,
                            "the sockets did not join the new owner")
            assert any(r.getMessage() == f"table {table_id}: lost to another process (another "
                       "process announced it)" for r in caplog.records)
            assert c.owners == {table_id: b.me}
            assert a.attached == {table_id: {here.id: here}}
            got = conns[here.id]
            assert isinstance(got, RemoteConnection)
            assert (got.proc, got.seat, got.name) == (a.me, 0, "Ann")
            assert (await frame(here, lambda f: f["type"] == "state" and f["full"]))["you"] == 0
            assert (await frame(away, lambda f: f["type"] == "state" and f["full"]))["you"] == 1
            assert b.coord.owned[table_id] == 2 and await stored_epoch(b, table_id) == 2
            assert table_id in await live_set(b)
            del watch

    asyncio.run(scenario())


def test_a_lease_lost_at_renewal_is_taken_again_when_nobody_holds_it(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=0.3) as (a, b):
            table_id, tokens, _ = await create(a)
            here = socket()
            await a.join(here, tokens[0])
            await frame(here, is_state)
            redis = a.coord.redis
            # Redis forgot the lease, and its token moved on: the renewal finds it lost.
            with caplog.at_level(logging.WARNING, "fives.web"):
                await redis.delete(a.coord.key("lease", table_id))
                await redis.incr(a.coord.key("epoch", table_id))
                await until(lambda: table_id not in a.tables, "the renewal kept the table")
            assert any("lost to another process (its lease ran out)" in r.getMessage()
                       for r in caplog.records)
            assert a.retake == {table_id} and table_id in a.attached
            assert await a.sweep() == 1
            assert table_id in a.tables and a.retake == set() and a.attached == {}
            assert here.id in a.tables[table_id].conns
            assert (await frame(here, is_state))["full"]
            assert a.coord.owned[table_id] == 3 and await stored_epoch(a, table_id) == 3
            # Lost again, and this time another process holds it: a stays attached there.
            await redis.delete(a.coord.key("lease", table_id))
            await redis.incr(a.coord.key("epoch", table_id))
            await until(lambda: table_id not in a.tables, "the renewal kept the table")
            assert await b.coord.acquire(table_id) == 5
            sent = spy_sends(a)
            assert await a.sweep() == 0
            assert a.retake == set() and table_id not in a.tables
            assert a.rejoin == set()  # the join reached b
            assert sent == [(b.me, {"op": "join", "table": table_id, "conn": here.id,
                                    "seat": 0, "name": None, "from": a.me})]
            await until(lambda: table_id in b.tables, "b did not load the table for the join")
            assert here.id in b.tables[table_id].conns

    asyncio.run(scenario())


async def until_live(server: SharedGameServer, table_id: str) -> None:
    for _ in range(500):
        if table_id in await live_set(server):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the table was not marked live")


def test_a_redis_that_forgot_the_tokens_is_moved_past_postgresql_s(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, _, _ = await create(a)
            await a.stop()
            assert await stored_epoch(b, table_id) == 1
            redis = b.coord.redis
            await redis.delete(b.coord.key("lease", table_id), b.coord.key("epoch", table_id),
                               b.coord.key("live"))
            with caplog.at_level(logging.INFO, "fives.web"):
                assert await b.table(table_id) is not None
            assert f"table {table_id}: owned here (token 2)" in [
                r.getMessage() for r in caplog.records]
            await until_live(b, table_id)
            assert b.coord.owned[table_id] == 2 and b.pg.epochs[table_id] == 2
            assert await stored_epoch(b, table_id) == 2
            assert await b.coord.owner(table_id) == b.me

    asyncio.run(scenario())


def test_a_table_that_cannot_be_loaded_gives_its_lease_back(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            assert await b.table("no-such-table") is None
            assert await b.coord.owner("no-such-table") is None
            assert b.coord.owned == {} and b.pg.epochs == {}
            table_id, _, _ = await create(a)
            await a.stop()
            real = b.pg.load

            async def nothing(table_id: str) -> None:
                return None

            b.pg.load = nothing  # type: ignore[method-assign]
            assert await b.table(table_id) is None
            assert await b.coord.owner(table_id) is None
            assert b.coord.owned == {} and b.pg.epochs == {}

            async def broken(table_id: str) -> None:
                raise StorageError(f"table {table_id}: OperationalError")

            b.pg.load = broken  # type: ignore[method-assign]
            with pytest.raises(StorageError):
                await b.table(table_id)
            assert await b.coord.owner(table_id) is None
            assert b.coord.owned == {} and b.pg.epochs == {}
            b.pg.load = real  # type: ignore[method-assign]
            assert await b.table(table_id) is not None
            assert await b.coord.owner(table_id) == b.me

    asyncio.run(scenario())


def test_a_dead_owner_s_table_is_taken_by_a_sweep_and_by_a_join(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3, lease_s=30.0) as (a, b, c):
            swept, tokens, _ = await create(a)
            joined_id, joined_tokens, _ = await create(a)
            attached = socket()
            await b.join(attached, tokens[1])
            await frame(attached, is_state)
            b_sent = spy_sends(b)
            await die(a)
            assert await c.sweep() + await b.sweep() == 2  # both live tables, between them
            holder = b if swept in b.tables else c
            assert swept in holder.tables
            if holder is b:
                assert attached.id in b.tables[swept].conns and b.attached == {}
                assert (await frame(attached, is_state))["full"]
            assert all(m["op"] != "join" or proc != a.me for proc, m in b_sent)
            del joined_tokens, joined_id

    asyncio.run(scenario())


def test_a_join_and_a_command_for_a_dead_owner_s_table_take_it(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            first = socket()
            await b.join(first, tokens[0])
            state = await frame(first, is_state)
            await die(a)
            second = socket()
            live = await b.join(second, tokens[1])  # its owner hears nothing: b takes it
            assert live is b.tables[table_id]
            assert a.me in b.gone
            assert {first.id, second.id} <= set(live.conns) and b.attached == {}
            assert b.owners == {} and b.stubs == {}
            assert (await frame(second, is_state))["you"] == 1
            del state

    asyncio.run(scenario())


def test_a_command_whose_owner_died_is_played_by_the_process_that_takes_over(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, tokens, _ = await create(a)
            conns = [socket(), socket()]
            states = []
            for conn, token in zip(conns, tokens, strict=True):
                await b.join(conn, token)
                states.append(await frame(conn, is_state))
            turn = view_of(states[0])["turn"]
            move = view_of(states[turn])["legal_moves"][0]
            stub = b.stubs[table_id]
            await die(a)
            await b.act(stub, conns[turn], "play", {"move": move})
            live = b.tables[table_id]
            assert live.service.seq == states[0]["seq"] + 1
            assert set(conns[i].id for i in (0, 1)) <= set(live.conns)
            seq = states[0]["seq"] + 1
            for conn in conns:
                await frame(conn, lambda f: f["type"] == "state" and f["seq"] == seq)
            stored = await b.pg.load(table_id)
            assert stored is not None and stored[1][-1].payload["move"].startswith(move)

    asyncio.run(scenario())


def test_a_dead_process_s_sockets_leave_the_owner_s_tables(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3, lease_s=30.0) as (a, b, c):
            table_id, tokens, watch = await create(a)
            here = socket()
            await a.join(here, tokens[0])
            gone, watcher = socket(), socket()
            await c.join(gone, tokens[1])
            await c.join(watcher, watch)
            await b.join(socket(), watch)
            live = a.tables[table_id]
            await until(lambda: len(live.conns) == 4, "the joins did not reach the owner")
            queued(here)
            await die(c)
            assert await a.sweep() == 0
            assert gone.id not in live.conns and watcher.id not in live.conns
            assert len(live.conns) == 2
            presence = await frame(here, lambda f: f["type"] == "presence")
            assert not presence["seats"][1]["connected"]
            # A message to a process that is gone says so; its sockets are forgotten once.
            forgotten: list[str] = []
            a._forget = forgotten.append  # type: ignore[method-assign,assignment]
            ghost = "1-gone"
            assert await a.post(ghost, {"op": "frames", "texts": [], "to": []}) is False
            assert await a.post(ghost, {"op": "frames", "texts": [], "to": []}) is False
            assert forgotten.count(ghost) == 1 and ghost in a.gone
            assert await a.post(b.me, {"op": "frames", "texts": [], "to": []}) is True

    asyncio.run(scenario())


def test_eviction_and_shutdown_give_the_leases_back(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            idle, _, _ = await create(a)
            kept, tokens, _ = await create(a)
            conn = socket()
            await a.join(conn, tokens[0])
            assert {idle, kept} <= await live_set(a)
            assert a.evict_idle(10.0 ** 12) == 1
            assert idle not in a.tables and idle not in a.pg.epochs
            task = a.letting_go[idle]
            await task
            assert a.letting_go == {}
            assert await a.coord.owner(idle) is None and idle not in a.coord.owned
            assert await live_set(a) == {kept}
            a.leave(a.tables[kept], conn)
            real = a.coord.mark_live

            async def refused(table_id: str, live: bool) -> None:
                if not live:
                    raise ConnectionError("redis away")
                await real(table_id, live)

            a.coord.mark_live = refused  # type: ignore[method-assign]
            a.evict_idle(10.0 ** 12)  # nobody at the table now: its lease goes even so
            assert kept not in a.tables
            with pytest.raises(ConnectionError):
                await a.letting_go[kept]
            assert await b.coord.owner(kept) is None and a.coord.owned == {}
            await a.stop()
            assert await b.coord.owner(kept) is None
            assert await live_set(b) == {kept}  # live: another process takes it at once
            assert await b.coord.orphans() == [kept]

    asyncio.run(scenario())


def test_a_new_table_is_owned_and_live(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, _, _ = await create(a)
            token = a.coord.owned[table_id]
            assert await a.coord.owner(table_id) == a.me
            assert a.pg.epochs[table_id] == token == await stored_epoch(a, table_id)
            assert await live_set(a) == {table_id}
            assert await b.coord.acquire("taken") is not None
            with pytest.raises(StorageError) as info:
                await a._before_create("taken")
            assert str(info.value) == "table taken: its lease is taken"
            assert await a._before_create("free") == 1

    asyncio.run(scenario())


def test_a_routed_message_for_a_table_that_moved_on_follows_it(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3, lease_s=30.0) as (a, b, c):
            table_id, tokens, _ = await create(a)
            conn = socket(id=7)
            c.sockets[7] = conn  # as if c had attached it
            sent = spy_sends(b)
            message = {"op": "join", "table": table_id, "conn": 7, "seat": 1, "name": "Bo",
                       "from": c.me}
            b._on_message({"op": "leave", "table": table_id, "conn": 7})  # not b's: dropped
            b._on_message(message)  # b does not own it: passed to a
            await until(lambda: 7 in a.tables[table_id].conns, "the join was not passed on")
            assert sent == [(a.me, message)] and table_id not in b.tables and b.owners == {}
            assert b.inbound == {} and b.serving == set()
            assert a.tables[table_id].service.names[1] == "Bo"
            assert (await frame(conn, is_state))["you"] == 1
            del tokens

    asyncio.run(scenario())


def test_a_routed_message_that_fails_is_logged_and_the_next_one_served(
        db: str, redis_prefix: str, caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2, lease_s=30.0) as (a, b):
            table_id, _, _ = await create(a)
            with caplog.at_level(logging.ERROR, "fives.web"):
                a._on_message({"op": "act", "table": table_id, "conn": 9})  # no seat, no kind
                a._on_message({"op": "join", "table": table_id, "conn": 8, "seat": None,
                               "from": b.me})
                await until(lambda: 8 in a.tables[table_id].conns, "the join was not served")
            assert a.inbound == {} and a.serving == set()
            assert [r.getMessage() for r in caplog.records] == [
                f"table {table_id}: routed act failed"]

    asyncio.run(scenario())


def test_a_failed_background_task_is_said(db: str, redis_prefix: str,
                                          caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            async def fails() -> None:
                raise ConnectionError("redis away")

            with caplog.at_level(logging.ERROR, "fives.web"):
                task = a.spawn(fails())
                assert task in a.background
                await asyncio.wait([task])
                await asyncio.sleep(0)
            assert task not in a.background
            assert [r.getMessage() for r in caplog.records] == [
                "background task failed (ConnectionError)"]

    asyncio.run(scenario())


def test_a_table_whose_creation_fails_gives_its_lease_back(db: str, redis_prefix: str) -> None:
    """Its lease was taken before the table was stored: a table that is not offered (its first
    deal could not be stored) must not keep it, renewed for as long as the process runs."""
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1, lease_s=30.0) as (a,):
            real = a.pg.append

            async def database_down(*args: Any) -> float:
                raise StorageError("database: OperationalError")

            a.pg.append = database_down  # type: ignore[method-assign,assignment]
            with pytest.raises(StorageError):
                await create(a)
            assert a.coord.owned == {} and a.pg.epochs == {}
            leases = [k async for k in a.coord.redis.scan_iter(match=a.coord.key("lease", "*"))]
            assert leases == [] and a.tables == {} and a.creating == {}
            a.pg.append = real  # type: ignore[method-assign]
            table_id, _, _ = await create(a)
            assert a.creating == {} and set(a.coord.owned) == {table_id}

    asyncio.run(scenario())
