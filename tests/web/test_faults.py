"""A full disk, then freed: every table, all-bot ones included, goes on by itself within a few
seconds with nobody joining, and its sockets end at the log's last step with nothing lost.

The disk fills for real as SQLite sees it: the writer's connection gets a page limit at the
database's size and a scratch table fills the last free space (``database or disk is full``,
SQLITE_FULL, the error a full file system gives); raising the limit frees it."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_app
from fives.web.service import TableService
from fives.web.storage import StorageError

from .conftest import FAST
from .helpers import create, recv, seat_tokens, token_of, view_of

BOTS = {"preset": "five-up", "players": 2,
        "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}
MIXED = {"preset": "five-up", "players": 2,
         "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}


LIMITS: dict[str, Any] = dict(FAST)


def portal_call(client: TestClient, job: Any, *args: Any) -> Any:
    """Run ``job(*args)`` on the app's event loop."""
    assert client.portal is not None
    return client.portal.call(job, *args)


def fill_disk(client: TestClient, writer: Any) -> None:
    """Cap the database at its size, then fill its last free pages (a row per transaction: a
    failed one is rolled back whole)."""
    def cap(db: sqlite3.Connection) -> None:
        db.execute("CREATE TABLE IF NOT EXISTS filler (x TEXT)")
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")

    portal_call(client, writer.run, cap)
    for size in (2000, 200, 20, 1):  # smaller and smaller rows take the last free bytes
        for _ in range(10_000):
            try:
                portal_call(client, writer.run, lambda db: db.execute(
                    "INSERT INTO filler VALUES (?)", ("x" * size,)))  # noqa: B023
            except StorageError as exc:
                assert "full" in str(exc)
                break
        else:
            raise AssertionError("the disk never filled")


def free_disk(db: sqlite3.Connection) -> None:
    db.execute("PRAGMA max_page_count = 1073741823")


def drain(ws: Any, frames: list[dict[str, Any]], seconds: float) -> int:
    """Read whatever comes for ``seconds``: the state frames kept, the errors counted."""
    errors = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            frame = recv(ws, timeout=0.05)
        except TimeoutError:
            continue
        if frame["type"] == "state":
            frames.append(frame)
        errors += frame["type"] == "error"
    return errors


@pytest.mark.slow  # seconds: the disk fills, then the tables go on
def test_a_full_disk_then_freed_freezes_no_table(tmp_path: Path) -> None:
    config = ServerConfig(bot_delay=0.2, auto_next=0.1, limits=Limits(**LIMITS))
    with TestClient(create_app(tmp_path / "fives.sqlite3", config)) as client:
        server = client.app.state.server  # type: ignore[attr-defined]
        writer = server.storage.writer
        bots, mixed = create(client, **BOTS), create(client, **MIXED)
        watch = client.websocket_connect("/ws")
        watch.__enter__()
        watch.send_json({"type": "join", "token": token_of(bots["watch"])})
        human = client.websocket_connect("/ws")
        human.__enter__()
        client.open_sockets = [watch, human]
        try:
            check_fault(client, server, writer, bots, mixed, watch, human)
        finally:
            for ws in (watch, human):
                ws.__exit__(None, None, None)


def check_fault(client: TestClient, server: Any, writer: Any, bots: dict[str, Any],
                mixed: dict[str, Any], watch: Any, human: Any) -> None:
    human.send_json({"type": "join", "token": seat_tokens(mixed)[0]})
    seen: list[dict[str, Any]] = []
    mine: list[dict[str, Any]] = []

    def play(seconds: float) -> None:
        """The person plays whenever it is their turn (again after a refusal)."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            drain(watch, seen, 0.02)
            if drain(human, mine, 0.02):  # not stored ("try again"): it tries again
                played[0] = -1
            if not mine or mine[-1]["seq"] == played[0]:
                continue
            view = view_of(mine[-1])
            if view["phase"] == "hand_over":
                played[0] = mine[-1]["seq"]
                human.send_json({"type": "next_hand"})
            elif view["legal_moves"]:
                played[0] = mine[-1]["seq"]
                human.send_json({"type": "play", "move": view["legal_moves"][0]})

    played = [-1]
    play(1.0)
    fill_disk(client, writer)
    # The tables write until they need a page the disk does not have.
    deadline = time.monotonic() + 20
    while True:
        before = seen[-1]["seq"]
        play(0.8)
        if seen[-1]["seq"] == before:
            break
        assert time.monotonic() < deadline, "the disk never filled up for the tables"
    frozen = seen[-1]["seq"], mine[-1]["seq"]
    portal_call(client, writer.run, free_disk)
    freed = time.monotonic()
    while seen[-1]["seq"] <= frozen[0]:
        assert time.monotonic() - freed < 5, "a table stayed frozen after the disk was freed"
        play(0.05)
    print(f"frozen after the disk was freed: {time.monotonic() - freed:.2f} s")
    play(2.0)
    assert mine[-1]["seq"] > frozen[1] + 1, "the table with a person stayed frozen"
    # Every socket catches up with the log, with no step missed on the way.
    storage = server.storage
    for created, frames, ws in ((bots, seen, watch), (mixed, mine, human)):
        last = storage.log(created["table"])[-1].seq
        while frames[-1]["seq"] < last:
            drain(ws, frames, 0.05)
        steps = [f["seq"] for f in frames]
        assert steps == list(range(steps[0], steps[-1] + 1)), "a socket missed a step"
        entries = storage.log(created["table"])
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        TableService(created["table"], server.tables[created["table"]].service.config
                     ).replay(entries)


@pytest.mark.slow  # seconds: tables are created until the disk is full
def test_a_table_cannot_be_created_while_the_disk_is_full(tmp_path: Path) -> None:
    config = ServerConfig(bot_delay=0.0, limits=Limits(**LIMITS))
    with TestClient(create_app(tmp_path / "fives.sqlite3", config)) as client:
        writer = client.app.state.server.storage.writer  # type: ignore[attr-defined]
        fill_disk(client, writer)
        for _ in range(200):  # until the tables' own pages are full too
            response = client.post("/api/tables", json=MIXED)
            if response.status_code != 201:
                break
        assert response.status_code == 503
        error = response.json()
        assert error["key"] == "try_again" and response.headers["retry-after"]
        assert "réessayez" in error["message"]["fr"]
        portal_call(client, writer.run, free_disk)
        assert client.post("/api/tables", json=MIXED).status_code == 201
