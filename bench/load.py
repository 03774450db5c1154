"""Load benchmark of the web server (run by hand; not a test).

Starts one `fives serve` process on a temporary database, creates TABLES four-seat tables
(five-up, two partnerships), and connects one websocket client per seat (500 for 125 tables).
Each client is a fast bot (bench/webload.py): when its seat is to move it waits THINK seconds,
then sends a random legal move; seat 0 also deals the next hand and asks for a rematch, so
tables never stop. The clients run in GENERATORS processes of their own (each with whole
tables, so that a table's four clients share one clock).

Measured: action-to-broadcast latency, from the moment a client sends its move to the moment
each of the table's four clients receives the frame with that action (so 4 samples per action),
plus each server's resident memory and CPU, the server CPU per action (all server processes'
CPU seconds over the actions the clients made), the generators' CPU, and the CPU that
PostgreSQL and Redis used meanwhile (every process of theirs on the machine). Each server's
event loop is read once a second from its /metrics (``fives.web.pauses``): the longest gap
between two of its timer callbacks in that second (p50, p99 and max over the seconds), and the
most CPU time its loop thread spent within one gap (what the server itself held the loop,
apart from a loaded machine not running it).

    .venv/bin/python bench/load.py --tables 125 --duration 60

The shared mode (docs/DEPLOY.md): ``--shared N`` starts N `fives serve --database --redis`
processes on their own ports (as N hosts would be) on a fresh PostgreSQL database, creates the
tables round-robin and spreads each table's four sockets over the processes; ``--kill-after S``
SIGKILLs the first process S seconds into the measurement (its clients reconnect elsewhere) and
reports how long the tables it owned went without a frame, whether any action a client saw is
missing from the log, and whether those tables' logs replay through the engine.

    .venv/bin/python bench/load.py --shared 2 --tables 125 --duration 60 --kill-after 20

``--server uvicorn-wsproto`` or ``--server granian`` runs the same app, storage and loop under
another server (bench/servers.py, which says what each keeps of `fives serve`'s guards);
bench/compare_servers.py runs them in turn.

Each client holds a socket in a generator and one in a server: 1,000 tables need about 4,000
open files in each; the bench raises its limit of open files (and so its children's) to the
hard limit, and says so when that is not enough.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from servers import SERVERS, command, missing
from webload import (
    SERVER_LIMITS,
    Stats,
    TableRun,
    create_tables,
    free_port,
    proc_stats,
    seat_clients,
    stop_servers,
)


def services_cpu() -> dict[str, float]:
    """CPU seconds used so far by every PostgreSQL and Redis process of the machine."""
    used = {"postgres": 0.0, "redis-server": 0.0}
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            name, rest = (entry / "stat").read_text().split(" (", 1)[1].rsplit(")", 1)
        except (OSError, IndexError, ValueError):
            continue
        for wanted in used:
            if name.startswith(wanted):
                fields = rest.split()
                used[wanted] += (int(fields[11]) + int(fields[12])) / ticks
    return used


def raise_file_limit(tables: int, generators: int) -> None:
    """Open files enough for every socket (a client's in its generator, and the server's)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = tables * 4 + 256
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY
                                                    else wanted, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft < wanted:
        raise SystemExit(f"load.py: {tables} tables need {wanted} open files, the limit is "
                         f"{soft} (raise it: ulimit -n {wanted})")


GAUGE = re.compile(r"^(fives_loop_gap_seconds|fives_loop_busy_seconds) ([0-9.e+-]+)$", re.M)


async def watch_loops(ports: list[int], until: float) -> list[dict[str, list[float]]]:
    """Each server's loop gauges, read once a second until ``until`` (a server that died, or
    that has no such gauges, gives fewer)."""
    import httpx

    seen: list[dict[str, list[float]]] = [{"gap": [], "busy": []} for _ in ports]
    async with httpx.AsyncClient(timeout=2.0) as client:
        while time.time() < until:
            await asyncio.sleep(1.0)
            for port, got in zip(ports, seen, strict=True):
                try:
                    text = (await client.get(f"http://127.0.0.1:{port}/metrics")).text
                except httpx.HTTPError:
                    continue
                for name, value in GAUGE.findall(text):
                    got["gap" if name == "fives_loop_gap_seconds" else "busy"].append(
                        float(value))
    return seen


