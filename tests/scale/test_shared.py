"""The shared mode with several processes' apps on one PostgreSQL database and one Redis:
sockets on different processes play one game, a third process watches."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_shared_app
from web.helpers import create, recv, seat_tokens, token_of, view_of

from .games import assert_seen_is_logged, play_to_the_end
from .services import REDIS_URL

FAST = Limits(message_rate=1e6, message_burst=1e6, tables_per_minute=6e7, tables_burst=1e6)


@pytest.fixture
def shared_clients(pg_url: str, redis_prefix: str) -> Iterator[Any]:
    """``shared_clients(n, **config)``: n TestClients, each its own process's app."""
    opened: list[TestClient] = []

    def factory(n: int, lease_s: float = 1.0, **options: Any) -> list[TestClient]:
        options.setdefault("bot_delay", 0.0)
        config = ServerConfig(limits=FAST, **options)
        for _ in range(n):
            app = create_shared_app(pg_url, REDIS_URL, config, prefix=redis_prefix,
                                    lease_s=lease_s, sweep_s=0.3)
            client = TestClient(app)
            client.__enter__()
            opened.append(client)
        return opened[-n:]

    yield factory
    for client in opened:
        with contextlib.suppress(Exception):
            client.__exit__(None, None, None)


def hub(client: TestClient) -> Any:
    return client.app.state.server  # type: ignore[attr-defined]


def test_two_players_on_two_processes_and_a_spectator_on_a_third(
    shared_clients: Any, pg_url: str
) -> None:
    a, b, c = shared_clients(3)
    created = create(a, preset="all-fives", players=2, target=50,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    table_id = created["table"]
    assert table_id in hub(a).tables  # the creating process owns the table
    tokens = seat_tokens(created)
    with a.websocket_connect("/ws") as ws0, b.websocket_connect("/ws") as ws1, \
            c.websocket_connect("/ws") as watch:
        frames: list[dict[str, Any]] = []
        for ws, token in ((ws0, tokens[0]), (ws1, tokens[1]),
                          (watch, token_of(created["watch"]))):
            ws.send_json({"type": "join", "token": token})
            frames.append(recv(ws))
        assert table_id not in hub(b).tables and table_id not in hub(c).tables
        assert frames[1]["you"] == 1 and frames[2]["you"] is None
        assert view_of(frames[1])["hand"] and not view_of(frames[2]).get("hand")
        seen = play_to_the_end([ws0, ws1], watch, frames[:2], recv)
    assert_seen_is_logged(seen, pg_url, table_id)


def test_a_socket_of_a_table_taken_unannounced_joins_its_new_owner(shared_clients: Any) -> None:
    """As after a Redis restart: Redis forgot the owner's lease, another process took the table,
    and the owner neither heard the announcement (its inbox was not listening yet) nor renewed
    meanwhile. Its next append is fenced off; its socket must then find the new owner, not
    stay at the step it had."""
    a, b = shared_clients(2)
    created = create(a, preset="five-up", players=2, seats=[{"kind": "me"}, {"kind": "friend"}])
    table_id = created["table"]
    tokens = seat_tokens(created)
    with a.websocket_connect("/ws") as probe:
        probe.send_json({"type": "join", "token": tokens[0]})
        mover = view_of(recv(probe))["turn"]
    with a.websocket_connect("/ws") as ws, b.websocket_connect("/ws") as other:
        ws.send_json({"type": "join", "token": tokens[mover]})  # the owner's socket moves
        first = state_of(ws)
        other.send_json({"type": "join", "token": tokens[1 - mover]})
        state_of(other)

        async def unheard(message: dict[str, Any]) -> None:
            return None

        async def nothing_lost() -> list[str]:
            return []

        owner, taker = hub(a), hub(b)
        taker.coord.announce = unheard
        owner.coord.renew = nothing_lost
        a.portal.call(owner.coord.redis.delete, owner.coord.key("lease", table_id))
        assert b.portal.call(taker.table, table_id) is not None
        assert table_id in owner.tables and table_id in taker.tables

        move = view_of(first)["legal_moves"][0]
        ws.send_json({"type": "play", "move": move})  # fenced off: not played
        deadline = time.monotonic() + 10
        frame = state_of(ws, errors=True)
        while not frame.get("full") or frame["seq"] != first["seq"]:
            assert time.monotonic() < deadline, frame
            frame = state_of(ws, errors=True)
        assert table_id not in owner.tables and table_id in taker.tables
        ws.send_json({"type": "play", "move": move})  # now played, by the new owner
        for sock in (ws, other):  # (a rejoin may bring the full view once more first)
            frame = state_of(sock)
            while frame["seq"] == first["seq"]:
                frame = state_of(sock)
            assert frame["seq"] == first["seq"] + 1
            assert move in [e["params"]["move"] for e in frame["events"]]


def state_of(ws: Any, errors: bool = False) -> dict[str, Any]:
    """The next state frame of a socket, past presence frames (and error frames if ``errors``;
    any other frame fails)."""
    while True:
        frame = recv(ws)
        assert frame["type"] in ("state", "presence") or (errors and frame["type"] == "error"), \
            frame
        if frame["type"] == "state":
            return frame
