"""Shared settings of the environment tests: every preset, player count and partnership
setting, and a set of rules options. The heavy dependencies are the rl extra's."""

from __future__ import annotations

from typing import Any

import numpy as np

from fives.envs.table import ENV_PRESETS


def _configs() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for preset in ENV_PRESETS:
        if preset == "five-up-solitaire":
            out.append((preset, {}))
            continue
        for players in (2, 3, 4):
            out.append((preset, {"players": players}))
        # The other partnership setting of four players.
        other = preset != "five-up"
        out.append((preset, {"players": 4, "partnerships": other}))
    return out


CONFIGS = _configs()
CONFIG_IDS = [f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}"
              for p, o in CONFIGS]

# Options of RULES.md section 9 that change the layout, the scoring or the drawing.
OPTION_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("five-up", {"spinners": "none"}),
    ("five-up", {"spinners": "first_double", "spinner_branches_immediate": True}),
    ("five-up", {"boneyard_reserve": 2, "settlement": "winner_collects"}),
    ("all-fives", {"target": 50, "target_exact": True}),
    ("all-fives", {"players": 3, "scoring": "raw", "blocked_tie": "split"}),
    ("multiples-of-five", {"players": 4, "partnerships": True, "target_check": "immediate"}),
    ("five-up-solitaire", {"block_penalty": "rounded_fifths", "empty_hand": "draw_on"}),
    ("five-up", {"sniff": "us"}),
    ("all-fives", {"players": 3, "sniff": "british"}),
]
OPTION_IDS = [f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for p, o in OPTION_CONFIGS]


def play_random(e: Any, seed: int) -> tuple[list[dict[str, float]], list[int]]:
    """One episode of a PettingZoo env with random legal actions: the rewards of every step
    and the actions played."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps: list[dict[str, float]] = []
    actions: list[int] = []
    for _agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        e.step(action)
        steps.append(dict(e.rewards))
    return steps, actions
