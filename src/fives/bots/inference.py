"""What a seat can infer about the hidden tiles, and deals sampled consistently with it.

Hard evidence (RULES.md §1.3, §1.7, §3.1): tiles in our hand or on the table are nobody else's;
a player who drew or passed while ends {a, b} were open held no tile carrying a or b at that
moment; a lead the rules forced (the highest double, else the heaviest tile) shows every tile
that nobody was dealt. Tiles drawn afterwards escape those constraints, so each hidden tile of
a seat is a *slot*: the newest slots (tiles that may have been drawn later) carry fewer
constraints than the oldest. Where the order of plays leaves it open we assume the freer case,
so the sampled deals always include the true one among the possibilities.

Soft evidence: what a player chose not to play. For each placement of a seat we note the tiles
that would have scored more there (a scoring move passed over) and those that would have
scored as much while being heavier (a heavy tile kept); like a void, the event covers the
slots of the tiles held then. ``sample_soft`` takes each event as a constraint unless the
sample ignores it, with a chance learned per seat: a tile the seat places later was in its hand
at its earlier placements, so each such tile shows whether the seat kept to the evidence.
Against a seat that always takes its best score the events sharpen to near-certainty; against
one seen passing scores over they soften. The true hand always keeps a positive chance.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from fives.bots.sim import HEAVY
from fives.errors import UsageError
from fives.layout import Layout
from fives.settlement import MAX_TOTAL, score_rules
from fives.tiles import DOUBLES_MASK, FULL_SET, MATCH, TILE_COUNT, ids_of

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
    # Soft evidence per other seat: one event per placement that passed over tiles.
    soft: dict[int, tuple[SoftEvent, ...]] = field(default_factory=dict)
    # Per seat with soft events: the chance that a sample ignores one (passed over, kept heavy).
    keep: dict[int, tuple[float, float]] = field(default_factory=dict)
    # Per other seat: every placement it chose among others (``bots.belief`` weighs deals by it).
    decisions: dict[int, tuple[Decision, ...]] = field(default_factory=dict)

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
    not_dealt = forced_lead_evidence(view)
    if not_dealt:  # nobody was dealt these: an event before any draw, for every other seat
        for seat in range(len(view.hand_sizes)):
            if seat != me:
                events[seat] = [[not_dealt, 0]]
    replay = _Replay(view, me, unseen) if soft and len(view.hand_sizes) > 1 else None
    history = list(view.history)
    for k, action in enumerate(history):
        seat = action.seat
        if replay is not None and action.kind in ("place", "lead") and action.move is not None:
            tile = action.move.tile
            replay.place(seat, action.move.code, None if tile is None else tile.id,
                         k > 0 and history[k - 1].seat == seat and history[k - 1].kind == "draw")
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
                if replay is not None:
                    replay.kept_draw(seat)
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
    evidence: dict[int, tuple[SoftEvent, ...]] = {}
    keep: dict[int, tuple[float, float]] = {}
    if replay is not None:
        evidence = {seat: tuple(SoftEvent(*e) for e in evs)
                    for seat, evs in replay.events.items() if seat in slots}
        keep = replay.keep_rates()
    decisions = {} if replay is None else {
        seat: tuple(ds) for seat, ds in replay.decisions.items() if seat in slots}
    return Knowledge(
        me, hand, unseen, slots, view.boneyard_size, len(view.hand_sizes), evidence, keep,
        decisions,
    )


def forced_lead_evidence(view: SeatView) -> int:
    """Tiles that no seat was dealt, shown by a lead the rules forced (RULES.md §3.1: the
    holder of the highest double must lead it, else the holder of the heaviest tile): every
    higher double, and for a lead that is not a double every double and every heavier tile.
    0 when this hand's lead was not forced or cannot be told from the view."""
    history = view.history
    if not history or history[0].kind != "lead" or history[0].move is None:
        return 0
    tile = history[0].move.tile
    rules = view.rules
    # After the first hand, whether the lead was forced may hang on how the last hand ended,
    # which the view of this hand no longer shows: then claim nothing.
    forced = rules.opener == "highest_double_each_hand" or (
        rules.opener == "winner_else_highest_double" and view.hand_number == 1)
    if tile is None or not forced:
        return 0
    if tile.is_double:  # double ids grow with their value
        return DOUBLES_MASK & ~((1 << (tile.id + 1)) - 1)
    led = HEAVY[tile.id]
    return DOUBLES_MASK | sum(1 << t for t in range(TILE_COUNT) if HEAVY[t] > led)


PASSED_OVER = 0.25  # prior chance that a seat passes over a better-scoring move ...
KEPT_HEAVY = 0.7  # ... or keeps a heavier tile that would have scored as much
SOFT_TRIES = 4  # attempts at a deal meeting the soft constraints drawn, before the hard-only one


