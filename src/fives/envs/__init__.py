"""Research environments of every preset: PettingZoo (AEC and parallel), Gymnasium (one seat
against bots) and OpenSpiel (a registered python game). Install with ``pip install
'fives[rl]'``; the engine itself needs none of this. See docs/RESEARCH.md.

- ``fives.envs.pettingzoo_env.env(preset, **options)`` / ``parallel_env(...)``
- ``gymnasium.make("fives/AllFives-v0", opponents="greedy")`` (registered on import)
- ``fives.envs.openspiel_game`` registers ``python_fives`` with ``pyspiel``
- ``fives.envs.encoding``: the action space and the observation vector
"""

from __future__ import annotations

from typing import Any

from .encoding import NUM_ACTIONS, OBS_SIZE, encode_view

try:
    from .gym_env import register_envs
except ModuleNotFoundError:  # pragma: no cover - gymnasium is part of the rl extra
    pass
else:
    register_envs()


def pettingzoo_env(preset: str = "five-up", **kwargs: Any) -> Any:
    """The PettingZoo AEC environment of a preset (see ``pettingzoo_env.FivesAECEnv``)."""
    from .pettingzoo_env import env

    return env(preset, **kwargs)


def pettingzoo_parallel_env(preset: str = "five-up", **kwargs: Any) -> Any:
    from .pettingzoo_env import parallel_env

    return parallel_env(preset, **kwargs)


__all__ = ["NUM_ACTIONS", "OBS_SIZE", "encode_view", "pettingzoo_env",
           "pettingzoo_parallel_env"]
