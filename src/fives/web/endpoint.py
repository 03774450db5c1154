"""The websocket endpoint: one task per socket, between the wire and ``GameServer``.

It checks Host and Origin, counts the socket against its address, gives it a few seconds to
join, parses each message against the protocol's schemas, rate-limits (error replies included:
one "slow down" a second at most), and hands commands to the hub. Frames go out through the
server's direct frame writer where it offers one (``FRAMES_KEY``: ``fives serve``), written
at once, or else through the connection's bounded queue and a writer task (``send_text``:
another ASGI server, a test client); a socket that falls behind, that floods wrong links, or
that outlives the server is closed with a close code that says why (``protocol.CLOSE_*``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from fives.errors import FivesError
from fives.web.delta import DeltaWriter
from fives.web.guard import (
    Bucket,
    Budgets,
    client_address,
    host_allowed,
    origin_allowed,
    request_scheme,
)
from fives.web.hub import Connection, FrameWriter, GameServer, LiveTable
from fives.web.protocol import (
    CLOSE_FLOOD,
    CLOSE_FORBIDDEN,
    CLOSE_TIMEOUT,
    CLOSE_TOO_MANY,
    CLOSE_TOO_SLOW,
    Message,
    ProtocolError,
    check_name,
    encode,
    engine_error_frame,
    error_frame,
    parse_message,
)
from fives.web.storage import StorageError, storage_faults

log = logging.getLogger("fives.web")
FAULTS = storage_faults()
# Closes that end the connection at once (``fives.web.transport``): the client floods, or does
# not read; a polite close would wait for its answer while it goes on (a flooder's frames read
# and parsed for 10 s more), or for ever.
ABORTED = (CLOSE_FLOOD, CLOSE_TOO_SLOW)
# The key of a close message that asks the server for an abort (unknown keys are ignored).
ABORT_KEY = "fives.abort"
# The websocket scope's extension (``scope["extensions"]``) by which the server offers a direct
# frame writer: ``{"write": FrameWriter}`` (``fives.web.transport``, ``hub.FrameWriter``).
FRAMES_KEY = "fives.frames"
FLOOD_BAR_MIN_S = 30.0  # a flooder's address opens nothing for at least this long


def flood_bar(flood_seconds: float) -> float:
    """How long a flooder's address is barred: longer than any closing socket lingers (a
    polite close waits 10 s at most for the client's answer), so that one address that
    reconnects at once never floods without a pause."""
    return max(FLOOD_BAR_MIN_S, 10 * flood_seconds)


async def close_socket(ws: WebSocket, code: int, reason: str) -> None:
    """Close with ``code``: at once for ``ABORTED`` codes where the server can (``fives serve``;
    another ASGI server ignores the key and closes politely), politely otherwise."""
    message: dict[str, Any] = {"type": "websocket.close", "code": code, "reason": reason}
    if code in ABORTED:
        message[ABORT_KEY] = True
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.send(message), 2.0)


def frame_writer(scope: Any) -> FrameWriter | None:
    """The server's direct frame writer for this websocket, if it offers one."""
    offered = (scope.get("extensions") or {}).get(FRAMES_KEY)
    write = offered.get("write") if isinstance(offered, dict) else None
    return write if callable(write) else None


async def _writer(conn: Connection, ws: WebSocket) -> None:
    while True:
        frame = await conn.queue.get()
        if frame is None:
            return
        try:
            await ws.send_text(frame)
        except Exception:  # the socket is gone; the reader notices and cleans up
            return


