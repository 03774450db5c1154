"""The web server's durable state: one SQLite file, an append-only action log per table.

Every accepted action is committed (WAL, ``synchronous=FULL``) before anyone hears of it, so a
server killed at any moment restarts with every table where it was: tables are rebuilt by
replaying their log through the engine. Seat and spectator links are stored only as hashes.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import sqlite3
import time
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


class Storage:
    """One SQLite connection, used from the event loop thread only."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create_table(
        self,
        table_id: str,
        config: dict[str, Any],
        tokens: list[tuple[str, int | None]],
    ) -> None:
        """Store a new table and the hashes of its links (seat number, None for spectators)."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables (id, created, config) VALUES (?, ?, ?)",
                (table_id, time.time(), json.dumps(config, sort_keys=True)),
            )
            self.db.executemany(
                "INSERT INTO tokens (hash, table_id, seat) VALUES (?, ?, ?)",
                [(hash_token(token), table_id, seat) for token, seat in tokens],
            )

    def append(self, table_id: str, seq: int, kind: str, payload: dict[str, Any]) -> float:
        """Commit one log entry durably; returns its timestamp. Fails if ``seq`` is taken."""
        at = time.time()
        with self._transaction():
            self.db.execute(
                "INSERT INTO log (table_id, seq, kind, payload, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, seq, kind, json.dumps(payload, sort_keys=True), at),
            )
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
