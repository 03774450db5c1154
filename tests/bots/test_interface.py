"""The bots interface the other front ends code against (docs in fives.bots)."""

from __future__ import annotations

import pytest

from fives.bots import LEVELS, Budget, Candidate, Player, level_name, make_player
from fives.game import Game
from fives.rules import Ruleset
from fives.views import SeatView


def test_levels_by_name_and_number() -> None:
    assert LEVELS == {"random": 1, "greedy": 2, "heuristic": 3, "search": 4, "expert": 5}
    for name, number in LEVELS.items():
        by_name = make_player(name, seed=1)
        by_number = make_player(number, seed=1)
        assert isinstance(by_name, Player)
        assert (by_name.name, by_name.level) == (name, number)
        assert (by_number.name, by_number.level) == (name, number)
    assert level_name(" Expert ") == "expert"
    assert level_name("3") == "heuristic"


@pytest.mark.parametrize("bad", ["grumpy", 0, 6, "", True, 2.0, None])
def test_unknown_level_is_a_clear_error(bad: object) -> None:
    with pytest.raises(ValueError) as info:
        make_player(bad, seed=1)  # type: ignore[arg-type]
    message = str(info.value)
    assert repr(bad) in message and "greedy (2)" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    "kwargs", [{"seconds": 0}, {"seconds": -1.0}, {"seconds": float("nan")},
               {"iterations": 0}, {"iterations": 2.5}, {"iterations": True}]
)
def test_bad_budget_is_a_clear_error(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError, match="invalid budget"):
        Budget(**kwargs)  # type: ignore[arg-type]


def test_budget_is_frozen() -> None:
    budget = Budget(seconds=0.5)
    with pytest.raises(AttributeError):
        budget.seconds = 1.0  # type: ignore[misc]


def _decision_view(preset: str = "all-fives") -> object:
    """A view where the seat to act has at least three legal placements."""
    rules = Ruleset.preset(preset)
    for seed in range(200):
        game = Game(rules, seed=seed)
        greedy = make_player("greedy", seed=seed)
        for _ in range(40):
            if game.phase_name != "play":
                break
            view = game.view(game.turn)
            if len(view.legal_moves) >= 3 and len(view.layout.nodes) >= 2:
                return view
            game.play(greedy.choose(view))
    raise AssertionError("no position with three choices found")


@pytest.mark.parametrize("level", list(LEVELS))
def test_choose_and_explain(level: str) -> None:
    view = _decision_view()
    player = make_player(level, seed=5)
    move = player.choose(view, Budget(iterations=3))  # type: ignore[arg-type]
    assert move in view.legal_moves  # type: ignore[attr-defined]
    hints = player.explain(view, top=2, budget=Budget(iterations=3))  # type: ignore[arg-type]
    assert 1 <= len(hints) <= 2
    assert all(isinstance(c, Candidate) and c.move in view.legal_moves for c in hints)  # type: ignore[attr-defined]
    assert [c.value for c in hints] == sorted((c.value for c in hints), reverse=True)


def test_greedy_takes_the_largest_score_then_the_heaviest_tile() -> None:
    view = _decision_view()
    ranked = make_player("greedy", seed=1).explain(view, top=50)  # type: ignore[arg-type]
    layout = view.layout.copy()  # type: ignore[attr-defined]
    rules = view.rules  # type: ignore[attr-defined]

    def points(c: Candidate) -> int:
        total = layout.place_code(c.move.code)
        layout.undo()
        return int(rules.score_of_total(total))

    best = max(points(c) for c in ranked)
    assert points(ranked[0]) == best
    top_tiles = [t for c in ranked if points(c) == best and (t := c.move.tile) is not None]
    assert ranked[0].move.tile == max(top_tiles, key=lambda t: (t.pips, t.high))


def test_no_legal_move_is_a_clear_error() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=1)
    waiting = (game.turn + 1) % 2
    view = game.view(waiting)
    with pytest.raises(ValueError, match="no legal move for seat"):
        make_player("greedy").choose(view)
    with pytest.raises(ValueError, match="invalid top"):
        make_player("greedy").explain(game.view(game.turn), top=0)


def test_expert_v1_is_a_bench_level_not_offered_to_players() -> None:
    from fives.bots import BENCH_LEVELS
    from fives.bots.expert import ExpertPlayer, ExpertV1Player

    assert "expert-v1" in BENCH_LEVELS and "expert-v1" not in LEVELS
    assert level_name(" Expert-V1 ") == "expert-v1"
    v1 = make_player("expert-v1", seed=3)
    assert isinstance(v1, ExpertV1Player) and v1.name == "expert-v1"
    # The frozen first expert: hard evidence only, pruning at 2.5 standard errors from the 8th
    # iteration; the current one differs, so the head-to-head compares two algorithms.
    assert (v1.soft, v1.prune_z, v1.prune_from) == (False, 2.5, 8)
    now = make_player("expert", seed=3)
    assert isinstance(now, ExpertPlayer) and not isinstance(now, ExpertV1Player)
    assert (now.soft, now.prune_z, now.prune_from) != (v1.soft, v1.prune_z, v1.prune_from)
    view = _decision_view()
    assert v1.choose(view, Budget(iterations=3)) in view.legal_moves  # type: ignore[arg-type, attr-defined]


def test_expert_v2_and_expert_pbi_are_bench_levels() -> None:
    from fives.bots import BENCH_LEVELS
    from fives.bots.expert import ExpertPbiPlayer, ExpertPlayer, ExpertV2Player

    for name in ("expert-v2", "expert-pbi"):
        assert name in BENCH_LEVELS and name not in LEVELS
        assert level_name(name.upper()) == name
    v2 = make_player("expert-v2", seed=3)
    assert isinstance(v2, ExpertV2Player) and v2.name == "expert-v2"
    pbi = make_player("expert-pbi", seed=3)
    assert isinstance(pbi, ExpertPbiPlayer) and pbi.name == "expert-pbi" and pbi.policy
    # expert-v2 is the expert of today under a fixed name: the same choices and values.
    now = make_player("expert", seed=3)
    assert type(now) is ExpertPlayer and not now.policy
    assert (v2.soft, v2.policy, v2.prune_z, v2.prune_from) == (
        now.soft, now.policy, now.prune_z, now.prune_from)
    view: SeatView = _decision_view()  # type: ignore[assignment]
    budget = Budget(iterations=40)
    assert v2.explain(view, top=9, budget=budget) == now.explain(view, top=9, budget=budget)
    assert pbi.choose(view, budget) in view.legal_moves
