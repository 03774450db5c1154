"""The solitaire against the deck (RULES.md §4, §8 SOL-2/SOL-3, §9 O15, vectors V38-V42):
free forced draws, the 3-point overdraw, the handicap every hand, and their options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fives.dealing import Deal
from fives.errors import IllegalMoveError, RulesError
from fives.events import GameEndEvent, HandEndEvent
from fives.game import Game
from fives.record import load_record
from fives.rules import Ruleset
from fives.solitaire import deck_sources
from fives.tiles import ALL_TILES

from .harness import CONFIGS, config_id, make_rules
from .helpers import complement, json_lines, notations, phase_of, tiles
from .test_game_vectors import act, hand_end, plays, position


def R(**options: Any) -> Ruleset:
    return Ruleset.preset("five-up-solitaire", **options)


# ------------------------------------------------------------------ V38

V38_HAND = ["5-5", "5-0", "0-0", "6-1", "2-2"]
V38_TOP = ["4-4", "5-3", "1-0", "6-6"]


def v38_game(**options: Any) -> Game:
    hand = tiles(V38_HAND)
    top = tiles(V38_TOP)
    return Game(R(**options), deal=Deal((hand,), (*top, *complement(hand, top))))


def test_v38_forced_draws_are_free_and_an_overdraw_costs_three() -> None:
    game = v38_game()
    assert tuple(game.scores) == (0, 5), "step 0: the beginner's handicap"
    rows = []
    for m in ("5-5", "5-0@1.E", "0-0@2.out"):
        (event,) = plays(act(game, m))
        rows.append((event.total, *event.scores))
    assert rows == [(10, 2, 5), (10, 4, 5), (10, 6, 5)]
    assert notations(game.legal_moves) == {"draw"}, "no placement: the draw is forced"
    first = act(game, "draw")[0]
    assert (str(first.tile), tuple(first.scores)) == ("4-4", (6, 5)), "step 4: free"
    second = act(game, "draw")[0]
    assert (str(second.tile), tuple(second.scores)) == ("5-3", (6, 5)), "step 5: free"
    # step 6: the fitting tile may be placed, or the player may overdraw
    assert notations(game.legal_moves) == {"5-3@1.W", "draw"}
    assert game.is_overdraw
    (event,) = plays(act(game, "5-3@1.W"))
    assert (event.total, event.points, tuple(event.scores)) == (3, 0, (6, 5))
    assert notations(game.legal_moves) == {"draw"} and not game.is_overdraw
    third = act(game, "draw")[0]
    assert (str(third.tile), tuple(third.scores)) == ("1-0", (6, 5)), "step 7: free"
    assert notations(game.legal_moves) == {"0-1@3.out", "draw"}, "#3's branches still locked"
    over = act(game, "draw")[0]
    assert (str(over.tile), tuple(over.scores)) == ("6-6", (6, 8)), "step 8: the overdraw"
    (event,) = plays(act(game, "0-1@3.out"))
    assert (event.total, tuple(game.scores)) == (4, (6, 8))
    assert "1-6@5.out" in notations(game.legal_moves)
    assert deck_sources(game) == {"start": 0, "handicap": 5, "draws": 3, "block": 0}


def test_v38_every_draw_charges_the_forced_draws_too() -> None:
    game = v38_game(draw_cost_on="every_draw")
    act(game, "5-5", "5-0@1.E", "0-0@2.out", "draw", "draw", "5-3@1.W", "draw")
    assert tuple(game.scores) == (6, 14)
    act(game, "draw")
    assert tuple(game.scores) == (6, 17)
    assert deck_sources(game) == {"start": 0, "handicap": 5, "draws": 12, "block": 0}


def test_v38_as_a_record() -> None:
    hand = V38_HAND
    used = set(tiles(hand + V38_TOP))
    record = {"format": "fives-record/1", "rules": "five-up-solitaire",
              "hands": [{"hands": [hand],
                         "boneyard": V38_TOP + [str(t) for t in ALL_TILES if t not in used],
                         "actions": ["5-5", "5-0@1", "0-0@2", "draw", "draw", "5-3@1", "draw",
                                     "draw", "0-1@3"]}]}
    lines = json_lines(load_record(record).replay())
    assert [(d["type"], d["scores"]) for d in lines] == [
        ("play", [2, 5]), ("play", [4, 5]), ("play", [6, 5]), ("draw", [6, 5]),
        ("draw", [6, 5]), ("play", [6, 5]), ("draw", [6, 5]), ("draw", [6, 8]),
        ("play", [6, 8])]


def test_overdraw_is_legal_before_the_lead_and_costs_three() -> None:
    game = v38_game()
    assert "draw" in notations(game.legal_moves) and game.is_overdraw
    (event,) = act(game, "draw")
    assert tuple(event.scores) == (0, 8)
    assert len(game.hand(0)) == 6 and "4-4" in notations(game.legal_moves)


def test_no_draw_once_the_boneyard_is_empty() -> None:
    game = position(R(), [["6-1", "3-3"]], ["3-2"], scores=[10, 20], boneyard=[])
    assert notations(game.legal_moves) == {"3-3@1.W"}
    with pytest.raises(IllegalMoveError) as info:
        game.play("draw")
    assert "boneyard" in str(info.value)
    reserve = position(R(boneyard_reserve=2), [["6-1", "3-3"]], ["3-2"], scores=[10, 20],
                       boneyard=["4-4", "5-5"])
    assert notations(reserve.legal_moves) == {"3-3@1.W"}, "the reserve cannot be overdrawn"


# ------------------------------------------------------------------ V39

@pytest.mark.parametrize(("options", "deck_after", "deck_next"), [
    ({}, 45, 50),
    ({"block_penalty": "rounded_fifths"}, 33, 38),
    ({"handicap_each_hand": False}, 45, 45),
])
def test_v39_blocked_hand(options: dict[str, Any], deck_after: int, deck_next: int) -> None:
    game = position(R(**options), [["6-1", "4-4"]], ["5-3"], scores=[40, 30], boneyard=[])
    assert notations(game.legal_moves) == {"pass"}
    end = hand_end(act(game, "pass"))
    assert (end.result, end.winner, list(end.pips), list(end.scores)) == (
        "blocked", None, [15], [40, deck_after])
    game.next_hand()
    assert tuple(game.scores) == (40, deck_next)
    assert game.hand_sizes == (5,) and game.boneyard_size == 23


# ------------------------------------------------------------------ V40

def v40_game(player: int, **options: Any) -> Game:
    return position(R(**options), [["6-5"]], ["6-2"], scores=[player, 58],
                    boneyard=["2-4", "1-1", "0-0"])


def test_v40_the_deck_passes_61_by_an_overdraw_and_the_hand_goes_on() -> None:
    game = v40_game(59)
    assert notations(game.legal_moves) == {"6-5@1.W", "draw"}
    act(game, "draw")
    assert tuple(game.scores) == (59, 61) and phase_of(game) == "play", "nothing is checked"
    (event,) = plays(act(game, "2-4@1.E"))
    assert (event.total, event.points, tuple(event.scores)) == (10, 2, (61, 61))
    events = act(game, "6-5@1.W")
    end = hand_end(events)
    assert (end.result, list(end.scores)) == ("out", [61, 61])
    assert phase_of(game) == "hand_over" and game.winner is None, "61-61: another hand"
    game.next_hand()
    assert tuple(game.scores) == (61, 66), "the next hand begins with the handicap"


def test_v40_ending_the_hand_behind_loses() -> None:
    game = v40_game(58)
    events = act(game, "draw", "2-4@1.E", "6-5@1.W")
    assert list(hand_end(events).scores) == [60, 61]
    assert game.is_over and game.winner == 1
    assert isinstance(events[-1], GameEndEvent) and events[-1].winner == 1


def test_v40_immediate_the_deck_wins_on_the_overdraw() -> None:
    game = v40_game(59, target_check="immediate")
    events = act(game, "draw")
    end = hand_end(events)
    assert (end.result, end.winner, list(end.scores)) == ("target", 1, [59, 61])
    assert game.is_over and game.winner == 1
    assert set(game.hand(0)) == set(tiles(["6-5", "2-4"])), "the drawn tile is not placed"
    assert list(game.legal_moves) == []


# ------------------------------------------------------------------ V41

V41_BONEYARD = ["3-2", "2-4", "4-0", "0-1", "5-5", "5-4"]
V41_MOVES = ["6-6@1.W", "draw", "3-2@1.E", "draw", "2-4@3.out", "draw", "4-0@4.out", "draw",
             "0-1@5.out", "1-1@6.out"]


def test_v41_the_player_reaches_61_and_must_finish_the_hand() -> None:
    game = position(R(), [["6-6", "1-1"]], ["6-3"], scores=[58, 40], boneyard=V41_BONEYARD)
    events = act(game, V41_MOVES[0])
    assert plays(events)[0].points == 3 and phase_of(game) == "play"
    events = act(game, *V41_MOVES[1:])
    assert [e.points for e in plays(events)] == [0, 0, 0, 0, 0]
    assert all(tuple(e.scores) == (61, 40) for e in events if e.to_json()["type"] == "draw"), \
        "the four forced draws are free"
    end = hand_end(events)
    assert (end.result, list(end.scores)) == ("out", [61, 40])
    assert game.is_over and game.winner == 0
    assert isinstance(events[-1], GameEndEvent) and events[-1].winner == 0


def test_v41_immediate_the_player_wins_on_the_placement() -> None:
    game = position(R(target_check="immediate"), [["6-6", "1-1"]], ["6-3"], scores=[58, 40],
                    boneyard=V41_BONEYARD)
    end = hand_end(act(game, "6-6@1.W"))
    assert (end.result, end.winner, list(end.scores)) == ("target", 0, [61, 40])
    assert game.is_over and game.winner == 0


# ------------------------------------------------------------------ V42

@pytest.mark.parametrize(("options", "deck_next"), [({}, 30), ({"handicap_each_hand": False}, 25)])
def test_v42_hand_emptied_with_tiles_left(options: dict[str, Any], deck_next: int) -> None:
    bone = ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6", "2-0", "2-1"]
    game = position(R(**options), [["3-1"]], ["6-3"], scores=[20, 25], boneyard=bone)
    events = act(game, "3-1@1.E")
    assert plays(events)[0].total == 7
    end = hand_end(events)
    assert (end.result, end.winner, list(end.deltas), list(end.scores)) == (
        "out", 0, [0, 0], [20, 25])
    game.next_hand()
    assert tuple(game.scores) == (20, deck_next)
    assert game.hand_sizes == (5,) and game.boneyard_size == 23


# ------------------------------------------------------------------ O15 combinations

def test_solitaire_defaults() -> None:
    sol = R()
    assert (sol.handicap, sol.handicap_each_hand, sol.draw_cost, sol.draw_cost_on) == (
        5, True, 3, "overdraw")
    assert sol.overdraw_allowed
    assert Game(sol, seed=1).scores == (0, 5)


def test_immediate_implies_the_handicap_once_per_game() -> None:
    rules = R(target_check="immediate")
    assert not rules.handicap_each_hand
    assert R(target_check="immediate", handicap_each_hand=False) == rules
    assert "handicap_each_hand" not in rules.options(), "implied, so not written"
    assert Ruleset.preset(rules.name, **rules.options()) == rules
    game = position(rules, [["3-1"]], ["6-3"], scores=[20, 25])
    act(game, "3-1@1.E")
    game.next_hand()
    assert tuple(game.scores) == (20, 25)


def test_immediate_with_an_explicit_handicap_every_hand_is_refused() -> None:
    with pytest.raises(RulesError) as info:
        R(target_check="immediate", handicap_each_hand=True)
    message = str(info.value)
    assert "handicap_each_hand" in message and "immediate" in message and "\n" not in message
    with pytest.raises(RulesError):
        R(target_check="immediate", handicap_each_hand="yes")


def test_draw_cost_on_is_checked() -> None:
    with pytest.raises(RulesError) as info:
        R(draw_cost_on="sometimes")
    assert "draw_cost_on" in str(info.value) and "every_draw" in str(info.value)
    assert R(draw_cost_on="every_draw").options() == {"players": 1,
                                                      "draw_cost_on": "every_draw"}


@pytest.mark.parametrize(("options", "deck"), [({}, 25), ({"draw_cost_on": "every_draw"}, 31)])
def test_empty_hand_draw_on_forced_draws(options: dict[str, Any], deck: int) -> None:
    game = position(R(empty_hand="draw_on", **options), [["3-1"]], ["6-3"], scores=[20, 25],
                    boneyard=["2-2", "1-0", "5-5"])
    events = act(game, "3-1@1.E")
    assert [type(e).__name__ for e in events] == ["PlayEvent"] and phase_of(game) == "play"
    assert notations(game.legal_moves) == {"draw"}
    act(game, "draw", "draw")
    assert tuple(game.scores) == (20, deck), "with an empty hand the draws are forced"
    assert notations(game.legal_moves) == {"1-0@2.out", "draw"}


def test_deck_sources_over_several_hands() -> None:
    rng = random.Random(3)
    game = Game(R(), seed=3, start_scores=[4, 7])
    while not game.is_over and game.hand_number < 6:
        if phase_of(game) == "hand_over":
            game.next_hand()
            continue
        game.play(rng.choice(list(game.legal_moves)))
    src = deck_sources(game)
    assert src["start"] == 7 and src["handicap"] == 5 * game.hand_number
    assert sum(src.values()) == game.scores[1]
    blocks = sum(e.deltas[1] for e in game.events if isinstance(e, HandEndEvent))
    assert src["block"] == blocks
    assert src["draws"] % 3 == 0 and src["draws"] > 0


# ------------------------------------------------------------------ every other variant

@pytest.mark.parametrize(("preset", "players", "partners"),
                         [c for c in CONFIGS if c[0] != "five-up-solitaire"],
                         ids=[config_id(c) for c in CONFIGS if c[0] != "five-up-solitaire"])
def test_a_draw_beside_a_placement_stays_illegal(preset: str, players: int,
                                                 partners: bool | None) -> None:
    rules = make_rules(preset, players, partners)
    assert not rules.overdraw_allowed
    seen = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            if phase_of(game) != "play":
                break
            legal = notations(game.legal_moves)
            if game.boneyard_size > rules.boneyard_reserve and rules.drawing and (
                    legal - {"draw"}):
                assert "draw" not in legal
                with pytest.raises(IllegalMoveError) as info:
                    game.play("draw")
                assert "placement is possible" in str(info.value)
                seen += 1
            game.play(rng.choice(list(game.legal_moves)))
    assert seen or not rules.drawing
