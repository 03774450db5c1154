"""Muggins claims (RULES.md §9 O1): how often each bot level counts short and lets an
opponent's short count go, over whole games (run by hand; not part of the test suite).

    .venv/bin/python bench/muggins_rates.py --games 40
    .venv/bin/python bench/muggins_rates.py --games 40 --counting exact

Each level plays two-player games of the preset (default muggins-1868) against the random bot
counting like a person (it counts short 30% of its scoring tiles), seats swapped every other
game. For the level it prints its scoring placements and the share it claimed short, the short
claims of the opponent it could call and the share it called, its mistaken calls, and the rates
docs/BOTS.md documents (``HUMAN_COUNTING``). Search levels think with an iteration budget
(``--iterations``, default 30): their counting does not depend on it.
"""

from __future__ import annotations

import argparse
import time

from fives.bots import HUMAN_COUNTING, LEVELS, make_player
from fives.bots.base import Budget
from fives.bots.counting import CountingStats, counting_stats, play_claims_game
from fives.rules import Ruleset


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=40, help="games per level (default 40)")
    p.add_argument("--preset", default="muggins-1868")
    p.add_argument("--counting", choices=("exact", "human"), default="human")
    p.add_argument("--iterations", type=int, default=30, help="search budget per decision")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    rules = Ruleset.preset(args.preset, players=2, muggins_claims=True)
    budget = Budget(iterations=args.iterations)
    print(f"{args.preset}, {args.games} games per level against random (human counting), "
          f"the level counting {args.counting}")
    print(f"{'level':10s} {'scoring':>7s} {'short':>6s} {'rate':>6s} {'doc':>5s}   "
          f"{'windows':>7s} {'called':>6s} {'rate':>6s} {'doc':>5s}   {'mistaken':>8s} "
          f"{'over':>4s} {'s':>5s}")
    for level in LEVELS:
        stats = CountingStats()
        began = time.perf_counter()
        for g in range(args.games):
            seed = args.seed * 100_003 + g
            me = g % 2
            players = {me: make_player(level, seed=seed, counting=args.counting),
                       1 - me: make_player("random", seed=seed + 7, counting="human")}
            game = play_claims_game(rules, players, seed, budget)
            stats.add(counting_stats(game, {me}))
        miss, let_go = HUMAN_COUNTING[level] if args.counting == "human" else (0.0, 0.0)
        print(f"{level:10s} {stats.scoring:7d} {stats.short:6d} {stats.short_rate:6.3f} "
              f"{miss:5.2f}   {stats.windows:7d} {stats.calls:6d} {stats.call_rate:6.3f} "
              f"{1 - let_go:5.2f}   {stats.mistaken:8d} {stats.over:4d} "
              f"{time.perf_counter() - began:5.0f}")


if __name__ == "__main__":
    main()
