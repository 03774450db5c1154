"""Fit the win-chance model (``fives.bots.winchance``) on simulated games, and measure it.

For each preset, whole games of bots whose levels are drawn per side (random, greedy,
heuristic, the expert at a small iteration budget); every few actions the public position's
features are kept with whether side 0 went on to win. The games are split: the first share
fits a logistic regression per preset (Newton's method, a small ridge penalty, the standard
library only) and one on every preset together (``any``); the rest are held out, where the
calibration (10 bins of the predicted chance: mean predicted against the share won) and the
Brier score are measured, against a model that knows only the score difference.

    heavy python bench/fit_winchance.py --games 300 --write src/fives/bots/winchance.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from typing import Any

from fives.bots import Budget, make_player
from fives.bots.counting import play_claims_game
from fives.bots.winchance import DIFF_FEATURES, FEATURES, features, logistic, model_key
from fives.game import Game
from fives.rules import Ruleset

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("all-fives", {}),
    ("five-up", {}),
    ("five-up", {"players": 4, "partnerships": True}),
    ("muggins-1868", {}),
    ("multiples-of-five", {}),
    ("five-up-solitaire", {}),
    ("fives-and-threes", {}),
]
LEVELS = ("random", "greedy", "heuristic", "expert")
EXPERT_BUDGET = Budget(iterations=10)
EVERY = 3  # keep one position in this many actions (they are strongly correlated)

Sample = tuple[list[float], int]


def play(rules: Ruleset, seed: int) -> list[Sample]:
    """One game's kept positions, each with 1 when side 0 won."""
    rng = random.Random(seed)
    side_level = [rng.choice(LEVELS) for _ in range(rules.sides)]
    players = {s: make_player(side_level[rules.side_of(s)], seed=seed * 10 + s)
               for s in range(rules.players)}
    game = Game(rules, seed=seed)
    views = []
    actions = 0
    if rules.muggins_claims:
        # Positions after each placement are the ones the claims game passes by: sample them
        # from the record, replayed, so the loop stays the arena's.
        game = play_claims_game(rules, players, seed, EXPERT_BUDGET)
        from fives.record import load_record

        for step in load_record(dict(game.to_record())).steps():
            if step.index % EVERY == 1:
                views.append(step.game.view(None))
    else:
        while not game.is_over and actions < 20_000:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            if actions % EVERY == 0:
                views.append(game.view(None))
            game.play(players[game.turn].choose(game.view(game.turn), EXPERT_BUDGET))
            actions += 1
    won = int(game.winner == 0)
    out = []
    for view in views:
        x = features(view)
        if x is not None:
            out.append((x, won))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


