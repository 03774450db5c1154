"""The board layout (static/board.js) over many seeded hand-end layouts, in headless Chromium
(run by hand): overlaps, loose joins and undersized tiles (goal 0), the smallest and median
tile that would fit the board exactly, and how often the board must scroll.

    python bench/board_layout.py --per-config 1000    # 19 (preset, players) -> 19,000 layouts
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.board_check import problems  # noqa: E402
from tests.web.chromium import add_board, chromium  # noqa: E402
from tests.web.layouts import configs, hand_end_layouts  # noqa: E402
from tests.web.test_board_layout import VIEWPORTS  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-config", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with chromium() as browser:
        page = browser.new_page()
        add_board(page)
        total = 0
        bad = 0
        fit: dict[str, list[float]] = {name: [] for name in VIEWPORTS}
        js_seconds = 0.0
        for preset, players in configs():
            layouts = hand_end_layouts(preset, players, args.per_config, args.seed)
            total += len(layouts)
            worst = 0
            for name, vp in VIEWPORTS.items():
                started = time.perf_counter()
                results = page.evaluate(
                    "([ls, vp]) => ls.map((L) => FivesBoard.layoutBoard(L, vp))", [layouts, vp])
                js_seconds += time.perf_counter() - started
                for layout, result in zip(layouts, results, strict=True):
                    found = problems(layout, result, vp["minTile"])
                    bad += bool(found)
                    worst += bool(found)
                    fit[name].append(result["fitUnit"])
            print(f"{preset:18} {players}p  {len(layouts):6} layouts  with a problem: {worst}")
    print(f"\nlayouts: {total} (each at {len(VIEWPORTS)} sizes); with a problem: {bad}")
    for name, units in fit.items():
        minimum = VIEWPORTS[name]["minTile"]
        scroll = sum(u < minimum for u in units)
        print(f"{name}: tile that fits the board exactly: smallest {min(units):.1f} px, "
              f"median {statistics.median(units):.1f} px; below {minimum} px (board scrolls, "
              f"tiles drawn at {minimum} px): {scroll} ({100 * scroll / len(units):.1f}%)")
    print(f"layout time: {1000 * js_seconds / (total * len(VIEWPORTS)):.2f} ms per layout")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
