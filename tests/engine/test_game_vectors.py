"""RULES.md §10 game vectors (scores, forced play, draws, settlements, targets, openers).

Hands and boneyards are built so each vector's sequence is legal. Positions that a deal cannot
produce simply (a settlement with given hands, a blocked table) use ``Game.from_position``;
where the vector's fixture leaves tiles unaccounted for (an empty boneyard beside a short
layout), those tiles are simply out of the position.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from fives.dealing import Deal
from fives.errors import FivesError, IllegalMoveError
from fives.events import GameEndEvent, HandEndEvent, PlayEvent
from fives.game import Game
from fives.moves import Move
from fives.rules import Ruleset
from fives.tiles import ALL_TILES, Tile

from .helpers import complement, mv, notations, phase_of, tiles
from .refmodel import highest_double_or_heaviest

A, B, C, D = 0, 1, 2, 3


def position(
    rules: Ruleset, hands: Sequence[Sequence[str]], placements: Sequence[str] = (), *,
    turn: int = 0, scores: Sequence[int] | None = None, boneyard: Sequence[str] | None = None,
    leader: int | None = None, hand_number: int = 1,
) -> Game:
    """A mid-hand position. ``boneyard=None``: every tile not in a hand or the layout."""
    hand_tiles = [tiles(h) for h in hands]
    moves = [mv(p) for p in placements]
    placed = [m.tile for m in moves if m.tile is not None]
    bone = complement(*hand_tiles, placed) if boneyard is None else list(tiles(boneyard))
    everything = [*(t for h in hand_tiles for t in h), *placed, *bone]
    assert len(everything) == len(set(everything)), "a tile appears twice in the fixture"
    return Game.from_position(
        rules, hands=hand_tiles, boneyard=bone, placements=moves, turn=turn,
        scores=list(scores) if scores is not None else [0] * rules.sides,
        leader=leader if leader is not None else turn, hand_number=hand_number,
    )


def act(game: Game, *moves: str) -> list[Any]:
    events: list[Any] = []
    for m in moves:
        events.extend(game.play(m))
    return events


def hand_end(events: list[Any]) -> HandEndEvent:
    ends = [e for e in events if isinstance(e, HandEndEvent)]
    assert len(ends) == 1, events
    return ends[0]


def plays(events: list[Any]) -> list[PlayEvent]:
    return [e for e in events if isinstance(e, PlayEvent)]


def R(preset: str, **options: Any) -> Ruleset:
    return Ruleset.preset(preset, **options)


# ------------------------------------------------------------------ play scoring in games

# (vector, preset, moves alternating A, B, ...; expected (total, points, A, B) after each)
COLUMNS: list[tuple[str, str, list[str], list[tuple[int, int, int, int]]]] = [
    ("V02", "five-up", ["6-6", "6-3@1.E", "6-1@1.W", "6-4@1.N", "6-2@1.S"],
     [(12, 0, 0, 0), (15, 3, 0, 3), (4, 0, 0, 3), (8, 0, 0, 3), (10, 2, 2, 3)]),
    ("V04", "five-up", ["4-3", "3-3@1.E", "3-6@2.out", "3-5@2.L", "3-2@2.R"],
     [(7, 0, 0, 0), (10, 2, 0, 2), (10, 2, 2, 2), (15, 3, 2, 5), (17, 0, 2, 5)]),
    ("V05", "five-up", ["6-6", "6-3@1.E", "6-2@1.W", "6-5@1.N", "5-5@4.out", "5-0@5.out",
                        "5-4@5.L", "5-1@5.R", "6-1@1.S"],
     [(12, 0, 0, 0), (15, 3, 0, 3), (5, 1, 1, 3), (10, 2, 1, 5), (15, 3, 4, 5), (5, 1, 4, 6),
      (9, 0, 4, 6), (10, 2, 4, 8), (11, 0, 4, 8)]),
    ("V06", "five-up", ["5-5", "5-0@1.E", "0-0@2.out", "5-6@1.W", "0-4@3.out", "0-1@3.L"],
     [(10, 2, 2, 0), (10, 2, 2, 2), (10, 2, 4, 2), (6, 0, 4, 2), (10, 2, 6, 2), (11, 0, 6, 2)]),
    ("V20", "all-fives", ["5-5", "5-0@1.E", "5-6@1.W", "5-4@1.N", "5-1@1.S", "0-0@2.out",
                          "6-6@3.out", "4-2@4.out"],
     [(10, 10, 10, 0), (10, 10, 10, 10), (6, 0, 10, 10), (10, 10, 10, 20), (11, 0, 10, 20),
      (11, 0, 10, 20), (17, 0, 10, 20), (15, 15, 10, 35)]),
    ("V19a", "all-fives", ["5-3", "3-0@1.E"], [(8, 0, 0, 0), (5, 5, 0, 5)]),
    ("V19b", "all-fives", ["6-1", "1-4@1.E"], [(7, 0, 0, 0), (10, 10, 0, 10)]),
    ("V19c", "all-fives", ["4-3", "3-3@1.E"], [(7, 0, 0, 0), (10, 10, 0, 10)]),
    ("V19d", "all-fives", ["6-2", "2-5@1.E"], [(8, 0, 0, 0), (11, 0, 0, 0)]),
    ("V19e", "all-fives", ["4-2", "4-4@1.W"], [(6, 0, 0, 0), (10, 10, 0, 10)]),
    ("V21", "all-fives", ["6-5", "5-5@1.E", "5-2@2.out", "5-0@2.L", "2-2@3.out"],
     [(11, 0, 0, 0), (16, 0, 0, 0), (8, 0, 0, 0), (8, 0, 0, 0), (10, 10, 10, 0)]),
    ("V22", "all-fives", ["3-3", "3-6@1.E", "3-5@1.W", "3-4@1.N", "3-2@1.S", "6-6@2.out",
                          "5-5@3.out", "4-4@4.out", "2-5@5.out"],
     [(6, 0, 0, 0), (12, 0, 0, 0), (11, 0, 0, 0), (15, 15, 0, 15), (17, 0, 0, 15),
      (23, 0, 0, 15), (28, 0, 0, 15), (32, 0, 0, 15), (35, 35, 35, 15)]),
    ("V28", "multiples-of-five", ["6-6", "6-3@1.E", "6-1@1.W", "3-3@2.out", "1-4@3.out"],
     [(12, 0, 0, 0), (15, 15, 0, 15), (4, 0, 0, 15), (7, 0, 0, 15), (10, 10, 10, 15)]),
    ("V29", "multiples-of-five", ["5-5", "5-0@1.E", "0-0@2.out", "5-6@1.W", "0-4@3.out"],
     [(10, 10, 10, 0), (10, 10, 10, 10), (10, 10, 20, 10), (6, 0, 20, 10), (10, 10, 30, 10)]),
]


def two_player_hands(moves: list[str]) -> list[list[str]]:
    """Each player's tiles of the sequence (A plays the odd moves), plus one spare tile each so
    that nobody goes out during the sequence."""
    own: list[list[str]] = [[], []]
    for i, m in enumerate(moves):
        own[i % 2].append(m.split("@")[0])
    used = {Tile.parse(t) for h in own for t in h}
    spare = [t for t in ALL_TILES if t not in used]
    own[0].append(str(spare[0]))
    own[1].append(str(spare[1]))
    return own


@pytest.mark.parametrize(("vector", "preset", "moves", "rows"), COLUMNS,
                         ids=[c[0] for c in COLUMNS])
def test_play_scores_per_placement(
    vector: str, preset: str, moves: list[str], rows: list[tuple[int, int, int, int]]
) -> None:
    game = position(R(preset), two_player_hands(moves))
    got = []
    for m in moves:
        (event,) = plays(act(game, m))
        got.append((event.total, event.points, *event.scores))
    assert got == rows, vector
    assert tuple(game.scores) == rows[-1][2:]


def test_v02_from_a_real_deal() -> None:
    a = tiles(["6-6", "6-1", "6-2", "0-0", "1-1"])
    b = tiles(["6-3", "6-4", "2-2", "3-3", "4-4"])
    game = Game(R("five-up"), deal=Deal((a, b), tuple(complement(a, b))), leader=A)
    assert notations(game.legal_moves) == {str(t) for t in a}, "the FU opener leads any tile"
    events = act(game, "6-6", "6-3@1.E", "6-1@1.W", "6-4@1.N", "6-2@1.S")
    assert [(e.total, e.points) for e in plays(events)] == [(12, 0), (15, 3), (4, 0), (8, 0),
                                                             (10, 2)]
    assert tuple(game.scores) == (2, 3)


# ------------------------------------------------------------------ V03 forced play

def test_v03_legal_placements_and_no_draw() -> None:
    game = position(R("five-up"), [["6-4", "2-1"], ["5-5", "0-0"]], ["6-6", "6-3@1.E"])
    assert notations(game.legal_moves) == {"6-4@1.W"}
    assert not game.is_legal(Move.draw())
    with pytest.raises(IllegalMoveError):
        game.play("draw")
    after3 = position(R("five-up"), [["6-4", "2-1"], ["5-5", "0-0"]],
                      ["6-6", "6-3@1.E", "6-1@1.W"])
    assert notations(after3.legal_moves) == {"6-4@1.N", "6-4@1.S", "1-2@3.out"}
    af = position(R("all-fives"), [["6-4", "2-1"], ["5-5", "0-0"]], ["6-6", "6-3@1.E", "6-1@1.W"])
    assert notations(af.legal_moves) == {"6-4@1.N", "6-4@1.S", "1-2@3.out"}
    m5 = position(R("multiples-of-five"), [["6-4", "2-1"], ["5-5", "0-0"]],
                  ["6-6", "6-3@1.E", "6-1@1.W"])
    assert notations(m5.legal_moves) == {"1-2@3.out"}


def test_v03_short_notation_takes_in_line_port_first() -> None:
    game = position(R("five-up"), [["6-4", "2-1"], ["5-5", "0-0"]], ["6-6", "6-3@1.E"])
    (event,) = plays(act(game, "6-4@1"))
    assert event.move == "6-4@1"
    assert game.layout.nodes[-1].port == "W"


# ------------------------------------------------------------------ V07 opening scores

OPENING_POINTS = {"5-0": (1, 5), "3-2": (1, 5), "4-1": (1, 5), "6-4": (2, 10), "5-5": (2, 10),
                  "0-0": (0, 0), "6-6": (0, 0), "6-5": (0, 0), "3-3": (0, 0)}


@pytest.mark.parametrize("preset", ["five-up", "five-up-solitaire", "all-fives",
                                    "multiples-of-five"])
def test_v07_the_opening_tile_scores(preset: str) -> None:
    displayed = preset in ("five-up", "five-up-solitaire")
    rules = R(preset)
    for lead, (disp, raw) in OPENING_POINTS.items():
        hands = [[lead, "2-1" if lead != "2-1" else "2-0"]] + (
            [] if rules.players == 1 else [["1-1"]])
        game = position(rules, hands)
        (event,) = plays(act(game, lead))
        assert event.points == (disp if displayed else raw), (preset, lead)


# ------------------------------------------------------------------ V08 draw until playable

def test_v08_draw_until_a_tile_fits_then_place_it() -> None:
    b_hand = ["6-1", "2-2"]
    layout = ["5-5", "5-0@1.E", "0-0@2.out"]
    bone = ["4-4", "3-3", "5-3", "1-1"]
    a_hand = [str(t) for t in complement(tiles(b_hand), tiles(["5-5", "5-0", "0-0"]),
                                         tiles(bone))]
    game = position(R("five-up"), [a_hand, b_hand], layout, turn=B, leader=A, boneyard=bone)
    assert notations(game.legal_moves) == {"draw"}
    with pytest.raises(IllegalMoveError):
        game.play("pass")
    drawn = []
    for _ in range(3):
        events = act(game, "draw")
        drawn.append(str(events[0].tile))
        if drawn[-1] != "5-3":
            assert notations(game.legal_moves) == {"draw"}
    assert drawn == ["4-4", "3-3", "5-3"]
    assert notations(game.legal_moves) == {"5-3@1.W"}, "only the drawn tile, on #1.W"
    for illegal in ("draw", "pass", "5-3@1.N"):
        with pytest.raises(IllegalMoveError):
            game.play(illegal)
    (event,) = plays(act(game, "5-3@1.W"))
    assert (event.total, event.points) == (3, 0)
    assert set(game.hand(B)) == set(tiles(["6-1", "2-2", "4-4", "3-3"]))
    assert game.boneyard_size == 1


def test_v08_counter_case_must_place_not_draw() -> None:
    layout = ["5-5", "5-0@1.E", "0-0@2.out"]
    game = position(R("five-up"), [["6-6", "4-4"], ["6-1", "5-2"]], layout, turn=B, leader=A)
    assert notations(game.legal_moves) == {"5-2@1.W"}
    with pytest.raises(IllegalMoveError):
        game.play("draw")


# ------------------------------------------------------------------ Five Up settlements

def test_v10_out_settlement_and_next_leader() -> None:
    game = position(R("five-up"), [["6-6", "6-1", "6-2"], ["6-3", "6-4", "4-3", "2-1"]],
                    scores=[20, 30])
    events = act(game, "6-6", "6-3@1.E", "6-1@1.W", "6-4@1.N", "6-2@1.S")
    end = hand_end(events)
    assert (end.result, end.winner, list(end.pips), list(end.deltas), list(end.scores)) == (
        "out", A, [0, 10], [0, -2], [22, 31])
    assert phase_of(game) == "hand_over" and game.winner is None
    game.next_hand()
    assert game.leader == A and game.turn == A
    leads = list(game.legal_moves)
    assert len(leads) == 5 and {m.tile for m in leads} == set(game.hand(A)), "any tile"


def test_v11a_partnership_debits_per_hand() -> None:
    game = position(R("five-up", players=4), [["2-1"], ["4-1"], ["3-0"], ["6-6"]], ["4-4"],
                    turn=B, leader=A, scores=[40, 45])
    end = hand_end(act(game, "4-1@1.W"))
    assert (end.result, end.winner, list(end.deltas), list(end.scores)) == (
        "out", 1, [-2, -2], [38, 43])


def test_v11b_partners_rounded_separately() -> None:
    game = position(R("five-up", players=4), [["6-6"], ["3-2"], ["1-1"], ["0-0"]], ["4-3"],
                    turn=B, leader=A)
    end = hand_end(act(game, "3-2@1.E"))
    assert list(end.deltas) == [-2, 0]


def test_v12_blocked_three_players() -> None:
    game = position(R("five-up", players=3), [["6-6", "5-5"], ["2-2"], ["6-5", "0-0"]],
                    ["4-3", "4-1@1.W"], turn=A, leader=B, scores=[30, 25, 12], boneyard=[])
    assert notations(game.legal_moves) == {"pass"}
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.pips), list(end.deltas), list(end.scores)) == (
        "blocked", None, [22, 4, 11], [-4, -1, -2], [26, 24, 10])
    game.next_hand(leader=C)  # after a blocked hand the opener is drawn by lot: inject it
    assert game.leader == C and len(game.legal_moves) == 5


def test_v13_scores_go_negative() -> None:
    game = position(R("five-up"), [["6-5", "2-1"], ["1-0"]], ["3-1"], turn=B, leader=A)
    end = hand_end(act(game, "1-0@1.E"))
    assert list(end.scores) == [-3, 0]


def test_v14_tie_above_target_plays_another_hand_then_a_wins() -> None:
    tie = position(R("five-up"), [["3-1"], ["5-4"]], ["6-4"], turn=B, leader=A, scores=[64, 63])
    end = hand_end(act(tie, "4-5@1.E"))  # T = 6 + 5 = 11: no score; B is out
    assert list(end.scores) == [63, 63]
    assert phase_of(tie) == "hand_over" and tie.winner is None
    tie.next_hand()
    assert tie.leader == B
    game = position(R("five-up"), [["4-3", "2-1", "1-0"], ["6-5"]], ["6-3"], turn=A, leader=B,
                    scores=[63, 63], hand_number=2)
    events = act(game, "3-4@1.E", "6-5@1.W")
    assert [e.points for e in plays(events)] == [2, 0]
    end = hand_end(events)
    assert (end.result, end.winner, list(end.deltas), list(end.scores)) == (
        "out", B, [-1, 0], [64, 63])
    assert isinstance(events[-1], GameEndEvent) and events[-1].winner == A
    assert phase_of(game) == "game_over" and game.winner == A


def test_v15_crossing_61_mid_hand_is_not_checked() -> None:
    game = position(R("five-up"), [["6-6", "6-5", "6-4", "2-1"], ["3-0", "1-0"]], ["6-3"],
                    turn=A, leader=B, scores=[58, 40])
    events = act(game, "6-6@1.W")
    assert plays(events)[0].points == 3 and phase_of(game) == "play"
    assert tuple(game.scores) == (61, 40)
    events = act(game, "3-0@1.E", "6-5@2.out")
    assert plays(events)[-1].points == 1 and tuple(game.scores) == (62, 40)
    assert phase_of(game) == "play"
    end = hand_end(act(game, "0-1@3.out"))
    assert (end.result, list(end.pips), list(end.scores)) == ("out", [13, 0], [59, 40])
    assert phase_of(game) == "hand_over" and game.winner is None
    game.next_hand()
    assert game.leader == B


@pytest.mark.parametrize(("before", "winner"), [((62, 65, 61), 1), ((62, 62, 61), None)])
def test_v16_several_sides_over_61(before: tuple[int, int, int], winner: int | None) -> None:
    game = position(R("five-up", players=3), [["3-5"], ["0-0"], ["1-0"]], ["6-3"], turn=A,
                    leader=C, scores=list(before))
    events = act(game, "3-5@1.E")
    end = hand_end(events)
    assert list(end.scores) == list(before)
    if winner is None:
        assert phase_of(game) == "hand_over" and game.winner is None
    else:
        assert phase_of(game) == "game_over" and game.winner == winner
        assert isinstance(events[-1], GameEndEvent) and events[-1].winner == winner


def test_v17_everyone_falls_below_61_in_the_tie_break_hand() -> None:
    game = position(R("five-up"), [["6-2"], ["3-1"]], ["5-4"], turn=A, leader=B,
                    scores=[61, 61], boneyard=[], hand_number=5)
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.scores)) == ("blocked", None, [59, 60])
    assert phase_of(game) == "hand_over" and game.winner is None
    game.next_hand(leader=B)
    assert game.leader == B


def test_v18_lot_result_is_injectable_and_fair() -> None:
    rules = R("five-up", players=3)
    hands = [tuple(ALL_TILES[5 * s:5 * s + 5]) for s in range(3)]
    deal = Deal(tuple(hands), tuple(ALL_TILES[15:]))
    game = Game(rules, deal=deal, leader=B)
    assert game.leader == B and game.turn == B and len(game.legal_moves) == 5
    counts = [0, 0, 0]
    for seed in range(300):
        counts[Game(rules, seed=seed).leader] += 1
    assert all(60 <= c <= 140 for c in counts), counts


# ------------------------------------------------------------------ All Fives

@pytest.mark.parametrize(("others", "gain"), [([["6-4", "2-1"]], 15), ([["6-6"]], 10),
                                              ([["6-4", "2-1"], ["6-6"], ["1-1"]], 25)])
def test_v23_af_out_winner_collects_rounded_hands(others: list[list[str]], gain: int) -> None:
    players = 1 + len(others)
    game = position(R("all-fives", players=players), [["3-1"], *others], ["5-3"], turn=A,
                    leader=B)
    end = hand_end(act(game, "3-1@1.E"))  # T = 5 + 1 = 6: no play score
    assert (end.result, end.winner) == ("out", A)
    assert list(end.deltas) == [gain] + [0] * len(others)


def test_v24_af_blocked_tile_count_tie_break() -> None:
    # The vector's hands hold every pip value, so no layout could block them; the same pip
    # and tile counts (8 in 2 tiles, 8 in 3 tiles, 20) with no 6 make a real block on 6-6.
    game = position(R("all-fives", players=3),
                    [["4-3", "1-0"], ["2-1", "3-0", "1-1"], ["5-5", "4-4", "2-0"]], ["6-6"],
                    turn=A, leader=C, boneyard=[])
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.pips)) == ("blocked", A, [8, 8, 20])
    assert list(end.deltas) == [30, 0, 0]


def test_v25_af_complete_tie_nobody_scores() -> None:
    game = position(R("all-fives"), [["4-4", "1-0"], ["3-3", "2-1"]], ["6-5"], turn=A,
                    leader=B, boneyard=[])
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.deltas)) == ("blocked", None, [0, 0])
    game.next_hand()
    assert_highest_leads(game)


def assert_highest_leads(game: Game) -> None:
    """The holder of the highest double (else of the heaviest tile) leads it (§3.1)."""
    hands = [{(t.high, t.low) for t in game.hand(s)} for s in range(len(game.hand_sizes))]
    seat, (high, low) = highest_double_or_heaviest(hands)
    assert game.leader == seat
    assert notations(game.legal_moves) == {f"{high}-{low}"}


def test_v26a_highest_double_must_lead() -> None:
    a = tiles(["5-5", "6-2", "3-1", "4-0", "2-1", "6-0", "1-0"])
    b = tiles(["6-6", "2-2", "5-3", "4-1", "3-0", "6-1", "5-2"])
    game = Game(R("all-fives"), deal=Deal((a, b), tuple(complement(a, b))))
    assert game.leader == B and notations(game.legal_moves) == {"6-6"}
    assert not game.is_legal(Move.lead(Tile(5, 3)))
    (event,) = plays(act(game, "6-6"))
    assert (event.total, event.points) == (12, 0)
    with pytest.raises(FivesError):
        Game(R("all-fives"), deal=Deal((a, b), tuple(complement(a, b))), leader=A)


def test_v26b_heaviest_tile_leads_when_no_double() -> None:
    a = tiles(["6-3", "6-2", "6-1", "6-0", "5-0", "4-0", "3-0"])
    b = tiles(["5-4", "5-3", "5-2", "5-1", "4-3", "4-2", "4-1"])
    bone = tiles(["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "6-5", "6-4", "3-2", "3-1",
                  "2-1", "2-0", "1-0"])
    game = Game(R("all-fives"), deal=Deal((a, b), bone))
    assert game.leader == A and notations(game.legal_moves) == {"6-3"}
    (event,) = plays(act(game, "6-3"))
    assert (event.total, event.points) == (9, 0)


def test_v27a_af_target_reached_mid_hand() -> None:
    game = position(R("all-fives"), [["4-3", "2-2"], ["1-1"]], ["6-3"], turn=A, leader=B,
                    scores=[140, 120])
    events = act(game, "3-4@1.E")
    assert plays(events)[0].points == 10
    end = hand_end(events)
    assert (end.result, end.winner, list(end.deltas), list(end.scores)) == (
        "target", A, [0, 0], [150, 120])
    assert list(end.pips) == [4, 2]
    assert isinstance(events[-1], GameEndEvent) and events[-1].winner == A
    assert game.is_over and game.winner == A
    with pytest.raises(FivesError):
        game.play("2-2@2.out")


def test_v27b_af_target_reached_by_settlement() -> None:
    game = position(R("all-fives"), [["3-1"], ["6-6", "4-4"]], ["6-3"], turn=A, leader=B,
                    scores=[130, 120])
    events = act(game, "3-1@1.E")
    end = hand_end(events)
    assert (end.result, end.winner, list(end.deltas), list(end.scores)) == (
        "out", A, [20, 0], [150, 120])
    assert isinstance(events[-1], GameEndEvent) and events[-1].winner == A


# ------------------------------------------------------------------ Multiples of five

def test_v30_m5_out_three_players() -> None:
    game = position(R("multiples-of-five", players=3), [["3-0"], ["6-6"], ["6-5", "2-0"]],
                    ["4-3"], turn=A, leader=C)
    end = hand_end(act(game, "3-0@1.E"))
    assert (end.result, end.winner, list(end.deltas)) == ("out", A, [25, 0, 0])


M5_BLOCKED = [
    # (vector, players, partnerships, hands, layout, winner, deltas)
    ("V31a", 2, False, [["6-5"], ["6-6", "4-1"]], ["3-0"], A, [5, 0]),
    ("V31b", 2, False, [["6-5"], ["6-6"]], ["3-0"], A, [0, 0]),
    ("V32", 2, False, [["5-4"], ["6-3"]], ["2-1"], None, [0, 0]),
    ("V33a", 3, False, [["4-3"], ["6-6"], ["6-5", "5-2"]], ["1-0"], A, [25, 0, 0]),
    ("V33b", 3, False, [["4-3"], ["5-2"], ["6-5", "6-1"]], ["0-0"], None, [0, 0, 0]),
    ("V35a", 4, True, [["3-1"], ["2-1"], ["4-2"], ["6-3"]], ["5-0"], 0, [0, 0]),
    ("V35b", 4, True, [["2-1"], ["4-3"], ["3-0"], ["0-0"]], ["6-5"], 0, [0, 0]),
    ("V35c", 4, True, [["2-1"], ["4-2"], ["3-0"], ["0-0"]], ["6-5"], None, [0, 0]),
]


@pytest.mark.parametrize(("vector", "players", "teams", "hands", "layout", "winner", "deltas"),
                         M5_BLOCKED, ids=[v[0] for v in M5_BLOCKED])
def test_m5_blocked_settlements(vector: str, players: int, teams: bool, hands: list[list[str]],
                                layout: list[str], winner: int | None,
                                deltas: list[int]) -> None:
    rules = R("multiples-of-five", players=players, partnerships=teams)
    game = position(rules, hands, layout, turn=A, leader=players - 1, boneyard=[])
    assert notations(game.legal_moves) == {"pass"}
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.deltas)) == ("blocked", winner, deltas), vector


def test_v31_after_blocked_the_highest_double_leads() -> None:
    game = position(R("multiples-of-five"), [["6-5"], ["6-6", "4-1"]], ["3-0"], turn=A,
                    leader=B, boneyard=[])
    act(game, "pass")
    game.next_hand()
    assert_highest_leads(game)


def test_v34_m5_partnership_out_ignores_the_partner() -> None:
    game = position(R("multiples-of-five", players=4, partnerships=True),
                    [["3-0"], ["6-6"], ["6-3"], ["6-5", "2-0"]], ["4-3"], turn=A, leader=D)
    end = hand_end(act(game, "3-0@1.E"))
    assert (end.result, end.winner, list(end.deltas)) == ("out", 0, [25, 0])


def test_v36a_m5_partnership_target_250_stops_the_hand() -> None:
    game = position(R("multiples-of-five", players=4, partnerships=True),
                    [["4-3", "1-1"], ["2-2"], ["0-0"], ["5-5"]], ["6-3"], turn=A, leader=D,
                    scores=[245, 240])
    events = act(game, "3-4@1.E")
    end = hand_end(events)
    assert (end.result, end.winner, list(end.scores)) == ("target", 0, [255, 240])
    assert game.is_over and game.winner == 0


def test_v36b_m5_three_players_target_200() -> None:
    game = position(R("multiples-of-five", players=3), [["3-1", "2-2"], ["0-0"], ["5-5"]],
                    ["4-3"], turn=A, leader=C, scores=[195, 0, 0])
    events = act(game, "3-1@1.E")
    assert hand_end(events).result == "target" and game.winner == A


def test_v36c_m5_two_players_target_250() -> None:
    game = position(R("multiples-of-five"), [["3-1", "2-2"], ["0-0", "5-5"]], ["4-3"], turn=A,
                    leader=B, scores=[195, 0])
    events = act(game, "3-1@1.E")
    assert [type(e).__name__ for e in events] == ["PlayEvent"]
    assert tuple(game.scores) == (200, 0) and phase_of(game) == "play" and game.turn == B


def test_v37_m5_openers_across_hands() -> None:
    rules = R("multiples-of-five", players=3)
    h1 = [tiles(["6-6", "1-0", "2-0", "3-0", "4-0"]), tiles(["5-5", "3-2", "6-1", "5-1", "4-1"]),
          tiles(["4-4", "6-2", "5-2", "4-2", "2-1"])]
    game = Game(rules, deal=Deal(tuple(h1), tuple(complement(*h1))))
    assert game.leader == A and notations(game.legal_moves) == {"6-6"}
    (event,) = plays(act(game, "6-6"))
    assert (event.total, event.points) == (12, 0)
    # hand 1 ends with B out: B leads hand 2 and may lead any tile
    out = position(rules, [["1-1", "2-2"], ["3-4"], ["0-0"]], ["6-3"], turn=B, leader=A)
    act(out, "3-4@1.E")
    assert phase_of(out) == "hand_over"
    h2 = [tiles(["6-6", "1-0", "2-0", "3-0", "4-0"]), tiles(["5-5", "3-2", "6-1", "5-1", "4-1"]),
          tiles(["4-4", "6-2", "5-2", "4-2", "2-1"])]
    with pytest.raises(FivesError):
        out.next_hand(deal=Deal(tuple(h2), tuple(complement(*h2))), leader=A)
    out.next_hand(deal=Deal(tuple(h2), tuple(complement(*h2))))
    assert out.leader == B and notations(out.legal_moves) == {str(t) for t in h2[1]}
    (event,) = plays(act(out, "3-2"))
    assert event.points == 5
    # hand 2 ends blocked: the highest double held leads hand 3 (6-6 is in the boneyard)
    blocked = position(rules, [["6-5"], ["6-6"], ["4-4"]], ["1-0"], turn=A, leader=B,
                       boneyard=[], hand_number=2)
    act(blocked, "pass")
    assert phase_of(blocked) == "hand_over"
    h3 = [tiles(["4-4", "1-0", "2-0", "3-0", "4-0"]), tiles(["3-3", "3-2", "6-1", "5-1", "4-1"]),
          tiles(["5-5", "6-2", "5-2", "4-2", "2-1"])]
    blocked.next_hand(deal=Deal(tuple(h3), tuple(complement(*h3))))
    assert blocked.leader == C and notations(blocked.legal_moves) == {"5-5"}
    (event,) = plays(act(blocked, "5-5"))
    assert event.points == 10


# ------------------------------------------------------------------ Solitaire
# V38-V42 and the O15 options: see test_solitaire.py.


# ------------------------------------------------------------------ options

def test_v45_boneyard_reserve_two() -> None:
    game = position(R("all-fives", boneyard_reserve=2), [["6-5"], ["6-6", "4-1"]], ["3-0"],
                    turn=A, leader=B, boneyard=["2-2", "1-1"])
    assert notations(game.legal_moves) == {"pass"}
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.deltas)) == ("blocked", A, [15, 0])
    assert game.boneyard_size == 2
    plain = position(R("all-fives"), [["6-5"], ["6-6", "4-1"]], ["3-0"], turn=A, leader=B,
                     boneyard=["2-2", "1-1"])
    assert notations(plain.legal_moves) == {"draw"}


def test_v47_target_exact() -> None:
    game = position(R("all-fives", target_exact=True), [["4-3", "5-4", "1-1"], ["6-0", "2-2"]],
                    ["6-3"], turn=A, leader=B, scores=[145, 0])
    act(game, "3-4@1.E")  # T = 10 would overshoot 150
    assert tuple(game.scores) == (145, 0) and phase_of(game) == "play"
    assert len(game.layout) == 2, "the tile stays placed"
    act(game, "6-0@1.W")  # T = 0 + 4: nothing
    events = act(game, "4-5@2.out")  # T = 0 + 5: exactly 150
    end = hand_end(events)
    assert (end.result, end.winner, list(end.scores)) == ("target", A, [150, 0])
    assert game.is_over and game.winner == A


def test_v43_fives_and_threes_in_play() -> None:
    game = position(R("fives-and-threes"), [["6-3", "1-1"], ["3-3", "0-0"]])
    (event,) = plays(act(game, "6-3"))
    assert (event.total, event.points) == (9, 3)
    (event,) = plays(act(game, "3-3@1.E"))
    assert (event.total, event.points) == (12, 4)


# ------------------------------------------------------------------ other §9 options

def test_o7_blocked_tie_split() -> None:
    game = position(R("all-fives", players=3, blocked_tie="split"),
                    [["4-3"], ["5-2"], ["6-5", "6-1"]], ["0-0"], turn=A, leader=C, boneyard=[])
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.deltas)) == ("blocked", None, [10, 10, 0])


def test_o18_all_fives_checked_at_the_end_of_the_hand() -> None:
    game = position(R("all-fives", target_check="end_of_hand_unique"), [["4-3", "2-2"], ["1-1"]],
                    ["6-3"], turn=A, leader=B, scores=[140, 120])
    events = act(game, "3-4@1.E")
    assert [type(e).__name__ for e in events] == ["PlayEvent"]
    assert tuple(game.scores) == (150, 120) and phase_of(game) == "play"


def test_o11_spinner_branches_open_at_once() -> None:
    a = tiles(["6-6", "6-2", "3-1", "4-0", "2-1", "6-0", "1-0"])
    b = tiles(["5-5", "6-4", "5-3", "4-1", "3-0", "2-2", "5-2"])
    deal = Deal((a, b), tuple(complement(a, b)))
    immediate = Game(R("all-fives", spinner_branches_immediate=True), deal=deal)
    act(immediate, "6-6")
    assert notations(immediate.legal_moves) == {"6-4@1.W", "6-4@1.E", "6-4@1.N", "6-4@1.S"}
    locked = Game(R("all-fives"), deal=deal)
    act(locked, "6-6")
    assert notations(locked.legal_moves) == {"6-4@1.W", "6-4@1.E"}


def test_o6_five_up_winner_collects() -> None:
    game = position(R("five-up", players=3, settlement="winner_collects"),
                    [["3-0"], ["6-6"], ["6-5", "2-0"]], ["4-3"], turn=A, leader=C,
                    scores=[10, 10, 10])
    end = hand_end(act(game, "3-0@1.E"))
    assert (end.winner, list(end.deltas)) == (A, [2 + 3, 0, 0])


def test_o9_all_fives_winner_leads() -> None:
    game = position(R("all-fives", opener="winner_leads"), [["3-0"], ["6-6", "5-5"]], ["4-3"],
                    turn=A, leader=B)
    act(game, "3-0@1.E")
    game.next_hand()
    assert game.leader == A and len(game.legal_moves) == 7, "the out player leads any tile"


# ------------------------------------------------------------------ §12.2 draw, pass, blocked

def test_drawing_the_last_tile_then_pass_then_blocked() -> None:
    game = position(R("all-fives"), [["6-5"], ["6-6", "4-1"]], ["3-0"], turn=A, leader=B,
                    boneyard=["2-2"])
    assert notations(game.legal_moves) == {"draw"}
    events = act(game, "draw")
    assert [type(e).__name__ for e in events] == ["DrawEvent"], "no blocked check after a draw"
    assert phase_of(game) == "play" and game.turn == A
    assert notations(game.legal_moves) == {"pass"}
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.pips)) == ("blocked", A, [15, 17])
    assert list(end.deltas) == [15, 0]


def test_a_pass_hands_the_turn_on_when_someone_else_can_place() -> None:
    game = position(R("all-fives", players=3), [["6-5"], ["6-6"], ["3-1"]], ["3-0"], turn=A,
                    leader=C, boneyard=[])
    events = act(game, "pass")
    assert [type(e).__name__ for e in events] == ["PassEvent"]
    assert game.turn == B and notations(game.legal_moves) == {"pass"}
    act(game, "pass")
    assert game.turn == C and notations(game.legal_moves) == {"3-1@1.W"}


def test_short_notation_falls_back_to_branch_ports() -> None:
    game = position(R("five-up"), [["6-4", "2-1"], ["5-5", "0-0"]],
                    ["6-6", "6-3@1.E", "6-1@1.W"])
    act(game, "6-4@1")
    assert game.layout.nodes[-1].port in ("N", "S")
    assert game.counted_total == 3 + 1 + 4


@pytest.mark.parametrize("preset", ["all-fives", "multiples-of-five"])
def test_m5_7_target_reached_by_the_last_tile_is_not_settled(preset: str) -> None:
    game = position(R(preset), [["3-4"], ["6-6", "2-2"]], ["6-3"], turn=A, leader=B,
                    scores=[R(preset).target - 10, 0])
    events = act(game, "3-4@1.E")  # T = 6 + 4 = 10 with the last tile
    end = hand_end(events)
    assert (end.result, end.winner, list(end.deltas), list(end.pips)) == (
        "target", A, [0, 0], [0, 16])
    assert isinstance(events[-1], GameEndEvent) and events[-1].winner == A


def test_o9_five_up_highest_double_each_hand() -> None:
    a = tiles(["5-5", "6-2", "3-1", "4-0", "2-1"])
    b = tiles(["6-6", "2-2", "5-3", "4-1", "3-0"])
    game = Game(R("five-up", opener="highest_double_each_hand"),
                deal=Deal((a, b), tuple(complement(a, b))))
    assert game.leader == B and notations(game.legal_moves) == {"6-6"}


def test_o6_all_fives_self_debit() -> None:
    game = position(R("all-fives", players=3, settlement="self_debit"),
                    [["3-0"], ["6-6"], ["6-5", "2-0"]], ["4-3"], turn=A, leader=C,
                    scores=[30, 30, 30])
    end = hand_end(act(game, "3-0@1.E"))
    assert list(end.deltas) == [0, -10, -15]


def test_o6_five_up_winner_collects_blocked_needs_a_sole_lowest_hand() -> None:
    """§9 O6: under winner_collects the *sole* lowest hand collects when blocked; equal pips
    (whatever the tile counts) leave nobody to collect."""
    rules = R("five-up", settlement="winner_collects")
    sole = position(rules, [["3-1"], ["6-2"]], ["5-4"], turn=A, leader=B, boneyard=[])
    end = hand_end(act(sole, "pass"))
    assert (end.winner, list(end.deltas)) == (A, [2, 0])
    tied = position(rules, [["3-1"], ["2-1", "1-0"]], ["5-4"], turn=A, leader=B, boneyard=[])
    end = hand_end(act(tied, "pass"))
    assert (end.winner, list(end.deltas)) == (None, [0, 0])
