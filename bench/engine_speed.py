"""Engine speed: random playouts through the unchecked push/pop path and the checked path.

1. Complete 2-player five-up hands per second: deal, random legal moves with ``push_code``
   until the hand ends, then ``pop`` back to the deal (make/unmake both timed).
2. The 4-player block game with 7 tiles each, plays per second, side by side with the PyPI
   package ``dominoes`` (if installed) playing the same game with random moves: through the
   unchecked path (``legal_codes`` + ``push_code``) and through the checked path a library user
   takes (``list(game.legal_moves)`` + ``game.play(move)``, events and record included).

Run: ``python bench/engine_speed.py [--seconds 3] [--runs 5]``; prints each run and the median.
Times are CPU seconds of this process (``time.process_time``), so other work on the machine
disturbs them less; the two block-game engines run in alternating slices within each run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from fives import Game, Ruleset
from fives.game import GAME_OVER, HAND_OVER, PLAY


def fives_hands(seconds: float, seed: int) -> tuple[int, float]:
    """Hands completed in about ``seconds``: returns (hands, elapsed)."""
    rules = Ruleset.preset("five-up", players=2)
    rng = random.Random(seed)
    game = Game(rules, rng=rng, leader=0)
    hands = 0
    start = time.process_time()
    deadline = start + seconds
    rand = rng.random
    while True:
        depth = 0
        push = game.push_code
        legal = game.legal_codes
        codes = legal()
        while codes:  # legal_codes() is empty once the hand is over
            push(codes[int(rand() * len(codes))])  # a uniformly random legal move
            depth += 1
            codes = legal()
        for _ in range(depth):
            game.pop()
        hands += 1
        if hands % 64 == 0:
            if time.process_time() > deadline:
                break
            game = Game(rules, rng=rng, leader=0)  # a fresh deal now and then
    return hands, time.process_time() - start


def fives_block_plays(seconds: float, seed: int) -> tuple[int, float]:
    """Tile placements per second in the 4-player, 7-tile block game (random moves)."""
    rules = Ruleset.preset("block", players=4, hand_size=7)
    rng = random.Random(seed)
    plays = 0
    start = time.process_time()
    deadline = start + seconds
    rand = rng.random
    game = Game(rules, rng=rng)
    while time.process_time() < deadline:
        for _ in range(20):  # 20 hands between clock reads
            if game.phase == GAME_OVER:
                game = Game(rules, rng=rng)
            elif game.phase == HAND_OVER:
                game.next_hand()
            push = game.push_code
            legal = game.legal_codes
            codes = legal()
            while codes:
                push(codes[int(rand() * len(codes))])
                codes = legal()
            plays += len(game.layout)  # the tiles placed in this hand
    return plays, time.process_time() - start


def fives_block_checked_plays(seconds: float, seed: int) -> tuple[int, float]:
    """The same measure through the checked, recorded path: ``legal_moves`` + ``play``."""
    rules = Ruleset.preset("block", players=4, hand_size=7)
    rng = random.Random(seed)
    plays = 0
    start = time.process_time()
    deadline = start + seconds
    rand = rng.random
    game = Game(rules, rng=rng)
    while time.process_time() < deadline:
        for _ in range(20):  # 20 hands between clock reads
            if game.phase == GAME_OVER:
                game = Game(rules, rng=rng)
            elif game.phase == HAND_OVER:
                game.next_hand()
            while game.phase == PLAY:
                moves = list(game.legal_moves)
                game.play(moves[int(rand() * len(moves))])
            plays += len(game.layout)
    return plays, time.process_time() - start


def dominoes_block_plays(seconds: float, seed: int) -> tuple[int, float] | None:
    """The same measure for the PyPI package ``dominoes`` (its own random player)."""
    try:
        import dominoes
    except ImportError:
        return None
    random.seed(seed)
    plays = 0
    start = time.process_time()
    deadline = start + seconds
    rand = random.random
    while time.process_time() < deadline:
        for _ in range(20):  # 20 hands between clock reads, as for fives
            game = dominoes.Game.new()  # one hand of the 4-player, 7-tile block game
            while game.result is None:
                moves = game.valid_moves  # the same uniformly random choice as for fives
                game.make_move(*moves[int(rand() * len(moves))])
                plays += 1
    return plays, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measure")
    args = parser.parse_args()
    rows: dict[str, list[float]] = {"five-up 2p hands/s": [], "block 4x7 plays/s (fives)": [],
                                    "block 4x7 plays/s (fives checked)": [],
                                    "block 4x7 plays/s (dominoes)": []}
    for run in range(args.runs):
        n, t = fives_hands(args.seconds, run)
        rows["five-up 2p hands/s"].append(n / t)
        # Alternate short slices of both engines so that load changes hit both alike.
        slices = 10
        totals = {"fives": [0, 0.0], "checked": [0, 0.0], "dominoes": [0, 0.0]}
        have_dominoes = True
        for k in range(slices):
            n, t = fives_block_plays(args.seconds / slices, run * slices + k)
            totals["fives"][0] += n
            totals["fives"][1] += t
            n, t = fives_block_checked_plays(args.seconds / slices, run * slices + k)
            totals["checked"][0] += n
            totals["checked"][1] += t
            other = dominoes_block_plays(args.seconds / slices, run * slices + k)
            if other is None:
                have_dominoes = False
            else:
                totals["dominoes"][0] += other[0]
                totals["dominoes"][1] += other[1]
        rows["block 4x7 plays/s (fives)"].append(totals["fives"][0] / totals["fives"][1])
        rows["block 4x7 plays/s (fives checked)"].append(
            totals["checked"][0] / totals["checked"][1])
        if have_dominoes:
            rows["block 4x7 plays/s (dominoes)"].append(
                totals["dominoes"][0] / totals["dominoes"][1])
        print(f"run {run + 1}: " + ", ".join(
            f"{k} {v[-1]:,.0f}" for k, v in rows.items() if v), flush=True)
    print("median over", args.runs, "runs:")
    for key, values in rows.items():
        if values:
            print(f"  {key:32s} {statistics.median(values):>12,.0f}")
    fives_b = rows["block 4x7 plays/s (fives)"]
    checked = rows["block 4x7 plays/s (fives checked)"]
    dom = rows["block 4x7 plays/s (dominoes)"]
    if dom:
        d = statistics.median(dom)
        print(f"  ratio fives/dominoes, unchecked: {statistics.median(fives_b) / d:.2f}")
        print(f"  ratio fives/dominoes, checked:   {statistics.median(checked) / d:.2f}")


if __name__ == "__main__":
    main()
