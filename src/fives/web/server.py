"""The game server: Starlette over uvicorn, SQLite underneath, the engine deciding everything.

A client sends intentions (play this move, deal the next hand, rematch); the server checks each
one with the engine, writes it to the table's log, and only then sends every connected client
its own seat's view (``game.view(seat).to_json()``) plus the public explanation of what just
happened. The Game and its RNG never leave this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import multiprocessing
import random
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from fives.errors import FivesError
from fives.game import Deal, Game
from fives.i18n import catalog, text
from fives.rules import PRESETS, Ruleset
from fives.tiles import ALL_TILES, Tile
from fives.web import botworker
from fives.web.protocol import MAX_MESSAGE_BYTES, ProtocolError, count_parts, parse_message
from fives.web.storage import LogEntry, Storage, new_table_id, new_token

log = logging.getLogger("fives.web")

STATIC = Path(__file__).parent / "static"
TIMER_CHOICES = (0, 15, 30, 60)
TIMEOUT_BOT_LEVEL = "greedy"
# Messages a socket may send per second on average (burst of RATE_BURST).
RATE_PER_S = 20.0
RATE_BURST = 40.0
# Hands played alone by bots start by themselves after this pause.
AUTO_NEXT_HAND_S = 2.0
# Without a turn timer, a bot plays for a player who left once this many seconds have passed.
AWAY_GRACE_S = 60.0
# Tables one address may create: per second on average, and in a burst.
CREATE_RATE = (0.2, 20.0)

FrameObserver = Callable[["Table", "int | None", dict[str, Any]], None]


def both_langs(key: str, **params: Any) -> dict[str, str]:
    return {lang: text(key, lang, **params) for lang in ("en", "fr")}


def error_frame(key: str, message: str, **params: Any) -> dict[str, Any]:
    texts = both_langs(key, **params) if key in catalog() else {"en": message, "fr": message}
    return {"type": "error", "key": key, "params": params, "message": texts}


def engine_error_frame(exc: FivesError) -> dict[str, Any]:
    """The engine's English one-line message, and the best French one its key allows."""
    params = {k: v if isinstance(v, int | float | str | bool) else str(v)
              for k, v in exc.params.items()}
    if exc.key == "illegal_move" and "move" in params and "legal" in params:
        texts = both_langs("web.err.illegal_move", **params)
    else:
        texts = {"en": str(exc), "fr": text(exc.key, "fr", **params) if exc.key in catalog()
                 else str(exc)}
    texts["en"] = str(exc)
    return {"type": "error", "key": exc.key, "params": params, "message": texts}


@dataclass
class SeatConfig:
    kind: str  # "human" or "bot"
    level: str | None = None


@dataclass(eq=False)
class Connection:
    ws: WebSocket
    seat: int | None
    rate: float = RATE_PER_S
    burst: float = RATE_BURST
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    allowance: float = RATE_BURST
    checked_at: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        """Token bucket: ``rate`` messages a second on average, bursts of ``burst``."""
        now = time.monotonic()
        self.allowance = min(self.burst, self.allowance + (now - self.checked_at) * self.rate)
        self.checked_at = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


@dataclass(eq=False)
class Bucket:
    """A token bucket: ``rate`` events a second on average, bursts of ``burst``."""

    rate: float
    burst: float
    allowance: float = -1.0
    checked_at: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        if self.allowance < 0:
            self.allowance = self.burst
        self.allowance = min(self.burst, self.allowance + (now - self.checked_at) * self.rate)
        self.checked_at = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


