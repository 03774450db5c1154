"""Bad input to the engine: illegal moves, bad notation, bad deals and scores.

Every refusal must raise the documented error, with a one-line message naming the offending
value, and change nothing.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from fives.dealing import Deal
from fives.errors import FivesError, IllegalMoveError, InvalidMoveError
from fives.game import Game
from fives.moves import Move
from fives.rules import Ruleset
from fives.tiles import ALL_TILES, Tile

from .harness import CONFIGS, config_id, make_rules
from .helpers import complement, phase_of, snapshot, tiles
from .refmodel import RefLayout


def every_candidate(game: Game) -> list[Move]:
    """Every well-formed lead and placement of any tile on any port of the current layout."""
    out: list[Move] = [Move.draw(), Move.pass_()]
    n = len(game.layout)
    for t in ALL_TILES:
        for touching in {t.high, t.low}:
            out.append(Move.lead(t, touching))
            for node in range(1, n + 1):
                for port in (("W", "E", "N", "S") if node == 1 else ("out", "L", "R")):
                    out.append(Move.place(t, node, port, touching))
    return out


def reference_legal(game: Game) -> set[str]:
    """The legal set from the reference layout rebuilt from the engine's placement list."""
    ref = RefLayout(game.rules.spinners, game.rules.spinner_branches_immediate)
    for node in game.layout.nodes:
        if node.parent == 0:
            ref.lead(node.touching, node.outer)
        else:
            ref.place(node.touching, node.outer, node.parent, node.port)
    assert ref.total() == game.counted_total
    hand = [(t.high, t.low) for t in game.hand(game.turn)]
    places: set[str] = set()
    for t in hand:
        places |= ref.placements(t)
    rules = game.rules
    can_draw = rules.drawing and game.boneyard_size > rules.boneyard_reserve
    if places:
        # §4.3: only the solitaire may draw beside a placement (an overdraw)
        return places | {"draw"} if can_draw and rules.is_solitaire else places
    if can_draw:
        return {"draw"}
    return {"pass"}


@pytest.mark.parametrize(("preset", "players", "partners"), CONFIGS[::2],
                         ids=[config_id(c) for c in CONFIGS[::2]])
def test_every_candidate_move_is_judged_like_the_reference(
    preset: str, players: int, partners: bool | None
) -> None:
    game = Game(make_rules(preset, players, partners), seed=31)
    rng = random.Random(31)
    checked = 0
    while phase_of(game) == "play" and checked < 25:
        if len(game.layout):
            expected = reference_legal(game)
            candidates = every_candidate(game)
            got = {m.notation(explicit=True) for m in candidates
                   if m.kind != "lead" and game.is_legal(m)}
            assert got == expected
            assert not any(game.is_legal(m) for m in candidates if m.kind == "lead")
            illegal = [m for m in candidates if m.notation(explicit=True) not in expected]
            before = snapshot(game)
            for move in rng.sample(illegal, 5):
                with pytest.raises(IllegalMoveError) as info:
                    game.play(move)
                assert "\n" not in str(info.value)
                assert move.notation(explicit=True) in str(info.value)
            assert snapshot(game) == before
            checked += 1
        game.play(rng.choice(list(game.legal_moves)))


def test_forced_lead_refuses_every_other_lead() -> None:
    a = tiles(["5-5", "6-2", "3-1", "4-0", "2-1", "6-0", "1-0"])
    b = tiles(["6-6", "2-2", "5-3", "4-1", "3-0", "6-1", "5-2"])
    game = Game(Ruleset.preset("all-fives"), deal=Deal((a, b), tuple(complement(a, b))))
    before = snapshot(game)
    for t in ALL_TILES:
        for west in {t.high, t.low}:
            legal = t == Tile(6, 6)
            assert game.is_legal(Move.lead(t, west)) == legal
            if not legal:
                with pytest.raises(IllegalMoveError):
                    game.play(Move.lead(t, west))
    for text in ("draw", "pass", "5-5", "6-2"):
        with pytest.raises(IllegalMoveError):
            game.play(text)
    assert snapshot(game) == before


def test_a_lead_in_either_orientation() -> None:
    game = Game(Ruleset.preset("five-up"), seed=3, leader=0)
    t = game.hand(0)[0]
    assert game.is_legal(Move.lead(t, t.low)) and game.is_legal(Move.lead(t, t.high))
    game.play(f"{t.low}-{t.high}")
    west = game.layout.nodes[0].touching
    assert west == t.low


BAD_NOTATION: list[Any] = ["7-7", "", "hello", "6-3@1.Q", "6-3@0", "6-3@", "6-", "6-3-2",
                           None, 42, 6.3]


