"""fives.settlement on its own: each score rule on hand-picked numbers, the edges first (a total
at MAX_TOTAL, a score landing exactly on an exact target, a boneyard down to its reserve, a
tie), and score_rules read field by field from a ruleset. The game-level tests reach these
rules through whole hands; here a wrong comparison or a wrong seat fails by itself."""

from __future__ import annotations

from typing import Any

import pytest

from fives import settlement
from fives.rules import Ruleset
from fives.settlement import MAX_TOTAL, HandOutcome, ScoreRules, score_rules
from fives.tiles import TILE_COUNT


def sr(**fields: Any) -> ScoreRules:
    """Score rules for two players, one side each, winner_collects to 61 unless told."""
    base: dict[str, Any] = {
        "players": 2, "sides": 2, "side_of": (0, 1),
        "score_table": tuple(t if t % 5 == 0 else 0 for t in range(MAX_TOTAL)),
        "settlement": "winner_collects", "displayed": False, "tiebreak_tiles": False,
        "blocked_split": False, "block_penalty_pips": False, "target": 61, "immediate": False,
        "exact": False, "drawing": True, "reserve": 0, "end_on_empty": True, "draw_cost": 0,
        "charge_every_draw": False,
    }
    return ScoreRules(**(base | fields))


FOUR = {"players": 4, "sides": 4, "side_of": (0, 1, 2, 3)}
PARTNERS = {"players": 4, "sides": 2, "side_of": (0, 1, 0, 1)}
SOLO = {"players": 1, "sides": 2, "side_of": (0,), "settlement": "deck"}


# ---------------------------------------------------------------------------- during play
def test_play_points_cover_every_total_below_max_and_nothing_past_it() -> None:
    rules = sr(score_table=tuple(range(1, MAX_TOTAL + 1)))
    assert rules.play_points(0) == 1
    assert rules.play_points(MAX_TOTAL - 1) == MAX_TOTAL
    assert rules.play_points(MAX_TOTAL) == 0 and rules.play_points(MAX_TOTAL + 7) == 0


def test_add_and_the_exact_target() -> None:
    assert sr().add((10, 20), 1, 5) == (10, 25)
    assert sr().add((10, 20, 30), 1, 5) == (10, 25, 30)
    assert sr().add((60, 0), 0, 10) == (70, 0)  # past the target: counted (not exact)
    exact = sr(exact=True)
    assert exact.add((51, 0), 0, 10) == (61, 0)  # landing exactly on it counts
    assert exact.add((52, 0), 0, 10) is None  # past it: refused
    assert exact.add((0, 52), 0, 10) == (10, 52)  # the other side's score does not matter


def test_reached_only_under_an_immediate_target() -> None:
    assert sr(immediate=True).reached((61, 0), 0)
    assert sr(immediate=True).reached((70, 0), 0)
    assert not sr(immediate=True).reached((60, 61), 0)
    assert sr(immediate=True).reached((60, 61), 1)
    assert not sr(immediate=False).reached((61, 0), 0)


def test_draws_stop_at_the_reserve() -> None:
    rules = sr(reserve=2)
    assert rules.can_draw(3) and not rules.can_draw(2) and not rules.can_draw(0)
    assert sr(reserve=0).can_draw(1) and not sr(reserve=0).can_draw(0)


def test_out_when_empty_under_draw_on() -> None:
    assert sr(end_on_empty=True, reserve=2).out_when_empty(10)
    draw_on = sr(end_on_empty=False, reserve=2)
    assert not draw_on.out_when_empty(3)  # a tile left to draw: the hand goes on
    assert draw_on.out_when_empty(2) and draw_on.out_when_empty(0)


def test_draw_points_charge_overdraws_or_every_draw() -> None:
    rules = sr(draw_cost=3)
    assert rules.draw_points(True) == 3 and rules.draw_points(False) == 0
    every = sr(draw_cost=3, charge_every_draw=True)
    assert every.draw_points(True) == 3 and every.draw_points(False) == 3
    assert sr(draw_cost=0).draw_points(True) == 0


# ---------------------------------------------------------------------------- end of the hand
@pytest.mark.parametrize(("pips", "fifths"), [(0, 0), (2, 0), (3, 1), (7, 1), (8, 2), (12, 2),
                                              (13, 3)])
