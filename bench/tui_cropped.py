"""Cropped move prompts of the full-screen terminal game (run by hand; not part of the suite).

    .venv/bin/python bench/tui_cropped.py                  # every preset, 80x24 and 60x20
    .venv/bin/python bench/tui_cropped.py --games 3 --size 80x24

Plays whole seeded games of every preset in the Textual app (its test pilot), a person in seat 0
choosing random moves against greedy bots, and at every move prompt checks the screen as the
tests do (``tests/tui/pilot.py``'s ``board_problems``): a prompt is cropped when a tile a listed
move goes on is not drawn in the table's rows, or a tile there is cut. The goal is 0.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tui.pilot import Run, board_problems, make_app, play, random_policy  # noqa: E402

GAMES = [("five-up", 2), ("five-up", 3), ("five-up", 4), ("all-fives", 2), ("all-fives", 3),
         ("all-fives", 4), ("multiples-of-five", 2), ("multiples-of-five", 4),
         ("fives-and-threes", 2), ("draw", 3), ("block", 4), ("five-up-solitaire", 1),
         ("cribbage-dominoes-1863", 2), ("muggins-1864", 3)]


def count(preset: str, players: int, seed: int, size: tuple[int, int]) -> tuple[int, int, str]:
    """(move prompts, cropped ones, the first cropped screen's problems) of one whole game."""
    prompts = 0
    cropped: list[str] = []

    def check(run: Run, prompt: str) -> None:
        nonlocal prompts
        if "your move" in prompt:
            prompts += 1
            found = board_problems(run.app)
            if found:
                cropped.append("; ".join(found))

    seats = ["human"] + ["greedy"] * (players - 1)
    app = make_app(preset, players, seats, seed)
    asyncio.run(play(app, size, random_policy(seed), check))
    return prompts, len(cropped), cropped[0] if cropped else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1, help="seeded games per preset")
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (repeatable)")
    args = parser.parse_args()
    sizes = [tuple(int(x) for x in s.split("x")) for s in args.size or ["80x24", "60x20"]]
    for width, height in sizes:
        total = bad = 0
        for preset, players in GAMES:
            for seed in range(1, args.games + 1):
                prompts, cropped, first = count(preset, players, seed, (width, height))
                total += prompts
                bad += cropped
                note = f"  first: {first}" if first else ""
                print(f"{width}x{height} {preset:24s} {players}p seed {seed}: {cropped:3d} of "
                      f"{prompts:3d} prompts cropped{note}", flush=True)
        print(f"{width}x{height}: {bad} of {total} move prompts cropped", flush=True)


if __name__ == "__main__":
    main()
