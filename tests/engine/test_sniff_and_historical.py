"""RULES.md §9 O4 (the sniff, US and British forms; V44) and the O14 historical presets
(cribbage-dominoes-1863, muggins-1864)."""

from __future__ import annotations

from typing import Any

import pytest

from fives.errors import IllegalMoveError, RulesError
from fives.layout import Layout
from fives.rules import PRESETS, Ruleset

from .helpers import mv, notations
from .test_game_vectors import act, hand_end, plays, position


def totals(layout: Layout, *moves: str) -> list[int]:
    out = []
    for m in moves:
        layout.apply(mv(m))
        out.append(layout.total)
    return out


def ends(layout: Layout) -> set[tuple[int, str, int]]:
    return {(e.node, e.port, e.value) for e in layout.ends_list()}


V44 = ["4-4", "4-6@1.E", "4-1@1.W", "4-2@1.N", "4-0@1.S"]


def test_v44_us_sniff_keeps_counting_its_exposed_ends() -> None:
    layout = Layout("first_double", sniff="us")
    assert totals(layout, V44[0], V44[1]) == [8, 14]
    assert ends(layout) == {(1, "W", 4), (2, "out", 6)}, "branches locked until both sides"
    assert totals(layout, *V44[2:]) == [15, 13, 9]
    plain = Layout("first_double")
    assert totals(plain, *V44) == [8, 14, 7, 9, 9], "the same placements in plain AF"


def test_v44_scores_in_a_game() -> None:
    game = position(Ruleset.preset("all-fives", sniff="us"), [["4-1", "6-6"], ["4-2", "5-5"]],
                    ["4-4", "4-6@1.E"], turn=0, leader=1)
    (event,) = plays(act(game, "4-1@1.W"))
    assert (event.total, event.points, tuple(event.scores)) == (15, 15, (15, 0))
    assert game.turn == 1 and notations(game.legal_moves) == {"4-2@1.N", "4-2@1.S"}
    (event,) = plays(act(game, "4-2@1.N"))
    assert (event.total, event.points) == (13, 0)


def test_sniff_undo_restores_everything() -> None:
    for form in ("us", "british"):
        layout = Layout("first_double", sniff=form)
        snapshots = []
        for m in ["6-4", "4-4@1.E", "4-2@2.out", "4-3@2.L", "4-1@2.R", "3-3@4.out"]:
            snapshots.append((layout.total, sorted(ends(layout))))
            try:
                layout.apply(mv(m))
            except IllegalMoveError:
                assert form == "british", "only a British side tile cannot be extended"
                snapshots.pop()
                break
        while len(layout):
            layout.undo()
            assert (layout.total, sorted(ends(layout))) == snapshots.pop()


def test_british_sniff_lead_sides_open_at_once_and_side_tiles_never_extend() -> None:
    layout = Layout("first_double", sniff="british")
    assert totals(layout, "4-4") == [8]
    assert ends(layout) == {(1, "W", 4), (1, "E", 4), (1, "N", 4), (1, "S", 4)}
    assert totals(layout, "4-6@1.E", "4-1@1.N", "4-2@1.S", "4-0@1.W") == [10, 11, 13, 9]
    assert ends(layout) == {(2, "out", 6), (5, "out", 0)}, "#3 and #4 count but never extend"


def test_later_sniffs_both_forms() -> None:
    us = Layout("first_double", sniff="us")
    assert totals(us, "6-4", "4-4@1.E", "4-2@2.out", "4-3@2.L") == [10, 14, 16, 15]
    british = Layout("first_double", sniff="british")
    assert totals(british, "6-4", "4-4@1.E") == [10, 10]
    assert ends(british) == {(1, "W", 6), (2, "out", 4), (2, "L", 4), (2, "R", 4)}
    assert totals(british, "4-3@2.L", "4-2@2.out") == [13, 11]
    assert (3, "out", 3) not in ends(british)


