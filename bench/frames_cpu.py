"""CPU per action of the table service alone (run by hand; not a test): 50 tables of four
seats, each action applied and every seat's frame built (``TableService.apply``), no sockets,
no storage. The loop thread's CPU time, the best of ``--runs``; ``--profile N`` prints the top
N functions of a cProfile run on the same clock.

    PYTHONPATH=src .venv/bin/python bench/frames_cpu.py --runs 3 [--profile 12]

Run it alternately on two trees (PYTHONPATH=OTHER/src) to compare: the ratio of two runs made
together is the figure to trust on a shared machine.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from fives.web.service import TableService
from fives.web.table_types import Entry

FOUR = {"preset": "five-up", "options": {"players": 4, "partnerships": True},
        "seats": [{"kind": "human"}] * 4, "timer": 0}


def tables(count: int) -> list[list[TableService | int]]:
    out: list[list[TableService | int]] = []
    for t in range(count):
        service = TableService(f"t{t}", FOUR)
        for conn in range(4):
            service.connections[conn] = conn
        out.append([service, 0])
    return out


def step(live: list[list[TableService | int]], rng: random.Random) -> None:
    """One action on every table: a random legal move, or the next deal."""
    for row in live:
        service, seq = row
        assert isinstance(service, TableService) and isinstance(seq, int)
        game = service.game
        if game is None:
            entry = service.first_deal()
        elif game.phase_name != "play":
            entry = service.next_deal(new_game=game.is_over)
        else:
            move = rng.choice(game.view(game.turn).legal_moves)
            entry = Entry("move", {"move": move.notation(explicit=True), "by": "seat"})
        row[1] = seq + 1
        service.apply(entry, seq + 1, time.time())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--steps", type=int, default=60, help="actions per table and run")
    parser.add_argument("--profile", type=int, default=0, metavar="N")
    args = parser.parse_args()
    rng = random.Random(1)
    live = tables(50)
    for _ in range(20):  # past the first deals
        step(live, rng)
    best = float("inf")
    for _ in range(args.runs):
        started = time.thread_time()
        for _ in range(args.steps):
            step(live, rng)
        best = min(best, (time.thread_time() - started) / (args.steps * len(live)))
    print(f"{best * 1000:.3f} ms CPU per action (best of {args.runs})")
    if args.profile:
        profile = cProfile.Profile(time.thread_time)
        profile.enable()
        for _ in range(args.steps):
            step(live, rng)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(args.profile)


if __name__ == "__main__":
    main()