class Session:
    """One socket's state on the server side."""

    def __init__(self, hub: GameServer, budgets: Budgets, ws: WebSocket, address: str) -> None:
        self.hub = hub
        self.budgets = budgets
        self.ws = ws
        self.address = address
        limits = hub.config.limits
        self.bucket = Bucket(limits.message_rate, limits.message_burst)
        self.limited_reply_at = 0.0
        self.over_since: float | None = None  # since when messages have been refused
        self.refused = 0  # refusals not yet counted in the metrics
        self.table: LiveTable | None = None
        self.closing: asyncio.Future[tuple[int, str]] = \
            asyncio.get_running_loop().create_future()
        self.conn = Connection(address, limits.queue_frames, self.kick)

    def kick(self, code: int, reason: str) -> None:
        self.conn.stopped = True  # nothing more goes out but the close
        if not self.closing.done():
            self.closing.set_result((code, reason))
            self.hub.metrics.refuse(f"close_{code}")

    def reply(self, frame: dict[str, Any]) -> None:
        self.conn.send(encode(frame))

    async def receive(self) -> str | bytes | None:
        limits = self.hub.config.limits
        if self.table is None:
            try:
                incoming = await asyncio.wait_for(self.ws.receive(), limits.join_timeout)
            except TimeoutError:
                self.kick(CLOSE_TIMEOUT, f"no join within {limits.join_timeout:g} s")
                return None
        else:
            incoming = await self.ws.receive()
        if incoming["type"] == "websocket.disconnect":
            return None
        raw: str | bytes | None = incoming.get("text")
        return raw if raw is not None else incoming.get("bytes") or b""

    async def read(self) -> None:
        limits = self.hub.config.limits
        while True:
            raw = await self.receive()
            if raw is None:
                return
            if not self.bucket.allow():
                # A refusal costs a clock read and a count, and the socket's next message waits
                # for its rate: nothing more is read from it meanwhile (uvicorn reads a
                # socket's next message only once the app took the last), so a flood backs up
                # into the flooder's own buffers instead of being read and parsed as fast as
                # it comes. A socket that keeps sending over its rate for ``flood_seconds`` is
                # closed.
                self.refused += 1
                now = time.monotonic()
                if self.over_since is None:
                    self.over_since = now
                elif now - self.over_since >= limits.flood_seconds:
                    self.hub.metrics.refusals.labels(kind="message_rate").inc(self.refused)
                    # Its address opens no socket for as long again: a flooder that reconnects
                    # at once would cost as much as one never closed.
                    self.hub.flooders[self.address] = now + flood_bar(limits.flood_seconds)
                    self.kick(CLOSE_FLOOD, "too many messages for too long: reconnect slowly")
                    return
                if now - self.limited_reply_at >= 1.0:  # error replies are limited too
                    self.limited_reply_at = now
                    self.hub.metrics.refusals.labels(kind="message_rate").inc(self.refused)
                    self.refused = 0
                    self.reply(error_frame("rate_limited", "too many messages: slow down",
                                           limit=int(limits.message_rate)))
                await asyncio.sleep(min(1.0, self.bucket.wait_for_one()))
                continue
            if self.over_since is not None and self.bucket.refill() >= limits.message_burst / 2:
                self.over_since = None  # back under the rate for a while
            try:
                await self.handle(parse_message(raw, limits.max_message_bytes))
            except ProtocolError as exc:
                self.hub.metrics.refuse(exc.key)
                self.reply(error_frame(exc.key, str(exc), **exc.params))
            except FivesError as exc:
                self.hub.metrics.refuse("illegal")
                self.reply(engine_error_frame(exc))
            except StorageError as exc:  # not written, so not applied: the client may retry
                what = (f"table {self.table.service.id}: could not store an action"
                        if self.table else "a join failed")  # its error names the table
                self.hub.storage_errors.note(f"{what}: {exc}")
                self.reply(error_frame("server_error", "the server could not store that action"))
            except FAULTS as exc:  # the storage or Redis is away: nothing was done
                self.hub.storage_errors.note(f"socket: storage away ({type(exc).__name__})")
                self.reply(error_frame("try_again", "the server cannot save right now: try "
                                       "again in a few seconds"))

    async def handle(self, msg: Message) -> None:
        """One parsed message: answered, or handed to the hub."""
        if msg.type == "ping":
            self.reply({"type": "pong"})
        elif msg.type == "join":
            await self.join(msg.fields["token"], check_name(msg.fields.get("name")),
                            msg.fields.get("deltas", False))
        elif self.table is None:
            raise ProtocolError(
                f"{msg.type!r} before 'join': expected a join with your link's token first",
                "join_first", type=msg.type,
            )
        else:
            self.budgets.command(msg.type, self.address)  # a hint, an undo: budgeted
            await self.hub.act(self.table, self.conn, msg.type, msg.fields)

    async def join(self, token: str, name: str | None = None, deltas: bool = False) -> None:
        if self.table is not None:
            raise ProtocolError("already joined: one seat per connection", "already_joined")
        if deltas:  # delta frames after the first full one (fives.web.delta)
            self.conn.deltas = DeltaWriter()
        self.conn.name = name
        limits = self.hub.config.limits
        if not await self.budgets.link_turn(self.address, limits.join_timeout):
            self.kick(CLOSE_TOO_MANY, "too many wrong links from your address: wait a minute")
            return
        try:
            self.table = await self.hub.join(self.conn, token)
        except ProtocolError as exc:
            if exc.key == "joins_rate":  # the page comes back after its back-off
                self.reply(error_frame(exc.key, str(exc)))
                self.kick(CLOSE_TOO_MANY, "too many joins: wait a few seconds")
                return
            if exc.key != "bad_token":
                self.budgets.link_right(self.address)  # not a wrong link: no try spent
            elif not self.budgets.links_left(self.address):
                self.kick(CLOSE_TOO_MANY, "too many wrong links from your address: wait a minute")
                return
            raise
        except BaseException:
            self.budgets.link_right(self.address)
            raise
        self.budgets.link_right(self.address)

    async def close(self, code: int, reason: str) -> None:
        await close_socket(self.ws, code, reason)


