"""The storage interface as the server relies on it: an append keyed by (table, seq) refuses a
seq that is taken, and a table comes back whole from ``load``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

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


def test_appends_written_together_each_hear_their_own_outcome(tmp_path: Path) -> None:
    """Appends that arrive while a commit runs are written in one transaction (group commit);
    the taken seq among them fails alone, every other caller gets its row's time, and the
    whole batch's callers are woken by one call into their loop, not one each."""

    async def scenario() -> None:
        storage = SqliteStorage(tmp_path / "db.sqlite3")
        storage.start()
        loop = asyncio.get_running_loop()
        wakes = 0
        plain = loop.call_soon_threadsafe

        def counted(*args: Any, **kwargs: Any) -> Any:
            nonlocal wakes
            wakes += 1
            return plain(*args, **kwargs)

        try:
            await storage.create_table("t1", {"preset": "five-up"}, [])
            await storage.append("t1", 1, "deal", {"n": 0})
            loop.call_soon_threadsafe = counted  # type: ignore[method-assign,assignment]
            seqs = [1, *range(2, 41)]  # seq 1 is taken already
            outcomes = await asyncio.gather(
                *(storage.append("t1", seq, "move", {"n": seq}) for seq in seqs),
                return_exceptions=True)
            loop.call_soon_threadsafe = plain  # type: ignore[method-assign]
            assert isinstance(outcomes[0], SeqTaken)
            assert all(isinstance(at, float) for at in outcomes[1:]), outcomes
            assert 1 <= wakes < len(seqs) // 2, wakes
            loaded = await storage.load("t1")
            assert loaded is not None
            assert [(e.seq, e.payload) for e in loaded[1]] == [
                (1, {"n": 0}), *((seq, {"n": seq}) for seq in range(2, 41))]
        finally:
            storage.close()

    asyncio.run(scenario())
