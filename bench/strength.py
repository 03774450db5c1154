"""Strength benchmark of the bots (run by hand; not part of the test suite).

    .venv/bin/python bench/strength.py --games 200 --budget 250ms --jobs 1
    .venv/bin/python bench/strength.py --scenario all-fives --games 1000 --jobs 8

Scenarios and their targets (issue 3):
  all-fives      2 players to 150: strongest level vs greedy, >= 85% of games (issue 14)
  five-up        2 players: >= 75%
  muggins        2 players multiples-of-five: >= 75%
  five-up-teams  4 players in partnerships: a team of two strongest bots >= 65%
  solitaire-5, solitaire-10: win rate against the deck of greedy, heuristic (--middle) and
                 the strongest level (--strong-games of them), with 95% intervals
  timing         median and worst time per decision of every level (greedy <= 1 ms)
Games come in duplicate pairs (each deal again with the seats swapped). Times are per decision
(moves with more than one legal choice), measured in the worker that plays the game.
--opponent-budget gives the baseline a budget (e.g. --opponent expert-v1 --opponent-budget
100it), --progress N prints the running score every N games, --out FILE keeps every game and
the summary as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from fives.bots.arena import (
    Entrant,
    GameOutcome,
    Task,
    outcomes_json,
    pair_stats,
    plan_games,
    run_tasks,
    time_stats,
    wilson_interval,
)
from fives.cli.tournament import parse_budget

SCENARIOS: dict[str, tuple[str, dict[str, Any], float | None]] = {
    "all-fives": ("all-fives", {}, 0.85),
    "five-up": ("five-up", {}, 0.75),
    "muggins": ("multiples-of-five", {}, 0.75),
    "five-up-teams": ("five-up", {"players": 4}, 0.65),
    "solitaire-5": ("five-up-solitaire", {"handicap": 5}, None),
    "solitaire-10": ("five-up-solitaire", {"handicap": 10}, None),
}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--scenario", action="append", choices=[*SCENARIOS, "timing"],
                   help="scenario to run (repeatable; default: all)")
    p.add_argument("--games", type=int, default=100, help="games per scenario (default 100)")
    p.add_argument("--level", default="expert", help="the strong level (default expert)")
    p.add_argument("--budget", default="250ms", help="its budget per move (default 250ms)")
    p.add_argument("--opponent", default="greedy", help="the baseline (default greedy)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--seed", type=int, default=2026, help="seed of the deals (default 2026)")
    p.add_argument("--middle", default="heuristic",
                   help="solitaire: a third level between the two (default heuristic; "
                   "'none' to skip)")
    p.add_argument("--strong-games", type=int, default=None,
                   help="solitaire: games of the strong level (default: --games)")
    p.add_argument("--opponent-budget", default=None,
                   help="the baseline's budget per move, for a search level (default none)")
    p.add_argument("--progress", type=int, default=0,
                   help="print the running score every N games (default: never)")
    p.add_argument("--out", type=Path, default=None,
                   help="write every game and the summary of each scenario to this JSON file")
    args = p.parse_args(argv)
    budget = parse_budget(args.budget)
    strong = Entrant(args.level, f"{args.level}@{args.budget}", budget)
    base_budget = parse_budget(args.opponent_budget) if args.opponent_budget else None
    base_label = args.opponent + (f"@{args.opponent_budget}" if args.opponent_budget else "")
    if base_label == strong.label:
        base_label += "-b"
    base = Entrant(args.opponent, base_label, base_budget)
    report: dict[str, Any] = {"argv": sys.argv[1:] if argv is None else argv, "scenarios": {}}
    chosen = args.scenario or [*SCENARIOS, "timing"]
    print(f"# strength: {args.games} games per scenario, {strong.label} vs {base.label}, "
          f"jobs {args.jobs}, seed {args.seed}")
    for name in chosen:
        t0 = time.perf_counter()
        if name == "timing":
            _timing(args)
            continue
        preset, options, target = SCENARIOS[name]
        opts = list(options.items())
        if target is None:  # solitaire: each bot against the deck on the same deals
            entrants = [(base, args.games)]
            if args.middle != "none":
                entrants.append((Entrant(args.middle, args.middle, None), args.games))
            entrants.append((strong, args.strong_games or args.games))
            tasks: list[Task] = []
            for entrant, games in entrants:
                tasks += plan_games(preset, opts, entrant, None, games, seed=args.seed,
                                    start_index=len(tasks))
            outcomes = run_tasks(tasks, args.jobs)
            for label in (e.label for e, _ in entrants):
                s = pair_stats(outcomes, label, label).sides[0]
                print(f"{name:14} {label:18} vs deck  {s.wins:4}/{s.games:<4} "
                      f"{100 * s.win_rate:5.1f}%  [{100 * s.ci_low:4.1f}, {100 * s.ci_high:4.1f}]"
                      f"  pts/hand {s.points_per_hand:+.2f}")
        else:
            tasks = plan_games(preset, opts, strong, base, args.games, seed=args.seed)
            outcomes = run_tasks(tasks, args.jobs, _progress(args.progress, strong.label))
            s = pair_stats(outcomes, strong.label, base.label).sides[0]
            verdict = "PASS" if s.ci_low >= target else (
                "pass (point estimate)" if s.win_rate >= target else "below target")
            print(f"{name:14} {strong.label:18} vs {base.label:8} {s.wins:4}/{s.games:<4} "
                  f"{100 * s.win_rate:5.1f}%  [{100 * s.ci_low:4.1f}, {100 * s.ci_high:4.1f}]  "
                  f"target {100 * target:.0f}%  {verdict}  pts/hand {s.points_per_hand:+.2f}")
        _print_times(outcomes)
        print(f"{'':14} ({time.perf_counter() - t0:.0f} s)")
        sys.stdout.flush()
        if args.out is not None:
            report["scenarios"][name] = {
                "seconds": round(time.perf_counter() - t0, 1),
                "stats": [
                    {"label": x.label, "games": x.games, "wins": x.wins,
                     "ci95": [round(x.ci_low, 4), round(x.ci_high, 4)],
                     "points_per_hand": round(x.points_per_hand, 3)}
                    for o in {(g.pair) for g in outcomes}
                    for x in pair_stats(outcomes, *o).sides
                ],
                "times": time_stats(outcomes),
                "games": outcomes_json(outcomes),
            }
            args.out.write_text(json.dumps(report, indent=1))
    return 0


def _progress(every: int, label: str) -> Any:
    """A callback printing the running wins of ``label`` every ``every`` games (0: none)."""
    if every <= 0:
        return None
    seen = {"games": 0, "wins": 0}

    def on_result(o: GameOutcome) -> None:
        seen["games"] += 1
        seen["wins"] += o.winner_label == label
        if seen["games"] % every == 0:
            n, w = seen["games"], seen["wins"]
            low, high = wilson_interval(w, n)
            print(f"  ... {n} games: {w} wins {100 * w / n:.1f}% "
                  f"[{100 * low:.1f}, {100 * high:.1f}]", file=sys.stderr, flush=True)

    return on_result


def _print_times(outcomes: list[GameOutcome]) -> None:
    for label, t in sorted(time_stats(outcomes).items()):
        print(f"{'':14} {label:18} {int(t['moves']):6} decisions  median "
              f"{1000 * t['median_s']:7.2f} ms  99% {1000 * t['p99_s']:7.1f} ms  "
              f"worst {1000 * t['worst_s']:7.1f} ms")


def _timing(args: argparse.Namespace) -> None:
    """Every level on all-fives against greedy, a few games each, for its time per decision."""
    budget = parse_budget(args.budget)
    games = max(2, min(args.games, 20))
    for level in ("random", "greedy", "heuristic", "search", "expert"):
        entrant = Entrant(level, level, budget if level in ("search", "expert") else None)
        other = Entrant("greedy", "greedy-baseline", None)
        tasks = plan_games("all-fives", [], entrant, other, games, seed=args.seed)
        outcomes = run_tasks(tasks, args.jobs)
        t = time_stats(outcomes).get(level)
        if t:
            print(f"timing         {level:18} {int(t['moves']):6} decisions  median "
                  f"{1000 * t['median_s']:7.3f} ms  worst {1000 * t['worst_s']:7.2f} ms")


if __name__ == "__main__":
    sys.exit(main())