def test_round_hand(pips: int, fifths: int) -> None:
    assert sr(displayed=True).round_hand(pips) == fifths
    assert sr(displayed=False).round_hand(pips) == 5 * fifths


def test_deck_settlement() -> None:
    rules = sr(**SOLO)
    assert rules.settle("out", 0, [0], [0]) == (0, [0, 0])
    assert rules.settle("blocked", None, [13], [3]) == (None, [0, 15])
    assert sr(**SOLO, displayed=True).settle("blocked", None, [13], [3]) == (None, [0, 3])
    assert sr(**SOLO, block_penalty_pips=True).settle("blocked", None, [13], [3]) == (
        None, [0, 13])


@pytest.mark.parametrize("mode", ["debit_own", "self_debit"])
def test_debit_own(mode: str) -> None:
    rules = sr(**PARTNERS, settlement=mode)
    # Each seat's side loses that seat's rounded hand; the side that went out is the winner.
    assert rules.settle("out", 2, [0, 8, 13, 3], [0, 2, 3, 1]) == (0, [-15, -15])
    assert rules.settle("blocked", None, [4, 8, 13, 3], [1, 2, 3, 1]) == (None, [-20, -15])
    assert sr(settlement=mode, displayed=True).settle("out", 1, [12, 0], [3, 0]) == (1, [-2, 0])


def test_none_settlement() -> None:
    assert sr(settlement="none").settle("out", 1, [12, 0], [3, 0]) == (1, [0, 0])
    assert sr(settlement="none").settle("blocked", None, [12, 3], [3, 1]) == (None, [0, 0])


def test_side_difference_when_blocked() -> None:
    rules = sr(**PARTNERS, settlement="side_difference")
    # Sides: 0 holds 3 + 4 = 7, 1 holds 8 + 13 = 21: side 0 gets R5(21) - R5(7) = 20 - 5.
    assert rules.settle("blocked", None, [3, 8, 4, 13], [1, 2, 1, 3]) == (0, [15, 0])
    assert rules.settle("blocked", None, [8, 3, 13, 4], [2, 1, 3, 1]) == (1, [0, 15])
    assert rules.settle("blocked", None, [3, 4, 4, 3], [1, 1, 1, 1]) == (None, [0, 0])
    # Out, it collects the others' rounded hands like winner_collects.
    assert rules.settle("out", 1, [3, 0, 4, 13], [1, 0, 1, 3]) == (1, [0, 10])


def test_winner_collects_when_out() -> None:
    rules = sr(**FOUR)
    assert rules.settle("out", 2, [3, 8, 0, 13], [1, 2, 0, 3]) == (2, [0, 0, 30, 0])
    assert sr(**FOUR, displayed=True).settle("out", 2, [3, 8, 0, 13], [1, 2, 0, 3]) == (
        2, [0, 0, 6, 0])
    assert sr(**FOUR, settlement="raw_pips").settle("out", 2, [3, 8, 0, 13], [1, 2, 0, 3]) == (
        2, [0, 0, 24, 0])
    # Out decides even when another seat holds fewer pips.
    assert rules.settle("out", 1, [0, 3, 8, 13], [0, 1, 2, 3]) == (1, [0, 25, 0, 0])


def test_winner_collects_when_blocked() -> None:
    rules = sr(**FOUR)
    assert rules.settle("blocked", None, [3, 8, 4, 13], [1, 2, 1, 3]) == (0, [30, 0, 0, 0])
    assert rules.settle("blocked", None, [8, 3, 4, 13], [1, 2, 1, 3]) == (1, [0, 30, 0, 0])
    # A tie on pips without the tile tie-break: nobody wins, nothing moves.
    assert rules.settle("blocked", None, [3, 8, 3, 13], [1, 2, 2, 3]) == (None, [0, 0, 0, 0])
    tiles = sr(**FOUR, tiebreak_tiles=True)
    assert tiles.settle("blocked", None, [3, 8, 3, 13], [1, 2, 2, 3]) == (0, [30, 0, 0, 0])
    assert tiles.settle("blocked", None, [3, 8, 3, 13], [2, 2, 1, 3]) == (2, [0, 0, 30, 0])


