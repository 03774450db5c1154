"""Several ``SharedGameServer`` "processes" in the test's own event loop, on one PostgreSQL
database and one Redis key prefix: the shared mode's routing, ownership and messages between
processes, driven directly (no HTTP, no websockets), so that each test takes a fraction of a
second. Sockets are plain ``Connection`` objects whose queued frames the tests read."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from fives.web.config import Limits, ServerConfig
from fives.web.coordination import Coordinator
from fives.web.hub import Connection
from fives.web.metrics import Metrics
from fives.web.pgstore import PgStorage, migrate
from fives.web.protocol import parse_table_request
from fives.web.shared import SharedGameServer

from .services import ADMIN_URL, REDIS_URL, reachable, unavailable

FAST = Limits(message_rate=1e6, message_burst=1e6, tables_per_minute=6e7, tables_burst=1e6)
CONFIG = ServerConfig(limits=FAST, bot_delay=0.0)
FRIENDS = {"preset": "five-up", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]}
Kicks = list[tuple[int, str]]


def migrated_database() -> Iterator[str]:
    """A fresh PostgreSQL schema with the tables (for a module's tests: table ids never
    collide): the URL of the test database server with the schema as its search path. A
    schema rather than a database of its own: dropping a database waits for a checkpoint,
    which would double the time of a mutation run's every mutant."""
    if not reachable(ADMIN_URL, 5432):
        unavailable("PostgreSQL", ADMIN_URL)
    import psycopg

    name = f"fives_inproc_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{name}"')
    try:
        url = f"{ADMIN_URL}{'&' if '?' in ADMIN_URL else '?'}options=-csearch_path%3D{name}"
        migrate(url)
        yield url
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


@contextlib.asynccontextmanager
async def processes(pg_url: str, prefix: str, n: int, lease_s: float = 1.0,
                    sweep_s: float = 3600.0) -> AsyncIterator[list[SharedGameServer]]:
    """``n`` started servers (their sweepers idle unless ``sweep_s`` is short: the tests sweep
    when they mean to); stopped at the end."""
    servers: list[SharedGameServer] = []
    try:
        for _ in range(n):
            coord = Coordinator(REDIS_URL, prefix, lease_s)
            server = SharedGameServer(PgStorage(pg_url, min_size=1, max_size=4), CONFIG,
                                      Metrics(), coord, sweep_s)
            await server.start()
            servers.append(server)
        yield servers
    finally:
        for server in servers:
            with contextlib.suppress(Exception):
                await server.stop()


def socket(kicks: Kicks | None = None, *, id: int | None = None, name: str | None = None,
           address: str = "192.0.2.1") -> Connection:
    """A client socket's side of the server; its kicks go to ``kicks``."""
    said = kicks if kicks is not None else []

    def kick(code: int, reason: str) -> None:
        said.append((code, reason))

    if id is None:
        return Connection(address, 64, kick, name=name)
    return Connection(address, 64, kick, id=id, name=name)


def queued(conn: Connection) -> list[dict[str, Any]]:
    """The frames queued for ``conn`` so far (taken off its queue)."""
    frames = []
    while not conn.queue.empty():
        text = conn.queue.get_nowait()
        if text is not None:
            frames.append(json.loads(text))
    return frames


async def frame(conn: Connection, want: Callable[[dict[str, Any]], bool] | None = None,
                timeout: float = 3.0) -> dict[str, Any]:
    """The next frame of ``conn`` that ``want`` accepts (any frame without it), skipping
    others; fails after ``timeout`` seconds."""
    async def next_wanted() -> dict[str, Any]:
        while True:
            text = await conn.queue.get()
            assert text is not None, "the socket was ended"
            got: dict[str, Any] = json.loads(text)
            if want is None or want(got):
                return got

    return await asyncio.wait_for(next_wanted(), timeout)


def is_state(got: dict[str, Any]) -> bool:
    return bool(got["type"] == "state")


async def until(done: Callable[[], bool], what: str, timeout: float = 3.0) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not done():
        assert asyncio.get_running_loop().time() < deadline, what
        await asyncio.sleep(0.01)


async def create(server: SharedGameServer, request: dict[str, Any] | None = None
                 ) -> tuple[str, list[str], str]:
    """A new table of ``request`` (two friends by default): its id, its seats' tokens and
    its spectators' token."""
    created = await server.create(parse_table_request(request or FRIENDS))
    tokens = [s["url"].split("=", 1)[1] for s in created["seats"] if s["url"]]
    return created["table"], tokens, created["watch"].split("=", 1)[1]


def spy_sends(server: SharedGameServer) -> list[tuple[str, dict[str, Any]]]:
    """Every message ``server`` publishes to a process's inbox, as (process, message)."""
    sent: list[tuple[str, dict[str, Any]]] = []
    real = server.coord.send

    async def send(proc: str, message: dict[str, Any]) -> int:
        sent.append((proc, message))
        return await real(proc, message)

    server.coord.send = send  # type: ignore[method-assign]
    return sent


async def die(server: SharedGameServer) -> None:
    """As the kernel does for a killed process: its inbox stops listening (nothing else)."""
    for task in server.loops:
        task.cancel()
    listener = server.coord._listener
    assert listener is not None
    listener.cancel()
    await server.coord._pubsub.aclose()


async def live_set(server: SharedGameServer) -> set[str]:
    members = await server.coord.redis.smembers(server.coord.key("live"))
    return {m.decode() if isinstance(m, bytes) else m for m in members}
