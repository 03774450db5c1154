"""What a seat can infer about the hidden tiles, and deals sampled consistently with it.

Hard evidence (RULES.md §1.3, §1.7): tiles in our hand or on the table are nobody else's; a
player who drew or passed while ends {a, b} were open held no tile carrying a or b at that
moment. Tiles drawn afterwards escape that constraint, so each hidden tile of a seat is a
*slot*: the newest slots (tiles that may have been drawn later) carry fewer constraints than the
oldest. Where the order of plays leaves it open we assume the freer case, so the sampled deals
always include the true one among the possibilities.

Soft evidence: what a player chose not to play. For each placement a seat made since its last
draw (so every tile it holds now was in its hand then) we note the tiles that would have scored
more there (a scoring move passed over) and those that would have scored as much while being
heavier (a heavy tile kept). A sampled hand holding such tiles is less likely, not impossible:
``sample_soft`` accepts it with a probability below one (``PASSED_OVER``, ``KEPT_HEAVY`` per
placement), so the true hand always keeps a positive chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from fives.errors import UsageError
from fives.layout import Layout
from fives.settlement import MAX_TOTAL, score_rules
from fives.tiles import FULL_SET, HIGH, MATCH, PIPS, ids_of

if TYPE_CHECKING:
    from fives.views import SeatView


@dataclass(frozen=True)
class Knowledge:
    """One seat's knowledge of the hidden tiles."""

    seat: int
    hand: int  # our own tiles (mask)
    unseen: int  # tiles neither in our hand nor on the table (mask)
    # For every other seat: one forbidden-tiles mask per tile it holds, newest tile first.
    slots: dict[int, tuple[int, ...]]
    boneyard_size: int
    players: int
    # Soft evidence per other seat: one (passed-over tiles, kept-heavy tiles) pair of masks per
    # placement it made since its last draw.
    soft: dict[int, tuple[tuple[int, int], ...]] = field(default_factory=dict)

    def possible(self, seat: int) -> int:
        """Tiles that ``seat`` may hold (in at least one of its slots)."""
        slots = self.slots.get(seat)
        if not slots:
            return 0
        return self.unseen & ~slots[0]


def pips_mask(values: object) -> int:
    """Tiles carrying any of the given pip values."""
    m = 0
    for v in values:  # type: ignore[attr-defined]
        m |= MATCH[v]
    return m


def infer(view: SeatView, *, soft: bool = False) -> Knowledge:
    """What ``view``'s seat knows; with ``soft`` also the soft evidence (a replay of the
    hand's placements, which only the expert uses)."""
    if view.seat is None:
        raise UsageError("a spectator view has no hand to infer from: expected a seat's view",
                         key="spectator_view")
    me = view.seat
    hand = 0
    for t in view.hand:
        hand |= 1 << t.id
    layout = view.layout
    table = 0
    for i in range(layout.count):
        table |= 1 << layout.tile_ids[i]
    unseen = FULL_SET & ~hand & ~table
    # Per seat, the void events in order: (forbidden tile mask, draws that follow and are kept).
    events: dict[int, list[list[int]]] = {}
    history = list(view.history)
    for k, action in enumerate(history):
        seat = action.seat
        if seat == me or action.kind not in ("draw", "pass"):
            continue
        forbidden = pips_mask(action.open_values)
        seat_events = events.setdefault(seat, [])
        seat_events.append([forbidden, 0])
        if action.kind == "draw":
            # Was the drawn tile placed at once (the seat's next action is a placement)?
            placed = False
            for later in history[k + 1 :]:
                if later.seat == seat:
                    placed = later.kind in ("place", "lead")
                    break
            if not placed:
                for ev in seat_events:  # a kept tile escapes every earlier constraint
                    ev[1] += 1
    slots: dict[int, tuple[int, ...]] = {}
    for seat, size in enumerate(view.hand_sizes):
        if seat == me:
            continue
        seat_events = events.get(seat, [])
        masks = []
        for i in range(size):
            forbidden = 0
            for mask, kept in seat_events:
                if kept <= i:
                    forbidden |= mask
            masks.append(forbidden)
        slots[seat] = tuple(masks)
    evidence = _soft_evidence(view, me, unseen) if soft else {}
    return Knowledge(
        me, hand, unseen, slots, view.boneyard_size, len(view.hand_sizes), evidence
    )


PASSED_OVER = 0.25  # chance of keeping a sample whose seat passed over a better-scoring move
KEPT_HEAVY = 0.7  # ... or kept a heavier tile that scored as much
SOFT_TRIES = 8


