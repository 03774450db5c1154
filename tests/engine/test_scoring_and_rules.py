"""Scoring functions (V01, V09, V43), presets and options, notation round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fives.errors import InvalidMoveError, RulesError
from fives.moves import Move, parse_notation
from fives.rules import ALIASES, PRESETS, Ruleset, fifths, find_preset, play_score, round5
from fives.tiles import ALL_TILES, Tile

# V01: T -> (F_disp, F_raw)
V01 = {0: (0, 0), 5: (1, 5), 10: (2, 10), 12: (0, 0), 15: (3, 15), 17: (0, 0), 20: (4, 20),
       35: (7, 35)}

# V09: p -> (R5, D)
V09 = {0: (0, 0), 1: (0, 0), 2: (0, 0), 3: (5, 1), 4: (5, 1), 5: (5, 1), 6: (5, 1), 7: (5, 1),
       8: (10, 2), 9: (10, 2), 10: (10, 2), 11: (10, 2), 12: (10, 2), 13: (15, 3), 14: (15, 3),
       22: (20, 4), 23: (25, 5)}

# V43: T -> F53
V43 = {0: 0, 3: 1, 5: 1, 6: 2, 7: 0, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 30: 16}


@pytest.mark.parametrize("total", sorted(V01))
def test_v01_play_score_functions(total: int) -> None:
    disp, raw = V01[total]
    assert play_score("fifths", total) == disp
    assert play_score("raw", total) == raw


def test_v01_through_the_presets() -> None:
    fu, af = Ruleset.preset("five-up"), Ruleset.preset("all-fives")
    sol, m5 = Ruleset.preset("five-up-solitaire"), Ruleset.preset("multiples-of-five")
    for total, (disp, raw) in V01.items():
        assert (fu.score_of_total(total), sol.score_of_total(total)) == (disp, disp)
        assert (af.score_of_total(total), m5.score_of_total(total)) == (raw, raw)


@pytest.mark.parametrize("pips", sorted(V09))
def test_v09_rounding(pips: int) -> None:
    r5, d = V09[pips]
    assert round5(pips) == r5
    assert fifths(pips) == d


@pytest.mark.parametrize("total", sorted(V43))
def test_v43_fives_and_threes(total: int) -> None:
    assert play_score("fives_and_threes", total) == V43[total]
    assert Ruleset.preset("fives-and-threes").score_of_total(total) == V43[total]


@given(st.integers(min_value=0, max_value=200))
def test_rounding_properties(pips: int) -> None:
    r = round5(pips)
    assert r % 5 == 0
    assert abs(r - pips) <= 2
    # remainders 1 and 2 round down, 3 and 4 round up (§1.6)
    assert r == pips - pips % 5 + (5 if pips % 5 >= 3 else 0)
    assert fifths(pips) * 5 == r


@given(st.integers(min_value=-10, max_value=400))
def test_play_score_properties(total: int) -> None:
    disp, raw = play_score("fifths", total), play_score("raw", total)
    if total > 0 and total % 5 == 0:
        assert (disp, raw) == (total // 5, total)
    else:
        assert (disp, raw) == (0, 0)


# ------------------------------------------------------------------ presets (§6, §12.1)

PRESET_TABLE = {
    # preset: {players: (hand size, spinners, target, target_check)}
    "five-up": {2: (5, "every_double", 61, "end_of_hand_unique"),
                3: (5, "every_double", 61, "end_of_hand_unique"),
                4: (5, "every_double", 61, "end_of_hand_unique")},
    "all-fives": {2: (7, "first_double", 150, "immediate"),
                  3: (6, "first_double", 150, "immediate"),
                  4: (5, "first_double", 150, "immediate")},
    "five-up-solitaire": {1: (5, "every_double", 61, "end_of_hand_unique")},
    "multiples-of-five": {2: (7, "none", 250, "immediate"), 3: (5, "none", 200, "immediate"),
                          4: (5, "none", 200, "immediate")},
}


@pytest.mark.parametrize("preset", sorted(PRESET_TABLE))
def test_preset_parameters(preset: str) -> None:
    for players, (hand, spinners, target, check) in PRESET_TABLE[preset].items():
        r = Ruleset.preset(preset, players=players)
        assert (r.hand_size, r.spinners, r.target, r.target_check) == (
            hand, spinners, target, check), (preset, players)
        assert r.boneyard_reserve == 0


def test_partnership_defaults() -> None:
    assert Ruleset.preset("five-up", players=4).partnerships is True
    assert Ruleset.preset("five-up", players=4).sides == 2
    assert Ruleset.preset("five-up", players=4, partnerships=False).sides == 4
    assert Ruleset.preset("multiples-of-five", players=4).partnerships is False
    assert Ruleset.preset("multiples-of-five", players=4, partnerships=True).target == 250
    assert Ruleset.preset("all-fives", players=4).partnerships is False
    fu4 = Ruleset.preset("five-up", players=4)
    assert [fu4.side_of(s) for s in range(4)] == [0, 1, 0, 1]


def test_solitaire_has_the_player_and_the_deck() -> None:
    sol = Ruleset.preset("five-up-solitaire")
    assert (sol.players, sol.sides, sol.handicap, sol.draw_cost) == (1, 2, 5, 3)
    assert Ruleset.preset("solitaire", handicap=10).handicap == 10


@pytest.mark.parametrize(("alias", "canonical"), sorted(ALIASES.items()))
def test_aliases(alias: str, canonical: str) -> None:
    assert find_preset(alias) == canonical
    assert Ruleset.preset(alias).name == canonical


def test_all_presets_build() -> None:
    assert set(PRESETS) == {"five-up", "all-fives", "five-up-solitaire", "multiples-of-five",
                            "draw", "block", "fives-and-threes", "cribbage-dominoes-1863",
                            "muggins-1864", "muggins-1868"}
    for p in PRESETS:
        assert Ruleset.preset(p).name == p


BAD_RULES = [
    ("no-such-game", {}, "no-such-game"),
    ("five-up", {"colour": "red"}, "colour"),
    ("five-up", {"players": 5}, "5"),
    ("five-up", {"players": 1}, "1"),
    ("five-up-solitaire", {"players": 2}, "2"),
    ("all-fives", {"players": 3, "partnerships": True}, "partnerships"),
    ("multiples-of-five", {"players": 2, "partnerships": True}, "partnerships"),
    ("five-up", {"players": 4, "hand_size": 8}, "8"),
    ("all-fives", {"hand_size": 15}, "15"),
    ("all-fives", {"boneyard_reserve": 3}, "3"),
    ("all-fives", {"spinners": "sometimes"}, "sometimes"),
    ("five-up", {"target": "lots"}, "lots"),
    ("five-up-solitaire", {"handicap": 61}, "61"),
    ("five-up", {"partnerships": "maybe"}, "maybe"),
]


@pytest.mark.parametrize(("preset", "options", "named"), BAD_RULES,
                         ids=[f"{p}-{o}" for p, o, _ in BAD_RULES])
def test_bad_rules_raise_rules_error_naming_the_value(
    preset: str, options: dict[str, object], named: str
) -> None:
    with pytest.raises(RulesError) as info:
        Ruleset.preset(preset, **options)
    message = str(info.value)
    assert named in message
    assert "\n" not in message
    assert "expected" in message


# ------------------------------------------------------------------ notation (§12.2)

def test_tile_parsing_both_orientations_and_separators() -> None:
    for t in ALL_TILES:
        assert Tile.parse(f"{t.high}-{t.low}") == t
        assert Tile.parse(f"{t.low}-{t.high}") == t
        assert Tile.parse(f"{t.low}|{t.high}") == t
        assert str(t) == f"{t.high}-{t.low}"
        assert Tile.from_id(t.id) == t


@pytest.mark.parametrize("text", ["7-1", "6", "6-3-1", "", "a-b", "66", "6--3", "-1-2"])
def test_bad_tiles(text: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        Tile.parse(text)
    assert "\n" not in str(info.value)


LEAD_PORTS = ["W", "E", "N", "S"]
CHILD_PORTS = ["out", "L", "R"]


@given(st.sampled_from(ALL_TILES), st.integers(min_value=1, max_value=28), st.data())
def test_placement_notation_round_trip(t: Tile, node: int, data: st.DataObject) -> None:
    port = data.draw(st.sampled_from(LEAD_PORTS if node == 1 else CHILD_PORTS))
    touching = data.draw(st.sampled_from([t.high, t.low]))
    move = Move.place(t, node, port, touching)
    text = move.notation(explicit=True)
    assert text == f"{touching}-{t.other(touching)}@{node}.{port}"
    parsed = parse_notation(text)
    assert (parsed.kind, parsed.tile, parsed.touching, parsed.node, parsed.port) == (
        "place", t, touching, node, port)
    short = parse_notation(str(move))
    assert (short.tile, short.touching, short.node, short.port) == (t, touching, node, "")
    assert Move.from_code(move.code) == move


@given(st.sampled_from(ALL_TILES), st.booleans())
def test_lead_notation_round_trip(t: Tile, high_west: bool) -> None:
    west = t.high if high_west else t.low
    move = Move.lead(t, west)
    assert str(move) == f"{west}-{t.other(west)}"
    parsed = parse_notation(str(move))
    assert (parsed.kind, parsed.tile, parsed.touching) == ("lead", t, west)
    assert Move.from_code(move.code) == move


def test_draw_and_pass_notation() -> None:
    assert str(Move.draw()) == "draw" and parse_notation("draw").kind == "draw"
    assert str(Move.pass_()) == "pass" and parse_notation("pass").kind == "pass"


@pytest.mark.parametrize("text", ["6-3@", "6-3@1.X", "6-3@2.W", "6-3@1.out", "6-3@0",
                                  "7-3@1", "hop", "6-3@1.N.S", "drawing"])
def test_bad_notation_raises_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        parse_notation(text)
    assert "\n" not in str(info.value)


def test_blocked_tiebreak_tiles_is_an_option_records_carry() -> None:
    from fives.game import Game
    from fives.record import load_record

    assert Ruleset.preset("five-up").blocked_tiebreak_tiles is False
    assert Ruleset.preset("all-fives").blocked_tiebreak_tiles is True
    assert "blocked_tiebreak_tiles" not in Ruleset.preset("all-fives").options()
    rules = Ruleset.preset("all-fives", blocked_tiebreak_tiles="false")
    assert rules.options() == {"players": 2, "blocked_tiebreak_tiles": False}
    record = Game(rules, seed=3).to_record()
    assert record["options"]["blocked_tiebreak_tiles"] is False
    assert load_record(record).rules == rules


def test_blocked_tiebreak_tiles_decides_a_tie_on_pips() -> None:
    from fives.settlement import score_rules

    pips, tiles = [6, 6, 20], [1, 2, 3]
    with_tiles = score_rules(Ruleset.preset("all-fives", players=3))
    assert with_tiles.settle("blocked", None, pips, tiles) == (0, [5 + 20, 0, 0])
    without = score_rules(Ruleset.preset("all-fives", players=3, blocked_tiebreak_tiles=False))
    assert without.settle("blocked", None, pips, tiles) == (None, [0, 0, 0])
    split = score_rules(Ruleset.preset("all-fives", players=3, blocked_tiebreak_tiles=False,
                                       blocked_tie="split"))
    # §9 O7: the two players tied on pips and tiles share R5(20) = 20, 10 each.
    assert split.settle("blocked", None, [6, 6, 20], [2, 2, 3]) == (None, [10, 10, 0])


@pytest.mark.parametrize("option", ["spinners", "scoring", "opener", "settlement", "blocked_tie",
                                    "target_check", "block_penalty", "empty_hand"])
def test_multi_way_options_refuse_other_names(option: str) -> None:
    from fives.rules import CHOICES

    with pytest.raises(RulesError) as caught:
        Ruleset.preset("all-fives", **{option: "bogus"})
    message = str(caught.value)
    assert "'bogus'" in message and ", ".join(CHOICES[option]) in message
