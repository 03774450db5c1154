"""Protection below the app, at the TCP level of uvicorn's HTTP protocol: a peer may hold at
most ``connections_per_address`` open connections (trusted proxies excepted, websockets
included: they stay counted until they close; IPv6 peers counted by their /64), and a
connection must send each request head within ``header_timeout`` seconds of its start or of the
previous response (slowloris, on a kept-alive connection too) and each request body within
``body_timeout`` seconds of its head.

Every connection's kernel send buffer is ``send_buffer_bytes`` (and its transport's buffer no
bigger), so a client that does not read fills it soon and falls behind (close 4008) instead of
pinning megabytes of kernel memory. A socket the app closes for misbehaving (a flood, falling
behind) is aborted, not closed politely: a polite close waits for the client's answer, reading
and parsing whatever it keeps sending, and never ends for one that does not read. An address
the app barred for flooding (``GameServer.flooders``) has its websocket upgrades dropped on
their first bytes, before the HTTP parser (its pages still load). A websocket's input is
parsed only as fast as the app takes its messages (a flood waits unparsed in its buffers).

A websocket of uvicorn's sans-I/O protocol offers the app a direct way out for its text frames
(``FRAMES_KEY`` in the scope's ``extensions``): each frame is written to the transport at once,
with none of the ASGI send path's layers (Starlette, uvicorn's ``send``, websockets' framing)
nor a writer task between the broadcast and the socket.

``ConnectionBudget`` keeps room for newcomers: websockets may take all but a reserve of the
server's ``--max-connections``, and near the limit an HTTP connection that has not sent a
request head for ``IDLE_NEAR_LIMIT_S`` (idle between requests, or a slow head or body) is
closed to make room, so that the page, ``/healthz`` and ``/metrics`` are answered even then.
Only ``fives serve`` uses this; the app itself runs on any ASGI server."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import GeneratorType
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from websockets.http11 import Request

try:
    from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
except ImportError:  # an uvicorn before its sans-I/O stack: frames go through the app's queue
    class WebSocketsSansIOProtocol(asyncio.Protocol):  # type: ignore[no-redef]
        """Stands for the missing class: no protocol is one."""

from fives.web.config import ServerConfig
from fives.web.endpoint import ABORT_KEY, FRAMES_KEY
from fives.web.guard import address_key

# Near the connection limit, an HTTP connection without a request head for this long is closed.
IDLE_NEAR_LIMIT_S = 1.0
# A websocket's input is parsed this many bytes at a time, and only while the app has no message
# waiting: one read may hold 256 KiB of a flood (12,000 pings: about 0.1 s of parsing at once).
READ_SLICE = 1024
SERVICE_UNAVAILABLE = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain\r\n"
                       b"retry-after: 5\r\ncontent-length: 12\r\nconnection: close\r\n\r\n"
                       b"server full\n")


@dataclass(eq=False)
class ConnectionBudget:
    """At most ``limit`` connections; websockets at most ``limit - reserve``. ``websockets``
    counts the open ones."""

    limit: int
    reserve: int
    websockets: int = 0
    swept_at: float = -1e9
    clock: Callable[[], float] = time.monotonic

    @classmethod
    def for_limit(cls, limit: int) -> ConnectionBudget:
        return cls(limit, max(1, min(limit // 2, max(16, limit // 10))))

    def admit(self, me: GuardedProtocol, connections: set[Any]) -> bool:
        """Whether a new HTTP connection may stay; near the limit, idle and slow HTTP
        connections are closed first (at most one scan per 0.1 s: each is O(connections))."""
        count = len(connections)
        if count < self.limit - self.reserve // 2:
            return True
        now = self.clock()
        if now - self.swept_at >= 0.1:
            self.swept_at = now
            for other in list(connections):
                if other is not me and isinstance(other, GuardedProtocol) \
                        and other.idle_for(now) >= IDLE_NEAR_LIMIT_S:
                    other.transport.close()
                    count -= 1
        return count <= self.limit

    def websocket_room(self) -> bool:
        return self.websockets < self.limit - self.reserve


def _send_buffer(transport: asyncio.BaseTransport, size: int) -> None:
    """The kernel's send buffer of the connection (Linux doubles it, and no longer grows it by
    itself up to megabytes), and the transport's own buffer bounded by as much."""
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError, AttributeError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
    if isinstance(transport, asyncio.WriteTransport):
        with contextlib.suppress(NotImplementedError, AttributeError):
            transport.set_write_buffer_limits(high=size)


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP protocol with the module's limits (``guarded_protocol`` binds them)."""

    guard: ClassVar[ServerConfig]
    open_by_peer: ClassVar[dict[str, set[asyncio.BaseTransport]]]
    # uvicorn's websocket protocol class -> the same counting its connection out when it ends
    counted_ws: ClassVar[dict[type[Any], type[Any]]]
    # address key -> until when (time.monotonic) it may open no websocket: the app's flooders
    barred: ClassVar[dict[str, float]]
    budget: ClassVar[ConnectionBudget | None]
    head_timer: asyncio.TimerHandle | None = None
    # Since when the connection waits for a request head (None: a request is under way).
    waiting_since: float | None = None
    request_at = 0.0  # when the current request's head came
    trusted = False  # the peer is a trusted proxy

    door_shut = False  # the peer was barred when it connected: its websockets are dropped

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        ip = self.client[0] if self.client else "-"
        peer = address_key(ip)
        trusted = "*" in self.guard.trusted_proxies or ip in self.guard.trusted_proxies
        self.door_shut = not trusted and self.barred.get(peer, 0.0) > time.monotonic()
        limits = self.guard.limits
        _send_buffer(transport, limits.send_buffer_bytes)
        clock = self.budget.clock if self.budget is not None else time.monotonic
        self.waiting_since = clock()
        self.trusted = trusted
        if not trusted:
            alive = self.open_by_peer.setdefault(peer, set())
            if len(alive) >= limits.connections_per_address:
                # connection_lost removes the closed ones; a closing one may linger.
                alive.difference_update([t for t in alive if t.is_closing()])
                if len(alive) >= limits.connections_per_address:
                    transport.close()
                    return
            alive.add(transport)
        if self.budget is not None and not self.budget.admit(self, self.connections):
            transport.close()
            return
        self.head_timer = self.loop.call_later(limits.header_timeout, self.head_too_slow, None)

    def idle_for(self, now: float) -> float:
        """How long this HTTP connection has gone without what it owes: a request head (idle
        between requests, or a slow head), or the rest of a slow request body; 0 while a
        request is answered or once it became a websocket."""
        if self.transport is None or self.transport.is_closing() \
                or self.transport.get_protocol() is not self:
            return 0.0
        if self.waiting_since is not None:
            return now - self.waiting_since
        cycle = self.cycle
        if cycle is not None and cycle.more_body and not cycle.response_complete:
            return now - self.request_at
        return 0.0

    def head_too_slow(self, before: object) -> None:
        """No request head since ``before`` (the cycle of the last response, None at the
        start) for ``header_timeout`` seconds: close."""
        self.head_timer = None  # a fired handle keeps its callback: this protocol, a cycle
        # After a websocket upgrade the transport belongs to the websocket protocol (and
        # this one never had a cycle): leave it alone.
        if self.transport.get_protocol() is not self:
            return
        if self.cycle is before and not self.transport.is_closing():
            self.transport.close()

    def body_too_slow(self, cycle: object) -> None:
        self.head_timer = None
        if self.transport.get_protocol() is not self or self.cycle is not cycle:
            return
        if self.cycle is not None and self.cycle.more_body \
                and not self.cycle.response_complete and not self.transport.is_closing():
            self.transport.close()  # the body did not come in time

    def data_received(self, data: bytes) -> None:
        # A barred flooder reconnects as fast as it can: its upgrade is dropped on sight, not
        # parsed first (the check below, after the parser, stays for a bar set meanwhile).
        if self.door_shut and data[:8] in (b"GET /ws ", b"GET /ws?") \
                and self.cycle is None and self.transport.get_protocol() is self:
            self.transport.abort()
            return
        super().data_received(data)

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not None and self.cycle is not before:  # a new request's head
            self.waiting_since = None
            self.request_at = self.budget.clock() if self.budget is not None else 0.0
            self._rearm(self.guard.limits.body_timeout, self.body_too_slow)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # The websocket protocol takes the transport (and has its own limits): this one's
        # timer would only keep it alive until it fires.
        self._disarm()
        self.waiting_since = None
        if not self.trusted and self.client and self.barred.get(
                address_key(self.client[0]), 0.0) > time.monotonic():
            self.transport.abort()  # a flooder, a moment ago: not one frame read
            return
        budget = self.budget
        if budget is not None:
            if not budget.websocket_room():  # the reserve is for the page, /healthz, /metrics
                self.transport.write(SERVICE_UNAVAILABLE)
                self.transport.close()
                return
            budget.websockets += 1  # the websocket protocol counts it out (below)
        # Nor will this protocol hear that the connection ended: the websocket protocol must
        # take it out of its peer's count, or the count keeps every closed websocket (and its
        # transport) for as long as the server runs.
        ws_class = self.ws_protocol_class
        if ws_class is not None:  # None: websockets are off, and uvicorn answers 400
            counted = self.counted_ws.get(ws_class)
            if counted is None:
                counted = self.counted_ws[ws_class] = _counted_out_at_the_end(
                    ws_class, self.open_by_peer, budget)
            self.ws_protocol_class = counted
        elif budget is not None:
            budget.websockets -= 1
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        # The next request on this kept-alive connection has its own header timeout
        # (bytes that trickle in cancel uvicorn's keep-alive timer, not this one).
        self._rearm(self.guard.limits.header_timeout, self.head_too_slow)
        self.waiting_since = self.budget.clock() if self.budget is not None else 0.0
        super().on_response_complete()

    def _rearm(self, delay: float, check: Callable[[object], None]) -> None:
        self._disarm()
        self.head_timer = self.loop.call_later(delay, check, self.cycle)

    def _disarm(self) -> None:
        """Cancel the timer and drop it (a handle keeps its callback, this protocol: a cycle)."""
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        _connection_ended(self.open_by_peer, self.client, self.transport)
        super().connection_lost(exc)