@pytest.mark.parametrize("text", BAD_NOTATION, ids=[repr(t) for t in BAD_NOTATION])
def test_bad_notation_raises_invalid_move_error(text: Any) -> None:
    game = Game(Ruleset.preset("all-fives"), seed=5)
    before = snapshot(game)
    with pytest.raises(InvalidMoveError) as info:
        game.play(text)
    message = str(info.value)
    assert "\n" not in message
    assert repr(text) in message or (isinstance(text, str) and text and text in message)
    assert snapshot(game) == before


def test_illegal_text_lists_the_legal_moves() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=5)
    game.play(next(iter(game.legal_moves)))
    legal = {m.notation(explicit=True) for m in game.legal_moves}
    with pytest.raises(IllegalMoveError) as info:
        game.play("pass")
    message = str(info.value)
    assert "'pass'" in message or "pass" in message
    assert all(m in message for m in legal)


def test_no_move_after_the_game_ended() -> None:
    game = Game(Ruleset.preset("block"), seed=2)
    rng = random.Random(2)
    while not game.is_over:
        if phase_of(game) == "hand_over":
            with pytest.raises(IllegalMoveError):
                game.play("pass")
            game.next_hand()
            continue
        game.play(rng.choice(list(game.legal_moves)))
    before = snapshot(game)
    for text in ("pass", "draw", "6-6"):
        with pytest.raises(IllegalMoveError):
            game.play(text)
    with pytest.raises(FivesError):
        game.next_hand()
    assert snapshot(game) == before


def test_next_hand_while_playing_is_refused() -> None:
    game = Game(Ruleset.preset("five-up"), seed=1)
    before = snapshot(game)
    with pytest.raises(FivesError) as info:
        game.next_hand()
    assert "\n" not in str(info.value)
    assert snapshot(game) == before


def deal_of(hands: list[list[str]], boneyard: list[str]) -> Deal:
    return Deal(tuple(tiles(h) for h in hands), tiles(boneyard))


FU_HANDS = [["6-6", "6-3", "1-0", "2-2", "4-1"], ["5-5", "6-1", "3-2", "4-4", "0-0"]]
FU_REST = [str(t) for t in complement(*(tiles(h) for h in FU_HANDS))]

BAD_GAMES: list[tuple[str, dict[str, Any], str]] = [
    ("short hand", {"deal": deal_of([FU_HANDS[0][:4], FU_HANDS[1]], [*FU_REST, "4-1"]),
                    "leader": 0}, "4"),
    ("duplicate tile named", {"deal": deal_of([FU_HANDS[0], ["6-6", *FU_HANDS[1][1:]]],
                                   [*FU_REST, "5-5"]), "leader": 0}, "6-6"),
    ("missing", {"deal": deal_of(FU_HANDS, FU_REST[:-1]), "leader": 0}, "28"),
    ("three hands", {"deal": deal_of([*FU_HANDS, FU_REST[:5]], FU_REST[5:]), "leader": 0},
     "2"),
    ("leader 5", {"deal": deal_of(FU_HANDS, FU_REST), "leader": 5}, "5"),
    ("scores too high", {"start_scores": [61, 0], "seed": 1}, "61"),
    ("scores count", {"start_scores": [1, 2, 3], "seed": 1}, "[1, 2, 3]"),
]


@pytest.mark.parametrize(("name", "kwargs", "named"), BAD_GAMES, ids=[b[0] for b in BAD_GAMES])
def test_bad_games_are_refused_with_a_one_line_message(name: str, kwargs: dict[str, Any],
                                                       named: str) -> None:
    with pytest.raises(FivesError) as info:
        Game(Ruleset.preset("five-up"), **kwargs)
    message = str(info.value)
    assert "\n" not in message and named in message, message
    assert "expected" in message or "must" in message


def finished_hand(seed: int) -> Game:
    game = Game(Ruleset.preset("all-fives"), seed=seed)
    rng = random.Random(seed)
    while phase_of(game) == "play":
        game.play(rng.choice(list(game.legal_moves)))
    assert phase_of(game) == "hand_over"
    return game


def test_a_refused_next_hand_changes_nothing() -> None:
    """A refused call must leave the game as it was, its random source included: the next
    deal is the one the game would have dealt without the refused call."""
    plain = finished_hand(17)
    plain.next_hand()
    refused = finished_hand(17)
    before = snapshot(refused)
    wrong = 1 - plain.leader
    with pytest.raises(FivesError) as info:
        refused.next_hand(leader=wrong)
    assert str(wrong) in str(info.value) and "\n" not in str(info.value)
    assert snapshot(refused) == before
    refused.next_hand()
    assert snapshot(refused) == snapshot(plain)