class SoftEvent(NamedTuple):
    """What one placement of a seat says about the tiles it held then."""

    beat: int  # unseen tiles that would have scored more there (a scoring move passed over)
    heavy: int  # unseen tiles that would have scored as much while heavier (a heavy tile kept)
    kept: int  # draws the seat kept afterwards: its newest ``kept`` slots escape this event


@dataclass
class Decision:
    """One placement of another seat that had a choice: what it played and what else would have
    fitted there, for the player model of ``bots.belief``. Scores are raw points."""

    points: int  # what the play scored
    tile: int  # the tile it placed
    scores: dict[int, int]  # every other tile it might have held that fitted: its best score
    known: list[int] = field(default_factory=list)  # of those, tiles it placed later: held then
    kept: int = 0  # draws kept afterwards: its newest ``kept`` slots were not held then


class _Replay:
    """Replays the hand's placements on a fresh layout, noting each other seat's soft events
    and learning how faithfully each seat follows them.

    The learning: a tile a seat places was in its hand at each of its earlier placements
    since its last kept draw (unless it was just drawn). If that tile would have scored more
    there, the seat did pass over a better move; if it fitted and scored no more, the seat
    kept to the rule. The counts give each seat's chance of ignoring the evidence, starting
    from the priors above, so a seat seen passing over scores is believed less."""

    def __init__(self, view: SeatView, me: int, unseen: int) -> None:
        rules = view.rules
        self.me = me
        self.unseen = unseen
        self.table = score_rules(rules).score_table
        self.layout = Layout(rules.spinners, rules.spinner_branches_immediate, rules.sniff)
        later: dict[int, int] = {}  # tiles each seat places in this hand
        for action in view.history:
            if action.kind in ("place", "lead") and action.move is not None and (
                    action.move.tile is not None):
                later[action.seat] = later.get(action.seat, 0) | 1 << action.move.tile.id
        self.later = later
        # Per seat: its placements since its last kept draw, as (scores by tile, points, played).
        self.open: dict[int, list[tuple[dict[int, int], int, int]]] = {}
        # Per seat: [fitting alternatives seen, of which scored more, scored as much, of which
        # heavier].
        self.counts: dict[int, list[int]] = {}
        self.events: dict[int, list[list[int]]] = {}  # per seat: [beat, heavy, kept]
        self.decisions: dict[int, list[Decision]] = {}
        self.since: dict[int, list[Decision]] = {}  # per seat: decisions since its last kept draw
        self.scale = 5 if score_rules(rules).displayed else 1

    def place(self, seat: int, code: int, tid: int | None, after_draw: bool) -> None:
        layout = self.layout
        if seat != self.me and layout.count and tid is not None and not after_draw:
            table = self.table
            total = layout.place_code(code)
            layout.undo()
            points = table[total] if total < MAX_TOTAL else 0
            counts = self.counts.setdefault(seat, [0, 0, 0, 0])
            for earlier, was, played in self.open.get(seat, ()):
                score = earlier.get(tid)
                if score is None:
                    continue
                if score > was:
                    counts[0] += 1
                    counts[1] += 1
                elif score == was:
                    counts[2] += 1
                    if HEAVY[tid] > HEAVY[played]:
                        counts[3] += 1
                else:
                    counts[0] += 1
            candidates = (self.unseen | self.later.get(seat, 0)) & layout.ends_mask()
            scores: dict[int, int] = {}
            beat = heavy = 0
            for other in ids_of(candidates & ~(1 << tid)):
                best = 0
                for c in layout.placement_codes(1 << other):
                    t = layout.place_code(c)
                    layout.undo()
                    if t < MAX_TOTAL and table[t] > best:
                        best = table[t]
                scores[other] = best
                if not self.unseen >> other & 1:
                    continue
                if best > points:
                    beat |= 1 << other
                elif best == points and HEAVY[other] > HEAVY[tid]:
                    heavy |= 1 << other
            self.open.setdefault(seat, []).append((scores, points, tid))
            since = self.since.setdefault(seat, [])
            for decision in since:
                if tid in decision.scores:
                    decision.known.append(tid)
            if scores:
                scale = self.scale
                decision = Decision(points * scale, tid,
                                    {t: v * scale for t, v in scores.items()})
                since.append(decision)
                self.decisions.setdefault(seat, []).append(decision)
            if beat or heavy:
                self.events.setdefault(seat, []).append([beat, heavy, 0])
        layout.place_code(code)

    def kept_draw(self, seat: int) -> None:
        self.open.pop(seat, None)  # a later placement may be the new tile
        self.since.pop(seat, None)
        for event in self.events.get(seat, ()):
            event[2] += 1
        for decision in self.decisions.get(seat, ()):
            decision.kept += 1

    def keep_rates(self) -> dict[int, tuple[float, float]]:
        """Per seat, the chance that a sample ignores one of its passed-over / kept-heavy
        events: the priors, updated by what its later placements showed.

        A rate is how often the seat went against the evidence, relative to a seat that does
        not care: among the tiles seen that scored differently from its play, such a seat
        played the lower score half the time, as it kept the heavier of equal scorers. So a
        seat seen going against it half the time is ignored entirely (rate 1), and one never
        seen doing so keeps only its share of the prior."""
        out = {}
        for seat in self.events:
            fit, beat, equal, heavier = self.counts.get(seat, (0, 0, 0, 0))
            out[seat] = (min(1.0, (2 * beat + PASSED_OVER) / (fit + 1)),
                         min(1.0, (2 * heavier + KEPT_HEAVY) / (equal + 1)))
        return out


