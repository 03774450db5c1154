from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_app


def orphan_workers() -> set[int]:
    """Worker processes of this Python (multiprocessing's spawn) whose parent is gone."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().split(b"\0")
            ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if cmdline[0].decode(errors="replace") == sys.executable and any(
                b"spawn_main" in part for part in cmdline) and (
                ppid == 1 or not Path(f"/proc/{ppid}").exists()):
            found.add(int(entry.name))
    return found


@pytest.fixture(scope="session", autouse=True)
def no_orphans_left() -> Iterator[None]:
    """The web tests leave no bot worker behind (a server they stop takes its workers)."""
    before = orphan_workers()
    yield
    deadline = time.monotonic() + 10
    while (left := orphan_workers() - before) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not left, f"bot worker processes left running: {sorted(left)}"


# Tests play faster than people.
FAST = {"message_rate": 1e6, "message_burst": 1e6, "tables_per_minute": 6e7,
        "tables_burst": 1e6}


# The shared mode's half is slow (a PostgreSQL database per test): CI runs it for every test, the
# fast suite meets the shared mode in tests/scale (test_shared, test_lobby, test_pgstore, and real
# processes in test_failover.py::test_fast_sample_routing_connection_ids_and_a_takeover).
@pytest.fixture(params=["sqlite", pytest.param("shared", marks=pytest.mark.slow)])
def make_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """``make_client(limits={...}, **config)``: a TestClient on a fresh app, with a
    ``ServerConfig`` made of the given fields. Every test runs twice: on SQLite in one process,
    and in the shared mode (PostgreSQL and Redis, see tests/scale) with two processes' apps,
    where HTTP goes to the first and websockets alternate between the two, so that half the
    sockets reach their table through the other process."""
    clients: list[TestClient] = []
    stack = contextlib.ExitStack()
    shared = request.param == "shared"
    if shared:
        from scale.services import fresh_database, fresh_redis_prefix

        pg_url = stack.enter_context(contextlib.contextmanager(fresh_database)())
        prefix = stack.enter_context(contextlib.contextmanager(fresh_redis_prefix)())

    def factory(limits: dict[str, Any] | None = None, **options: Any) -> TestClient:
        options.setdefault("bot_delay", 0.0)
        config = ServerConfig(limits=Limits(**{**FAST, **(limits or {})}), **options)
        if not shared:
            client = TestClient(create_app(tmp_path / "fives.sqlite3", config))
            client.__enter__()
            clients.append(client)
            return client
        from fives.web.server import create_shared_app
        from scale.services import REDIS_URL

        pair = [TestClient(create_shared_app(pg_url, REDIS_URL, config, prefix=prefix,
                                             lease_s=2.0, sweep_s=0.5)) for _ in range(2)]
        for client in pair:
            client.__enter__()
            clients.append(client)
        turn = iter(range(1 << 30))
        connect = [c.websocket_connect for c in pair]
        pair[0].websocket_connect = (  # type: ignore[method-assign]
            lambda *args, **kwargs: connect[next(turn) % 2](*args, **kwargs))
        return pair[0]

    yield factory
    for client in clients:
        for ws in getattr(client, "open_sockets", []):  # left open by a failed assertion
            with contextlib.suppress(Exception):
                ws.__exit__(None, None, None)
        client.__exit__(None, None, None)
    stack.close()
