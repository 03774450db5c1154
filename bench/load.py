"""Load benchmark of the web server (run by hand; not a test).

Starts one `fives serve` process on a temporary database, creates TABLES four-seat tables
(five-up, two partnerships), and connects one websocket client per seat (500 for 125 tables).
Each client is a fast bot: when its seat is to move it waits THINK seconds, then sends a random
legal move; seat 0 also deals the next hand and asks for a rematch, so tables never stop.

Measured: action-to-broadcast latency, from the moment a client sends its move to the moment
each of the table's four clients receives the frame with that action (so 4 samples per action),
plus the server's resident memory and CPU time.

    .venv/bin/python bench/load.py --tables 125 --duration 60

The shared mode (docs/DEPLOY.md): ``--shared N`` starts N `fives serve --database --redis`
processes on their own ports (as N hosts would be) on a fresh PostgreSQL database, creates the
tables round-robin and spreads each table's four sockets over the processes; ``--kill-after S``
SIGKILLs the first process S seconds into the measurement (its clients reconnect elsewhere) and
reports how long tables went without a frame and whether any action a client saw is missing
from the log.

    .venv/bin/python bench/load.py --shared 2 --tables 125 --duration 60 --kill-after 20
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
from websockets.exceptions import ConnectionClosed


@dataclass
class TableRun:
    tokens: list[str]
    sent_at: dict[int, float] = field(default_factory=dict)  # expected seq -> send time
    table_id: str = ""
    seen_seq: int = 0  # the highest step any client saw
    last_frame: float = 0.0  # perf_counter of the newest frame any of its clients got
    longest_gap: float = 0.0  # the longest time without a frame, during the measurement


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    games: int = 0
    reconnects: int = 0
    closes: dict[str, int] = field(default_factory=dict)  # why clients had to reconnect
    measuring: bool = False


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
    urls: list[str], table: TableRun, seat: int, stats: Stats, think: float,
    stop: asyncio.Event, rng: random.Random,
) -> None:
    """One seat's client on ``urls[0]``; when that server goes away, the next one."""
    turn = 0
    while not stop.is_set():
        url = urls[turn % len(urls)]
        turn += 1
        try:
            await play_seat(url, table, seat, stats, think, stop, rng)
        except (OSError, ConnectionClosed) as exc:
            stats.reconnects += 1
            code = exc.rcvd.code if isinstance(exc, ConnectionClosed) and exc.rcvd else None
            why = f"close {code}" if code else type(exc).__name__
            stats.closes[why] = stats.closes.get(why, 0) + 1
            await asyncio.sleep(0.2)


