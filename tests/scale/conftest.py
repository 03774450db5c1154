from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_app

from .inprocess import migrated_database
from .services import REDIS_URL, fresh_database, fresh_redis_prefix


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from fresh_database()


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    yield from fresh_redis_prefix()


# The lobby's tests (test_lobby.py, test_lobby_answers.py): its apps in both modes.
FAST = Limits(message_rate=1e6, message_burst=1e6, tables_per_minute=6e7, tables_burst=1e6)


def clients_of(kind: str, tmp_path: Path, stack: contextlib.ExitStack,
               config: ServerConfig) -> list[TestClient]:
    """Two clients: of one SQLite app, or of two processes' apps in the shared mode."""
    if kind == "sqlite":
        client = TestClient(create_app(tmp_path / "fives.sqlite3", config))
        stack.enter_context(client)
        return [client, client]
    from fives.web.server import create_shared_app

    pg_url = stack.enter_context(contextlib.contextmanager(fresh_database)())
    prefix = stack.enter_context(contextlib.contextmanager(fresh_redis_prefix)())
    clients = [TestClient(create_shared_app(pg_url, REDIS_URL, config, prefix=prefix,
                                            lease_s=1.0, sweep_s=0.3)) for _ in range(2)]
    for client in clients:
        stack.enter_context(client)
    return clients


@pytest.fixture(params=["sqlite", "shared"])
def two_clients(request: Any, tmp_path: Path) -> Iterator[list[TestClient]]:
    with contextlib.ExitStack() as stack:
        yield clients_of(request.param, tmp_path, stack, ServerConfig(limits=FAST, bot_delay=0.0))


@pytest.fixture(params=["sqlite", "shared"])
def default_clients(request: Any, tmp_path: Path) -> Iterator[list[TestClient]]:
    """The same, with the server's default limits (what players meet)."""
    with contextlib.ExitStack() as stack:
        yield clients_of(request.param, tmp_path, stack, ServerConfig(bot_delay=0.0))


@pytest.fixture(scope="module")
def db() -> Iterator[str]:
    """A PostgreSQL schema of the test module's own, for the shared-mode servers it runs in
    the test's process (tests/scale/inprocess.py)."""
    yield from migrated_database()
