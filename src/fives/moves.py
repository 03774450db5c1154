"""Moves and their notation (RULES.md §12.2).

A move is a small frozen value that knows no game: a lead, a placement on a port of the n-th
tile of the hand, a draw or a pass. Each move also has an int ``code`` used by the hot paths
(search and playouts): ``(port << 6) | (tile << 1) | flip`` for a placement, where ``port`` is
``(n - 1) * 4 + k`` (k: W/E/N/S on the lead, -/out/L/R on a later tile) and ``flip`` is 1 when
the low half touches; leads use the pseudo-port ``LEAD_PORT``; draw and pass are negative.

A double has no ``flip`` of its own (both halves are the same), so on a double the bit names the
sniff's form under RULES.md §9 O4 ``sniff_orientation_choice``: 1 is the British form
(``4-4:british``), 0 the US form or a double placed with no choice of form. ``form`` is ``"us"``
or ``"british"`` only on the sniff's lead or placement under that sub-option (written as a suffix,
``4-4:us``, ``4-4@2:british``); two moves are equal when their codes are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from fives.errors import InvalidMoveError
from fives.tiles import ALL_TILES, HIGH, LOW, TILE_BY_ID, Tile

MoveKind = Literal["lead", "place", "draw", "pass"]
SNIFF_FORMS = ("us", "british")  # RULES.md §9 O4: the suffixes of a sniff chosen by its placer

DRAW = -1
PASS = -2
LEAD_PORT = 127

# Port letter -> slot k of the node (0..3). Slot 0 of a later tile is the side touching its parent.
LEAD_PORTS = ("W", "E", "N", "S")
CHILD_PORTS = ("", "out", "L", "R")
_SLOT = {"W": 0, "E": 1, "N": 2, "S": 3, "out": 1, "L": 2, "R": 3}


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """One action. Build with ``Move.lead``, ``Move.place``, ``Move.draw()``, ``Move.pass_()``.
    Equal moves have equal codes (``4-4:us`` is the same action as ``4-4`` with the US form)."""

    kind: MoveKind
    tile: Tile | None = None
    node: int = 0  # 1-based index of the tile touched (placements only)
    port: str = ""  # W, E, N, S on the lead; out, L, R on a later tile
    touching: int = -1  # the half that touches the port (for a lead: the half facing west)
    form: str = ""  # the sniff's chosen form, "us" or "british" (§9 O4), else ""
    # The int code (see ``from_code``), computed once: the checked path reads it on every move.
    code: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self._encode())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.code == self.code

    def __hash__(self) -> int:
        return hash(self.code)

    @staticmethod
    def lead(tile: Tile, west: int | None = None, form: str = "") -> Move:
        if west is None:
            west = tile.high
        if not tile.has(west):
            raise InvalidMoveError(
                f"invalid lead: tile {tile} has no {west}", key="invalid_move", text=str(tile)
            )
        _check_form(tile, form)
        return Move("lead", tile, 0, "", west, form)

    @staticmethod
    def place(tile: Tile, node: int, port: str, touching: int, form: str = "") -> Move:
        if port not in _SLOT or (node == 1) != (port in LEAD_PORTS):
            raise InvalidMoveError(
                f"invalid port {port!r} on tile #{node}: expected W, E, N or S on #1 and "
                "out, L or R on a later tile",
                key="invalid_port", port=port, node=node,
            )
        if not tile.has(touching):
            raise InvalidMoveError(
                f"invalid placement: tile {tile} has no {touching}", key="invalid_move",
                text=str(tile),
            )
        _check_form(tile, form)
        return Move("place", tile, node, port, touching, form)

    def with_form(self, form: str) -> Move:
        """This lead or placement of a double with the sniff's form ``form`` (§9 O4)."""
        assert self.tile is not None
        _check_form(self.tile, form)
        return Move(self.kind, self.tile, self.node, self.port, self.touching, form)

    @staticmethod
    def draw() -> Move:
        return _DRAW_MOVE

    @staticmethod
    def pass_() -> Move:
        return _PASS_MOVE

    @property
    def outer(self) -> int:
        """The half that faces outward (for a lead: the half facing east)."""
        assert self.tile is not None
        return self.tile.other(self.touching) if not self.tile.is_double else self.touching

    def _encode(self) -> int:
        if self.kind == "draw":
            return DRAW
        if self.kind == "pass":
            return PASS
        assert self.tile is not None
        flip = 1 if self.form == "british" or self.touching != self.tile.high else 0
        if self.kind == "lead":
            return (LEAD_PORT << 6) | (self.tile.id << 1) | flip
        port = (self.node - 1) * 4 + _SLOT[self.port]
        return (port << 6) | (self.tile.id << 1) | flip

    @staticmethod
    def from_code(code: int) -> Move:
        try:
            return MOVE_BY_CODE[code]
        except KeyError:
            pass
        move = _decode(code)
        MOVE_BY_CODE[code] = move
        return move

    def notation(self, explicit: bool = False) -> str:
        if self.kind in ("draw", "pass"):
            return self.kind
        assert self.tile is not None
        pair = f"{self.touching}-{self.outer}"
        suffix = f":{self.form}" if self.form else ""
        if self.kind == "lead":
            return pair + suffix
        if explicit:
            return f"{pair}@{self.node}.{self.port}{suffix}"
        return f"{pair}@{self.node}{suffix}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Move.parse({self.notation(explicit=True)!r})"

    @staticmethod
    def parse(text: str) -> ParsedMove:
        """Parse notation without a position; ``Game.parse_move`` resolves it to a legal Move."""
        return parse_notation(text)


