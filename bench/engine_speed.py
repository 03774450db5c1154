"""Engine speed: random playouts through the unchecked push/pop path and the checked path.

1. Complete 2-player five-up hands per second: deal, random legal moves with ``push_code``
   until the hand ends, then ``pop`` back to the deal (make/unmake both timed).
2. The 4-player block game with 7 tiles each, plays per second, side by side with the PyPI
   package ``dominoes`` (if installed) playing the same game with random moves: through the
   unchecked path (``legal_codes`` + ``push_code``) and through the checked path a library user
   takes (``game.legal_moves`` + ``game.play(move)``, events, history and record included).
   ``dominoes`` is a bench-only dependency: ``pip install dominoes``; without it its row is
   left out.

Run: ``python bench/engine_speed.py [--seconds 3] [--runs 5]``; prints each run and the median.
Times are CPU seconds of this process (``time.process_time``), so other work on the machine
disturbs them less; the block-game measures run in alternating slices within each run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from fives import Game, Ruleset
from fives.events import GAME_OVER, HAND_OVER, PLAY


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


def unchecked_hand(game: Game, rand: Callable[[], float]) -> None:
    """Play the hand to its end with random moves through ``legal_codes`` + ``push_code``."""
    push = game.push_code
    legal = game.legal_codes
    codes = legal()
    while codes:  # legal_codes() is empty once the hand is over
        push(codes[int(rand() * len(codes))])
        codes = legal()


def checked_hand(game: Game, rand: Callable[[], float]) -> None:
    """The same through the checked, recorded path a library user takes: ``legal_moves`` (a
    tuple, indexed as is, as the ``dominoes`` loop indexes its ``valid_moves``) + ``play``."""
    while game.phase == PLAY:
        moves = game.legal_moves
        game.play(moves[int(rand() * len(moves))])


def fives_block_plays(seconds: float, seed: int,
                      play_hand: Callable[[Game, Callable[[], float]], None]) -> tuple[int, float]:
    """Tile placements per second in the 4-player, 7-tile block game (random moves), each hand
    played by ``play_hand`` (``unchecked_hand`` or ``checked_hand``)."""
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
            play_hand(game, rand)
            plays += len(game.layout)  # the tiles placed in this hand
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


BLOCK_MEASURES: dict[str, Callable[[float, int], tuple[int, float] | None]] = {
    "block 4x7 plays/s (fives)": lambda s, seed: fives_block_plays(s, seed, unchecked_hand),
    "block 4x7 plays/s (fives checked)": lambda s, seed: fives_block_plays(s, seed, checked_hand),
    "block 4x7 plays/s (dominoes)": dominoes_block_plays,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one run")
    parser.add_argument("--runs", type=int, default=5, help="runs of each measure")
    args = parser.parse_args()
    rows: dict[str, list[float]] = {"five-up 2p hands/s": [], **{k: [] for k in BLOCK_MEASURES}}
    slices = 10
    for run in range(args.runs):
        n, t = fives_hands(args.seconds, run)
        rows["five-up 2p hands/s"].append(n / t)
        # Alternate short slices of the block-game measures so that load changes hit all alike.
        totals: dict[str, list[float]] = {key: [0, 0.0] for key in BLOCK_MEASURES}
        for k in range(slices):
            for key, measure in BLOCK_MEASURES.items():
                got = measure(args.seconds / slices, run * slices + k)
                if got is None:  # the dominoes package is not installed
                    totals.pop(key, None)
                elif key in totals:
                    totals[key][0] += got[0]
                    totals[key][1] += got[1]
        for key, (plays, secs) in totals.items():
            rows[key].append(plays / secs)
        print(f"run {run + 1}: " + ", ".join(
            f"{k} {v[-1]:,.0f}" for k, v in rows.items() if v), flush=True)
    print("median over", args.runs, "runs:")
    medians = {key: statistics.median(values) for key, values in rows.items() if values}
    for key, value in medians.items():
        print(f"  {key:36s} {value:>12,.0f}")
    dom = medians.get("block 4x7 plays/s (dominoes)")
    if dom:
        for path, key in (("unchecked:", "(fives)"), ("checked:  ", "(fives checked)")):
            print(f"  ratio fives/dominoes, {path} {medians['block 4x7 plays/s ' + key] / dom:.2f}")


if __name__ == "__main__":
    main()
