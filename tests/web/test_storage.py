"""The storage interface as the server relies on it: an append keyed by (table, seq) refuses a
seq that is taken, and a table comes back whole from ``load``."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from fives.web.storage import DatabaseLocked, SeqTaken, SqliteStorage


def test_append_is_keyed_by_table_and_seq(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = SqliteStorage(tmp_path / "db.sqlite3")
        storage.start()
        try:
            await storage.create_table("t1", {"preset": "five-up"}, [("tok", 0), ("w", None)])
            await storage.create_table("t2", {"preset": "all-fives"}, [])
            await storage.append("t1", 1, "deal", {"n": 1})
            await storage.append("t2", 1, "deal", {"n": 2})  # same seq, another table: fine
            with pytest.raises(SeqTaken):
                await storage.append("t1", 1, "move", {"move": "6-6"})
            await storage.append("t1", 2, "move", {"move": "6-6"})
            loaded = await storage.load("t1")
            assert loaded is not None
            config, entries = loaded
            assert config == {"preset": "five-up"}
            assert [(e.seq, e.kind, e.payload) for e in entries] == [
                (1, "deal", {"n": 1}), (2, "move", {"move": "6-6"})]
            assert await storage.find_token("tok") == ("t1", 0)
            assert await storage.find_token("w") == ("t1", None)
            assert await storage.find_token("nope") is None
            assert await storage.load("t3") is None
            assert sorted(await storage.active_table_ids(0)) == ["t1", "t2"]
        finally:
            storage.close()

    asyncio.run(scenario())


def test_a_locked_database_is_named_quickly(tmp_path: Path) -> None:
    import sqlite3
    import time

    path = tmp_path / "db.sqlite3"
    SqliteStorage(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        with pytest.raises(DatabaseLocked) as err:
            SqliteStorage(path, lock_wait=0.3)
        assert time.monotonic() - started < 5
        assert str(path) in str(err.value) and "locked" in str(err.value)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
