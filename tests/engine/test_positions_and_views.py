"""Positions built with ``Game.from_position`` and what seat views may carry."""

from __future__ import annotations

import random

import pytest

from fives.errors import FivesError
from fives.game import Deal, Game
from fives.moves import Move
from fives.rules import Ruleset

from .helpers import complement, mv, notations, phase_of, tiles


def test_from_position_game_accepts_play() -> None:
    """A mid-hand position (ENGINE_API: used by bots, and by tests for RULES.md vectors) must be
    playable through the checked ``play``, not only through push/pop."""
    hands = [tiles(["6-1", "2-2"]), tiles(["5-4", "1-1"])]
    placements = [mv("6-3")]
    boneyard = complement(*hands, [p.tile for p in placements if p.tile is not None])
    game = Game.from_position(Ruleset.preset("five-up"), hands=hands, boneyard=boneyard,
                              placements=placements, turn=0, scores=[0, 0], leader=1)
    assert notations(game.legal_moves) == {"6-1@1.W"}
    events = game.play("6-1@1.W")
    assert [e.to_json()["type"] for e in events] == ["play"]
    assert events[0].to_json()["total"] == 4
    assert game.turn == 1 and phase_of(game) == "play"


def test_view_object_does_not_carry_another_seats_forced_lead() -> None:
    """Before the lead of an all-fives hand, only the leader may know which double must lead:
    the SeatView of every other seat must not hold that tile (RULES.md §1.3: hands are
    private)."""
    a = tiles(["5-5", "6-2", "3-1", "4-0", "2-1", "6-0", "1-0"])
    b = tiles(["6-6", "2-2", "5-3", "4-1", "3-0", "6-1", "5-2"])
    game = Game(Ruleset.preset("all-fives"), deal=Deal((a, b), tuple(complement(a, b))))
    assert game.leader == 1
    view = game.view(0)
    carried = getattr(view, "forced_lead", None)
    assert carried is None or carried in a, f"seat 0's view carries seat 1's {carried}"
    spectator = game.view(None)
    assert getattr(spectator, "forced_lead", None) is None


def test_deals_are_spread_evenly() -> None:
    """§1.3: the shuffle must be uniform. Loose bounds (about 5 standard deviations)."""
    rules = Ruleset.preset("all-fives")
    in_hand: dict[str, int] = {}
    on_top: dict[str, int] = {}
    runs = 1400
    for seed in range(runs):
        game = Game(rules, seed=seed)
        for t in game.hand(0):
            in_hand[str(t)] = in_hand.get(str(t), 0) + 1
        top = game.to_record()["hands"][0]["boneyard"][0]
        on_top[top] = on_top.get(top, 0) + 1
    assert len(in_hand) == 28 and len(on_top) == 28
    assert all(270 <= c <= 430 for c in in_hand.values()), in_hand  # expected 350
    assert all(15 <= c <= 85 for c in on_top.values()), on_top  # expected 50


def test_copy_is_independent() -> None:
    game = Game(Ruleset.preset("five-up", players=3), seed=9)
    twin = game.copy()
    move = next(iter(game.legal_moves))
    twin.play(move)
    assert len(game.layout) == 0 and len(twin.layout) == 1
    assert game.hand_sizes != twin.hand_sizes
    assert game.events == []


@pytest.mark.parametrize("seat", [5, -1, "0", 1.5], ids=repr)
def test_view_of_a_bad_seat_is_a_clear_engine_error(seat: object) -> None:
    """Seats come from clients (web, terminal): a bad one is a FivesError naming it."""
    game = Game(Ruleset.preset("five-up"), seed=1)
    with pytest.raises(FivesError) as info:
        game.view(seat)  # type: ignore[arg-type]
    assert repr(seat) in str(info.value) or str(seat) in str(info.value)
    assert "\n" not in str(info.value)


def test_copy_leaves_the_original_untouched() -> None:
    """Bots copy the game to search; that must not change the game's own future (its deals)."""

    def first_hand(copies: bool) -> Game:
        game = Game(Ruleset.preset("five-up"), seed=23)
        rng = random.Random(23)
        while phase_of(game) == "play":
            if copies:
                game.copy()
            game.play(rng.choice(list(game.legal_moves)))
        return game

    plain, searched = first_hand(False), first_hand(True)
    plain.next_hand(leader=0)
    searched.next_hand(leader=0)
    assert plain.to_record() == searched.to_record()


def test_reading_the_game_changes_nothing() -> None:
    def first_hand(read: bool) -> Game:
        game = Game(Ruleset.preset("all-fives", players=3), seed=29)
        rng = random.Random(29)
        while phase_of(game) == "play":
            if read:
                for seat in (0, 1, 2, None):
                    game.view(seat).to_json()
                list(game.legal_moves)
                game.to_record()
                game.is_legal(Move.draw())
                with pytest.raises(FivesError):
                    game.parse_move("6-6@28")
            game.play(rng.choice(list(game.legal_moves)))
        return game

    plain, read = first_hand(False), first_hand(True)
    plain.next_hand()
    read.next_hand()
    assert plain.to_record() == read.to_record()
