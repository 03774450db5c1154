"""Every level honours a tiny time budget: its decisions stop near the budget, not at a default.

Times are wall-clock on a machine that may be busy, so the bound is loose (a median within a
small multiple of the budget); a level that ignored its budget would think for its default
(0.1 s for search, 0.25 s for expert) and fail.
"""

from __future__ import annotations

import statistics
import time

import pytest

from fives.bots import LEVELS, Budget, make_player
from fives.game import Game
from fives.rules import Ruleset
from fives.views import SeatView

BUDGET = 0.02


def _busy_positions(count: int) -> list[SeatView]:
    """Views early in 2-player All Fives hands with several legal moves to weigh."""
    rules = Ruleset.preset("all-fives")
    out: list[SeatView] = []
    greedy = make_player("greedy", seed=0)
    for seed in range(200):
        game = Game(rules, seed=seed)
        while game.phase_name == "play" and len(out) < count:
            view = game.view(game.turn)
            if len(view.legal_moves) >= 3:
                out.append(view)
                break
            game.play(greedy.choose(view))
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize("level", list(LEVELS))
def test_time_budget_is_honoured(level: str) -> None:
    views = _busy_positions(15)
    assert len(views) == 15
    player = make_player(level, seed=1)
    budget = Budget(seconds=BUDGET)
    times = []
    for view in views:
        began = time.perf_counter()
        move = player.choose(view, budget)
        times.append(time.perf_counter() - began)
        assert move in view.legal_moves
    assert statistics.median(times) <= 2.5 * BUDGET, times


@pytest.mark.parametrize("level", ["search", "expert"])
def test_iteration_budget_is_reproducible(level: str) -> None:
    views = _busy_positions(6)
    budget = Budget(iterations=3)
    first = [make_player(level, seed=5).explain(v, top=10, budget=budget) for v in views]
    again = [make_player(level, seed=5).explain(v, top=10, budget=budget) for v in views]
    assert first == again