def _closed(code: int, reason: str) -> None:
    """A closed session's kick: nothing is left to close."""


async def play_socket(hub: GameServer, budgets: Budgets, ws: WebSocket) -> None:
    config = hub.config
    host = ws.headers.get("host")
    peer = ws.client.host if ws.client else None
    scheme = request_scheme(ws.url.scheme, peer, ws.headers, config)
    if not host_allowed(host, config) or not origin_allowed(ws.headers.get("origin"), host,
                                                             config, scheme):
        hub.metrics.refuse("origin")
        await ws.close(code=CLOSE_FORBIDDEN)
        return
    address = client_address(peer, ws.headers, config)
    if hub.stopping:
        await ws.close(code=1001)
        return
    if hub.flooders.get(address, 0.0) > time.monotonic():
        hub.metrics.refuse("flood_barred")  # closed for flooding a moment ago
        await ws.accept()
        await close_socket(ws, CLOSE_FLOOD, "too many messages: wait a few seconds")
        return
    if not budgets.open_socket(address):
        hub.metrics.refuse("sockets_per_address")
        await ws.accept()
        await ws.close(code=CLOSE_TOO_MANY, reason="too many sockets from your address")
        return
    hub.metrics.sockets.inc()
    session: Session | None = None
    tasks: list[asyncio.Task[None]] = []
    writer: asyncio.Task[None] | None = None
    try:
        await ws.accept()
        session = Session(hub, budgets, ws, address)
        session.conn.write = frame_writer(ws.scope)
        if session.conn.write is None:  # frames wait in the queue for their own task
            writer = asyncio.ensure_future(_writer(session.conn, ws))
            tasks.append(writer)
        reader = asyncio.ensure_future(session.read())
        tasks.append(reader)
        waiters: list[asyncio.Future[Any]] = [reader, session.closing]
        await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
    except WebSocketDisconnect:
        pass
    finally:
        budgets.close_socket(address)
        hub.metrics.sockets.dec()
        if session is not None:
            if session.table is not None:
                hub.leave(session.table, session.conn)
            else:  # cancelled in the middle of a join (the server stopping, a test client)
                hub.abandon(session.conn)
            kicked = session.closing.result() if session.closing.done() else None
            if kicked is not None:
                for task in tasks:
                    task.cancel()
                await session.close(*kicked)
            else:
                session.conn.end()
                for task in tasks:
                    if task is not writer:
                        task.cancel()  # the reader
                if writer is not None:  # what is queued goes out first
                    with contextlib.suppress(Exception, asyncio.CancelledError):
                        await asyncio.wait_for(writer, 2.0)
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.gather(*tasks, return_exceptions=True)
            # The connection's kick is this session's bound method: a reference cycle, which
            # the server's collector settings may freeze while the socket lives and then never
            # collect (fives.web.pauses). Cut it, so that reference counting frees both.
            session.conn.kick = _closed
            session.conn.stopped = True
            session.conn.write = None