def _connection_ended(open_by_peer: dict[str, set[asyncio.BaseTransport]],
                      client: tuple[str, int] | None, transport: asyncio.BaseTransport) -> None:
    """The connection ended: it no longer counts against its peer's limit, and its transport
    is left free of the reference cycle asyncio gives it."""
    peer = address_key(client[0]) if client else "-"
    alive = open_by_peer.get(peer)
    if alive is not None:
        alive.discard(transport)
        if not alive:
            del open_by_peer[peer]
    # asyncio's socket transport keeps a bound method of its own (the read callback): a cycle,
    # which the server's collector settings (``fives.web.pauses``: what lives a second is
    # frozen) would keep for good, five objects per closed connection. Nothing reads from the
    # transport once its protocol has heard that the connection is lost.
    if getattr(transport, "_read_ready_cb", None) is not None:
        transport._read_ready_cb = None  # type: ignore[attr-defined]


# A server's text frame, whole (RFC 6455 5.2): FIN and opcode 1, then the payload's length,
# unmasked, in 7 bits, or 126 and 16 bits, or 127 and 64 bits.
_SHORT_HEADS = tuple(bytes((0x81, size)) for size in range(126))
_MEDIUM_HEAD = struct.Struct("!BBH").pack
_LONG_HEAD = struct.Struct("!BBQ").pack


