"""The public lobby: "Play now" seats a player at the oldest open public table of the chosen
variant and player count, or opens one; after the wait the player chose, bots take the seats
nobody took; games in progress are listed with their spectator link.

A lobby *room* gathers players before its game exists. ``claim`` takes the next free seat of
the oldest open room (or opens a room), in one transaction, and gives the player a lobby token
(only its hash is stored). The player's page asks ``/api/lobby/wait`` every second; these polls
never spend the address's new-table budget (only "Play now" does, once). The first poll that
finds the room full or its wait over starts it: a seat whose page stopped asking (``ABSENT_S``)
is dropped first, and if the wait is not over the room waits for others; then it creates the
game table (taken seats for people, the others for bots, a 30-second turn timer since strangers
may leave) and keeps each seat's link for its player's next request. ``/api/lobby/cancel``
gives a seat back; a room nobody holds any more is closed. A seat link is a capability: it is
kept only for ``LINK_KEEP_S`` seconds after the start, then erased; the spectator link of a
public game is public and stays listed while the game is in progress.

One address (a family, a NAT) may hold several seats, up to ``Limits.lobby_seats_per_address``
in at most ``Limits.lobby_rooms_per_address`` waiting rooms, so that it cannot fill the rooms
honest players are sent to.

The rooms live beside the tables, in the SQLite file or in PostgreSQL (migrations 0003 and
0004), so the lobby works the same across all the processes of the shared mode.
"""

from __future__ import annotations

import abc
import asyncio
import re
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from fives.errors import FivesError
from fives.rules import PRESETS, Ruleset
from fives.web.guard import client_address
from fives.web.hub import GameServer
from fives.web.protocol import (
    ProtocolError,
    engine_error_frame,
    error_frame,
    parse_table_request,
    shown_value,
)
from fives.web.routes import Routes
from fives.web.storage import SqliteStorage, Storage, hash_token

WAIT_CHOICES = (10, 20, 30, 60)
LOBBY_TIMER = 30
LINK_KEEP_S = 120.0
STALE_START_S = 15.0  # a start that did not finish (its process died) may be retried after this
ABSENT_S = 6.0  # a seat whose page has not asked for this long is gone (pages ask every second)
PLAYING_LISTED_S = 1800.0
LISTED = 20
ROOM_ID = re.compile(r"[0-9a-f]{16}")
TOKEN = re.compile(r"[A-Za-z0-9_-]{16,100}")

SQLITE_SCHEMA = """
CREATE TABLE IF NOT EXISTS lobby_rooms (
    id TEXT PRIMARY KEY, preset TEXT NOT NULL, players INTEGER NOT NULL, level TEXT NOT NULL,
    created REAL NOT NULL, fill_at REAL NOT NULL, taken INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL DEFAULT 'open', started REAL, table_id TEXT, watch TEXT
);
CREATE INDEX IF NOT EXISTS lobby_rooms_open ON lobby_rooms (state, preset, players, created);
CREATE INDEX IF NOT EXISTS lobby_rooms_table ON lobby_rooms (table_id);
CREATE TABLE IF NOT EXISTS lobby_seats (
    room_id TEXT NOT NULL REFERENCES lobby_rooms (id), seat INTEGER NOT NULL,
    hash TEXT NOT NULL UNIQUE, link TEXT, PRIMARY KEY (room_id, seat)
);
"""
# Columns added after the first release (PostgreSQL: migration 0004).
SQLITE_ADDED = {"address": "TEXT NOT NULL DEFAULT ''", "seen": "REAL NOT NULL DEFAULT 0"}

# A room that is open or starting ("waiting"): its seats count against their addresses.
WAITING = "('open', 'starting')"


@dataclass(frozen=True, slots=True)
class Room:
    id: str
    preset: str
    players: int
    level: str
    fill_at: float
    taken: int
    state: str
    started: float | None
    watch: str | None


ROOM_COLUMNS = "id, preset, players, level, fill_at, taken, state, started, watch"


def _room(row: Any) -> Room:
    return Room(str(row[0]), str(row[1]), int(row[2]), str(row[3]), float(row[4]), int(row[5]),
                str(row[6]), None if row[7] is None else float(row[7]), row[8])


