"""The shared mode's game reviews: one process computes a finished game's review and stores it
in PostgreSQL; another process, which does not own the table, serves the stored one without
computing anything (and without taking the table from its owner)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from starlette.testclient import TestClient

from fives.web.config import ServerConfig
from fives.web.review import unpack
from fives.web.server import create_shared_app
from web.helpers import ask_review, create, token_of, watch_to_the_end
from web.test_review_store import BOTS, FAST, Counted, jobs_of

from .services import REDIS_URL


@pytest.fixture
def two_processes(pg_url: str, redis_prefix: str) -> Iterator[list[TestClient]]:
    with contextlib.ExitStack() as stack:
        clients = []
        for _ in range(2):
            app = create_shared_app(pg_url, REDIS_URL, ServerConfig(limits=FAST, bot_delay=0.0),
                                    prefix=redis_prefix, lease_s=1.0, sweep_s=0.3)
            client = stack.enter_context(TestClient(app))
            client.app.state.reviews.budget = 4  # type: ignore[attr-defined]
            client.app.state.reviews.pool = Counted(  # type: ignore[attr-defined]
                client.app.state.reviews.pool)  # type: ignore[attr-defined]
            clients.append(client)
        yield clients


def tables_of(client: TestClient) -> Any:
    return client.app.state.server.tables  # type: ignore[attr-defined]


def test_the_process_that_did_not_compute_serves_the_stored_review(
        two_processes: list[TestClient], pg_url: str) -> None:
    a, b = two_processes
    created = create(a, **BOTS)
    watch_to_the_end(a, created)
    statuses, computed = ask_review(a, token_of(created["watch"]))
    assert statuses[0] == 202 and statuses[-1] == 200, computed.text
    with psycopg.connect(pg_url) as conn:
        row = conn.execute("SELECT body FROM reviews WHERE table_id = %s AND game = 1",
                           (created["table"],)).fetchone()
    assert row is not None and unpack(bytes(row[0])) is not None
    b.app.state.reviews.pool.pool = None  # type: ignore[attr-defined]
    statuses, served = ask_review(b, token_of(created["watch"]), game=None)
    assert statuses == [200] and served.json() == computed.json()
    assert jobs_of(b) == []
    assert created["table"] in tables_of(a) and created["table"] not in tables_of(b)


def test_no_stored_review_is_read_before_the_game_is_over(
        two_processes: list[TestClient], pg_url: str) -> None:
    """A process that does not own the table reads its game from the log: a game still being
    played has no review, even with bytes planted where its review would be."""
    a, b = two_processes
    created = create(a, preset="all-fives", players=2, seats=[{"kind": "me"},
                                                                {"kind": "friend"}])
    a_done = create(a, **BOTS)
    watch_to_the_end(a, a_done)
    ask_review(a, token_of(a_done["watch"]))
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("INSERT INTO reviews (table_id, game, body, at) SELECT %s, 1, body, at "
                     "FROM reviews WHERE table_id = %s", (created["table"], a_done["table"]))
    for client in (a, b):
        for game in (1, None):
            statuses, answer = ask_review(client, token_of(created["watch"]), game=game)
            assert statuses == [409] and "review" not in answer.json()
    assert created["table"] not in tables_of(b)
