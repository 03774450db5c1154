r"""Train MaskablePPO (sb3-contrib) on one seat of a preset against bots, on CPU.

    python -m fives.envs.train --preset all-fives --opponents greedy --cpu-minutes 10 \
        --out models/allfives-ppo.zip

The seat plays hands (``episode="hand"``) for the relative points of docs/RESEARCH.md, scaled
by ``--reward-scale``; the seat is drawn at random each hand so that the policy learns to lead
and to answer. The saved model plays as the bot level ``policy:PATH`` (``fives match``).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from fives.errors import FivesError


def make_env(preset: str, opponents: str, reward_scale: float, seed: int,
             options: dict[str, Any]) -> Any:
    import gymnasium as gym

    from .gym_env import FivesGymEnv

    env = FivesGymEnv(preset, seat="random", opponents=opponents, episode="hand",
                      reward="points", illegal_action="raise", **options)
    env.reset(seed=seed)
    return gym.wrappers.TransformReward(env, lambda r: float(r) * reward_scale)


def train(
    *,
    preset: str = "all-fives",
    opponents: str = "greedy",
    steps: int | None = None,
    minutes: float | None = None,
    cpu_minutes: float | None = None,
    out: str | None = None,
    seed: int = 1,
    reward_scale: float = 0.02,
    n_steps: int = 1024,
    batch_size: int = 256,
    n_epochs: int = 4,
    learning_rate: float = 3e-4,
    net: Sequence[int] = (128, 128),
    envs: int = 1,
    options: dict[str, Any] | None = None,
    verbose: int = 0,
) -> Any:
    """Train and return the model (saved to ``out`` when given). Stops after ``steps`` agent
    steps, ``minutes`` of wall-clock time or ``cpu_minutes`` of this process's CPU time,
    whichever comes first (one is required). ``envs`` copies of the environment step in turn
    (seeds ``seed`` to ``seed + envs - 1``), the policy run on all of them at once: a rollout
    is still ``n_steps`` agent steps, ``n_steps // envs`` from each."""
    if steps is None and minutes is None and cpu_minutes is None:
        raise ValueError("give steps or minutes: expected a limit to the training")
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    # The masked distribution's argument checks cost more than the network on 3,166 actions.
    torch.distributions.Distribution.set_default_validate_args(False)
    torch.manual_seed(seed)
    if envs < 1 or n_steps % envs:
        raise ValueError(f"invalid envs {envs!r}: expected a positive divisor of n_steps "
                         f"({n_steps})")
    if envs == 1:
        env = make_env(preset, opponents, reward_scale, seed, options or {})
    else:
        from stable_baselines3.common.monitor import Monitor
        from stable_baselines3.common.vec_env import DummyVecEnv

        def maker(i: int) -> Callable[[], Any]:  # each env monitored: episode rewards logged
            return lambda: Monitor(make_env(preset, opponents, reward_scale, seed + i,
                                            options or {}))

        env = DummyVecEnv([maker(i) for i in range(envs)])
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=n_steps // envs, batch_size=batch_size, n_epochs=n_epochs,
        learning_rate=learning_rate,
        gamma=0.99, ent_coef=0.01, seed=seed, device="cpu", verbose=verbose,
        policy_kwargs={"net_arch": list(net)},
    )
    deadline = time.monotonic() + 60 * minutes if minutes is not None else None
    cpu_deadline = time.process_time() + 60 * cpu_minutes if cpu_minutes is not None else None

    class Clock(BaseCallback):
        def _on_rollout_end(self) -> None:
            if out:  # a checkpoint after each rollout: a stopped run keeps its progress
                self.model.save(out)

        def _on_step(self) -> bool:
            return ((deadline is None or time.monotonic() < deadline)
                    and (cpu_deadline is None or time.process_time() < cpu_deadline))

    total = steps if steps is not None else 10**9
    model.learn(total_timesteps=total, callback=Clock())
    if out:
        model.save(out)
    return model


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m fives.envs.train", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preset", default="all-fives")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--opponents", default="greedy", help="bot level of the other seats")
    p.add_argument("--steps", type=int, default=None, help="agent steps (default: no limit)")
    p.add_argument("--minutes", type=float, default=None, help="wall-clock limit")
    p.add_argument("--cpu-minutes", type=float, default=None, help="CPU-time limit")
    p.add_argument("--out", required=True, help="where to save the model (.zip)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--reward-scale", type=float, default=0.02)
    p.add_argument("--envs", type=int, default=1,
                   help="environments stepped together (the policy runs on all at once)")
    p.add_argument("--verbose", type=int, default=1)
    args = p.parse_args(argv)
    if args.steps is None and args.minutes is None and args.cpu_minutes is None:
        p.error("give --steps, --minutes or --cpu-minutes")
    options = {"players": args.players} if args.players else {}
    start = time.monotonic()
    try:
        model = train(preset=args.preset, opponents=args.opponents, steps=args.steps,
                      minutes=args.minutes, cpu_minutes=args.cpu_minutes, out=args.out,
                      seed=args.seed,
                      reward_scale=args.reward_scale, envs=args.envs, options=options,
                      verbose=args.verbose)
    except (FivesError, ValueError) as exc:
        print(f"train: error: {exc}", file=sys.stderr)
        return 2
    print(f"trained {model.num_timesteps} steps in {time.monotonic() - start:.0f} s "
          f"({time.process_time():.0f} s of CPU); saved {args.out}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
