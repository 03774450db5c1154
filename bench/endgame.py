"""How often the expert's endgame solver applies, and how long it takes (run by hand).

Plays 2-player games of a preset between the expert and greedy (duplicate seats not needed:
this measures the solver, not the strength) and times every expert decision where nothing is
hidden: the share of those decisions solved exactly within the budget, and the solve times.

    python bench/endgame.py --preset all-fives --games 40 --seconds 0.25
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from fives.bots import make_player
from fives.bots.endgame import applies, solve
from fives.game import Game
from fives.rules import Ruleset


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="all-fives")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=0.25, help="the expert's budget")
    args = parser.parse_args()
    rules = Ruleset.preset(args.preset, players=2)
    greedy = make_player("greedy", seed=0)
    decisions = applicable = solved = 0
    times: list[float] = []
    for seed in range(args.games):
        game = Game(rules, seed=seed)
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            view = game.view(game.turn)
            moves = tuple(view.legal_moves)
            if game.turn == 0 and len(moves) > 1:
                decisions += 1
                if applies(view):
                    applicable += 1
                    began = time.perf_counter()
                    values = solve(view, moves, deadline=began + args.seconds / 2)
                    times.append(time.perf_counter() - began)
                    solved += values is not None
            game.play(greedy.choose(view))
    print(f"{args.preset}, {args.games} games: {decisions} decisions with a choice; "
          f"nothing hidden in {applicable} ({applicable / max(1, decisions):.1%}); "
          f"solved within half the budget: {solved} ({solved / max(1, applicable):.1%})")
    if times:
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        print(f"solve time: median {statistics.median(times) * 1000:.1f} ms, "
              f"p95 {p95 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