async def play_seat(
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
            if table.last_frame and stats.measuring:
                table.longest_gap = max(table.longest_gap, now - table.last_frame)
            table.last_frame = now
            table.seen_seq = max(table.seen_seq, seq)
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


def start_servers(args: argparse.Namespace, workdir: Path) -> tuple[list[Any], list[int], str]:
    """The server processes, their ports, and the shared mode's database URL (or "")."""
    common = ["--bot-delay", "0", "--table-rate", "100000", "--max-connections", "100000",
              "--sockets-per-address", "100000", "--connections-per-address", "100000"]
    if not args.shared:
        port = free_port()
        return [subprocess.Popen(
            [sys.executable, "-m", "fives", "serve", "--port", str(port), "--db",
             str(workdir / "load.sqlite3"), *common], stdout=subprocess.DEVNULL)], [port], ""
    import psycopg

    name = f"fives_load_{os.getpid()}"
    with psycopg.connect(args.pg_admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    db_url = args.pg_admin.rsplit("/", 1)[0] + "/" + name
    servers, ports = [], []
    for _ in range(args.shared):
        port = free_port()
        servers.append(subprocess.Popen(
            [sys.executable, "-m", "fives", "serve", "--port", str(port), "--database", db_url,
             "--redis", args.redis, "--redis-prefix", f"fives-load-{os.getpid()}:", *common],
            stdout=subprocess.DEVNULL))
        ports.append(port)
    return servers, ports, db_url


def missing_from_log(db_url: str, tables: list[TableRun]) -> int:
    """Steps clients saw that the log does not hold (must be 0)."""
    import psycopg

    with psycopg.connect(db_url) as conn:
        stored: dict[str, int] = dict(
            conn.execute("SELECT table_id, max(seq) FROM log GROUP BY table_id"))
    return sum(max(0, t.seen_seq - stored.get(t.table_id, 0)) for t in tables)


async def run(args: argparse.Namespace) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="fives-load-"))
    servers, ports, db_url = start_servers(args, workdir)
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        tables = []
        for i in range(args.tables):
            async with httpx.AsyncClient(base_url=bases[i % len(bases)], timeout=30) as http:
                for _ in range(300):
                    try:
                        await http.get("/api/presets")
                        break
                    except httpx.HTTPError:
                        await asyncio.sleep(0.1)
                created = (await http.post("/api/tables", json={
                    "preset": "five-up", "players": 4, "seats": [{"kind": "friend"}] * 4,
                })).json()
            tables.append(TableRun([s["url"].split("=", 1)[1] for s in created["seats"]],
                                   table_id=created["table"]))
        stats = Stats()
        stop = asyncio.Event()
        rng = random.Random(args.seed)
        urls = [f"ws://127.0.0.1:{port}/ws" for port in ports]
        tasks = [
            asyncio.create_task(seat_client(
                urls[(t + seat) % len(urls):] + urls[:(t + seat) % len(urls)], table, seat,
                stats, args.think, stop, random.Random(rng.random())))
            for t, table in enumerate(tables) for seat in range(4)
        ]
        await asyncio.sleep(args.warmup)
        stats.latencies.clear()
        stats.measuring = True
        actions0 = stats.actions
        cpu0 = [proc_stats(s.pid)[1] for s in servers]
        _, own0 = proc_stats(os.getpid())
        started = time.perf_counter()
        killed = False
        if args.kill_after:
            await asyncio.sleep(args.kill_after)
            cpu0[0] = proc_stats(servers[0].pid)[1]
            servers[0].kill()
            killed = True
            await asyncio.sleep(max(0.0, args.duration - args.kill_after))
        else:
            await asyncio.sleep(args.duration)
        elapsed = time.perf_counter() - started
        usage = [proc_stats(s.pid) if s.poll() is None else (0.0, c) for s, c in
                 zip(servers, cpu0, strict=True)]
        _, own1 = proc_stats(os.getpid())
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        lat = sorted(stats.latencies)
        if not lat:
            print("no samples", file=sys.stderr)
            return 1
        q = statistics.quantiles(lat, n=100)
        gaps = sorted(t.longest_gap for t in tables)
        result: dict[str, Any] = {
            "mode": f"shared, {args.shared} processes" if args.shared else "sqlite, 1 process",
            "clients": len(tasks),
            "tables": len(tables),
            "think_s": args.think,
            "duration_s": round(elapsed, 1),
            "actions_per_s": round((stats.actions - actions0) / elapsed, 1),
            "samples": len(lat),
            "latency_ms": {"p50": round(q[49] * 1000, 1), "p95": round(q[94] * 1000, 1),
                           "p99": round(q[98] * 1000, 1), "max": round(lat[-1] * 1000, 1)},
            "server_rss_mib": [round(rss, 1) for rss, _ in usage],
            "server_cpu_share": [round((c1 - c0) / elapsed, 2)
                                 for (_, c1), c0 in zip(usage, cpu0, strict=True)],
            # The clients share one process: when this nears 1.0 the harness, not the
            # server, limits the latency measured.
            "clients_cpu_share": round((own1 - own0) / elapsed, 2),
            "load_average": round(os.getloadavg()[0], 2),
            "games_finished": stats.games,
            "errors": len(stats.errors),
            "reconnects": stats.reconnects,
            "reconnect_causes": stats.closes,
            "longest_table_gap_s": round(gaps[-1], 2),
        }
        if killed:
            result["tables_stalled_over_5s"] = sum(g > 5 for g in gaps)
        if db_url:
            result["steps_seen_but_not_logged"] = missing_from_log(db_url, tables)
        print(json.dumps(result, indent=2))
        return 0
    finally:
        for server in servers:
            if server.poll() is None:
                server.send_signal(signal.SIGTERM)
        for server in servers:
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
    parser.add_argument("--shared", type=int, default=0, metavar="N",
                        help="N processes of the shared mode instead of one SQLite process")
    parser.add_argument("--kill-after", type=float, default=0.0, metavar="S",
                        help="SIGKILL the first process S seconds into the measurement")
    parser.add_argument("--pg-admin", default="postgresql://postgres@127.0.0.1:5432/postgres",
                        help="PostgreSQL URL allowed to create the benchmark's database")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    args = parser.parse_args()
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
