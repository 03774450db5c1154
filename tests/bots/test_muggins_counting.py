"""The bots under muggins claims (RULES.md §9 O1): every level claims and calls; counting
``exact`` never misses nor calls wrongly; counting ``human`` misses at the documented rates
(``HUMAN_COUNTING``, docs/BOTS.md), measured over many decisions."""

from __future__ import annotations

import math
import random
from functools import cache

import pytest

from fives.bots import HUMAN_COUNTING, LEVELS, make_player
from fives.bots.base import Budget, table_call
from fives.bots.counting import CountingStats, counting_stats, play_claims_game
from fives.claims import with_exact_claim
from fives.errors import UsageError
from fives.game import Game
from fives.moves import Move
from fives.rules import Ruleset
from fives.views import SeatView

RULES = Ruleset.preset("muggins-1868")
BUDGET = Budget(iterations=12)  # counting does not depend on the search: keep it quick


@pytest.mark.parametrize("level", list(LEVELS))
def test_exact_counting_never_misses_nor_calls_wrongly(level: str) -> None:
    stats = CountingStats()
    for g in range(2):
        players = {g: make_player(level, seed=g), 1 - g: make_player(
            "random", seed=g + 9, counting="human")}
        game = play_claims_game(RULES, players, 40 + g, BUDGET)
        assert game.is_over
        stats.add(counting_stats(game, {g}))
    assert stats.scoring > 10 and stats.windows > 2
    assert (stats.short, stats.over, stats.mistaken) == (0, 0, 0)
    assert stats.calls == stats.windows  # every short claim of the opponent called


@cache
def _positions() -> tuple[tuple[SeatView, Move, SeatView], ...]:
    """Positions of muggins-1868 games where the seat to play has a scoring placement: its view,
    that placement, and the view of the opponent once it was claimed 0 (an open window)."""
    out = []
    rng = random.Random(5)
    for seed in range(12):
        game = Game(RULES, seed=seed)
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            seat = game.turn
            moves = [with_exact_claim(game, m) for m in game.legal_moves if m.kind != "muggins"]
            scoring = [m for m in moves if m.claim > 0]
            if scoring:
                move = rng.choice(scoring)
                after = game.copy()
                if after.play(move.with_claim(0))[-1].type == "play":
                    out.append((game.view(seat), move.unclaimed, after.view(1 - seat)))
            game.play(rng.choice(moves))
    return tuple(out)


def _bound(p: float, n: int) -> float:
    return max(0.05, 4 * math.sqrt(p * (1 - p) / n))


@pytest.mark.parametrize("level", list(LEVELS))
def test_human_counting_rates_are_the_documented_ones(level: str) -> None:
    miss, let_go = HUMAN_COUNTING[level]
    positions = _positions()
    assert len(positions) > 300
    player = make_player(level, seed=3, counting="human")
    claims = [player.claim(view, move) for view, move, _ in positions for _ in range(4)]
    exact = [with_exact_claim_of(view, move) for view, move, _ in positions for _ in range(4)]
    short = sum(c.claim < e for c, e in zip(claims, exact, strict=True))
    assert all(0 <= c.claim <= e for c, e in zip(claims, exact, strict=True))
    assert abs(short / len(claims) - miss) <= _bound(miss, len(claims))
    calls = [player.call(window) for _, _, window in positions]
    made = sum(c is not None for c in calls)
    assert abs(made / len(calls) - (1 - let_go)) <= _bound(let_go, len(calls))
    assert all(c is None or c == Move.muggins(w.seat or 0)
               for c, (_, _, w) in zip(calls, positions, strict=True))
    if level == "expert":
        assert short == 0 and made == len(calls)


def with_exact_claim_of(view: SeatView, move: Move) -> int:
    layout = view.layout.copy()
    return view.rules.score_of_total(layout.place_code(move.code))


def test_a_call_decision_holds_for_its_window() -> None:
    player = make_player("random", seed=1, counting="human")
    for _, _, window in _positions()[:40]:
        first = player.call(window)
        assert all(player.call(window) == first for _ in range(3))


def test_no_call_on_an_exact_claim_and_choose_claims() -> None:
    game = Game(RULES, seed=0)
    assert type(game) is Game
    chosen = make_player("greedy", seed=1).choose(game.view(game.turn))
    assert chosen.claim >= 0 and chosen.unclaimed in game.legal_moves
    game.play(chosen)
    other = 1 - game.history[-1].seat
    assert make_player("expert", seed=1).call(game.view(other)) is None  # exact: no call
    assert table_call(game, {0: make_player("greedy"), 1: make_player("greedy")}) is None
    assert Move.muggins(other) in game.view(other).legal_moves


def test_a_non_turn_seat_with_only_a_call_it_lets_go() -> None:
    rules = Ruleset.preset("all-fives", players=3, muggins_claims=True)
    game = Game(rules, seed=2)
    lead = with_exact_claim(game, game.legal_moves[0])
    game.play(lead)
    idle = (game.turn + 1) % 3
    view = game.view(idle)
    assert view.legal_moves == (Move.muggins(idle),)
    with pytest.raises(UsageError, match="muggins call it does not make"):
        make_player("greedy").choose(view)


def test_counting_is_checked() -> None:
    with pytest.raises(UsageError, match="invalid counting 'sloppy'"):
        make_player("greedy", counting="sloppy")
    assert make_player("greedy", counting="human").counting_rates == HUMAN_COUNTING["greedy"]
    assert make_player("greedy").counting_rates == (0.0, 0.0)
