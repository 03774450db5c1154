"""Load benchmark of the web server (run by hand; not a test).

Starts one `fives serve` process on a temporary database, creates TABLES four-seat tables
(five-up, two partnerships), and connects one websocket client per seat (500 for 125 tables).
Each client is a fast bot: when its seat is to move it waits THINK seconds, then sends a random
legal move; seat 0 also deals the next hand and asks for a rematch, so tables never stop.

Measured: action-to-broadcast latency, from the moment a client sends its move to the moment
each of the table's four clients receives the frame with that action (so 4 samples per action),
plus the server's resident memory and CPU time.

    .venv/bin/python bench/load.py --tables 125 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect


@dataclass
class TableRun:
    tokens: list[str]
    sent_at: dict[int, float] = field(default_factory=dict)  # expected seq -> send time


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    games: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_stats(pid: int) -> tuple[float, float]:
    """(resident MiB, CPU seconds) of a process, from /proc."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


async def seat_client(
    url: str, table: TableRun, seat: int, stats: Stats, think: float, stop: asyncio.Event,
    rng: random.Random,
) -> None:
    ws: ClientConnection
    async with connect(url, compression=None, open_timeout=60, max_queue=None) as ws:
        await ws.send(json.dumps({"type": "join", "token": table.tokens[seat]}))
        acted_on = -1
        last_seen = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
            except TimeoutError:
                continue
            now = time.perf_counter()
            frame: dict[str, Any] = json.loads(raw)
            if frame["type"] == "error":
                stats.errors.append(frame["key"])
                continue
            if frame["type"] != "state":
                continue
            seq = frame["seq"]
            sent = table.sent_at.get(seq)
            if sent is not None and seq > last_seen:
                stats.latencies.append(now - sent)
            last_seen = max(last_seen, seq)
            view = frame["view"]
            if seq <= acted_on:
                continue
            message: dict[str, Any] | None = None
            if view["phase"] == "play" and view["legal_moves"]:
                message = {"type": "play", "move": rng.choice(view["legal_moves"])}
            elif seat == 0 and view["phase"] == "hand_over":
                message = {"type": "next_hand"}
            elif seat == 0 and view["phase"] == "game_over":
                message = {"type": "rematch"}
                stats.games += 1
            if message is None:
                continue
            acted_on = seq
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            table.sent_at[seq + 1] = time.perf_counter()
            stats.actions += 1
            await ws.send(json.dumps(message))


async def run(args: argparse.Namespace) -> int:
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="fives-load-"))
    server = subprocess.Popen(
        [sys.executable, "-m", "fives", "serve", "--port", str(port), "--db",
         str(workdir / "load.sqlite3"), "--bot-delay", "0", "--table-rate", "100000"],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            for _ in range(300):
                try:
                    await http.get("/api/presets")
                    break
                except httpx.HTTPError:
                    await asyncio.sleep(0.1)
            tables = []
            for _ in range(args.tables):
                created = (await http.post("/api/tables", json={
                    "preset": "five-up", "players": 4, "seats": [{"kind": "friend"}] * 4,
                })).json()
                tables.append(TableRun([s["url"].split("=", 1)[1] for s in created["seats"]]))
        stats = Stats()
        stop = asyncio.Event()
        rng = random.Random(args.seed)
        url = f"ws://127.0.0.1:{port}/ws"
        tasks = [
            asyncio.create_task(seat_client(url, table, seat, stats, args.think, stop,
                                            random.Random(rng.random())))
            for table in tables for seat in range(4)
        ]
        await asyncio.sleep(args.warmup)
        stats.latencies.clear()
        actions0 = stats.actions
        _, cpu0 = proc_stats(server.pid)
        _, own0 = proc_stats(os.getpid())
        started = time.perf_counter()
        await asyncio.sleep(args.duration)
        elapsed = time.perf_counter() - started
        rss, cpu1 = proc_stats(server.pid)
        _, own1 = proc_stats(os.getpid())
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        lat = sorted(stats.latencies)
        if not lat:
            print("no samples", file=sys.stderr)
            return 1
        q = statistics.quantiles(lat, n=100)
        result = {
            "clients": len(tasks),
            "tables": len(tables),
            "think_s": args.think,
            "duration_s": round(elapsed, 1),
            "actions_per_s": round((stats.actions - actions0) / elapsed, 1),
            "samples": len(lat),
            "latency_ms": {"p50": round(q[49] * 1000, 1), "p95": round(q[94] * 1000, 1),
                           "p99": round(q[98] * 1000, 1), "max": round(lat[-1] * 1000, 1)},
            "server_rss_mib": round(rss, 1),
            "server_cpu_share": round((cpu1 - cpu0) / elapsed, 2),
            # The 500 clients share one process: when this nears 1.0 the harness, not the
            # server, limits the latency measured.
            "clients_cpu_share": round((own1 - own0) / elapsed, 2),
            "load_average": round(os.getloadavg()[0], 2),
            "games_finished": stats.games,
            "errors": len(stats.errors),
        }
        print(json.dumps(result, indent=2))
        return 0
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=125)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a client bot waits before it acts (default 0.5)")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
