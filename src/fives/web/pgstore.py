"""The shared mode's durable state: PostgreSQL, with what the SQLite file holds in the single
process mode (tables, hashed links, the append-only action log, finished games' reviews) and
the owner's fencing.

Every table row carries an ``epoch``: the fencing token of the process that owns the table now
(handed out by the lease in Redis, see ``fives.web.shared``). An entry joins the log only in a
transaction that holds a share lock on its table row with the writer's epoch still in place, so
a process that lost its table (paused past its lease, cut off from Redis) can no longer append,
even at a ``seq`` nobody has used yet; a claim by the new owner waits for such a transaction to
end and then reads the log with its entry. ``(table_id, seq)`` stays the primary key: two
writers can never both add the same step.

The schema is a series of plain SQL migrations (``migrations/``) applied by yoyo-migrations at
start, under yoyo's lock, so that many processes starting at once apply each one once.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Generic, TypeVar
from urllib.parse import urlsplit, urlunsplit

from fives.web.storage import (
    DELETE_TABLE,
    IDLE_TABLES,
    LogEntry,
    Storage,
    StorageError,
    hash_token,
)

MIGRATIONS = Path(__file__).parent / "migrations"
# Appends in one statement: each row joins the log only while its writer's epoch is still the
# table's, under a share lock on the table's row (a claim waits for it); a step already in the
# log is skipped. The rows written come back; the others were fenced off.
APPEND = """
INSERT INTO log (table_id, seq, kind, payload, at, epoch)
SELECT t.id, v.seq, v.kind, v.payload, v.at, t.epoch
FROM unnest(%s::text[], %s::int[], %s::text[], %s::text[], %s::float8[], %s::bigint[])
    AS v (table_id, seq, kind, payload, at, epoch)
JOIN tables t ON t.id = v.table_id AND t.epoch = v.epoch
FOR SHARE OF t
ON CONFLICT DO NOTHING
RETURNING table_id, seq
"""
# At most this many entries in one append statement (or links in one lookup).
BATCH_ROWS = 500
# A log row to append: (table, seq, kind, payload as JSON, time, the writer's epoch).
PgRow = tuple[str, int, str, str, float, int]
# A link's table and seat (None: spectators).
Link = tuple[str, int | None]
# A table as stored: its config and its log.
Stored = tuple[dict[str, Any], list[LogEntry]]


class Fenced(StorageError):
    """This process no longer owns the table: another one has taken it over."""


def check_url(url: str) -> str:
    """The URL when it names a PostgreSQL database, else a ValueError naming it."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres") or not parts.path.strip("/"):
        # Without the user and password a URL may hold.
        shown = f"{parts.scheme}://{parts.hostname or ''}{parts.path}" if parts.scheme else url
        raise ValueError(
            f"invalid database URL {shown[:80]!r}: expected postgresql://USER@HOST:PORT/NAME"
        )
    return url


def migrate(url: str) -> list[str]:
    """Apply the migrations this database lacks (under yoyo's lock); returns their ids."""
    from yoyo import get_backend, read_migrations

    parts = urlsplit(check_url(url))
    backend = get_backend(urlunsplit(parts._replace(scheme="postgresql+psycopg")))
    migrations = read_migrations(str(MIGRATIONS))
    try:
        with backend.lock():
            todo = backend.to_apply(migrations)
            backend.apply_migrations(todo)
    finally:
        backend.connection.close()
    return [m.id for m in todo]


def _storage_error(exc: Exception) -> Exception:
    import psycopg

    if isinstance(exc, psycopg.Error):
        return StorageError(f"database: {type(exc).__name__}")
    return exc


Item = TypeVar("Item")
Result = TypeVar("Result")


