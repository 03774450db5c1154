"""The inference against a reference written from its docstrings, at every decision of whole
games: the hard slots, the soft events and the keep rates, exactly.

The reference reads the table as the game had it before each action (not a replay of the
moves), and works per fact rather than in one pass: which draws a seat kept, which placements
count as evidence, which tiles scored what there. The other tests check that the inference
never excludes the truth; this one checks that it says exactly what it means to say.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pytest

from fives.bots import make_player
from fives.bots.inference import (
    KEPT_HEAVY,
    PASSED_OVER,
    Knowledge,
    SoftEvent,
    _deal,
    forced_lead_evidence,
    infer,
    sample_deal,
    sample_soft,
    strict_slots,
)
from fives.bots.sim import HEAVY
from fives.dealing import Deal
from fives.errors import UsageError
from fives.game import Game
from fives.layout import Layout
from fives.record_writer import PublicAction
from fives.rules import Ruleset
from fives.settlement import score_rules
from fives.tiles import DOUBLES_MASK, TILE_BY_ID, TILE_COUNT

from .test_inference_whole_hands import _fits_slots

PLACEMENTS = ("place", "lead")


def carrying(values: tuple[int, ...]) -> int:
    """Tiles with an end among ``values``."""
    return sum(1 << t.id for t in TILE_BY_ID if t.high in values or t.low in values)


def kept_draws(history: list[PublicAction], seat: int) -> list[int]:
    """Indices of the draws of ``seat`` that it kept: its next action is not a placement."""
    kept = []
    for k, action in enumerate(history):
        if action.seat != seat or action.kind != "draw":
            continue
        following = [a for a in history[k + 1:] if a.seat == seat]
        if not following or following[0].kind not in PLACEMENTS:
            kept.append(k)
    return kept


def reference_slots(game: Game, observer: int) -> dict[int, tuple[int, ...]]:
    seat_view = game.view(observer)
    history = list(seat_view.history)
    not_dealt = forced_lead_evidence(seat_view)
    slots = {}
    for seat, size in enumerate(seat_view.hand_sizes):
        if seat == observer:
            continue
        kept = kept_draws(history, seat)
        # (forbidden tiles, kept draws at or after the event)
        events = [(not_dealt, len(kept))] if not_dealt else []
        events += [(carrying(a.open_values), sum(1 for d in kept if d >= k))
                   for k, a in enumerate(history)
                   if a.seat == seat and a.kind in ("draw", "pass")]
        slots[seat] = tuple(
            sum_masks(mask for mask, escaped in events if escaped <= i) for i in range(size))
    return slots


def sum_masks(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


@dataclass(frozen=True)
class Evidence:
    """One placement that counts as evidence: what each fitting tile would have scored."""

    index: int
    seat: int
    tile: int
    points: int
    scores: dict[int, int]


def best_points(layout: Layout, tile: int, table: Sequence[int]) -> int | None:
    """The most ``tile`` would score on ``layout`` (None if it fits nowhere)."""
    best = None
    for code in layout.placement_codes(1 << tile):
        points = table[layout.place_code(code)]
        layout.undo()
        best = points if best is None else max(best, points)
    return best


def reference_soft(game: Game, layouts: list[Layout], observer: int
                   ) -> tuple[dict[int, tuple[SoftEvent, ...]], dict[int, tuple[float, float]]]:
    view = game.view(observer)
    history = list(view.history)
    table = score_rules(game.rules).score_table
    on_table = sum(1 << nd.tile.id for nd in view.layout.nodes)
    mine = sum(1 << t.id for t in view.hand)
    unseen = ((1 << TILE_COUNT) - 1) & ~on_table & ~mine
    placed_by: dict[int, int] = {}
    for a in history:
        if a.kind in PLACEMENTS and a.move is not None and a.move.tile is not None:
            placed_by[a.seat] = placed_by.get(a.seat, 0) | 1 << a.move.tile.id
    evidence: list[Evidence] = []
    for k, a in enumerate(history):
        if a.kind not in PLACEMENTS or a.seat == observer or a.move is None:
            continue
        if a.move.tile is None or layouts[k].count == 0:
            continue
        if k and history[k - 1].seat == a.seat and history[k - 1].kind == "draw":
            continue  # it may be placing the tile it just drew
        layout = layouts[k].copy()
        tile = a.move.tile.id
        points = table[layout.place_code(a.move.code)]
        layout.undo()
        scores = {}
        for other in range(TILE_COUNT):
            if other != tile and (unseen | placed_by[a.seat]) >> other & 1:
                best = best_points(layout, other, table)
                if best is not None:
                    scores[other] = best
        evidence.append(Evidence(k, a.seat, tile, points, scores))
    soft: dict[int, list[SoftEvent]] = {}
    for ev in evidence:
        beat = sum(1 << t for t, s in ev.scores.items() if unseen >> t & 1 and s > ev.points)
        heavy = sum(1 << t for t, s in ev.scores.items()
                    if unseen >> t & 1 and s == ev.points and HEAVY[t] > HEAVY[ev.tile])
        if beat or heavy:
            kept = sum(1 for d in kept_draws(history, ev.seat) if d > ev.index)
            soft.setdefault(ev.seat, []).append(SoftEvent(beat, heavy, kept))
    rates = {}
    for seat in soft:
        fit = beat = equal = heavier = 0
        mine_ev = [e for e in evidence if e.seat == seat]
        draws = kept_draws(history, seat)
        for later in mine_ev:
            since = max([d for d in draws if d < later.index], default=-1)
            for earlier in mine_ev:
                if not since < earlier.index < later.index or later.tile not in earlier.scores:
                    continue
                score = earlier.scores[later.tile]
                fit += score != earlier.points
                beat += score > earlier.points
                equal += score == earlier.points
                heavier += score == earlier.points and HEAVY[later.tile] > HEAVY[earlier.tile]
        rates[seat] = (min(1.0, (2 * beat + PASSED_OVER) / (fit + 1)),
                       min(1.0, (2 * heavier + KEPT_HEAVY) / (equal + 1)))
    return {s: tuple(e) for s, e in soft.items()}, rates


CASES = [
    ("all-fives", {"target": 60}, ("greedy", "random")),
    ("five-up", {"players": 4, "target": 61}, ("random", "greedy", "heuristic", "random")),
    ("multiples-of-five", {"players": 3, "target": 60}, ("random", "random", "greedy")),
    ("all-fives", {"players": 3, "sniff": "british", "target": 60},
     ("random", "greedy", "random")),
    ("five-up", {"sniff": "us", "target": 61}, ("random", "random")),
    ("five-up", {"spinner_branches_immediate": True, "target": 61}, ("random", "greedy")),
]


@pytest.mark.parametrize("preset,options,kinds", CASES, ids=[
    "all-fives", "five-up-4", "multiples-3", "all-fives-british-sniff", "five-up-us-sniff",
    "five-up-branches-at-once"])
def test_the_inference_says_exactly_what_the_reference_says(
        preset: str, options: dict[str, object], kinds: tuple[str, ...]) -> None:
    rules = Ruleset.preset(preset, **options)
    decisions = events = kept_events = rated = 0
    for seed in range(3):
        game = Game(rules, seed=seed)
        players = [make_player(kind, seed=seed * 10 + s) for s, kind in enumerate(kinds)]
        layouts: list[Layout] = []  # the table before each action of this hand
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
                layouts = []
                continue
            for observer in range(game.players):
                view = game.view(observer)
                know = infer(view, soft=True)
                assert know.slots == reference_slots(game, observer)
                soft, rates = reference_soft(game, layouts, observer)
                assert know.soft == soft
                assert know.keep.keys() == rates.keys()
                for seat, rate in rates.items():
                    assert know.keep[seat] == pytest.approx(rate), seat
                assert know.boneyard_size == view.boneyard_size
                assert know.possible(observer) == 0  # our own tiles are no slot
                decisions += 1
                events += sum(len(e) for e in soft.values())
                kept_events += sum(1 for e in soft.values() for ev in e if ev.kept)
                rated += sum(1 for r in rates.values() if r != (PASSED_OVER, KEPT_HEAVY))
            layouts.append(game.layout.copy())
            game.play(players[game.turn].choose(game.view(game.turn)))
    assert decisions > 100
    assert events > 50 and rated > 20  # there was evidence to get wrong, and rates to learn
    assert kept_events > 5  # ... and events older than a kept draw


def test_without_soft_nothing_soft_is_gathered() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=5)
    players = [make_player("random", seed=1), make_player("random", seed=2)]
    for _ in range(12):
        game.play(players[game.turn].choose(game.view(game.turn)))
    know = infer(game.view(0))
    assert know.soft == {} and know.keep == {}


def test_a_spectator_view_is_refused_with_its_key() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=1)
    with pytest.raises(UsageError) as caught:
        infer(game.view(None))
    assert caught.value.key == "spectator_view"
    assert str(caught.value) == ("a spectator view has no hand to infer from: "
                                 "expected a seat's view")


def test_a_forced_lead_that_is_not_a_double_shows_every_heavier_tile() -> None:
    # No double dealt (All Fives: the heaviest tile leads): each deal holds other tiles.
    rules = Ruleset.preset("all-fives")
    singles = [t for t in TILE_BY_ID if not t.is_double]
    for start in (0, 3, 6):
        hands = singles[start:start + 14]
        rest = [t for t in TILE_BY_ID if t not in hands]
        game = Game(rules, seed=1, deal=Deal((tuple(hands[::2]), tuple(hands[1::2])),
                                             tuple(rest)))
        lead = next(iter(game.legal_moves))
        assert lead.tile is not None and not lead.tile.is_double
        game.play(lead)
        led = HEAVY[lead.tile.id]
        heavier = sum(1 << t for t in range(TILE_COUNT) if HEAVY[t] > led)
        assert heavier & ~DOUBLES_MASK  # some tile that is not a double was heavier
        assert forced_lead_evidence(game.view(1 - game.leader)) == DOUBLES_MASK | heavier


# Hand-made knowledge for the sampler: seat 0 holds tiles 6..9; tiles 0..5 are unseen, dealt
# to seats 1 and 2, three each (no boneyard).
UNSEEN = 0b111111
OUR_HAND = 0b1111 << 6


def knowledge(slots: Mapping[int, tuple[int, ...]],
              soft: dict[int, tuple[SoftEvent, ...]] | None = None,
              keep: dict[int, tuple[float, float]] | None = None) -> Knowledge:
    return Knowledge(0, OUR_HAND, UNSEEN, dict(slots), 0, 3, soft or {}, keep or {})


def allows(tiles: set[int]) -> int:
    """The forbidden mask of a slot that allows only ``tiles`` of the unseen ones."""
    return UNSEEN & ~sum(1 << t for t in tiles)


def test_the_tightest_slots_are_dealt_first() -> None:
    # Seat 1's third slot allows tile 0 alone: dealt after the two free slots, it would find
    # tile 0 taken a third of the time; dealt first, never.
    know = knowledge({1: (0, 0, allows({0})), 2: (0, 0, 0)})
    for seed in range(60):
        deal = _deal(know, know.slots, random.Random(seed), 1, relax=False)
        assert deal is not None, seed
        assert deal[0][1] & 1


# Three slots of seat 1 over tiles 0..2 that a deal meets only one way round (0, 1, 2); the
# greedy deal in order fails a quarter of the time (0 then 2 leaves the third slot nothing).
CROSSED = {1: (allows({0, 1}), allows({1, 2}), allows({0, 2})), 2: (0, 0, 0)}


def test_a_failed_attempt_is_retried_not_relaxed() -> None:
    know = knowledge(CROSSED)
    for seed in range(80):
        hands, bone = sample_deal(know, random.Random(seed))
        assert hands[1] == 0b111 and _fits_slots(hands[1], CROSSED[1]), seed
        assert hands[0] == OUR_HAND and bone == []


def test_slots_nobody_can_meet_are_relaxed_at_the_last_attempt_only() -> None:
    # Two slots allow tile 0 alone: no deal meets both.
    impossible = {1: (allows({0}), allows({0}), 0), 2: (0, 0, 0)}
    know = knowledge(impossible)
    for tries in (1, 2, 20):
        hands, bone = sample_deal(know, random.Random(tries), tries=tries)
        assert [h.bit_count() for h in hands] == [4, 3, 3] and bone == []
        assert (hands[1] | hands[2]) == UNSEEN
    assert _deal(know, know.slots, random.Random(1), 20, relax=False) is None


def test_soft_evidence_never_relaxes_the_hard_evidence() -> None:
    # Seat 1's slots allow tiles 0 and 1 only; its soft event rules both out, always (rate 0):
    # no deal meets that, and the sampler falls back on the hard evidence, never on a deal
    # that breaks it.
    hard = {1: (allows({0, 1}), allows({0, 1}), 0), 2: (0, 0, 0)}
    know = knowledge(hard, {1: (SoftEvent(0b01, 0b10, 0),)}, {1: (0.0, 0.0)})
    for seed in range(40):
        hands, _ = sample_soft(know, random.Random(seed))
        assert hands[1] & 0b11 == 0b11, seed
        assert _fits_slots(hands[1], hard[1])


def test_strict_slots_add_both_kinds_of_soft_evidence_to_the_hard() -> None:
    hard = {1: (allows({0, 1, 2, 3}), 0b100000, 0), 2: (0, 0, 0)}
    # Priors apply to a seat with no rate of its own; strict slots ignore them anyway.
    know = knowledge(hard, {1: (SoftEvent(0b0001, 0b0010, 1),)})
    strict = strict_slots(know)
    assert strict[1] == (hard[1][0], 0b100011, 0b000011)
    assert strict[2] == hard[2]
