from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.server import create_app


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    """``make_client(**options)``: a TestClient on a fresh app (its database in tmp_path)."""
    clients: list[TestClient] = []

    def factory(**options: Any) -> TestClient:
        options.setdefault("bot_delay", 0.0)
        options.setdefault("rate", (1e6, 1e6))  # tests play faster than people
        options.setdefault("create_rate", (1e6, 1e6))
        app = create_app(tmp_path / "fives.sqlite3", **options)
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield factory
    for client in clients:
        for ws in getattr(client, "open_sockets", []):  # left open by a failed assertion
            with contextlib.suppress(Exception):
                ws.__exit__(None, None, None)
        client.__exit__(None, None, None)