def loop_summary(seen: dict[str, list[float]]) -> dict[str, float] | None:
    gaps = sorted(seen["gap"])
    if len(gaps) < 2:
        return None
    q = statistics.quantiles(gaps, n=100, method="inclusive")
    return {"seconds": len(gaps), "gap_p50_ms": round(q[49] * 1000, 1),
            "gap_p99_ms": round(q[98] * 1000, 1), "gap_max_ms": round(gaps[-1] * 1000, 1),
            "busy_max_ms": round(max(seen["busy"], default=0.0) * 1000, 1)}


def start_servers(args: argparse.Namespace, workdir: Path) -> tuple[list[Any], list[int], str]:
    """The server processes, their ports, and the shared mode's database URL (or "")."""
    if not args.shared:
        port = free_port()
        return [subprocess.Popen(
            [*command(args.server), "serve", "--port", str(port), "--db",
             str(workdir / "load.sqlite3"), *SERVER_LIMITS, *args.server_option],
            stdout=subprocess.DEVNULL)], \
            [port], ""
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
            [*command(args.server), "serve", "--port", str(port), "--database", db_url,
             "--redis", args.redis, "--redis-prefix", prefix(), "--lease", str(args.lease),
             *SERVER_LIMITS, *args.server_option], stdout=subprocess.DEVNULL))
        ports.append(port)
    return servers, ports, db_url


def prefix() -> str:
    return f"fives-load-{os.getpid()}:"


def clean_up(args: argparse.Namespace, db_url: str) -> None:
    """Drop the run's database and its Redis keys."""
    import psycopg
    import redis

    with psycopg.connect(args.pg_admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db_url.rsplit("/", 1)[1]}" WITH (FORCE)')
    client = redis.Redis.from_url(args.redis)
    try:
        keys = list(client.scan_iter(match=prefix() + "*", count=1000))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


def owners(redis_url: str, table_ids: list[str]) -> list[int | None]:
    """The pid of the process holding each table's lease."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        values = client.mget([f"{prefix()}lease:{t}" for t in table_ids])
    finally:
        client.close()
    return [None if v is None else int(str(v.decode() if isinstance(v, bytes) else v)
                                       .split("-", 1)[0]) for v in values]


def check_logs(db_url: str, tables: list[TableRun], replay: list[str]) -> dict[str, int]:
    """Steps clients saw that the log does not hold (must be 0), and how many of the ``replay``
    tables' logs are not a legal, gapless game from the start (must be 0)."""
    import psycopg

    from fives.web.service import TableService
    from fives.web.storage import LogEntry

    with psycopg.connect(db_url) as conn:
        stored: dict[str, int] = dict(
            conn.execute("SELECT table_id, max(seq) FROM log GROUP BY table_id"))
        broken = 0
        for table_id in replay:
            config = conn.execute("SELECT config FROM tables WHERE id = %s",
                                  (table_id,)).fetchone()
            rows = conn.execute("SELECT seq, kind, payload, at FROM log WHERE table_id = %s "
                                "ORDER BY seq", (table_id,)).fetchall()
            entries = [LogEntry(s, k, json.loads(p), a) for s, k, p, a in rows]
            try:
                assert config is not None
                assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
                TableService(table_id, json.loads(config[0])).replay(entries)
            except Exception:
                broken += 1
    return {"steps_seen_but_not_logged":
            sum(max(0, t.seen_seq - stored.get(t.table_id, 0)) for t in tables),
            "replayed_logs": len(replay), "logs_that_do_not_replay": broken}


# --- the load generators (child processes) ---------------------------------------------------