class LobbyRefused(Exception):
    """A claim over the address's caps: ``key`` is the catalog key, ``limit`` the cap."""

    def __init__(self, key: str, limit: int) -> None:
        super().__init__(key)
        self.key = key
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Caps:
    """What one client address may hold in the lobby at once."""

    seats: int = 4
    rooms: int = 2


class LobbyStore(abc.ABC):
    """Rooms and their seats, in the server's database."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect (once the event loop runs)."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Release the connections."""

    @abc.abstractmethod
    async def claim(self, preset: str, players: int, wait: int, level: str,
                    token_hash: str, address: str, caps: Caps, now: float) -> tuple[str, int]:
        """Take the next seat of the oldest open room that matches (or open one): its id and
        the seat number; ``LobbyRefused`` when the address holds its caps already."""

    @abc.abstractmethod
    async def room(self, room_id: str, token_hash: str,
                   now: float) -> tuple[Room, int, str | None] | None:
        """The room, the holder's seat and its game link (once started), or None; the seat
        is seen (its holder is still there) as of ``now``."""

    @abc.abstractmethod
    async def cancel(self, room_id: str, token_hash: str) -> Room | None:
        """Give the seat back while the room waits (the room as it was), None when no such
        seat; a room left with nobody is closed."""

    @abc.abstractmethod
    async def begin_start(self, room_id: str, now: float) -> int | None:
        """Start the room: the seats nobody holds any more are dropped first; the number of
        people to seat, or None if it does not start now (another request started it, or
        seats were dropped and the wait is not over)."""

    @abc.abstractmethod
    async def started(self, room_id: str, table_id: str, watch: str, links: dict[int, str],
                      now: float) -> None:
        """The room's game exists: its spectator link, and each taken seat's link."""

    @abc.abstractmethod
    async def game_state(self, table_id: str, in_progress: bool) -> None:
        """The room's game ended (not listed to watch) or a rematch began (listed again)."""

    @abc.abstractmethod
    async def listing(self, now: float) -> tuple[list[Room], list[Room]]:
        """Open rooms (oldest first) and recent games in progress (newest first); erases the
        seat links kept past ``LINK_KEEP_S`` and closes the rooms nobody holds any more."""


def _drop_seats(execute: Any, room_id: str, gone: list[int]) -> int:
    """Remove seats of a waiting room and number the others 0, 1, ... again (people take the
    first seats of the table); the count left. Ascending, one row at a time: each new number
    is free when it is given."""
    for seat in gone:
        execute("DELETE FROM lobby_seats WHERE room_id = %s AND seat = %s", (room_id, seat))
    rest = [int(r[0]) for r in execute(
        "SELECT seat FROM lobby_seats WHERE room_id = %s ORDER BY seat", (room_id,))]
    for new, old in enumerate(rest):
        if new != old:
            execute("UPDATE lobby_seats SET seat = %s WHERE room_id = %s AND seat = %s",
                    (new, room_id, old))
    execute("UPDATE lobby_rooms SET taken = %s, state = CASE WHEN %s = 0 THEN 'closed' "
            "ELSE state END WHERE id = %s", (len(rest), len(rest), room_id))
    return len(rest)


