"""A slow, deliberately plain reference model of the layout and of legal moves.

Written straight from RULES.md §1.4 (layout, ports, spinners, branch lock, counted total) and
§1.7 (forced play, draw, pass, hand end), without looking at ``fives.layout`` or ``fives.game``.
It uses only plain ints and strings (no engine types), so the engine can be checked against it:
tiles are ``(high, low)`` pairs and moves are the explicit notations of RULES.md §12.2
(a lead ``"6-3"``, a placement ``"x-y@n.P"``, ``"draw"``, ``"pass"``; under §9 O4
``sniff_orientation_choice`` the sniff's lead or placement ends in ``":us"`` or ``":british"``).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

RefTile = tuple[int, int]  # (high, low)

ALL_REF_TILES: list[RefTile] = [(h, low) for h in range(7) for low in range(h + 1)]


def norm(a: int, b: int) -> RefTile:
    return (a, b) if a >= b else (b, a)


def parse_tile(text: str) -> RefTile:
    a, b = text.replace("|", "-").split("-")
    return norm(int(a), int(b))


def tile_text(t: RefTile) -> str:
    return f"{t[0]}-{t[1]}"


@dataclass
class RefPort:
    value: int
    inline: bool
    occupied: bool = False


@dataclass
class RefNode:
    number: int  # 1-based placement index (#n)
    tile: RefTile
    double: bool
    spinner: bool
    ports: dict[str, RefPort] = field(default_factory=dict)
    dead: bool = False  # a British sniff's side tile: counts, never extended (§9 O4)

    def inline_ports(self) -> list[RefPort]:
        return [p for p in self.ports.values() if p.inline]

    def branch_unlocked(self, immediate: bool) -> bool:
        # §1.4 branch lock: branches open once every in-line port is occupied (the parent
        # side of a child double counts as occupied).
        return immediate or all(p.occupied for p in self.inline_ports())


class RefLayout:
    """The tree of §1.4. ``spinners`` is "none", "first_double" or "every_double"."""

    def __init__(self, spinners: str, branches_immediate: bool = False,
                 sniff: str = "none", sniff_choice: bool = False) -> None:
        assert spinners in ("none", "first_double", "every_double")
        assert sniff in ("none", "us", "british")
        # §9 O4: with a sniff the first double (the sniff) is the only spinner.
        self.spinners = "first_double" if sniff != "none" else spinners
        self.immediate = branches_immediate
        self.sniff = sniff  # with the choice: the form its placer chose, once it is down
        # §9 O4 sniff_orientation_choice: whoever places the sniff names its form.
        self.sniff_choice = sniff_choice and sniff != "none"
        self.nodes: list[RefNode] = []

    @property
    def branches_immediate(self) -> bool:
        # A British sniff's two sides take their tile at once.
        return self.immediate or self.sniff == "british"

    def choosing(self, double: bool) -> bool:
        """Whether a double placed now is a sniff whose placer names its form."""
        return double and self.sniff_choice and not any(n.double for n in self.nodes)

    def forms(self, text: str, double: bool) -> set[str]:
        """A lead or placement's notation(s): one per form of the sniff when it is chosen."""
        if self.choosing(double):
            return {text + ":us", text + ":british"}
        return {text}

    def _is_spinner(self, double: bool) -> bool:
        if not double or self.spinners == "none":
            return False
        if self.spinners == "every_double":
            return True
        return not any(n.double for n in self.nodes)  # first_double: no double placed yet

    def lead(self, west: int, east: int) -> None:
        assert not self.nodes, "the lead is the first tile"
        double = west == east
        node = RefNode(1, norm(west, east), double, self._is_spinner(double))
        node.ports["W"] = RefPort(west, True)
        node.ports["E"] = RefPort(east, True)
        if node.spinner:
            node.ports["N"] = RefPort(west, False)
            node.ports["S"] = RefPort(west, False)
        self.nodes.append(node)

    def playable(self) -> list[tuple[int, str, int]]:
        """Every playable port as (node number, port name, value)."""
        out = []
        for node in self.nodes:
            if node.dead:
                continue
            for name, port in node.ports.items():
                if port.occupied:
                    continue
                if port.inline or node.branch_unlocked(self.branches_immediate):
                    out.append((node.number, name, port.value))
        return out

    def place(self, touching: int, outer: int, number: int, port_name: str) -> None:
        node = self.nodes[number - 1]
        if (number, port_name, touching) not in self.playable():
            raise ValueError(f"{touching}-{outer}@{number}.{port_name} is not playable")
        tile = norm(touching, outer)
        assert tile not in {n.tile for n in self.nodes}
        node.ports[port_name].occupied = True
        double = touching == outer
        child = RefNode(len(self.nodes) + 1, tile, double, self._is_spinner(double),
                        dead=self.sniff == "british" and node.spinner
                        and not node.ports[port_name].inline)
        child.ports["in"] = RefPort(touching, True, occupied=True)
        child.ports["out"] = RefPort(outer, True)
        if child.spinner:
            child.ports["L"] = RefPort(outer, False)
            child.ports["R"] = RefPort(outer, False)
        self.nodes.append(child)

    def total(self) -> int:
        t = 0
        for node in self.nodes:
            free_inline = [p for p in node.inline_ports() if not p.occupied]
            if node.double and node.spinner and self.sniff == "british":
                t += sum(p.value for p in free_inline)  # laid endwise, like a plain tile
            elif node.double and node.spinner and self.sniff == "us" and not free_inline:
                t += node.tile[0] * sum(1 for p in node.ports.values()
                                        if not p.inline and not p.occupied)
            elif node.double:
                t += 2 * node.tile[0] if free_inline else 0
            else:
                t += sum(p.value for p in free_inline)
        return t

    def placements(self, tile: RefTile) -> set[str]:
        out = set()
        for number, name, value in self.playable():
            if value in tile:
                other = tile[1] if tile[0] == value else tile[0]
                out |= self.forms(f"{value}-{other}@{number}.{name}", tile[0] == tile[1])
        return out

    def tiles(self) -> set[RefTile]:
        return {n.tile for n in self.nodes}

    def apply_notation(self, text: str) -> None:
        """Apply a lead ``"a-b"`` or an explicit placement ``"x-y@n.P"`` (with a sniff's
        ``":form"`` where its placer names it)."""
        text, _, form = text.partition(":")
        if form:
            assert self.choosing(True), text
            self.sniff = form
        if "@" not in text:
            a, b = text.split("-")
            self.lead(int(a), int(b))
            return
        tile_part, where = text.split("@")
        x, y = tile_part.split("-")
        number, port_name = where.split(".")
        self.place(int(x), int(y), int(number), port_name)


