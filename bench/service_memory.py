"""Memory of the table service alone over many games (run by hand; not a test): TABLES
four-seat tables (bench/frames_cpu.py's) played by random moves for SECONDS, no sockets, no
storage. After every TABLES games it prints the blocks live Python objects hold
(``sys.getallocatedblocks``, after a full collection) and the size of the engine's caches, so
that what grows with the games in progress, what fills a bounded cache, and what would grow
for good can be told apart from the server's own (compare with bench/soak.py's ``py_blocks_k``).

    PYTHONPATH=src .venv/bin/python bench/service_memory.py --seconds 100
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time

from fives import game, layout, projection
from fives.web.service import TableService
from frames_cpu import step, tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=25)
    parser.add_argument("--seconds", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=9)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    live = tables(args.tables)
    started, actions, reported = time.monotonic(), 0, 0
    while time.monotonic() - started < args.seconds:
        step(live, rng)
        actions += 1
        games = sum(row[0].game_no for row in live if isinstance(row[0], TableService))
        if games - reported >= args.tables:
            reported = games
            gc.collect()
            print(f"actions per table {actions:6d}  games {games - args.tables:4d}  "
                  f"blocks {sys.getallocatedblocks() // 1000:5d}k  "
                  f"legal-code cache {sum(len(d) for d in game._PLACE_CODES):6d}  "
                  f"node JSON {layout._node_json.cache_info().currsize:5d}  "
                  f"public actions {projection._public_action_json.cache_info().currsize:5d}",
                  flush=True)


if __name__ == "__main__":
    main()