def test_only_the_sniff_is_a_spinner() -> None:
    layout = Layout("none", sniff="us")  # a line game with a sniff: the first double only
    totals(layout, "5-5", "5-3@1.E", "5-2@1.W", "3-3@2.out", "3-1@4.out")
    nodes = layout.nodes
    assert [n.spinner for n in nodes] == [True, False, False, False, False]
    assert not {e.port for e in layout.ends_list()} & {"L", "R"}
    rules = Ruleset.preset("multiples-of-five", sniff="british")
    assert rules.spinners == "first_double"


@pytest.mark.parametrize(("preset", "options", "word"), [
    ("five-up-solitaire", {"sniff": "us"}, "sniff"),
    ("draw", {"sniff": "british"}, "sniff"),
    ("all-fives", {"sniff": "sideways"}, "sniff"),
    ("all-fives", {"sniff": "us", "spinners": "every_double"}, "spinners"),
    ("all-fives", {"sniff": "us", "spinner_branches_immediate": True}, "spinner_branches"),
    ("all-fives", {"sniff_orientation_choice": True}, "sniff_orientation_choice"),
    ("all-fives", {"sniff": "us", "sniff_orientation_choice": True}, "not available"),
])
def test_sniff_refusals(preset: str, options: dict[str, Any], word: str) -> None:
    with pytest.raises(RulesError) as info:
        Ruleset.preset(preset, **options)
    assert word in str(info.value) and "\n" not in str(info.value)


# ------------------------------------------------------------------ O14

def test_historical_presets_are_listed() -> None:
    assert {"cribbage-dominoes-1863", "muggins-1864"} <= set(PRESETS)


@pytest.mark.parametrize(("players", "partners", "target"), [(2, None, 200), (3, None, 150),
                                                             (4, False, 150), (4, True, 150)])
def test_muggins_1864_targets(players: int, partners: bool | None, target: int) -> None:
    opts: dict[str, Any] = {"players": players}
    if partners is not None:
        opts["partnerships"] = partners
    rules = Ruleset.preset("muggins-1864", **opts)
    assert (rules.target, rules.scoring, rules.spinners, rules.target_check) == (
        target, "raw", "none", "immediate")


def test_cribbage_dominoes_1863_counts_in_fifths_to_31() -> None:
    rules = Ruleset.preset("cribbage-dominoes-1863")
    assert (rules.target, rules.unit, rules.spinners, rules.hand_size) == (31, "displayed",
                                                                            "none", 7)
    game = position(rules, [["5-0", "6-6"], ["3-2", "4-4"]], ["5-5"], turn=0, leader=1,
                    scores=[0, 0])
    (event,) = plays(act(game, "5-0@1.E"))
    assert (event.total, event.points) == (10, 2), "T/5, not T"
    # out: the opponent's hand in fifths, D(p) = 3 for 14 pips (R5 would be 15)
    game = position(rules, [["5-0"], ["6-4", "4-0"]], ["5-5"], turn=0, leader=1,
                    scores=[10, 0])
    end = hand_end(act(game, "5-0@1.E"))
    assert (end.result, list(end.deltas)) == ("out", [3, 0])


def test_cribbage_dominoes_1863_blocked_in_fifths() -> None:
    rules = Ruleset.preset("cribbage-dominoes-1863")
    game = position(rules, [["6-6", "3-0"], ["6-5", "6-1"]], ["4-2"], turn=0, leader=1,
                    boneyard=[])
    end = hand_end(act(game, "pass"))
    # pips 15 against 18: the lower side scores D(18) - D(15) = 4 - 3
    assert (end.result, end.winner, list(end.deltas)) == ("blocked", 0, [1, 0])


def test_muggins_1864_immediate_150_with_three() -> None:
    rules = Ruleset.preset("muggins-1864", players=3)
    game = position(rules, [["5-0", "6-6"], ["3-3"], ["2-1"]], ["5-5"], turn=0, leader=2,
                    scores=[140, 0, 0])
    events = act(game, "5-0@1.E")
    end = hand_end(events)
    assert (end.result, end.winner, list(end.scores)) == ("target", 0, [150, 0, 0])
