"""The lobby in both modes: SQLite in one process, and the shared mode with the players on two
processes."""

from __future__ import annotations

import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from sampling import sampled
from web.helpers import recv, view_of


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


class FakeClock:
    """One clock for the lobby of every app (the shared mode's two processes agree)."""

    def __init__(self, clients: list[TestClient]) -> None:
        self.now = time.time()
        for client in clients:
            client.app.state.lobby.clock = self  # type: ignore[attr-defined]

    def __call__(self) -> float:
        return self.now


def seats_of(client: TestClient, url: str) -> list[tuple[str, str | None]]:
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": url.split("=", 1)[1]})
        frame = recv(ws)
    return [(s["kind"], s["level"]) for s in frame["table"]["seats"]]


def test_play_now_with_the_default_limits_waits_a_whole_minute(
        default_clients: list[TestClient]) -> None:
    """A page asks every second: 60 polls, and the table starts with bots at the end."""
    a, b = default_clients
    clock = FakeClock(default_clients)
    seat = play_now(a, wait=60, level="random")
    for second in range(1, 60):
        clock.now += 1
        status = wait((a, b)[second % 2], seat)
        assert status["url"] is None and status["fill_in"] == pytest.approx(60 - second)
    clock.now += 1.5
    status = wait(a, seat)
    assert status["url"]
    assert seats_of(b, status["url"]) == [("human", None), ("bot", "random")]


def test_two_players_from_one_address_are_both_seated(default_clients: list[TestClient]) -> None:
    a, b = default_clients
    FakeClock(default_clients)
    first, second = play_now(a, wait=60), play_now(b, wait=60)  # one address: "testclient"
    assert (second["room"], second["seat"]) == (first["room"], 1)
    assert wait(b, second)["url"] is None  # full, but the first page has not asked yet
    theirs, mine = wait(a, first), wait(b, second)  # (pages ask every second)
    assert mine["url"] and theirs["url"] and mine["url"] != theirs["url"]
    assert seats_of(a, mine["url"]) == [("human", None), ("human", None)]


