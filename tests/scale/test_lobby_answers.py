"""Every answer of the lobby's routes, exactly: the fields of each success, the status, key and
params of each refusal, the kind of refusal counted on /metrics, and no caching of any of them
(a seat's token and a room's state must never come from a cache)."""

from __future__ import annotations

from typing import Any

import httpx
from starlette.testclient import TestClient

from fives.web.lobby import WAIT_CHOICES

from .test_lobby import FakeClock, play_now


def refusals(clients: list[TestClient], kind: str) -> float:
    """How many refusals of ``kind`` the apps behind ``clients`` counted."""
    total = 0.0
    for app in {id(c.app): c.app for c in clients}.values():
        registry = app.state.server.metrics.registry  # type: ignore[attr-defined]
        total += registry.get_sample_value("fives_refusals_total", {"kind": kind}) or 0.0
    return total


def answer(response: httpx.Response, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["cache-control"] == "no-store"
    data: dict[str, Any] = response.json()
    return data


def refused(clients: list[TestClient], response: httpx.Response, status: int, key: str,
            kind: str, before: float) -> None:
    data = answer(response, status)
    assert (data["type"], data["key"], data["params"]) == ("error", key, {})
    assert data["message"]["en"] and data["message"]["fr"] != data["message"]["en"]
    assert refusals(clients, kind) == before + 1


def test_every_answer_of_a_seat_from_play_now_to_its_game(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    clock = FakeClock(two_clients)
    response = a.post("/api/lobby/play", json={"preset": "all-fives", "players": 2, "wait": 20})
    seat = answer(response, 200)
    assert set(seat) == {"room", "seat", "token"} and seat["seat"] == 0
    own = {"room": seat["room"], "token": seat["token"]}

    clock.now += 5
    status = answer(b.post("/api/lobby/wait", json=own), 200)
    assert status == {"room": seat["room"], "seat": 0, "preset": "all-fives", "players": 2,
                      "taken": 1, "fill_in": 15.0, "url": None, "watch": None}
    listing = answer(a.get("/api/lobby"), 200)
    assert listing == {"waiting": [{"preset": "all-fives", "players": 2, "taken": 1,
                                    "fill_in": 15.0}],
                       "playing": [], "waits": list(WAIT_CHOICES)}

    # A wrong token, on each route: 404, counted as a bad room; nothing changes.
    wrong = {"room": seat["room"], "token": "b" * 32}
    for path in ("/api/lobby/wait", "/api/lobby/cancel"):
        before = refusals(two_clients, "bad_room")
        refused(two_clients, a.post(path, json=wrong), 404, "web.err.lobby_seat", "bad_room",
                before)
    assert answer(a.get("/api/lobby"), 200)["waiting"][0]["taken"] == 1

    # The wait runs out: the game starts, the seat gets its link and the room its spectators'.
    clock.now += 16
    started = answer(a.post("/api/lobby/wait", json=own), 200)
    assert started["url"] and started["watch"] and started["url"] != started["watch"]
    assert started["fill_in"] == 0.0 and started["taken"] == 1
    listing = answer(b.get("/api/lobby"), 200)
    assert listing["waiting"] == []
    assert listing["playing"] == [{"preset": "all-fives", "players": 2,
                                   "watch": started["watch"], "since": 0.0}]
    clock.now += 30
    assert answer(b.get("/api/lobby"), 200)["playing"][0]["since"] == 30.0
    again = answer(b.post("/api/lobby/wait", json=own), 200)  # asked again: the same links
    assert (again["url"], again["watch"]) == (started["url"], started["watch"])

    before = refusals(two_clients, "lobby_started")
    refused(two_clients, a.post("/api/lobby/cancel", json=own), 409, "web.err.lobby_started",
            "lobby_started", before)


def test_a_cancel_answers_its_room_and_the_seat_is_gone(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    FakeClock(two_clients)
    seat = play_now(a)
    own = {"room": seat["room"], "token": seat["token"]}
    assert answer(b.post("/api/lobby/cancel", json=own), 200) == {
        "room": seat["room"], "cancelled": True}
    before = refusals(two_clients, "bad_room")
    refused(two_clients, a.post("/api/lobby/wait", json=own), 404, "web.err.lobby_seat",
            "bad_room", before)
    assert answer(a.get("/api/lobby"), 200)["waiting"] == []


def test_a_malformed_seat_is_refused_before_any_lookup(two_clients: list[TestClient]) -> None:
    a, _ = two_clients
    seat = play_now(a)
    for body in ({"room": seat["room"]}, {"room": seat["room"], "token": seat["token"],
                                          "extra": 1}, ["room", "token"]):
        for path in ("/api/lobby/wait", "/api/lobby/cancel"):
            before = refusals(two_clients, "bad_room")
            refused(two_clients, a.post(path, json=body), 400, "web.err.lobby_seat",
                    "bad_room", before)
    assert answer(a.get("/api/lobby"), 200)["waiting"][0]["taken"] == 1


def test_a_claim_past_the_address_caps_names_its_limit(default_clients: list[TestClient]) -> None:
    a, _ = default_clients
    FakeClock(default_clients)
    for preset in ("five-up", "all-fives"):
        play_now(a, preset=preset)
    before = refusals(default_clients, "web.err.lobby_rooms")
    response = a.post("/api/lobby/play", json={"preset": "multiples-of-five", "players": 2})
    data = answer(response, 429)
    assert (data["key"], data["params"]) == ("web.err.lobby_rooms", {"limit": 2})
    assert "2" in data["message"]["en"] and "2" in data["message"]["fr"]
    assert refusals(default_clients, "web.err.lobby_rooms") == before + 1


def test_refused_claims_are_counted_by_kind_and_change_nothing(
        two_clients: list[TestClient]) -> None:
    a, _ = two_clients
    cases = [  # (body, status, key, the refusal's kind on /metrics)
        ({"preset": "five-up-solitaire", "players": 2}, 400, "invalid_option", "rules"),
        ({"preset": "five-up", "players": 2, "level": "nobody"}, 400, "web.err.lobby_level",
         "web.err.lobby_level"),
    ]
    for body, status, key, kind in cases:
        before = refusals(two_clients, kind)
        data = answer(a.post("/api/lobby/play", json=body), status)
        assert data["key"] == key and data["message"]["en"]
        assert refusals(two_clients, kind) == before + 1, kind
    # A seat request that is a list of lists, not an object: refused, not a server error.
    for path in ("/api/lobby/wait", "/api/lobby/cancel"):
        answer(a.post(path, json=[[1], [2]]), 400)
    assert answer(a.get("/api/lobby"), 200)["waiting"] == []


def test_a_room_starts_at_its_fill_time_exactly(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    clock = FakeClock(two_clients)
    seat = play_now(a, wait=10)
    assert len(seat["token"]) == 32  # 24 random bytes
    own = {"room": seat["room"], "token": seat["token"]}
    clock.now += 5  # (a seat whose page stops asking is dropped: it asks)
    answer(a.post("/api/lobby/wait", json=own), 200)
    clock.now += 4.5
    assert answer(b.get("/api/lobby"), 200)["waiting"][0]["fill_in"] == 0.5
    assert answer(a.post("/api/lobby/wait", json=own), 200)["url"] is None
    clock.now += 0.5
    assert answer(a.post("/api/lobby/wait", json=own), 200)["url"]
