"""OpenSpiel's information-set MCTS on python_fives: the C++ bot's limit on Python games, and
the Python bot (fives.envs.openspiel_bots) playing whole games with legal moves."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest

import fives.envs.openspiel_game  # noqa: F401  (registers python_fives)
from fives.envs.openspiel_bots import TimedISMCTSBot
from fives.envs.openspiel_game import FivesState


def _to_decision(state: Any, rng: np.random.Generator) -> None:
    while state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(outcomes, p=probs)))


def _first_real_choice(game: Any, rng: np.random.Generator) -> Any:
    state = game.new_initial_state()
    while True:
        _to_decision(state, rng)
        if len(state.legal_actions()) > 1:
            return state
        state.apply_action(state.legal_actions()[0])


def test_the_cpp_bot_cannot_resample_a_python_game() -> None:
    """Why the Python IS-MCTS is used (openspiel_bots' docstring): the C++ bot's search asks
    the C++ state for ResampleFromInfostate, which a Python state does not forward to Python.
    (Its ``step`` is not called here: it releases the GIL and crashes the process.) Should a
    later OpenSpiel forward it, this test fails and the C++ bot can be tried again."""
    game = pyspiel.load_game("python_fives", {"preset": "all-fives"})
    state = _first_real_choice(game, np.random.default_rng(0))
    assert state.resample_from_infostate(state.current_player(), np.random.random) is not None
    bot = pyspiel.ISMCTSBot(1, pyspiel.RandomRolloutEvaluator(1, 1), 2.0, 10)
    with pytest.raises(pyspiel.SpielError, match="ResampleFromInfostate"):
        bot.get_policy(state)


def test_hand_search_state_ends_with_the_hand_and_counts_from_now() -> None:
    game = pyspiel.load_game("python_fives", {"preset": "all-fives", "episode": "game",
                                              "reward": "win_loss"})
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    hands_seen = 0
    while not state.is_terminal() and hands_seen < 2:
        _to_decision(state, rng)
        if state.is_terminal():
            break
        search = state.hand_search_state()
        p = state.current_player()
        assert search.information_state_string(p).count("[hand") == 1
        assert search.legal_actions() == state.legal_actions()
        hand = state.table.game.hand_number
        before = state.table.game.scores
        while not search.is_terminal():  # play the copy out at random
            _to_decision(search, rng)
            if search.is_terminal():
                break
            search.apply_action(int(rng.choice(search.legal_actions())))
        g = search.table.game
        assert g.hand_number == hand and g.phase != "play"
        gains = [a - b for a, b in zip(g.scores, before, strict=True)]
        assert search.returns() == [gains[0] - gains[1], gains[1] - gains[0]]
        assert state.table.game.scores == before and not state.is_terminal()  # untouched
        # On to the next hand of the real game.
        while not state.is_terminal() and state.table.game.hand_number == hand:
            _to_decision(state, rng)
            if not state.is_terminal():
                state.apply_action(int(rng.choice(state.legal_actions())))
        hands_seen += 1
    assert hands_seen == 2


@pytest.mark.parametrize("seed", [1, 2])
def test_python_ismcts_plays_whole_games_with_legal_moves(seed: int) -> None:
    """Two-player All Fives to 150, IS-MCTS (a few simulations a move) against random."""
    game = pyspiel.load_game("python_fives", {"preset": "all-fives", "players": 2,
                                              "episode": "game", "reward": "win_loss",
                                              "max_hands": 200})
    bot = TimedISMCTSBot(game, max_simulations=6, seed=seed)
    rng = np.random.default_rng(seed)
    state: FivesState = game.new_initial_state()
    seat = seed % 2
    searched = 0
    while not state.is_terminal():
        _to_decision(state, rng)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if state.current_player() == seat:
            action = bot.choose(state)
            assert action in legal
            searched += bot.simulations > 0
            assert bot.simulations in (0, 6)  # none when one move is legal
        else:
            action = int(rng.choice(legal))
        state.apply_action(action)
    g = state.table.game
    assert g.phase == "game_over" and max(g.scores) >= 150
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert searched > 5


def test_a_time_budget_stops_the_search() -> None:
    game = pyspiel.load_game("python_fives", {"preset": "all-fives"})
    state = _first_real_choice(game, np.random.default_rng(4))
    bot = TimedISMCTSBot(game, seconds=0.05, seed=0)
    action = bot.choose(state)
    assert action in state.legal_actions() and bot.simulations >= 1
    # A budget spent before the first simulation ends still gives a searched move.
    tiny = TimedISMCTSBot(game, seconds=1e-9, seed=0)
    assert tiny.choose(state) in state.legal_actions() and tiny.simulations == 2
    assert TimedISMCTSBot(game, max_simulations=1, seed=0).choose(state) in state.legal_actions()
    with pytest.raises(ValueError, match="no budget"):
        TimedISMCTSBot(game)
