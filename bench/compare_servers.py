"""The servers side by side under bench/load.py, in one run (run by hand; not a test).

Runs bench/load.py once per server and round, the servers in turn (each round starts one
server later, so that none is always first on a machine that warms up or gets busier), and
prints one table: each run's row, then each server's medians over its rounds (actions per
second, action-to-broadcast latency p50/p95/p99, server CPU per action), and whether any run
had errors or a table that stalled. The same app, storage and loop under each server
(bench/servers.py, which says what each keeps of `fives serve`'s guards).

    .venv/bin/python bench/compare_servers.py --tables 500 --rounds 3
    .venv/bin/python bench/compare_servers.py --tables 500 --rounds 3 --shared 2
    .venv/bin/python bench/compare_servers.py --tables 20 --duration 10 --rounds 1   # a check

Options after ``--`` go to every bench/load.py run as they are.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

from servers import SERVERS, missing

LOAD = Path(__file__).resolve().with_name("load.py")
COLUMNS = ("actions/s", "p50 ms", "p95 ms", "p99 ms", "CPU ms/action", "games", "errors",
           "reconnects", "longest gap s")


def row(result: dict[str, Any]) -> list[float]:
    lat = result["latency_ms"]
    return [result["actions_per_s"], lat["p50"], lat["p95"], lat["p99"],
            result["server_cpu_ms_per_action"], result["games_finished"], result["errors"],
            result["reconnects"], result["longest_table_gap_s"]]


def table(lines: list[tuple[str, str, list[float]]]) -> str:
    head = ["server", "round", *COLUMNS]
    cells = [head] + [[server, label, *(f"{v:g}" for v in values)]
                      for server, label, values in lines]
    widths = [max(len(c[i]) for c in cells) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                               for i, (c, w) in enumerate(zip(line, widths, strict=True)))
                     for line in cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--servers", default=",".join(SERVERS),
                        help=f"comma-separated, of {', '.join(SERVERS)} (default: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=500)
    # DEPLOY's load runs: 2 generators, 15 s of warm-up, 40 s measured.
    parser.add_argument("--duration", type=float, default=40.0)
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--generators", type=int, default=2)
    parser.add_argument("--shared", type=int, default=0, metavar="N")
    parser.add_argument("--json", type=Path, default=None,
                        help="also write every run's full report here (a JSON list)")
    parser.add_argument("load_args", nargs="*", help="after --: more bench/load.py options")
    args = parser.parse_args()
    servers = [s for s in args.servers.split(",") if s]
    for server in servers:
        if server not in SERVERS:
            parser.error(f"unknown server {server!r}: expected some of {', '.join(SERVERS)}")
        if missing(server):
            parser.error(f"{server} needs {missing(server)}: pip install {missing(server)}")
    if args.rounds < 1:
        parser.error(f"--rounds {args.rounds}: expected 1 or more")
    common = ["--tables", str(args.tables), "--duration", str(args.duration),
              "--warmup", str(args.warmup), "--think", str(args.think),
              "--generators", str(args.generators), "--shared", str(args.shared),
              *args.load_args]
    runs: list[dict[str, Any]] = []
    lines: list[tuple[str, str, list[float]]] = []
    for r in range(args.rounds):
        for server in servers[r % len(servers):] + servers[:r % len(servers)]:
            done = subprocess.run([sys.executable, str(LOAD), "--server", server, *common],
                                  stdout=subprocess.PIPE, text=True, check=False)
            if done.returncode != 0:
                print(f"{server}, round {r + 1}: bench/load.py failed ({done.returncode})",
                      file=sys.stderr)
                continue
            result = json.loads(done.stdout)
            runs.append(result)
            lines.append((server, str(r + 1), row(result)))
            print(f"{server}, round {r + 1}: " + ", ".join(
                f"{c} {v:g}" for c, v in zip(COLUMNS, row(result), strict=True)),
                file=sys.stderr, flush=True)
    for server in servers:
        mine = [values for s, _, values in lines if s == server]
        if mine:
            lines.append((server, "median", [round(statistics.median(v), 3)
                                             for v in zip(*mine, strict=True)]))
    mode = f"shared, {args.shared} processes" if args.shared else "sqlite, 1 process"
    print(f"{mode}, {args.tables} tables ({args.tables * 4} clients), {args.duration:g} s "
          f"each, think {args.think:g} s, {args.rounds} round(s); load average before/end "
          "of each run in --json")
    print(table(lines))
    if args.json:
        args.json.write_text(json.dumps(runs, indent=2))
    bad = [(s, label) for s, label, values in lines if label != "median" and values[6]]
    if bad:
        print(f"runs with errors: {bad}")
    return 1 if bad or len(runs) < args.rounds * len(servers) else 0


if __name__ == "__main__":
    sys.exit(main())
