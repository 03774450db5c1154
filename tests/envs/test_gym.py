"""Gymnasium's own checker on every preset and player count; masks, bots and bad input."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import fives.envs  # noqa: F401  (registers the ids)
from fives.envs.encoding import action_of_code
from fives.envs.gym_env import ENV_IDS, FivesGymEnv
from fives.envs.table import ENV_PRESETS
from fives.errors import FivesError
from fives.rules import PRESETS

from .conftest import CONFIG_IDS, CONFIGS, OPTION_CONFIGS, OPTION_IDS


def test_every_preset_is_registered() -> None:
    assert set(ENV_IDS) == set(ENV_PRESETS) == set(PRESETS) - {"muggins-1868"}
    for preset, env_id in ENV_IDS.items():
        e = gym.make(env_id)
        assert isinstance(e.unwrapped, FivesGymEnv)
        assert e.unwrapped.rules.name == preset


@pytest.mark.parametrize(("preset", "options"), CONFIGS + OPTION_CONFIGS,
                         ids=CONFIG_IDS + OPTION_IDS)
def test_check_env(preset: str, options: dict[str, Any]) -> None:
    e = gym.make(ENV_IDS[preset], **options)
    check_env(e.unwrapped, skip_render_check=True)
    # A whole masked episode: the mask is the seat's legal moves at every decision.
    e.reset(seed=4)
    raw = e.unwrapped
    assert isinstance(raw, FivesGymEnv)
    rng = np.random.default_rng(4)
    done = False
    while not done:
        mask = raw.action_masks()
        game = raw.table.game
        assert game.turn == raw.seat
        legal = {action_of_code(m.code) for m in game.view(raw.seat).legal_moves}
        assert set(np.flatnonzero(mask)) == legal
        _, _, term, trunc, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert np.array_equal(info["action_mask"], raw.action_masks())
        done = term or trunc
    assert not raw.action_masks().any()


def test_opponents_of_chosen_levels_and_random_seat() -> None:
    e = FivesGymEnv("all-fives", players=3, opponents=["random", "heuristic"], seat="random")
    seats = set()
    for seed in range(8):
        e.reset(seed=seed)
        seats.add(e.seat)
        assert sorted(type(b).__name__ for b in e.bots.values()) == [
            "HeuristicPlayer", "RandomPlayer"]
    assert len(seats) > 1


def test_illegal_action() -> None:
    e = FivesGymEnv("five-up", illegal_action="raise")
    obs, _ = e.reset(seed=3)
    illegal = int(np.flatnonzero(~e.action_masks())[0])
    with pytest.raises(FivesError, match=f"illegal action {illegal}"):
        e.step(illegal)
    assert np.array_equal(obs, e.table.observe(e.seat))
    e = FivesGymEnv("five-up", illegal_reward=-3.0)
    e.reset(seed=3)
    _, reward, term, trunc, info = e.step(illegal)
    assert (reward, term, trunc) == (-3.0, True, False)
    assert "illegal action" in info["illegal_action"]
    with pytest.raises(FivesError, match="episode is over"):
        e.step(0)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(FivesError, match="invalid seat 5"):
        FivesGymEnv("five-up", seat=5)
    with pytest.raises(FivesError, match="expected one level, or 2 levels"):
        FivesGymEnv("five-up", players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        FivesGymEnv("five-up", opponents="genius")
    with pytest.raises(FivesError, match="invalid illegal_action 'ignore'"):
        FivesGymEnv("five-up", illegal_action="ignore")
    # RULES.md §9 O4's choice of the sniff's form has no action: refused, not played half
    with pytest.raises(FivesError, match="invalid sniff_orientation_choice True"):
        FivesGymEnv("all-fives", sniff="us", sniff_orientation_choice=True)
    # RULES.md §9 O1's claims and calls have no action either (docs/RESEARCH.md says why)
    with pytest.raises(FivesError, match="invalid muggins_claims True"):
        FivesGymEnv("muggins-1868")
    with pytest.raises(FivesError, match="invalid muggins_claims True"):
        FivesGymEnv("all-fives", muggins_claims=True)
    assert FivesGymEnv("muggins-1868", muggins_claims=False).table.rules.name == "muggins-1868"
