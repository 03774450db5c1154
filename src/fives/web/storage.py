"""The web server's durable state: tables, the hashes of their links, one append-only action
log per table, keyed by (table, seq), and the reviews of finished games (table, game).

``Storage`` is the interface the rest of the server uses; ``SqliteStorage`` is the embedded
back end (one SQLite file, WAL, ``synchronous=FULL``). Every accepted action is committed before
anyone hears of it, so a server killed at any moment restarts with every table where it was:
a table is rebuilt by replaying its log through the engine. A second back end (a database shared
by several server processes) implements the same methods; ``append`` refuses a (table, seq) that
is already taken with ``SeqTaken``, which is how a process learns that another one wrote first.
Seat and spectator links are stored only as hashes.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import hashlib
import json
import queue
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    config TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER
);
CREATE TABLE IF NOT EXISTS log (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE IF NOT EXISTS reviews (
    table_id TEXT NOT NULL REFERENCES tables(id),
    game INTEGER NOT NULL,
    body BLOB NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, game)
);
"""

# 24 bytes = 192 bits from the OS's CSPRNG (the brief asks for at least 128).
TOKEN_BYTES = 24
# How long opening the database waits for another process's lock before saying so.
LOCK_WAIT_S = 3.0


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_table_id() -> str:
    # Not a capability (links are the tokens), only a stable name for the table.
    return secrets.token_hex(8)


@dataclass(frozen=True, slots=True)
class LogEntry:
    seq: int
    kind: str
    payload: dict[str, Any]
    at: float


class StorageError(Exception):
    """The storage could not do what was asked (nothing was written)."""


class SeqTaken(StorageError):
    """``append`` of a (table, seq) that is already in the log: someone else wrote first."""


def storage_faults() -> tuple[type[Exception], ...]:
    """The exceptions that mean the storage (or, in the shared mode, Redis) is away for now."""
    faults: list[type[Exception]] = [StorageError, sqlite3.Error]
    try:
        import psycopg

        faults.append(psycopg.Error)
    except ImportError:  # the shared mode's extra is not installed
        pass
    try:
        import redis

        faults.append(redis.RedisError)
    except ImportError:
        pass
    return tuple(faults)


class DatabaseLocked(StorageError):
    """Another process holds the database's write lock."""


class Storage(abc.ABC):
    """What the server needs from its durable state. Writes are async (they may wait for a
    disk or a network); reads used on joins and reloads are too."""

    @abc.abstractmethod
    def start(self) -> None:
        """Get ready to write (called once the event loop runs)."""

    @abc.abstractmethod
    def close(self) -> None:
        """Finish the writes in flight, then release everything."""

    @abc.abstractmethod
    async def create_table(
        self, table_id: str, config: dict[str, Any], tokens: list[tuple[str, int | None]]
    ) -> None:
        """Store a new table and the hashes of its links (seat number, None for spectators)."""

    @abc.abstractmethod
    async def append(self, table_id: str, seq: int, kind: str, payload: dict[str, Any]) -> float:
        """Commit one log entry durably and return its time; ``SeqTaken`` if ``seq`` is taken."""

    @abc.abstractmethod
    async def find_token(self, token: str) -> tuple[str, int | None] | None:
        """(table id, seat or None for a spectator) of a link's token, or None."""

    @abc.abstractmethod
    async def load(self, table_id: str) -> tuple[dict[str, Any], list[LogEntry]] | None:
        """A table's config and its whole log, or None if there is no such table."""

    @abc.abstractmethod
    async def active_table_ids(self, since: float) -> list[str]:
        """Tables with an action at or after ``since`` (those worth loading at start)."""

    @abc.abstractmethod
    async def idle_table_ids(self, before: float, limit: int) -> list[str]:
        """Up to ``limit`` tables whose last action (or creation) is older than ``before``."""

    @abc.abstractmethod
    async def delete_table(self, table_id: str) -> None:
        """Delete a table, its links, its log and its reviews."""

    @abc.abstractmethod
    async def stored_review(self, table_id: str, game: int) -> bytes | None:
        """The review of a finished game as ``store_review`` stored it, or None."""

    @abc.abstractmethod
    async def store_review(self, table_id: str, game: int, body: bytes) -> None:
        """Store (or replace) the review of a finished game, beside the table's log: opaque
        bytes to the storage (``fives.web.review`` packs and checks them)."""