class SqlLobbyStore(LobbyStore):
    """The same SQL on SQLite (a connection of its own to the server's file) and PostgreSQL
    (the shared mode's pool): ``run`` does one transaction in a thread or on the pool."""

    @abc.abstractmethod
    async def run(self, work: Any) -> Any:
        """Run ``work(execute)`` in one transaction; ``execute(sql, params)`` returns rows."""

    lock_clause = ""
    lock_room = ""

    def _close_abandoned(self, execute: Any, now: float) -> None:
        """Waiting rooms whose every page stopped asking are closed (nobody will start them)."""
        execute(
            "UPDATE lobby_rooms SET state = 'closed' WHERE state = 'open' AND NOT EXISTS "
            "(SELECT 1 FROM lobby_seats s WHERE s.room_id = lobby_rooms.id AND s.seen > %s)",
            (now - ABSENT_S,))

    async def claim(self, preset: str, players: int, wait: int, level: str,
                    token_hash: str, address: str, caps: Caps, now: float) -> tuple[str, int]:
        new_id = secrets.token_hex(8)

        def work(execute: Any) -> tuple[str, int]:
            held = execute(
                f"SELECT s.room_id FROM lobby_seats s JOIN lobby_rooms r ON r.id = s.room_id "
                f"WHERE s.address = %s AND r.state IN {WAITING}", (address,))
            if len(held) >= caps.seats:
                raise LobbyRefused("web.err.lobby_seats", caps.seats)
            rooms = {str(r[0]) for r in held}
            self._close_abandoned(execute, now)
            rows = execute(
                "SELECT id, taken FROM lobby_rooms WHERE state = 'open' AND preset = %s AND "
                "players = %s AND taken < players AND fill_at > %s ORDER BY created LIMIT 1"
                + self.lock_clause, (preset, players, now + 1.0))
            room_id = str(rows[0][0]) if rows else new_id
            if room_id not in rooms and len(rooms) >= caps.rooms:
                raise LobbyRefused("web.err.lobby_rooms", caps.rooms)
            if rows:
                seat = int(rows[0][1])
                execute("UPDATE lobby_rooms SET taken = taken + 1 WHERE id = %s", (room_id,))
            else:
                seat = 0
                execute(
                    "INSERT INTO lobby_rooms (id, preset, players, level, created, fill_at, "
                    "taken) VALUES (%s, %s, %s, %s, %s, %s, 1)",
                    (room_id, preset, players, level, now, now + wait))
            execute("INSERT INTO lobby_seats (room_id, seat, hash, address, seen) "
                    "VALUES (%s, %s, %s, %s, %s)", (room_id, seat, token_hash, address, now))
            return room_id, seat

        result: tuple[str, int] = await self.run(work)
        return result

    async def room(self, room_id: str, token_hash: str,
                   now: float) -> tuple[Room, int, str | None] | None:
        def work(execute: Any) -> tuple[Room, int, str | None] | None:
            seat = execute("UPDATE lobby_seats SET seen = %s WHERE room_id = %s AND hash = %s "
                           "RETURNING seat, link", (now, room_id, token_hash))
            if not seat:
                return None
            rows = execute(f"SELECT {ROOM_COLUMNS} FROM lobby_rooms WHERE id = %s", (room_id,))
            return _room(rows[0]), int(seat[0][0]), seat[0][1]

        found: tuple[Room, int, str | None] | None = await self.run(work)
        return found

    async def cancel(self, room_id: str, token_hash: str) -> Room | None:
        def work(execute: Any) -> Room | None:
            rows = execute(f"SELECT {ROOM_COLUMNS} FROM lobby_rooms WHERE id = %s"
                           + self.lock_room, (room_id,))
            seat = execute("SELECT seat FROM lobby_seats WHERE room_id = %s AND hash = %s",
                           (room_id, token_hash))
            if not rows or not seat:
                return None
            room = _room(rows[0])
            if room.state == "open":
                _drop_seats(execute, room_id, [int(seat[0][0])])
            return room

        found: Room | None = await self.run(work)
        return found

    async def begin_start(self, room_id: str, now: float) -> int | None:
        def work(execute: Any) -> int | None:
            rows = execute(
                "UPDATE lobby_rooms SET state = 'starting', started = %s WHERE id = %s AND "
                "(state = 'open' OR (state = 'starting' AND started < %s)) "
                "RETURNING fill_at, taken", (now, room_id, now - STALE_START_S))
            if not rows:
                return None
            fill_at, taken = float(rows[0][0]), int(rows[0][1])
            gone = [int(r[0]) for r in execute(
                "SELECT seat FROM lobby_seats WHERE room_id = %s AND seen <= %s ORDER BY seat",
                (room_id, now - ABSENT_S))]
            if gone:  # claimed, then never seen again: not seated as absent people
                taken = _drop_seats(execute, room_id, gone)
                if taken and now < fill_at:  # the room waits for others
                    execute("UPDATE lobby_rooms SET state = 'open', started = NULL "
                            "WHERE id = %s", (room_id,))
                    return None
            return taken or None

        humans: int | None = await self.run(work)
        return humans

    async def started(self, room_id: str, table_id: str, watch: str, links: dict[int, str],
                      now: float) -> None:
        def work(execute: Any) -> None:
            execute("UPDATE lobby_rooms SET state = 'playing', started = %s, table_id = %s, "
                    "watch = %s WHERE id = %s", (now, table_id, watch, room_id))
            for seat, link in links.items():
                execute("UPDATE lobby_seats SET link = %s WHERE room_id = %s AND seat = %s",
                        (link, room_id, seat))

        await self.run(work)

    async def game_state(self, table_id: str, in_progress: bool) -> None:
        def work(execute: Any) -> None:
            execute("UPDATE lobby_rooms SET state = %s WHERE table_id = %s AND "
                    "state IN ('playing', 'finished')",
                    ("playing" if in_progress else "finished", table_id))

        await self.run(work)

    async def listing(self, now: float) -> tuple[list[Room], list[Room]]:
        def work(execute: Any) -> tuple[list[Room], list[Room]]:
            execute("UPDATE lobby_seats SET link = NULL WHERE link IS NOT NULL AND room_id IN "
                    "(SELECT id FROM lobby_rooms WHERE state = 'playing' AND started < %s)",
                    (now - LINK_KEEP_S,))
            self._close_abandoned(execute, now)
            waiting = execute(
                f"SELECT {ROOM_COLUMNS} FROM lobby_rooms WHERE state = 'open' AND fill_at > %s "
                f"AND taken < players ORDER BY created LIMIT {LISTED}", (now,))
            playing = execute(
                f"SELECT {ROOM_COLUMNS} FROM lobby_rooms WHERE state = 'playing' AND "
                f"started > %s ORDER BY started DESC LIMIT {LISTED}", (now - PLAYING_LISTED_S,))
            return [_room(r) for r in waiting], [_room(r) for r in playing]

        result: tuple[list[Room], list[Room]] = await self.run(work)
        return result


