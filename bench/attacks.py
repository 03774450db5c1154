"""Hostile clients against a real `fives serve`, with figures (run by hand; not a test).

Each attack runs against a fresh server on a temporary database while one well-behaved client
pings its table every 50 ms; the report gives, per attack, what the attacker achieved, the
server's resident memory before and after, and the good client's round trip (p50/p99).

    .venv/bin/python bench/attacks.py                     # this tree
    .venv/bin/python bench/attacks.py --src /tmp/old/src  # another version's source, same attacks
    .venv/bin/python bench/attacks.py --only non_reader,guess
    .venv/bin/python bench/attacks.py --only ping_flood --rounds 5    # the flood's p99 ratio
    .venv/bin/python bench/attacks.py --only ping_flood --server granian

The good client pings for ``--baseline`` seconds (default 10) before each attack too: the report
gives its p99 before and during the attack and their ratio (``p99_ratio``), from the same
server in the same run; with ``--rounds K`` each attack runs K times on a fresh server and a
last line gives each attack's median ratio. ``--server`` runs the attacks against `fives serve`
under another server (bench/servers.py; uvicorn by default).

The attacks: ping_flood (one socket writing pings as fast as it can for 10 s), join_leave (one
address joining the good player's table as a spectator and leaving, as fast as it can for 10 s,
while 20 spectators watch), non_reader (sends pings and never reads, as a spectator of a busy
bot table),
big_body (a 300 MB POST), socket_flood (2,000 idle sockets from one address), slowloris
(300 connections sending a request head one byte every 2 s), guess (reconnect and try seat
links for 10 s), foreign_host (Host: evil.example), spoofed_forwarding (100 table creations,
each with another X-Forwarded-For), cross_site_form (a text/plain POST from another Origin),
tables_in_memory (3,000 tables created, then 10 s idle), orphans (bot workers alive after
SIGTERM and after SIGKILL of the server). All but the last three are the attacks of
tests/web/attacks.py, which tests/web/test_hostile.py runs small. The probes of bench/jam.py
(d2_non_readers ... d9_spectator_crowd: one per defect of the issue "a server no single client
can jam") run here too; to compare two versions, run them against each (``--src``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# The attacks themselves are those of tests/web/test_hostile.py, run larger here.
from tests.web.attacks import (
    create_tables,
    cross_site,
    foreign_host,
    guess_links,
    join_leave_loop,
    never_read,
    ping_flood,
    refusals,
    slowloris,
    socket_flood,
)
from tests.web.tcp import (
    BOTS,
    TABLE,
    GoodClient,
    Server,
    alive,
    descendants,
    free_port,
    raw_ws,
    rss_mib,
    ws_frame,
)

from jam import PROBE_ARGS, PROBES
from servers import SERVERS, command, missing

SRC: Path | None = None
EXTRA: list[str] = []
LAUNCH: tuple[str, ...] = tuple(command("uvicorn"))
BASELINE_S = 10.0
GOOD: GoodClient | None = None  # the well-behaved player of the attack running now


def start(*args: str) -> Server:
    return Server(Path(tempfile.mkdtemp(prefix="fives-attack-")), *EXTRA, *args,
                  port=free_port(), src=SRC, launch=LAUNCH)


# --- the attacks: each returns what it achieved ------------------------------------------------


async def non_reader(server: Server) -> dict[str, Any]:
    got = await never_read(server, 40, stop=lambda: refusals(server, "close_4008") >= 1)
    return {"sent_mib": round(got["sent_kib"] / 1024, 1),
            "closed_by_server_after_s": got["stopped_after_s"], "close_code": got["close_code"]}


async def big_body(server: Server) -> dict[str, Any]:
    size = 300 * 2**20
    chunk = b" " * 2**20
    peak = rss_mib(server.proc.pid)

    async def body() -> Any:
        nonlocal peak
        for _ in range(size // len(chunk)):
            yield chunk
            peak = max(peak, rss_mib(server.proc.pid))

    started = time.monotonic()
    try:
        async with httpx.AsyncClient(timeout=60) as http:
            response = await http.post(server.base + "/api/tables", content=body(),
                                       headers={"content-type": "application/json"})
            status: Any = response.status_code
    except httpx.HTTPError as exc:
        status = type(exc).__name__
    return {"status": status, "seconds": round(time.monotonic() - started, 1),
            "peak_rss_mib": round(peak, 1)}


async def flood(server: Server) -> dict[str, Any]:
    codes, refused = await socket_flood(server, 2000, wait=20)
    closed = {str(code): codes.count(code) for code in sorted({c for c in codes if c is not None})}
    return {"opened": len(codes), "refused": refused, "closed_by_code": closed,
            "still_open_after_20s": codes.count(None)}


async def loris(server: Server) -> dict[str, Any]:
    opened, cut = await slowloris(server, 300, rounds=10, interval=2)
    return {"opened": opened, "still_open_after_20s": opened - cut}


async def guess(server: Server) -> dict[str, Any]:
    got = await guess_links(server, 10)
    return {"tries_per_s": round(got["tries"] / 10, 1), "wrong_link_replies": got["wrong"],
            "sockets_closed_on_us": len(got["closes"])}


async def host(server: Server) -> dict[str, Any]:
    foreign, local, head = await foreign_host(server)
    return {"status": foreign, "own_name_status": local,
            "websocket": head.split(b"\r\n", 1)[0].decode(errors="replace")}


async def spoofed_forwarding(server: Server) -> dict[str, Any]:
    return {"created_of_100": await create_tables(server, 100, spoof=True)}


async def cross_site_form(server: Server) -> dict[str, Any]:
    form, cors, tables = await cross_site(server)
    return {"status": form, "json_status": cors, "tables": tables}


async def tables_in_memory(server: Server) -> dict[str, Any]:
    before = rss_mib(server.proc.pid)
    started = time.monotonic()
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        for i in range(3000):
            await http.post("/api/tables", json=TABLE,
                            headers={"x-forwarded-for": f"10.1.{i // 250}.{i % 250}"})
    made = time.monotonic() - started
    after = rss_mib(server.proc.pid)
    await asyncio.sleep(10)
    health = httpx.get(server.base + "/healthz").json() if httpx.get(
        server.base + "/healthz").status_code == 200 else {}
    return {"seconds": round(made, 1), "rss_growth_mib": round(after - before, 1),
            "tables_live_after_idle": health.get("tables", "n/a")}


async def orphans(server: Server) -> dict[str, Any]:
    out = {}
    for sig in (signal.SIGTERM, signal.SIGKILL):
        fresh = start()
        watch = fresh.create(BOTS).json()["watch"].split("=", 1)[1]
        _, writer, _ = await raw_ws(fresh.port)  # bots alone play only for a watcher
        writer.write(ws_frame(json.dumps({"type": "join", "token": watch})))
        time.sleep(3)
        workers = descendants(fresh.proc.pid)
        fresh.proc.send_signal(sig)
        fresh.proc.wait(timeout=20)
        time.sleep(3)
        out[signal.Signals(sig).name] = sum(alive(p) for p in workers)
        for pid in workers:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
        fresh.kill()
    return {"workers_alive_after": out}


async def flood_pings(server: Server) -> dict[str, Any]:
    return await ping_flood(server, 1, 10)


async def join_leave(server: Server) -> dict[str, Any]:
    assert GOOD is not None
    watch = GOOD.table["watch"].split("=", 1)[1]
    return await join_leave_loop(server, watch, 20, 10)


ATTACKS: dict[str, Callable[[Server], Awaitable[dict[str, Any]]]] = {
    "ping_flood": flood_pings, "join_leave": join_leave,
    "non_reader": non_reader, "big_body": big_body, "socket_flood": flood,
    "slowloris": loris, "guess": guess, "foreign_host": host,
    "spoofed_forwarding": spoofed_forwarding, "cross_site_form": cross_site_form,
    "tables_in_memory": tables_in_memory, "orphans": orphans,
    **PROBES,  # bench/jam.py: D2-D9 of the issue, probed
}


async def run_one(name: str) -> dict[str, Any]:
    server = start(*PROBE_ARGS.get(name, ()))
    try:
        global GOOD
        async with GoodClient(server) as good:
            GOOD = good
            await asyncio.sleep(BASELINE_S)
            before = len(good.samples)
            rss0 = rss_mib(server.proc.pid)
            result = await ATTACKS[name](server)
            rss1 = rss_mib(server.proc.pid)
        quiet, during = good.samples[:before], good.samples[before:]
        p99_before, p99 = percentile(quiet, 99), percentile(during, 99)
        return {"attack": name, **result, "rss_mib": [round(rss0, 1), round(rss1, 1)],
                "good_pings": len(during),
                "good_p50_ms": round(percentile(during, 50) * 1000, 1),
                "good_p95_ms": round(percentile(during, 95) * 1000, 1),
                "good_p99_ms": round(p99 * 1000, 1),
                "good_max_ms": round(max(during, default=0) * 1000, 1),
                "good_pings_before": len(quiet),
                "good_p99_before_ms": round(p99_before * 1000, 1),
                "p99_ratio": round(p99 / p99_before, 2) if p99_before > 0 else None}
    finally:
        server.kill()


def percentile(samples: list[float], p: int) -> float:
    return statistics.quantiles(sorted(samples), n=100)[p - 1] if len(samples) > 2 \
        else float("inf")


def main() -> int:
    global SRC, EXTRA, LAUNCH, BASELINE_S
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--src", type=Path, default=None,
                        help="the src folder of the version to attack (default: installed)")
    parser.add_argument("--only", default="", help="comma-separated attack names")
    parser.add_argument("--serve-arg", action="append", default=[],
                        help="extra `fives serve` argument (repeat)")
    parser.add_argument("--server", choices=SERVERS, default="uvicorn",
                        help="the server that carries the app (bench/servers.py)")
    parser.add_argument("--baseline", type=float, default=10.0, metavar="S",
                        help="seconds the good client pings before each attack (default 10)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="times each attack runs, each on a fresh server (default 1)")
    args = parser.parse_args()
    if missing(args.server):
        parser.error(f"--server {args.server} needs {missing(args.server)}: "
                     f"pip install {missing(args.server)}")
    if args.baseline < 1 or args.rounds < 1:
        parser.error(f"--baseline {args.baseline:g}, --rounds {args.rounds}: expected at least "
                     "1 second and 1 round")
    SRC, EXTRA, LAUNCH, BASELINE_S = args.src, args.serve_arg, tuple(command(args.server)), \
        args.baseline
    names = [n for n in args.only.split(",") if n] or list(ATTACKS)
    unknown = [n for n in names if n not in ATTACKS]
    if unknown:
        parser.error(f"--only {','.join(unknown)}: expected some of {', '.join(ATTACKS)}")
    ratios: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for name in names:
            random.seed(name)
            report = asyncio.run(run_one(name))
            print(json.dumps({"server": args.server, **report}), flush=True)
            if report["p99_ratio"] is not None:
                ratios.setdefault(name, []).append(report["p99_ratio"])
    if args.rounds > 1:
        print(json.dumps({"server": args.server, "rounds": args.rounds,
                          "median_p99_ratio": {n: statistics.median(r)
                                               for n, r in ratios.items()},
                          "p99_ratios": ratios}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
