"""Two strength runs on the same duplicate games, compared game by game (run by hand).

    python bench/paired.py before.json after.json [--scenario all-fives]

Both files come from ``bench/strength.py --out`` with the same scenario, seed and game count
(so the same deals and seats), or both from ``fives match A B --out DIR`` (``DIR/results.json``,
the same rules, seed and game count); the strong level is the first side of the pair in each. Prints
each run's wins, the games that ended differently (won by one, lost by the other) and the
difference of the win rates with a 95% interval from those paired games (a normal
approximation of the paired difference, as in McNemar's test).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path


def wins(path: Path, scenario: str) -> dict[int, bool]:
    data = json.loads(path.read_text())
    # A ``fives match`` run keeps its games at the top, a strength run per scenario.
    games = data["games"] if "scenarios" not in data else data["scenarios"][scenario]["games"]
    return {g["index"]: g["winner_label"] == g["pair"][0] for g in games}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("before", type=Path)
    p.add_argument("after", type=Path)
    p.add_argument("--scenario", default="all-fives")
    args = p.parse_args()
    a, b = wins(args.before, args.scenario), wins(args.after, args.scenario)
    common = sorted(set(a) & set(b))
    if not common:
        p.error("no game in common: expected two runs of the same scenario and seed")
    n = len(common)
    gained = sum(1 for i in common if b[i] and not a[i])
    lost = sum(1 for i in common if a[i] and not b[i])
    diff = (gained - lost) / n
    se = math.sqrt(gained + lost - (gained - lost) ** 2 / n) / n
    print(f"{n} games in common: before {sum(a[i] for i in common)} wins, after "
          f"{sum(b[i] for i in common)}; won only after {gained}, only before {lost}; "
          f"difference {100 * diff:+.1f} points [{100 * (diff - 1.96 * se):+.1f}, "
          f"{100 * (diff + 1.96 * se):+.1f}]")


if __name__ == "__main__":
    main()
