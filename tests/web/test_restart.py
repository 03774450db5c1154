"""Durability: kill the server with SIGKILL in the middle of a game, start it again on the same
database, and the game goes on with no accepted action lost."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from .helpers import view_of
from .tcp import free_port


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "fives", "serve", "--port", str(port), "--db", str(db),
         "--bot-delay", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/presets", timeout=1)
            return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not start: " + proc.stderr.read().decode()[-500:]
                         if proc.stderr else "")


def join(port: int, token: str) -> tuple[ClientConnection, dict[str, Any]]:
    ws = connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10)
    ws.send(json.dumps({"type": "join", "token": token}))
    return ws, json.loads(ws.recv(timeout=10))


def next_state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        frame: dict[str, Any] = json.loads(ws.recv(timeout=10))
        assert frame["type"] != "error", frame
        if frame["type"] == "state":
            return frame


def step(ws: ClientConnection, frame: dict[str, Any]) -> dict[str, Any]:
    """Act if it is our turn (or the hand is over), then wait for the next state."""
    view = view_of(frame)
    time.sleep(0.06)  # at most ~16 messages a second: under the server's per-socket limit
    if view["phase"] == "hand_over":
        ws.send(json.dumps({"type": "next_hand"}))
    elif view["legal_moves"]:
        ws.send(json.dumps({"type": "play", "move": view["legal_moves"][0]}))
    return next_state(ws)


@pytest.mark.slow  # a real server killed and started again
def test_sigkill_mid_game_loses_no_accepted_action(tmp_path: Path) -> None:
    db = tmp_path / "fives.sqlite3"
    port = free_port()
    server = start_server(db, port)
    try:
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"preset": "five-up", "players": 2, "target": 16,
                  "seats": [{"kind": "me"}, {"kind": "bot", "level": "greedy"}]},
        ).json()
        token = created["me"].split("=", 1)[1]
        ws, frame = join(port, token)
        mine = 0
        while mine < 4 or view_of(frame)["phase"] != "play" or view_of(frame)["turn"] != 1:
            acting = bool(view_of(frame)["legal_moves"])
            frame = step(ws, frame)
            mine += acting
        # Our move was just broadcast back to us, and the bot is to move: kill now.
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        ws.close()
    finally:
        if server.poll() is None:
            server.kill()
    seen = frame
    server = start_server(db, port)
    try:
        ws, fresh = join(port, token)
        assert fresh["full"] is True
        assert fresh["seq"] >= seen["seq"]
        before, after = view_of(seen), view_of(fresh)
        assert after["hand_number"] == before["hand_number"]
        assert after["history"][: len(before["history"])] == before["history"]
        assert after["layout"]["nodes"][: len(before["layout"]["nodes"])] == \
            before["layout"]["nodes"]
        if fresh["seq"] == seen["seq"]:
            assert after == before
        # The game goes on to its end.
        frame = fresh
        for _ in range(3000):
            if view_of(frame)["phase"] == "game_over":
                break
            frame = step(ws, frame)
        assert view_of(frame)["phase"] == "game_over"
        ws.close()
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    assert os.path.exists(db)


@pytest.mark.slow  # a real server killed and started again, several times
def test_repeated_sigkill_while_bots_play_never_loses_what_was_shown(tmp_path: Path) -> None:
    """Kill at arbitrary moments of an all-bot table (deals included); every restart shows at
    least everything a spectator had already seen, with the same story."""
    db = tmp_path / "fives.sqlite3"
    port = free_port()
    server = start_server(db, port)
    seen: dict[str, Any] | None = None
    try:
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"preset": "multiples-of-five", "players": 3,
                  "seats": [{"kind": "bot", "level": "random"}] * 3},
        ).json()
        token = created["watch"].split("=", 1)[1]
        for round_ in range(3):
            ws, frame = join(port, token)
            if seen is not None:
                assert frame["seq"] >= seen["seq"]
                if view_of(frame)["hand_number"] == view_of(seen)["hand_number"]:
                    old = view_of(seen)["history"]
                    assert view_of(frame)["history"][: len(old)] == old
            stop_at = time.monotonic() + 0.4 + 0.3 * round_
            while time.monotonic() < stop_at:
                try:
                    frame = json.loads(ws.recv(timeout=0.2))
                except TimeoutError:
                    continue
            seen = frame
            server.send_signal(signal.SIGKILL)
            server.wait(timeout=10)
            ws.close()
            server = start_server(db, port)
        ws, frame = join(port, token)
        assert seen is not None and frame["seq"] >= seen["seq"] > 1
        ws.close()
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)


def test_real_server_answers_an_oversized_message_and_keeps_the_socket(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path / "fives.sqlite3", port)
    try:
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/tables",
            json={"preset": "all-fives", "players": 2,
                  "seats": [{"kind": "me"}, {"kind": "friend"}]},
        ).json()
        ws, _frame = join(port, created["me"].split("=", 1)[1])
        ws.send(json.dumps({"type": "play", "move": "x" * 9000}))
        error = json.loads(ws.recv(timeout=10))
        assert error["key"] == "too_large"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"
        ws.close()
        # A browser page from another site may not open a seat's socket.
        with pytest.raises(InvalidStatus):
            connect(f"ws://127.0.0.1:{port}/ws", origin=Origin("http://evil.example"),
                    open_timeout=10)
        headers = httpx.get(f"http://127.0.0.1:{port}/").headers
        assert headers["referrer-policy"] == "no-referrer"
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