class Table:
    """One table: its config, its game rebuilt from the log, and who is connected."""

    def __init__(self, server: GameServer, table_id: str, config: dict[str, Any]) -> None:
        self.server = server
        self.id = table_id
        self.config = config
        self.rules = Ruleset.preset(config["preset"], **config["options"])
        self.seats = [SeatConfig(s["kind"], s.get("level")) for s in config["seats"]]
        self.timer: int = config["timer"]
        self.game: Game | None = None
        self.finished: list[dict[str, Any]] = []  # records of this table's earlier games
        self.game_no = 0
        self.seq = 0
        self.last_at = time.time()
        self.recent: list[dict[str, Any]] = []  # public explanations of this hand's actions
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.task: asyncio.Task[None] | None = None  # the pending bot move, timer or auto deal
        self.broken: str | None = None
        self.seen: set[int] = set()  # seats that connected since this process started

    def is_connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections)

    # --- rebuilding -------------------------------------------------------------------------

    def replay(self, entries: list[LogEntry]) -> None:
        for entry in entries:
            self.apply_entry(entry.kind, entry.payload, by=entry.payload.get("by", "seat"))
            self.seq = entry.seq
            self.last_at = entry.at

    def apply_entry(self, kind: str, payload: dict[str, Any], by: str) -> list[Any]:
        """Apply one log entry to the game; returns the engine events it produced."""
        if kind == "deal":
            deal = Deal(
                tuple(tuple(Tile.parse(t) for t in hand) for hand in payload["hands"]),
                tuple(Tile.parse(t) for t in payload["boneyard"]),
            )
            leader = payload.get("leader")
            if payload.get("new_game") or self.game is None:
                if self.game is not None:  # a rematch: the finished game stays downloadable
                    self.finished.append(self.game.to_record())
                self.game = Game(
                    self.rules, deal=deal, leader=leader, rng=random.Random(secrets.randbits(64))
                )
                self.game_no += 1
            else:
                self.game.next_hand(deal=deal, leader=leader)
            self.recent = []
            return []
        if kind == "move":
            assert self.game is not None
            seat = self.game.turn
            move = self.game.parse_move(payload["move"])
            events = self.game.play(move)
            self.explain(events, seat, by)
            return events
        raise ValueError(f"unknown log entry kind {kind!r}")

    def explain(self, events: list[Any], seat: int, by: str) -> None:
        assert self.game is not None
        for event in events:
            data = event.to_json()
            kind = data["type"]
            if kind == "play":
                parts = count_parts(self.game.layout.to_json())
                item = {
                    "kind": "play", "seat": seat, "move": data["move"], "total": data["total"],
                    "points": data["points"], "scores": data["scores"], "by": by,
                    "parts": parts if sum(parts) == data["total"] else [],
                }
            elif kind == "draw":  # never the tile: only the drawer may see it, in its hand
                item = {"kind": "draw", "seat": seat, "scores": data["scores"], "by": by}
            elif kind == "pass":
                item = {"kind": "pass", "seat": seat, "by": by}
            elif kind == "hand_end":
                item = {"kind": "hand_end", **{k: v for k, v in data.items() if k != "type"}}
                if data["result"] == "out":  # the seat whose last tile ended the hand
                    item["out_seat"] = seat
            elif kind == "game_end":
                item = {"kind": "game_end", **{k: v for k, v in data.items() if k != "type"}}
            else:
                continue
            self.recent.append(item)

    # --- frames -----------------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        connected = {c.seat for c in self.connections if c.seat is not None}
        return {
            "id": self.id,
            "preset": self.rules.name,
            "players": self.rules.players,
            "partnerships": self.rules.partnerships,
            "target": self.rules.target,
            "timer": self.timer,
            "game_no": self.game_no,
            "seats": [
                {"kind": s.kind, "level": s.level, "connected": s.kind == "bot" or i in connected}
                for i, s in enumerate(self.seats)
            ],
        }

    def deadline_left(self) -> float | None:
        due = self.deadline()
        return None if due is None else max(0.0, due - time.time())

    def deadline(self) -> float | None:
        """When the server acts for the seat to move (absolute time), or None."""
        game = self.game
        if game is None or not self.timer:
            return None
        if game.phase_name == "play" and self.seats[game.turn].kind == "human":
            return self.last_at + self.timer * self.server.timer_scale
        if game.phase_name == "hand_over":
            return self.last_at + self.timer * self.server.timer_scale
        return None

    def frame_for(self, seat: int | None, events: list[dict[str, Any]]) -> dict[str, Any]:
        assert self.game is not None
        return {
            "type": "state",
            "seq": self.seq,
            "you": seat,
            "table": self.meta(),
            "view": self.game.view(seat).to_json(),
            "events": events,
            "deadline": self.deadline_left(),
        }

    def send(self, conn: Connection, frame: dict[str, Any], text: str | None = None) -> None:
        """Queue one frame for one connection: the only way game state leaves the server."""
        observer = self.server.frame_observer
        if observer is not None:
            observer(self, conn.seat, frame)
        conn.queue.put_nowait(text or json.dumps(frame, separators=(",", ":")))

    def broadcast(self, events: list[dict[str, Any]]) -> None:
        """Each connection gets its own seat's frame (built and encoded once per seat)."""
        frames: dict[int | None, tuple[dict[str, Any], str]] = {}
        for conn in list(self.connections):
            if conn.seat not in frames:
                frame = self.frame_for(conn.seat, events)
                frames[conn.seat] = (frame, json.dumps(frame, separators=(",", ":")))
            self.send(conn, *frames[conn.seat])

    # --- actions ----------------------------------------------------------------------------

    async def commit(self, kind: str, payload: dict[str, Any], by: str) -> None:
        """Write the entry durably, then apply it and tell everyone. The caller holds the lock
        and has already checked that the engine accepts the entry."""
        self.last_at = await self.server.storage.append_async(
            self.id, self.seq + 1, kind, payload
        )
        self.seq += 1
        before = len(self.recent)
        self.apply_entry(kind, payload, by)
        events = self.recent[before:] if kind == "move" else []
        self.broadcast(events)
        self.schedule()

    async def play(self, seat: int, move_text: str, by: str) -> None:
        """Check and play a move for ``seat`` (caller holds the lock)."""
        game = self.game
        assert game is not None
        if game.phase_name != "play":
            raise ProtocolError(
                f"move {move_text!r} refused: the hand is over", "hand_is_over", move=move_text
            )
        if game.turn != seat:
            raise ProtocolError(
                f"move {move_text!r} refused: it is seat {game.turn + 1}'s turn, not yours",
                "not_your_turn", move=move_text, turn=game.turn + 1,
            )
        move = game.parse_move(move_text)  # FivesError when malformed or illegal
        await self.commit("move", {"move": move.notation(explicit=True), "by": by}, by)

    async def deal(self, new_game: bool) -> None:
        """Deal the next hand (or a new game's first) from the OS's CSPRNG, log it, play it.

        The leader is found on a probe copy, so that a lot (where the rules draw one) is drawn
        once and logged with the deal; replaying the log then gives the same game.
        """
        shuffler = random.SystemRandom()
        tiles = list(ALL_TILES)
        shuffler.shuffle(tiles)
        size, players = self.rules.hand_size, self.rules.players
        hands = tuple(tuple(tiles[i * size : (i + 1) * size]) for i in range(players))
        deal = Deal(hands, tuple(tiles[players * size :]))
        new_game = new_game or self.game is None
        if new_game:
            probe = Game(self.rules, deal=deal, rng=random.Random(shuffler.getrandbits(64)))
        else:
            assert self.game is not None
            probe = self.game.copy()
            probe.next_hand(deal=deal)
        payload = {
            "hands": [[str(t) for t in hand] for hand in hands],
            "boneyard": [str(t) for t in deal.boneyard],
            "leader": probe.leader,
            "new_game": new_game,
        }
        await self.commit("deal", payload, "server")

    # --- scheduling -------------------------------------------------------------------------

    def schedule(self) -> None:
        """Start whatever must happen next without a client: a bot move, a timer, a deal."""
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None
        game = self.game
        if game is None or self.broken:
            return
        seq = self.seq
        if game.phase_name == "play":
            if self.seats[game.turn].kind == "bot":
                self.task = asyncio.ensure_future(self.bot_move(seq, game.turn, "bot"))
            elif self.timer:
                self.task = asyncio.ensure_future(self.on_timeout(seq))
            elif game.turn in self.seen and not self.is_connected(game.turn):
                # A player who left: a bot stands in after a grace period; the same link
                # takes the seat back at any time.
                self.task = asyncio.ensure_future(
                    self.bot_move(seq, game.turn, "away", delay=self.server.away_grace)
                )
        elif game.phase_name == "hand_over":
            if all(s.kind == "bot" for s in self.seats):
                self.task = asyncio.ensure_future(self.auto_next(seq, AUTO_NEXT_HAND_S))
            elif self.timer:
                self.task = asyncio.ensure_future(self.on_timeout(seq))

    async def bot_move(self, seq: int, seat: int, by: str, delay: float | None = None) -> None:
        await asyncio.sleep(self.server.bot_delay if delay is None else delay)
        game = self.game
        if game is None or self.seq != seq:
            return
        view = game.view(seat)
        legal = [m.notation(explicit=True) for m in view.legal_moves]
        if len(legal) == 1:  # forced (a draw, a pass, the only placement): no thinking
            move = legal[0]
        else:
            level = self.seats[seat].level if self.seats[seat].kind == "bot" else None
            move = await self.server.think(level or TIMEOUT_BOT_LEVEL, view, legal)
        async with self.lock:
            if self.seq != seq:  # someone acted meanwhile (a reconnecting player, a timer)
                return
            try:
                await self.play(seat, move, by)
            except (FivesError, ProtocolError) as exc:
                # The key only: the message may name the seat's tiles (logs stay tile-free).
                log.error("table %s: bot move refused (%s)", self.id, getattr(exc, "key", "?"))

    async def on_timeout(self, seq: int) -> None:
        due = self.deadline()
        if due is None:
            return
        await asyncio.sleep(max(0.0, due - time.time()))
        game = self.game
        if game is None or self.seq != seq:
            return
        if game.phase_name == "play":
            await self.bot_move(seq, game.turn, "timer", delay=0.0)
        elif game.phase_name == "hand_over":
            await self.auto_next(seq, 0.0)

    async def auto_next(self, seq: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.lock:
            if self.seq == seq and self.game is not None and self.game.phase_name == "hand_over":
                await self.deal(new_game=False)


def dealt_hand(game: Game) -> dict[str, Any]:
    """The deal of the game's current hand, as the record (§12.3) writes it."""
    hand = game.to_record()["hands"][-1]
    return {"hands": hand["hands"], "boneyard": hand["boneyard"], "leader": hand.get("leader")}


class GameServer:
    """All tables of one process, their storage, and the bots' worker processes."""

    def __init__(
        self,
        db: str | Path,
        *,
        bot_delay: float = 0.6,
        bot_workers: int = 2,
        timer_scale: float = 1.0,
        rate: tuple[float, float] = (RATE_PER_S, RATE_BURST),
        away_grace: float = AWAY_GRACE_S,
        create_rate: tuple[float, float] = CREATE_RATE,
    ) -> None:
        self.storage = Storage(db)
        self.away_grace = away_grace
        self.create_rate = create_rate
        self.creators: dict[str, Bucket] = {}  # per client address
        self.rate = rate  # per socket: messages a second, burst
        self.bot_delay = bot_delay
        self.timer_scale = timer_scale  # tests shrink the turn timer
        # Worker processes, started on first use ("spawn": no fork of a threaded server).
        self.pool = ProcessPoolExecutor(
            max_workers=bot_workers, mp_context=multiprocessing.get_context("spawn")
        )
        self.tables: dict[str, Table] = {}
        self.frame_observer: FrameObserver | None = None

    async def think(self, level: str, view: Any, legal: list[str]) -> str:
        """A bot's move, computed in a worker process; the first legal move if that fails."""
        loop = asyncio.get_running_loop()
        try:
            move: str = await loop.run_in_executor(
                self.pool, botworker.choose, level, secrets.randbits(32), view
            )
        except (BrokenProcessPool, OSError, ValueError) as exc:
            log.error("bot %s failed (%s); playing its first legal move", level,
                      type(exc).__name__)
            return legal[0]
        return move if move in legal else legal[0]

    def load(self) -> None:
        """Rebuild every table from its log (at start, before serving)."""
        for table_id in self.storage.table_ids():
            config = self.storage.config(table_id)
            if config is None:
                continue
            try:
                table = Table(self, table_id, config)
                table.replay(self.storage.log(table_id))
            except (FivesError, ValueError, KeyError) as exc:
                log.error("table %s cannot be rebuilt from its log (%s)", table_id,
                          getattr(exc, "key", type(exc).__name__))
                continue
            self.tables[table_id] = table

    def start(self) -> None:
        self.storage.start_writer()
        for table in self.tables.values():
            table.schedule()

    async def stop(self) -> None:
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.storage.close()

    async def create(self, request: dict[str, Any]) -> dict[str, Any]:
        """Validate a table request, store the table with its links, deal the first hand."""
        config, kinds = validate_create(request)
        table_id = new_table_id()
        tokens = [new_token() for _ in kinds]
        watch = new_token()
        table = Table(self, table_id, config)
        await self.storage.create_table_async(
            table_id, config, [(t, i) for i, t in enumerate(tokens)] + [(watch, None)]
        )
        self.tables[table_id] = table
        async with table.lock:
            await table.deal(new_game=True)
        links = [
            {"seat": i, "kind": kind, "url": f"/play#t={token}" if kind != "bot" else None}
            for i, (kind, token) in enumerate(zip(kinds, tokens, strict=True))
        ]
        me = next((link["url"] for link in links if link["kind"] == "me"), None)
        return {"table": table_id, "seats": links, "watch": f"/play#w={watch}", "me": me}


def validate_create(req: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The stored config of a table request, and each seat's kind (me, friend, bot)."""
    from fives.bots import LEVELS

    allowed = {"preset", "players", "partnerships", "target", "timer", "seats"}
    for name in req:
        if name not in allowed:
            raise ProtocolError(
                f"unknown field {name[:40]!r}: expected {', '.join(sorted(allowed))}",
                "unknown_field", field=name[:40], type="table", expected=", ".join(sorted(allowed)),
            )
    preset = req.get("preset")
    if not isinstance(preset, str):
        raise ProtocolError(
            f"preset {preset!r}: expected one of {', '.join(PRESETS)}", "bad_preset",
            value=str(preset)[:40], expected=", ".join(PRESETS),
        )
    options: dict[str, Any] = {}
    players = req.get("players")
    if players is not None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ProtocolError(
                f"players {players!r}: expected a whole number from 1 to 4", "bad_players",
                value=str(players)[:40],
            )
        options["players"] = players
    partnerships = req.get("partnerships")
    if partnerships is not None:
        if not isinstance(partnerships, bool):
            raise ProtocolError(
                f"partnerships {partnerships!r}: expected true or false", "bad_partnerships",
                value=str(partnerships)[:40],
            )
        options["partnerships"] = partnerships
    target = req.get("target")
    if target is not None:
        if not isinstance(target, int) or isinstance(target, bool):
            raise ProtocolError(
                f"target {target!r}: expected a whole number", "bad_target", value=str(target)[:40]
            )
        options["target"] = target
    rules = Ruleset.preset(preset, **options)  # RulesError names what is wrong
    timer = req.get("timer", 0)
    if timer not in TIMER_CHOICES or isinstance(timer, bool):
        raise ProtocolError(
            f"timer {timer!r}: expected one of 0 (off), 15, 30, 60 seconds", "bad_timer",
            value=str(timer)[:40],
        )
    seats = req.get("seats")
    if not isinstance(seats, list) or len(seats) != rules.players:
        raise ProtocolError(
            f"seats: expected a list of {rules.players} seats (one per player)", "bad_seats",
            count=rules.players,
        )
    kinds: list[str] = []
    stored: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        extra = set(seat) - {"kind", "level"} if isinstance(seat, dict) else set()
        level = seat.get("level") if isinstance(seat, dict) else None
        if kind not in ("me", "friend", "bot") or extra:
            raise ProtocolError(
                f"seat {i + 1}: {json.dumps(seat)[:60]}: expected {{\"kind\": \"me\" | "
                "\"friend\" | \"bot\", \"level\": LEVEL for a bot}",
                "bad_seat", seat=i + 1, value=json.dumps(seat)[:60],
            )
        if kind == "bot":
            if level not in LEVELS:
                raise ProtocolError(
                    f"seat {i + 1}: bot level {str(level)[:40]!r}: expected one of "
                    f"{', '.join(LEVELS)}",
                    "bad_level", seat=i + 1, value=str(level)[:40], expected=", ".join(LEVELS),
                )
            stored.append({"kind": "bot", "level": level})
        else:
            if level is not None:
                raise ProtocolError(
                    f"seat {i + 1}: a level is for bots only, not for {kind!r}", "bad_seat",
                    seat=i + 1, value=json.dumps(seat)[:60],
                )
            stored.append({"kind": "human"})
        kinds.append(kind)
    config = {"preset": rules.name, "options": options, "seats": stored, "timer": timer}
    return config, kinds


# --- HTTP ---------------------------------------------------------------------------------------


class SecurityHeaders:
    """No referrer (seat links are capabilities), no third-party anything."""

    HEADERS = [
        (b"referrer-policy", b"no-referrer"),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (
            b"content-security-policy",
            b"default-src 'self'; connect-src 'self'; img-src 'self' data:; "
            b"style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        ),
    ]

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = list(message["headers"]) + self.HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    db: str | Path,
    *,
    bot_delay: float = 0.6,
    bot_workers: int = 2,
    timer_scale: float = 1.0,
    rate: tuple[float, float] = (RATE_PER_S, RATE_BURST),
    away_grace: float = AWAY_GRACE_S,
    create_rate: tuple[float, float] = CREATE_RATE,
    frame_observer: FrameObserver | None = None,
) -> Starlette:
    server = GameServer(
        db, bot_delay=bot_delay, bot_workers=bot_workers, timer_scale=timer_scale, rate=rate,
        away_grace=away_grace, create_rate=create_rate,
    )
    server.frame_observer = frame_observer
    server.load()

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        server.start()
        yield
        await server.stop()

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"cache-control": "no-cache"})

    async def presets(request: Request) -> Response:
        return JSONResponse(preset_catalog())

    async def messages(request: Request) -> Response:
        return JSONResponse(web_catalog())

    async def create_table(request: Request) -> Response:
        address = request.client.host if request.client else "-"
        bucket = server.creators.setdefault(address, Bucket(*server.create_rate))
        if not bucket.allow():
            return JSONResponse(
                error_frame("rate_limited", "too many new tables: slow down",
                            limit=server.create_rate[0]),
                status_code=429,
            )
        body = await request.body()
        if len(body) > MAX_MESSAGE_BYTES:
            return JSONResponse(
                error_frame("too_large", "request too large", size=len(body),
                            limit=MAX_MESSAGE_BYTES),
                status_code=413,
            )
        try:
            data = json.loads(body)
            if not isinstance(data, dict):
                raise ValueError
        except ValueError:
            return JSONResponse(error_frame("bad_json", "expected one JSON object"), 400)
        try:
            created = await server.create(data)
        except ProtocolError as exc:
            return JSONResponse(error_frame(exc.key, str(exc), **exc.params), 400)
        except FivesError as exc:
            return JSONResponse(engine_error_frame(exc), 400)
        return JSONResponse(created, status_code=201)

    async def socket(ws: WebSocket) -> None:
        await play_socket(server, ws)

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/play", page),
            Route("/api/presets", presets),
            Route("/api/messages", messages),
            Route("/api/tables", create_table, methods=["POST"]),
            WebSocketRoute("/ws", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(SecurityHeaders)
    app.state.server = server
    return app


def preset_catalog() -> dict[str, Any]:
    """What the start page offers: each preset's defaults and rules card, in both languages."""
    from fives.bots import LEVELS

    out: dict[str, Any] = {"presets": [], "levels": list(LEVELS), "timers": list(TIMER_CHOICES)}
    for preset in ("five-up", "all-fives", "multiples-of-five", "five-up-solitaire"):
        by_players: dict[str, Any] = {}
        for players in (1, 2, 3, 4):
            try:
                rules = Ruleset.preset(preset, players=players)
            except FivesError:
                continue
            by_players[str(players)] = {
                "target": rules.target,
                "partnerships": rules.partnerships,
            }
        out["presets"].append(
            {
                "id": preset,
                "name": both_langs(f"preset.{preset}"),
                "card": both_langs(f"card.{preset}"),
                "players": by_players,
                "unit": Ruleset.preset(preset).unit,
            }
        )
    return out


def web_catalog() -> dict[str, dict[str, str]]:
    merged = catalog()
    return {lang: {key: entry.get(lang) or entry["en"] for key, entry in merged.items()}
            for lang in ("en", "fr")}


# --- websocket ----------------------------------------------------------------------------------


def origin_ok(ws: WebSocket) -> bool:
    """Browsers always send Origin: it must name this host (non-browser clients send none)."""
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/") == host


async def writer(conn: Connection) -> None:
    while True:
        frame = await conn.queue.get()
        if frame is None:
            return
        try:
            await conn.ws.send_text(frame)
        except Exception:  # the socket is gone; the reader notices and cleans up
            return


async def play_socket(server: GameServer, ws: WebSocket) -> None:
    if not origin_ok(ws):
        await ws.close(code=4403)
        return
    await ws.accept()
    conn: Connection | None = None
    table: Table | None = None
    pending = Connection(ws, None, rate=server.rate[0], burst=server.rate[1],
                         allowance=server.rate[1])
    send_task = asyncio.ensure_future(writer(pending))

    def reply(frame: dict[str, Any]) -> None:
        pending.queue.put_nowait(json.dumps(frame, separators=(",", ":")))

    try:
        while True:
            try:
                incoming = await ws.receive()
            except WebSocketDisconnect:
                break
            if incoming["type"] == "websocket.disconnect":
                break
            raw = incoming.get("text")
            if raw is None:
                raw = incoming.get("bytes") or b""
            if not pending.allow():
                reply(error_frame("rate_limited", "too many messages: slow down",
                                  limit=int(pending.rate)))
                continue
            try:
                msg = parse_message(raw)
                if msg.type == "ping":
                    reply({"type": "pong"})
                    continue
                if msg.type == "join":
                    table, conn = await join(server, pending, msg.fields["token"], table)
                    continue
                if table is None or conn is None:
                    raise ProtocolError(
                        f"{msg.type!r} before 'join': expected a join with your link's token "
                        "first", "join_first", type=msg.type,
                    )
                await act(table, conn, msg.type, msg.fields)
            except ProtocolError as exc:
                reply(error_frame(exc.key, str(exc), **exc.params))
            except FivesError as exc:
                reply(engine_error_frame(exc))
            except sqlite3.Error as exc:  # not written, so not applied: the client may retry
                log.error("table %s: could not store an action: %s",
                          table.id if table else "-", exc)
                reply(error_frame("server_error", "the server could not store that action"))
    finally:
        if table is not None and conn is not None:
            table.connections.discard(conn)
            table.broadcast([])  # others see that this seat left
            game = table.game
            if game is not None and game.phase_name == "play" and game.turn == conn.seat:
                table.schedule()  # the player to move left: start the grace period
        pending.queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await send_task


async def join(
    server: GameServer, pending: Connection, token: str, current: Table | None
) -> tuple[Table, Connection]:
    if current is not None:
        raise ProtocolError("already joined: one seat per connection", "already_joined")
    found = server.storage.find_token(token) if 0 < len(token) <= 100 else None
    table = server.tables.get(found[0]) if found else None
    if found is None or table is None:
        raise ProtocolError(
            "unknown link: expected the full link of a seat or of a table's spectators",
            "bad_token",
        )
    pending.seat = found[1]
    async with table.lock:
        table.connections.add(pending)
        if table.game is None:
            return table, pending
        if pending.seat is not None:
            table.seen.add(pending.seat)
            if table.game.phase_name == "play" and table.game.turn == pending.seat:
                table.schedule()  # back in time: no stand-in
        # A fresh full view with this hand's story; then everyone sees the seat connected.
        table.send(pending, {**table.frame_for(pending.seat, list(table.recent)), "full": True})
        others = [c for c in table.connections if c is not pending]
        frames: dict[int | None, dict[str, Any]] = {}
        for conn in others:
            if conn.seat not in frames:
                frames[conn.seat] = table.frame_for(conn.seat, [])
            table.send(conn, frames[conn.seat])
    return table, pending


async def act(table: Table, conn: Connection, kind: str, fields: dict[str, Any]) -> None:
    seat = conn.seat
    if kind == "record":
        game = table.game
        number = fields.get("game", table.game_no)
        if not 1 <= number <= table.game_no:
            raise ProtocolError(
                f"game {number} of this table: expected 1 to {table.game_no}", "bad_game_no",
                value=number, count=table.game_no,
            )
        if number == table.game_no and (game is None or not game.is_over):
            raise ProtocolError(
                "the record can be downloaded once the game is over", "record_not_ready"
            )
        if number < table.game_no:
            record = table.finished[number - 1]
        else:
            assert game is not None
            record = game.to_record()
        conn.queue.put_nowait(
            json.dumps({"type": "record", "game": number, "record": record})
        )
        return
    if seat is None:
        raise ProtocolError("spectators watch: they cannot play", "spectator")
    async with table.lock:
        game = table.game
        assert game is not None
        if kind == "play":
            if table.seats[seat].kind == "bot":
                raise ProtocolError("this seat is played by a bot", "bot_seat")
            await table.play(seat, fields["move"], "seat")
        elif kind == "next_hand":
            if game.phase_name != "hand_over":
                raise ProtocolError(
                    f"no next hand now: the game is in phase {game.phase_name!r}", "not_hand_over",
                    phase=game.phase_name,
                )
            await table.deal(new_game=False)
        elif kind == "rematch":
            if not game.is_over:
                raise ProtocolError("a rematch starts once the game is over", "not_game_over")
            await table.deal(new_game=True)
