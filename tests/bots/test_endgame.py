"""The endgame solver: exact values equal a plain minimax to the end of the hand."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

from fives.bots import Budget, make_player
from fives.bots.endgame import _position, _Solver, applies, solve
from fives.bots.greedy import greedy_key
from fives.errors import UsageError
from fives.events import PLAY
from fives.game import Game
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


def _reference_minimax(view: SeatView,
                       ended: list[int]) -> Callable[[_Solver, Game], float]:
    """Plain minimax whose end-of-hand value is written out here from the rules (not the
    solver's own ``outcome``): our side's gain minus the other side's in raw points (a
    displayed unit counts in fives), plus or minus half the target, in raw points too, for a
    game won or lost."""
    rules = view.rules
    assert view.seat is not None
    ours = rules.side_of(view.seat)
    start = list(view.scores)
    scale = 5 if rules.unit == "displayed" else 1

    def value(game: Game) -> float:
        if game.phase != PLAY:
            gains = [s - s0 for s, s0 in zip(game.scores, start, strict=True)]
            (theirs,) = [g for side, g in enumerate(gains) if side != ours]
            v = float((gains[ours] - theirs) * scale)
            if game.phase_name == "game_over":
                ended.append(1)
                v += (1 if game.winner == ours else -1) * rules.target * scale / 2
            return v
        values = []
        for code in game.legal_codes():
            game.push_code(code)
            values.append(value(game))
            game.pop()
        mine = rules.side_of(game.turn) == ours
        return max(values) if mine else min(values)

    return lambda _solver, game: value(game)


@pytest.mark.parametrize(("preset", "options"), [
    ("all-fives", {"target": 70}),  # some lines end the game: the win or loss counts
    ("five-up", {"target": 500}),  # scores kept in fives
])
def test_exact_values_are_the_playouts_values(preset: str, options: dict[str, int]) -> None:
    positions = _endgames(preset, 4, 9, **options)
    assert len(positions) >= 3
    rules = positions[0].rules
    assert (rules.unit == "displayed") == (preset == "five-up")
    ended: list[int] = []  # one per line of play that ends the game
    for game in positions:
        _check_against(game, _reference_minimax(game.view(game.turn), ended))
    assert ended or preset == "five-up"


def test_a_solve_past_its_deadline_gives_up() -> None:
    game = next(g for g in _endgames("all-fives", 4, 10, target=500) if sum(g.hand_sizes) >= 8)
    view = game.view(game.turn)
    moves = tuple(view.legal_moves)
    assert solve(view, moves, deadline=math.inf) is not None
    assert solve(view, moves, deadline=0.0) is None  # perf_counter() is past 0 already


def _refused(view: SeatView, message: str) -> None:
    with pytest.raises(UsageError, match=f"^{message}$") as refused:
        solve(view, tuple(view.legal_moves))
    assert refused.value.key == "endgame_view"


def test_views_that_hide_a_tile_are_refused() -> None:
    import dataclasses

    game = _endgames("all-fives", 1, 12, target=500)[0]
    view = game.view(game.turn)
    wrong = tuple(n + 1 for n in view.hand_sizes)
    _refused(dataclasses.replace(view, hand_sizes=wrong),
             "the view's hidden tiles do not match the opponent's hand size")
    solitaire = Game(Ruleset.preset("five-up-solitaire"), seed=1).view(0)
    assert not applies(solitaire)  # its boneyard is the deck
    emptied = dataclasses.replace(solitaire, boneyard_size=0)
    assert applies(emptied)
    _refused(emptied, "a solitaire view with an empty boneyard hides no tile")
    assert not applies(dataclasses.replace(view, seat=None))
    three = Game(Ruleset.preset("all-fives", players=3), seed=1).view(0)
    assert not applies(dataclasses.replace(three, boneyard_size=0))  # a third hand is hidden
    _refused(three, "the endgame solver needs a 1- or 2-player view with an empty boneyard")


def test_the_node_limit_is_exact() -> None:
    """A solve of n nodes passes with a limit of n and gives up with n - 1."""
    game = next(g for g in _endgames("all-fives", 4, 10, target=500) if sum(g.hand_sizes) >= 8)
    view = game.view(game.turn)
    moves = tuple(view.legal_moves)

    class Counting(_Solver):  # counts the nodes itself: one key asked for per node
        def key(self) -> tuple[object, ...]:
            counted.append(1)
            return super().key()

    counted: list[int] = []
    counter = Counting(_position(view), view, 10**9, math.inf)
    for move in moves:
        counter.game.push_code(move.code)
        counter.value(-math.inf, math.inf)
        counter.game.pop()
    nodes = len(counted)
    assert nodes > 64
    assert solve(view, moves, node_limit=nodes) is not None
    assert solve(view, moves, node_limit=nodes - 1) is None


def test_the_table_changes_no_value_in_a_larger_endgame() -> None:
    """The fast sample of the slow test below: 14 tiles, where the table is hit often."""
    game = next(g for g in _endgames("all-fives", 3, 14, target=500) if sum(g.hand_sizes) >= 14)
    _check_against(game, lambda solver, g: _alphabeta(solver, g, -math.inf, math.inf))
