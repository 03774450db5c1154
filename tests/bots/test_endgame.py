"""The endgame solver: exact values equal a plain minimax to the end of the hand."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from fives.bots import Budget, make_player
from fives.bots.endgame import _Solver, applies, solve
from fives.bots.greedy import greedy_key
from fives.game import PLAY, Game
from fives.rules import Ruleset
from fives.views import SeatView


def _plain_minimax(solver: _Solver, game: Game) -> float:
    """Every line to the end of the hand, no pruning, no table."""
    if game.phase != PLAY:
        return solver.outcome()
    values = []
    for code in game.legal_codes():
        game.push_code(code)
        values.append(_plain_minimax(solver, game))
        game.pop()
    mine = game.rules.side_of(game.turn) == solver.side
    return max(values) if mine else min(values)


def _endgames(preset: str, count: int, max_tiles: int, **options: object) -> list[Game]:
    rules = Ruleset.preset(preset, **options)
    greedy = [make_player("greedy", seed=s) for s in range(rules.players)]
    out: list[Game] = []
    for seed in range(600):
        game = Game(rules, seed=seed)
        while game.phase_name == "play":
            view = game.view(game.turn)
            if (applies(view) and len(view.legal_moves) >= 2
                    and sum(view.hand_sizes) <= max_tiles):
                out.append(game.copy())
                break
            game.play(greedy[game.turn].choose(view))
        if len(out) >= count:
            break
    return out


def _check_against(game: Game, reference: Callable[[_Solver, Game], float]) -> None:
    """The solver's value of every move of ``game`` equals ``reference``'s after that move."""
    view = game.view(game.turn)
    moves = tuple(view.legal_moves)
    exact = solve(view, moves)
    assert exact is not None
    truth = game.copy()
    solver = _Solver(truth, view, 10**9, math.inf)
    for move in moves:
        truth.push_code(move.code)
        assert exact[move] == pytest.approx(reference(solver, truth)), move
        truth.pop()


CASES = [("all-fives", {"target": 500}), ("five-up", {"target": 500}),
         ("draw", {"target": 500}), ("all-fives", {"target": 70}),
         ("multiples-of-five", {"target": 500})]


@pytest.mark.parametrize("preset,options", CASES, ids=[f"{p}-{o['target']}" for p, o in CASES])
def test_exact_values_equal_plain_minimax(preset: str, options: dict[str, int]) -> None:
    positions = _endgames(preset, 8, 12, **options)
    assert len(positions) >= 4
    for game in positions:
        _check_against(game, _plain_minimax)


def test_the_expert_plays_the_exact_values() -> None:
    for game in _endgames("all-fives", 4, 12, target=500):
        view = game.view(game.turn)
        exact = solve(view, tuple(view.legal_moves))
        assert exact is not None
        ranked = make_player("expert", seed=3).explain(view, top=99, budget=Budget(iterations=2000))
        assert {c.move: c.value for c in ranked} == {
            m: round(v, 3) + greedy_key(0, m) / 1000 for m, v in exact.items()
        }


def test_a_solve_past_its_node_limit_gives_up() -> None:
    games = [g for g in _endgames("all-fives", 8, 14, target=500) if sum(g.hand_sizes) >= 10]
    assert games
    view = games[0].view(games[0].turn)
    moves = tuple(view.legal_moves)
    assert solve(view, moves) is not None
    assert solve(view, moves, node_limit=5) is None


def test_it_applies_only_when_nothing_is_hidden() -> None:
    rules = Ruleset.preset("all-fives", players=3)
    view: SeatView = Game(rules, seed=1).view(0)
    assert not applies(view)
    assert not applies(Game(Ruleset.preset("all-fives"), seed=1).view(0))  # boneyard full
    with pytest.raises(ValueError, match="empty boneyard"):
        solve(view, tuple(view.legal_moves))


def _alphabeta(solver: _Solver, game: Game, alpha: float, beta: float) -> float:
    """Alpha-beta without a transposition table: exact at the root for a full window."""
    if game.phase != PLAY:
        return solver.outcome()
    mine = game.rules.side_of(game.turn) == solver.side
    best = -math.inf if mine else math.inf
    for code in game.legal_codes():
        game.push_code(code)
        v = _alphabeta(solver, game, alpha, beta)
        game.pop()
        if mine:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["all-fives", "five-up", "multiples-of-five"])
def test_the_table_changes_no_value_in_larger_endgames(preset: str) -> None:
    positions = [g for g in _endgames(preset, 40, 16, target=500) if sum(g.hand_sizes) >= 9]
    assert len(positions) >= 2
    for game in positions[:12]:
        _check_against(game, lambda solver, g: _alphabeta(solver, g, -math.inf, math.inf))