def test_blocked_winner_adds_partners_pips_and_tiles() -> None:
    rules = sr(**PARTNERS)
    assert rules.blocked_winner([3, 1, 8, 4], [1, 1, 2, 1]) == 1  # 11 against 5
    assert rules.blocked_winner([3, 1, 4, 8], [1, 1, 1, 2]) == 0  # 7 against 9
    assert rules.blocked_winner([3, 4, 4, 3], [1, 1, 1, 1]) is None
    tiles = sr(**PARTNERS, tiebreak_tiles=True)
    assert tiles.blocked_winner([3, 4, 4, 3], [1, 2, 1, 1]) == 0  # 2 tiles against 3
    assert tiles.blocked_winner([3, 4, 4, 3], [2, 1, 1, 1]) == 1
    assert tiles.blocked_winner([3, 4, 4, 3], [1, 1, 1, 1]) is None
    # Tiles only break a tie on pips: fewer pips win with more tiles.
    assert tiles.blocked_winner([3, 4, 1, 3], [3, 1, 3, 1]) == 0
    solo = sr(players=3, sides=3, side_of=(0, 1, 2), tiebreak_tiles=True)
    assert solo.blocked_winner([5, 5, 5], [2, 2, 1]) == 2


def test_blocked_split_shares_the_pot() -> None:
    rules = sr(**FOUR, blocked_split=True)
    # Seats 0 and 2 tie on 3 pips: they share R5(8) + R5(13) = 25, 12 each (rounded down).
    outcome = rules.settle("blocked", None, [3, 8, 3, 13], [1, 2, 1, 3])
    assert outcome == (None, [12, 0, 12, 0]) and all(type(d) is int for d in outcome[1])
    # A tie broken by tiles is no tie: the winner collects.
    tiles = sr(**FOUR, blocked_split=True, tiebreak_tiles=True)
    assert tiles.settle("blocked", None, [3, 8, 3, 13], [1, 2, 2, 3]) == (0, [30, 0, 0, 0])
    raw = sr(**FOUR, blocked_split=True, settlement="raw_pips")
    assert raw.settle("blocked", None, [3, 8, 3, 13], [1, 2, 1, 3]) == (None, [10, 0, 10, 0])
    three = sr(**FOUR, blocked_split=True)
    assert three.settle("blocked", None, [3, 3, 3, 13], [1, 1, 1, 3]) == (None, [5, 5, 5, 0])
    # Split applies only to a blocked hand; without it a tie moves nothing.
    assert sr(**FOUR).settle("blocked", None, [3, 8, 3, 13], [1, 2, 1, 3]) == (
        None, [0, 0, 0, 0])


def test_apply_and_the_exact_target() -> None:
    assert sr().apply((50, 10), [15, -5]) == ((65, 5), (15, -5))
    exact = sr(exact=True)
    assert exact.apply((46, 10), [15, 0]) == ((61, 10), (15, 0))  # lands exactly: applied
    assert exact.apply((47, 10), [15, 0]) == ((47, 10), (0, 0))  # past it: dropped
    assert exact.apply((60, 10), [2, 0]) == ((60, 10), (0, 0))
    assert exact.apply((61, 10), [1, 0]) == ((61, 10), (0, 0))  # even a single point
    assert exact.apply((60, 10), [-5, 3]) == ((55, 13), (-5, 3))  # losses always count
    with pytest.raises(ValueError):
        sr().apply((1, 2), [3])


def test_game_winner() -> None:
    rules = sr(target=61)
    assert rules.game_winner((61, 40)) == 0 and rules.game_winner((40, 70)) == 1
    assert rules.game_winner((60, 40)) is None
    assert rules.game_winner((65, 65)) is None
    assert rules.game_winner((65, 70, 70)) is None
    assert rules.game_winner((65, 62, 70)) == 2


