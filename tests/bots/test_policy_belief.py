"""Policy-based inference: deals weighted by how likely each other seat's own placements were.

A seat that placed a tile scoring nothing while it might have held a tile scoring 10 there
makes the deals where it held that tile less likely (but never impossible); the temperature
fitted from its placements is sharp for a seat that always takes its best score and loose for
one that does not; the chain deals only what the hard evidence allows, and reproducibly.
"""

from __future__ import annotations

import math
import random

from fives.bots import make_player
from fives.bots.belief import TEMPERATURES, PolicyBelief, fit_model
from fives.bots.inference import Decision, Knowledge, _deal, infer, sample_deal
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import ids_of, tile_id

from .helpers import greedy_positions
from .test_inference_whole_hands import _fits_slots


def _passed_over(min_gap: int) -> tuple[Knowledge, int, int]:
    """A 2-player All Fives view of seat 0 where the random opponent placed a tile while a
    tile it may hold would have scored ``min_gap`` more there (before any kept draw): the
    knowledge, that tile, the opponent's true hand."""
    rules = Ruleset.preset("all-fives")
    for seed in range(200):
        game = Game(rules, seed=seed)
        players = [make_player("greedy", seed=1), make_player("random", seed=seed)]
        while game.phase_name == "play":
            if game.turn == 0 and game.view(0).boneyard_size:
                know = infer(game.view(0), soft=True)
                for d in know.decisions.get(1, ()):
                    for t, score in d.scores.items():
                        if (score - d.points >= min_gap and not d.kept
                                and know.possible(1) >> t & 1 and not d.known):
                            return know, t, game.hand_masks[1]
            game.play(players[game.turn].choose(game.view(game.turn)))
    raise AssertionError("no position with a passed-over 10-point play")


def test_a_passed_over_ten_makes_deals_holding_it_less_likely() -> None:
    know, tile, _truth = _passed_over(10)
    belief = PolicyBelief(know)
    rng = random.Random(5)
    # The likelihood itself: the same deal with the tile moved out of the seat's hand (into
    # the place of one of its tiles that would not have fitted there) is more likely.
    held = {1: [0] * len(know.slots[1])}
    deal = None
    for _ in range(2000):
        held = {1: [0] * len(know.slots[1])}
        deal = _deal(know, know.slots, rng, 20, relax=True, held=held)
        if deal is not None and tile in held[1]:
            break
    assert deal is not None and tile in held[1]
    with_tile = belief.seat_log_likelihood(1, held[1])
    bone = deal[1]
    decision = next(d for d in know.decisions[1] if tile in d.scores)
    swap = next(t for t in bone if t not in decision.scores)
    without = [swap if t == tile else t for t in held[1]]
    assert belief.seat_log_likelihood(1, without) > with_tile + 1.0
    assert math.isfinite(with_tile)  # never impossible
    # And in the samples: dealt to the seat less often than the hard evidence deals it.
    hard = sum(1 for _ in range(1500) if sample_deal(know, rng)[0][1] >> tile & 1)
    policy = sum(1 for _ in range(1500) if belief.sample(rng)[0][1] >> tile & 1)
    assert policy < 0.7 * hard, (policy, hard)


def test_a_seat_that_takes_its_best_score_is_fitted_sharp() -> None:
    # Four placements where the seat held (and placed later) a tile that scored less: a seat
    # that always takes its best score. The same with the choices reversed: a seat that does
    # not care, whose fitted temperature is loose.
    best = tuple(Decision(10, 20, {15: 0, 16: 5}, known=[15, 16]) for _ in range(4))
    worst = tuple(Decision(0, 15, {20: 10, 16: 5}, known=[20, 16]) for _ in range(4))
    sharp, _pip = fit_model(best)
    loose, _pip = fit_model(worst)
    assert sharp <= 1.0 < 8.0 <= loose
    assert fit_model(()) == fit_model(best[:0])
    assert TEMPERATURES[0] <= sharp


def test_the_chain_deals_only_what_the_hard_evidence_allows() -> None:
    rules = Ruleset.preset("all-fives", players=3, target=60)
    checks = 0
    for game in greedy_positions(rules, range(3)):
        if game.phase_name != "play" or game.turn != 0:
            continue
        know = infer(game.view(0), soft=True)
        belief = PolicyBelief(know)
        rng = random.Random(checks)
        for _ in range(5):
            hands, bone = belief.sample(rng)
            assert hands[0] == know.hand
            dealt = 0
            for seat, slots in know.slots.items():
                assert hands[seat].bit_count() == len(slots)
                assert _fits_slots(hands[seat], slots)
                dealt |= hands[seat]
            assert len(bone) == know.boneyard_size
            assert dealt | sum(1 << t for t in bone) == know.unseen
            assert ids_of(dealt) and not dealt & sum(1 << t for t in bone)
        checks += 1
    assert checks > 30


def test_the_chain_is_reproducible() -> None:
    know, _tile, _truth = _passed_over(10)
    a = PolicyBelief(know)
    b = PolicyBelief(know)
    ra, rb = random.Random(4), random.Random(4)
    assert [a.sample(ra) for _ in range(20)] == [b.sample(rb) for _ in range(20)]


def test_without_evidence_a_seat_is_believed_to_score_before_it_dumps_weight() -> None:
    # A seat scored 5 with the light 1|0 where, in one deal, it also held 6|5 fitting for
    # nothing. Knowing nothing yet of how the seat plays (no placement whose alternatives were
    # seen), the model must not take it for a player who would as soon have dumped the 11 pips
    # for no score: the deal holding 6|5 stays about as likely as the one that does not. (With
    # points and weight traded evenly, as the old prior did, that deal lost half its weight,
    # which cost the expert 6.5 points of wins in 3-player Multiples of Five.)
    light, heavy, other = tile_id(1, 0), tile_id(6, 5), tile_id(3, 3)
    decision = Decision(5, light, {heavy: 0})
    unseen = (1 << heavy) | (1 << other) | (1 << tile_id(2, 2))
    know = Knowledge(0, 1 << tile_id(4, 4), unseen, {1: (0,)}, 2, 2,
                     decisions={1: (decision,)})
    temperature, pip = fit_model(know.decisions[1])
    assert 5 / temperature > 12 * pip  # five points outweigh any difference of weight
    belief = PolicyBelief(know)
    assert belief.seat_log_likelihood(1, [heavy]) > belief.seat_log_likelihood(1, [other]) - 0.1
    # Among placements scoring the same, the heavier tile stays the likelier (greedy's rule).
    tie = Knowledge(0, 1 << tile_id(4, 4), unseen, {1: (0,)}, 2, 2,
                    decisions={1: (Decision(0, light, {heavy: 0}),)})
    tied = PolicyBelief(tie)
    assert tied.seat_log_likelihood(1, [heavy]) < tied.seat_log_likelihood(1, [other]) - 1.0
