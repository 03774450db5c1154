"""The shared mode's runtime: many server processes on PostgreSQL and Redis.

``SharedGameServer`` is the single process's ``GameServer`` with three changes:

- **One owner per table.** A process holds a table's game only while it holds the table's
  lease (``fives.web.coordination``); it takes the lease, writes the lease's fencing token to
  the table's row, then reads the log and rebuilds the game (``_load``). Its appends carry that
  token, so once another process has taken over, the old one cannot write again
  (``fives.web.pgstore``). Timers and bots run where the table is owned, from the log's times.
- **Sockets anywhere.** A socket on a process that does not own its table is *attached* there:
  its join, leave and commands go to the owner's inbox, and the owner sends that socket's
  frames back through the process's inbox (``RemoteConnection``), one message per process and
  event loop turn. The owner builds every seat's frame, so hidden tiles still leave only in the
  frame of the seat that holds them.
- **Failover.** Every process renews its leases. A process that dies stops listening to its
  inbox at once (the kernel closes its Redis connection), and a lease whose holder does not
  listen may be taken without waiting for it to run out (``Coordinator.acquire``): the sweeper
  of each process (every half second) takes over the live tables whose holder is gone, and a
  command or join for such a table takes it over too, several tables at a time. A process
  that is only paused still listens, so its tables wait for its lease to run out. The new
  owner announces itself; attached sockets join it and get a full view. A process that lost a
  table (paused past its lease, or cut off from Redis) drops it when its renewal or its next
  append fails: the fencing token, not the timing, is what keeps two owners from writing.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import random
import time
from collections.abc import Coroutine
from typing import Any

from fives.errors import FivesError
from fives.web.config import ServerConfig
from fives.web.coordination import Coordinator
from fives.web.hub import Connection, GameServer, LiveTable
from fives.web.metrics import Metrics
from fives.web.pgstore import Fenced, PgStorage
from fives.web.protocol import (
    ProtocolError,
    TableRequest,
    encode,
    engine_error_frame,
    error_frame,
)
from fives.web.remote import RemoteConnection
from fives.web.service import TableService
from fives.web.storage import StorageError

log = logging.getLogger("fives.web")

# Local connection ids are below this; each process adds its own multiple of it.
ID_SPACE = 1 << 32
# How many tables a sweep rebuilds at once.
TAKEOVERS_AT_ONCE = 64


_text = encode


class SharedGameServer(GameServer):
    """A ``GameServer`` that shares its tables with other processes (see the module doc)."""

    def __init__(self, storage: PgStorage, config: ServerConfig, metrics: Metrics,
                 coord: Coordinator, sweep_s: float = 0.5) -> None:
        super().__init__(storage, config, metrics)
        self.pg = storage
        self.coord = coord
        self.sweep_s = sweep_s
        self.me = coord.proc
        self.id_base = 0
        # Local sockets whose table another process owns, by table and connection id.
        self.attached: dict[str, dict[int, Connection]] = {}
        self.stubs: dict[str, LiveTable] = {}  # what the endpoint holds for attached sockets
        self.inbound: dict[str, list[dict[str, Any]]] = {}  # per table, in arrival order
        self.serving: set[str] = set()
        self.outboxes: dict[str, list[tuple[int, str]]] = {}
        self.flushing = False
        self.background: set[asyncio.Task[Any]] = set()
        self.loops: list[asyncio.Task[None]] = []
        self.sockets: dict[int, Connection] = {}  # every joined socket of this process
        # The owner of each table with attached sockets, as last heard (a stale one forwards
        # what it gets, or is found gone when nobody hears at its inbox).
        self.owners: dict[str, str] = {}
        self.gone: set[str] = set()  # processes found gone (a process id is never reused)
        self.retake: set[str] = set()  # tables whose lease renewal failed, to take again
        self.rejoin: set[str] = set()  # tables whose owner must hear our sockets' joins again
        self.letting_go: dict[str, asyncio.Task[None]] = {}  # evicted tables' lease releases
        # The table each create in flight took a lease for, by the task creating it.
        self.creating: dict[asyncio.Task[Any] | None, str] = {}
        storage.before_create = self._before_create

    # --- lifecycle --------------------------------------------------------------------------

    async def start(self) -> None:
        await self.pg.open()
        self.storage.start()
        self.id_base = (await self.coord.next_id()) * ID_SPACE
        await self.coord.start(self._on_message, self._resync)
        self.loops = [asyncio.ensure_future(self._renew_loop()),
                      asyncio.ensure_future(self._sweep_loop()),
                      asyncio.ensure_future(self._housekeeping())]
        self.watch_pauses()

    async def going_away(self, wait: float = 1.0) -> None:
        for conns in self.attached.values():
            for conn in list(conns.values()):
                conn.kick(1001, "server going away: reconnect soon")
        await super().going_away(wait)

    async def stop(self) -> None:
        for task in self.loops:
            task.cancel()
        await super().stop()
        for conns in self.attached.values():
            for conn in conns.values():
                conn.end()
        with contextlib.suppress(Exception):
            await self._mark_owned_live()  # let another process take them
        await self.coord.stop()  # releases the leases: the others take over at once
        await self.pg.aclose()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self.background.add(task)
        task.add_done_callback(self._background_done)
        return task

    def _background_done(self, task: asyncio.Task[Any]) -> None:
        """Every background task's failure is retrieved and said (once a second at most: a
        Redis outage fails every message at once); what it was for is redone by the sweeper
        and the resync once Redis is back."""
        self.background.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is not None:
            self.storage_errors.note(f"background task failed ({type(exc).__name__})")

    # --- owning tables ----------------------------------------------------------------------

    async def _before_create(self, table_id: str) -> int:
        token = await self.coord.acquire(table_id)
        if token is None:  # a fresh random id: nobody can hold it
            raise StorageError(f"table {table_id}: its lease is taken")
        self.creating[asyncio.current_task()] = table_id
        return token

    async def create(self, request: TableRequest, address: str | None = None) -> dict[str, Any]:
        try:
            created = await super().create(request, address)
        except BaseException:
            # Not stored, or not dealt: the table is not offered, and its lease, taken before it
            # was stored, would otherwise be renewed for as long as this process runs.
            table_id = self.creating.pop(asyncio.current_task(), None)
            if table_id is not None and table_id not in self.tables:
                self.pg.disown(table_id)
                with contextlib.suppress(Exception):
                    await self.coord.release(table_id)
            raise
        self.creating.pop(asyncio.current_task(), None)
        await self.coord.mark_live(created["table"], True)
        return created

    async def _load(self, table_id: str) -> LiveTable | None:
        releasing = self.letting_go.get(table_id)
        if releasing is not None:  # evicted a moment ago: its live mark and lease go first
            await asyncio.wait([releasing])
        token = await self.coord.acquire(table_id)
        if token is None:
            return None
        try:
            if not await self.pg.claim(table_id, token):
                # Redis forgot the table's tokens (flushed, or a new Redis): move past PostgreSQL's.
                epoch = await self.pg.epoch(table_id)
                await self.coord.release(table_id)
                if epoch is None:
                    return None
                await self.coord.raise_epoch(table_id, epoch)
                token = await self.coord.acquire(table_id)
                if token is None or not await self.pg.claim(table_id, token):
                    await self.coord.release(table_id)
                    return None
            live = await super()._load(table_id)
        except BaseException:
            with contextlib.suppress(Exception):
                await self.coord.release(table_id)
            self.pg.disown(table_id)
            raise
        if live is None:
            await self.coord.release(table_id)
            self.pg.disown(table_id)
            return None
        self.owners.pop(table_id, None)
        for conn in self.attached.pop(table_id, {}).values():  # our sockets join it here
            live.conns[conn.id] = conn
            self.deliver(live, live.service.join(conn.id, conn.seat, conn.name))
        self.stubs.pop(table_id, None)
        self.spawn(self.coord.announce({"op": "owner", "table": table_id, "proc": self.me}))
        self.spawn(self.coord.mark_live(table_id, True))
        log.info("table %s: owned here (token %d)", table_id, token)
        return live

    async def readable(self, table_id: str) -> TableService | None:
        """The table here if this process owns it, else replayed from its log without taking
        its lease: reading a finished game's record takes no table from its owner."""
        live = self.tables.get(table_id)
        return live.service if live is not None else await self.rebuild(table_id)

    def _lose(self, table_id: str, why: str) -> None:
        """Another process owns the table now: forget its game, keep our sockets attached."""
        live = self.tables.pop(table_id, None)
        self.pg.disown(table_id)
        self.coord.owned.pop(table_id, None)
        if live is None:
            return
        if live.task is not None:
            live.task.cancel()
        mine = {i: c for i, c in live.conns.items() if not isinstance(c, RemoteConnection)}
        if mine:
            self.attached.setdefault(table_id, {}).update(mine)
            # They join the new owner (the sweeper sees to it): its announcement may have gone
            # unheard (our inbox deaf after a Redis restart), and then nothing else would.
            self.rejoin.add(table_id)
        self.metrics.tables.set(len(self.tables))
        log.warning("table %s: lost to another process (%s)", table_id, why)

    async def commit(self, table: LiveTable, entry: Any) -> None:
        try:
            await super().commit(table, entry)
        except Fenced:
            self._lose(table.service.id, "its append was refused")
            raise

    def evict_idle(self, now: float | None = None) -> int:
        """Drop idle tables and give up their leases (tasks: on the event loop only). A join
        or command for such a table meanwhile waits for its release in ``_load``."""
        before = set(self.tables)
        count = super().evict_idle(now)
        for table_id in before - set(self.tables):
            self.pg.disown(table_id)
            task = self.spawn(self._let_go(table_id))
            self.letting_go[table_id] = task
            task.add_done_callback(functools.partial(self._let_go_done, table_id))
        return count

    async def _let_go(self, table_id: str) -> None:
        """Unmark the table live, then release its lease (in this order: a live table without
        a lease is an orphan, which a sweeper would take at once). The lease is released even
        when Redis refused the first step; when the release fails too, it is no longer renewed
        and runs out (meanwhile this process may take it anew, see ``ACQUIRE``)."""
        try:
            await self.coord.mark_live(table_id, False)
        finally:
            await self.coord.release(table_id)  # renewed until then

    def _let_go_done(self, table_id: str, task: asyncio.Task[None]) -> None:
        if self.letting_go.get(table_id) is task:
            del self.letting_go[table_id]

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(self.coord.lease_s / 3)
            try:
                lost = await self.coord.renew()
            except Exception as exc:  # Redis away: the appends' fencing still holds
                log.error("lease renewal failed: %s", type(exc).__name__)
                continue
            for table_id in lost:
                self._lose(table_id, "its lease ran out")
                # Redis may have forgotten the lease (restarted empty, and its live set with
                # it): the sweeper takes the table again unless another process has it.
                self.retake.add(table_id)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.sweep_s * random.uniform(0.5, 1.5))
            try:
                await self.sweep()
            except Exception as exc:
                log.error("sweep failed: %s", type(exc).__name__)

    async def sweep(self) -> int:
        """Take over live tables nobody owns (their process died), and the tables of attached
        sockets whose owner is gone; how many were taken."""
        if self.stopping:
            return 0
        remote = {c.proc for live in self.tables.values() for c in live.conns.values()
                  if isinstance(c, RemoteConnection)}
        for proc in await self.coord.gone(sorted(remote)):  # died with sockets on our tables
            self._forget(proc)
        candidates = set(await self.coord.orphans())
        candidates.update(await self.coord.unowned(sorted(self.attached)))
        if self.retake:
            unowned = set(await self.coord.unowned(sorted(self.retake)))
            self.rejoin.update(self.retake - unowned)  # another process holds it: stay there
            self.retake.intersection_update(unowned)
            candidates.update(self.retake)
        for table_id in sorted(self.rejoin):
            if await self._rejoin(table_id):
                self.rejoin.discard(table_id)
        candidates.difference_update(self.tables)
        # Several at a time: a dead process leaves hundreds of tables, and each takeover
        # mostly waits on Redis and PostgreSQL.
        gate = asyncio.Semaphore(TAKEOVERS_AT_ONCE)

        async def take(table_id: str) -> bool:
            async with gate:
                return table_id not in self.tables and await self.table(table_id) is not None

        order = random.sample(sorted(candidates), len(candidates))
        results = await asyncio.gather(*(take(t) for t in order), return_exceptions=True)
        self.retake.difference_update(self.tables)
        for failed in (r for r in results if isinstance(r, BaseException)):
            log.error("takeover failed: %s", type(failed).__name__)
        return sum(r is True for r in results)

    # --- sockets ----------------------------------------------------------------------------

    async def _stub(self, table_id: str) -> LiveTable:
        stub = self.stubs.get(table_id)
        if stub is None:
            config = await self.pg.config(table_id)
            if config is None:
                raise ProtocolError("unknown link: expected the full link of a seat or of a "
                                    "table's spectators", "bad_token")
            stub = self.stubs[table_id] = LiveTable(TableService(table_id, config, self.policy))
        return stub

    async def _owner_of(self, table_id: str) -> LiveTable | str | None:
        """The table if this process owns it (taking it when nobody does), else its owner's
        process; None while it changes hands."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        owner = self.owners.get(table_id)
        if owner is None:
            owner = await self.coord.owner(table_id)
            if owner is not None and owner != self.me and table_id in self.attached:
                self.owners[table_id] = owner
        if owner is None or owner == self.me:
            return await self.table(table_id)
        return owner

    async def _route(self, table_id: str, message: dict[str, Any]) -> LiveTable | None:
        """Deliver ``message`` to the table's owner; the table instead if this process owns it
        (or took it over because the owner is gone). Waits up to a lease for an owner that
        does not answer but still holds its lease (paused, or cut off from Redis)."""
        deadline = time.monotonic() + self.coord.lease_s + 2.0
        while True:
            where = await self._owner_of(table_id)
            if isinstance(where, LiveTable):
                return where
            if where is not None:
                if await self.post(where, message):
                    return None
                self.owners.pop(table_id, None)
                # Nobody listens at the owner's inbox (it died): take the table now.
                live = await self.table(table_id)
                if live is not None:
                    return live
            if time.monotonic() > deadline:
                raise StorageError(f"table {table_id}: no process could take it")
            await asyncio.sleep(0.05)

    async def join(self, conn: Connection, token: str) -> LiveTable:
        if conn.id < ID_SPACE:
            conn.id += self.id_base
        found = await self.storage.find_token(token) if 0 < len(token) <= 100 else None
        if found is None:
            raise ProtocolError(
                "unknown link: expected the full link of a seat or of a table's spectators",
                "bad_token",
            )
        table_id, conn.seat = found
        self.joins.allow(conn.address, table_id, conn.seat is not None)
        self.sockets[conn.id] = conn
        self.attached.setdefault(table_id, {})[conn.id] = conn
        message = {"op": "join", "table": table_id, "conn": conn.id, "seat": conn.seat,
                   "name": conn.name, "from": self.me}
        try:
            live = await self._route(table_id, message)
            if live is None:
                return await self._stub(table_id)
        except StorageError as exc:  # logged where it is answered: say which table
            if str(exc).startswith(f"table {table_id}"):
                raise
            raise StorageError(f"table {table_id}: {exc}") from exc
        async with live.lock:
            if self.attached.get(table_id, {}).pop(conn.id, None) is not None:
                live.conns[conn.id] = conn
                self.deliver(live, live.service.join(conn.id, conn.seat, conn.name))
                self._schedule(live)
            if not self.attached.get(table_id, True):
                del self.attached[table_id]
                self.owners.pop(table_id, None)
        return live

    def leave(self, table: LiveTable, conn: Connection) -> None:
        table_id = table.service.id
        self.sockets.pop(conn.id, None)
        live = self.tables.get(table_id)
        if live is not None and conn.id in live.conns:
            super().leave(live, conn)
            return
        self._detach(table_id, conn.id)

    def abandon(self, conn: Connection) -> None:
        # The join may have been sent to the table's owner already (our inbox messages keep
        # their order, so this leave follows it there) and attached the socket here.
        self.sockets.pop(conn.id, None)
        for table_id in [t for t, conns in self.attached.items() if conn.id in conns]:
            self._detach(table_id, conn.id)
        super().abandon(conn)

    def _detach(self, table_id: str, conn_id: int) -> None:
        """A socket attached here to another process's table leaves it: tell the owner."""
        conns = self.attached.get(table_id, {})
        if conns.pop(conn_id, None) is None:
            return
        if not conns:
            del self.attached[table_id]
            self.stubs.pop(table_id, None)
            self.owners.pop(table_id, None)
        if not self.stopping:
            self.spawn(self._post_to_owner(table_id, {"op": "leave", "table": table_id,
                                                      "conn": conn_id}))

    async def _post_to_owner(self, table_id: str, message: dict[str, Any]) -> None:
        owner = await self.coord.owner(table_id)
        if owner is not None and owner != self.me:
            await self.post(owner, message)

    async def act(self, table: LiveTable, conn: Connection, kind: str,
                  fields: dict[str, Any]) -> None:
        table_id = table.service.id
        message = {"op": "act", "table": table_id, "conn": conn.id, "seat": conn.seat,
                   "kind": kind, "fields": fields, "from": self.me}
        for _ in range(3):
            live = self.tables.get(table_id)
            if live is not None and conn.id in live.conns:
                await super().act(live, conn, kind, fields)
                return
            if live is None:
                live = await self._route(table_id, message)
                if live is None:
                    return  # the owner answers the socket through our inbox
            if conn.id in self.attached.get(table_id, {}):  # we took the table over: join it
                async with live.lock:
                    del self.attached[table_id][conn.id]
                    live.conns[conn.id] = conn
                    self.deliver(live, live.service.join(conn.id, conn.seat, conn.name))
        raise StorageError(f"table {table_id}: could not reach its owner")

    # --- messages between processes -----------------------------------------------------------

    async def post(self, proc: str, message: dict[str, Any]) -> bool:
        """Send to one process's inbox, in order; False when that process is gone."""
        heard = await self.coord.send(proc, message)
        if not heard and proc not in self.gone:
            self.gone.add(proc)
            self._forget(proc)
        return heard > 0

    def outbox(self, proc: str, conn_id: int, text: str) -> None:
        """Queue a frame for a socket on another process; sent at the end of this loop turn."""
        self.outboxes.setdefault(proc, []).append((conn_id, text))
        if not self.flushing:
            self.flushing = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self.flushing = False
        boxes, self.outboxes = self.outboxes, {}
        for proc, items in boxes.items():
            texts: list[str] = []
            index: dict[str, int] = {}
            to: list[tuple[int, int]] = []
            for conn_id, text in items:
                if text not in index:
                    index[text] = len(texts)
                    texts.append(text)
                to.append((conn_id, index[text]))
            self.spawn(self.post(proc, {"op": "frames", "texts": texts, "to": to}))

    def _resync(self) -> None:
        """Our Redis connection is back after a fault: frames sent meanwhile may be lost. Every
        socket of the tables this process owns gets its full view again, and each socket
        attached here joins its table's owner again (which sends it its full view)."""
        for live in self.tables.values():
            self._send_full(live, list(live.conns.values()))
        self.rejoin.update(self.attached)  # the sweeper sees to it
        self.spawn(self._mark_owned_live())

    async def _rejoin(self, table_id: str) -> bool:
        """Our sockets attached to the table join its owner again: it gives a socket it holds
        its full view, and one it does not know (the table changed hands while our inbox was
        deaf to the announcement) joins. False while that is still to do (no owner yet, or
        its inbox is not listening yet after a Redis restart)."""
        conns = list(self.attached.get(table_id, {}).values())
        if not conns or table_id in self.tables:
            return True
        owner = await self.coord.owner(table_id)
        if owner is None or owner == self.me:
            return False
        heard = [await self.coord.send(owner, {
            "op": "join", "table": table_id, "conn": conn.id, "seat": conn.seat,
            "name": conn.name, "from": self.me}) for conn in conns]
        return all(heard)

    async def _mark_owned_live(self) -> None:
        """Mark every table this process owns live, in one command: after a Redis that
        restarted empty (it forgot the live set), and at a shutdown (another process takes
        them)."""
        await self.coord.mark_all_live(sorted(self.tables))

    def _send_full(self, live: LiveTable, conns: list[Connection]) -> None:
        service = live.service
        if service.game is None or not conns:
            return
        texts = service.encode_frames({c.seat for c in conns}, list(service.recent), full=True)
        for conn in conns:
            conn.send(texts[conn.seat])

    def _forget(self, proc: str) -> None:
        """A process is gone: its sockets leave every table this process owns."""
        for live in list(self.tables.values()):
            for conn in [c for c in live.conns.values()
                         if isinstance(c, RemoteConnection) and c.proc == proc]:
                super().leave(live, conn)

    def _on_message(self, message: dict[str, Any]) -> None:
        op = message.get("op")
        if op == "frames":
            texts = message["texts"]
            for conn_id, i in message["to"]:
                conn = self.sockets.get(conn_id)
                if conn is not None:
                    conn.send(texts[i])
        elif op == "owner":
            table_id, proc = message["table"], message["proc"]
            if proc == self.me:
                return
            if table_id in self.attached:
                self.owners[table_id] = proc
            if table_id in self.tables:
                self._lose(table_id, "another process announced it")
            for conn in list(self.attached.get(table_id, {}).values()):
                self.spawn(self.post(proc, {"op": "join", "table": table_id, "conn": conn.id,
                                            "seat": conn.seat, "name": conn.name,
                                            "from": self.me}))
        elif op in ("join", "leave", "act"):
            table_id = message["table"]
            self.inbound.setdefault(table_id, []).append(message)
            if table_id not in self.serving:
                self.serving.add(table_id)
                self.spawn(self._serve(table_id))

    async def _serve(self, table_id: str) -> None:
        """Handle the table's routed messages one at a time, in the order they came."""
        try:
            queue = self.inbound[table_id]
            while queue:
                message = queue.pop(0)
                try:
                    await self._serve_one(table_id, message)
                except Exception:
                    log.exception("table %s: routed %s failed", table_id, message.get("op"))
        finally:
            self.serving.discard(table_id)
            if not self.inbound.get(table_id):
                self.inbound.pop(table_id, None)

    async def _serve_one(self, table_id: str, message: dict[str, Any]) -> None:
        op, conn_id = message["op"], int(message["conn"])
        live = self.tables.get(table_id)
        if live is None:
            if op == "leave":
                return
            where = await self._owner_of(table_id)
            if not isinstance(where, LiveTable):
                if where is not None:  # it moved on: pass it along
                    await self.post(where, message)
                return
            live = where
        conn = live.conns.get(conn_id)
        if op == "leave":
            if conn is not None:
                super().leave(live, conn)
            return
        if conn is None:
            conn = RemoteConnection(self, message["from"], conn_id, message["seat"],
                                    message.get("name"))
            async with live.lock:
                live.conns[conn_id] = conn
                self.deliver(live, live.service.join(conn_id, conn.seat, conn.name))
                self._schedule(live)
        elif op == "join":  # joined already, and may have missed frames (a Redis fault)
            self._send_full(live, [conn])
        if op != "act":
            return
        try:
            await GameServer.act(self, live, conn, message["kind"], message["fields"])
        except ProtocolError as exc:
            conn.send(_text(error_frame(exc.key, str(exc), **exc.params)))
        except FivesError as exc:
            conn.send(_text(engine_error_frame(exc)))
        except StorageError as exc:
            log.error("table %s: could not store a routed action: %s", table_id, exc)
            conn.send(_text(error_frame("server_error",
                                        "the server could not store that action")))

