"""Soft evidence: what a seat chose not to play weights the sampled hands, never excludes one.

Greedy always plays its best-scoring tile (the heaviest among equals), so against greedy
opponents the evidence taken as hard (``strict_slots``) must still fit their true hands, and
their later placements must never show them ignoring it: that checks the replay of the hand's
placements and the kept-draw rule at every decision. A random player passes over scoring moves,
so its sampled hands must hold the passed-over tiles less often than the hard evidence alone
would deal them, but still sometimes, and its placements must raise its keep rate.
"""

from __future__ import annotations

import random

import pytest

from fives.bots import make_player
from fives.bots.inference import (
    KEPT_HEAVY,
    PASSED_OVER,
    Knowledge,
    infer,
    sample_deal,
    sample_soft,
    strict_slots,
)
from fives.game import Game
from fives.rules import Ruleset

from .helpers import greedy_positions
from .test_inference_whole_hands import _fits_slots

CASES = [("all-fives", {"target": 60}), ("five-up", {"target": 31}),
         ("all-fives", {"players": 4, "partnerships": True, "target": 60})]


@pytest.mark.parametrize("preset,options", CASES, ids=["all-fives", "five-up", "teams"])
def test_a_greedy_seat_true_hand_is_never_marked(preset: str, options: dict[str, object]) -> None:
    rules = Ruleset.preset(preset, **options)
    checks = events = older = sharpened = 0
    for game in greedy_positions(rules, range(8)):
        for seat in range(game.players):
            know = infer(game.view(seat), soft=True)
            events += sum(len(e) for e in know.soft.values())
            older += sum(1 for e in know.soft.values() for ev in e if ev.kept)
            strict = strict_slots(know)
            for other, slots in strict.items():
                assert _fits_slots(game.hand_masks[other], slots), (other, seat)
            for keep_beat, keep_heavy in know.keep.values():
                # Greedy never ignores the evidence: its rates can only fall from the priors.
                assert keep_beat <= PASSED_OVER and keep_heavy <= KEPT_HEAVY
                sharpened += keep_beat < PASSED_OVER or keep_heavy < KEPT_HEAVY
            checks += 1
    assert checks > 300
    assert events > 100  # the evidence was there to be wrong
    assert sharpened > 50  # ... and was learned from
    if preset == "all-fives" and not options.get("partnerships"):
        assert older > 20  # events from before a kept draw, which cover the older slots only


def _passed_over_position(opponent: str) -> tuple[Knowledge, int, int]:
    """A 2-player All Fives view of seat 0 where tiles the opponent may hold would have scored
    more than one of its placements: the knowledge, those tiles, the opponent's true hand."""
    rules = Ruleset.preset("all-fives")
    for seed in range(200):
        game = Game(rules, seed=seed)
        players = [make_player("greedy", seed=1), make_player(opponent, seed=seed)]
        while game.phase_name == "play":
            if game.turn == 0:
                know = infer(game.view(0), soft=True)
                beat = 0
                for event in know.soft.get(1, ()):
                    if not event.kept:
                        beat |= event.beat
                beat &= know.possible(1)
                rate = know.keep.get(1, (PASSED_OVER, 0.0))[0]
                seen = rate == 1.0 if opponent == "random" else rate < PASSED_OVER
                if beat and seen and (opponent != "random" or game.hand_masks[1] & beat):
                    return know, beat, game.hand_masks[1]
            game.play(players[game.turn].choose(game.view(game.turn)))
    raise AssertionError(f"no position with a passed-over scoring move against {opponent}")


def _dealt(know: Knowledge, beat: int, soft: bool) -> int:
    rng = random.Random(3)
    sample = sample_soft if soft else sample_deal
    return sum(1 for _ in range(3000) if sample(know, rng)[0][1] & beat)


def test_passed_over_tiles_are_dealt_less_often_but_still_dealt() -> None:
    know, beat, truth = _passed_over_position("greedy")
    assert truth & beat == 0  # greedy never passes over a better move
    assert know.keep[1][0] < PASSED_OVER  # ... and its placements showed it
    hard, soft = _dealt(know, beat, False), _dealt(know, beat, True)
    assert soft < 0.8 * hard, (soft, hard)
    assert soft > 0


def test_a_seat_seen_passing_over_scores_is_not_believed() -> None:
    # A random player passes over better moves about as often as it takes them: once its
    # placements show it, its events are ignored and the sampler deals as the hard one.
    know, beat, truth = _passed_over_position("random")
    assert truth & beat and know.keep[1][0] == 1.0
    hard, soft = _dealt(know, beat, False), _dealt(know, beat, True)
    assert soft > 0.9 * hard, (soft, hard)


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
