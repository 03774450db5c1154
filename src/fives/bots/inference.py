"""What a seat can infer about the hidden tiles, and deals sampled consistently with it.

Hard evidence only (RULES.md §1.3, §1.7): tiles in our hand or on the table are nobody else's;
a player who drew or passed while ends {a, b} were open held no tile carrying a or b at that
moment. Tiles drawn afterwards escape that constraint, so each hidden tile of a seat is a
*slot*: the newest slots (tiles that may have been drawn later) carry fewer constraints than the
oldest. Where the order of plays leaves it open we assume the freer case, so the sampled deals
always include the true one among the possibilities.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fives.errors import UsageError
from fives.tiles import FULL_SET, MATCH, ids_of

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


def infer(view: SeatView) -> Knowledge:
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
    return Knowledge(me, hand, unseen, slots, view.boneyard_size, len(view.hand_sizes))


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
