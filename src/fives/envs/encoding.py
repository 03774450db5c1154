"""The fixed action space and the fixed-size observation vector shared by every environment.

Actions (``NUM_ACTIONS`` = 3166, the same for every preset, player count and option):

- ``port * 28 + tile`` for a placement of ``tile`` (its id, 0-0 is 0 and 6-6 is 27) on
  ``port`` = ``(n - 1) * 4 + slot`` of the n-th tile of the layout (slots 0-3: W, E, N, S on
  the lead; -, out, L, R on a later tile), 0 <= port < 112. Which half touches is implied: the
  half equal to the port's value.
- ``LEAD_BASE + tile`` (3136..3163): lead ``tile``.
- ``DRAW_ACTION`` (3164) and ``PASS_ACTION`` (3165).

The observation of a seat (``OBS_SIZE`` = 1837 float32 values in [-1, 1]) is computed from
what that seat's ``SeatView`` holds and nothing else; seats and sides are relative (index 0 is
the observing seat / its side, then the following seats in turn order). The sections are listed
in ``SECTIONS`` (name, offset, size) and documented in docs/RESEARCH.md.

``encode_view(view)`` is the reference encoder (a ``SeatView`` in, a vector out). The
environments keep each seat's vector through a hand (``SeatObservation``, with the layout
sections of ``LayoutSections``) and rewrite only what changed, reading the same facts from the
game without building a view; the test suite checks that both give the same vector.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from fives.events import Phase
from fives.game import Game
from fives.layout import MAX_NODES, Layout
from fives.moves import DRAW, LEAD_PORT, PASS
from fives.rules import PRESETS, Ruleset
from fives.tiles import HIGH, LOW, TILE_COUNT

if TYPE_CHECKING:
    from fives.views import SeatView

PORTS = MAX_NODES * 4  # 112 port slots
LEAD_BASE = PORTS * TILE_COUNT  # 3136
DRAW_ACTION = LEAD_BASE + TILE_COUNT  # 3164
PASS_ACTION = DRAW_ACTION + 1  # 3165
NUM_ACTIONS = PASS_ACTION + 1  # 3166
MAX_SEATS = 4

Obs = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

# ----------------------------------------------------------------------------- actions
# code -> action index, for every non-negative move code (port << 6 | tile << 1 | flip).
_ACTION_OF_CODE = np.full((LEAD_PORT + 1) << 6, -1, dtype=np.int64)
for _port in range(PORTS):
    for _tid in range(TILE_COUNT):
        for _flip in (0, 1):
            _ACTION_OF_CODE[(_port << 6) | (_tid << 1) | _flip] = _port * TILE_COUNT + _tid
for _tid in range(TILE_COUNT):
    for _flip in (0, 1):
        _ACTION_OF_CODE[(LEAD_PORT << 6) | (_tid << 1) | _flip] = LEAD_BASE + _tid
_ACTION_LIST: list[int] = [int(a) for a in _ACTION_OF_CODE]


def action_of_code(code: int) -> int:
    """The action index of an engine move code."""
    if code == DRAW:
        return DRAW_ACTION
    if code == PASS:
        return PASS_ACTION
    return _ACTION_LIST[code]


def actions_of_codes(codes: Iterable[int]) -> list[int]:
    table = _ACTION_LIST
    return [DRAW_ACTION if c == DRAW else PASS_ACTION if c == PASS else table[c]
            for c in codes]


def code_of_action(action: int, layout: Layout) -> int:
    """The engine move code of an action in this layout (the port's value picks the half that
    touches). The code is not checked for legality: compare with the legal codes."""
    if action == DRAW_ACTION:
        return DRAW
    if action == PASS_ACTION:
        return PASS
    if action >= LEAD_BASE:
        return (LEAD_PORT << 6) | ((action - LEAD_BASE) << 1)
    port, tid = divmod(action, TILE_COUNT)
    flip = 0 if layout.value[port] == HIGH[tid] else 1
    return (port << 6) | (tid << 1) | flip


def describe_action(action: int) -> str:
    """A readable name of an action index (for error messages)."""
    if action == DRAW_ACTION:
        return "draw"
    if action == PASS_ACTION:
        return "pass"
    if action >= LEAD_BASE:
        tid = action - LEAD_BASE
        return f"lead {HIGH[tid]}-{LOW[tid]}"
    port, tid = divmod(action, TILE_COUNT)
    node, slot = divmod(port, 4)
    names = ("W", "E", "N", "S") if node == 0 else ("-", "out", "L", "R")
    return f"{HIGH[tid]}-{LOW[tid]} on #{node + 1}.{names[slot]}"


# ----------------------------------------------------------------------------- observation
SECTIONS: tuple[tuple[str, int], ...] = (
    ("hand", TILE_COUNT),  # own tiles
    ("on_table", TILE_COUNT),  # tiles in the layout
    ("node_tile", MAX_NODES * TILE_COUNT),  # the n-th placed tile, one-hot per node
    ("node_parent", MAX_NODES),  # (parent port + 1) / 112; 0 for the lead and empty nodes
    ("node_touch", MAX_NODES),  # touching half / 6 (lead: the half facing west)
    ("node_spinner", MAX_NODES),  # 1 when the node is a spinner
    ("open_port", PORTS * 7),  # playable port slots, one-hot of their value
    ("total", 1),  # counted total / 400
    ("total_mod5", 5),
    ("total_mod3", 3),
    ("hand_sizes", MAX_SEATS),  # relative seats, tiles / 28
    ("boneyard", 1),  # boneyard size / 28
    ("scores", MAX_SEATS),  # relative sides, score / target, clipped to [-1, 1]
    ("turn", MAX_SEATS),  # relative seat to act, one-hot
    ("leader", MAX_SEATS),  # relative leader, one-hot
    ("phase", len(Phase)),  # play, hand_over, game_over
    ("forced_lead", TILE_COUNT),  # the tile this seat must lead (its own secret)
    ("drew_or_passed_on", MAX_SEATS * 7),  # per relative seat and pip: draws and passes made
    #                                        while that pip was open, / 8, clipped to 1
    ("draws", MAX_SEATS),  # per relative seat, draws this hand / 28
    ("passes", MAX_SEATS),  # per relative seat, passes this hand / 28, clipped to 1
    ("preset", 16),  # one-hot of rules.PRESETS (room for more presets: a stable size)
    ("players", MAX_SEATS),  # one-hot of 1..4
    ("partnerships", 1),
    ("scoring", 4),  # fifths, raw, fives_and_threes, none
    ("spinners", 3),  # none, first_double, every_double
    ("drawing", 1),
    ("branches_immediate", 1),
    ("reserve", 1),  # boneyard reserve / 2
    ("hand_number", 1),  # min(hand number, 20) / 20
    ("target", 1),  # min(target, 500) / 500
    ("sniff", 3),  # none, us, british
)
OFFSET: dict[str, int] = {}
_at = 0
for _name, _size in SECTIONS:
    OFFSET[_name] = _at
    _at += _size
OBS_SIZE = _at

_SCORINGS = ("fifths", "raw", "fives_and_threes", "none")
_PHASE_INDEX = {phase: i for i, phase in enumerate(Phase)}
_SPINNERS = ("none", "first_double", "every_double")
_SNIFFS = ("none", "us", "british")
assert len(PRESETS) <= 16, "the observation has 16 preset slots"
_NODE_ROWS = np.arange(MAX_NODES, dtype=np.int64) * TILE_COUNT + OFFSET["node_tile"]
_OPEN = OFFSET["open_port"]


def rules_vector(rules: Ruleset) -> Obs:
    """The constant part of the observation that describes the ruleset."""
    v = np.zeros(OBS_SIZE, dtype=np.float32)
    v[OFFSET["preset"] + PRESETS.index(rules.name)] = 1
    v[OFFSET["players"] + rules.players - 1] = 1
    v[OFFSET["partnerships"]] = float(rules.partnerships)
    v[OFFSET["scoring"] + _SCORINGS.index(rules.scoring)] = 1
    v[OFFSET["spinners"] + _SPINNERS.index(rules.spinners)] = 1
    v[OFFSET["drawing"]] = float(rules.drawing)
    v[OFFSET["branches_immediate"]] = float(rules.spinner_branches_immediate)
    v[OFFSET["reserve"]] = rules.boneyard_reserve / 2
    v[OFFSET["target"]] = min(rules.target, 500) / 500
    v[OFFSET["sniff"] + _SNIFFS.index(rules.sniff)] = 1
    return v


@functools.lru_cache(maxsize=64)
def shared_rules_vector(rules: Ruleset) -> Obs:
    """``rules_vector(rules)`` computed once per ruleset, read-only (copy it to write)."""
    v = rules_vector(rules)
    v.flags.writeable = False
    return v


# The 14 bits of every 14-bit number as floats: a hand is two table rows.
_HALF_BITS = np.array([[(m >> k) & 1 for k in range(14)] for m in range(1 << 14)],
                      dtype=np.float32)
# The layout sections (on_table .. open_port) lie between these offsets.
LAYOUT_START = OFFSET["on_table"]
LAYOUT_END = OFFSET["open_port"] + PORTS * 7


def write_layout(out: Obs, layout: Layout) -> Obs:
    """Write the layout sections of the observation (``out`` zero there)."""
    o = OFFSET
    n = layout.count
    if n:
        ids = layout.tile_ids[:n]
        out[o["on_table"] + np.asarray(ids)] = 1.0
        out[_NODE_ROWS[:n] + ids] = 1.0
        out[o["node_parent"]:o["node_parent"] + n] = [(p + 1) / PORTS
                                                      for p in layout.parent_port[:n]]
        out[o["node_touch"]:o["node_touch"] + n] = [t / 6 for t in layout.touch[:n]]
        if layout.spinner_count:
            out[o["node_spinner"]:o["node_spinner"] + n] = layout.spinner[:n]
        value = layout.value
        out[[_OPEN + p * 7 + value[p] for p in layout.ends]] = 1.0
    return out


class LayoutSections:
    """The layout sections kept up to date one placement at a time (the environments' fast
    path; ``write_layout`` computes the same from scratch)."""

    __slots__ = ("_open", "vec")

    def __init__(self) -> None:
        self.vec = np.zeros(OBS_SIZE, dtype=np.float32)
        self._open: list[int] = []

    def copy(self) -> LayoutSections:
        other = LayoutSections()
        other.vec = self.vec.copy()
        other._open = self._open[:]
        return other

    def placed(self, layout: Layout) -> None:
        """Record the tile just placed (the last node) and the new playable ports."""
        o = OFFSET
        vec = self.vec
        i = layout.count - 1
        tid = layout.tile_ids[i]
        vec[o["on_table"] + tid] = 1.0
        vec[_NODE_ROWS[i] + tid] = 1.0
        vec[o["node_parent"] + i] = (layout.parent_port[i] + 1) / PORTS
        vec[o["node_touch"] + i] = layout.touch[i] / 6
        if layout.spinner[i]:
            vec[o["node_spinner"] + i] = 1.0
        for k in self._open:  # item by item: cheaper than fancy indexing for a few
            vec[k] = 0.0
        value = layout.value
        self._open = [_OPEN + p * 7 + value[p] for p in layout.ends]
        for k in self._open:
            vec[k] = 1.0


_O_TOTAL = OFFSET["total"]
_O_MOD5 = OFFSET["total_mod5"]
_O_MOD3 = OFFSET["total_mod3"]
_O_SIZES = OFFSET["hand_sizes"]
_O_BONEYARD = OFFSET["boneyard"]
_O_SCORES = OFFSET["scores"]
_O_TURN = OFFSET["turn"]
_O_PHASE = OFFSET["phase"]
_O_SEEN = OFFSET["drew_or_passed_on"]
_EIGHTHS = [c / 8 for c in range(8)]
_PER_28 = [c / 28 for c in range(29)]
_SEEN_END = OFFSET["passes"] + MAX_SEATS  # drew_or_passed_on, draws, passes: one block
assert OFFSET["draws"] == _O_SEEN + MAX_SEATS * 7 and OFFSET["passes"] == _O_SEEN + 32


class SeatObservation:
    """One seat's observation vector kept through a hand (the environments' fast path).

    ``update`` compares the facts the vector was last written from (the layout's size, the
    seat's hand, the hand sizes, the boneyard size, the scores, the turn, the phase and the
    count of draws and passes) with the game's and rewrites only the sections that changed;
    what is constant through a hand (the ruleset, the hand number, the leader, the forced
    lead) is written once. ``fill`` computes the same vector from scratch, and the tests check
    that both agree at every step. Make a new one for each hand (and after the game is
    replaced by another one in the same public position).
    """

    __slots__ = ("_bone", "_count", "_hand", "_hist", "_masks", "_phase", "_scores", "_total",
                 "_turn", "own_side", "players", "rel", "seat", "sides", "target", "vec")

    def __init__(self, rules_vec: Obs, rules: Ruleset, seat: int, game: Game) -> None:
        o = OFFSET
        players = rules.players
        self.seat = seat
        self.players = players
        self.rel = [(seat + k) % players for k in range(players)]
        self.own_side = rules.side_of(seat)
        self.sides = rules.sides
        self.target = rules.target
        vec = self.vec = rules_vec.copy()
        vec[o["hand_number"]] = min(game.hand_number, 20) / 20
        vec[o["leader"] + (game.leader - seat) % players] = 1.0
        forced = game.forced_lead
        if forced is not None and seat == game.leader:
            vec[o["forced_lead"] + forced.id] = 1.0
        self._count = self._total = self._hand = self._bone = self._turn = self._hist = -1
        self._masks: tuple[int, ...] = ()
        self._scores: tuple[int, ...] = ()
        self._phase: Phase | None = None

    def update(self, game: Game, layout_sections: LayoutSections,
               seen: Sequence[Sequence[int]], draws: Sequence[int], passes: Sequence[int],
               history_version: int) -> Obs:
        """Bring the vector up to date with ``game`` (whose layout sections are
        ``layout_sections``; ``seen``, ``draws``, ``passes``: the public history's counts,
        which changed when ``history_version`` did) and return it (not a copy)."""
        vec = self.vec
        layout = game.layout
        if layout.count != self._count:
            self._count = layout.count
            vec[LAYOUT_START:LAYOUT_END] = layout_sections.vec[LAYOUT_START:LAYOUT_END]
            total = layout.total
            old = self._total
            if total != old:
                if old >= 0:
                    vec[_O_MOD5 + old % 5] = 0.0
                    vec[_O_MOD3 + old % 3] = 0.0
                vec[_O_TOTAL] = total / 400
                vec[_O_MOD5 + total % 5] = 1.0
                vec[_O_MOD3 + total % 3] = 1.0
                self._total = total
        seat = self.seat
        masks = game.hand_masks
        if masks != self._masks:  # only the sizes of the other hands are written
            self._masks = masks
            hand = masks[seat]
            if hand != self._hand:
                self._hand = hand
                vec[0:14] = _HALF_BITS[hand & 0x3FFF]
                vec[14:TILE_COUNT] = _HALF_BITS[hand >> 14]
            vec[_O_SIZES:_O_SIZES + self.players] = [_PER_28[masks[s].bit_count()]
                                                     for s in self.rel]
        bone = game.boneyard_size
        if bone != self._bone:
            self._bone = bone
            vec[_O_BONEYARD] = bone / 28
        scores = game.scores
        if scores != self._scores:
            self._scores = scores
            sides, own, target = self.sides, self.own_side, self.target
            vec[_O_SCORES:_O_SCORES + sides] = [
                max(-1.0, min(1.0, scores[(own + k) % sides] / target)) for k in range(sides)]
        turn = game.turn
        if turn != self._turn:
            if self._turn >= 0:
                vec[_O_TURN + (self._turn - seat) % self.players] = 0.0
            vec[_O_TURN + (turn - seat) % self.players] = 1.0
            self._turn = turn
        phase = game.phase
        if phase != self._phase:
            if self._phase is not None:
                vec[_O_PHASE + _PHASE_INDEX[self._phase]] = 0.0
            vec[_O_PHASE + _PHASE_INDEX[phase]] = 1.0
            self._phase = phase
        if history_version != self._hist:
            self._hist = history_version
            block = [0.0] * (_SEEN_END - _O_SEEN)
            eighths, per28 = _EIGHTHS, _PER_28
            for k, s in enumerate(self.rel):
                block[7 * k:7 * k + 7] = [eighths[c] if c < 8 else 1.0 for c in seen[s]]
                block[28 + k] = draws[s] / 28
                p = passes[s]
                block[32 + k] = per28[p] if p <= 28 else 1.0
            vec[_O_SEEN:_SEEN_END] = block
        return vec


def fill(
    out: Obs,
    rules: Ruleset,
    seat: int,
    hand: int,
    hand_sizes: Sequence[int],
    boneyard_size: int,
    scores: Sequence[int],
    turn: int,
    phase: Phase,
    leader: int,
    forced_lead: int,
    hand_number: int,
    layout: Layout,
    seen: Sequence[Sequence[int]],
    draws: Sequence[int],
    passes: Sequence[int],
    layout_sections: Obs | None = None,
) -> Obs:
    """Write one seat's observation into ``out`` (which holds ``rules_vector(rules)``).

    Every argument is something the seat's ``SeatView`` holds: its own hand (a mask), the
    public counts, the public layout and the public history's counts (``seen[s][v]``: draws
    and passes of seat ``s`` while pip ``v`` was open). Sections written here are cleared first.
    ``layout_sections``: the layout sections already computed (``LayoutSections.vec``).
    """
    o = OFFSET
    out[:o["preset"]] = 0.0
    out[o["hand_number"]] = min(hand_number, 20) / 20
    out[0:14] = _HALF_BITS[hand & 0x3FFF]
    out[14:TILE_COUNT] = _HALF_BITS[hand >> 14]
    if layout_sections is None:
        write_layout(out, layout)
    else:
        out[LAYOUT_START:LAYOUT_END] = layout_sections[LAYOUT_START:LAYOUT_END]
    total = layout.total
    out[o["total"]] = total / 400
    out[o["total_mod5"] + total % 5] = 1.0
    out[o["total_mod3"] + total % 3] = 1.0
    players = rules.players
    rel = [(seat + k) % players for k in range(players)]
    out[o["hand_sizes"]:o["hand_sizes"] + players] = [hand_sizes[s] / 28 for s in rel]
    out[o["boneyard"]] = boneyard_size / 28
    sides = len(scores)
    own = rules.side_of(seat)
    target = rules.target
    out[o["scores"]:o["scores"] + sides] = [
        max(-1.0, min(1.0, scores[(own + k) % sides] / target)) for k in range(sides)
    ]
    out[o["turn"] + (turn - seat) % players] = 1.0
    out[o["leader"] + (leader - seat) % players] = 1.0
    out[o["phase"] + _PHASE_INDEX[phase]] = 1.0
    if forced_lead >= 0:
        out[o["forced_lead"] + forced_lead] = 1.0
    base = o["drew_or_passed_on"]
    for k, s in enumerate(rel):
        row = seen[s]
        if any(row):
            out[base + 7 * k:base + 7 * k + 7] = [min(1.0, c / 8) for c in row]
    if any(draws):
        out[o["draws"]:o["draws"] + players] = [draws[s] / 28 for s in rel]
    if any(passes):
        out[o["passes"]:o["passes"] + players] = [min(1.0, passes[s] / 28) for s in rel]
    return out


def history_counts(
    history: Iterable[tuple[int, str, object, object, tuple[int, ...]]], players: int
) -> tuple[list[list[int]], list[int], list[int]]:
    """Per seat: draws and passes made while each pip was open; draws; passes."""
    seen = [[0] * 7 for _ in range(players)]
    draws = [0] * players
    passes = [0] * players
    for seat, kind, _move, _tile, open_values in history:
        if kind == "draw":
            draws[seat] += 1
        elif kind == "pass":
            passes[seat] += 1
        else:
            continue
        row = seen[seat]
        for v in set(open_values):
            row[v] += 1
    return seen, draws, passes


def encode_view(view: SeatView) -> Obs:
    """The reference encoder: the observation vector from a seat's ``SeatView`` alone."""
    if view.seat is None:
        raise ValueError("a spectator's view has no observation: expected a seat's view")
    rules = view.rules
    seen, draws, passes = history_counts(view.history, rules.players)
    hand = 0
    for t in view.hand:
        hand |= 1 << t.id
    return fill(
        rules_vector(rules), rules, view.seat, hand, view.hand_sizes, view.boneyard_size,
        view.scores, view.turn, view.phase, view.leader,
        view.forced_lead.id if view.forced_lead is not None else -1, view.hand_number,
        view.layout, seen, draws, passes,
    )