async def generate(job: dict[str, Any]) -> dict[str, Any]:
    """Play ``job``'s tables from its start time through its warm-up and measurement."""
    tables = [TableRun(t["tokens"], table_id=t["table_id"]) for t in job["tables"]]
    stats = Stats()
    clients = seat_clients(job["urls"], tables, stats, job["think"], job["seed"])
    measure_at = job["start_at"] + job["warmup"]
    await asyncio.sleep(max(0.0, measure_at - time.time()))
    stats.latencies.clear()
    stats.errors.clear()
    stats.measuring = True
    actions0, games0, reconnects0 = stats.actions, stats.games, stats.reconnects
    _, cpu0 = proc_stats(os.getpid())
    await asyncio.sleep(max(0.0, measure_at + job["duration"] - time.time()))
    _, cpu1 = proc_stats(os.getpid())
    stats.measuring = False
    for client in clients:
        client.close()
    return {
        "latencies_ms": [round(x * 1000, 2) for x in stats.latencies],
        "actions": stats.actions - actions0, "games": stats.games - games0,
        "errors": sorted(stats.errors), "reconnects": stats.reconnects - reconnects0,
        "closes": stats.closes, "cpu_s": cpu1 - cpu0, "clients": len(clients),
        "tables": {t.table_id: [t.seen_seq, t.longest_gap] for t in tables},
    }


def child() -> int:
    job = json.loads(sys.stdin.read())
    print(json.dumps(asyncio.run(generate(job))))
    return 0


# --- the run -----------------------------------------------------------------------------------

async def run(args: argparse.Namespace) -> int:
    raise_file_limit(args.tables, args.generators)
    workdir = Path(tempfile.mkdtemp(prefix="fives-load-"))
    load_before = os.getloadavg()
    servers, ports, db_url = start_servers(args, workdir)
    generators: list[subprocess.Popen[str]] = []
    try:
        tables = await create_tables([f"http://127.0.0.1:{port}" for port in ports],
                                     args.tables)
        start_at = time.time() + 1.0
        for g in range(args.generators):
            job = {"urls": [f"ws://127.0.0.1:{port}/ws" for port in ports],
                   "tables": [{"tokens": t.tokens, "table_id": t.table_id}
                              for t in tables[g::args.generators]],
                   "think": args.think, "seed": args.seed * 1000 + g, "start_at": start_at,
                   "warmup": args.warmup, "duration": args.duration}
            proc = subprocess.Popen([sys.executable, __file__, "--child"], text=True,
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE)
            assert proc.stdin is not None
            proc.stdin.write(json.dumps(job))
            proc.stdin.close()
            generators.append(proc)
        measure_at = start_at + args.warmup
        await asyncio.sleep(max(0.0, measure_at - time.time()))
        cpu0 = [proc_stats(s.pid)[1] for s in servers]
        services0 = services_cpu()
        loops = asyncio.ensure_future(watch_loops(ports, measure_at + args.duration))
        victims: list[str] = []
        if args.kill_after:
            await asyncio.sleep(max(0.0, measure_at + args.kill_after - time.time()))
            pids = owners(args.redis, [t.table_id for t in tables])
            victims = [t.table_id for t, pid in zip(tables, pids, strict=True)
                       if pid == servers[0].pid]
            servers[0].kill()
        await asyncio.sleep(max(0.0, measure_at + args.duration - time.time()))
        usage = [proc_stats(s.pid) if s.poll() is None else (0.0, c0)
                 for s, c0 in zip(servers, cpu0, strict=True)]
        services1 = services_cpu()
        load_during = os.getloadavg()
        loop_seen = await loops
        reports = []
        for proc in generators:
            assert proc.stdout is not None
            reports.append(json.loads(proc.stdout.read()))
            proc.wait(timeout=60)
        lat = sorted(x for r in reports for x in r["latencies_ms"])
        if len(lat) < 100:
            print("too few samples", len(lat), file=sys.stderr)
            return 1
        q = statistics.quantiles(lat, n=100)
        gaps = {table_id: gap for r in reports for table_id, (_, gap) in r["tables"].items()}
        for table in tables:
            table.seen_seq = max(r["tables"].get(table.table_id, [0])[0] for r in reports)
        closes: dict[str, int] = {}
        for r in reports:
            for why, n in r["closes"].items():
                closes[why] = closes.get(why, 0) + n
        errors = [e for r in reports for e in r["errors"]]
        span = args.duration
        actions = sum(r["actions"] for r in reports)
        server_cpu_s = sum(c1 - c0 for (_, c1), c0 in zip(usage, cpu0, strict=True))
        result: dict[str, Any] = {
            "mode": f"shared, {args.shared} processes" if args.shared else "sqlite, 1 process",
            "server": args.server,
            "clients": sum(r["clients"] for r in reports),
            "tables": len(tables),
            "think_s": args.think,
            "duration_s": span,
            "actions_per_s": round(actions / span, 1),
            "samples": len(lat),
            "latency_ms": {"p50": round(q[49], 1), "p95": round(q[94], 1),
                           "p99": round(q[98], 1), "max": round(lat[-1], 1)},
            "server_rss_mib": [round(rss, 1) for rss, _ in usage],
            "server_cpu_share": [round((c1 - c0) / span, 2)
                                 for (_, c1), c0 in zip(usage, cpu0, strict=True)],
            "server_cpu_ms_per_action": round(server_cpu_s * 1000 / max(1, actions), 3),
            "server_loops": [loop_summary(seen) for seen in loop_seen],
            "generators_cpu_share": [round(r["cpu_s"] / span, 2) for r in reports],
            "postgres_cpu_share": round((services1["postgres"] - services0["postgres"]) / span,
                                        2),
            "redis_cpu_share": round((services1["redis-server"] - services0["redis-server"])
                                     / span, 2),
            "load_average_before": [round(x, 2) for x in load_before],
            "load_average_end": [round(x, 2) for x in load_during],
            "games_finished": sum(r["games"] for r in reports),
            "errors": len(errors),
            "error_kinds": sorted(set(errors)),
            "reconnects": sum(r["reconnects"] for r in reports),
            "reconnect_causes": closes,
            "longest_table_gap_s": round(max(gaps.values()), 2),
        }
        if args.kill_after:
            hit = sorted(gaps[t] for t in victims)
            others = sorted(g for t, g in gaps.items() if t not in set(victims))
            result["killed_process_tables"] = len(victims)
            if hit:
                result["their_longest_gap_s"] = {"median": round(statistics.median(hit), 2),
                                                 "max": round(hit[-1], 2)}
                result["their_tables_stalled_over_5s"] = sum(g > 5 for g in hit)
            if others:
                result["other_tables_longest_gap_s"] = {
                    "median": round(statistics.median(others), 2), "max": round(others[-1], 2)}
        if db_url:
            result.update(check_logs(db_url, tables, victims))
        print(json.dumps(result, indent=2))
        return 0
    finally:
        for proc in generators:
            if proc.poll() is None:
                proc.kill()
        stop_servers(servers)
        if db_url and not args.keep_database:
            clean_up(args, db_url)