def lobby_store_for(storage: Storage) -> LobbyStore:
    """The lobby's rooms beside the tables: in the same SQLite file or PostgreSQL database."""
    if isinstance(storage, SqliteStorage):
        return SqliteLobbyStore(storage.path)
    from fives.web.pgstore import PgStorage

    if not isinstance(storage, PgStorage):
        raise TypeError(f"no lobby for a {type(storage).__name__}: expected SQLite or PostgreSQL")
    return PgLobbyStore(storage.url)


class SqliteLobbyStore(SqlLobbyStore):
    def __init__(self, path: str | Path) -> None:
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False,
                                  timeout=10)
        self.db.execute("PRAGMA busy_timeout = 10000")
        self.db.executescript(SQLITE_SCHEMA)
        have = {r[1] for r in self.db.execute("PRAGMA table_info(lobby_seats)")}
        for column, kind in SQLITE_ADDED.items():
            if column not in have:  # a file written before the column existed
                self.db.execute(f"ALTER TABLE lobby_seats ADD COLUMN {column} {kind}")
        self.db.execute("CREATE INDEX IF NOT EXISTS lobby_seats_address ON lobby_seats (address)")

    async def open(self) -> None:
        return None  # connected in the constructor, beside the server's own connection

    async def close(self) -> None:
        self.db.close()

    async def run(self, work: Any) -> Any:
        # Short transactions on one connection, on the event loop: a few a second at most.
        def execute(sql: str, params: tuple[Any, ...]) -> list[Any]:
            return self.db.execute(sql.replace("%s", "?"), params).fetchall()

        self.db.execute("BEGIN IMMEDIATE")
        try:
            result = work(execute)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return result


class PgLobbyStore(SqlLobbyStore):
    """PostgreSQL, through a small pool of its own used from worker threads (the lobby's
    transactions are a few statements, each depending on the rows of the one before)."""

    lock_clause = " FOR UPDATE SKIP LOCKED"  # two claims at once take two different seats
    lock_room = " FOR UPDATE"

    def __init__(self, url: str) -> None:
        from psycopg_pool import ConnectionPool

        self.pool = ConnectionPool(url, min_size=1, max_size=4, open=False)

    async def open(self) -> None:
        await asyncio.to_thread(self.pool.open, True, 30)

    async def close(self) -> None:
        await asyncio.to_thread(self.pool.close)

    async def run(self, work: Any) -> Any:
        return await asyncio.to_thread(self._run, work)

    def _run(self, work: Any) -> Any:
        with self.pool.connection() as conn, conn.transaction():
            def execute(sql: str, params: tuple[Any, ...]) -> list[Any]:
                cur = conn.execute(sql, params)
                return cur.fetchall() if cur.description is not None else []

            return work(execute)


