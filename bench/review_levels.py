"""The game review measured on the bot levels: mean loss per decision and class counts.

Each level plays whole games against greedy (in partnerships: both seats of one side) and the
review (``fives.bots.review``, the expert at an iteration budget) values every decision of the
level's seats. The losses are written out per decision (``--out``) so that the class thresholds
can be read off their distributions; the table gives, per level, the decisions, the mean loss,
the quantiles of the loss and the class counts.

    heavy python bench/review_levels.py --preset all-fives --games 20 --budget 100 \
        --out results/review-all-fives.json

Iteration budgets: the figures do not depend on the machine's load, only the time does.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from fives.bots import Budget, make_player
from fives.bots.counting import play_claims_game
from fives.bots.review import CLASSES, review
from fives.game import Game
from fives.rules import Ruleset

SCENARIOS: dict[str, tuple[str, dict[str, Any]]] = {
    "all-fives": ("all-fives", {}),
    "five-up-4p": ("five-up", {"players": 4, "partnerships": True}),
    "muggins-1868": ("muggins-1868", {}),
}
LEVELS = ("random", "greedy", "heuristic", "expert")


def play(preset: str, options: dict[str, Any], level: str, seed: int,
         play_budget: int) -> tuple[dict[str, Any], list[int]]:
    """One whole game: ``level`` in seat 0 (and 2 in partnerships) against greedy; the record
    and the level's seats. Under muggins claims the lower levels count like people."""
    rules = Ruleset.preset(preset, **options)
    mine = [0, 2] if rules.partnerships else [0]
    counting = "human" if rules.muggins_claims else "exact"
    players = {s: make_player(level if s in mine else "greedy", seed=seed * 10 + s,
                              counting=counting) for s in range(rules.players)}
    budget = Budget(iterations=play_budget)
    if rules.muggins_claims:
        game = play_claims_game(rules, players, seed, budget)
    else:
        game = Game(rules, seed=seed)
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            game.play(players[game.turn].choose(game.view(game.turn), budget))
    return dict(game.to_record()), mine


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scenario", choices=sorted(SCENARIOS), required=True)
    parser.add_argument("--levels", nargs="+", default=list(LEVELS))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--budget", type=int, default=100, help="review iterations a decision")
    parser.add_argument("--play-budget", type=int, default=100,
                        help="iterations a decision of the expert when it plays")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="write every decision's loss and class (JSON)")
    args = parser.parse_args()
    preset, options = SCENARIOS[args.scenario]
    rows: dict[str, list[dict[str, Any]]] = {}
    started = time.perf_counter()
    review_seconds = 0.0
    for level in args.levels:
        rows[level] = []
        for g in range(args.games):
            record, seats = play(preset, options, level, args.seed + g, args.play_budget)
            t = time.perf_counter()
            result = review(record, seats=seats, budget=args.budget, seed=args.seed + g,
                            jobs=args.jobs)
            review_seconds += time.perf_counter() - t
            rows[level] += [{"game": g, "loss": d.loss, "class": d.klass,
                             "accuracy": d.accuracy} for d in result.decisions]
            print(f"{level} game {g + 1}/{args.games}: {len(result.decisions)} decisions",
                  file=sys.stderr, flush=True)
    unit = "fives" if Ruleset.preset(preset, **options).unit == "displayed" else "points"
    print(f"scenario {args.scenario}, {args.games} games a level against greedy, review "
          f"budget {args.budget} iterations, loss in {unit}")
    print("| level | decisions | mean loss | accuracy | median | 75% | 90% | 95% | "
          + " | ".join(CLASSES) + " |")
    print("|---" * (8 + len(CLASSES)) + "|")
    for level, decisions in rows.items():
        losses = sorted(d["loss"] for d in decisions)
        if not losses:
            continue
        q = statistics.quantiles(losses, n=20, method="inclusive")
        counts = [sum(d["class"] == c for d in decisions) for c in CLASSES]
        acc = 100 * statistics.fmean(d["accuracy"] for d in decisions)
        print(f"| {level} | {len(losses)} | {statistics.fmean(losses):.2f} | {acc:.1f} | "
              f"{statistics.median(losses):.2f} | {q[14]:.2f} | {q[17]:.2f} | {q[18]:.2f} | "
              + " | ".join(f"{c} ({100 * c / len(losses):.0f}%)" for c in counts) + " |")
    print(f"wall {time.perf_counter() - started:.0f} s, of which reviews {review_seconds:.0f} s")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"scenario": args.scenario, "budget": args.budget, "games": args.games,
                       "unit": unit, "decisions": rows}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
