"""The endgame solver's transposition table under narrow windows: a search of the window
(alpha, beta) must say on which side of it the true value lies, and never more than it knows
(fail-soft alpha-beta: at most alpha and at least the value when the value is at most alpha,
at least beta and at most the value when it is at least beta, else the value itself). One
solver, so one table, answers every window in turn, as the entries stored by one search are
read by the next: a bound stored or read the wrong way changes no root value of a full-window
search, but it does change these answers. The true values are plain minimax's."""

from __future__ import annotations

import math

import pytest

from fives.bots.endgame import _position, _Solver, solve
from fives.game import Game

from .test_endgame import _endgames, _plain_minimax


def windows(value: float) -> list[tuple[float, float]]:
    """Windows below, around and above ``value``: null windows on each side of it, windows
    whose beta or alpha is the value itself, and wide ones."""
    out: list[tuple[float, float]] = []
    for d in (-20.0, -5.0, -1.0, -0.5, 0.0, 0.5, 1.0, 5.0, 20.0):
        out += [(value + d - 1.0, value + d), (value + d, value + d + 1.0),
                (value + d - 0.25, value + d + 0.25)]
    out += [(-math.inf, value), (value, math.inf), (-math.inf, math.inf),
            (value - 30.0, value + 30.0)]
    return out


def _check_windows(game: Game) -> int:
    """Every window of every move's value of ``game``, on one solver; the searches made."""
    view = game.view(game.turn)
    truth = game.copy()
    reference = _Solver(truth, view, 10**9, math.inf)
    solver = _Solver(_position(view), view, 10**9, math.inf)
    values = {}
    for move in view.legal_moves:
        truth.push_code(move.code)
        values[move] = _plain_minimax(reference, truth)
        truth.pop()
    searches = 0
    for move, value in values.items():
        for alpha, beta in windows(value):
            solver.game.push_code(move.code)
            got = solver.value(alpha, beta)
            solver.game.pop()
            searches += 1
            where = (move, value, alpha, beta, got)
            if value <= alpha:
                assert value <= got <= alpha, where
            elif value >= beta:
                assert beta <= got <= value, where
            else:
                assert got == value, where
    # The table filled by all those windows still gives the exact values.
    for move, value in values.items():
        solver.game.push_code(move.code)
        assert solver.value(-math.inf, math.inf) == value
        solver.game.pop()
    exact = solve(view, tuple(view.legal_moves))
    assert exact is not None and exact == pytest.approx(values)
    return searches


@pytest.mark.parametrize(("preset", "options"), [
    ("all-fives", {"target": 500}),
    ("all-fives", {"target": 70}),  # lines that end the game: half the target at stake
    ("five-up", {"target": 500}),  # scores in fives
    ("multiples-of-five", {"target": 500}),
])
def test_narrow_windows_around_the_true_values(preset: str, options: dict[str, int]) -> None:
    positions = [g for g in _endgames(preset, 6, 10, **options) if sum(g.hand_sizes) >= 4]
    assert len(positions) >= 4
    assert sum(_check_windows(game) for game in positions[:4]) >= 8 * len(windows(0.0))


@pytest.mark.slow  # seconds: larger endgames, where a bound stored as exact is read again
@pytest.mark.parametrize("preset", ["all-fives", "five-up", "multiples-of-five"])
def test_narrow_windows_in_larger_endgames(preset: str) -> None:
    positions = [g for g in _endgames(preset, 10, 12, target=500) if sum(g.hand_sizes) >= 8]
    assert len(positions) >= 2
    assert sum(_check_windows(game) for game in positions[:4]) >= 4 * len(windows(0.0))
