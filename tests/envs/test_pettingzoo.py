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


def _random_parallel(p: Any, seed: int) -> tuple[dict[str, bool], dict[str, bool], int]:
    """A parallel env's episode with random legal actions: the last step's terminations and
    truncations, and how many steps it took."""
    obs, _ = p.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while p.agents:
        agent = p.aec.agent_selection
        action = int(rng.choice(np.flatnonzero(obs[agent]["action_mask"])))
        obs, _, terms, truncs, _ = p.step({agent: action})
        steps += 1
        assert steps < 5000
    return terms, truncs, steps


@pytest.mark.parametrize(("episode", "max_hands", "ended"), [
    ("game", 200, "terminated"),  # the game's end ends the episode
    ("game", 1, "truncated"),  # cut after the first hand, the game not over
    ("hand", 1, "terminated"),  # a hand episode ends with its hand, never cut
])
def test_terminated_or_truncated(episode: str, max_hands: int, ended: str) -> None:
    # five-up to 61: no game ends in one hand of these seeds.
    e = env("five-up", episode=episode, max_hands=max_hands)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    while not e.table.done:  # up to the last action, before the agents' dead steps
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    _, _, term, trunc, _ = e.last()
    assert (term, trunc) == (ended == "terminated", ended == "truncated")
    game = e.table.game
    assert game.is_over == (ended == "terminated" and episode == "game")
    assert (e.table.terminated, e.table.truncated) == (ended == "terminated",
                                                       ended == "truncated")
    assert all(e.terminations[a] == (ended == "terminated") for a in e.possible_agents)
    assert all(e.truncations[a] == (ended == "truncated") for a in e.possible_agents)
    if max_hands == 1:
        assert game.hand_number == 1
    p = parallel_env("five-up", episode=episode, max_hands=max_hands)
    terms, truncs, _ = _random_parallel(p, seed=4)
    assert terms == dict.fromkeys(p.possible_agents, ended == "terminated")
    assert truncs == dict.fromkeys(p.possible_agents, ended == "truncated")


def test_the_parallel_env_itself() -> None:
    from fives.envs.encoding import OBS_SIZE

    p = parallel_env(players=3)  # five-up unless told
    assert p.aec.rules.name == "five-up" and p.possible_agents == ["seat_0", "seat_1", "seat_2"]
    assert p.agents == [] and p.render_mode is None
    space: Any = p.observation_space("seat_2")
    assert space["observation"].shape == (OBS_SIZE,) and space["observation"].dtype == np.float32
    assert space["action_mask"].shape == (NUM_ACTIONS,) and space["action_mask"].dtype == np.int8
    actions: Any = p.action_space("seat_1")
    assert actions.n == NUM_ACTIONS
    obs, infos = p.reset(seed=7)
    again, _ = parallel_env(players=3).reset(seed=7)
    other, _ = parallel_env(players=3).reset(seed=8)
    assert infos == {a: {} for a in p.possible_agents}
    assert all(np.array_equal(obs[a]["observation"], again[a]["observation"]) for a in obs)
    assert not all(np.array_equal(obs[a]["observation"], other[a]["observation"]) for a in obs)
    mover = p.aec.agent_selection
    assert np.array_equal(obs[mover]["action_mask"], p.aec.action_mask(mover))
    assert np.array_equal(obs[mover]["action_mask"], p.aec.observe(mover)["action_mask"])
    bystander = next(a for a in p.agents if a != mover)
    with pytest.raises(ValueError, match=rf"^no action for {mover}, whose turn it is: expected "
                       "an action for every live agent$"):
        p.step({bystander: 0})
    action = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    _, rewards, terms, truncs, infos = p.step({mover: action})
    assert set(rewards) == set(p.possible_agents) and infos == {a: {} for a in p.agents}
    assert not any(terms.values()) and not any(truncs.values())
    terms, truncs, _ = _random_parallel(p, seed=7)
    assert p.agents == [] and all(terms.values())


def test_ansi_render() -> None:
    e = env("five-up", render_mode="ansi")
    e.reset(seed=1)
    shown = e.render()
    assert shown is not None and shown.startswith("hand 1 turn seat_")
    assert f"scores {list(e.table.game.scores)}" in shown
    assert env("five-up").render() is None
    assert parallel_env("five-up", render_mode="ansi").render_mode == "ansi"
    with pytest.raises(ValueError, match="invalid render_mode 'human'"):
        env("five-up", render_mode="human")


def test_defaults_spaces_and_seeding() -> None:
    from fives.envs.pettingzoo_env import FivesAECEnv, FivesParallelEnv
    from fives.game import Game

    for made in (env(), FivesAECEnv(), parallel_env().aec, FivesParallelEnv().aec):
        assert made.rules.name == "five-up" and made.table.max_hands == 200
    for made in (env("all-fives", players=3), parallel_env("all-fives", players=3).aec,
                 FivesParallelEnv("all-fives", players=3).aec):
        assert made.rules.name == "all-fives" and made.possible_agents[-1] == "seat_2"
    two = env()
    assert set(two.observation_spaces) == set(two.action_spaces) == {"seat_0", "seat_1"}
    space: Any = two.observation_space("seat_0")
    assert space["observation"].low.min() == -1.0 and space["observation"].high.max() == 1.0
    assert space["observation"].dtype == np.float32
    assert space["action_mask"].low.min() == 0 and space["action_mask"].high.max() == 1
    # A seeded reset deals the game of the seed's first draw; an unseeded one is fresh.
    e = env()
    e.reset(seed=11)
    expected = Game(e.rules, seed=int(np.random.default_rng(11).integers(2**63)))
    assert e.table.game.hand(0) == expected.hand(0)
    assert e.rewards == dict.fromkeys(e.possible_agents, 0.0)
    f = env()
    f.reset()
    g = env()
    g.reset()
    assert [f.table.game.hand(s) for s in (0, 1)] != [g.table.game.hand(s) for s in (0, 1)]
    # Only the seat to play has a legal action in its mask.
    mover = e.agent_selection
    other = next(a for a in e.agents if a != mover)
    assert e.observe(mover)["action_mask"].sum() > 0
    assert e.observe(other)["action_mask"].sum() == 0 and e.action_mask(other).sum() == 0


def test_a_finished_agent_takes_only_none(capsys: pytest.CaptureFixture[str]) -> None:
    e = env("five-up", episode="hand", render_mode="ansi")
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    while not e.table.done:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert capsys.readouterr().out.count("hand 1 turn seat_") > 3  # the ansi mode prints each step
    with pytest.raises(ValueError):
        e.step(0)
    e.step(None)
