"""The server's processes: no bot worker outlives the server, however it stops (SIGTERM,
SIGINT, SIGKILL); a stopping server closes sockets with "going away"; a bot move in flight at
shutdown is dropped, never replaced by a stand-in."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from fives.game import Game
from fives.rules import Ruleset
from fives.web.botworker import BotPool

from .tcp import BOTS, TABLE, Server, alive, descendants


def wait_for(check: object, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return False


# A real server each: the fast suite stops one with SIGTERM, CI with every signal.
@pytest.mark.parametrize("sig", [signal.SIGTERM,
                                 pytest.param(signal.SIGINT, marks=pytest.mark.slow),
                                 pytest.param(signal.SIGKILL, marks=pytest.mark.slow)])
def test_no_bot_worker_survives_the_server(tmp_path: Path, sig: signal.Signals) -> None:
    from websockets.sync.client import connect as sync_connect

    server = Server(tmp_path, "--bot-workers", "2")
    try:
        watch = server.create(BOTS).json()["watch"].split("=", 1)[1]
        # Bots alone play only for a watcher (fives.web.service): one watches.
        with sync_connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=10) as spectator:
            spectator.send(json.dumps({"type": "join", "token": watch}))
            assert wait_for(lambda: len(descendants(server.proc.pid)) >= 2, 30), \
                "the bot workers never started"
        workers = descendants(server.proc.pid)
        server.proc.send_signal(sig)
        server.proc.wait(timeout=20)
        assert wait_for(lambda: not any(alive(p) for p in workers), 10), \
            f"{sum(alive(p) for p in workers)} of {len(workers)} left after {sig.name}"
    finally:
        server.kill()


def test_a_stopping_server_says_going_away(tmp_path: Path) -> None:
    server = Server(tmp_path)
    try:
        token = server.create(TABLE).json()["me"].split("=", 1)[1]

        async def scenario() -> int:
            async with connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "join", "token": token}))
                await asyncio.wait_for(ws.recv(), 10)
                server.proc.send_signal(signal.SIGTERM)
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), 10)
                except ConnectionClosed as exc:
                    return exc.rcvd.code if exc.rcvd else 1006
            return 0

        assert asyncio.run(scenario()) == 1001
        server.proc.wait(timeout=20)
    finally:
        server.kill()


def test_a_bot_move_in_flight_at_shutdown_is_dropped() -> None:
    game = Game(Ruleset.preset("all-fives", players=2), seed=3)
    view = game.view(game.turn)

    async def scenario() -> tuple[str | None, str | None]:
        pool = BotPool(1)
        first = await pool.choose("random", view)  # the pool works
        pending = asyncio.ensure_future(pool.choose("expert", view))
        await asyncio.sleep(0)  # submitted to a worker, not answered yet
        pool.close()
        return first, await asyncio.wait_for(pending, 20)

    first, dropped = asyncio.run(scenario())
    assert first is not None and first in {m.notation(explicit=True) for m in view.legal_moves}
    assert dropped is None