class Batched(Generic[Item, Result]):
    """Calls that arrive while a query is in flight go together in the next one.

    ``run`` gets up to ``BATCH_ROWS`` items and gives each its result, or the exception to
    raise in its caller. One query, one round trip (and for writes one fsync) serves many
    tables: this is what keeps hundreds of appends a second, or a thousand clients
    reconnecting at once, from queueing one query each for the pool's few connections.
    """

    def __init__(self, run: Callable[[list[Item]], Awaitable[list[Result | Exception]]]) -> None:
        self.run = run
        self.waiting: list[tuple[Item, asyncio.Future[Result]]] = []
        self.task: asyncio.Task[None] | None = None

    async def __call__(self, item: Item) -> Result:
        future: asyncio.Future[Result] = asyncio.get_running_loop().create_future()
        self.waiting.append((item, future))
        if self.task is None or self.task.done():
            self.task = asyncio.ensure_future(self._drain())
        return await future

    async def _drain(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting[:BATCH_ROWS], self.waiting[BATCH_ROWS:]
            try:
                results = await self.run([item for item, _ in batch])
            except Exception as exc:  # the whole query failed: each caller hears why
                results = [_storage_error(exc)] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():  # its caller gave up (cancelled)
                    continue
                if isinstance(result, Exception):
                    future.set_exception(result)
                else:
                    future.set_result(result)


class PgStorage(Storage):
    """Tables, links and logs in PostgreSQL, through a pool of async connections."""

    def __init__(self, url: str, *, min_size: int = 2, max_size: int = 10) -> None:
        from psycopg_pool import AsyncConnectionPool

        self.url = check_url(url)
        self.pool = AsyncConnectionPool(
            self.url, min_size=min_size, max_size=max_size, open=False,
            kwargs={"autocommit": True},
        )
        self.epochs: dict[str, int] = {}  # fencing token of each table this process owns
        self._append = Batched(self._append_rows)
        self._find = Batched(self._find_hashes)
        self._claim = Batched(self._claim_tables)
        self._load = Batched(self._load_tables)
        # Called with a new table's id before it is stored: the epoch that will own it.
        self.before_create: Callable[[str], Awaitable[int]] | None = None

    async def open(self) -> None:
        await self.pool.open(wait=True, timeout=30)

    async def aclose(self) -> None:
        await self.pool.close()

    def start(self) -> None:
        """Nothing to do: ``open`` (awaited by the shared runtime) opens the pool."""

    def close(self) -> None:
        """Nothing to do: ``aclose`` (awaited by the shared runtime) closes the pool."""

    async def create_table(
        self, table_id: str, config: dict[str, Any], tokens: list[tuple[str, int | None]]
    ) -> None:
        """Store a new table and the hashes of its links (seat number, None for spectators),
        owned by the epoch ``claim`` or ``own`` gave this process for it."""
        import psycopg

        at = time.time()
        if self.before_create is not None:
            self.epochs[table_id] = await self.before_create(table_id)
        epoch = self.epochs.get(table_id, 0)
        try:
            async with self.pool.connection() as conn, conn.transaction():
                await conn.execute(
                    "INSERT INTO tables (id, created, config, epoch) VALUES (%s, %s, %s, %s)",
                    (table_id, at, json.dumps(config, sort_keys=True), epoch),
                )
                async with conn.cursor() as cur:
                    await cur.executemany(
                        "INSERT INTO tokens (hash, table_id, seat) VALUES (%s, %s, %s)",
                        [(hash_token(token), table_id, seat) for token, seat in tokens],
                    )
        except psycopg.Error as exc:
            raise StorageError(f"table {table_id}: {type(exc).__name__}") from exc

    async def append(self, table_id: str, seq: int, kind: str, payload: dict[str, Any]) -> float:
        """Commit one log entry durably if this process's epoch still owns the table; its time.

        Entries that arrive while a write is in flight go together in the next one (group
        commit, ``Batched``). Raises ``Fenced`` when another owner holds the table or the step
        is taken.
        """
        at = time.time()
        await self._append((table_id, seq, kind, json.dumps(payload, sort_keys=True), at,
                            self.epochs.get(table_id, 0)))
        return at

    async def _append_rows(self, rows: list[PgRow]) -> list[Exception | None]:
        import psycopg

        try:
            async with self.pool.connection() as conn:
                cur = await conn.execute(APPEND, [list(c) for c in zip(*rows, strict=True)])
                written = {(str(t), int(s)) for t, s in await cur.fetchall()}
        except psycopg.Error as exc:
            return [StorageError(f"table {row[0]}: {type(exc).__name__}") for row in rows]
        return [None if (table_id, seq) in written else Fenced(
            f"table {table_id}: epoch {epoch} no longer owns it, or step {seq} is already in "
            "the log") for table_id, seq, *_, epoch in rows]

    def own(self, table_id: str, epoch: int) -> None:
        """Write a table this process is creating with ``epoch`` (no older owner exists)."""
        self.epochs[table_id] = epoch

    def disown(self, table_id: str) -> None:
        self.epochs.pop(table_id, None)

    async def claim(self, table_id: str, epoch: int) -> bool:
        """Make ``epoch`` the table's owner if it is newer than the current one.

        After this returns True, no older owner can append; the log read next is complete.
        """
        if await self._claim((table_id, epoch)):
            self.epochs[table_id] = epoch
            return True
        return False

    async def _claim_tables(self, claims: list[tuple[str, int]]) -> list[bool | Exception]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "UPDATE tables t SET epoch = v.epoch "
                "FROM unnest(%s::text[], %s::bigint[]) AS v (id, epoch) "
                "WHERE t.id = v.id AND t.epoch < v.epoch RETURNING t.id",
                ([t for t, _ in claims], [e for _, e in claims]))
            claimed = {str(r[0]) for r in await cur.fetchall()}
        return [t in claimed for t, _ in claims]

    async def find_token(self, token: str) -> Link | None:
        """The table and seat (None: spectators) of a link, or None."""
        return await self._find(hash_token(token))

    async def _find_hashes(self, hashes: list[str]) -> list[Link | Exception | None]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "SELECT hash, table_id, seat FROM tokens WHERE hash = ANY(%s)", (hashes,))
            found = {str(h): (str(t), None if s is None else int(s))
                     for h, t, s in await cur.fetchall()}
        return [found.get(h) for h in hashes]

    # Synchronous reads for tools and tests, as SqliteStorage has (the server uses the async ones).
    def table_ids(self) -> list[str]:
        import psycopg

        with psycopg.connect(self.url) as conn:
            return [str(r[0]) for r in conn.execute("SELECT id FROM tables ORDER BY created")]

    def log(self, table_id: str) -> list[LogEntry]:
        import psycopg

        with psycopg.connect(self.url) as conn:
            rows = conn.execute(
                "SELECT seq, kind, payload, at FROM log WHERE table_id = %s ORDER BY seq",
                (table_id,)).fetchall()
        return [LogEntry(int(s), str(k), json.loads(p), float(a)) for s, k, p, a in rows]

    async def load(self, table_id: str) -> tuple[dict[str, Any], list[LogEntry]] | None:
        """A table's config and its whole log, or None. Loads that arrive together (a process
        taking over hundreds of tables) are read in one statement (one snapshot)."""
        return await self._load(table_id)

    async def _load_tables(self, table_ids: list[str]) -> list[Stored | Exception | None]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "SELECT t.id, t.config, l.seq, l.kind, l.payload, l.at FROM tables t "
                "LEFT JOIN log l ON l.table_id = t.id WHERE t.id = ANY(%s) "
                "ORDER BY t.id, l.seq", (table_ids,))
            rows = await cur.fetchall()
        stored: dict[str, Stored] = {}
        for table_id, config, seq, kind, payload, at in rows:
            if table_id not in stored:
                stored[table_id] = (json.loads(config), [])
            if seq is not None:
                stored[table_id][1].append(LogEntry(int(seq), str(kind), json.loads(payload),
                                                    float(at)))
        return [stored.get(t) for t in table_ids]

    async def config(self, table_id: str) -> dict[str, Any] | None:
        async with self.pool.connection() as conn:
            cur = await conn.execute("SELECT config FROM tables WHERE id = %s", (table_id,))
            row = await cur.fetchone()
        return None if row is None else dict(json.loads(row[0]))

    async def epoch(self, table_id: str) -> int | None:
        """The token of the table's current owner (0: never owned), None if no such table."""
        async with self.pool.connection() as conn:
            cur = await conn.execute("SELECT epoch FROM tables WHERE id = %s", (table_id,))
            row = await cur.fetchone()
        return None if row is None else int(row[0])

    async def idle_table_ids(self, before: float, limit: int) -> list[str]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(IDLE_TABLES, (before, limit))
            return [str(r[0]) for r in await cur.fetchall()]

    async def delete_table(self, table_id: str) -> None:
        async with self.pool.connection() as conn, conn.transaction():
            for sql in DELETE_TABLE:
                await conn.execute(sql, (table_id,))

    async def stored_review(self, table_id: str, game: int) -> bytes | None:
        async with self.pool.connection() as conn:
            cur = await conn.execute("SELECT body FROM reviews WHERE table_id = %s AND game = %s",
                                     (table_id, game))
            row = await cur.fetchone()
        return None if row is None else bytes(row[0])

    async def store_review(self, table_id: str, game: int, body: bytes) -> None:
        """Any process may store a finished game's review (not only the table's owner): two
        processes that computed it at once write the same bytes (a review is seeded)."""
        async with self.pool.connection() as conn:
            await conn.execute(
                "INSERT INTO reviews (table_id, game, body, at) VALUES (%s, %s, %s, %s) "
                "ON CONFLICT (table_id, game) DO UPDATE SET body = EXCLUDED.body, at = EXCLUDED.at",
                (table_id, game, body, time.time()))

    async def active_table_ids(self, since: float) -> list[str]:
        async with self.pool.connection() as conn:
            cur = await conn.execute(
                "SELECT table_id FROM log GROUP BY table_id HAVING MAX(at) >= %s", (since,))
            return [str(r[0]) for r in await cur.fetchall()]
