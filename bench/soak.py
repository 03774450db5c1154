"""Soak benchmark of the web server (run by hand; not a test): long play with hostile clients
mixed in, watching that memory stays flat and latency stays low.

One `fives serve` on a temporary database; TABLES four-seat tables played by fast client bots
(as bench/load.py: action-to-broadcast latency per receiving client), and, cycling every
HOSTILE_EVERY seconds, one hostile client from the same machine: a spectator that never reads,
a reconnect-and-guess loop, a burst of idle sockets, slowloris connections, an oversize body.
Every SAMPLE seconds it records the server's resident memory, the memory blocks its live Python
objects hold, its live tables and open sockets (from /metrics), the latency percentiles of the
last window and the errors seen.

    nice .venv/bin/python bench/soak.py --duration 1800          # the 30-minute soak
    nice .venv/bin/python bench/soak.py --duration 300 --tables 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from webload import (
    SERVER_LIMITS,
    Stats,
    create_tables,
    free_port,
    proc_stats,
    seat_clients,
    stop_servers,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.web.tcp import BOTS, random_token, raw_ws, ws_frame


async def non_reader(port: int, token: str, seconds: float) -> None:
    _reader, writer, _ = await raw_ws(port, rcvbuf=4096)
    writer.write(ws_frame(json.dumps({"type": "join", "token": token})))
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            writer.write(ws_frame('{"type":"ping"}') * 10)
            await asyncio.wait_for(writer.drain(), 2)
        except (OSError, TimeoutError):
            break
        await asyncio.sleep(0.1)
    writer.transport.abort()


async def guesser(port: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            async with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=5) as ws:
                while time.monotonic() < end:
                    await ws.send(json.dumps({"type": "join", "token": random_token()}))
                    await asyncio.wait_for(ws.recv(), 5)
        except Exception:
            await asyncio.sleep(0.2)


async def idle_flood(port: int, seconds: float) -> None:
    conns = []
    for _ in range(200):
        try:
            conns.append(await asyncio.wait_for(raw_ws(port), 5))
        except Exception:
            break
    await asyncio.sleep(seconds)
    for _, writer, _ in conns:
        writer.transport.abort()


async def slowloris(port: int, seconds: float) -> None:
    conns = []
    for _ in range(100):
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(b"GET / HTTP/1.1\r\n")
            conns.append(writer)
        except OSError:
            break
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        await asyncio.sleep(1)
        for writer in conns:
            if not writer.is_closing():
                writer.write(b"X")
    for writer in conns:
        writer.transport.abort()


async def big_body(base: str, seconds: float) -> None:
    async def body() -> Any:
        for _ in range(100):
            yield b" " * 2**20

    try:
        async with httpx.AsyncClient(timeout=seconds) as http:
            await http.post(base + "/api/tables", content=body(),
                            headers={"content-type": "application/json"})
    except httpx.HTTPError:
        pass


def metric(text: str, name: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[-1])
    return float("nan")


async def run(args: argparse.Namespace) -> int:
    port = free_port()
    workdir = Path(tempfile.mkdtemp(prefix="fives-soak-"))
    server = subprocess.Popen(
        [sys.executable, *(
            [str(Path(__file__).with_name("gc_census.py"))] if args.gc_census else ["-m", "fives"]
        ), "serve", "--port", str(port), "--db",
         str(workdir / "soak.sqlite3"), *SERVER_LIMITS, *args.server_option],
        stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        tables = await create_tables([base], args.tables)
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            bots = (await http.post("/api/tables", json=BOTS)).json()
            watch = bots["watch"].split("=", 1)[1]
        stats = Stats()
        players = seat_clients([f"ws://127.0.0.1:{port}/ws"], tables, stats, args.think,
                               args.seed)
        hostile = [
            lambda s: non_reader(port, watch, s), lambda s: guesser(port, s),
            lambda s: idle_flood(port, s), lambda s: slowloris(port, s),
            lambda s: big_body(base, s),
        ]
        started = time.monotonic()
        next_sample = started + args.sample
        next_attack = started + 5
        attacks: list[asyncio.Task[None]] = []
        rows = []
        kind = 0
        while time.monotonic() - started < args.duration:
            await asyncio.sleep(0.5)
            now = time.monotonic()
            if args.hostile_every and now >= next_attack:
                attacks.append(asyncio.create_task(hostile[kind % len(hostile)](
                    args.hostile_every * 0.8)))
                kind += 1
                next_attack = now + args.hostile_every
            if now >= next_sample:
                lat = sorted(stats.latencies)
                stats.latencies.clear()
                rss, cpu = proc_stats(server.pid)
                text = httpx.get(base + "/metrics", timeout=10).text
                q = statistics.quantiles(lat, n=100) if len(lat) > 2 else [float("nan")] * 99
                row = {"t_s": round(now - started), "rss_mib": round(rss, 1),
                       "cpu_s": round(cpu, 1), "samples": len(lat),
                       "p50_ms": round(q[49] * 1000, 1), "p99_ms": round(q[98] * 1000, 1),
                       # the live objects' blocks (the RSS adds the allocators' high water)
                       "py_blocks_k": round(metric(text, "fives_python_blocks") / 1000),
                       "tables_live": metric(text, "fives_tables_live"),
                       "sockets": metric(text, "fives_open_sockets"),
                       "errors": len(stats.errors)}
                rows.append(row)
                if args.gc_census:  # after the sample: its pause stays out of the figures
                    server.send_signal(signal.SIGUSR1)
                print(json.dumps(row), flush=True)
                next_sample = now + args.sample
        for player in players:
            player.close()
        for task in attacks:
            task.cancel()
        await asyncio.gather(*attacks, return_exceptions=True)
        rss_values = [r["rss_mib"] for r in rows]
        blocks = [r["py_blocks_k"] for r in rows]
        p99s = [r["p99_ms"] for r in rows if r["samples"]]
        print(json.dumps({
            "duration_s": args.duration, "tables": args.tables, "actions": stats.actions,
            "rss_first_last_max_mib": [rss_values[0], rss_values[-1], max(rss_values)]
            if rss_values else None,
            "py_blocks_k_first_last_max": [blocks[0], blocks[-1], max(blocks)] if blocks else None,
            "p99_ms_median_of_windows": statistics.median(p99s) if p99s else None,
            "p99_ms_worst_window": max(p99s) if p99s else None,
            "errors": len(stats.errors), "error_kinds": sorted(set(stats.errors)),
        }))
        return 0
    finally:
        stop_servers([server])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--duration", type=float, default=1800.0)
    parser.add_argument("--sample", type=float, default=30.0)
    parser.add_argument("--hostile-every", type=float, default=20.0,
                        help="seconds between hostile clients (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-option", action="append", default=[], metavar="OPTION",
                        help="an option for `fives serve` (repeat), e.g. "
                        "--server-option=--gc-full-every=60")
    parser.add_argument("--gc-census", action="store_true",
                        help="run the server under bench/gc_census.py and take a census of "
                        "its frozen cyclic garbage after each sample (to GC_CENSUS_OUT)")
    return asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
