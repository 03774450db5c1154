"""PettingZoo's own API tests on every preset, player count, partnership setting and a set of
options; rewards, partnerships and bad input."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test

from fives.envs.encoding import NUM_ACTIONS
from fives.envs.pettingzoo_env import env, parallel_env
from fives.errors import FivesError

from .conftest import CONFIG_IDS, CONFIGS, OPTION_CONFIGS, OPTION_IDS, play_random


@pytest.mark.parametrize(("preset", "options"), CONFIGS + OPTION_CONFIGS,
                         ids=CONFIG_IDS + OPTION_IDS)
def test_api_test(preset: str, options: dict[str, Any]) -> None:
    api_test(env(preset, **options), num_cycles=60)
    parallel_api_test(parallel_env(preset, **options), num_cycles=60)


def _random_episode(e: Any, seed: int) -> list[dict[str, float]]:
    return play_random(e, seed)[0]


@pytest.mark.parametrize(("preset", "options"), CONFIGS, ids=CONFIG_IDS)
def test_points_rewards_add_up_to_the_score_margin(preset: str, options: dict[str, Any]) -> None:
    e = env(preset, **options)
    steps = _random_episode(e, seed=5)
    game = e.table.game
    rules = game.rules
    gains = [a - b for a, b in zip(game.scores, e.table.initial_scores, strict=True)]
    k = rules.sides - 1
    for seat, agent in enumerate(e.possible_agents):
        side = rules.side_of(seat)
        expected = gains[side] - (sum(gains) - gains[side]) / k
        assert sum(s[agent] for s in steps) == pytest.approx(expected)
    if rules.players > 1:  # every step is zero-sum between the seats
        for s in steps:
            assert sum(s.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("preset", ["five-up", "all-fives", "block"])
def test_partners_share_every_reward(preset: str) -> None:
    e = env(preset, players=4, partnerships=True)
    for seed in range(3):
        for s in _random_episode(e, seed):
            assert s["seat_0"] == s["seat_2"] and s["seat_1"] == s["seat_3"]
            assert s["seat_0"] == -s["seat_1"]


def test_win_loss_pays_the_winner_at_the_end() -> None:
    e = env("all-fives", players=3, reward="win_loss")
    steps = _random_episode(e, seed=2)
    game = e.table.game
    assert game.is_over
    totals = {a: sum(s[a] for s in steps) for a in e.possible_agents}
    assert totals[f"seat_{game.winner}"] == 1.0
    assert sorted(totals.values()) == [-0.5, -0.5, 1.0]
    assert all(v == 0.0 for s in steps[:-1] for v in s.values())


def test_hand_episode_ends_with_the_hand() -> None:
    e = env("five-up", episode="hand")
    _random_episode(e, seed=3)
    assert e.table.game.hand_number == 1 and e.table.game.phase_name != "play"


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    e = env("five-up")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(FivesError, match=rf"illegal action {illegal} .*legal actions are"):
        e.step(illegal)
    with pytest.raises(FivesError, match="invalid action 'x'"):
        e.step("x")  # type: ignore[arg-type]
    with pytest.raises(FivesError, match=f"from 0 to {NUM_ACTIONS - 1}"):
        e.step(NUM_ACTIONS)
    after = e.observe(agent)
    assert e.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_bad_constructor_arguments_are_named() -> None:
    with pytest.raises(FivesError, match="unknown preset 'nope'"):
        env("nope")
    with pytest.raises(FivesError, match="invalid episode 'round'"):
        env("five-up", episode="round")
    with pytest.raises(FivesError, match="invalid reward 'money'"):
        env("five-up", reward="money")
    with pytest.raises(FivesError, match="unknown option 'colour'"):
        env("five-up", colour="red")
    with pytest.raises(FivesError, match="invalid max_hands 0"):
        env("five-up", max_hands=0)
