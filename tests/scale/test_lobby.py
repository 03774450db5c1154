"""The lobby in both modes: SQLite in one process, and the shared mode with the players on two
processes."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_app
from sampling import sampled
from web.helpers import recv

from .services import REDIS_URL, fresh_database, fresh_redis_prefix

FAST = Limits(message_rate=1e6, message_burst=1e6, tables_per_minute=6e7, tables_burst=1e6)


@pytest.fixture(params=["sqlite", "shared"])
def two_clients(request: Any, tmp_path: Path) -> Iterator[list[TestClient]]:
    """Two clients: of one SQLite app, or of two processes' apps in the shared mode."""
    config = ServerConfig(limits=FAST, bot_delay=0.0)
    stack = contextlib.ExitStack()
    with stack:
        if request.param == "sqlite":
            client = TestClient(create_app(tmp_path / "fives.sqlite3", config))
            stack.enter_context(client)
            yield [client, client]
            return
        from fives.web.shared import create_shared_app

        pg_url = stack.enter_context(contextlib.contextmanager(fresh_database)())
        prefix = stack.enter_context(contextlib.contextmanager(fresh_redis_prefix)())
        clients = [TestClient(create_shared_app(pg_url, REDIS_URL, config, prefix=prefix,
                                                lease_s=1.0, sweep_s=0.3)) for _ in range(2)]
        for client in clients:
            stack.enter_context(client)
        yield clients


def play_now(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/lobby/play", json={"preset": "all-fives", "players": 2,
                                                    "wait": 20, **request})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def wait(client: TestClient, seat: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/lobby/wait", json={"room": seat["room"], "token": seat["token"]})
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def later(client: TestClient, seconds: float) -> None:
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    clock = lobby.clock
    lobby.clock = lambda: clock() + seconds


def test_two_players_meet_at_the_oldest_open_table(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    first = play_now(a)
    other_variant = play_now(b, preset="five-up")
    assert other_variant["room"] != first["room"]
    status = wait(a, first)
    assert status["url"] is None and status["taken"] == 1 and 0 < status["fill_in"] <= 20
    listing = b.get("/api/lobby").json()
    assert {(r["preset"], r["taken"]) for r in listing["waiting"]} == {
        ("all-fives", 1), ("five-up", 1)}
    second = play_now(b)  # on the other process in the shared mode
    assert (second["room"], second["seat"]) == (first["room"], 1)
    mine, theirs = wait(b, second), wait(a, first)  # full: the first to ask starts it
    assert mine["url"] and theirs["url"] and mine["url"] != theirs["url"]
    assert mine["watch"] == theirs["watch"]
    listing = a.get("/api/lobby").json()
    assert [r["preset"] for r in listing["waiting"]] == ["five-up"]
    assert [r["watch"] for r in listing["playing"]] == [mine["watch"]]
    third = play_now(a)  # the full room takes nobody else
    assert third["room"] not in (first["room"], other_variant["room"])
    with a.websocket_connect("/ws") as ws0, b.websocket_connect("/ws") as ws1:
        ws0.send_json({"type": "join", "token": theirs["url"].split("=", 1)[1]})
        ws1.send_json({"type": "join", "token": mine["url"].split("=", 1)[1]})
        frame0, frame1 = recv(ws0), recv(ws1)
    assert (frame0["you"], frame1["you"]) == (0, 1)
    assert [s["kind"] for s in frame0["table"]["seats"]] == ["human", "human"]
    assert frame0["table"]["timer"] == 30


def test_bots_take_the_empty_seats_after_the_wait(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    seat = play_now(a, players=4, preset="five-up", wait=10, level="random")
    assert wait(a, seat)["url"] is None
    later(a, 11)
    status = wait(a, seat)
    assert status["url"] and status["taken"] == 1
    with b.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": status["url"].split("=", 1)[1]})
        frame = recv(ws)
    assert [(s["kind"], s["level"]) for s in frame["table"]["seats"]] == [
        ("human", None)] + [("bot", "random")] * 3
    late = play_now(b, players=4, preset="five-up")  # the room has started: a new one
    assert late["room"] != seat["room"]


# Each case is a pair of apps on a fresh database: the fast suite runs two, CI all.
@pytest.mark.parametrize(("body", "named"), sampled([
    ({"preset": "chess", "players": 2}, "chess"),
    ({"preset": "all-fives", "players": 1}, "1"),
    ({"preset": "all-fives", "players": 2, "wait": 7}, "7"),
    ({"preset": "all-fives", "players": 2, "level": "godlike"}, "godlike"),
    ({"preset": "all-fives", "players": 2, "colour": "red"}, "colour"),
], 3, unpack=True))
def test_bad_play_now_requests_are_named(two_clients: list[TestClient], body: dict[str, Any],
                                         named: str) -> None:
    a, _ = two_clients
    response = a.post("/api/lobby/play", json=body)
    assert response.status_code == 400
    assert named in response.json()["message"]["en"]
    assert named in response.json()["message"]["fr"]
    assert a.get("/api/lobby").json()["waiting"] == []


def test_a_wrong_lobby_token_gets_nothing(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    seat = play_now(a)
    response = b.post("/api/lobby/wait", json={"room": seat["room"], "token": "x" * 32})
    assert response.status_code == 404
    assert "Play now" in response.json()["message"]["en"]