def _heavy(tid: int) -> int:
    return PIPS[tid] * 8 + HIGH[tid]


def _soft_evidence(
    view: SeatView, me: int, unseen: int
) -> dict[int, tuple[tuple[int, int], ...]]:
    """Per other seat, the (passed-over, kept-heavy) masks of its placements since its last
    draw, found by replaying the hand's placements on a fresh layout."""
    rules = view.rules
    history = view.history
    if len(view.hand_sizes) < 2 or not history:
        return {}
    table = score_rules(rules).score_table
    last_draw: dict[int, int] = {}
    for k, action in enumerate(history):
        if action.kind == "draw":
            last_draw[action.seat] = k
    layout = Layout(rules.spinners, rules.spinner_branches_immediate, rules.sniff)
    out: dict[int, list[tuple[int, int]]] = {}
    for k, action in enumerate(history):
        move = action.move
        if action.kind not in ("place", "lead") or move is None:
            continue
        seat = action.seat
        if (seat != me and k > last_draw.get(seat, -1) and layout.count
                and move.tile is not None):
            played = move.tile.id
            total = layout.place_code(move.code)
            layout.undo()
            points = table[total] if total < MAX_TOTAL else 0
            beat = heavy = 0
            for tid in ids_of(unseen & layout.ends_mask()):
                best = 0
                for code in layout.placement_codes(1 << tid):
                    t = layout.place_code(code)
                    layout.undo()
                    if t < MAX_TOTAL and table[t] > best:
                        best = table[t]
                if best > points:
                    beat |= 1 << tid
                elif best == points and _heavy(tid) > _heavy(played):
                    heavy |= 1 << tid
            if beat or heavy:
                out.setdefault(seat, []).append((beat, heavy))
        layout.place_code(move.code)
    return {seat: tuple(events) for seat, events in out.items()}


def soft_weight(knowledge: Knowledge, hands: list[int]) -> float:
    """The relative likelihood (0 < w <= 1) of a sampled deal under the soft evidence."""
    w = 1.0
    for seat, events in knowledge.soft.items():
        hand = hands[seat]
        for beat, heavy in events:
            if hand & beat:
                w *= PASSED_OVER
            elif hand & heavy:
                w *= KEPT_HEAVY
    return w


def sample_soft(
    knowledge: Knowledge, rng: random.Random, tries: int = SOFT_TRIES
) -> tuple[list[int], list[int]]:
    """``sample_deal`` weighted by the soft evidence: each sample is kept with probability
    ``soft_weight``; after ``tries`` samples the last one is kept whatever its weight, so no
    deal that the hard evidence allows is ever excluded."""
    hands, bone = sample_deal(knowledge, rng)
    if not knowledge.soft:
        return hands, bone
    for _ in range(tries - 1):
        w = soft_weight(knowledge, hands)
        if w >= 1.0 or rng.random() < w:
            break
        hands, bone = sample_deal(knowledge, rng)
    return hands, bone


def sample_deal(
    knowledge: Knowledge, rng: random.Random, tries: int = 20
) -> tuple[list[int], list[int]]:
    """Hands (masks, per seat; ours as known) and a boneyard (tile ids, top first).

    Slots with the fewest allowed tiles are dealt first; when the constraints cannot be met
    (they always can for the truth, but the relaxation may paint us into a corner) we retry,
    and in the end drop the constraint for the slot that fails.
    """
    seats = sorted(knowledge.slots)
    order: list[tuple[int, int]] = []  # (seat, forbidden)
    for seat in seats:
        for forbidden in knowledge.slots[seat]:
            order.append((seat, forbidden))
    unseen = knowledge.unseen
    order.sort(key=lambda sf: (unseen & ~sf[1]).bit_count())
    for attempt in range(tries):
        relax = attempt == tries - 1
        pool = unseen
        hands = [0] * knowledge.players
        ok = True
        for seat, forbidden in order:
            allowed = pool & ~forbidden
            if not allowed:
                if not relax:
                    ok = False
                    break
                allowed = pool
            tid = _pick(allowed, rng)
            pool &= ~(1 << tid)
            hands[seat] |= 1 << tid
        if ok:
            hands[knowledge.seat] = knowledge.hand
            bone = ids_of(pool)
            rng.shuffle(bone)
            return hands, bone
    raise AssertionError("unreachable: the last attempt relaxes every constraint")


def _pick(mask: int, rng: random.Random) -> int:
    ids = ids_of(mask)
    return ids[rng.randrange(len(ids))]