def text_frame(text: str) -> bytes:
    """``text`` as one unmasked websocket text frame, as a server sends it."""
    payload = text.encode()
    size = len(payload)
    if size < 126:
        return _SHORT_HEADS[size] + payload
    if size < 65536:
        return _MEDIUM_HEAD(0x81, 126, size) + payload
    return _LONG_HEAD(0x81, 127, size) + payload


class DirectFrames(WebSocketsSansIOProtocol):
    """uvicorn's sans-I/O websocket protocol that offers the app ``write_frame`` in the scope
    (``FRAMES_KEY``). A text frame written straight to the transport leaves websockets'
    connection (``conn``: pings, pongs, the close) as it was: it keeps no state of the data
    frames sent but a fragmented message's, and these are whole."""

    over_mark = False  # the transport's buffer is over its high-water mark
    frames_over = 0  # frames written since it went over

    def handle_connect(self, event: Request) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)  # none: the handshake was refused
        if scope is not None:  # the app's task has not started yet: it sees the extension
            extensions = scope.setdefault("extensions", {})
            if extensions is not None:
                extensions[FRAMES_KEY] = {"write": self.write_frame}

    def write_frame(self, text: str) -> int:
        """Write ``text`` as a text frame at once: how many frames were written while the
        transport's buffer was over its high-water mark (``send_buffer_bytes``: its client
        does not read them), this one included; -1 when nothing was written: the socket is
        not open (the handshake not done), or it is closing or closed (its close sent)."""
        transport = self.transport
        if self.close_sent or not self.handshake_complete or self.disconnected \
                or self.initial_response is not None or transport.is_closing():
            return -1
        try:
            transport.write(text_frame(text))
        except Exception:  # (a lone surrogate) as the writer task did: one socket's fault
            return -1  # never fails a broadcast to the others
        if self.over_mark:
            self.frames_over += 1
            return self.frames_over
        return 0

    def pause_writing(self) -> None:
        self.over_mark = True
        super().pause_writing()

    def resume_writing(self) -> None:
        self.over_mark = False
        self.frames_over = 0
        super().resume_writing()


