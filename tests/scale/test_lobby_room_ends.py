"""The lobby's routes where a room ends otherwise than by its game: a room closed while its only
page was quiet (the page that asks again is told so), a game that ends or is played again (the
hub tells the lobby, which lists it or not), the caps of each address behind a trusted proxy, and
a long refused value as the answer repeats it."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from fives.web.config import ServerConfig
from fives.web.lobby import ABSENT_S

from .conftest import FAST, clients_of
from .test_lobby import FakeClock, play_now
from .test_lobby_answers import answer, refusals, refused


def test_a_seat_of_a_room_closed_while_its_page_was_quiet(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    clock = FakeClock(two_clients)
    seat = play_now(a, wait=60)
    own = {"room": seat["room"], "token": seat["token"]}
    clock.now += ABSENT_S - 0.5
    assert answer(b.get("/api/lobby"), 200)["waiting"] != []  # still there
    clock.now += 0.5
    assert answer(b.get("/api/lobby"), 200)["waiting"] == []  # closed: nobody asked
    for client in (a, b):  # asked again, on either process: closed, not restarted
        before = refusals(two_clients, "lobby_closed")
        refused(two_clients, client.post("/api/lobby/wait", json=own), 410,
                "web.err.lobby_closed", "lobby_closed", before)
        # Leaving it says the same (not "the game has started: your seat is kept").
        refused(two_clients, client.post("/api/lobby/cancel", json=own), 410,
                "web.err.lobby_closed", "lobby_closed", before + 1)
    assert answer(a.get("/api/lobby"), 200)["waiting"] == []
    again = play_now(b, wait=60)
    assert again["room"] != seat["room"] and again["seat"] == 0


def test_a_lobby_game_leaves_the_listing_when_it_ends(two_clients: list[TestClient]) -> None:
    a, b = two_clients
    clock = FakeClock(two_clients)
    seat = play_now(a, wait=10, level="random")
    clock.now += 10
    started = answer(a.post("/api/lobby/wait", json={"room": seat["room"],
                                                     "token": seat["token"]}), 200)
    assert started["url"] and started["watch"]
    hub = a.app.state.server  # type: ignore[attr-defined]
    portal = a.portal
    assert portal is not None
    link = portal.call(hub.storage.find_token, started["watch"].split("=", 1)[1])
    assert link is not None and link[1] is None  # the spectators' link of this table
    listeners = hub.game_listeners
    assert len(listeners) == 1
    portal.call(listeners[0], link[0], False)  # what the hub does when the game ends
    assert answer(b.get("/api/lobby"), 200)["playing"] == []
    portal.call(listeners[0], link[0], True)  # a rematch: in progress again
    assert [r["watch"] for r in answer(b.get("/api/lobby"), 200)["playing"]] == [
        started["watch"]]


@pytest.fixture
def behind_a_proxy(tmp_path: Path) -> Iterator[TestClient]:
    """One app that believes the X-Forwarded-For of its test client (a trusted proxy), one
    waiting room an address."""
    with contextlib.ExitStack() as stack:
        config = ServerConfig(limits=dataclasses.replace(FAST, lobby_rooms_per_address=1),
                              bot_delay=0.0, trusted_proxies=("testclient",))
        yield clients_of("sqlite", tmp_path, stack, config)[0]


def test_each_address_behind_a_proxy_has_its_own_caps(behind_a_proxy: TestClient) -> None:
    client = behind_a_proxy
    FakeClock([client])
    home, away = {"x-forwarded-for": "10.0.0.1"}, {"x-forwarded-for": "10.0.0.2"}
    answer(client.post("/api/lobby/play", json={"preset": "five-up", "players": 2},
                       headers=home), 200)
    refused_home = client.post("/api/lobby/play", json={"preset": "draw", "players": 2},
                               headers=home)
    data = answer(refused_home, 429)
    assert (data["key"], data["params"]) == ("web.err.lobby_rooms", {"limit": 1})
    seat = answer(client.post("/api/lobby/play", json={"preset": "draw", "players": 2},
                              headers=away), 200)
    assert seat["seat"] == 0


@pytest.fixture
def one_client(tmp_path: Path) -> Iterator[TestClient]:
    with contextlib.ExitStack() as stack:
        yield clients_of("sqlite", tmp_path, stack, ServerConfig(limits=FAST, bot_delay=0.0))[0]


@pytest.mark.parametrize(("players", "shown"), [
    (list(range(30)), repr(list(range(30)))[:40]),  # not a string: its first 40 characters
    ("x" * 45, "x" * 40),  # a string: without its quotes
])
def test_a_long_refused_value_is_cut(one_client: TestClient, players: object,
                                     shown: str) -> None:
    response = one_client.post("/api/lobby/play", json={"preset": "all-fives",
                                                        "players": players})
    data = answer(response, 400)
    assert (data["key"], data["params"]) == ("web.err.lobby_players", {"value": shown})
    assert f"'{shown}'" in data["message"]["en"]
