"""Protection below the app, at the TCP level of uvicorn's HTTP protocol: a peer may hold at
most ``connections_per_address`` open connections (trusted proxies excepted, websockets
included: they stay counted until they close), and a connection must send each request head
within ``header_timeout`` seconds of its start or of the previous response (slowloris, on a
kept-alive connection too) and each request body within ``body_timeout`` seconds of its head.
Only ``fives serve`` uses this; the app itself runs on any ASGI server."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from types import GeneratorType
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from fives.web.config import ServerConfig


class GuardedProtocol(H11Protocol):
    """uvicorn's HTTP protocol with the module's limits (``guarded_protocol`` binds them)."""

    guard: ClassVar[ServerConfig]
    open_by_peer: ClassVar[dict[str, set[asyncio.BaseTransport]]]
    # uvicorn's websocket protocol class -> the same counting its connection out when it ends
    counted_ws: ClassVar[dict[type[Any], type[Any]]]
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        peer = self.client[0] if self.client else "-"
        trusted = "*" in self.guard.trusted_proxies or peer in self.guard.trusted_proxies
        if not trusted:
            alive = self.open_by_peer.setdefault(peer, set())
            if len(alive) >= self.guard.limits.connections_per_address:
                # connection_lost removes the closed ones; a closing one may linger.
                alive.difference_update([t for t in alive if t.is_closing()])
                if len(alive) >= self.guard.limits.connections_per_address:
                    transport.close()
                    return
            alive.add(transport)
        self.head_timer = self.loop.call_later(self.guard.limits.header_timeout,
                                               self.head_too_slow, None)

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

    def handle_events(self) -> None:
        before = self.cycle
        super().handle_events()
        if self.cycle is not None and self.cycle is not before:  # a new request's head
            self._rearm(self.guard.limits.body_timeout, self.body_too_slow)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # The websocket protocol takes the transport (and has its own limits): this one's
        # timer would only keep it alive until it fires.
        self._disarm()
        # Nor will this protocol hear that the connection ended: the websocket protocol must
        # take it out of its peer's count, or the count keeps every closed websocket (and its
        # transport) for as long as the server runs.
        ws_class = self.ws_protocol_class
        if ws_class is not None:  # None: websockets are off, and uvicorn answers 400
            counted = self.counted_ws.get(ws_class)
            if counted is None:
                counted = self.counted_ws[ws_class] = _counted_out_at_the_end(
                    ws_class, self.open_by_peer)
            self.ws_protocol_class = counted
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        # The next request on this kept-alive connection has its own header timeout
        # (bytes that trickle in cancel uvicorn's keep-alive timer, not this one).
        self._rearm(self.guard.limits.header_timeout, self.head_too_slow)
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
    peer = client[0] if client else "-"
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


def _counted_out_at_the_end(ws_class: type[Any],
                            open_by_peer: dict[str, set[asyncio.BaseTransport]]) -> type[Any]:
    """``ws_class`` (uvicorn's websocket protocol), whose connection leaves its peer's count
    when it ends."""

    def connection_lost(self: Any, exc: Exception | None) -> None:
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

    counted: type[Any] = type(f"Counted{ws_class.__name__}", (ws_class,),
                              {"connection_lost": connection_lost})
    return counted


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


def guarded_protocol(config: ServerConfig) -> type[H11Protocol]:
    """The protocol class for one server: its limits, and its count of connections by peer."""
    return type("GuardedProtocol", (GuardedProtocol,),
                {"guard": config, "open_by_peer": {}, "counted_ws": {}})
