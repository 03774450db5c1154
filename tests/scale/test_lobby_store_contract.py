"""The lobby's two stores against one contract: SQLite (the single-process server's file) and
PostgreSQL (the shared mode's database, migrated by its own migrations), each call's rows read
back exactly: which seat a claim takes and what it writes, the caps, seats dropped and numbered
again, the start and its stale retry, the game's links and state, the listing and its times, a
transaction that fails. Fast: no server, a clock passed by hand, one database for the module
(emptied before each test)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar, cast

import pytest

from fives.web.config import Limits
from fives.web.lobby import (
    ABSENT_S,
    LINK_KEEP_S,
    PLAYING_LISTED_S,
    ROOM_ID,
    STALE_START_S,
    Caps,
    LobbyRefused,
    PgLobbyStore,
    Room,
    SqliteLobbyStore,
    SqlLobbyStore,
    lobby_store_for,
)
from fives.web.storage import SqliteStorage, Storage

from .services import fresh_database

T = TypeVar("T")
CAPS = Caps()
ROOM_COLUMNS = ("id, preset, players, level, created, fill_at, taken, state, started, "
                "table_id, watch")
SEAT_COLUMNS = "room_id, seat, hash, link, address, seen"


def run(call: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(call)


@pytest.fixture(scope="module")
def pg_lobby_url() -> Iterator[str]:
    """One migrated database for the module's PostgreSQL cases (fails, not skips, where
    FIVES_REQUIRE_SERVICES is set and PostgreSQL is unreachable)."""
    from fives.web.pgstore import migrate

    for url in fresh_database():
        migrate(url)
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlLobbyStore]:
    made: SqlLobbyStore
    if request.param == "sqlite":
        made = SqliteLobbyStore(tmp_path / "lobby.sqlite3")
    else:
        made = PgLobbyStore(request.getfixturevalue("pg_lobby_url"))
    run(made.open())
    run(made.run(lambda execute: (execute("DELETE FROM lobby_seats", ()),
                                  execute("DELETE FROM lobby_rooms", ()))))
    yield made
    run(made.close())


def rows(store: SqlLobbyStore, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    found: list[Any] = run(store.run(lambda execute: execute(sql, params)))
    return [tuple(r) for r in found]


def rooms(store: SqlLobbyStore) -> list[tuple[Any, ...]]:
    return rows(store, f"SELECT {ROOM_COLUMNS} FROM lobby_rooms ORDER BY created, id")


def seats(store: SqlLobbyStore) -> list[tuple[Any, ...]]:
    return rows(store, f"SELECT {SEAT_COLUMNS} FROM lobby_seats ORDER BY room_id, seat")


def claim(store: SqlLobbyStore, who: str, now: float, players: int = 3, wait: int = 20,
          preset: str = "five-up", caps: Caps = CAPS, address: str | None = None,
          level: str = "random") -> tuple[str, int]:
    return run(store.claim(preset, players, wait, level, "h-" + who,
                           address or "a-" + who, caps, now))


def look(store: SqlLobbyStore, room: str, who: str,
         now: float) -> tuple[Room, int, str | None] | None:
    return run(store.room(room, "h-" + who, now))


def test_claims_write_their_rows(store: SqlLobbyStore) -> None:
    room, seat = claim(store, "ann", 10.0, wait=20)
    assert seat == 0 and ROOM_ID.fullmatch(room)
    assert rooms(store) == [(room, "five-up", 3, "random", 10.0, 30.0, 1, "open", None, None,
                             None)]
    # The second claim's wait and level are not the room's: it keeps its first fill time.
    assert claim(store, "bob", 12.5, wait=60, level="greedy") == (room, 1)
    assert rooms(store) == [(room, "five-up", 3, "random", 10.0, 30.0, 2, "open", None, None,
                             None)]
    assert seats(store) == [(room, 0, "h-ann", None, "a-ann", 10.0),
                            (room, 1, "h-bob", None, "a-bob", 12.5)]
    other, seat = claim(store, "cat", 13.0, players=2, wait=10, preset="all-fives",
                        level="greedy")
    assert other != room and seat == 0 and ROOM_ID.fullmatch(other)
    assert rooms(store)[1] == (other, "all-fives", 2, "greedy", 13.0, 23.0, 1, "open", None,
                               None, None)


def test_a_seat_is_read_and_seen(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 10.0)
    claim(store, "bob", 11.0)
    other, _ = claim(store, "cat", 11.0, preset="all-fives")
    assert look(store, room, "bob", 14.0) == (
        Room(room, "five-up", 3, "random", 30.0, 2, "open", None, None), 1, None)
    assert look(store, room, "nobody", 15.0) is None
    assert look(store, other, "ann", 15.0) is None  # a real token, of another room
    assert look(store, room, "cat", 15.0) is None
    assert {r[2]: r[5] for r in seats(store)} == {"h-ann": 10.0, "h-bob": 14.0, "h-cat": 11.0}


def test_a_claim_joins_the_oldest_room_that_can_take_it(store: SqlLobbyStore) -> None:
    first, _ = claim(store, "ann", 0.0, players=2, wait=10)
    assert claim(store, "bob", 1.0, players=2) == (first, 1)  # full now
    second, _ = claim(store, "cat", 2.0, players=2, wait=10)
    third, _ = claim(store, "dan", 3.0, players=2, wait=10, preset="all-fives")
    fourth, _ = claim(store, "eve", 3.0, players=3, wait=10)
    assert len({first, second, third, fourth}) == 4
    # Of the same variant and count, open, not full, more than a second before its fill.
    assert claim(store, "fay", 4.0, players=2) == (second, 1)
    assert run(store.cancel(first, "h-bob")) is not None  # two rooms wait for one player
    look(store, first, "ann", 4.0)
    assert claim(store, "gus", 5.0, players=2) == (first, 1)  # the older one
    look(store, fourth, "eve", 7.0)
    assert claim(store, "hal", 11.99, players=3) == (fourth, 1)
    assert claim(store, "ivy", 12.0, players=3)[0] not in (first, second, third, fourth)


def test_a_claim_closes_the_rooms_nobody_asks_about(store: SqlLobbyStore) -> None:
    kept, _ = claim(store, "ann", 0.0, wait=60)
    quiet, _ = claim(store, "bob", 0.0, wait=60, preset="all-fives")
    look(store, kept, "ann", 1.0)
    assert claim(store, "cat", ABSENT_S - 0.5) == (kept, 1)
    assert {r[0]: r[6:8] for r in rooms(store)} == {kept: (2, "open"), quiet: (1, "open")}
    # At ABSENT_S after its last request bob's page has been quiet too long: closed.
    fresh, seat = claim(store, "dan", ABSENT_S, preset="all-fives")
    assert fresh != quiet and seat == 0
    assert {r[0]: r[6:8] for r in rooms(store)} == {
        kept: (2, "open"), quiet: (1, "closed"), fresh: (1, "open")}


def test_the_seats_cap_counts_rooms_that_wait(store: SqlLobbyStore) -> None:
    caps = Caps(seats=2, rooms=2)
    room, _ = claim(store, "ann", 0.0, players=2, caps=caps, address="home")
    assert claim(store, "bob", 0.0, players=2, caps=caps, address="home") == (room, 1)
    before = (rooms(store), seats(store))
    with pytest.raises(LobbyRefused) as refused:
        claim(store, "cat", 1.0, players=2, caps=caps, address="home")
    assert (refused.value.key, refused.value.limit, str(refused.value)) == (
        "web.err.lobby_seats", 2, "web.err.lobby_seats")
    assert (rooms(store), seats(store)) == before  # nothing written
    for who in ("ann", "bob"):  # their pages asked (claims alone never start a room)
        look(store, room, who, 0.5)
    assert run(store.begin_start(room, 1.0)) == 2
    with pytest.raises(LobbyRefused):  # starting: still held
        claim(store, "cat", 1.0, players=2, caps=caps, address="home")
    assert claim(store, "dan", 1.0, players=2, caps=caps, address="away")[1] == 0
    run(store.started(room, "t1", "/w", {}, 2.0))
    assert claim(store, "cat", 2.0, players=4, caps=caps, address="home")[1] == 0  # playing


def test_the_rooms_cap(store: SqlLobbyStore) -> None:
    caps = Caps(seats=4, rooms=1)
    room, _ = claim(store, "ann", 0.0, caps=caps, address="home")
    assert claim(store, "bob", 0.0, caps=caps, address="home") == (room, 1)  # the same room
    before = (rooms(store), seats(store))
    with pytest.raises(LobbyRefused) as refused:
        claim(store, "cat", 0.0, preset="all-fives", caps=caps, address="home")
    assert (refused.value.key, refused.value.limit, str(refused.value)) == (
        "web.err.lobby_rooms", 1, "web.err.lobby_rooms")
    assert (rooms(store), seats(store)) == before
    other, _ = claim(store, "cat", 0.0, preset="all-fives", caps=Caps(4, 2), address="home")
    assert other != room


def test_the_default_caps_are_the_servers(store: SqlLobbyStore) -> None:
    limits = Limits()
    assert Caps() == Caps(limits.lobby_seats_per_address, limits.lobby_rooms_per_address)
    for i, preset in enumerate(["five-up", "all-fives"]):
        claim(store, f"p{i}", 0.0, preset=preset, address="home")
    with pytest.raises(LobbyRefused):
        claim(store, "p2", 0.0, preset="draw", address="home")


def test_a_cancel_drops_the_seat_and_numbers_the_others_again(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, players=4)
    for i, who in enumerate(["bob", "cat", "dan"]):
        claim(store, who, 1.0 + i, players=4)
    assert run(store.cancel(room, "h-nobody")) is None
    assert run(store.cancel("0123456789abcdef", "h-ann")) is None
    assert run(store.cancel(room, "h-bob")) == Room(
        room, "five-up", 4, "random", 20.0, 4, "open", None, None)  # as it was
    assert seats(store) == [(room, 0, "h-ann", None, "a-ann", 0.0),
                            (room, 1, "h-cat", None, "a-cat", 2.0),
                            (room, 2, "h-dan", None, "a-dan", 3.0)]
    assert rooms(store)[0][6:8] == (3, "open")
    assert run(store.cancel(room, "h-dan")) is not None  # the last seat: nobody moves
    assert [r[1:3] for r in seats(store)] == [(0, "h-ann"), (1, "h-cat")]
    run(store.cancel(room, "h-ann"))
    run(store.cancel(room, "h-cat"))
    assert seats(store) == [] and rooms(store)[0][6:8] == (0, "closed")


def test_a_cancel_after_the_start_keeps_the_seat(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, players=2)
    claim(store, "bob", 0.0, players=2)
    for who in ("ann", "bob"):
        look(store, room, who, 0.5)
    run(store.begin_start(room, 1.0))
    before = seats(store)
    found = run(store.cancel(room, "h-bob"))
    assert found is not None and (found.state, found.taken, found.started) == ("starting", 2, 1.0)
    run(store.started(room, "t1", "/w", {0: "/a", 1: "/b"}, 2.0))
    assert run(store.cancel(room, "h-ann")) == Room(
        room, "five-up", 2, "random", 20.0, 2, "playing", 2.0, "/w")
    assert [r[:3] for r in seats(store)] == [r[:3] for r in before]


def test_a_start_seats_the_people_still_there(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, wait=10)
    claim(store, "bob", 1.0)
    claim(store, "cat", 2.0)
    for who in ("ann", "bob", "cat"):
        look(store, room, who, 4.0)
    assert run(store.begin_start(room, 5.0)) == 3
    assert rooms(store) == [(room, "five-up", 3, "random", 0.0, 10.0, 3, "starting", 5.0, None,
                             None)]
    assert run(store.begin_start(room, 5.0)) is None  # another request has it
    assert run(store.begin_start("0123456789abcdef", 5.0)) is None


def test_quiet_seats_are_dropped_and_the_room_waits(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, wait=10)
    claim(store, "bob", 1.0)
    claim(store, "cat", 2.0)
    for i, who in enumerate(("ann", "bob", "cat")):  # each page asks once, at its claim
        look(store, room, who, float(i))
    # At 6 s: ann has been quiet ABSENT_S exactly (dropped), bob 5 s (kept).
    assert run(store.begin_start(room, ABSENT_S)) is None
    assert rooms(store) == [(room, "five-up", 3, "random", 0.0, 10.0, 2, "open", None, None,
                             None)]
    assert seats(store) == [(room, 0, "h-bob", None, "a-bob", 1.0),
                            (room, 1, "h-cat", None, "a-cat", 2.0)]


def test_at_its_fill_time_a_room_starts_without_its_quiet_seats(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, wait=10)
    claim(store, "bob", 1.0)
    look(store, room, "bob", 9.0)
    assert run(store.begin_start(room, 10.0)) == 1
    assert rooms(store) == [(room, "five-up", 3, "random", 0.0, 10.0, 1, "starting", 10.0,
                             None, None)]
    assert seats(store) == [(room, 0, "h-bob", None, "a-bob", 9.0)]


def test_a_room_whose_every_seat_is_quiet_is_closed(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, wait=10)
    claim(store, "bob", 0.0)
    assert run(store.begin_start(room, ABSENT_S)) is None
    assert seats(store) == []
    assert rooms(store)[0][6:9] == (0, "closed", ABSENT_S)


def test_a_stale_start_is_retried_after_a_while(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0, players=2)
    claim(store, "bob", 0.0, players=2)
    for who in ("ann", "bob"):
        look(store, room, who, 0.5)
    assert run(store.begin_start(room, 1.0)) == 2
    for who in ("ann", "bob"):
        look(store, room, who, 1.0 + STALE_START_S)
    assert run(store.begin_start(room, 1.0 + STALE_START_S)) is None  # not yet
    assert run(store.begin_start(room, 1.25 + STALE_START_S)) == 2
    assert rooms(store)[0][7:9] == ("starting", 1.25 + STALE_START_S)


def test_a_started_room_keeps_its_game_and_links(store: SqlLobbyStore) -> None:
    room, _ = claim(store, "ann", 0.0)
    claim(store, "bob", 0.0)
    claim(store, "cat", 0.0)
    other, _ = claim(store, "dan", 0.0, preset="all-fives")
    for who in ("ann", "bob", "cat"):
        look(store, room, who, 0.0)
    run(store.begin_start(room, 3.0))
    run(store.started(room, "t1", "/watch#1", {0: "/play#a", 2: "/play#c"}, 4.0))
    assert {r[0]: r for r in rooms(store)} == {
        room: (room, "five-up", 3, "random", 0.0, 20.0, 3, "playing", 4.0, "t1", "/watch#1"),
        other: (other, "all-fives", 3, "random", 0.0, 20.0, 1, "open", None, None, None)}
    assert [(r[0], r[1], r[3]) for r in seats(store) if r[0] == room] == [
        (room, 0, "/play#a"), (room, 1, None), (room, 2, "/play#c")]
    assert look(store, room, "cat", 5.0) == (
        Room(room, "five-up", 3, "random", 20.0, 3, "playing", 4.0, "/watch#1"), 2, "/play#c")
    assert run(store.begin_start(room, 100.0)) is None  # playing: never started again


def test_a_game_that_ends_is_not_listed_until_a_rematch(store: SqlLobbyStore) -> None:
    games = []
    for i, preset in enumerate(["five-up", "all-fives"]):
        room, _ = claim(store, f"p{i}", float(i), players=2, preset=preset)
        claim(store, f"q{i}", float(i), players=2, preset=preset)
        run(store.begin_start(room, 2.0 + i))
        run(store.started(room, f"t{i}", f"/w{i}", {}, 2.0 + i))
        games.append(room)
    open_room, _ = claim(store, "ann", 5.0)
    run(store.game_state("t0", False))
    assert [r[7] for r in rooms(store)] == ["finished", "playing", "open"]
    assert [r.id for r in run(store.listing(6.0))[1]] == [games[1]]
    run(store.game_state("t0", False))  # told twice: the same
    run(store.game_state("t0", True))
    assert [r[7] for r in rooms(store)] == ["playing", "playing", "open"]
    assert [r.id for r in run(store.listing(6.0))[1]] == [games[1], games[0]]
    run(store.game_state("t9", False))  # not a lobby game: nothing changes
    assert [r[7] for r in rooms(store)] == ["playing", "playing", "open"]
    assert open_room not in games


def test_the_listing_of_rooms_that_wait(store: SqlLobbyStore) -> None:
    old, _ = claim(store, "ann", 0.0, wait=10)
    new, _ = claim(store, "bob", 1.0, preset="all-fives", wait=20)
    full, _ = claim(store, "cat", 1.5, players=2, preset="draw")
    claim(store, "dan", 1.5, players=2, preset="draw")
    waiting, playing = run(store.listing(2.0))
    assert playing == []
    assert waiting == [Room(old, "five-up", 3, "random", 10.0, 1, "open", None, None),
                       Room(new, "all-fives", 3, "random", 21.0, 1, "open", None, None)]
    for who, room in (("ann", old), ("bob", new), ("cat", full), ("dan", full)):
        look(store, room, who, 5.0)
    assert [r.id for r in run(store.listing(9.5))[0]] == [old, new]
    assert [r.id for r in run(store.listing(10.0))[0]] == [new]  # at its fill time: gone
    # Quiet for ABSENT_S: closed (and no longer listed), whatever its fill time.
    assert [r.id for r in run(store.listing(5.0 + ABSENT_S - 0.5))[0]] == [new]
    assert run(store.listing(5.0 + ABSENT_S))[0] == []
    assert [r[7] for r in rooms(store)] == ["closed", "closed", "closed"]


def test_the_listing_of_games_and_their_links(store: SqlLobbyStore) -> None:
    ids = []
    for i, preset in enumerate(["five-up", "all-fives"]):
        room, _ = claim(store, f"p{i}", 0.0, players=2, preset=preset)
        claim(store, f"q{i}", 0.0, players=2, preset=preset)
        run(store.begin_start(room, 1.0))
        run(store.started(room, f"t{i}", f"/w{i}", {0: f"/a{i}", 1: f"/b{i}"}, 10.0 * (i + 1)))
        ids.append(room)
    waiting, playing = run(store.listing(30.0))
    assert waiting == []
    assert playing == [Room(ids[1], "all-fives", 2, "random", 20.0, 2, "playing", 20.0, "/w1"),
                       Room(ids[0], "five-up", 2, "random", 20.0, 2, "playing", 10.0, "/w0")]
    links = ["/a0", "/b0", "/a1", "/b1"]

    def kept() -> list[str]:
        return sorted(r[3] for r in seats(store) if r[3] is not None)

    run(store.listing(10.0 + LINK_KEEP_S))  # the first game's links at their last second
    assert kept() == sorted(links)
    run(store.listing(10.5 + LINK_KEEP_S))
    assert kept() == ["/a1", "/b1"]
    assert [r.id for r in run(store.listing(10.0 + PLAYING_LISTED_S - 0.5))[1]] == [
        ids[1], ids[0]]
    assert [r.id for r in run(store.listing(10.0 + PLAYING_LISTED_S))[1]] == [ids[1]]
    assert run(store.listing(20.0 + PLAYING_LISTED_S))[1] == []
    assert kept() == []


def test_a_failed_transaction_writes_nothing(store: SqlLobbyStore) -> None:
    def work(execute: Callable[[str, tuple[Any, ...]], list[Any]]) -> None:
        execute("INSERT INTO lobby_rooms (id, preset, players, level, created, fill_at) "
                "VALUES (%s, %s, %s, %s, %s, %s)", ("r1", "five-up", 2, "random", 0.0, 9.0))
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        run(store.run(work))
    assert rooms(store) == []
    assert claim(store, "ann", 0.0)[1] == 0  # the store goes on
    assert len(rooms(store)) == 1


def test_a_closed_store_is_closed(store: SqlLobbyStore) -> None:
    from psycopg_pool import PoolClosed

    run(store.close())
    with pytest.raises(PoolClosed if isinstance(store, PgLobbyStore)
                       else sqlite3.ProgrammingError):
        rooms(store)


def test_a_postgresql_store_holds_one_connection_when_idle(pg_lobby_url: str) -> None:
    store = PgLobbyStore(pg_lobby_url)
    assert store.pool.closed  # made with the app, opened when it starts
    run(store.open())  # waits for its first connection
    try:
        stats = store.pool.get_stats()
        assert (stats["pool_size"], stats["pool_available"]) == (1, 1)
        assert store.pool.max_size == 4
    finally:
        run(store.close())
    assert store.pool.closed


def test_an_old_sqlite_file_gets_the_new_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE lobby_rooms (id TEXT PRIMARY KEY, preset TEXT NOT NULL,
            players INTEGER NOT NULL, level TEXT NOT NULL, created REAL NOT NULL,
            fill_at REAL NOT NULL, taken INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL DEFAULT 'open', started REAL, table_id TEXT, watch TEXT);
        CREATE TABLE lobby_seats (room_id TEXT NOT NULL REFERENCES lobby_rooms (id),
            seat INTEGER NOT NULL, hash TEXT NOT NULL UNIQUE, link TEXT,
            PRIMARY KEY (room_id, seat));
        INSERT INTO lobby_rooms (id, preset, players, level, created, fill_at, taken)
            VALUES ('r', 'five-up', 2, 'random', 0, 20, 1);
        INSERT INTO lobby_seats (room_id, seat, hash) VALUES ('r', 0, 'h-old');
    """)
    db.close()
    for _ in range(2):  # and again, once the file has them
        store = SqliteLobbyStore(path)
        assert seats(store) == [("r", 0, "h-old", None, "", 0.0)]
        indexes = {r[1] for r in store.db.execute("PRAGMA index_list(lobby_seats)")}
        assert "lobby_seats_address" in indexes
        run(store.close())


def test_the_store_beside_the_tables(tmp_path: Path, pg_lobby_url: str) -> None:
    storage = SqliteStorage(tmp_path / "fives.sqlite3")
    try:
        store = lobby_store_for(storage)
        assert isinstance(store, SqliteLobbyStore)
        files = [r[2] for r in store.db.execute("PRAGMA database_list")]
        assert files == [str(tmp_path / "fives.sqlite3")]
        run(store.close())
    finally:
        storage.close()

    async def pg() -> PgLobbyStore:
        from fives.web.pgstore import PgStorage

        made = lobby_store_for(PgStorage(pg_lobby_url))
        assert isinstance(made, PgLobbyStore)
        return made

    assert run(pg()).pool.conninfo == pg_lobby_url
    with pytest.raises(TypeError) as info:
        lobby_store_for(cast(Storage, object()))
    assert str(info.value) == "no lobby for a object: expected SQLite or PostgreSQL"
