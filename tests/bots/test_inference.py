"""Inference of hidden hands: void constraints from draws and passes, and consistent samples."""

from __future__ import annotations

import random

from fives.bots import make_player
from fives.bots.inference import forced_lead_evidence, infer, pips_mask, sample_deal
from fives.dealing import Deal
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import DOUBLES_MASK, FULL_SET, MATCH, TILE_BY_ID, mask_of


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
        # The oldest tile was held at every draw and pass of the opponent in this hand, and
        # was dealt under the forced lead's rule.
        voids = forced_lead_evidence(view)
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


def test_a_forced_lead_shows_the_tiles_nobody_was_dealt() -> None:
    # All Fives: the holder of the highest double must lead it every hand (RULES.md AF-2).
    rules = Ruleset.preset("all-fives")
    leads = {"double": 0, "heaviest": 0}
    singles = [t for t in TILE_BY_ID if not t.is_double]
    doubles_first = [t for t in TILE_BY_ID if t.is_double] + singles[14:]
    no_double = Deal((tuple(singles[:7]), tuple(singles[7:14])), tuple(doubles_first))
    for seed in range(20):
        game = Game(rules, seed=seed, deal=no_double if seed < 3 else None)
        game.play(next(iter(game.legal_moves)))  # the forced lead
        view = game.view(1 - game.leader)
        lead = view.history[0].move
        assert lead is not None and lead.tile is not None
        tile = lead.tile
        dealt = game.hand_masks[0] | game.hand_masks[1] | 1 << tile.id
        hidden = forced_lead_evidence(view)
        assert hidden & dealt == 0  # the truth: nobody holds them
        doubles = DOUBLES_MASK & ~(1 << tile.id)
        if tile.is_double:
            leads["double"] += 1
            assert hidden == doubles & ~((1 << tile.id) - 1)  # exactly the higher doubles
        else:
            leads["heaviest"] += 1
            assert hidden & DOUBLES_MASK == DOUBLES_MASK  # no double was dealt at all
        assert infer(view).possible(game.leader) & hidden == 0
    assert leads["double"] and leads["heaviest"]


def test_an_unforced_lead_shows_nothing() -> None:
    # Five Up's first leader is drawn by lot and leads any tile, as in the solitaire; Multiples
    # of Five forces the highest double in its first hand only.
    for preset, forced in (("five-up", False), ("solitaire", False), ("multiples-of-five", True)):
        rules = Ruleset.preset(preset)
        seed = 3
        while True:  # a deal whose forced lead (if any) is not the 6|6, above which is nothing
            game = Game(rules, seed=seed)
            game.play(next(m for m in game.legal_moves if m.tile is not None))
            view = game.view(game.turn if preset == "solitaire" else 1 - game.leader)
            lead = view.history[0].move
            assert lead is not None and lead.tile is not None
            if str(lead.tile) != "6-6":
                break
            seed += 1
        assert view.hand_number == 1
        assert bool(forced_lead_evidence(view)) == forced, preset
    rules = Ruleset.preset("all-fives", opener="winner_leads")
    game = Game(rules, seed=3)
    game.play(list(game.legal_moves)[-1])
    assert forced_lead_evidence(game.view(1 - game.leader)) == 0
