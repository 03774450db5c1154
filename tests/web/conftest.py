from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_app

# Tests play faster than people.
FAST = {"message_rate": 1e6, "message_burst": 1e6, "tables_per_minute": 6e7,
        "tables_burst": 1e6}


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    """``make_client(limits={...}, **config)``: a TestClient on a fresh app (its database in
    tmp_path), with a ``ServerConfig`` made of the given fields."""
    clients: list[TestClient] = []

    def factory(limits: dict[str, Any] | None = None, **options: Any) -> TestClient:
        options.setdefault("bot_delay", 0.0)
        config = ServerConfig(limits=Limits(**{**FAST, **(limits or {})}), **options)
        app = create_app(tmp_path / "fives.sqlite3", config)
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