def open_db(path: str, timeout: float = 30.0) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=timeout)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def insert_table(
    db: sqlite3.Connection, table_id: str, config: dict[str, Any],
    tokens: list[tuple[str, int | None]],
) -> float:
    at = time.time()
    db.execute(
        "INSERT INTO tables (id, created, config) VALUES (?, ?, ?)",
        (table_id, at, json.dumps(config, sort_keys=True)),
    )
    db.executemany(
        "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
        [(hash_token(token), table_id, seat) for token, seat in tokens],
    )
    return at


Job = Callable[[sqlite3.Connection], Any]
# Who waits for a job: its future, on its event loop.
Done = tuple[asyncio.AbstractEventLoop, "asyncio.Future[Any]"]
# A job's outcome for its waiting future: the result, or the error.
Settled = tuple["asyncio.Future[Any]", Any, BaseException | None]
# A log row, ready to insert: (table_id, seq, kind, payload as JSON, time).
Row = tuple[str, int, str, str, float]

# Both back ends' SQL (PostgreSQL's placeholders; SQLite's are ``?``).
IDLE_TABLES = """
SELECT t.id FROM tables t LEFT JOIN log l ON l.table_id = t.id
GROUP BY t.id, t.created HAVING COALESCE(MAX(l.at), t.created) < %s LIMIT %s
"""
DELETE_TABLE = ("DELETE FROM log WHERE table_id = %s", "DELETE FROM tokens WHERE table_id = %s",
                "DELETE FROM reviews WHERE table_id = %s", "DELETE FROM tables WHERE id = %s")

INSERT_ROW = "INSERT INTO log (table_id, seq, kind, payload, at) VALUES (?, ?, ?, ?, ?)"


class Writer:
    """One thread that commits for the whole server, so fsyncs never block the event loop.

    Work that arrives while a commit is in progress is written together in the next
    transaction (group commit: one fsync for many tables), with as few calls into SQLite as
    possible, since each call hands the GIL back and forth with the busy event loop. If a
    batch fails, its items are retried one by one so that only the faulty one fails. A
    caller hears back only once its transaction is durable, and a batch's callers all at once
    (one wake-up of their loop, not one per caller); ``close`` finishes what is queued.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.jobs: queue.SimpleQueue[tuple[Job | Row, Done] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="fives-db-writer", daemon=True)
        self.thread.start()

    async def run(self, job: Job | Row) -> Any:
        """Run ``job`` (a callable on the connection, or a log row to insert), durably."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self.jobs.put((job, (loop, future)))
        return await future

    def close(self) -> None:
        self.jobs.put(None)
        self.thread.join(timeout=10)

    @staticmethod
    def _apply(db: sqlite3.Connection, batch: list[tuple[Job | Row, Done]]) -> list[Any]:
        rows = [job for job, _ in batch if isinstance(job, tuple)]
        results = [None if isinstance(job, tuple) else job(db) for job, _ in batch]
        if rows:
            db.executemany(INSERT_ROW, rows)
        return [job[4] if isinstance(job, tuple) else r for (job, _), r in zip(
            batch, results, strict=True)]

    def _commit(
        self, db: sqlite3.Connection, batch: list[tuple[Job | Row, Done]]
    ) -> list[tuple[Any, BaseException | None]]:
        try:
            db.execute("BEGIN IMMEDIATE")
            results = self._apply(db, batch)
            db.execute("COMMIT")
            return [(r, None) for r in results]
        except sqlite3.Error as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if len(batch) == 1:
                if isinstance(exc, sqlite3.IntegrityError) and isinstance(batch[0][0], tuple):
                    return [(None, SeqTaken(f"seq {batch[0][0][1]} already taken"))]
                return [(None, StorageError(f"{type(exc).__name__}: {exc}"))]
        outcomes: list[tuple[Any, BaseException | None]] = []
        for item in batch:  # find the faulty one: the others still get written
            outcomes += self._commit(db, [item])
        return outcomes

    def _run(self) -> None:
        db = open_db(self.path)
        running = True
        while running:
            first = self.jobs.get()
            if first is None:
                break
            batch = [first]
            while True:
                try:
                    item = self.jobs.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    running = False
                    break
                batch.append(item)
            outcomes: dict[asyncio.AbstractEventLoop, list[Settled]] = {}
            for (_, (loop, future)), (result, error) in zip(
                    batch, self._commit(db, batch), strict=True):
                outcomes.setdefault(loop, []).append((future, result, error))
            for loop, settled in outcomes.items():
                if not loop.is_closed():
                    with contextlib.suppress(RuntimeError):  # closed meanwhile
                        loop.call_soon_threadsafe(_settle, settled)
        db.close()


