"""The web app: wires the pieces of ``fives.web`` into one Starlette application.

- ``protocol``: every schema (messages in, frames out, table requests, close codes).
- ``service``: one table's rules of play, transport-free (commands in, log entries and
  per-seat frames out, what to do next as data).
- ``storage``: the durable log, keyed by (table, seq); ``SqliteStorage`` today.
- ``hub``: the asyncio runtime (tables in memory, commits, wakes, bot workers, eviction).
- ``endpoint``: the websocket; ``routes``: the HTTP routes; ``guard``: addresses, Host and
  Origin, per-address budgets; ``config``: every setting; ``metrics``: Prometheus.

The engine decides everything: a client sends intentions, the server checks each one with the
engine, writes it to the table's log, and only then sends every connected client its own
seat's view. The Game and its secrets never leave this process.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, ClassVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from fives.web.config import ServerConfig
from fives.web.endpoint import play_socket
from fives.web.guard import Budgets, host_allowed
from fives.web.hub import GameServer
from fives.web.lobby import Lobby, lobby_store_for
from fives.web.metrics import Metrics
from fives.web.protocol import error_frame
from fives.web.review import ReviewDesk, ReviewRoutes
from fives.web.routes import Routes, StaticFiles, not_found
from fives.web.storage import SqliteStorage, Storage, storage_faults

log = logging.getLogger("fives.web")


class SecurityHeaders:
    """No referrer (seat links are capabilities), no third-party anything, and only the
    allowed Host names (no DNS rebinding)."""

    HEADERS: ClassVar[list[tuple[bytes, bytes]]] = [
        (b"referrer-policy", b"no-referrer"),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (
            b"content-security-policy",
            b"default-src 'self'; connect-src 'self'; img-src 'self' data:; "
            b"style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        ),
    ]

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = dict(scope["headers"]).get(b"host", b"").decode("latin-1")
        if not host_allowed(host, self.config):
            response = PlainTextResponse(
                f"host {host[:60]!r} not allowed: expected one of "
                f"{', '.join(self.config.allowed_hosts)}", status_code=421)
            await response(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *self.HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def sweep_budgets(budgets: Budgets, every: float = 30.0) -> None:
    """Forget the addresses whose budgets are full again, now and then (bounded memory)."""
    while True:
        await asyncio.sleep(every)
        budgets.sweep()


async def storage_away(request: Request, exc: Exception) -> Response:
    """A 503 with "try again" (and Retry-After) rather than a 500 while the storage is away."""
    log.error("%s %s: storage away (%s)", request.method, request.url.path, type(exc).__name__)
    return JSONResponse(
        error_frame("try_again", "the server cannot save right now: try again in a few seconds"),
        status_code=503, headers={"retry-after": "2", "cache-control": "no-store"})


def create_app(
    storage: str | Path | Storage,
    config: ServerConfig | None = None,
    make_hub: Callable[[Storage, ServerConfig, Metrics], GameServer] = GameServer,
) -> Starlette:
    """The app on ``storage`` (a path opens SQLite there); ``make_hub`` builds the runtime
    (the shared mode passes its own, ``fives.web.shared``)."""
    config = config or ServerConfig()
    if not isinstance(storage, Storage):
        storage = SqliteStorage(storage)
    metrics = Metrics()
    hub = make_hub(storage, config, metrics)
    budgets = Budgets(config.limits)
    routes = Routes(hub, budgets, StaticFiles())
    lobby = Lobby(hub, routes, lobby_store_for(storage))
    desk = ReviewDesk(hub)
    reviews = ReviewRoutes(desk, routes)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await hub.start()
        await lobby.store.open()
        sweeper = asyncio.ensure_future(sweep_budgets(budgets))
        yield
        sweeper.cancel()
        desk.close()
        await hub.going_away(wait=0.2)
        await hub.stop()
        await lobby.store.close()

    async def socket(ws: WebSocket) -> None:
        await play_socket(hub, budgets, ws)

    app = Starlette(
        exception_handlers={404: not_found,
                            **{fault: storage_away for fault in storage_faults()}},
        routes=[
            Route("/", routes.page),
            Route("/play", routes.page),
            Route("/rules/{preset}", routes.rules),
            Route("/review", reviews.page),
            Route("/api/review", reviews.api, methods=["POST"]),
            Route("/api/presets", routes.preset_list),
            Route("/api/messages", routes.message_list),
            Route("/api/tables", routes.create_table, methods=["POST"]),
            Route("/api/lobby", lobby.listing),
            Route("/api/lobby/play", lobby.play, methods=["POST"]),
            Route("/api/lobby/wait", lobby.wait, methods=["POST"]),
            Route("/api/lobby/cancel", lobby.cancel, methods=["POST"]),
            Route("/healthz", routes.healthz),
            Route("/metrics", routes.metrics),
            Route("/static/{name}", routes.static.serve),
            WebSocketRoute("/ws", socket),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(SecurityHeaders, config=config)
    app.state.server = hub
    app.state.budgets = budgets
    app.state.lobby = lobby
    app.state.reviews = desk
    return app


def create_shared_app(
    database_url: str,
    redis_url: str,
    config: ServerConfig | None = None,
    *,
    prefix: str = "fives:",
    lease_s: float = 3.0,
    sweep_s: float = 0.5,
) -> Starlette:
    """The app of one process of the shared mode: migrates the database (once, under yoyo's
    lock), then serves on PostgreSQL at ``database_url`` and Redis at ``redis_url``."""
    from fives.web.coordination import Coordinator
    from fives.web.pgstore import PgStorage, migrate
    from fives.web.shared import SharedGameServer

    migrate(database_url)
    storage = PgStorage(database_url)
    coord = Coordinator(redis_url, prefix, lease_s)

    def make_hub(store: Any, conf: ServerConfig, metrics: Metrics) -> GameServer:
        return SharedGameServer(store, conf, metrics, coord, sweep_s)

    return create_app(storage, config, make_hub)