def test_end_hand() -> None:
    rules = sr(**FOUR, exact=True, target=61)
    assert rules.end_hand((10, 0, 0, 0), "target", None, [3, 8, 0, 13], [1, 2, 0, 3],
                          reached=2) == HandOutcome("target", 2, (0, 0, 0, 0), (10, 0, 0, 0), 2)
    # Seat 2 goes out on 31 and collects 30: exactly 61, the game is won.
    assert rules.end_hand((0, 0, 31, 0), "out", 2, [3, 8, 0, 13], [1, 2, 0, 3]) == HandOutcome(
        "out", 2, (0, 0, 30, 0), (0, 0, 61, 0), 2)
    # On 32 the 30 would pass 61: dropped, the game goes on.
    assert rules.end_hand((0, 0, 32, 0), "out", 2, [3, 8, 0, 13], [1, 2, 0, 3]) == HandOutcome(
        "out", 2, (0, 0, 0, 0), (0, 0, 32, 0), None)
    assert rules.end_hand((0, 0, 0, 0), "blocked", None, [3, 8, 4, 13], [1, 2, 1, 3]) == (
        HandOutcome("blocked", 0, (30, 0, 0, 0), (30, 0, 0, 0), None))
    # The hand's result and tiles reach the settlement: a seat that went out wins even beside
    # a seat left with the 0-0 alone (a tie on pips, were it blocked), and a blocked tie on
    # pips is broken by the tiles.
    assert rules.end_hand((0, 0, 0, 0), "out", 2, [3, 0, 0, 13], [1, 1, 0, 3]).winner == 2
    tiles = sr(**FOUR, tiebreak_tiles=True)
    assert tiles.end_hand((0, 0, 0, 0), "blocked", None, [3, 8, 3, 13], [2, 2, 1, 3]) == (
        HandOutcome("blocked", 2, (0, 0, 30, 0), (0, 0, 30, 0), None))


# ---------------------------------------------------------------------------- from a ruleset
@pytest.mark.parametrize(("preset", "options"), [
    ("five-up", {}), ("all-fives", {"players": 3, "blocked_tie": "split"}),
    ("muggins", {"players": 4, "partnerships": True}), ("five-up-solitaire", {}),
    ("five-up-solitaire", {"empty_hand": "draw_on", "draw_cost_on": "every_draw",
                           "block_penalty": "pips"}),
    ("all-fives", {"target_exact": True, "drawing": False}),
    ("five-up", {"blocked_tiebreak_tiles": True}),
])
def test_score_rules_read_the_ruleset(
    preset: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Ruleset.preset(preset, **options)
    monkeypatch.setattr(settlement, "_CACHE", {})  # built here, not found from another test
    got = score_rules(rules)
    assert got == ScoreRules(
        players=rules.players, sides=rules.sides,
        side_of=tuple(rules.side_of(s) for s in range(rules.players)),
        score_table=tuple(rules.score_of_total(t) for t in range(MAX_TOTAL)),
        settlement=rules.settlement, displayed=rules.unit == "displayed",
        tiebreak_tiles=rules.blocked_tiebreak_tiles, blocked_split=rules.blocked_tie == "split",
        block_penalty_pips=rules.block_penalty == "pips", target=rules.target,
        immediate=rules.target_check == "immediate", exact=rules.target_exact,
        drawing=rules.drawing,
        reserve=rules.boneyard_reserve if rules.drawing else TILE_COUNT + 1,
        end_on_empty=rules.empty_hand == "end", draw_cost=rules.draw_cost,
        charge_every_draw=rules.draw_cost_on == "every_draw")
    assert score_rules(rules) is got  # built once per ruleset
    assert {rules: got} == settlement._CACHE
    if not rules.drawing:  # nobody draws: no boneyard is ever big enough
        assert not got.can_draw(TILE_COUNT)


def test_score_rules_fields_take_their_values() -> None:
    # The comparisons above cannot see a field set to the right value for the wrong reason;
    # spot-check a few against plain numbers.
    solo = Ruleset.preset("five-up-solitaire", empty_hand="draw_on", draw_cost_on="every_draw")
    got = score_rules(solo)
    assert (got.players, got.sides, got.side_of, got.settlement) == (1, 2, (0,), "deck")
    assert got.charge_every_draw and not got.end_on_empty
    four = score_rules(Ruleset.preset("muggins", players=4, partnerships=True))
    assert four.side_of == (0, 1, 0, 1) and four.sides == 2 and not four.displayed
    assert four.play_points(15) == 15 and four.play_points(14) == 0 and four.immediate
    up = score_rules(Ruleset.preset("five-up"))
    assert up.displayed and up.play_points(15) == 3 and not up.immediate
