"""Every level plays only legal moves, on every preset and the options that matter to bots."""

from __future__ import annotations

from typing import Any

import pytest

from fives.bots import LEVELS, make_player
from fives.moves import Move
from fives.rules import Ruleset
from fives.views import SeatView

from .helpers import CASES, case_id, play_game, seat_players


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_level_plays_legal_moves_to_the_end(case: tuple[str, dict[str, Any]]) -> None:
    preset, options = case
    rules = Ruleset.preset(preset, **options)
    decisions = 0

    def check(view: SeatView, move: Move) -> None:
        nonlocal decisions
        assert move in view.legal_moves
        decisions += 1

    for k, level in enumerate(LEVELS):
        # Each level against a different opponent level, so every pairing shows up.
        other = list(LEVELS)[(k + 1) % len(LEVELS)]
        players = seat_players(rules, [level, other], seed=k)
        game = play_game(rules, players, seed=100 + k, on_decision=check)
        assert game.is_over, f"{level} did not finish a game of {case_id(case)}"
    assert decisions > 0


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic"])
def test_many_random_games(level: str) -> None:
    for seed in range(30):
        preset, options = CASES[seed % len(CASES)]
        rules = Ruleset.preset(preset, **options)
        players = [make_player(level, seed=seed * 4 + s) for s in range(rules.players)]
        assert play_game(rules, players, seed=seed).is_over
