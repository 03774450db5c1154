"""OpenSpiel's random-simulation checks on every preset and player count; chance nodes and
the information state."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest

import fives.envs.openspiel_game  # noqa: F401  (registers python_fives)
from fives.envs.encoding import OBS_SIZE

from .conftest import CONFIG_IDS, CONFIGS, OPTION_CONFIGS, OPTION_IDS


def _params(preset: str, options: dict[str, Any], **extra: Any) -> dict[str, Any]:
    opts = dict(options)
    players = opts.pop("players", 0)
    text = ";".join(f"{k}={v}" for k, v in opts.items())
    return {"preset": preset, "players": players, "options": text, **extra}


@pytest.mark.parametrize(("preset", "options"), CONFIGS + OPTION_CONFIGS,
                         ids=CONFIG_IDS + OPTION_IDS)
def test_random_sim(preset: str, options: dict[str, Any]) -> None:
    game = pyspiel.load_game("python_fives", _params(preset, options))
    assert game.num_players() == max(1, options.get("players", 2 if preset != "five-up-solitaire"
                                                    else 1))
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("preset", ["five-up", "multiples-of-five", "fives-and-threes"])
def test_random_sim_whole_games_for_points(preset: str) -> None:
    game = pyspiel.load_game("python_fives", {"preset": preset, "episode": "game",
                                              "reward": "points", "max_hands": 4})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def _play_random(state: Any, rng: np.random.Generator, check: Any = None) -> None:
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert sum(probs) == pytest.approx(1.0)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            if check is not None:
                check(state)
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_the_deal_and_the_draws_are_chance_nodes() -> None:
    game = pyspiel.load_game("python_fives", {"preset": "five-up"})
    state = game.new_initial_state()
    dealt = []
    for k in range(10):  # two hands of five, seat 0 first
        assert state.is_chance_node()
        assert len(state.chance_outcomes()) == 28 - k
        tile = state.chance_outcomes()[0][0]
        dealt.append(tile)
        state.apply_action(tile)
    assert state.is_chance_node()  # Five Up draws lots for the first leader
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    game_ = state.table.game
    assert game_.leader == 1 and state.current_player() == 1
    assert [t for t in range(28) if game_.hand_masks[0] >> t & 1] == sorted(dealt[:5])
    assert game_.boneyard_size == 18
    # Play until someone must draw: the draw is a decision, the tile a chance outcome.
    rng = np.random.default_rng(0)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.choice([o for o, _ in state.chance_outcomes()])))
            continue
        legal = state.legal_actions()
        if legal == [3164]:
            state.apply_action(3164)
            assert state.is_chance_node()
            left = sorted(list(game_.boneyard_ids))
            assert [o for o, _ in state.chance_outcomes()] == left
            seat = state.table.turn
            state.apply_action(left[-1])
            assert game_.hand_masks[seat] >> left[-1] & 1
            return
        state.apply_action(int(rng.choice(legal)))
    pytest.fail("no draw in this hand")


@pytest.mark.parametrize(("preset", "players"), [("five-up", 2), ("all-fives", 4),
                                                 ("draw", 3)])
def test_strings_and_tensors_hold_no_hidden_tile(preset: str, players: int) -> None:
    game = pyspiel.load_game("python_fives", {"preset": preset, "players": players})
    rng = np.random.default_rng(1)

    def check(state: Any) -> None:
        g = state.table.game
        for p in range(players):
            hidden = {str(t) for s in range(players) if s != p for t in g.hand(s)}
            hidden |= {str(t) for t in (list(g.boneyard_ids) and
                                        [__import__("fives.tiles").tiles.TILE_BY_ID[i]
                                         for i in list(g.boneyard_ids)])}
            for text in (state.information_state_string(p), state.observation_string(p)):
                words = set(text.replace("[", " ").replace("]", " ").split())
                assert not words & hidden, (text, words & hidden)
            obs = np.asarray(state.observation_tensor(p))
            assert obs.shape == (OBS_SIZE,)
            assert np.array_equal(obs, state.table.observe(p))
            info = np.asarray(state.information_state_tensor(p))
            assert np.array_equal(info[:OBS_SIZE], obs)

    for _ in range(3):
        _play_random(game.new_initial_state(), rng, check)


def test_bad_parameters_are_named() -> None:
    with pytest.raises(Exception, match="unknown preset 'nope'"):
        pyspiel.load_game("python_fives", {"preset": "nope"})
    with pytest.raises(Exception, match="invalid episode 'round'"):
        pyspiel.load_game("python_fives", {"episode": "round"})
    with pytest.raises(Exception, match="invalid option 'target'"):
        pyspiel.load_game("python_fives", {"options": "target"})


def test_resample_from_infostate_keeps_the_players_information() -> None:
    game = pyspiel.load_game("python_fives", {"preset": "all-fives", "players": 3})
    rng = np.random.default_rng(5)
    changed = 0

    def check(state: Any) -> None:
        nonlocal changed
        p = state.current_player()
        other = state.resample_from_infostate(p, rng.random)
        assert other.information_state_string(p) == state.information_state_string(p)
        assert other.legal_actions() == state.legal_actions()
        assert np.array_equal(np.asarray(other.observation_tensor(p)),
                              np.asarray(state.observation_tensor(p)))
        g, h = state.table.game, other.table.game

        def unseen(x: Any) -> set[int]:
            hands = {t for s in range(3) if s != p for t in range(28) if x.hand_masks[s] >> t & 1}
            return hands | set(list(x.boneyard_ids))

        assert unseen(g) == unseen(h) and g.hand_masks[p] == h.hand_masks[p]
        assert [x.bit_count() for x in g.hand_masks] == [x.bit_count() for x in h.hand_masks]
        changed += g.hand_masks != h.hand_masks

    for _ in range(2):
        _play_random(game.new_initial_state(), rng, check)
    assert changed > 0
