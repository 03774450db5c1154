"""Protection below the app, at the TCP level of uvicorn's HTTP protocol: a peer may hold at
most ``connections_per_address`` open connections (trusted proxies excepted), and a connection
must send its first request head within ``header_timeout`` seconds (slowloris). Only
``fives serve`` uses this; the app itself runs on any ASGI server."""

from __future__ import annotations

import asyncio

from uvicorn.protocols.http.h11_impl import H11Protocol

from fives.web.config import ServerConfig


def guarded_protocol(config: ServerConfig) -> type[H11Protocol]:
    limits = config.limits
    open_by_peer: dict[str, set[asyncio.BaseTransport]] = {}

    class GuardedProtocol(H11Protocol):
        head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = self.client[0] if self.client else "-"
            trusted = "*" in config.trusted_proxies or peer in config.trusted_proxies
            if not trusted:
                alive = open_by_peer.setdefault(peer, set())
                if len(alive) >= limits.connections_per_address:
                    # connection_lost removes the closed ones; a closing one may linger.
                    alive.difference_update([t for t in alive if t.is_closing()])
                    if len(alive) >= limits.connections_per_address:
                        transport.close()
                        return
                alive.add(transport)
            self.head_timer = self.loop.call_later(limits.header_timeout, self.head_too_slow)

        def head_too_slow(self) -> None:
            # After a websocket upgrade the transport belongs to the websocket protocol (and
            # this one never had a cycle): leave it alone.
            if self.transport.get_protocol() is not self:
                return
            if self.cycle is None and not self.transport.is_closing():
                self.transport.close()  # no complete request head in time

        def connection_lost(self, exc: Exception | None) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
            peer = self.client[0] if self.client else "-"
            alive = open_by_peer.get(peer)
            if alive is not None:
                alive.discard(self.transport)
                if not alive:
                    del open_by_peer[peer]
            super().connection_lost(exc)

    return GuardedProtocol
