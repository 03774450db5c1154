"""Steps per second of the research environments (run by hand; needs the rl extra).

    python bench/envs_speed.py [--steps 50000] [--profile]

1. The PettingZoo AEC API, 2-player Five Up, random masked actions: the usual loop
   (``agent_iter``, ``last()``, ``step``), with observations; the same with the agent's
   ``np.flatnonzero`` on the int8 mask itself (a costly call: view the mask as booleans); and
   the loop reading only the mask (``last(observe=False)`` and ``env.action_mask``), as a
   random agent needs.
2. The Gymnasium env (All Fives, one seat against greedy), random masked actions: the
   agent's steps per second (each includes the greedy opponent's moves).
3. The engine alone on the same games (``legal_codes`` / ``push_code``), for scale.

Each figure is the median of ``--runs`` runs, in steps per second of the process's CPU time
(one core; wall-clock time on a shared machine counts other processes' turns too).
``--profile`` prints where the AEC loop spends its time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable

import numpy as np

from fives.envs.gym_env import FivesGymEnv
from fives.envs.pettingzoo_env import env as aec_env
from fives.events import HAND_OVER
from fives.game import Game
from fives.rules import Ruleset


def aec_loop(steps: int, observe: bool, naive: bool = False) -> float:
    e = aec_env("five-up")
    rng = random.Random(1)
    done = 0
    seed = 0
    start = time.process_time()
    while done < steps:
        e.reset(seed=seed)
        seed += 1
        for agent in e.agent_iter():
            if observe:
                obs, _, term, trunc, _ = e.last()
                mask = obs["action_mask"]
            else:
                _, _, term, trunc, _ = e.last(observe=False)
                mask = None if term or trunc else e.action_mask(agent)
            if term or trunc:
                e.step(None)
                continue
            assert mask is not None
            # The int8 mask viewed as booleans: np.flatnonzero of an int8 array of 3,166
            # entries alone costs about 9 us, of a boolean one about 1.5 us.
            legal = np.flatnonzero(mask if naive else mask.view(np.bool_))
            e.step(int(legal[rng.randrange(len(legal))]))
            done += 1
    return done / (time.process_time() - start)


def gym_loop(steps: int) -> float:
    e = FivesGymEnv("all-fives", opponents="greedy")
    rng = random.Random(1)
    e.reset(seed=1)
    start = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(e.action_masks())
        action = int(legal[rng.randrange(len(legal))])
        _, _, term, trunc, _ = e.step(action)
        if term or trunc:
            e.reset()
    return steps / (time.process_time() - start)


def engine_loop(steps: int) -> float:
    rules = Ruleset.preset("five-up")
    rng = random.Random(1)
    done = 0
    seed = 0
    start = time.process_time()
    while done < steps:
        game = Game(rules, seed=seed)
        seed += 1
        while not game.is_over:
            if game.phase == HAND_OVER:
                game.next_hand()
                continue
            game.push_code(rng.choice(game.legal_codes()))
            done += 1
    return done / (time.process_time() - start)


def median_of(runs: int, fn: Callable[[], float]) -> tuple[float, list[float]]:
    values = [fn() for _ in range(runs)]
    return statistics.median(values), values


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--steps", type=int, default=50_000)
    p.add_argument("--gym-steps", type=int, default=5_000)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--profile", action="store_true")
    args = p.parse_args()
    rows = [
        ("AEC five-up, observe + mask", lambda: aec_loop(args.steps, True)),
        ("AEC five-up, observe, int8 nonzero", lambda: aec_loop(args.steps, True, True)),
        ("AEC five-up, mask only", lambda: aec_loop(args.steps, False)),
        ("Gymnasium all-fives vs greedy", lambda: gym_loop(args.gym_steps)),
        ("engine alone (push_code)", lambda: engine_loop(args.steps)),
    ]
    for name, fn in rows:
        med, values = median_of(args.runs, fn)
        print(f"{name:36} {med:>9,.0f} steps/s  (runs: "
              f"{', '.join(f'{v:,.0f}' for v in values)})")
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(aec_loop, args.steps // 2, True)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
