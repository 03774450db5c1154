"""The time to review one whole game at the review's default budget, with 1 and 2 processes.

A 2-player All Fives game to 150 (greedy against heuristic, seed 1) is reviewed for both seats,
``--repeat`` times each way, side by side (so both meet the same load); the load average is
printed with the times (wall-clock times of a shared machine: compare them, do not quote them
alone).

    python bench/review_time.py --repeat 1
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# The tests' game loop (tests/bots/helpers.py), so that bench and tests play games one way.
from tests.bots.helpers import play_game

from fives.bots import make_player
from fives.bots.review import DEFAULT_BUDGET, review
from fives.rules import Ruleset


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    args = parser.parse_args()
    players = [make_player("greedy", seed=1), make_player("heuristic", seed=2)]
    record = play_game(Ruleset.preset("all-fives"), players, 1, None).to_record()
    actions = sum(len(h["actions"]) for h in record["hands"])
    print(f"game: {len(record['hands'])} hands, {actions} actions; budget {args.budget}")
    for _ in range(args.repeat):
        for jobs in (1, 2):
            load = os.getloadavg()
            t = time.perf_counter()
            result = review(record, seats=[0, 1], budget=args.budget, jobs=jobs)
            wall = time.perf_counter() - t
            print(f"jobs {jobs}: {len(result.decisions)} decisions in {wall:.1f} s "
                  f"({1000 * wall / max(1, len(result.decisions)):.0f} ms a decision); "
                  f"load average before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, "
                  f"after {os.getloadavg()[0]:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
