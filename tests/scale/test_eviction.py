"""The shared mode's idle eviction, run as the server runs it (on the owner's event loop), against
joins that come for the table while the owner lets it go: each join gets the table (from
whichever process takes it next), never ``server_error``, the next move is stored, and the
table ends up with one owner that holds it in memory, marked live."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient

from fives.web.storage import StorageError
from web.helpers import create, recv, seat_tokens, tiles_in, view_of

from .games import until
from .test_shared import hub, shared_clients, state_of  # state_of: never an error here

__all__ = ["shared_clients"]  # the fixture, used by name

HUMANS = {"preset": "all-fives", "players": 2, "target": 50,
          "seats": [{"kind": "me"}, {"kind": "friend"}]}


def on_unmark(client: TestClient, before: Callable[[], Any]) -> None:
    """Run ``before`` (awaited) each time the process unmarks a table live: the first step of
    an evicted table's release."""
    coord = hub(client).coord
    real = coord.mark_live

    async def mark_live(table_id: str, live: bool) -> None:
        if not live:
            await before()
        await real(table_id, live)

    coord.mark_live = mark_live


def on_loop(client: TestClient, call: Callable[..., Any], *args: Any) -> Any:
    """``call(*args)`` on the server's event loop (awaited if it is a coroutine function)."""
    assert client.portal is not None
    return client.portal.call(call, *args)


def evict_now(client: TestClient) -> int:
    """The housekeeping's eviction, on the server's loop, as if the tables were long idle."""
    return int(on_loop(client, hub(client).evict_idle, time.time() + 10 ** 6))


def play_one_and_check(clients: list[TestClient], sockets: list[Any],
                       frames: list[dict[str, Any]], table_id: str, pg_url: str) -> None:
    """The seat to move plays; both seats hear it, it is in the log, and one process owns the
    table: it holds it in memory, holds its lease, and has it marked live."""
    view = view_of(frames[0])
    seq = frames[0]["seq"] + 1
    mover = view["turn"]
    sockets[mover].send_json({"type": "play", "move": view_of(frames[mover])["legal_moves"][0]})
    for ws in sockets:
        until(ws, seq, [], recv)
    deadline = time.monotonic() + 10
    while any(hub(c).letting_go for c in clients):  # the evicting process's release is over
        assert time.monotonic() < deadline, "the release did not end"
        time.sleep(0.05)
    holders = [c for c in clients if table_id in hub(c).tables]
    assert len(holders) == 1, "the table is held by exactly one process"
    owner = hub(holders[0])
    assert on_loop(holders[0], owner.coord.owner, table_id) == owner.me
    assert table_id in owner.coord.owned
    live = on_loop(holders[0], owner.coord.redis.sismember, owner.coord.key("live"), table_id)
    assert live, "the owned table is marked live: a sweeper takes it if its owner dies"
    with psycopg.connect(pg_url) as conn:
        kinds = [k for (k,) in conn.execute(
            "SELECT kind FROM log WHERE table_id = %s ORDER BY seq", (table_id,))]
    assert len(kinds) == seq and kinds[-1] == "move"


def test_joins_while_the_owner_releases_an_evicted_table(shared_clients: Any,
                                                         pg_url: str) -> None:
    import asyncio

    a, b = shared_clients(2)
    created = create(a, **HUMANS)
    table_id = created["table"]
    tokens = seat_tokens(created)

    async def slow_redis() -> None:  # the release takes a while: the joins come meanwhile
        await asyncio.sleep(1.5)

    on_unmark(a, slow_redis)
    assert evict_now(a) == 1 and table_id not in hub(a).tables
    # One seat joins at the process letting the table go, the other at the second process.
    with a.websocket_connect("/ws") as ws0, b.websocket_connect("/ws") as ws1:
        ws1.send_json({"type": "join", "token": tokens[1]})
        ws0.send_json({"type": "join", "token": tokens[0]})
        frames = [state_of(ws0), state_of(ws1)]
        assert [f["you"] for f in frames] == [0, 1]
        play_one_and_check([a, b], [ws0, ws1], frames, table_id, pg_url)


def test_a_release_that_redis_refuses_leaves_no_table_without_an_owner(
        shared_clients: Any, pg_url: str) -> None:
    a, b = shared_clients(2, lease_s=3.0)
    created = create(a, **HUMANS)
    table_id = created["table"]
    tokens = seat_tokens(created)
    coord = hub(a).coord
    real_release = coord._release  # the script that deletes the lease
    refused: list[str] = []

    async def redis_fault() -> None:
        refused.append("unmark")
        raise ConnectionError("redis away for a moment")

    async def release(**kwargs: Any) -> Any:
        refused.append("release")
        coord._release = real_release  # refused once: the lease stays until it runs out
        raise ConnectionError("redis away for a moment")

    on_unmark(a, redis_fault)
    coord._release = release
    assert evict_now(a) == 1
    # The second process's join goes to the lease's holder; then one at the holder itself.
    with b.websocket_connect("/ws") as ws1:
        ws1.send_json({"type": "join", "token": tokens[1]})
        first = state_of(ws1)
        with a.websocket_connect("/ws") as ws0:
            ws0.send_json({"type": "join", "token": tokens[0]})
            frames = [state_of(ws0), first]
            assert refused == ["unmark", "release"]
            play_one_and_check([a, b], [ws0, ws1], frames, table_id, pg_url)


def test_a_join_answered_server_error_is_logged_once_with_its_table(
        shared_clients: Any, caplog: pytest.LogCaptureFixture) -> None:
    (a,) = shared_clients(1)
    created = create(a, **HUMANS)
    table_id = created["table"]

    async def database_down(*args: Any) -> Any:  # the step of the join after the link's lookup
        raise StorageError("database: OperationalError")

    hub(a)._route = database_down
    with caplog.at_level(logging.ERROR, "fives.web"), a.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": seat_tokens(created)[0]})
        assert recv(ws)["key"] == "server_error"
        ws.send_json({"type": "ping"})
        assert recv(ws)["type"] == "pong"
    said = [r.getMessage() for r in caplog.records if table_id in r.getMessage()]
    assert said == [f"a join failed: table {table_id}: database: OperationalError"]
    assert not tiles_in(said[0])
