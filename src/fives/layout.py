"""The layout: the tree of placed tiles of RULES.md §1.4.

Each node has four port slots: on the lead W, E (in-line) and N, S (branches); on a later tile
slot 0 is the side touching its parent (always occupied), then out (in-line) and L, R
(branches). Branch ports exist only on spinners and stay locked until every in-line port of
the spinner is occupied (unless ``branches_immediate``). Ports are ints ``node_index * 4 +
slot`` so the hot paths work on plain lists; the counted total and the playable ports are
kept up to date on every placement and restored on undo.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Literal, NamedTuple, NotRequired, TypedDict

from fives.errors import IllegalMoveError
from fives.moves import CHILD_PORTS, LEAD_PORT, LEAD_PORTS, Move
from fives.tiles import HIGH, IS_DOUBLE, LOW, MATCH, PLACE_PARTS, TILE_BY_ID, Tile

SpinnerPolicy = Literal["none", "first_double", "every_double"]
SniffForm = Literal["none", "us", "british"]
MAX_NODES = 28


# (touching, outer) halves of a placement by the low 6 bits of its code: (tile << 1) | flip.
_HALVES = tuple(
    (LOW[code >> 1], HIGH[code >> 1]) if code & 1 else (HIGH[code >> 1], LOW[code >> 1])
    for code in range(2 * len(HIGH))
)


class Node(NamedTuple):
    n: int  # 1-based placement index (#n)
    tile: Tile
    parent: int  # #n of the parent, 0 for the lead
    port: str  # the parent's port it sits on ("" for the lead)
    touching: int  # the half touching the parent (lead: the half facing west)
    outer: int  # the outward half (lead: the half facing east)
    spinner: bool


class End(NamedTuple):
    node: int  # #n
    port: str
    value: int


class CountedPart(NamedTuple):
    """One term of the counted total: the end ``port`` of tile #``node``, of ``value`` pips,
    counted ``times`` times (2: a double across the line counts both halves, §1.4)."""

    node: int
    port: str
    value: int
    times: int


class NodeJSON(TypedDict):
    n: int
    tile: str
    parent: int
    port: str
    touching: int
    outer: int
    double: bool
    spinner: bool


class EndJSON(TypedDict):
    node: int
    port: str
    value: int


class LayoutJSON(TypedDict):
    """``Layout.to_json()``: the nodes, the playable ports, the counted total, and the sniff's
    form in force where the rules have a sniff (§9 O4)."""

    nodes: list[NodeJSON]
    ends: list[EndJSON]
    total: int
    sniff: NotRequired[SniffForm]


def port_name(port: int) -> str:
    node, slot = divmod(port, 4)
    return LEAD_PORTS[slot] if node == 0 else CHILD_PORTS[slot]


class Layout:
    """The tiles on the table. Drive it with ``apply``/``undo`` or the code-level fast path."""

    __slots__ = (
        "_undo",
        "branches_immediate",
        "count",
        "dead",
        "ends",
        "forget_undo",
        "inline_free",
        "parent_port",
        "sniff",
        "sniff_choice",
        "sniff_default",
        "spinner",
        "spinner_count",
        "spinners",
        "tile_ids",
        "total",
        "touch",
        "value",
    )

    def __init__(
        self, spinners: SpinnerPolicy = "every_double", branches_immediate: bool = False,
        sniff: SniffForm = "none", sniff_choice: bool = False,
    ) -> None:
        if spinners not in ("none", "first_double", "every_double"):
            raise ValueError(f"unknown spinner policy {spinners!r}")
        if sniff not in ("none", "us", "british"):
            raise ValueError(f"unknown sniff form {sniff!r}")
        # RULES.md §9 O4: with a sniff the first double is the only spinner (the sniff).
        self.spinners: SpinnerPolicy = "first_double" if sniff != "none" else spinners
        self.branches_immediate = branches_immediate
        # ``us``: a crosswise spinner whose free branch ports keep counting v each once both
        # in-line sides are covered; ``british``: laid endwise (counts by its free in-line
        # ends), its two sides take one tile each at once, and those side tiles count for
        # the rest of the hand but are never extended (``dead`` ports).
        # With ``sniff_choice`` (§9 O4 ``sniff_orientation_choice``) the sniff's placer chooses
        # the form: bit 0 of the code on the sniff is 1 for British, 0 for US; ``sniff`` is then
        # the form in force in this hand (``sniff_default`` until the sniff is down).
        self.sniff: SniffForm = sniff
        self.sniff_default: SniffForm = sniff
        self.sniff_choice = sniff_choice and sniff != "none"
        self.count = 0
        self.total = 0
        self.ends: list[int] = []  # playable ports
        self.value = [0] * (MAX_NODES * 4)  # value of each port
        self.tile_ids = [0] * MAX_NODES
        self.parent_port = [-1] * MAX_NODES
        self.touch = [0] * MAX_NODES  # value of the touching half (lead: west)
        self.spinner = [False] * MAX_NODES
        self.inline_free = [0] * MAX_NODES  # free in-line ports of each node
        self.spinner_count = 0
        self.dead = 0  # side tiles of a British sniff placed (their outward end never extends)
        # Per placement: the total before it, the slot of ``ends`` it took over (-1 for the
        # lead) and how many ends it appended.
        self._undo: list[tuple[int, int, int]] = []
        # ``forget_undo()`` drops the undo history (after a checked move: what is played stays
        # played). It is the list's own ``clear``, so the checked path pays no Python call.
        self.forget_undo: Callable[[], None] = self._undo.clear

    def clear(self) -> None:
        """Take every tile off (a new hand); the per-node arrays are overwritten as tiles come."""
        if self.spinner_count:
            self.spinner[:self.count] = [False] * self.count
        self.count = 0
        self.total = 0
        self.ends.clear()
        self.spinner_count = 0
        self.sniff = self.sniff_default
        self.dead = 0
        self._undo.clear()

    # ----------------------------------------------------------------- fast path
    def place_code(self, code: int) -> int:
        """Place by move code (unchecked); return the new counted total."""
        port = code >> 6
        if port == LEAD_PORT:
            return self._place_lead(code)
        # A later tile takes the parent's port; its outward side becomes an end in that slot
        # of the list, so undo only has to put the port back (and drop what was appended).
        # Written for the common case (a plain tile on an in-line port): doubles branch off.
        tid = (code >> 1) & 31
        touching, outer = _HALVES[code & 63]
        i = self.count
        self.tile_ids[i] = tid
        self.touch[i] = touching
        self.count = i + 1
        self.parent_port[i] = port
        out = (i << 2) + 1
        self.value[out] = outer
        self.inline_free[i] = 1
        ends = self.ends
        idx = ends.index(port)
        ends[idx] = out
        total = self.total
        appended = 0
        if IS_DOUBLE[tid]:
            new_total = total + 2 * outer
            if self._becomes_spinner(i, outer):
                if self.sniff_choice:
                    self.sniff = "british" if code & 1 else "us"
                if self.sniff == "british":
                    new_total -= outer  # endwise: only its free out end counts
                    ends.append(out + 1)
                    ends.append(out + 2)
                    appended = 2
                elif self.branches_immediate:
                    ends.append(out + 1)
                    ends.append(out + 2)
                    appended = 2
        else:
            new_total = total + outer
        if self.sniff != "none" and (port & 3) >= 2:
            # A tile on a branch of the sniff.
            if self.sniff == "us":
                new_total -= touching  # one exposed branch end fewer
            else:
                del ends[idx]  # a British side tile counts but is never extended
                self.dead += 1
                appended = -1
        elif (port & 3) < 2:
            # An in-line port of the parent is now occupied (slot 0 is in-line only on the lead).
            p = port >> 2
            if IS_DOUBLE[self.tile_ids[p]]:
                free = self.inline_free[p] - 1
                self.inline_free[p] = free
                sniff = self.sniff if self.spinner[p] else "none"
                if sniff == "british":
                    new_total -= touching  # endwise: one free end fewer
                elif free == 0:
                    # two doubles are never adjacent; a US sniff's two branch ends now count
                    new_total -= 0 if sniff == "us" else 2 * touching
                    if self.spinner[p] and not self.branches_immediate:
                        ends.append((p << 2) + 2)
                        ends.append((p << 2) + 3)
                        appended += 2
            else:
                new_total -= touching
        self._undo.append((total, idx, appended))
        self.total = new_total
        return new_total

    def _place_lead(self, code: int) -> int:
        tid = (code >> 1) & 31
        west, east = _HALVES[code & 63]
        i = self.count
        base = i << 2
        value = self.value
        ends = self.ends
        self.tile_ids[i] = tid
        self.touch[i] = west
        self.count = i + 1
        self.parent_port[i] = -1
        self.inline_free[i] = 2
        value[base] = west
        value[base + 1] = east
        ends.append(base)
        ends.append(base + 1)
        double = IS_DOUBLE[tid]
        if double and self._becomes_spinner(i, east):
            if self.sniff_choice:
                self.sniff = "british" if code & 1 else "us"
            if self.branches_immediate or self.sniff == "british":
                ends.append(base + 2)
                ends.append(base + 3)
        self._undo.append((0, -1, 0))
        self.total = 2 * east if double else west + east
        return self.total

    def _becomes_spinner(self, i: int, pips: int) -> bool:
        """Whether the double just placed as node ``i`` is a spinner; if so mark it and give
        its branch ports their value (they open later unless ``branches_immediate``)."""
        policy = self.spinners
        if policy == "every_double" or (policy == "first_double" and not self.spinner_count):
            self.spinner_count += 1
            self.spinner[i] = True  # the slots past ``count`` are kept False
            self.value[(i << 2) + 2] = self.value[(i << 2) + 3] = pips
            return True
        return False

    def undo(self) -> None:
        """Take the last tile back."""
        i = self.count - 1
        if i < 0 or not self._undo:  # empty, or placed before a copy / a checked play
            raise IllegalMoveError("no tile to take back: undo follows place_code/apply only",
                                   key="nothing_to_undo")
        total, idx, appended = self._undo.pop()
        self.total = total
        ends = self.ends
        if self.spinner[i]:
            self.spinner_count -= 1
            self.spinner[i] = False
            self.sniff = self.sniff_default
        port = self.parent_port[i]
        if idx < 0:
            ends.clear()
        elif appended < 0:  # a British sniff's side tile: its port comes back
            ends.insert(idx, port)
            self.dead -= 1
        else:
            if appended:
                del ends[-appended:]
            ends[idx] = port
            if (port & 3) < 2:
                self.inline_free[port >> 2] += 1
        self.count = i

    def ends_mask(self) -> int:
        """Mask of the tiles that fit at least one playable port."""
        m = 0
        value = self.value
        for p in self.ends:
            m |= MATCH[value[p]]
        return m

    def placement_codes(self, hand: int) -> list[int]:
        """Codes of every legal placement of the tiles in ``hand`` (a mask)."""
        out: list[int] = []
        value = self.value
        for p in self.ends:
            v = value[p]
            parts = PLACE_PARTS[v][hand & MATCH[v]]
            if parts:
                base = p << 6
                out += [base | q for q in parts]
        if self.sniff_choice and not self.spinner_count:
            return self.with_forms(out)
        return out

    @property
    def sniff_open(self) -> bool:
        """Whether the next double placed is a sniff whose placer chooses its form (§9 O4)."""
        return self.sniff_choice and not self.spinner_count

    def with_forms(self, codes: list[int]) -> list[int]:
        """``codes`` where each lead or placement of a double comes in both forms of the sniff:
        US (bit 0 clear) then British (bit 0 set). Only while ``sniff_open``."""
        out: list[int] = []
        for c in codes:
            out.append(c)
            if c >= 0 and IS_DOUBLE[(c >> 1) & 31]:
                out.append(c | 1)
        return out

    def is_placement_legal(self, code: int) -> bool:
        port = code >> 6
        tid = (code >> 1) & 31
        if code & 1 and IS_DOUBLE[tid] and not self.sniff_open:
            return False  # a form chosen where no sniff is being placed
        if port == LEAD_PORT:
            return self.count == 0
        if port not in self.ends:
            return False
        touching = LOW[tid] if code & 1 else HIGH[tid]
        return self.value[port] == touching

    # ----------------------------------------------------------------- public API
    def apply(self, move: Move) -> int:
        """Apply a lead or placement, checked against the layout; return the new total."""
        if move.code & 1 and move.tile is not None and move.tile.is_double and (
                not self.sniff_open):
            raise self._refused(move, "no_form", "no sniff whose form its placer chooses is "
                                "being placed")
        if move.kind == "lead":
            if self.count:
                raise self._refused(move, "already_led", "the hand has already been led")
        elif move.kind == "place":
            if not self.count:
                raise self._refused(move, "not_led", "the hand must first be led")
            if not self.is_placement_legal(move.code):
                ends = ", ".join(f"#{e.node}.{e.port}={e.value}" for e in self.ends_list())
                raise self._refused(
                    move, "port_closed", f"that port is not playable with {move.touching} "
                    f"(playable ports: {ends or 'none'})", touching=move.touching)
        else:
            raise self._refused(move, "not_placement", "it is not a lead or a placement")
        return self.place_code(move.code)

    def _refused(self, move: Move, reason: str, why: str, **params: object) -> IllegalMoveError:
        """The error for ``move`` refused by the layout: ``reason`` is an id of the catalog's
        ``error.reason.*`` and ``legal`` the tile's legal placements here, as ``Game`` gives."""
        tile = move.tile
        legal = " ".join(m.notation(explicit=True) for m in self.placements(tile)) if (
            tile is not None) else ""
        legal = legal or "none"
        text = move.notation(explicit=True)
        return IllegalMoveError(f"illegal move {text!r}: {why}; legal: {legal}",
                                key="illegal_move", move=text, reason=reason, legal=legal,
                                **params)

    def __len__(self) -> int:
        return self.count

    @property
    def nodes(self) -> list[Node]:
        return [self.node(n) for n in range(1, self.count + 1)]

    def node(self, n: int) -> Node:
        """Tile #``n`` (1-based) as ``nodes`` lists it."""
        i = n - 1
        if not 0 <= i < self.count:
            raise IndexError(f"no tile #{n} in a layout of {self.count}")
        return _node(n, self.tile_ids[i], self.parent_port[i], self.touch[i], self.spinner[i])

    def ends_list(self) -> list[End]:
        """The playable ports, by node, in-line before branch."""
        # Port numbers grow by node, then in-line ports (0, 1) before branch ports (2, 3).
        return [End(p // 4 + 1, port_name(p), self.value[p]) for p in sorted(self.ends)]

    def counted_parts(self) -> list[CountedPart]:
        """The terms of the counted total (RULES.md §1.4, the sniff of §9 O4), by node: a free
        in-line end counts its value; a double with a free in-line side counts both halves,
        once; a British sniff counts its free in-line ends like any tile, and its side tiles
        their outer end; a US sniff whose in-line sides are covered counts each free branch end.
        Their ``value * times`` add up to ``total`` (tests/engine hold the two together)."""
        parts: list[CountedPart] = []
        count = self.count
        taken = set(self.parent_port[1:count])
        value = self.value
        sniff = self.sniff
        for i in range(count):
            base = i << 2
            free = [p for p in ((base, base + 1) if i == 0 else (base + 1,)) if p not in taken]
            double = IS_DOUBLE[self.tile_ids[i]]
            sniffed = double and self.spinner[i] and sniff != "none"
            if sniffed and sniff == "us" and not free:  # its free branch ends keep counting
                parts += [CountedPart(i + 1, port_name(p), value[p], 1)
                          for p in (base + 2, base + 3) if p not in taken]
            elif free and double and not (sniffed and sniff == "british"):
                parts.append(CountedPart(i + 1, port_name(free[0]), value[free[0]], 2))
            else:
                parts += [CountedPart(i + 1, port_name(p), value[p], 1) for p in free]
        return parts

    def open_values(self) -> list[int]:
        """The values of the playable ports, in ``ends_list`` order."""
        value = self.value
        return [value[p] for p in sorted(self.ends)]

    def placements(self, tile: Tile) -> list[Move]:
        if not self.count:
            return [Move.lead(tile)]
        return [
            Move.from_code(c) for c in sorted(self.placement_codes(1 << tile.id))
        ]

    def copy(self) -> Layout:
        other = Layout(self.spinners, self.branches_immediate, self.sniff_default,
                       self.sniff_choice)
        other.sniff = self.sniff
        other.dead = self.dead
        other.count = self.count
        other.total = self.total
        other.ends = self.ends[:]
        other.value = self.value[:]
        other.tile_ids = self.tile_ids[:]
        other.parent_port = self.parent_port[:]
        other.touch = self.touch[:]
        other.spinner = self.spinner[:]
        other.inline_free = self.inline_free[:]
        other.spinner_count = self.spinner_count
        return other  # with no undo history: it cannot undo what came before it

    def to_json(self) -> LayoutJSON:
        data: LayoutJSON = {
            # A new dict per node (the caller may change it), copied from the one kept.
            "nodes": [
                dict(_node_json(i + 1, tid, port, touching, spinner))  # type: ignore[misc]
                for i, (tid, port, touching, spinner) in enumerate(zip(
                    self.tile_ids[:self.count], self.parent_port, self.touch, self.spinner,
                    strict=False))
            ],
            "ends": [{"node": e.node, "port": e.port, "value": e.value} for e in self.ends_list()],
            "total": self.total,
        }
        if self.sniff != "none":
            data["sniff"] = self.sniff  # §9 O4: the form in force (the spinner node is the sniff)
        return data

    def __repr__(self) -> str:
        placed = " ".join(
            (f"{nd.touching}-{nd.outer}" if nd.parent == 0
             else f"{nd.touching}-{nd.outer}@{nd.parent}.{nd.port}")
            for nd in self.nodes
        )
        return f"<Layout {placed or 'empty'} total={self.total}>"


# A placed tile's node is fixed by these five numbers: the nodes and their JSON are built once
# for each and kept (front ends ask for the whole layout at every action).
@lru_cache(maxsize=8192)
def _node(n: int, tile_id: int, parent_port: int, touching: int, spinner: bool) -> Node:
    tile = TILE_BY_ID[tile_id]
    return Node(n, tile, 0 if parent_port < 0 else parent_port // 4 + 1,
                "" if parent_port < 0 else port_name(parent_port), touching,
                touching if tile.is_double else tile.other(touching), spinner)


@lru_cache(maxsize=8192)
def _node_json(n: int, tile_id: int, parent_port: int, touching: int,
               spinner: bool) -> NodeJSON:
    """Tile #``n`` as ``Layout.to_json`` writes it (the fields of ``Layout.node``)."""
    nd = _node(n, tile_id, parent_port, touching, spinner)
    return {"n": nd.n, "tile": str(nd.tile), "parent": nd.parent, "port": nd.port,
            "touching": nd.touching, "outer": nd.outer, "double": nd.tile.is_double,
            "spinner": nd.spinner}