def test_cancel_gives_the_seat_back(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    clock = FakeClock(two_clients)
    first, second = play_now(a, players=3), play_now(b, players=3)
    assert second["seat"] == 1
    response = a.post("/api/lobby/cancel", json={"room": first["room"], "token": first["token"]})
    assert response.status_code == 200 and response.json()["cancelled"] is True
    assert a.post("/api/lobby/wait", json={"room": first["room"],
                                           "token": first["token"]}).status_code == 404
    status = wait(b, second)
    assert (status["seat"], status["taken"]) == (0, 1)  # the seat before it was given back
    third = play_now(a, players=3)
    assert (third["room"], third["seat"]) == (first["room"], 1)
    for seat in (second, third):
        b.post("/api/lobby/cancel", json={"room": seat["room"], "token": seat["token"]})
    assert a.get("/api/lobby").json()["waiting"] == []  # nobody holds it: closed
    assert play_now(b, players=3)["room"] != first["room"]
    # Once the game has started, the seat is the player's: no cancel.
    late = play_now(a, players=2)
    clock.now += 21
    assert wait(a, late)["url"]
    response = a.post("/api/lobby/cancel", json={"room": late["room"], "token": late["token"]})
    assert response.status_code == 409 and response.json()["key"] == "web.err.lobby_started"


def test_seats_nobody_holds_are_dropped_before_the_game_starts(
        two_clients: list[TestClient]) -> None:
    """Claimed seats whose pages never ask again: a full room drops them and waits; at the end
    of the wait bots take their places. Nobody is seated as an absent person."""
    a, b = two_clients
    clock = FakeClock(two_clients)
    alice = play_now(a, players=4, preset="five-up", wait=30, level="random")
    ghosts = [play_now(b, players=4, preset="five-up") for _ in range(2)]
    clock.now += 7
    wait(a, alice)
    dora = play_now(b, players=4, preset="five-up")
    assert dora["seat"] == 3
    status = wait(b, dora)  # full, but two seats are nobody's: dropped, the room waits
    assert status["url"] is None and status["taken"] == 2 and status["seat"] == 1
    for ghost in ghosts:
        assert b.post("/api/lobby/wait", json={"room": ghost["room"],
                                               "token": ghost["token"]}).status_code == 404
    clock.now += 5
    late_ghost = play_now(a, players=4, preset="five-up")
    assert late_ghost["seat"] == 2
    for _ in range(3):  # the two players' pages ask on; the late ghost's never does
        clock.now += 5
        wait(a, alice)
        wait(b, dora)
    clock.now += 4  # past the wait (t = 31 s)
    status = wait(a, alice)
    assert status["url"]
    assert seats_of(b, status["url"]) == [("human", None)] * 2 + [("bot", "random")] * 2


def test_one_address_cannot_hold_the_lobby(default_clients: list[TestClient]) -> None:
    a, b = default_clients
    FakeClock(default_clients)
    rooms = [play_now(a, preset=p) for p in ("five-up", "all-fives")]
    response = b.post("/api/lobby/play", json={"preset": "multiples-of-five", "players": 2})
    assert response.status_code == 429 and response.json()["key"] == "web.err.lobby_rooms"
    assert "2" in response.json()["message"]["fr"]
    assert len(a.get("/api/lobby").json()["waiting"]) == 2  # the refused claim changed nothing
    for seat in rooms:
        a.post("/api/lobby/cancel", json={"room": seat["room"], "token": seat["token"]})
    family = [play_now((a, b)[i % 2], players=4, preset="five-up") for i in range(4)]
    assert len({s["room"] for s in family}) == 1
    response = a.post("/api/lobby/play", json={"preset": "five-up", "players": 4})
    assert response.status_code == 429 and response.json()["key"] == "web.err.lobby_seats"


@pytest.mark.slow  # a whole game against a bot
def test_finished_games_are_not_listed_to_watch(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    clock = FakeClock(two_clients)
    seat = play_now(a, wait=10, level="random")
    clock.now += 11
    url = wait(a, seat)["url"]
    assert url and [r["watch"] for r in b.get("/api/lobby").json()["playing"]] != []
    with b.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": url.split("=", 1)[1]})
        frame = recv(ws)
        while view_of(frame)["phase"] != "game_over":
            view = view_of(frame)
            if view["phase"] == "hand_over":
                ws.send_json({"type": "next_hand"})
            elif view["legal_moves"]:
                ws.send_json({"type": "play", "move": view["legal_moves"][0]})
            frame = recv(ws)
        listed = listing_after(b, lambda rows: rows == [])
        assert listed == []
        ws.send_json({"type": "rematch"})  # the bot says yes at once: in progress again
        listed = listing_after(a, lambda rows: rows != [])
        assert len(listed) == 1


def listing_after(client: TestClient, done: Any) -> list[dict[str, Any]]:
    deadline = time.monotonic() + 10
    while True:
        rows: list[dict[str, Any]] = client.get("/api/lobby").json()["playing"]
        if done(rows) or time.monotonic() > deadline:
            return rows
        time.sleep(0.1)


@pytest.mark.parametrize(("path", "body", "key"), [
    ("/api/lobby/play", '{"preset": "\\ud800", "players": 2}', "bad_text"),
    ("/api/lobby/play", '{"preset": "five-up", "players": 2, "level": []}',
     "web.err.lobby_level"),
    ("/api/lobby/play", '{"preset": "five-up", "players": 2, "level": {}}',
     "web.err.lobby_level"),
    ("/api/lobby/play", '{"preset": "five-up", "players": 2, "wait": {}}', "web.err.lobby_wait"),
    ("/api/lobby/play", "[" * 4000 + "]" * 4000, "too_deep"),
    ("/api/lobby/wait", '{"room": "\\u0000abcdef0123456789", "token": "' + "a" * 32 + '"}',
     "bad_text"),  # a NUL
    ("/api/lobby/wait", '{"room": "../../etc", "token": "' + "a" * 32 + '"}',
     "web.err.lobby_seat"),
    ("/api/lobby/wait", '{"room": "0123456789abcdef", "token": "\\ud800' + "a" * 32 + '"}',
     "bad_text"),
    ("/api/lobby/cancel", '{"room": [], "token": 5}', "web.err.lobby_seat"),
])
def test_bad_lobby_input_answers_400_with_its_key(two_clients: list[TestClient], path: str,
                                                 body: str, key: str) -> None:
    a, _ = two_clients
    response = a.post(path, content=body.encode(), headers={"content-type": "application/json"})
    assert response.status_code == 400, response.text
    assert response.json()["key"] == key
    assert a.get("/api/lobby").json()["waiting"] == []