def highest_double_or_heaviest(hands: list[set[RefTile]]) -> tuple[int, RefTile]:
    """AF/M5 opener (§3.1): the highest double, else the heaviest tile (sum, then larger half)."""
    best: tuple[tuple[int, int, int], int, RefTile] | None = None
    for seat, hand in enumerate(hands):
        for t in hand:
            key = (1 if t[0] == t[1] else 0, t[0] + t[1], t[0])
            if best is None or key > best[0]:
                best = (key, seat, t)
    assert best is not None
    return best[1], best[2]


class RefHand:
    """One hand of play (§1.7) from an explicit deal, without scores.

    ``forced_lead`` is the tile that must be led, or None when the leader leads any tile.
    A finished hand (out or blocked) has no legal moves.
    """

    def __init__(
        self,
        spinners: str,
        hands: list[list[RefTile]],
        boneyard: list[RefTile],
        leader: int,
        *,
        drawing: bool = True,
        reserve: int = 0,
        forced_lead: RefTile | None = None,
        branches_immediate: bool = False,
        overdraw: bool = False,
        sniff: str = "none",
        sniff_choice: bool = False,
    ) -> None:
        self.layout = RefLayout(spinners, branches_immediate, sniff, sniff_choice)
        self.hands = [set(h) for h in hands]
        self.boneyard = list(boneyard)
        self.turn = leader
        self.drawing = drawing
        self.reserve = reserve
        self.forced_lead = forced_lead
        self.over: str | None = None  # "out" or "blocked"
        self.drawn_this_turn: RefTile | None = None
        # §4.3: the solitaire may draw while a placement exists (an overdraw).
        self.overdraw = overdraw

    def _can_draw(self) -> bool:
        return self.drawing and len(self.boneyard) > self.reserve

    def _placements_of(self, seat: int) -> set[str]:
        out: set[str] = set()
        for t in self.hands[seat]:
            out |= self.layout.placements(t)
        return out

    def legal(self) -> set[str]:
        if self.over:
            return set()
        extra = {"draw"} if self.overdraw and self._can_draw() else set()
        if not self.layout.nodes:
            leads = [self.forced_lead] if self.forced_lead is not None else self.hands[self.turn]
            return {text for t in leads
                    for text in self.layout.forms(tile_text(t), t[0] == t[1])} | (
                extra if self.forced_lead is None else set())
        places = self._placements_of(self.turn)
        if places and extra:
            return places | extra
        if self.drawn_this_turn is not None and not self.overdraw:
            # §1.7.2: a drawn tile that fits must be the tile placed. The layout has not
            # changed during the draws, so it is the only tile that fits anyway; check that.
            tile = self.drawn_this_turn
            assert places == self.layout.placements(tile) or not places
        if places:
            return places
        if self._can_draw():
            return {"draw"}
        return {"pass"}

    def _blocked(self) -> bool:
        if self._can_draw():
            return False
        return not any(self._placements_of(s) for s in range(len(self.hands)))

    def _next_seat(self) -> None:
        self.turn = (self.turn + 1) % len(self.hands)
        self.drawn_this_turn = None

    def apply(self, move: str) -> None:
        assert move in self.legal(), (move, sorted(self.legal()))
        seat = self.turn
        if move == "draw":
            tile = self.boneyard.pop(0)
            self.hands[seat].add(tile)
            self.drawn_this_turn = tile
            return
        if move == "pass":
            if self._blocked():
                self.over = "blocked"
            else:
                self._next_seat()
            return
        tile = parse_tile(move.split(":")[0].split("@")[0])
        self.layout.apply_notation(move)
        self.hands[seat].remove(tile)
        if not self.hands[seat]:
            self.over = "out"
        elif self._blocked():
            self.over = "blocked"
        else:
            self._next_seat()

    def clone(self) -> RefHand:
        return copy.deepcopy(self)


def ref_perft(hand: RefHand, depth: int) -> int:
    """Leaf nodes of the move tree at ``depth`` (finished hands before that depth count 0)."""
    if depth == 0:
        return 1
    total = 0
    for move in sorted(hand.legal()):
        child = hand.clone()
        child.apply(move)
        total += ref_perft(child, depth - 1)
    return total
