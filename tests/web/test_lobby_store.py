"""The lobby's rooms on their own (fives.web.lobby's SqliteLobbyStore, the same SQL as the
shared mode's PostgreSQL store) and its Play now request check: which room a claim takes, a
start that only one of two waits gets, seat links erased after a while. Fast: no server, a
clock passed by hand. The HTTP routes are tests/scale/test_lobby.py's."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fives.web.lobby import (
    ABSENT_S,
    LINK_KEEP_S,
    STALE_START_S,
    Caps,
    LobbyRefused,
    SqliteLobbyStore,
    parse_play_request,
)
from fives.web.protocol import ProtocolError

CAPS = Caps()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteLobbyStore]:
    s = SqliteLobbyStore(tmp_path / "lobby.sqlite3")
    yield s
    asyncio.run(s.close())


def claim(store: SqliteLobbyStore, who: str, now: float, players: int = 2, wait: int = 30,
          preset: str = "all-fives", caps: Caps = CAPS) -> tuple[str, int]:
    # One address per person unless told: the caps are tested apart.
    return asyncio.run(store.claim(preset, players, wait, "greedy", "hash-" + who,
                                   "addr-" + who, caps, now))


def seen(store: SqliteLobbyStore, room: str, who: str, now: float) -> Any:
    return asyncio.run(store.room(room, "hash-" + who, now))


def test_a_claim_takes_the_next_seat_of_the_open_room(store: SqliteLobbyStore) -> None:
    room, seat = claim(store, "ann", 0.0, players=3)
    assert (seat, claim(store, "bob", 1.0, players=3)) == (0, (room, 1))
    assert claim(store, "cat", 2.0, players=3) == (room, 2)
    # Other variants and player counts open rooms of their own.
    assert claim(store, "dan", 2.0, players=2)[0] != room
    assert claim(store, "eve", 2.0, players=3, preset="muggins")[0] != room


def test_a_full_room_not_yet_started_takes_nobody(store: SqliteLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0)
    assert claim(store, "bob", 1.0) == (room, 1)  # full: waiting for its start
    other, seat = claim(store, "cat", 2.0)
    assert other != room and seat == 0
    found = seen(store, room, "ann", 2.0)
    assert found is not None and found[0].taken == 2 and found[0].state == "open"


def test_the_oldest_open_room_is_taken_first(store: SqliteLobbyStore) -> None:
    first, _ = claim(store, "ann", 0.0)
    claim(store, "bob", 0.5)  # full
    second, _ = claim(store, "cat", 1.0)  # a room of its own
    assert asyncio.run(store.cancel(first, "hash-bob")) is not None  # a seat free again
    # Both rooms wait for one player: the older one gets the next.
    assert claim(store, "dan", 2.0) == (first, 1)
    assert claim(store, "eve", 2.5) == (second, 1)


def test_a_room_about_to_fill_takes_nobody_new(store: SqliteLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, players=3, wait=10)
    seen(store, room, "ann", 8.0)  # still waiting (else the room is closed as abandoned)
    assert claim(store, "bob", 8.9, players=3, wait=10)[0] == room  # 1.1 s before its fill
    assert claim(store, "cat", 9.0, players=3, wait=10)[0] != room  # 1 s: too late


def test_the_address_caps(store: SqliteLobbyStore) -> None:
    caps = Caps(seats=2, rooms=1)
    room, _ = asyncio.run(store.claim("all-fives", 3, 30, "greedy", "h1", "same", caps, 0.0))
    assert asyncio.run(store.claim("all-fives", 3, 30, "greedy", "h2", "same", caps, 0.0)) == (
        room, 1)
    with pytest.raises(LobbyRefused) as seats:
        asyncio.run(store.claim("all-fives", 3, 30, "greedy", "h3", "same", caps, 0.0))
    assert (seats.value.key, seats.value.limit) == ("web.err.lobby_seats", 2)
    with pytest.raises(LobbyRefused) as rooms:  # another room: over the rooms' cap
        asyncio.run(store.claim("muggins", 2, 30, "greedy", "h4", "other", Caps(4, 0), 0.0))
    assert (rooms.value.key, rooms.value.limit) == ("web.err.lobby_rooms", 0)


def test_only_one_of_two_waits_starts_a_room(store: SqliteLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0)
    claim(store, "bob", 0.5)
    seen(store, room, "ann", 0.9)  # their pages asked (claims alone never start a room)
    seen(store, room, "bob", 0.9)

    async def both() -> list[int | None]:
        return list(await asyncio.gather(store.begin_start(room, 1.0),
                                         store.begin_start(room, 1.0)))

    assert sorted(asyncio.run(both()), key=str) == [2, None]
    assert asyncio.run(store.begin_start(room, 1.0 + STALE_START_S - 0.5)) is None
    # A start that never finished (its process died) may be tried again after a while.
    seen(store, room, "ann", 1.0 + STALE_START_S)
    seen(store, room, "bob", 1.0 + STALE_START_S)
    assert asyncio.run(store.begin_start(room, 1.1 + STALE_START_S)) == 2
    asyncio.run(store.started(room, "t1", "/watch", {0: "/a", 1: "/b"}, 2.0 + STALE_START_S))
    assert asyncio.run(store.begin_start(room, 100.0 + STALE_START_S)) is None  # playing


def test_seats_gone_quiet_are_dropped_at_the_start(store: SqliteLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, players=3, wait=60)
    claim(store, "bob", 0.0, players=3, wait=60)
    claim(store, "cat", 0.0, players=3, wait=60)
    later = ABSENT_S + 1.0
    seen(store, room, "cat", later)  # ann and bob stopped asking
    assert asyncio.run(store.begin_start(room, later)) is None  # the wait goes on for others
    found = seen(store, room, "cat", later)
    assert found is not None and found[1] == 0 and found[0].taken == 1  # cat moved to seat 0
    assert found[0].state == "open"
    assert seen(store, room, "ann", later) is None



def cancel(store: SqliteLobbyStore, room: str, who: str) -> Any:
    return asyncio.run(store.cancel(room, "hash-" + who))


def test_a_seat_cancelled_while_its_room_starts_keeps_its_place(
        store: SqliteLobbyStore) -> None:
    # The start has counted its people and is making their table: a seat taken out now would
    # leave the table a seat for nobody and the others' seats numbered wrong.
    room, _ = claim(store, "ann", 0.0, players=3)
    claim(store, "bob", 0.5, players=3)
    claim(store, "cat", 0.5, players=3)
    for who in ("ann", "bob", "cat"):  # a room starts only once every seat's page has asked
        seen(store, room, who, 0.9)
    assert asyncio.run(store.begin_start(room, 1.0)) == 3
    found = cancel(store, room, "ann")
    assert found is not None and found.state == "starting"
    bob = seen(store, room, "bob", 1.5)
    assert bob is not None and bob[1] == 1 and bob[0].taken == 3
    assert seen(store, room, "ann", 1.5) is not None  # still seated
    asyncio.run(store.started(room, "t1", "/watch", {0: "/a", 1: "/b", 2: "/c"}, 2.0))
    assert seen(store, room, "cat", 2.5)[1:] == (2, "/c")


def test_a_seat_cancelled_while_its_room_waits_leaves_it(store: SqliteLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, players=3)
    claim(store, "bob", 0.5, players=3)
    found = cancel(store, room, "ann")
    assert found is not None and found.state == "open"
    bob = seen(store, room, "bob", 1.0)
    assert bob is not None and bob[1] == 0 and bob[0].taken == 1  # bob moved to seat 0
    assert seen(store, room, "ann", 1.0) is None
    assert cancel(store, room, "ann") is None  # no seat any more
    assert cancel(store, "nowhere", "bob") is None
    cancel(store, room, "bob")
    assert seen(store, room, "bob", 1.0) is None
    assert claim(store, "cat", 1.0, players=3)[0] != room  # the empty room is closed

def test_seat_links_are_kept_a_while_then_erased(store: SqliteLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0)
    claim(store, "bob", 0.5)
    seen(store, room, "ann", 0.9)  # their pages asked (claims alone never start a room)
    seen(store, room, "bob", 0.9)
    assert asyncio.run(store.begin_start(room, 1.0)) == 2
    asyncio.run(store.started(room, "t1", "/watch?t=1", {0: "/play?s=a", 1: "/play?s=b"}, 1.0))
    found = seen(store, room, "bob", 2.0)
    assert found is not None and found[1:] == (1, "/play?s=b") and found[0].state == "playing"
    waiting, playing = asyncio.run(store.listing(1.0 + LINK_KEEP_S - 1.0))
    assert waiting == [] and [r.watch for r in playing] == ["/watch?t=1"]
    assert seen(store, room, "ann", 1.0 + LINK_KEEP_S - 1.0)[2] == "/play?s=a"
    asyncio.run(store.listing(1.0 + LINK_KEEP_S + 1.0))
    assert seen(store, room, "ann", 1.0 + LINK_KEEP_S + 1.0)[2] is None
    assert seen(store, room, "bob", 1.0 + LINK_KEEP_S + 1.0)[2] is None


def test_the_listing(store: SqliteLobbyStore) -> None:
    old, _ = claim(store, "ann", 0.0, players=3)
    new, _ = claim(store, "bob", 1.0, players=3, preset="muggins")
    waiting, playing = asyncio.run(store.listing(2.0))
    assert [r.id for r in waiting] == [old, new] and playing == []
    # A room nobody asks about any more is closed; one past its fill time is not listed.
    seen(store, new, "bob", ABSENT_S + 0.5)
    waiting, _ = asyncio.run(store.listing(ABSENT_S + 0.5))
    assert [r.id for r in waiting] == [new]
    waiting, _ = asyncio.run(store.listing(31.0))
    assert waiting == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_now_takes_two_to_four_players(players: int) -> None:
    assert parse_play_request({"preset": "all-fives", "players": players}) == (
        "all-fives", players, 20, "greedy")


@pytest.mark.parametrize("body", [
    {"preset": "all-fives", "players": 1}, {"preset": "all-fives", "players": 5},
    {"preset": "all-fives", "players": True}, {"preset": "all-fives", "players": "2"},
    {"preset": "all-fives"},
])
def test_play_now_refuses_a_room_for_one(body: dict[str, Any]) -> None:
    with pytest.raises(ProtocolError) as info:
        parse_play_request(body)
    assert info.value.key == "web.err.lobby_players"


def test_play_now_requests_refused_with_their_message_and_key() -> None:
    from fives.bots import LEVELS
    from fives.rules import PRESETS

    presets, levels = ", ".join(PRESETS), ", ".join(LEVELS)
    cases: list[tuple[Any, str, str, dict[str, str]]] = [
        ([], "bad_json", "expected one JSON object", {}),
        ({"preset": "all-fives", "players": 2, "colour": "red"}, "unknown_field",
         "unknown field 'colour': expected level, players, preset, wait",
         {"field": "colour", "type": "lobby", "expected": "level, players, preset, wait"}),
        ({"preset": "x" * 50, "players": 2}, "bad_preset",
         f"variant '{'x' * 40}': expected one of {presets}",
         {"value": "x" * 40, "expected": presets}),
        ({"preset": 7, "players": 2}, "bad_preset", f"variant '7': expected one of {presets}",
         {"value": "7", "expected": presets}),
        ({"preset": "all-fives", "players": 1}, "web.err.lobby_players",
         "players '1': expected 2, 3 or 4 (the lobby seats people together)", {"value": "1"}),
        ({"preset": "all-fives", "players": 2, "wait": 7}, "web.err.lobby_wait",
         "wait '7': expected one of 10, 20, 30, 60 seconds",
         {"value": "7", "expected": "10, 20, 30, 60"}),
        ({"preset": "all-fives", "players": 2, "wait": True}, "web.err.lobby_wait",
         "wait 'True': expected one of 10, 20, 30, 60 seconds",
         {"value": "True", "expected": "10, 20, 30, 60"}),
        ({"preset": "all-fives", "players": 2, "level": "god\nlike"}, "web.err.lobby_level",
         f"bot level 'god\\nlike': expected one of {levels}",
         {"value": "god\\nlike", "expected": levels}),
    ]
    for body, key, message, params in cases:
        with pytest.raises(ProtocolError) as info:
            parse_play_request(body)
        assert (info.value.key, str(info.value)) == (key, message), body
        assert info.value.params == params, body
    assert parse_play_request({"preset": "multiples-of-five", "players": 3, "wait": 60,
                               "level": list(LEVELS)[-1]}) == (
        "multiples-of-five", 3, 60, list(LEVELS)[-1])