def _counted_out_at_the_end(ws_class: type[Any],
                            open_by_peer: dict[str, set[asyncio.BaseTransport]],
                            budget: ConnectionBudget | None) -> type[Any]:
    """``ws_class`` (uvicorn's websocket protocol), whose connection leaves its peer's count
    (and the budget's websockets) when it ends, that aborts its connection when the app's
    close asks for it (``ABORT_KEY``), and that parses its input only as the app takes its
    messages.

    uvicorn pauses reading once a message waits for the app, but parses the whole of each read
    first: a flood's read, up to 256 KiB, becomes 12,000 queued messages in one callback, a
    stall of every other socket however slowly the app then takes them (and it takes a
    flooder's at its message rate). Here the input is parsed ``READ_SLICE`` bytes at a time
    while the app has no message waiting (or the app closed: the client's answer is read);
    the rest waits as bytes, with reading paused, until the app takes what was queued.

    uvicorn's sans-I/O protocol also writes the app's text frames directly (``DirectFrames``)."""

    def feed(self: Any) -> None:
        pending: bytearray = self.unparsed
        while pending and (self.queue.empty() or self.close_sent) \
                and not self.transport.is_closing():
            piece = bytes(pending[:READ_SLICE])
            del pending[:READ_SLICE]
            super(counted, self).data_received(piece)
        if pending and not self.read_paused and not self.transport.is_closing():
            self.read_paused = True  # uvicorn's flag: its receive resumes reading
            self.transport.pause_reading()

    def data_received(self: Any, data: bytes) -> None:
        pending = self.__dict__.get("unparsed")
        if pending is None and not isinstance(getattr(self, "queue", None), asyncio.Queue):
            super(counted, self).data_received(data)  # not uvicorn's: no queue to pace by
            return
        if pending is None:
            self.unparsed = bytearray(data)
        else:
            pending += data
        feed(self)

    async def receive(self: Any) -> Any:
        message = await super(counted, self).receive()
        if self.__dict__.get("unparsed") and self.queue.empty():
            feed(self)
        return message

    def connection_lost(self: Any, exc: Exception | None) -> None:
        self.unparsed = bytearray()  # what a flooder sent and nobody will read
        # The scope holds this protocol's bound method: a cycle, cut (nothing writes now).
        extensions = getattr(self, "scope", {}).get("extensions") or {}
        extensions.pop(FRAMES_KEY, None)
        if budget is not None and not getattr(self, "counted_out", False):
            self.counted_out = True
            budget.websockets -= 1
        _connection_ended(open_by_peer, self.client, self.transport)
        super(counted, self).connection_lost(exc)
        # The sans-I/O websocket connection (websockets' ``ServerProtocol``, uvicorn's
        # ``conn``) reads frames with a generator of its own that stays suspended after the
        # end, even a clean one: a cycle (the connection, its parser, its request, headers and
        # buffers: about 20 objects and 60 blocks), frozen by the collector settings and never
        # freed. Nothing reads from it once the connection is lost.
        parser = getattr(getattr(self, "conn", None), "parser", None)
        if isinstance(parser, GeneratorType):
            parser.close()

    async def send(self: Any, message: Any) -> None:
        if message.get(ABORT_KEY) and message.get("type") == "websocket.close" \
                and self.handshake_complete and not self.close_sent \
                and getattr(self, "initial_response", None) is None:
            _abort(self, int(message.get("code", 1000)), str(message.get("reason") or ""))
            return
        await super(counted, self).send(message)

    bases = (DirectFrames, ws_class) if issubclass(ws_class, WebSocketsSansIOProtocol) \
        else (ws_class,)  # the others frame their own way
    counted: type[Any] = type(f"Counted{ws_class.__name__}", bases,
                              {"connection_lost": connection_lost, "send": send,
                               "data_received": data_received, "receive": receive})
    return counted