def _check_form(tile: Tile, form: str) -> None:
    if form and (form not in SNIFF_FORMS or not tile.is_double):
        raise InvalidMoveError(
            f"invalid move {tile}:{form}: a suffix :us or :british names the form of a sniff, "
            "a double", key="invalid_form", text=f"{tile}:{form}",
        )


_DRAW_MOVE = Move("draw")
_PASS_MOVE = Move("pass")
# The Move of every code met so far (``Move.from_code`` adds to it): one object per move, so
# hot paths may look codes up here and fall back to ``from_code`` on a KeyError.
MOVE_BY_CODE: dict[int, Move] = {DRAW: _DRAW_MOVE, PASS: _PASS_MOVE}


def _decode(code: int) -> Move:
    if code < 0:
        raise InvalidMoveError(f"invalid move code {code!r}", key="invalid_move", text=str(code))
    port, tid, flip = code >> 6, (code >> 1) & 31, code & 1
    tile = TILE_BY_ID[tid]
    touching = LOW[tid] if flip else HIGH[tid]
    form = "british" if flip and tile.is_double else ""
    if port == LEAD_PORT:
        return Move("lead", tile, 0, "", touching, form)
    node, slot = port // 4 + 1, port % 4
    name = LEAD_PORTS[slot] if node == 1 else CHILD_PORTS[slot]
    return Move("place", tile, node, name, touching, form)


@dataclass(frozen=True, slots=True)
class ParsedMove:
    """Notation read without a position: the port may be missing (to be resolved)."""

    kind: MoveKind
    tile: Tile | None = None
    touching: int = -1
    node: int = 0
    port: str = ""
    form: str = ""  # a sniff's suffix, "us" or "british" (§9 O4)


_PLACE_RE = re.compile(
    r"^([0-9])\s*[-|]\s*([0-9])(?:\s*@\s*([0-9]{1,2})(?:\.([A-Za-z]+))?)?(?:\s*:\s*([A-Za-z]+))?$"
)


def parse_notation(text: str) -> ParsedMove:
    if not isinstance(text, str):
        raise InvalidMoveError(
            f"invalid move {text!r}: expected text such as '6-3', '6-3@1', 'draw' or 'pass'",
            key="invalid_move", text=repr(text),
        )
    s = text.strip()
    low = s.lower()
    if low == "draw":
        return ParsedMove("draw")
    if low == "pass":
        return ParsedMove("pass")
    m = _PLACE_RE.match(s)
    if not m:
        raise InvalidMoveError(
            f"invalid move {text!r}: expected a lead '6-3', a placement '6-3@2' or "
            "'6-3@2.out', 'draw' or 'pass'",
            key="invalid_move", text=text,
        )
    a, b = int(m.group(1)), int(m.group(2))
    if a > 6 or b > 6:
        raise InvalidMoveError(
            f"invalid move {text!r}: pips go from 0 to 6", key="invalid_move", text=text
        )
    tile = Tile(a, b)
    form = (m.group(5) or "").lower()
    if m.group(5) is not None and (form not in SNIFF_FORMS or a != b):
        raise InvalidMoveError(
            f"invalid move {text!r}: a suffix :us or :british names the form of a sniff, "
            "a double", key="invalid_form", text=text,
        )
    if m.group(3) is None:
        return ParsedMove("lead", tile, a, form=form)
    node = int(m.group(3))
    port = m.group(4) or ""
    if port:
        canon = {"w": "W", "e": "E", "n": "N", "s": "S", "out": "out", "l": "L", "r": "R"}
        port_c = canon.get(port.lower())
        if port_c is None or node < 1 or (node == 1) != (port_c in LEAD_PORTS):
            raise InvalidMoveError(
                f"invalid move {text!r}: port {port!r} does not exist on tile #{node} "
                "(W, E, N, S on #1; out, L, R on later tiles)",
                key="invalid_port", text=text,
            )
        port = port_c
    if node < 1:
        raise InvalidMoveError(
            f"invalid move {text!r}: tiles are numbered from 1", key="invalid_move", text=text
        )
    return ParsedMove("place", tile, a, node, port, form)


class LegalMoves(tuple[Move, ...]):
    """The legal moves of a position: an immutable tuple of ``Move`` (iterate, ``len``,
    ``bool``, index), built once per position. ``in`` accepts a lead in either orientation,
    as ``Game.is_legal`` does."""

    __slots__ = ()

    def __contains__(self, move: object) -> bool:
        if (isinstance(move, Move) and move.kind == "lead" and move.tile is not None
                and not move.tile.is_double):
            move = _LEAD_OF[move.tile.id]
        return tuple.__contains__(self, move)

    def __repr__(self) -> str:
        return f"<LegalMoves {', '.join(m.notation(explicit=True) for m in self)}>"


# The lead of each tile with its high half west, the orientation legal_codes lists.
_LEAD_OF = tuple(Move.lead(t) for t in ALL_TILES)
