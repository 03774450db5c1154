"""Shared helpers of the web tests: creating tables and driving seats over the websocket."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

TILE_RE = re.compile(r"(?<![0-9-])([0-6])-([0-6])(?![0-9])")


def norm(tile: str) -> str:
    a, b = (int(x) for x in tile.split("-"))
    return f"{max(a, b)}-{min(a, b)}"


def tiles_in(text: str) -> set[str]:
    """Every tile written in a piece of text (``6-3``, ``3-6@2.out`` ...), high half first."""
    return {f"{max(int(a), int(b))}-{min(int(a), int(b))}" for a, b in TILE_RE.findall(text)}


def create(client: TestClient, **request: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=request)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def token_of(url: str) -> str:
    return url.split("=", 1)[1]


def seat_tokens(created: dict[str, Any]) -> list[str | None]:
    return [token_of(s["url"]) if s["url"] else None for s in created["seats"]]
