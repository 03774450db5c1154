"""Read ``bench/review_levels.py --out`` files and print, per scenario and level (several runs
of one scenario pooled), the decisions, the mean loss, the loss quantiles in raw points (fives
x 5) and the class counts under the review's thresholds: what the thresholds were chosen from.

    python bench/review_thresholds.py results/review-*.json
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import defaultdict
from typing import Any

from fives.bots.review import CLASSES, THRESHOLDS, classify
from review_levels import LEVELS

QUANTILES = (50, 75, 90, 95, 99)


def main(paths: list[str]) -> int:
    pooled: dict[tuple[str, str], list[float]] = defaultdict(list)
    accuracy: dict[tuple[str, str], list[float]] = defaultdict(list)
    games: dict[tuple[str, str], int] = defaultdict(int)
    unit: dict[str, str] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
        scenario = data["scenario"]
        unit[scenario] = data["unit"]
        for level, rows in data["decisions"].items():
            # A file may hold one level or several: each level counts the file's games.
            games[(scenario, level)] += data["games"]
            pooled[(scenario, level)] += [r["loss"] for r in rows]
            accuracy[(scenario, level)] += [r["accuracy"] for r in rows]
    print(f"thresholds (raw points, upper bounds of {', '.join(CLASSES[:-1])}): {THRESHOLDS}")
    print("| scenario | level | games | decisions | mean loss | accuracy | "
          + " | ".join(f"{q}% (raw)" for q in QUANTILES) + " | "
          + " | ".join(CLASSES) + " |")
    print("|---" * (6 + len(QUANTILES) + len(CLASSES)) + "|")
    order = {level: i for i, level in enumerate(LEVELS)}
    for (scenario, level), losses in sorted(pooled.items(),
                                            key=lambda kv: (kv[0][0], order.get(kv[0][1], 9))):
        scale = 5 if unit[scenario] == "fives" else 1
        raw = sorted(x * scale for x in losses)
        cuts = statistics.quantiles(raw, n=100, method="inclusive")
        counts = [sum(classify(x, scale) == c for x in losses) for c in CLASSES]
        acc = 100 * statistics.fmean(accuracy[(scenario, level)])
        print(f"| {scenario} | {level} | {games[(scenario, level)]} | {len(losses)} | "
              f"{statistics.fmean(losses):.2f} {unit[scenario]} | {acc:.1f} | "
              + " | ".join(f"{cuts[q - 1]:.1f}" for q in QUANTILES) + " | "
              + " | ".join(f"{c} ({100 * c / len(losses):.0f}%)" for c in counts) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
