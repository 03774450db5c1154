"""Soft evidence: what a seat chose not to play weights the sampled hands, never excludes one.

Greedy always plays its best-scoring tile (the heaviest among equals), so against greedy
opponents the evidence must never mark their true hands (weight exactly 1): that checks the
replay of the hand's placements and the last-draw rule at every decision. A random player
passes over scoring moves, so its sampled hands must hold the passed-over tiles less often than
the hard evidence alone would deal them, but still sometimes.
"""

from __future__ import annotations

import random

import pytest

from fives.bots import make_player
from fives.bots.inference import (
    PASSED_OVER,
    Knowledge,
    infer,
    sample_deal,
    sample_soft,
    soft_weight,
)
from fives.game import Game
from fives.rules import Ruleset

from .helpers import greedy_positions

CASES = [("all-fives", {"target": 60}), ("five-up", {"target": 31}),
         ("all-fives", {"players": 4, "partnerships": True, "target": 60})]


@pytest.mark.parametrize("preset,options", CASES, ids=["all-fives", "five-up", "teams"])
def test_a_greedy_seat_true_hand_is_never_marked(preset: str, options: dict[str, object]) -> None:
    rules = Ruleset.preset(preset, **options)
    checks = events = 0
    for game in greedy_positions(rules, range(8)):
        for seat in range(game.players):
            know = infer(game.view(seat), soft=True)
            events += sum(len(e) for e in know.soft.values())
            assert soft_weight(know, list(game.hand_masks)) == 1.0
            checks += 1
    assert checks > 300
    assert events > 100  # the evidence was there to be wrong


def _passed_over_position() -> tuple[Knowledge, int, list[int]]:
    """A 2-player All Fives view of seat 0 whose opponent (random) passed over a scoring move."""
    rules = Ruleset.preset("all-fives")
    for seed in range(200):
        game = Game(rules, seed=seed)
        players = [make_player("greedy", seed=1), make_player("random", seed=seed)]
        while game.phase_name == "play":
            if game.turn == 0:
                know = infer(game.view(0), soft=True)
                beat = 0
                for passed, _heavy in know.soft.get(1, ()):
                    beat |= passed
                beat &= know.possible(1)
                if beat and game.hand_masks[1] & beat:
                    return know, beat, list(game.hand_masks)
            game.play(players[game.turn].choose(game.view(game.turn)))
    raise AssertionError("no position with a passed-over scoring move")


def test_passed_over_tiles_are_dealt_less_often_but_still_dealt() -> None:
    know, beat, truth = _passed_over_position()
    assert 0.0 < soft_weight(know, truth) < 1.0  # the truth is marked, yet keeps a chance
    assert soft_weight(know, truth) >= PASSED_OVER ** len(know.soft[1])
    rng = random.Random(3)
    n = 3000
    hard = sum(1 for _ in range(n) if sample_deal(know, rng)[0][1] & beat)
    soft = sum(1 for _ in range(n) if sample_soft(know, rng)[0][1] & beat)
    assert soft < 0.8 * hard, (soft, hard)
    assert soft > 0


def test_without_evidence_the_soft_sampler_is_the_hard_one() -> None:
    rules = Ruleset.preset("all-fives")
    know = infer(Game(rules, seed=4).view(0), soft=True)  # nothing played yet
    assert not know.soft
    a = [sample_soft(know, random.Random(9)) for _ in range(3)]
    b = [sample_deal(know, random.Random(9)) for _ in range(3)]
    assert a == b


def test_the_soft_evidence_is_only_gathered_when_asked() -> None:
    rules = Ruleset.preset("all-fives")
    game = Game(rules, seed=2)
    players = [make_player("random", seed=1), make_player("random", seed=2)]
    found = 0
    while game.phase_name == "play":
        view = game.view(0)
        if infer(view, soft=True).soft:
            found += 1
            assert infer(view).soft == {}  # the search and heuristic levels skip the replay
        game.play(players[game.turn].choose(game.view(game.turn)))
    assert found