def strict_slots(knowledge: Knowledge) -> dict[int, tuple[int, ...]]:
    """The slots with every soft event taken as hard: the deals of a seat that always plays
    its best-scoring tile, the heaviest among equals (as greedy does)."""
    return _with_soft(knowledge, None)


def _with_soft(
    knowledge: Knowledge, rng: random.Random | None
) -> dict[int, tuple[int, ...]]:
    slots = dict(knowledge.slots)
    for seat, events in knowledge.soft.items():
        keep_beat, keep_heavy = knowledge.keep.get(seat, (PASSED_OVER, KEPT_HEAVY))
        masks = list(slots[seat])
        for beat, heavy, kept in events:
            extra = 0
            if beat and (rng is None or rng.random() >= keep_beat):
                extra |= beat
            if heavy and (rng is None or rng.random() >= keep_heavy):
                extra |= heavy
            if extra:
                for i in range(kept, len(masks)):
                    masks[i] |= extra
        slots[seat] = tuple(masks)
    return slots


def sample_soft(
    knowledge: Knowledge, rng: random.Random, tries: int = SOFT_TRIES
) -> tuple[list[int], list[int]]:
    """``sample_deal`` weighted by the soft evidence: each event is taken as a hard constraint
    on the slots it covers unless the sample ignores it (with the seat's keep rate), and a
    deal meeting them is drawn; when none is found in ``tries`` attempts, a deal meeting the
    hard evidence alone. So no deal that the hard evidence allows is ever excluded."""
    if not knowledge.soft:
        return sample_deal(knowledge, rng)
    deal = _deal(knowledge, _with_soft(knowledge, rng), rng, tries, relax=False)
    return deal if deal is not None else sample_deal(knowledge, rng)


def sample_deal(
    knowledge: Knowledge, rng: random.Random, tries: int = 20
) -> tuple[list[int], list[int]]:
    """Hands (masks, per seat; ours as known) and a boneyard (tile ids, top first).

    Slots with the fewest allowed tiles are dealt first; when the constraints cannot be met
    (they always can for the truth, but the relaxation may paint us into a corner) we retry,
    and in the end drop the constraint for the slot that fails.
    """
    deal = _deal(knowledge, knowledge.slots, rng, tries, relax=True)
    assert deal is not None  # the last attempt relaxes every constraint
    return deal


def _deal(
    knowledge: Knowledge, slots: dict[int, tuple[int, ...]], rng: random.Random, tries: int,
    *, relax: bool, held: dict[int, list[int]] | None = None,
) -> tuple[list[int], list[int]] | None:
    """A deal meeting ``slots``; with ``held``, also each seat's tile per slot (newest first)."""
    order: list[tuple[int, int, int]] = []  # (seat, forbidden, slot)
    for seat in sorted(slots):
        for i, forbidden in enumerate(slots[seat]):
            order.append((seat, forbidden, i))
    unseen = knowledge.unseen
    order.sort(key=lambda sf: (unseen & ~sf[1]).bit_count())
    for attempt in range(tries):
        last = relax and attempt == tries - 1
        pool = unseen
        hands = [0] * knowledge.players
        ok = True
        for seat, forbidden, i in order:
            allowed = pool & ~forbidden
            if not allowed:
                if not last:
                    ok = False
                    break
                allowed = pool
            tid = _pick(allowed, rng)
            pool &= ~(1 << tid)
            hands[seat] |= 1 << tid
            if held is not None:
                held[seat][i] = tid
        if ok:
            hands[knowledge.seat] = knowledge.hand
            bone = ids_of(pool)
            rng.shuffle(bone)
            return hands, bone
    return None


def _pick(mask: int, rng: random.Random) -> int:
    ids = ids_of(mask)
    return ids[rng.randrange(len(ids))]
