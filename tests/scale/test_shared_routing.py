"""The shared mode's routing between processes, in-process (``tests/scale/inprocess.py``): a
socket on a process that does not own its table joins, plays and leaves through the owner's
inbox, and the owner's frames come back through its own; the messages' formats, connection
ids across processes, refusals of routed commands, cleanup of what a process keeps for them."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from fives.errors import FivesError
from fives.web.hub import Connection
from fives.web.protocol import ProtocolError, engine_error_frame, error_frame
from fives.web.remote import RemoteConnection
from fives.web.shared import ID_SPACE, SharedGameServer
from fives.web.storage import StorageError
from web.helpers import view_of

from .inprocess import (
    Kicks,
    create,
    frame,
    is_state,
    processes,
    queued,
    socket,
    spy_sends,
    until,
)


def frames_sent(sent: list[tuple[str, dict[str, Any]]], op: str) -> list[tuple[str, Any]]:
    return [(proc, m) for proc, m in sent if m["op"] == op]


async def joined(server: SharedGameServer, token: str, **options: Any
                 ) -> tuple[Connection, dict[str, Any]]:
    conn = socket(**options)
    await server.join(conn, token)
    return conn, await frame(conn, is_state)


def test_a_socket_on_another_process_joins_through_the_owner(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            assert a.id_base > 0 and b.id_base > 0 and a.id_base != b.id_base
            assert a.id_base % ID_SPACE == 0 and b.id_base % ID_SPACE == 0
            table_id, tokens, _ = await create(a)
            assert table_id in a.tables and table_id not in b.tables
            sent = spy_sends(b)
            owner_sent = spy_sends(a)
            remote = socket(id=5, name="Ann")
            stub = await b.join(remote, tokens[1])
            assert remote.id == b.id_base + 5
            assert sent == [(a.me, {"op": "join", "table": table_id, "conn": remote.id,
                                    "seat": 1, "name": "Ann", "from": b.me})]
            assert stub is b.stubs[table_id] and stub is not a.tables[table_id]
            assert stub.service.id == table_id and table_id not in b.tables
            assert b.attached == {table_id: {remote.id: remote}}
            assert b.sockets == {remote.id: remote}
            first = await frame(remote, is_state)
            assert first["you"] == 1 and first["full"] and view_of(first)["hand"]
            there = a.tables[table_id].conns[remote.id]
            assert isinstance(there, RemoteConnection)
            assert (there.proc, there.seat, there.name) == (b.me, 1, "Ann")
            assert a.tables[table_id].service.names[1] == "Ann"
            to_b = frames_sent(owner_sent, "frames")
            assert to_b and {proc for proc, _ in to_b} == {b.me}
            message = to_b[-1][1]
            assert message["to"] == [(remote.id, 0)]
            assert len(message["texts"]) == 1 and '"full":true' in message["texts"][0]
            # A socket at the owner with the same local id is another connection there.
            local = socket(id=5)
            assert await a.join(local, tokens[0]) is a.tables[table_id]
            assert local.id == a.id_base + 5 != remote.id
            assert set(a.tables[table_id].conns) == {local.id, remote.id}
            assert table_id not in a.attached and a.sockets == {local.id: local}
            assert (await frame(local, is_state))["you"] == 0

    asyncio.run(scenario())


def test_a_join_at_the_owner_sends_nothing_between_processes(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            sent, sent_b = spy_sends(a), spy_sends(b)
            conn, state = await joined(a, tokens[0])
            watcher, seen = await joined(a, watch)
            assert state["you"] == 0 and seen["you"] is None and not view_of(seen)["hand"]
            assert set(a.tables[table_id].conns) == {conn.id, watcher.id}
            await asyncio.sleep(0.05)
            assert sent == [] and sent_b == [] and a.attached == {} and b.sockets == {}

    asyncio.run(scenario())


def test_links_that_cannot_be_a_table_s_are_refused_without_a_lookup(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 1) as (a,):
            looked: list[str] = []
            real = a.storage.find_token

            async def find_token(token: str) -> Any:
                looked.append(token)
                return await real(token)

            a.storage.find_token = find_token  # type: ignore[method-assign]
            for token in ("", "x" * 101, "x" * 100, "y"):
                with pytest.raises(ProtocolError) as info:
                    await a.join(socket(), token)
                assert info.value.key == "bad_token"
            assert looked == ["x" * 100, "y"]
            assert a.sockets == {} and a.attached == {}

    asyncio.run(scenario())


def test_a_command_from_another_process_is_played_by_the_owner(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 3) as (a, b, c):
            table_id, tokens, watch = await create(a)
            here, state_a = await joined(a, tokens[0])
            there, state_b = await joined(b, tokens[1])
            w1, _ = await joined(b, watch)
            w2, _ = await joined(b, watch)
            w3, _ = await joined(c, watch)
            queued(here)
            turn = view_of(state_a)["turn"]
            mover, server, state = (here, a, state_a) if turn == 0 else (there, b, state_b)
            sent_b, sent_a = spy_sends(b), spy_sends(a)
            move = view_of(state)["legal_moves"][0]
            table = a.tables[table_id] if server is a else b.stubs[table_id]
            await server.act(table, mover, "play", {"move": move})
            if server is b:
                assert sent_b == [(a.me, {"op": "act", "table": table_id, "conn": there.id,
                                          "seat": 1, "kind": "play", "fields": {"move": move},
                                          "from": b.me})]
            seq = state["seq"] + 1
            after = [await frame(c, lambda f: f["type"] == "state" and f["seq"] == seq)
                     for c in (here, there, w1, w2, w3)]
            assert all(move.startswith(e["params"]["move"]) for f in after
                       for e in f["events"] if e["kind"] in ("lead", "place"))
            assert after[2] == after[3] and after[2]["you"] is None
            # One message to b for the step: each distinct text once, each socket its index.
            steps = [m for proc, m in frames_sent(sent_a, "frames") if proc == b.me
                     and any(f'"seq":{seq}' in t for t in m["texts"])]
            assert len(steps) == 1
            texts, to = steps[0]["texts"], dict(steps[0]["to"])
            assert len(texts) == 2 and set(to) == {there.id, w1.id, w2.id}
            assert to[w1.id] == to[w2.id] != to[there.id]
            to_c = [m for proc, m in frames_sent(sent_a, "frames") if proc == c.me
                    and any(f'"seq":{seq}' in t for t in m["texts"])]
            assert to_c == [{"op": "frames", "texts": [texts[to[w1.id]]], "to": [(w3.id, 0)]}]
            assert a.tables[table_id].service.seq == seq
            stored = await a.pg.load(table_id)
            assert stored is not None and stored[1][-1].payload["move"].startswith(move)

    asyncio.run(scenario())


def test_routed_commands_that_are_refused_answer_their_socket(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            seats = [await joined(b, token) for token in tokens]
            watcher, _ = await joined(b, watch)
            stub, owner = b.stubs[table_id], a.tables[table_id]
            turn = view_of(seats[0][1])["turn"]
            (mover, state), (idle, idle_state) = seats[turn], seats[1 - turn]
            tries = [(watcher, None, {"move": view_of(state)["legal_moves"][0]}),
                     (idle, 1 - turn, {"move": view_of(idle_state)["hand"][0]}),
                     (mover, turn, {"move": "6-6.x"})]
            keys = []
            for conn, seat, fields in tries:
                try:
                    owner.service.check_command(seat, "play", fields)
                except ProtocolError as exc:
                    expected = error_frame(exc.key, str(exc), **exc.params)
                except FivesError as exc:
                    expected = engine_error_frame(exc)
                else:
                    raise AssertionError(f"{fields} is not refused")
                await b.act(stub, conn, "play", fields)
                assert await frame(conn, lambda f: f["type"] == "error") == expected
                keys.append(expected["key"])
            assert keys[0] == "spectator" and "server_error" not in keys

            async def database_down(*args: Any) -> float:
                raise StorageError("database: OperationalError")

            a.pg.append = database_down  # type: ignore[method-assign,assignment]
            await b.act(stub, mover, "play", {"move": view_of(state)["legal_moves"][0]})
            failed = await frame(mover, lambda f: f["type"] == "error")
            assert failed == error_frame("server_error", "the server could not store that action")
            assert owner.service.seq == state["seq"] and table_id in a.tables

    asyncio.run(scenario())


def test_a_socket_leaving_another_process_leaves_the_owner_s_table(
        db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, watch = await create(a)
            here, _ = await joined(a, tokens[0])
            there, _ = await joined(b, tokens[1])
            w1, _ = await joined(b, watch)
            owner = a.tables[table_id]
            assert {there.id, w1.id} <= set(owner.conns)
            sent = spy_sends(b)
            queued(here)
            b.leave(b.stubs[table_id], there)
            await until(lambda: there.id not in owner.conns, "the leave did not reach the owner")
            assert [m for _, m in sent] == [{"op": "leave", "table": table_id, "conn": there.id}]
            assert sent[0][0] == a.me
            presence = await frame(here, lambda f: f["type"] == "presence")
            assert not presence["seats"][1]["connected"]
            assert b.attached == {table_id: {w1.id: w1}} and table_id in b.stubs
            assert there.id not in b.sockets and w1.id in b.sockets
            b.abandon(w1)  # a socket closing while its join was under way
            await until(lambda: w1.id not in owner.conns, "the abandon did not reach the owner")
            assert b.attached == {} and b.stubs == {} and b.owners == {} and b.sockets == {}
            assert set(owner.conns) == {here.id}
            b.leave(b.stubs.get(table_id) or owner, there)  # twice: nothing more is sent
            await asyncio.sleep(0.05)
            assert len(sent) == 2

    asyncio.run(scenario())


def test_an_owner_s_socket_leaves_in_memory(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, _ = await create(a)
            here, _ = await joined(a, tokens[0])
            there, _ = await joined(b, tokens[1])
            queued(there)
            sent = spy_sends(a)
            a.leave(a.tables[table_id], here)
            assert here.id not in a.tables[table_id].conns and a.sockets == {}
            presence = await frame(there, lambda f: f["type"] == "presence")
            assert not presence["seats"][0]["connected"]
            assert [m["op"] for _, m in sent] == ["frames"]

    asyncio.run(scenario())


def test_going_away_closes_the_sockets_attached_here(db: str, redis_prefix: str) -> None:
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            _, tokens, _ = await create(a)
            kicks: Kicks = []
            await joined(b, tokens[1], kicks=kicks)
            await b.going_away(wait=0)
            assert kicks == [(1001, "server going away: reconnect soon")]

    asyncio.run(scenario())


def test_a_rejoin_gives_a_known_socket_its_full_view_again(db: str, redis_prefix: str) -> None:
    """After a Redis fault (frames may be lost), the owner sends every socket of its tables
    its whole view, and another process's sockets join the owner again."""
    async def scenario() -> None:
        async with processes(db, redis_prefix, 2) as (a, b):
            table_id, tokens, _ = await create(a)
            here, state = await joined(a, tokens[0])
            there, _ = await joined(b, tokens[1])
            sent = spy_sends(b)
            b._resync()
            assert b.rejoin == {table_id}
            await b.sweep()
            assert b.rejoin == set()
            assert sent == [(a.me, {"op": "join", "table": table_id, "conn": there.id,
                                    "seat": 1, "name": None, "from": b.me})]
            again = await frame(there, is_state)
            assert again["full"] and again["seq"] == state["seq"] and again["you"] == 1
            assert list(a.tables[table_id].conns).count(there.id) == 1
            queued(here)
            a._resync()
            mine = queued(here)
            assert [f["full"] for f in mine] == [True] and mine[0]["you"] == 0
            assert (await frame(there, is_state))["full"]

    asyncio.run(scenario())