def _settle(settled: list[Settled]) -> None:
    """Hand each waiting caller its job's outcome (on their loop; a cancelled wait is left)."""
    for future, result, error in settled:
        if future.done():
            continue
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)


class SqliteStorage(Storage):
    """One SQLite file: reads on the event loop's connection (short, indexed), writes through
    the group-committing ``Writer`` thread."""

    def __init__(self, path: str | Path, lock_wait: float = LOCK_WAIT_S) -> None:
        self.path = str(path)
        if self.path == ":memory:":
            raise ValueError("invalid database ':memory:': expected a file path")
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = open_db(self.path, timeout=lock_wait)
            self.db.executescript(SCHEMA)
            self.db.execute("BEGIN IMMEDIATE")  # can we write? say so now, not at first move
            self.db.execute("ROLLBACK")
        except sqlite3.OperationalError as exc:
            if "locked" in str(exc) or "busy" in str(exc):
                raise DatabaseLocked(
                    f"database {self.path!r} is locked by another process (waited "
                    f"{lock_wait:g} s): expected a database no other server is writing"
                ) from None
            raise
        self.db.execute(f"PRAGMA busy_timeout = {int(lock_wait * 1000)}")
        self.writer: Writer | None = None

    def start(self) -> None:
        if self.writer is None:
            self.writer = Writer(self.path)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.db.close()

    async def create_table(
        self, table_id: str, config: dict[str, Any], tokens: list[tuple[str, int | None]]
    ) -> None:
        assert self.writer is not None
        await self.writer.run(lambda db: insert_table(db, table_id, config, tokens))

    async def append(self, table_id: str, seq: int, kind: str, payload: dict[str, Any]) -> float:
        assert self.writer is not None
        row = (table_id, seq, kind, json.dumps(payload, sort_keys=True), time.time())
        at: float = await self.writer.run(row)
        return at

    async def find_token(self, token: str) -> tuple[str, int | None] | None:
        row = self.db.execute(
            "SELECT table_id, seat FROM tokens WHERE hash = ?", (hash_token(token),)
        ).fetchone()
        if row is None:
            return None
        return str(row[0]), (None if row[1] is None else int(row[1]))

    async def load(self, table_id: str) -> tuple[dict[str, Any], list[LogEntry]] | None:
        row = self.db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        rows = self.db.execute(
            "SELECT seq, kind, payload, at FROM log WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        entries = [LogEntry(int(s), str(k), json.loads(p), float(a)) for s, k, p, a in rows]
        return json.loads(row[0]), entries

    async def active_table_ids(self, since: float) -> list[str]:
        rows = self.db.execute(
            "SELECT table_id FROM log GROUP BY table_id HAVING MAX(at) >= ?", (since,)
        )
        return [str(r[0]) for r in rows]

    async def idle_table_ids(self, before: float, limit: int) -> list[str]:
        rows = self.db.execute(IDLE_TABLES.replace("%s", "?"), (before, limit))
        return [str(r[0]) for r in rows]

    async def delete_table(self, table_id: str) -> None:
        assert self.writer is not None
        await self.writer.run(lambda db: [db.execute(sql.replace("%s", "?"), (table_id,))
                                          for sql in DELETE_TABLE])

    async def stored_review(self, table_id: str, game: int) -> bytes | None:
        row = self.db.execute("SELECT body FROM reviews WHERE table_id = ? AND game = ?",
                              (table_id, game)).fetchone()
        return None if row is None or not isinstance(row[0], bytes) else row[0]

    async def store_review(self, table_id: str, game: int, body: bytes) -> None:
        assert self.writer is not None
        await self.writer.run(lambda db: db.execute(
            "INSERT OR REPLACE INTO reviews (table_id, game, body, at) VALUES (?, ?, ?, ?)",
            (table_id, game, body, time.time())))

    # Synchronous reads for tools and tests (the server itself uses the async ones).
    def table_ids(self) -> list[str]:
        return [str(r[0]) for r in self.db.execute("SELECT id FROM tables ORDER BY created")]

    def log(self, table_id: str) -> list[LogEntry]:
        rows = self.db.execute(
            "SELECT seq, kind, payload, at FROM log WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        return [LogEntry(int(s), str(k), json.loads(p), float(a)) for s, k, p, a in rows]