def main() -> int:
    if sys.argv[1:] == ["--child"]:
        return child()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=125)
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean seconds a client bot waits before it acts (default 0.5)")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--generators", type=int, default=1, metavar="K",
                        help="processes that run the clients (each takes whole tables)")
    parser.add_argument("--shared", type=int, default=0, metavar="N",
                        help="N processes of the shared mode instead of one SQLite process")
    parser.add_argument("--lease", type=float, default=3.0,
                        help="the shared mode's lease in seconds (fives serve --lease)")
    parser.add_argument("--kill-after", type=float, default=0.0, metavar="S",
                        help="SIGKILL the first process S seconds into the measurement")
    parser.add_argument("--keep-database", action="store_true",
                        help="leave the shared mode's database behind for a look")
    parser.add_argument("--pg-admin", default="postgresql://postgres@127.0.0.1:5432/postgres",
                        help="PostgreSQL URL allowed to create the benchmark's database")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--server", choices=SERVERS, default="uvicorn",
                        help="the server that carries the app (bench/servers.py)")
    parser.add_argument("--server-option", action="append", default=[], metavar="OPTION",
                        help="an option for every `fives serve` (repeat), e.g. "
                        "--server-option=--no-gc-tuning")
    args = parser.parse_args()
    if missing(args.server):
        parser.error(f"--server {args.server} needs {missing(args.server)}: "
                     f"pip install {missing(args.server)}")
    return asyncio.run(run(args))


if __name__ == "__main__":
    sys.exit(main())
