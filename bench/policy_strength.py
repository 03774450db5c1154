"""Win rate of a trained policy against random and greedy over duplicate deals (by hand).

    python bench/policy_strength.py models/allfives-ppo.zip --games 200 [--preset all-fives]

Runs ``fives match policy:PATH random`` and ``fives match policy:PATH greedy`` (duplicate
deals: each deal is played twice with the seats swapped) and prints the policy's win rate with
its 95% interval and points per hand, from each match's results.json.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from fives.cli.main import main as fives


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("model", help="a model saved by python -m fives.envs.train")
    p.add_argument("--games", default="200", help="games per match (duplicate pairs count 2)")
    p.add_argument("--preset", default="all-fives")
    p.add_argument("--seed", default="1")
    p.add_argument("--jobs", default="1")
    p.add_argument("--opponents", nargs="+", default=["random", "greedy"])
    args = p.parse_args()
    policy = f"policy:{args.model}"
    print(f"{args.model} on {args.preset}, {args.games} games per match, seed {args.seed}")
    for opponent in args.opponents:
        with tempfile.TemporaryDirectory() as out:
            status = fives(["match", policy, opponent, "--preset", args.preset, "--games",
                            args.games, "--seed", args.seed, "--jobs", args.jobs, "--quiet",
                            "--out", out])
            if status:
                return status
            results = json.loads((Path(out) / "results.json").read_text())
        side = next(s for s in results["pairings"][0]["sides"] if s["label"] == policy)
        other = next(s for s in results["pairings"][0]["sides"] if s["label"] != policy)
        print(f"vs {opponent:8} win rate {side['win_rate']:.1%} "
              f"[{side['ci_low']:.1%}, {side['ci_high']:.1%}] over {side['games']} games; "
              f"points per hand {side['points_per_hand']:.1f} vs "
              f"{other['points_per_hand']:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
