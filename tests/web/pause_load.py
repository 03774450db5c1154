"""A server's event loop under a short load, for tests/web/test_pauses.py (run as a script, in
a process of its own: the collector's settings are process-wide).

It starts a ``GameServer`` on SQLite, creates TABLES tables of four human seats with four
connections each (their frames read as a socket's writer would), and plays a random legal
move on a random table RATE times a second for SECONDS seconds, while the heap grows by
GROWTH long-lived containers a second, as a server's does when its tables' games and records
grow (compressed in time: a real server grows that much in minutes). It prints the loop-lag
probe's longest gap and the collector's longest pause, as JSON.

    python tests/web/pause_load.py [--gc-tuning] [--seconds 8]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fives.errors import FivesError
from fives.web.config import Limits, ServerConfig
from fives.web.hub import Connection, GameServer, LiveTable
from fives.web.metrics import Metrics
from fives.web.protocol import ProtocolError, parse_table_request
from fives.web.storage import SqliteStorage

FOUR = {"preset": "five-up", "players": 4, "seats": [{"kind": "friend"}] * 4}


async def drain(conn: Connection) -> None:
    while await conn.queue.get() is not None:
        pass


async def act(hub: GameServer, live: LiveTable, conn: Connection, kind: str,
              fields: dict[str, Any]) -> None:
    """A client's command; one that lost the race for its turn to another is refused, as a
    real client's would be."""
    with contextlib.suppress(FivesError, ProtocolError):
        await hub.act(live, conn, kind, fields)


def _ignore(code: int, reason: str) -> None:
    pass


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="fives-pauses-"))
    config = ServerConfig(bot_delay=0.0, gc_tuning=args.gc_tuning,
                          limits=Limits(table_idle=3600.0))
    metrics = Metrics()
    hub = GameServer(SqliteStorage(folder / "pauses.sqlite3"), config, metrics)
    await hub.start()
    worst_gc = [0.0]
    started: list[float] = []

    def on_gc(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[:] = [time.perf_counter()]
        elif started:
            worst_gc[0] = max(worst_gc[0], time.perf_counter() - started[0])

    gc.callbacks.append(on_gc)
    tables: list[tuple[LiveTable, list[Connection]]] = []
    readers = []
    for _ in range(args.tables):
        created = await hub.create(parse_table_request(FOUR))
        live = hub.tables[created["table"]]
        conns = []
        for seat in range(4):
            conn = Connection("127.0.0.1", 64, _ignore, seat=seat)
            live.conns[conn.id] = conn
            hub.deliver(live, live.service.join(conn.id, seat))
            readers.append(asyncio.ensure_future(drain(conn)))
            conns.append(conn)
        tables.append((live, conns))
    rng = random.Random(1)
    heap: list[list[int]] = []  # what the tables' growing games stand for
    hub.lag.reset()
    worst_gc[0] = 0.0
    step = 0.01
    begin = time.monotonic()
    end = begin + args.seconds
    actions = 0
    pending: set[asyncio.Task[None]] = set()
    while time.monotonic() < end:
        await asyncio.sleep(step)
        due = int(args.growth * (time.monotonic() - begin)) - len(heap)
        # In C (no Python line per item, even under a tracer), at most 20,000 at a time.
        heap.extend(map(list, zip(range(max(0, min(due, 20_000))))))
        for _ in range(max(1, int(args.rate * step))):
            live, conns = rng.choice(tables)
            game = live.service.game
            assert game is not None
            if game.phase_name == "play":
                conn = conns[game.turn]
                move = rng.choice(game.view(game.turn).legal_moves).notation(explicit=True)
                pending.add(asyncio.ensure_future(act(hub, live, conn, "play", {"move": move})))
            else:
                kind = "rematch" if game.is_over else "next_hand"
                pending.add(asyncio.ensure_future(act(hub, live, conns[0], kind, {})))
            actions += 1
        pending = {task for task in pending if not task.done()}
    await asyncio.gather(*pending)
    await asyncio.sleep(1.1)  # the probe closes its last second
    gc.callbacks.remove(on_gc)
    result = {"gc_tuning": args.gc_tuning, "actions": actions, "heap": len(heap),
              "worst_gap_ms": round(hub.lag.worst * 1000, 1),
              "worst_busy_ms": round(hub.lag.worst_busy * 1000, 1),
              "worst_gc_ms": round(worst_gc[0] * 1000, 1)}
    # What the freezes kept from the collector that was garbage (reference cycles among
    # objects that lived past a freeze): it waits for --unfreeze-every, so it must stay small.
    gc.unfreeze()
    result["frozen_garbage"] = gc.collect()
    await hub.stop()
    for reader in readers:
        reader.cancel()
    return result


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--gc-tuning", action="store_true")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--rate", type=float, default=300.0)
    parser.add_argument("--growth", type=float, default=150_000.0)
    parser.add_argument("--seconds", type=float, default=8.0)
    print(json.dumps(asyncio.run(run(parser.parse_args()))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