def fit(samples: list[Sample], columns: list[int], ridge: float = 1e-3) -> list[float]:
    """Logistic regression on the chosen feature columns (Newton's method)."""
    k = len(columns)
    coef = [0.0] * k
    for _ in range(25):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x_full, y in samples:
            x = [x_full[c] for c in columns]
            p = logistic(coef, x)
            w = p * (1 - p)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                xi = w * x[i]
                row = hess[i]
                for j in range(k):
                    row[j] += xi * x[j]
        n = len(samples)
        for i in range(k):
            grad[i] = grad[i] / n - ridge * coef[i]
            for j in range(k):
                hess[i][j] /= n
            hess[i][i] += ridge
        step = solve(hess, grad)
        coef = [c + s for c, s in zip(coef, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return coef


def expand(coef: list[float], columns: list[int]) -> list[float]:
    full = [0.0] * len(FEATURES)
    for c, v in zip(columns, coef, strict=True):
        full[c] = v
    return full


def brier(coef: list[float], samples: list[Sample]) -> float:
    return sum((logistic(coef, x) - y) ** 2 for x, y in samples) / len(samples)


def calibration(pairs: list[tuple[float, int]]) -> list[tuple[int, float, float]]:
    """Per tenth of the predicted chance: (positions, mean predicted, share won)."""
    bins: list[list[tuple[float, int]]] = [[] for _ in range(10)]
    for p, y in pairs:
        bins[min(9, int(p * 10))].append((p, y))
    return [(len(b), sum(p for p, _ in b) / len(b) if b else math.nan,
             sum(y for _, y in b) / len(b) if b else math.nan) for b in bins]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per preset")
    parser.add_argument("--held-out", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", help="write the coefficients here (JSON)")
    args = parser.parse_args()
    started = time.perf_counter()
    full_cols = list(range(len(FEATURES)))
    diff_cols = [FEATURES.index(f) for f in DIFF_FEATURES]
    models: dict[str, Any] = {}
    train_all: list[Sample] = []
    test_all: list[Sample] = []
    report = []
    tests: dict[str, list[Sample]] = {}
    pairs_all: list[tuple[float, int]] = []  # each preset's model on its held-out positions
    diff_all: list[tuple[float, int]] = []
    for preset, options in CONFIGS:
        rules = Ruleset.preset(preset, **options)
        key = model_key(rules)
        cut = int(args.games * (1 - args.held_out))
        train: list[Sample] = []
        test: list[Sample] = []
        for g in range(args.games):
            (train if g < cut else test).extend(play(rules, args.seed * 100_000 + g))
        print(f"{key}: {len(train)} positions to fit, {len(test)} held out "
              f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
        coef = fit(train, full_cols)
        diff = expand(fit(train, diff_cols), diff_cols)
        models[key] = {"coef": [round(c, 5) for c in coef], "games": cut,
                       "positions": len(train)}
        pairs = [(logistic(coef, x), y) for x, y in test]
        pairs_all.extend(pairs)
        diff_all.extend((logistic(diff, x), y) for x, y in test)
        report.append((key, brier(coef, test), brier(diff, test), calibration(pairs),
                       len(test)))
        train_all += train
        test_all += test
        tests[key] = test
    coef = fit(train_all, full_cols)
    diff = expand(fit(train_all, diff_cols), diff_cols)
    models["any"] = {"coef": [round(c, 5) for c in coef], "positions": len(train_all)}
    # A preset keeps a model of its own only where it beats the pooled one on its held-out
    # games (too few games make a model of its own worse than the pooled one).
    kept = []
    for key, *_ in report:
        test = tests[key]
        own = brier(models[key]["coef"], test)
        pooled = brier(coef, test)
        print(f"{key}: held-out Brier, its own model {own:.4f}, the pooled model {pooled:.4f}",
              file=sys.stderr)
        if own >= pooled:
            del models[key]
        else:
            kept.append(key)
    print(f"{args.games} games per preset ({args.held_out:.0%} held out), seed {args.seed}, "
          f"{time.perf_counter() - started:.0f} s")
    print("| model | held-out positions | Brier | Brier, score difference only |")
    print("|---|---|---|---|")
    for key, b_full, b_diff, _, n in report:
        print(f"| {key} | {n} | {b_full:.4f} | {b_diff:.4f} |")
    print(f"| any (pooled) | {len(test_all)} | {brier(coef, test_all):.4f} | "
          f"{brier(diff, test_all):.4f} |")
    print(f"| every preset, its own model | {len(pairs_all)} | "
          f"{sum((p - y) ** 2 for p, y in pairs_all) / len(pairs_all):.4f} | "
          f"{sum((p - y) ** 2 for p, y in diff_all) / len(diff_all):.4f} |")
    report.append(("every preset, its own model", 0.0, 0.0, calibration(pairs_all),
                   len(pairs_all)))
    for key, _, _, cal, _ in report:
        print(f"\ncalibration, {key}: bin | positions | mean predicted | share won")
        for i, (n, p, y) in enumerate(cal):
            if n:
                print(f"  {i / 10:.1f}-{(i + 1) / 10:.1f} | {n} | {p:.3f} | {y:.3f}")
    print(f"\nmodels of their own kept (the others use the pooled one): {', '.join(kept)}")
    if args.write:
        with open(args.write, "w", encoding="utf-8") as f:
            json.dump({"features": list(FEATURES), "fitted_by": "bench/fit_winchance.py",
                       "games_per_preset": args.games, "seed": args.seed, "models": models},
                      f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
