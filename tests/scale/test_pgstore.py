"""The PostgreSQL storage against a real server: the same contract as the SQLite file, plus
the owner's fencing."""

from __future__ import annotations

import asyncio
from typing import Any

import psycopg
import pytest

from fives.web.pgstore import APPEND, Fenced, PgStorage, check_url, migrate
from fives.web.storage import hash_token


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_migrations_apply_once_and_record_their_versions(pg_url: str) -> None:
    versions = ["0001.initial", "0002.log-epoch", "0003.lobby", "0004.lobby-presence",
                "0005.lobby-asked", "0006.reviews"]
    assert migrate(pg_url) == versions
    assert migrate(pg_url) == []  # a second process starting finds nothing to do
    with psycopg.connect(pg_url) as conn:
        applied = [r[0] for r in conn.execute("SELECT migration_id FROM _yoyo_migration")]
        columns = {r[0] for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'log'")}
    assert applied == versions
    assert columns == {"table_id", "seq", "kind", "payload", "at", "epoch"}


def test_bad_urls_are_named() -> None:
    with pytest.raises(ValueError, match=r"sqlite:///x\.db"):
        check_url("sqlite:///x.db")
    with pytest.raises(ValueError, match="expected postgresql://"):
        check_url("postgresql://localhost")
    with pytest.raises(ValueError) as info:
        check_url("mysql://bob:secret@db/x")
    assert "secret" not in str(info.value)


def test_tables_links_and_log_round_trip(pg_url: str) -> None:
    migrate(pg_url)

    async def scenario() -> None:
        store = PgStorage(pg_url)
        await store.open()
        try:
            config = {"preset": "five-up", "options": {}, "seats": [], "timer": 0}
            store.own("t1", 1)
            await store.create_table("t1", config, [("seat-a", 0), ("watch-a", None)])
            assert await store.find_token("seat-a") == ("t1", 0)
            assert await store.find_token("watch-a") == ("t1", None)
            assert await store.find_token("nope") is None
            assert (await store.load("t1") or ({},))[0] == config
            assert await store.load("t2") is None
            await store.append("t1", 1, "deal", {"x": [1, 2]})
            await store.append("t1", 2, "move", {"move": "6-6"})
            with pytest.raises(Fenced, match="step 2"):
                await store.append("t1", 2, "move", {"move": "5-5"})
            entries = (await store.load("t1") or ({}, []))[1]
            assert [(e.seq, e.kind, e.payload) for e in entries] == [
                (1, "deal", {"x": [1, 2]}), (2, "move", {"move": "6-6"})]
            assert store.table_ids() == ["t1"]
            assert [e.seq for e in store.log("t1")] == [1, 2]
            assert await store.active_table_ids(0.0) == ["t1"]
        finally:
            await store.aclose()

    run(scenario())
    with psycopg.connect(pg_url) as conn:  # links are stored only as hashes
        hashes = {r[0] for r in conn.execute("SELECT hash FROM tokens")}
    assert hashes == {hash_token("seat-a"), hash_token("watch-a")}


def test_an_older_owner_cannot_append_once_a_newer_one_claimed(pg_url: str) -> None:
    migrate(pg_url)

    async def scenario() -> None:
        store = PgStorage(pg_url)
        await store.open()
        try:
            old = PgStorage(pg_url)  # the process that loses the table
            await old.open()
            old.own("t1", 3)
            await old.create_table("t1", {"preset": "five-up"}, [])
            await old.append("t1", 1, "deal", {})
            assert await store.claim("t1", 5)
            assert not await store.claim("t1", 4)  # tokens only go forward
            with pytest.raises(Fenced, match="epoch 3"):  # a step nobody has used yet
                await old.append("t1", 2, "move", {"move": "6-6"})
            await old.aclose()
            await store.append("t1", 2, "move", {"move": "5-5"})
            entries = (await store.load("t1") or ({}, []))[1]
            assert [e.payload for e in entries] == [{}, {"move": "5-5"}]
        finally:
            await store.aclose()

    run(scenario())


def test_a_claim_waits_for_an_append_in_flight_and_then_sees_it(pg_url: str) -> None:
    """The append holds its share lock until commit: the claim's UPDATE waits for it, so the
    new owner's read of the log includes it."""
    migrate(pg_url)
    with psycopg.connect(pg_url, autocommit=True) as setup:
        setup.execute("INSERT INTO tables (id, created, config, epoch) VALUES ('t', 0, '{}', 1)")
    writer = psycopg.connect(pg_url)
    cur = writer.execute(APPEND, (["t"], [1], ["move"], ["{}"], [0.0], [1]))
    assert cur.fetchall() == [("t", 1)]
    claimer = psycopg.connect(pg_url, autocommit=True)
    claimer.execute("SET lock_timeout = '300ms'")
    with pytest.raises(psycopg.errors.LockNotAvailable):  # blocked behind the append
        claimer.execute("UPDATE tables SET epoch = 2 WHERE id = 't' AND epoch < 2")
    writer.commit()
    claimer.execute("SET lock_timeout = 0")
    assert claimer.execute("UPDATE tables SET epoch = 2 WHERE id = 't' AND epoch < 2").rowcount == 1
    assert claimer.execute("SELECT count(*) FROM log").fetchone() == (1,)
    writer.close()
    claimer.close()


def test_appends_in_flight_together_are_one_statement_and_fail_one_by_one(
        pg_url: str) -> None:
    """Appends that arrive together are written together (group commit); a fenced or taken
    step fails alone, the others are written."""
    migrate(pg_url)

    async def scenario() -> None:
        store = PgStorage(pg_url)
        await store.open()
        try:
            for i in range(4):
                store.own(f"t{i}", 1)
                await store.create_table(f"t{i}", {"preset": "five-up"}, [])
                await store.append(f"t{i}", 1, "deal", {})
            store.own("t2", 0)  # as if another process had taken t2 over
            statements = []
            real_connection = store.pool.connection

            def counting_connection(timeout: float | None = None) -> Any:
                statements.append(1)
                return real_connection(timeout)

            store.pool.connection = counting_connection  # type: ignore[method-assign]
            outcomes = await asyncio.gather(
                *(store.append(f"t{i}", 2, "move", {"move": str(i)}) for i in range(4)),
                store.append("t3", 1, "move", {}),  # step 1 is in the log already
                return_exceptions=True)
            assert len(statements) == 1
            assert [isinstance(o, Fenced) for o in outcomes] == [False, False, True, False, True]
            assert "epoch 0" in str(outcomes[2]) and "step 1" in str(outcomes[4])
            logs = {f"t{i}": [e.payload for e in store.log(f"t{i}")] for i in range(4)}
            assert logs == {"t0": [{}, {"move": "0"}], "t1": [{}, {"move": "1"}], "t2": [{}],
                            "t3": [{}, {"move": "3"}]}
        finally:
            await store.aclose()

    run(scenario())


def test_links_claims_and_loads_made_together_take_one_query_each(pg_url: str) -> None:
    migrate(pg_url)

    async def scenario() -> None:
        store = PgStorage(pg_url)
        await store.open()
        try:
            store.own("t1", 1)
            await store.create_table("t1", {"preset": "five-up"}, [("a", 0), ("w", None)])
            queries = []
            real_connection = store.pool.connection

            def counting_connection(timeout: float | None = None) -> Any:
                queries.append(1)
                return real_connection(timeout)

            store.pool.connection = counting_connection  # type: ignore[method-assign]
            found = list(await asyncio.gather(
                store.find_token("a"), store.find_token("nope"), store.find_token("w"),
                store.find_token("a")))
            assert found == [("t1", 0), None, ("t1", None), ("t1", 0)]
            assert len(queries) == 1
            await store.append("t1", 1, "deal", {"d": 1})
            queries.clear()
            claimed = list(await asyncio.gather(store.claim("t1", 2), store.claim("t9", 2)))
            loaded = await asyncio.gather(store.load("t1"), store.load("t9"), store.load("t1"))
            assert claimed == [True, False] and len(queries) == 2  # one for each kind
            assert [e.payload for e in (loaded[0] or ({}, []))[1]] == [{"d": 1}]
            assert loaded[1] is None and loaded[2] == loaded[0]
        finally:
            await store.aclose()

    run(scenario())