def _abort(protocol: Any, code: int, reason: str) -> None:
    """Close a websocket at once: its close frame written if the kernel takes it now (a
    client that reads sees why), then the connection dropped, with no wait for the client's
    answer (uvicorn's polite close reads and parses for up to 10 s more, and a transport's
    close waits for ever on a client that does not read)."""
    protocol.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
    protocol.close_sent = True
    conn = getattr(protocol, "conn", None)
    if conn is not None and hasattr(conn, "send_close"):  # websockets' sans-I/O connection
        with contextlib.suppress(Exception):
            conn.send_close(code, reason)
            protocol.transport.write(b"".join(conn.data_to_send()))
    protocol.transport.abort()


class LogLimiter(logging.Filter):
    """uvicorn's own error log, bounded: at most ``per_second`` lines a second (the next line
    after a full second says how many were left out) and a traceback at most once every
    ``trace_every`` seconds, since any client can make uvicorn log one (a websocket frame of
    invalid UTF-8 logs a traceback per connection)."""

    def __init__(self, per_second: int = 5, trace_every: float = 10.0) -> None:
        super().__init__()
        self.per_second = per_second
        self.trace_every = trace_every
        self.window = -1e9
        self.count = 0
        self.dropped = 0
        self.traced = -1e9

    def filter(self, record: logging.LogRecord) -> bool:
        now = time.monotonic()
        if now - self.window >= 1.0:
            if self.dropped:
                record.msg = f"{record.msg} ({self.dropped} more lines left out)"
            self.window, self.count, self.dropped = now, 0, 0
        if self.count >= self.per_second:
            self.dropped += 1
            return False
        self.count += 1
        if record.exc_info:
            if now - self.traced < self.trace_every:
                record.exc_info, record.exc_text = None, None
            else:
                self.traced = now
        return True


def guarded_protocol(config: ServerConfig, barred: dict[str, float] | None = None,
                     max_connections: int | None = None) -> type[H11Protocol]:
    """The protocol class for one server: its limits, its count of connections by peer, the
    addresses barred by its app (``barred``, shared) and its connection budget."""
    budget = ConnectionBudget.for_limit(max_connections) if max_connections else None
    return type("GuardedProtocol", (GuardedProtocol,),
                {"guard": config, "open_by_peer": {}, "counted_ws": {},
                 "barred": {} if barred is None else barred, "budget": budget})
