"""The runtime around the table services: asyncio, storage, bot workers, connections.

``GameServer`` keeps the tables that are in use in memory (``LiveTable``: a ``TableService``,
its lock, its connections and its pending wake). For each command it asks the service for the
log entry, appends it to ``Storage`` (keyed by table and seq), then applies it and queues the
frames the service returns. It runs each table's ``Wake`` when due (asking ``BotPool`` for bot
moves), loads a table from its log when one of its links is used, and drops tables from memory
when they are finished or idle and nobody is connected.

A ``Connection`` is one client's way out, bounded: a client that does not read its frames fast
enough is closed (``protocol.CLOSE_TOO_SLOW``) instead of growing the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fives.errors import FivesError
from fives.web.botworker import BotPool
from fives.web.config import Limits, ServerConfig
from fives.web.delta import DeltaWriter
from fives.web.guard import COSTLY, Bucket, command_bucket, command_refused
from fives.web.metrics import Metrics
from fives.web.pauses import Collector, LoopLag
from fives.web.protocol import (
    CLOSE_GOING_AWAY,
    CLOSE_TOO_SLOW,
    ProtocolError,
    TableRequest,
    encode,
)
from fives.web.service import TableService
from fives.web.storage import SeqTaken, Storage, new_table_id, new_token
from fives.web.table_types import Entry, Frames, Policy, Wake

log = logging.getLogger("fives.web")
_ids = itertools.count(1)
# A scheduled action whose bot or storage failed is tried again after this long, doubling up
# to the most: a table notices within about RETRY_MAX_S that its storage is back.
RETRY_FIRST_S = 0.1
RETRY_MAX_S = 1.0
RETENTION_EVERY_S = 3600.0  # how often old finished tables are looked for


# How long a bot of each level takes to move, forced or not, after the table's bot delay: at
# least its search budget (bots/search.py, bots/expert.py) and the round trip to its worker, so
# that its time does not tell whether it had a choice. Noise of up to a third more covers the
# rest (a search that ran over on a loaded machine).
THINK_S = {"random": 0.05, "greedy": 0.05, "heuristic": 0.1, "search": 0.3, "expert": 0.5}


def think_pad(level: str, spent: float) -> float:
    """What to wait after a move that took ``spent`` seconds to choose."""
    think = THINK_S.get(level, 0.5)
    return max(0.0, think * random.uniform(1.0, 4 / 3) - spent)


class QuietLog:
    """An error logged at most once per ``every`` seconds, with a count of those left out (a
    storage fault hits every table at once: one line a second says it)."""

    def __init__(self, every: float = 1.0) -> None:
        self.every = every
        self.last = -1e9
        self.left_out = 0

    def note(self, message: str) -> None:
        now = time.monotonic()
        if now - self.last < self.every:
            self.left_out += 1
            return
        more = f" (and {self.left_out} more like it)" if self.left_out else ""
        self.last, self.left_out = now, 0
        log.error("%s%s", message, more)


# A socket's direct frame writer (``endpoint.FRAMES_KEY``): it writes a text frame at once and
# says how many frames it wrote while the transport's buffer was over its high-water mark, or
# -1 when it wrote nothing (the socket is closing or gone).
FrameWriter = Callable[[str], int]


@dataclass(eq=False)
class Connection:
    """One client socket's side of the server: its seat and its way out, bounded.

    With ``write`` (the server offers it: ``fives serve``), each frame is written to the
    socket at once, in the order it is sent; without it, frames wait in ``queue`` for the
    endpoint's writer task. Either way, a socket with more than ``limit`` frames its client
    has not read (past the transport's high-water mark, or in the queue) is kicked
    (``CLOSE_TOO_SLOW``)."""

    address: str
    limit: int
    kick: Callable[[int, str], None]  # close the socket with this code and reason
    id: int = field(default_factory=lambda: next(_ids))
    seat: int | None = None
    name: str | None = None  # the nickname its join gave (checked), shown to the table
    queue: asyncio.Queue[str | None] = field(init=False)
    # Nothing more is sent: it fell behind, was kicked, or its socket is gone.
    stopped: bool = False
    deltas: DeltaWriter | None = None  # the socket asked for delta frames at its join
    write: FrameWriter | None = None

    def __post_init__(self) -> None:
        self.queue = asyncio.Queue(maxsize=self.limit + 1)  # +1: room for the end marker

    def send(self, text: str) -> None:
        if self.stopped:
            return
        if self.deltas is not None:
            text = self.deltas.text(text)
        write = self.write
        if write is not None:
            unread = write(text)
            if unread > self.limit:
                self.stopped = True
                self.kick(CLOSE_TOO_SLOW, "falling behind: frames were not read")
            elif unread < 0:
                self.stopped = True  # the socket is going: its reader sees the end
            return
        if self.queue.qsize() >= self.limit:
            self.stopped = True
            self.kick(CLOSE_TOO_SLOW, "falling behind: frames were not read")
            return
        self.queue.put_nowait(text)

    def end(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)


@dataclass(eq=False)
class LiveTable:
    service: TableService
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: dict[int, Connection] = field(default_factory=dict)
    task: asyncio.Task[None] | None = None
    scheduled: Wake | None = None
    broken: bool = False
    creator: str | None = None  # the address that created it here (None: loaded from its log)


class JoinRates:
    """Joins per client address and per table, as token buckets: a join (or the leave that
    ends it) costs the table a presence message at most, and the joiner a full frame; a loop
    of them from one address, or from many at one table, is refused past its rate. Seats and
    spectators have buckets of their own: the public watch link, joined and dropped from
    many addresses, never uses up what the table's players need to come back."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.by_address: dict[tuple[str, bool], Bucket] = {}
        self.by_table: dict[tuple[str, bool], Bucket] = {}

    def allow(self, address: str, table_id: str, seat: bool) -> None:
        """Count a join (``seat``: a seat's link, else the spectators'); ``ProtocolError``
        ("joins_rate") when either rate is used up."""
        limits = self.limits
        mine = self.by_address.setdefault(
            (address, seat), Bucket(limits.joins_per_minute / 60, limits.joins_burst))
        table = self.by_table.setdefault(
            (table_id, seat),
            Bucket(limits.table_joins_per_minute / 60, limits.table_joins_burst))
        if not mine.allow():
            raise ProtocolError("too many joins and leaves: wait a few seconds", "joins_rate")
        if not table.allow():
            mine.give_back()
            raise ProtocolError("too many joins and leaves: wait a few seconds", "joins_rate")

    def sweep(self) -> None:
        for buckets in (self.by_address, self.by_table):
            for key in [k for k, b in buckets.items() if b.full()]:
                del buckets[key]


class GameServer:
    """All tables this process holds, their storage, and the bots' worker processes."""

    def __init__(self, storage: Storage, config: ServerConfig, metrics: Metrics) -> None:
        self.storage = storage
        self.config = config
        self.metrics = metrics
        self.policy = Policy(config.bot_delay, config.away_grace, config.auto_next,
                             config.hand_break)
        self.bots = BotPool(config.bot_workers)
        # Hints think in a worker of their own: however many are asked, the tables' bots never
        # wait behind them (each is also budgeted per address and per table).
        self.hint_bots = BotPool(1)
        # table -> its budget of hints, of undos (``guard.COSTLY``)
        self.command_budgets: dict[str, dict[str, Bucket]] = {c: {} for c in COSTLY}
        self.tables: dict[str, LiveTable] = {}
        self.loading: dict[str, asyncio.Future[LiveTable | None]] = {}
        self.stopping = False
        self.commits_in_flight = 0
        self.housekeeper: asyncio.Task[None] | None = None
        self.bot_tables: dict[str, set[str]] = {}  # address -> its tables of bots alone
        self.lag = LoopLag(metrics)
        self.collector = Collector(metrics, unfreeze_every=config.gc_full_every) \
            if config.gc_tuning else None
        # Told (table id, whether a game is in progress) when a game ends or a rematch starts:
        # the lobby lists only games in progress.
        self.game_listeners: list[Callable[[str, bool], Awaitable[None]]] = []
        self.chores: set[asyncio.Task[None]] = set()
        self.hinting: set[tuple[str, int]] = set()  # (table, seq): one hint at a time each
        self.storage_errors = QuietLog()
        self.joins = JoinRates(config.limits)
        self.flooders: dict[str, float] = {}  # address -> until when it may open no socket
        self.next_retention = 0.0  # when the next deletion of old finished tables runs

    # --- lifecycle --------------------------------------------------------------------------

    async def start(self) -> None:
        self.storage.start()
        since = time.time() - self.config.limits.table_idle
        for table_id in await self.storage.active_table_ids(since):
            await self.table(table_id)
        self.housekeeper = asyncio.ensure_future(self._housekeeping())
        self.watch_pauses()

    def watch_pauses(self) -> None:
        """Start the loop-lag probe and, when configured, the collector's settings (after the
        tables of a restart are loaded, so that they are frozen with the rest of start-up)."""
        self.lag.start()
        if self.collector is not None:
            self.collector.start()

    async def going_away(self, wait: float = 1.0) -> None:
        """Stop taking actions and close every socket with "going away" (before the transport
        shuts down), giving clients ``wait`` seconds to see it."""
        self.stopping = True
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
            for conn in list(table.conns.values()):
                conn.kick(CLOSE_GOING_AWAY, "server going away: reconnect soon")
        deadline = time.monotonic() + wait
        while any(t.conns for t in self.tables.values()) and time.monotonic() < deadline:
            await asyncio.sleep(0.02)

    async def stop(self) -> None:
        """Stop scheduling, let commits in flight finish, drop bot moves in flight."""
        self.stopping = True
        if self.housekeeper is not None:
            self.housekeeper.cancel()
        self.lag.stop()
        if self.collector is not None:
            self.collector.stop()
        for table in self.tables.values():
            if table.task is not None:
                table.task.cancel()
        self.bots.close()
        self.hint_bots.close()
        deadline = time.monotonic() + self.config.limits.shutdown_grace
        while self.commits_in_flight and time.monotonic() < deadline:
            await asyncio.sleep(0.01)
        for table in self.tables.values():
            for conn in table.conns.values():
                conn.end()
        self.storage.close()

    # --- tables in memory ---------------------------------------------------------------------

    async def table(self, table_id: str) -> LiveTable | None:
        """The table, loaded from its log if it is not in memory."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        pending = self.loading.get(table_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self.loading[table_id] = future
        try:
            live = await self._load(table_id)
            if live is not None:
                self.tables[table_id] = live
                self.metrics.tables.set(len(self.tables))
                self._schedule(live)
            future.set_result(live)
            return live
        finally:
            del self.loading[table_id]

    async def _load(self, table_id: str) -> LiveTable | None:
        service = await self.rebuild(table_id)
        return None if service is None else LiveTable(service)

    async def rebuild(self, table_id: str) -> TableService | None:
        """The table's service replayed from its log (None: no such table, or a log that does
        not replay), not kept: the caller keeps it or only reads it."""
        stored = await self.storage.load(table_id)
        if stored is None:
            return None
        config, entries = stored
        try:
            service = TableService(table_id, config, self.policy)
            service.may_run_alone = False  # whose budget it was is not known any more
            service.replay(entries)
        except (FivesError, ValueError, KeyError) as exc:
            log.error("table %s cannot be rebuilt from its log (%s)", table_id,
                      getattr(exc, "key", type(exc).__name__))
            return None
        return service

    async def readable(self, table_id: str) -> TableService | None:
        """The table's service to read finished games' records from (a game review): the
        table, loaded here if it is not in memory (the shared mode reads it without owning
        it, ``SharedGameServer.readable``)."""
        live = await self.table(table_id)
        return None if live is None else live.service

    def evict_idle(self, now: float | None = None) -> int:
        """Drop the tables nobody is connected to that are finished or idle; their log stays."""
        now = time.time() if now is None else now
        idle = self.config.limits.table_idle
        gone = [
            table_id for table_id, t in self.tables.items()
            if not t.conns and not t.lock.locked()
            and (t.service.is_finished or now - t.service.last_at >= idle)
        ]
        for table_id in gone:
            table = self.tables.pop(table_id)
            if table.task is not None:
                table.task.cancel()
        self.metrics.tables.set(len(self.tables))
        self.bot_tables = {address: held for address, held in self.bot_tables.items()
                           if any(t in self.tables for t in held)}
        return len(gone)

    async def delete_old_tables(self, now: float | None = None, limit: int = 200) -> int:
        """Delete the finished tables idle for ``retention_days`` (not those in memory, not
        those whose game goes on); how many went."""
        now = time.time() if now is None else now
        before = now - self.config.retention_days * 86400
        deleted = 0
        for table_id in await self.storage.idle_table_ids(before, limit):
            if table_id in self.tables or table_id in self.loading:
                continue
            stored = await self.storage.load(table_id)
            if stored is None:
                continue
            try:
                service = TableService(table_id, stored[0], self.policy)
                service.replay(stored[1])
            except (FivesError, ValueError, KeyError):
                continue  # a log that does not replay is left for a person to look at
            if service.is_finished or service.game is None:
                await self.storage.delete_table(table_id)
                deleted += 1
        return deleted

    async def _housekeeping(self) -> None:
        while True:
            await asyncio.sleep(min(30.0, max(0.5, self.config.limits.table_idle / 4)))
            self.evict_idle()
            self.joins.sweep()
            for buckets in self.command_budgets.values():
                for table_id in [t for t, b in buckets.items() if b.full()]:
                    del buckets[table_id]
            now = time.monotonic()
            for address in [a for a, until in self.flooders.items() if until <= now]:
                del self.flooders[address]  # in place: the transport shares the dict
            if self.config.retention_days > 0 and time.monotonic() >= self.next_retention:
                self.next_retention = time.monotonic() + RETENTION_EVERY_S
                try:
                    await self.delete_old_tables()
                except Exception as exc:  # the storage is away: the next round tries again
                    self.storage_errors.note(f"retention: {type(exc).__name__}")

    # --- commands ---------------------------------------------------------------------------

    def _bot_tables_of(self, address: str) -> set[str]:
        """The address's unfinished tables of bots alone (those this process holds)."""
        mine = self.bot_tables.get(address, set())
        return {t for t in mine if t in self.tables and not self.tables[t].service.is_finished}

    def _alone(self, address: str) -> int:
        """How many of the address's tables with a person play on with nobody connected."""
        return sum(1 for t in self.tables.values()
                   if t.creator == address and not t.conns and t.service.may_run_alone
                   and not t.service.bots_only and not t.service.is_finished)

    def _check_bot_tables(self, address: str) -> set[str]:
        """The address's unfinished tables of bots alone (those this process holds), or
        ``ProtocolError`` when it has as many as it may, counting its tables with a person
        that play on with nobody connected."""
        mine = self._bot_tables_of(address)
        limit = self.config.limits.bot_tables_per_address
        if len(mine) + self._alone(address) >= limit:
            raise ProtocolError(
                f"too many tables without a person from your address: at most {limit} at "
                "once, until one ends", "bot_tables", limit=limit,
            )
        return mine

    async def create(self, request: TableRequest, address: str | None = None) -> dict[str, Any]:
        """Store a checked table request with its links, deal the first hand. A table of bots
        alone counts against ``address``'s ``bot_tables_per_address``."""
        bots_only = all(kind == "bot" for kind in request.kinds)
        mine = self._check_bot_tables(address) if bots_only and address is not None else None
        table_id = new_table_id()
        tokens = [new_token() for _ in request.kinds]
        watch = new_token()
        service = TableService(table_id, request.config, self.policy)
        service.may_run_alone = False  # until someone came and left (``leave``)
        await self.storage.create_table(
            table_id, request.config, [(t, i) for i, t in enumerate(tokens)] + [(watch, None)]
        )
        live = LiveTable(service, creator=address)
        self.tables[table_id] = live
        self.metrics.tables.set(len(self.tables))
        if mine is not None and address is not None:
            self.bot_tables[address] = mine | {table_id}
        try:
            async with live.lock:
                await self.commit(live, service.first_deal())
        except BaseException:  # not dealt: the table is not offered (its links never left)
            self.tables.pop(table_id, None)
            raise
        links = [
            {"seat": i, "kind": kind, "url": f"/play#t={token}" if kind != "bot" else None}
            for i, (kind, token) in enumerate(zip(request.kinds, tokens, strict=True))
        ]
        me = next((link["url"] for link in links if link["kind"] == "me"), None)
        return {"table": table_id, "seats": links, "watch": f"/play#w={watch}", "me": me}

    async def join(self, conn: Connection, token: str) -> LiveTable:
        found = await self.storage.find_token(token) if 0 < len(token) <= 100 else None
        if found is not None:
            self.joins.allow(conn.address, found[0], found[1] is not None)
        table = await self.table(found[0]) if found else None
        if found is None or table is None:
            raise ProtocolError(
                "unknown link: expected the full link of a seat or of a table's spectators",
                "bad_token",
            )
        conn.seat = found[1]
        async with table.lock:
            table.conns[conn.id] = conn
            self.deliver(table, table.service.join(conn.id, conn.seat, conn.name))
            self._schedule(table)
        return table

    def leave(self, table: LiveTable, conn: Connection) -> None:
        if table.conns.pop(conn.id, None) is None:
            return
        service = table.service
        if not table.conns and not service.bots_only:
            # The last one left a person's table: it plays on alone (timers, stand-ins) only
            # as one of its creator's tables without a person.
            creator = table.creator
            service.may_run_alone = False  # not counted among its creator's yet
            service.may_run_alone = creator is not None and (
                len(self._bot_tables_of(creator)) + self._alone(creator)
                < self.config.limits.bot_tables_per_address)
        self.deliver(table, service.leave(conn.id))
        self._schedule(table)

    def abandon(self, conn: Connection) -> None:
        """A socket that closed while its join was still under way: whatever the join had
        registered leaves, so that no table counts a seat as present that nobody holds."""
        for table in list(self.tables.values()):
            if conn.id in table.conns:
                self.leave(table, conn)

    async def act(self, table: LiveTable, conn: Connection, kind: str,
                  fields: dict[str, Any]) -> None:
        if kind == "record":
            number = fields.get("game", table.service.game_no)
            record = table.service.record(number)
            conn.send(encode({"type": "record", "game": number, "record": record}))
            return
        if kind == "hint":
            await self.hint(table, conn)
            return
        if kind == "resync":  # the client missed a frame: its whole view again
            if table.service.game is not None:
                conn.send(table.service.full_frame(conn.seat))
            return
        if kind == "undo":  # a log entry, and the game rebuilt
            self._count(table.service.id, kind)
        async with table.lock:
            entry = table.service.check_command(conn.seat, kind, fields)
            if entry is None:  # a seat ready, an offer, a stand-in now: the table is told
                self.deliver(table, table.service.frames([]))
                self._schedule(table)
                return
            await self.commit(table, entry)

    def _count(self, table_id: str, command: str) -> None:
        """Count a costly command at its table; ``ProtocolError`` past the table's budget."""
        if not command_bucket(self.command_budgets[command], table_id, command,
                              self.config.limits).allow():
            raise command_refused(command)

    async def hint(self, table: LiveTable, conn: Connection) -> None:
        """A bot's advice for this seat's turn, to this connection only."""
        service = table.service
        view = service.hint_view(conn.seat)
        key = (service.id, service.seq)
        if key in self.hinting:  # one at a time: a bot's time is the server's
            raise ProtocolError("a hint is on its way", "hint_busy")
        self._count(service.id, "hint")
        self.hinting.add(key)
        try:
            ranked = await self.hint_bots.hint(view)
        finally:
            self.hinting.discard(key)
        if ranked is None:
            raise ProtocolError("no hint available now: try again", "hint_unavailable")
        conn.send(encode({"type": "hint", "seq": key[1], "unit": view.rules.unit,
                          "moves": ranked}))

    async def commit(self, table: LiveTable, entry: Entry) -> None:
        """Write the entry durably, then apply it and tell everyone. The caller holds the lock
        and the service has checked the entry."""
        service = table.service
        seq = service.seq + 1
        started = time.perf_counter()
        self.commits_in_flight += 1
        try:
            at = await self.storage.append(service.id, seq, entry.kind, entry.payload)
        except SeqTaken:
            # Another process wrote this seq first: catch up from the log, then refuse.
            await self._catch_up(table)
            raise
        finally:
            self.commits_in_flight -= 1
        self.metrics.commit_seconds.observe(time.perf_counter() - started)
        self.metrics.actions.inc()
        self.deliver(table, service.apply(entry, seq, at))
        self._schedule(table)
        if entry.kind == "move" and service.is_finished:
            self._tell_listeners(service.id, False)
        elif entry.kind == "deal" and entry.payload.get("new_game") and service.game_no > 1:
            self._tell_listeners(service.id, True)

    def _tell_listeners(self, table_id: str, in_progress: bool) -> None:
        async def tell(listener: Callable[[str, bool], Awaitable[None]]) -> None:
            try:
                await listener(table_id, in_progress)
            except Exception as exc:  # the lobby's listing is late; the game goes on
                log.error("table %s: a game listener failed (%s)", table_id,
                          type(exc).__name__)

        for listener in self.game_listeners:
            task = asyncio.ensure_future(tell(listener))
            self.chores.add(task)
            task.add_done_callback(self.chores.discard)

    async def _catch_up(self, table: LiveTable) -> None:
        stored = await self.storage.load(table.service.id)
        if stored is None:
            return
        service = table.service
        newer = [e for e in stored[1] if e.seq > service.seq]
        for entry in newer:
            self.deliver(table, service.apply(Entry(entry.kind, entry.payload), entry.seq,
                                              entry.at))
        self._schedule(table)

    def deliver(self, table: LiveTable, frames: Frames) -> None:
        """Send each connection's frame: the seats' first, then the spectators'. Frames are
        written (or each socket's writer wakes) in the order they are sent, so a player who
        joined after two thousand spectators is not served after all of them."""
        spectators: list[tuple[Connection, str]] = []
        for conn_id, text in frames.items():
            conn = table.conns.get(conn_id)
            if conn is None:
                continue
            if conn.seat is None:
                spectators.append((conn, text))
            else:
                conn.send(text)
        for conn, text in spectators:
            conn.send(text)

    # --- what happens without a client ------------------------------------------------------

    def _schedule(self, table: LiveTable) -> None:
        wake = table.service.wake
        if wake == table.scheduled and table.task is not None and not table.task.done():
            return
        if table.task is not None and not table.task.done():
            table.task.cancel()
        table.task = None
        table.scheduled = wake
        if wake is None or self.stopping or table.broken:
            return
        table.task = asyncio.ensure_future(self._run_wake(table, wake))

    async def _run_wake(self, table: LiveTable, wake: Wake) -> None:
        """Do the wake when due; when its bot cannot answer or its entry cannot be stored, try
        again after ``RETRY_FIRST_S``, doubling up to ``RETRY_MAX_S``: a table whose storage
        comes back goes on by itself, with nobody joining."""
        await asyncio.sleep(max(0.0, wake.at - time.time()))
        failures = 0
        while not await self._try_wake(table, wake):
            failures += 1
            me = asyncio.current_task()
            if self.stopping or self.tables.get(table.service.id) is not table or (
                    table.task is not None and table.task is not me):
                return  # the table left, or another task has its wake now
            table.task = me  # still this wake's: _schedule leaves it be
            table.scheduled = wake
            await asyncio.sleep(min(RETRY_MAX_S, RETRY_FIRST_S * 2 ** (failures - 1)))

    async def _try_wake(self, table: LiveTable, wake: Wake) -> bool:
        """One try at a due wake: False when it must be tried again."""
        service = table.service
        move: str | None = None
        turn = service.bot_turn(wake)
        if turn is not None:
            started = time.monotonic()
            move = turn.move or await self.bots.choose(turn.level, turn.view, turn.counting)
            if move is None:  # no worker could answer: try again later, never a stand-in
                return False
            if move.split("=", 1)[0] not in turn.legal:  # a claim comes with a placement
                log.error("table %s: bot gave an illegal move", service.id)
                return True
            if self.config.bot_delay > 0:  # a server for people (0: tests and benches)
                await asyncio.sleep(think_pad(turn.level, time.monotonic() - started))
        if self.stopping:
            return True
        async with table.lock:
            try:
                entry = service.check_wake(wake, move)
                if entry is not None:
                    table.task = None  # this wake is done: the commit schedules the next
                    await self.commit(table, entry)
                elif wake.action == "call" and table.task is asyncio.current_task():
                    table.task = None  # no bot called muggins: the table's next wake
                    self._schedule(table)
            except (FivesError, ProtocolError) as exc:
                # The key only: the message may name the seat's tiles (logs stay tile-free).
                log.error("table %s: scheduled move refused (%s)", service.id,
                          getattr(exc, "key", "?"))
            except Exception as exc:  # storage failure: the same wake is tried again
                self.storage_errors.note(f"table {service.id}: could not store a scheduled "
                                         f"action ({type(exc).__name__}); trying again")
                return False
        return True
