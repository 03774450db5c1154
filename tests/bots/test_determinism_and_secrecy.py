"""Seeded bots are reproducible, and they decide from the seat's view alone."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fives.bots import LEVELS, Budget, make_player
from fives.game import Game
from fives.moves import Move
from fives.rules import Ruleset
from fives.tiles import TILE_BY_ID, ids_of, tiles_of
from fives.views import SeatView

from .helpers import CASES, case_id, play_game, seat_players


@pytest.mark.parametrize("level", [*LEVELS, "expert-pbi"])
def test_same_seed_same_game(level: str) -> None:
    rules = Ruleset.preset("all-fives", target=80)

    def moves_of(seed: int) -> list[str]:
        played: list[str] = []

        def record(_view: SeatView, move: Move) -> None:
            played.append(move.notation(explicit=True))

        players = seat_players(rules, [level, level], seed=seed)
        play_game(rules, players, seed=7, budget=Budget(iterations=4), on_decision=record)
        return played

    first = moves_of(3)
    assert first == moves_of(3)
    if level != "greedy":  # greedy only uses its RNG for exact ties, which may never happen
        assert any(moves_of(s) != first for s in (4, 5, 6))


def _reshuffled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every tile hidden from ``seat`` dealt differently."""
    masks = game.hand_masks
    hidden_seats = [s for s in range(game.players) if s != seat]
    pool = [t for s in hidden_seats for t in ids_of(masks[s])]
    pool += game.boneyard_ids
    rng.shuffle(pool)
    hands = [tiles_of(m) for m in masks]
    k = 0
    for s in hidden_seats:
        size = masks[s].bit_count()
        hands[s] = [TILE_BY_ID[t] for t in pool[k:k + size]]
        k += size
    return game.determinised(hands, [TILE_BY_ID[t] for t in pool[k:]])


def _positions(preset: str, options: dict[str, Any], count: int) -> list[Game]:
    rules = Ruleset.preset(preset, **options)
    out = []
    for seed in range(60):
        game = Game(rules, seed=seed)
        greedy = make_player("greedy", seed=seed)
        for step in range(60):
            if game.phase_name != "play":
                break
            view = game.view(game.turn)
            if len(view.legal_moves) >= 2 and step % 3 == 0:
                out.append(game.copy())
                if len(out) >= count:
                    return out
            game.play(greedy.choose(view))
    return out


@pytest.mark.parametrize("case", [*[c for c in CASES if c[0] != "five-up-solitaire"][:6],
                                  CASES[9]], ids=case_id)
def test_hidden_tiles_do_not_change_decisions(case: tuple[str, dict[str, Any]]) -> None:
    preset, options = case
    rng = random.Random(11)
    positions = _positions(preset, options, 6)
    assert positions
    changed = 0
    for game in positions:
        seat = game.turn
        other = _reshuffled(game, seat, rng)
        view, other_view = game.view(seat), other.view(seat)
        assert view.to_json() == other_view.to_json()
        changed += (other.hand_masks != game.hand_masks
                    or other.boneyard_ids != game.boneyard_ids)
        for level in [*LEVELS, "expert-pbi"]:
            budget = Budget(iterations=6)
            a = make_player(level, seed=21).choose(view, budget)
            b = make_player(level, seed=21).choose(other_view, budget)
            assert a == b, f"{level} changed its mind when only hidden tiles moved"
            hints_a = make_player(level, seed=21).explain(view, 5, budget)
            hints_b = make_player(level, seed=21).explain(other_view, 5, budget)
            assert hints_a == hints_b
    assert changed  # the reshuffle really moved hidden tiles


def test_views_carry_no_hidden_tiles() -> None:
    """The bots' only input names no tile of another hand nor of the boneyard."""
    for game in _positions("all-fives", {}, 5):
        seat = game.turn
        view = game.view(seat)
        for s in range(game.players):
            if s == seat:
                continue
            for t in game.hand(s):
                assert t not in view.hand
                assert all(a.tile != t for a in view.history)
