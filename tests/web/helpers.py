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


def recv(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next JSON frame of a TestClient websocket, failing after ``timeout`` seconds
    (``WebSocketDisconnect`` if the server closed it)."""
    import json

    import anyio
    from starlette.websockets import WebSocketDisconnect

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    if message["type"] == "websocket.close":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    data: dict[str, Any] = json.loads(message["text"])
    return data


def service_of(client: TestClient, table_id: str) -> Any:
    """The table service of a table in the app's memory."""
    return client.app.state.server.tables[table_id].service  # type: ignore[attr-defined]


def execute_sql(storage: Any, sql: str) -> None:
    """Run one statement on the server's database, SQLite or (shared mode) PostgreSQL."""
    if hasattr(storage, "db"):
        storage.db.execute(sql)
        return
    import psycopg

    with psycopg.connect(storage.url, autocommit=True) as conn:
        conn.execute(sql)


def view_of(frame: dict[str, Any]) -> dict[str, Any]:
    """A state frame's public part and its reader's seat part as one dict, the keys the tests
    read (``hand``, ``legal_moves`` as their notations, ``seat``) beside the public ones."""
    seat = frame["seat"]
    return {**frame["public"], "seat": seat["seat"], "hand": seat["hand"],
            "legal_moves": [m["notation"] for m in seat["legal_moves"]]}


def watch_to_the_end(client: TestClient, created: dict[str, Any], timeout: float = 60) -> None:
    """Watch a table of bots (they play for an audience only) until its game is over."""
    import time

    ws = client.websocket_connect("/ws")
    ws.__enter__()
    ws.send_json({"type": "join", "token": token_of(created["watch"])})
    deadline = time.monotonic() + timeout
    while not service_of(client, created["table"]).is_finished:
        assert time.monotonic() < deadline
        recv(ws, timeout=30)
    ws.__exit__(None, None, None)


def ask_review(client: TestClient, token: str, game: int | None = 1,
               timeout: float = 60) -> tuple[list[int], Any]:
    """POST /api/review until it stops answering 202: every status seen, and the last
    response."""
    import time

    deadline = time.monotonic() + timeout
    statuses = []
    while True:
        response = client.post("/api/review", json={"token": token, "game": game},
                               headers={"origin": "http://testserver"})
        statuses.append(response.status_code)
        if response.status_code != 202 or time.monotonic() > deadline:
            return statuses, response
        time.sleep(0.1)
