"""Inference of hidden hands: void constraints from draws and passes, and consistent samples."""

from __future__ import annotations

import random

from fives.bots import make_player
from fives.bots.inference import infer, pips_mask, sample_deal
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import FULL_SET, MATCH, mask_of


def _games_with_opponent_draws(count: int) -> list[tuple[Game, int]]:
    """Positions (game, seat to act) where some other seat drew or passed in this hand."""
    rules = Ruleset.preset("all-fives")
    out = []
    for seed in range(300):
        game = Game(rules, seed=seed)
        players = [make_player("greedy", seed=seed + s) for s in range(2)]
        while game.phase_name == "play":
            seat = game.turn
            if any(a.seat != seat and a.kind in ("draw", "pass") for a in game.history):
                out.append((game.copy(), seat))
                break
            game.play(players[seat].choose(game.view(seat)))
        if len(out) >= count:
            break
    return out


def test_draws_make_voids() -> None:
    positions = _games_with_opponent_draws(20)
    assert len(positions) >= 10
    for game, seat in positions:
        view = game.view(seat)
        know = infer(view)
        opp = 1 - seat
        slots = know.slots[opp]
        assert len(slots) == view.hand_sizes[opp]
        # The oldest tile was held at every draw and pass of the opponent in this hand.
        voids = 0
        for a in view.history:
            if a.seat == opp and a.kind in ("draw", "pass"):
                voids |= pips_mask(a.open_values)
        assert slots[-1] == voids
        # The truth is always among the possibilities.
        truth = game.hand_masks[opp]
        assert truth & ~know.unseen == 0
        assert truth & ~know.possible(opp) == 0
        # Tiles carrying a void pip can only be tiles drawn later: at most the kept draws.
        assert (truth & voids).bit_count() <= sum(1 for m in slots if m != voids)


def test_samples_are_consistent_deals() -> None:
    rng = random.Random(3)
    for game, seat in _games_with_opponent_draws(15):
        view = game.view(seat)
        know = infer(view)
        table = mask_of(nd.tile for nd in view.layout.nodes)
        for _ in range(20):
            hands, bone = sample_deal(know, rng)
            assert hands[seat] == mask_of(view.hand)
            assert [h.bit_count() for h in hands] == list(view.hand_sizes)
            assert len(bone) == view.boneyard_size
            everything = table
            for h in hands:
                assert everything & h == 0
                everything |= h
            for tid in bone:
                assert not everything >> tid & 1
                everything |= 1 << tid
            assert everything == FULL_SET
            # Slot constraints hold: newest slots first, so sort the sampled tiles accordingly.
            opp = 1 - seat
            slots = know.slots[opp]
            strict = slots[-1]
            free_slots = sum(1 for m in slots if m != strict)
            assert (hands[opp] & strict).bit_count() <= free_slots


def test_pips_mask() -> None:
    assert pips_mask([]) == 0
    assert pips_mask([6]) == MATCH[6]
    assert pips_mask([0, 5]) == MATCH[0] | MATCH[5]
