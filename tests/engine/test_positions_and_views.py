"""Positions built with ``Game.from_position`` and what seat views may carry."""

from __future__ import annotations

import random

import pytest

from fives.dealing import Deal
from fives.errors import FivesError, UsageError
from fives.game import Game
from fives.layout import Layout
from fives.moves import Move
from fives.rules import Ruleset
from fives.tiles import Tile

from .helpers import complement, json_lines, mv, notations, phase_of, snapshot, tiles


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
    assert [e["type"] for e in json_lines(events)] == ["play"]
    assert json_lines(events)[0]["total"] == 4
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
    assert game.events == ()


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


STATE = ["rules", "players", "scores", "start_scores", "hand_number", "phase", "phase_name",
         "winner", "turn", "leader", "forced_lead", "layout", "hand_end", "last_hand_end",
         "events", "history", "hand_masks", "boneyard_ids", "hand_sizes", "boneyard_size",
         "is_over", "counted_total", "legal_moves"]


@pytest.mark.parametrize("name", STATE)
def test_game_state_is_read_only(name: str) -> None:
    game = Game(Ruleset.preset("all-fives", players=3), seed=4)
    game.play(next(iter(game.legal_moves)))
    before = snapshot(game)
    with pytest.raises(AttributeError):
        setattr(game, name, 99)
    assert snapshot(game) == before
    # What a read hands out is a copy or immutable: changing it changes nothing.
    value = getattr(game, name)
    assert not isinstance(value, (list, dict, set))


def test_copy_shares_the_past_and_leaves_the_random_source_alone() -> None:
    game = Game(Ruleset.preset("five-up"), seed=31)
    rng = random.Random(31)
    while game.hand_number < 3 and not game.is_over:
        if phase_of(game) == "hand_over":
            game.next_hand()
            continue
        game.play(rng.choice(list(game.legal_moves)))
    state = game._rng.getstate() if game._rng is not None else None
    twin = game.copy()
    assert twin.to_record() == game.to_record()
    assert twin._rng is None  # nothing seeded or copied until the copy needs it
    assert twin._past_hands is game._past_hands  # earlier hands shared, not copied
    while phase_of(twin) == "play":
        twin.play(rng.choice(list(twin.legal_moves)))
    assert twin.to_record() != game.to_record()
    assert (game._rng.getstate() if game._rng is not None else None) == state
    # Given a source, the copy's deals follow it.
    if phase_of(twin) == "hand_over":
        a, b = twin.copy(rng=random.Random(5)), twin.copy(rng=random.Random(5))
        a.next_hand()
        b.next_hand()
        assert a.hand_masks == b.hand_masks


# What a copy may share with its original: lists never changed in place once made.
SHARED_ON_COPY = {"_boneyard", "_side", "_next_seat"}


@pytest.mark.parametrize("mid_hand", [False, True])
def test_a_copy_shares_nothing_changed_in_place(mid_hand: bool) -> None:
    # ``_unshare`` must know every mutable field ``_setup`` makes: a field added to the state
    # without it would be shared by a copy (and a copy's move would change the original).
    game = Game(Ruleset.preset("five-up", players=3), seed=2)
    if mid_hand:
        game.play(next(iter(game.legal_moves)))
    twin = game.copy()
    mine, theirs = vars(game), vars(twin)
    assert set(mine) == set(theirs)
    shared = {name for name, value in mine.items()
              if isinstance(value, (list, dict, set, Layout)) and theirs[name] is value}
    assert shared <= SHARED_ON_COPY, sorted(shared - SHARED_ON_COPY)


def test_determinised_deals_the_hidden_tiles_otherwise() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=8)
    game.play(next(iter(game.legal_moves)))
    masks, rest = game.hand_masks, list(game.boneyard_ids)
    hands = [list(game.hand(s)) for s in range(2)]
    bone = [Tile.from_id(t) for t in rest]
    # Swap one tile of seat 1 with the top of the boneyard.
    hands[1][0], bone[0] = bone[0], hands[1][0]
    other = game.determinised(hands, bone)
    assert other.hand_masks[0] == masks[0] and other.hand_masks[1] != masks[1]
    assert game.hand_masks == masks and list(game.boneyard_ids) == rest  # original untouched
    assert other.to_record() == game.to_record()  # the record keeps the true deal
    with pytest.raises(UsageError):
        game.determinised([hands[0], hands[0]], bone)
    with pytest.raises(UsageError):
        game.determinised(hands, bone[1:])


@pytest.mark.parametrize(("preset", "options"), [
    ("five-up", {}),
    ("five-up-solitaire", {}),
    ("block", {"players": 4}),
    ("all-fives", {"sniff": "british", "sniff_orientation_choice": True}),
])
def test_history_and_record_read_late_are_those_read_move_by_move(
        preset: str, options: dict[str, object]) -> None:
    """``history`` and the record's actions are built from what ``play`` keeps when first read:
    read once at the end of each hand they are what a reader saw after every move (the open
    ends as they were, each drawn tile, the sniff with its form)."""
    rules = Ruleset.preset(preset, **options)
    rng = random.Random(11)
    eager, late = Game(rules, seed=4), Game(rules, seed=4)
    for _ in range(6):
        seen = []
        while eager.phase_name == "play":
            moves = list(eager.legal_moves)
            move = moves[rng.randrange(len(moves))]
            opened = tuple(eager.layout.open_values())
            events = eager.play(move)
            late.play(move)
            seen.append(eager.history[-1])
            assert seen[-1].open_values == opened
            if seen[-1].move is not None:  # the event and the history write it alike
                assert events[0].type == "play" and events[0].move == str(seen[-1].move)
        assert late.history == tuple(seen) == eager.history
        assert [(a.seat, a.kind, str(a.move), a.tile) for a in late.history] == [
            (a.seat, a.kind, str(a.move), a.tile) for a in seen]
        assert late.to_record() == eager.to_record()
        if eager.phase_name == "game_over":
            break
        eager.next_hand()
        late.next_hand()


@pytest.mark.parametrize("preset", ["five-up", "block", "five-up-solitaire"])
def test_legal_moves_stay_true_across_unchecked_pushes_and_pops(preset: str) -> None:
    """``legal_moves`` is cached per position: under an unchecked push it is the pushed
    position's, and after the pops it is the same as before them."""
    rng = random.Random(3)
    for seed in range(8):
        game = Game(Ruleset.preset(preset), seed=seed)
        while game.phase_name == "play":
            before = game.legal_moves
            assert [m.code for m in before] == game.legal_codes()
            pushed = 0
            for _ in range(rng.randrange(4)):
                codes = game.legal_codes()
                if not codes:
                    break
                game.push_code(rng.choice(codes))
                pushed += 1
                assert [m.code for m in game.legal_moves] == game.legal_codes()
            for _ in range(pushed):
                game.pop()
            assert game.legal_moves == before == tuple(map(Move.from_code, game.legal_codes()))
            game.play(rng.choice(list(game.legal_moves)))
