"""A game's review is stored with the game's record and computed once: a restarted server
serves the stored one without computing anything, and stored bytes that are not a review are
computed anew (the shared mode's processes: tests/scale/test_review_shared.py)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.review import unpack
from fives.web.server import create_app

from .helpers import ask_review, create, token_of, watch_to_the_end

FAST = Limits(message_rate=1e6, message_burst=1e6, tables_per_minute=6e7, tables_burst=1e6)
BOTS = {"preset": "all-fives", "players": 2, "target": 30,
        "seats": [{"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]}


@dataclass
class Counted:
    """A review pool that counts the jobs it is given and passes them on to ``pool`` (None:
    computes nothing, as a pool that broke)."""

    pool: Any = None
    jobs: list[str] = field(default_factory=list)

    async def run(self, label: str, job: Any, *args: Any) -> Any:
        self.jobs.append(job.__name__)
        return None if self.pool is None else await self.pool.run(label, job, *args)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.close()


def server(path: Path) -> TestClient:
    client = TestClient(create_app(path, ServerConfig(limits=FAST, bot_delay=0.0)))
    client.app.state.reviews.budget = 4  # type: ignore[attr-defined]
    client.app.state.reviews.pool = Counted(  # type: ignore[attr-defined]
        client.app.state.reviews.pool)  # type: ignore[attr-defined]
    return client


def jobs_of(client: TestClient) -> list[str]:
    return client.app.state.reviews.pool.jobs  # type: ignore[attr-defined, no-any-return]


def stored(path: Path, table_id: str) -> bytes | None:
    with sqlite3.connect(path) as db:
        row = db.execute("SELECT body FROM reviews WHERE table_id = ? AND game = 1",
                         (table_id,)).fetchone()
    return None if row is None else bytes(row[0])


def test_a_restarted_server_serves_the_stored_review(tmp_path: Path) -> None:
    path = tmp_path / "fives.sqlite3"
    with server(path) as client:
        created = create(client, **BOTS)
        watch_to_the_end(client, created)
        statuses, first = ask_review(client, token_of(created["watch"]))
        assert statuses[0] == 202 and statuses[-1] == 200, first.text
        assert jobs_of(client).count("prepare") == 1
    assert unpack(stored(path, created["table"])) is not None
    with server(path) as client:
        client.app.state.reviews.pool.pool = None  # type: ignore[attr-defined]
        statuses, again = ask_review(client, token_of(created["watch"]), game=None)
        assert statuses == [200] and again.json() == first.json()
        assert jobs_of(client) == []  # nothing computed


def test_a_damaged_stored_review_is_computed_anew(tmp_path: Path) -> None:
    path = tmp_path / "fives.sqlite3"
    with server(path) as client:
        created = create(client, **BOTS)
        watch_to_the_end(client, created)
        first = ask_review(client, token_of(created["watch"]))[1]
    with sqlite3.connect(path) as db:
        db.execute("UPDATE reviews SET body = ?", (b"fives-review/1\n\x78\x9c\x00 torn",))
    with server(path) as client:
        statuses, again = ask_review(client, token_of(created["watch"]))
        assert statuses[0] == 202 and statuses[-1] == 200 and again.json() == first.json()
        assert jobs_of(client).count("prepare") == 1
    assert unpack(stored(path, created["table"])) is not None


def test_a_deleted_table_takes_its_reviews(tmp_path: Path) -> None:
    path = tmp_path / "fives.sqlite3"
    with server(path) as client:
        created = create(client, **BOTS)
        watch_to_the_end(client, created)
        ask_review(client, token_of(created["watch"]))
        assert stored(path, created["table"]) is not None
        client.portal.call(  # type: ignore[union-attr]
            client.app.state.server.storage.delete_table,  # type: ignore[attr-defined]
            created["table"])
    assert stored(path, created["table"]) is None