class Lobby:
    """The lobby's HTTP routes, on the hub's ``create`` and a ``LobbyStore``."""

    def __init__(self, hub: GameServer, routes: Routes, store: LobbyStore,
                 clock: Callable[[], float] = time.time) -> None:
        self.clock = clock  # tests move it forward past a room's wait
        self.hub = hub
        self.routes = routes
        self.store = store
        limits = hub.config.limits
        self.caps = Caps(limits.lobby_seats_per_address, limits.lobby_rooms_per_address)
        hub.game_listeners.append(store.game_state)

    async def play(self, request: Request) -> Response:
        data = await self.routes.json_request(request)  # one new table at most: budgeted
        if isinstance(data, Response):
            return data
        try:
            preset, players, wait, level = parse_play_request(data)
        except ProtocolError as exc:
            return self.routes.refuse(exc.key, 400, error_frame(exc.key, str(exc), **exc.params))
        except FivesError as exc:
            return self.routes.refuse("rules", 400, engine_error_frame(exc))
        token = secrets.token_urlsafe(24)
        address = client_address(request.client.host if request.client else None,
                                 request.headers, self.hub.config)
        try:
            room_id, seat = await self.store.claim(preset, players, wait, level,
                                                   hash_token(token), address, self.caps,
                                                   self.clock())
        except LobbyRefused as exc:
            what = "seats" if exc.key == "web.err.lobby_seats" else "waiting rooms"
            return self.routes.refuse(exc.key, 429, error_frame(
                exc.key, f"your address holds {exc.limit} {what} of the lobby already: "
                "cancel one or wait for its game", limit=exc.limit))
        return JSONResponse({"room": room_id, "seat": seat, "token": token},
                            headers={"cache-control": "no-store"})

    async def _seat(self, request: Request) -> tuple[str, str] | Response:
        """The room id and token of a wait or cancel request (never budgeted: a page asks
        every second while it waits), or the refusal."""
        data = await self.routes.json_request(request, charge=False)
        if isinstance(data, Response):
            return data
        room_id, token = (data.get("room"), data.get("token")) if isinstance(data, dict) \
            else (None, None)
        extra = sorted(set(data) - {"room", "token"}) if isinstance(data, dict) else []
        if extra or not isinstance(room_id, str) or not isinstance(token, str) \
                or not ROOM_ID.fullmatch(room_id) or not TOKEN.fullmatch(token):
            return self.routes.refuse("bad_room", 400, error_frame(
                "web.err.lobby_seat", "expected the room and token that Play now gave"))
        return room_id, token

    def _no_seat(self, room: Room | None) -> Response | None:
        """The refusal for a seat's request whose seat is not found (None) or whose room was
        closed (a page that was quiet too long): the same for ``wait`` and ``cancel``."""
        if room is None:
            return self.routes.refuse("bad_room", 404, error_frame(
                "web.err.lobby_seat", "expected the room and token that Play now gave"))
        if room.state == "closed":
            return self.routes.refuse("lobby_closed", 410, error_frame(
                "web.err.lobby_closed", "this room was closed: press Play now again"))
        return None

    async def wait(self, request: Request) -> Response:
        asked = await self._seat(request)
        if isinstance(asked, Response):
            return asked
        room_id, token = asked
        now = self.clock()
        found = await self.store.room(room_id, hash_token(token), now)
        refused = self._no_seat(None if found is None else found[0])
        if refused is not None:
            return refused
        assert found is not None  # _no_seat refuses a seat not found
        room, seat, link = found
        watch = room.watch
        if room.state != "playing" and (room.taken >= room.players or now >= room.fill_at):
            humans = await self.store.begin_start(room.id, now)
            # Dropped seats may have moved this one down: read it again.
            again = await self.store.room(room_id, hash_token(token), now)
            if again is not None:
                room, seat, link = again
                watch = room.watch
            if humans is not None and again is not None:
                link, watch = await self.start(room, seat)
        return JSONResponse({
            "room": room.id, "seat": seat, "preset": room.preset, "players": room.players,
            "taken": room.taken, "fill_in": max(0.0, room.fill_at - now),
            "url": link, "watch": watch,
        }, headers={"cache-control": "no-store"})

    async def cancel(self, request: Request) -> Response:
        asked = await self._seat(request)
        if isinstance(asked, Response):
            return asked
        room_id, token = asked
        room = await self.store.cancel(room_id, hash_token(token))
        refused = self._no_seat(room)  # closed under the seat: nothing to keep
        if refused is not None:
            return refused
        assert room is not None
        if room.state != "open":  # too late: the game exists, the seat stays the player's
            return self.routes.refuse("lobby_started", 409, error_frame(
                "web.err.lobby_started", "the game has started: your seat is kept for you"))
        return JSONResponse({"room": room.id, "cancelled": True},
                            headers={"cache-control": "no-store"})

    async def start(self, room: Room, seat: int) -> tuple[str | None, str]:
        """Create the room's game (the taken seats for people, the others for bots): the
        asking player's seat link and the spectator link."""
        seats = [{"kind": "friend"} if i < room.taken else {"kind": "bot", "level": room.level}
                 for i in range(room.players)]
        request = parse_table_request({"preset": room.preset, "players": room.players,
                                       "timer": LOBBY_TIMER, "seats": seats})
        created = await self.hub.create(request)
        links = {i: s["url"] for i, s in enumerate(created["seats"]) if s["url"]}
        await self.store.started(room.id, created["table"], created["watch"], links,
                                 self.clock())
        return links.get(seat), created["watch"]

    async def listing(self, request: Request) -> Response:
        waiting, playing = await self.store.listing(self.clock())
        now = self.clock()
        return JSONResponse({
            "waiting": [{"preset": r.preset, "players": r.players, "taken": r.taken,
                         "fill_in": max(0.0, r.fill_at - now)} for r in waiting],
            "playing": [{"preset": r.preset, "players": r.players, "watch": r.watch,
                         "since": now - (r.started or now)} for r in playing],
            "waits": list(WAIT_CHOICES),
        }, headers={"cache-control": "no-store"})


