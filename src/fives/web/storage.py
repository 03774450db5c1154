"""The web server's durable state: one SQLite file, an append-only action log per table.

Every accepted action is committed (WAL, ``synchronous=FULL``) before anyone hears of it, so a
server killed at any moment restarts with every table where it was: tables are rebuilt by
replaying their log through the engine. Seat and spectator links are stored only as hashes.
"""

from __future__ import annotations

import asyncio
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
"""

# 24 bytes = 192 bits from the OS's CSPRNG (the brief asks for at least 128).
TOKEN_BYTES = 24


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


def open_db(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
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


def insert_entry(
    db: sqlite3.Connection, table_id: str, seq: int, kind: str, payload: dict[str, Any]
) -> float:
    at = time.time()
    db.execute(
        "INSERT INTO log (table_id, seq, kind, payload, at) VALUES (?, ?, ?, ?, ?)",
        (table_id, seq, kind, json.dumps(payload, sort_keys=True), at),
    )
    return at


Job = Callable[[sqlite3.Connection], Any]
Done = Callable[[Any, BaseException | None], None]
# A log row, ready to insert: (table_id, seq, kind, payload as JSON, time).
Row = tuple[str, int, str, str, float]

INSERT_ROW = "INSERT INTO log (table_id, seq, kind, payload, at) VALUES (?, ?, ?, ?, ?)"


class Writer:
    """One thread that commits for the whole server, so fsyncs never block the event loop.

    Work that arrives while a commit is in progress is written together in the next
    transaction (group commit: one fsync for many tables), with as few calls into SQLite as
    possible, since each call hands the GIL back and forth with the busy event loop. If a
    batch fails, its items are retried one by one so that only the faulty one fails. A
    caller hears back only once its transaction is durable.
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

        def settle(result: Any, exc: BaseException | None) -> None:
            if future.done():
                return
            if exc is not None:
                future.set_exception(exc)
            else:
                future.set_result(result)

        def done(result: Any, exc: BaseException | None) -> None:
            loop.call_soon_threadsafe(settle, result, exc)

        self.jobs.put((job, done))
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
                return [(None, exc)]
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
            for (_, done), (result, error) in zip(batch, self._commit(db, batch), strict=True):
                done(result, error)
        db.close()


class Storage:
    """Reads on the caller's connection; writes either direct (``create_table``, ``append``)
    or through the group-committing ``Writer`` (``create_table_async``, ``append_async``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path == ":memory:":
            raise ValueError("invalid database ':memory:': expected a file path")
        Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = open_db(self.path)
        self.db.executescript(SCHEMA)
        self.writer: Writer | None = None

    def start_writer(self) -> None:
        if self.writer is None:
            self.writer = Writer(self.path)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None
        self.db.close()

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        tokens: list[tuple[str, int | None]],
    ) -> None:
        """Store a new table and the hashes of its links (seat number, None for spectators)."""
        with self._transaction():
            insert_table(self.db, table_id, config, tokens)

    def append(self, table_id: str, seq: int, kind: str, payload: dict[str, Any]) -> float:
        """Commit one log entry durably; returns its timestamp. Fails if ``seq`` is taken."""
        with self._transaction():
            return insert_entry(self.db, table_id, seq, kind, payload)

    async def create_table_async(
        self, table_id: str, config: dict[str, Any], tokens: list[tuple[str, int | None]]
    ) -> None:
        assert self.writer is not None
        await self.writer.run(lambda db: insert_table(db, table_id, config, tokens))

    async def append_async(
        self, table_id: str, seq: int, kind: str, payload: dict[str, Any]
    ) -> float:
        assert self.writer is not None
        row = (table_id, seq, kind, json.dumps(payload, sort_keys=True), time.time())
        at: float = await self.writer.run(row)
        return at

    def find_token(self, token: str) -> tuple[str, int | None] | None:
        row = self.db.execute(
            "SELECT table_id, seat FROM tokens WHERE hash = ?", (hash_token(token),)
        ).fetchone()
        if row is None:
            return None
        return str(row[0]), (None if row[1] is None else int(row[1]))

    def table_ids(self) -> list[str]:
        return [str(r[0]) for r in self.db.execute("SELECT id FROM tables ORDER BY created")]

    def config(self, table_id: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT config FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        config: dict[str, Any] = json.loads(row[0])
        return config

    def log(self, table_id: str) -> list[LogEntry]:
        rows = self.db.execute(
            "SELECT seq, kind, payload, at FROM log WHERE table_id = ? ORDER BY seq", (table_id,)
        )
        return [LogEntry(int(s), str(k), json.loads(p), float(a)) for s, k, p, a in rows]

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class _Transaction:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        self.db.execute("COMMIT" if exc_type is None else "ROLLBACK")
