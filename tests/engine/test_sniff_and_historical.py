"""RULES.md §9 O4 (the sniff, US and British forms; V44) and the O14 historical presets
(cribbage-dominoes-1863, muggins-1864)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from fives.errors import FivesError, IllegalMoveError, RulesError
from fives.game import Game
from fives.layout import Layout
from fives.moves import Move
from fives.record import load_record
from fives.rules import PRESETS, Ruleset
from fives.tiles import ALL_TILES, Tile

from .helpers import json_lines, mv, notations
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
])
def test_sniff_refusals(preset: str, options: dict[str, Any], word: str) -> None:
    with pytest.raises(RulesError) as info:
        Ruleset.preset(preset, **options)
    assert word in str(info.value) and "\n" not in str(info.value)


# ------------------------------------------------------------------ O4 sniff_orientation_choice

CHOICE = {"sniff_orientation_choice": True}


def choice_game(default: str, hands: list[list[str]], placements: Sequence[str] = (),
                turn: int = 0) -> Game:
    return position(Ruleset.preset("all-fives", sniff=default, **CHOICE), hands, placements,
                    turn=turn, leader=0)


@pytest.mark.parametrize("default", ["us", "british"])
def test_v44_with_the_choice_each_form_counts_as_its_own_option(default: str) -> None:
    """The placer's form decides, whatever the option's default: V44's US totals after
    ``4-4:us``, the British ones after ``4-4:british``."""
    hands = [["4-4", "4-1", "4-0", "6-6"], ["4-6", "4-2", "5-5", "3-3"]]
    us = choice_game(default, hands)
    assert notations(us.legal_moves) >= {"4-4:us", "4-4:british"}
    events = plays(act(us, "4-4:us", "4-6@1.E", "4-1@1.W", "4-2@1.N", "4-0@1.S"))
    assert [e.total for e in events] == [8, 14, 15, 13, 9]
    assert events[0].move == "4-4:us" and us.layout.sniff == "us"
    british = choice_game(default, hands)
    events = plays(act(british, "4-4:british", "4-6@1.E", "4-1@1.N", "4-2@1.S", "4-0@1.W"))
    assert [e.total for e in events] == [8, 10, 11, 13, 9]
    assert british.layout.sniff == "british"
    assert (4, "out", 1) not in ends(british.layout), "a British side tile never extends"


@pytest.mark.parametrize("default", ["us", "british"])
def test_without_a_suffix_the_sniff_takes_the_options_form(default: str) -> None:
    game = choice_game(default, [["4-4", "6-6"], ["4-6", "5-5"]])
    (event,) = plays(act(game, "4-4"))
    assert event.move == f"4-4:{default}", "replay names the form in force"
    assert game.layout.sniff == default
    assert game.to_record()["hands"][0]["actions"] == [f"4-4:{default}"]


def test_a_later_sniff_is_placed_in_either_form_and_undo_restores_the_default() -> None:
    game = choice_game("us", [["2-1", "1-1"], ["4-4", "5-5"]], ["6-4"], turn=1)
    assert notations(game.legal_moves) == {"4-4@1.E:us", "4-4@1.E:british"}
    before = game.layout.to_json()
    game.push(game.parse_move("4-4@1:british"))
    assert game.layout.to_json()["sniff"] == "british"
    assert {e.port for e in game.layout.ends_list() if e.node == 2} == {"out", "L", "R"}
    game.pop()
    assert game.layout.to_json() == before and before["sniff"] == "us"
    (event,) = plays(act(game, "4-4@1.E:british"))
    assert (event.move, event.total) == ("4-4@1:british", 10)
    # later doubles are plain: no form, and a suffix on them is malformed
    assert all(not m.form for m in game.legal_moves)


@pytest.mark.parametrize(("options", "hands", "placements", "text", "key"), [
    ({"sniff": "us"}, [["4-4", "6-6"], ["4-6", "5-5"]], [], "4-4:british", "invalid_form"),
    ({}, [["4-4", "6-6"], ["4-6", "5-5"]], [], "4-4:us", "invalid_form"),
    ({"sniff": "us", **CHOICE}, [["4-1", "6-6"], ["5-5", "1-1"]], ["4-4:us"], "4-1@1:us",
     "invalid_form"),
    ({"sniff": "us", **CHOICE}, [["6-6", "4-1"], ["5-5", "1-1"]], ["4-4:us", "4-6@1.E"],
     "6-6@2:british", "invalid_form"),
    ({"sniff": "us", **CHOICE}, [["4-4", "6-6"], ["4-6", "5-5"]], [], "4-4:sideways",
     "invalid_form"),
])
def test_misplaced_suffixes_are_malformed(options: dict[str, Any], hands: list[list[str]],
                                          placements: list[str], text: str, key: str) -> None:
    game = position(Ruleset.preset("all-fives", **options), hands, placements, turn=0,
                    leader=0)
    before = game.layout.to_json()
    with pytest.raises(FivesError) as info:
        game.play(text)
    assert info.value.key == key and "\n" not in str(info.value)
    assert game.layout.to_json() == before


def test_a_form_named_by_a_move_object_where_none_is_chosen_is_illegal() -> None:
    game = position(Ruleset.preset("all-fives", sniff="us"), [["4-4", "6-6"], ["4-6", "5-5"]],
                    turn=0, leader=0)
    for move in (Move.lead(Tile(4, 4), form="british"), Move.lead(Tile(4, 4), form="us")):
        assert not game.is_legal(move)
        with pytest.raises(IllegalMoveError):
            game.play(move)
    assert len(game.layout) == 0


def test_replay_prints_the_form_in_force_and_records_round_trip() -> None:
    rules = Ruleset.preset("all-fives", sniff="british", **CHOICE)
    hands = [["4-4", "4-1", "2-1", "3-0", "3-1", "3-2", "5-0"],
             ["4-6", "4-2", "1-1", "6-5", "6-1", "5-1", "6-2"]]  # 4-4 must lead
    used = {str(Tile.parse(t)) for h in hands for t in h}
    record: dict[str, Any] = {
        "format": "fives-record/1", "rules": "all-fives", "options": rules.options(),
        "hands": [{"hands": hands, "boneyard": [str(t) for t in ALL_TILES
                                                if str(t) not in used],
                   "actions": ["4-4", "4-6@1", "4-1@1.N"]}],
    }
    events = json_lines(load_record(record).replay())
    assert [(e["move"], e["total"]) for e in events] == [
        ("4-4:british", 8), ("4-6@1", 10), ("4-1@1", 11)]
    record["hands"][0]["actions"] = ["4-4:us", "4-6@1", "4-1@1"]
    events = json_lines(load_record(record).replay())
    assert [(e["move"], e["total"]) for e in events] == [("4-4:us", 8), ("4-6@1", 14),
                                                         ("4-1@1", 15)]
    game = load_record(record).to_game()
    again = [e.to_json() for e in load_record(game.to_record()).replay()]
    assert again == events


def test_the_bots_choose_a_form_and_play_through() -> None:
    from fives.bots import make_player

    for default in ("us", "british"):
        rules = Ruleset.preset("multiples-of-five", sniff=default, **CHOICE)
        forms = set()
        for seed in range(6):
            game = Game(rules, seed=seed)
            bot = make_player("greedy", seed=seed)
            while not game.is_over:
                if game.phase_name == "hand_over":
                    game.next_hand()
                    continue
                game.play(bot.choose(game.view(game.turn)))
            forms |= {a.split(":")[1] for h in game.to_record()["hands"]
                      for a in h["actions"] if ":" in a}
            assert load_record(game.to_record()).to_game().scores == game.scores
        assert forms, "some sniff was placed with its form named"


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