def parse_play_request(data: Any) -> tuple[str, int, int, str]:
    """(preset, players, wait, bot level) of a Play now request, or ProtocolError/FivesError."""
    from fives.bots import LEVELS

    if not isinstance(data, dict):
        raise ProtocolError("expected one JSON object", "bad_json")
    allowed = {"preset", "players", "wait", "level"}
    for name in data:
        if name not in allowed:
            raise ProtocolError(
                f"unknown field '{shown_value(name)}': expected {', '.join(sorted(allowed))}",
                "unknown_field", field=shown_value(name), type="lobby",
                expected=", ".join(sorted(allowed)))
    preset, players = data.get("preset"), data.get("players")
    wait, level = data.get("wait", 20), data.get("level", "greedy")
    if not isinstance(preset, str) or preset not in PRESETS:
        raise ProtocolError(
            f"variant '{shown_value(preset)}': expected one of {', '.join(PRESETS)}",
            "bad_preset", value=shown_value(preset), expected=", ".join(PRESETS))
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise ProtocolError(
            f"players '{shown_value(players)}': expected 2, 3 or 4 (the lobby seats people "
            "together)", "web.err.lobby_players", value=shown_value(players))
    Ruleset.preset(preset, players=players)  # FivesError names a wrong count for the variant
    if isinstance(wait, bool) or wait not in WAIT_CHOICES:
        raise ProtocolError(
            f"wait '{shown_value(wait)}': expected one of {', '.join(map(str, WAIT_CHOICES))} "
            "seconds", "web.err.lobby_wait", value=shown_value(wait),
            expected=", ".join(map(str, WAIT_CHOICES)))
    if not isinstance(level, str) or level not in LEVELS:
        raise ProtocolError(
            f"bot level '{shown_value(level)}': expected one of {', '.join(LEVELS)}",
            "web.err.lobby_level", value=shown_value(level), expected=", ".join(LEVELS))
    return preset, players, int(wait), str(level)
