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

Under RULES.md §9 O1 ``muggins_claims`` a lead or placement carries its ``claim`` (written
``6-3@2=15``, ``5-5=10``; -1 when it has none). The claim is not part of the code: the code
names the tile and the port, ``push_code`` scores it as claimed exactly, and two moves are
equal when their codes and claims are. A muggins call is the move ``muggins:S`` (``Move.muggins``,
kind ``"muggins"``), S the calling seat, with the code ``MUGGINS - S``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from fives.errors import InvalidMoveError
from fives.tiles import ALL_TILES, HIGH, LOW, TILE_BY_ID, Tile

MoveKind = Literal["lead", "place", "draw", "pass", "muggins"]
SNIFF_FORMS = ("us", "british")  # RULES.md §9 O4: the suffixes of a sniff chosen by its placer

DRAW = -1
PASS = -2
MUGGINS = -3  # the call of seat S has the code MUGGINS - S (RULES.md §9 O1)
LEAD_PORT = 127
# A placement's code fits in 13 bits (the lead's pseudo-port 127 is the largest). The record
# and history keep a claimed placement as ``code | (claim + 1) << CLAIM_SHIFT`` (its
# ``action_code``), which ``from_code`` reads back with its claim.
CLAIM_SHIFT = 13
BASE_MASK = (1 << CLAIM_SHIFT) - 1
_CLAIM_RE = re.compile(r"^([0-9]{1,6})$")

# Port letter -> slot k of the node (0..3). Slot 0 of a later tile is the side touching its parent.
LEAD_PORTS = ("W", "E", "N", "S")
CHILD_PORTS = ("", "out", "L", "R")
_SLOT = {"W": 0, "E": 1, "N": 2, "S": 3, "out": 1, "L": 2, "R": 3}


@dataclass(frozen=True, slots=True, eq=False)
class Move:
    """One action. Build with ``Move.lead``, ``Move.place``, ``Move.draw()``, ``Move.pass_()``,
    ``Move.muggins(seat)``. Equal moves have equal codes and claims (``4-4:us`` is the same
    action as ``4-4`` with the US form)."""

    kind: MoveKind
    tile: Tile | None = None
    node: int = 0  # 1-based index of the tile touched (placements); the caller (muggins)
    port: str = ""  # W, E, N, S on the lead; out, L, R on a later tile
    touching: int = -1  # the half that touches the port (for a lead: the half facing west)
    form: str = ""  # the sniff's chosen form, "us" or "british" (§9 O4), else ""
    claim: int = -1  # the points the placer claims under §9 O1 (``=c``), -1 for none
    # The int code (see ``from_code``), computed once: the checked path reads it on every move.
    code: int = field(init=False, compare=False, repr=False)
    # Neither a sniff's form nor a claim: the checked path's fast case (one read, no test).
    plain: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self._encode())
        object.__setattr__(self, "plain", not self.form and self.claim < 0)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and other.code == self.code and other.claim == self.claim

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
        return Move(self.kind, self.tile, self.node, self.port, self.touching, form, self.claim)

    def with_claim(self, claim: int) -> Move:
        """This lead or placement claiming ``claim`` points (§9 O1: a whole number >= 0, in
        the variant's unit)."""
        if self.kind not in ("lead", "place"):
            raise InvalidMoveError(
                f"invalid claim on {self}: only a lead or a placement carries a claim",
                key="invalid_claim", text=str(self))
        if isinstance(claim, bool) or not isinstance(claim, int) or not 0 <= claim <= CLAIM_MAX:
            raise InvalidMoveError(
                f"invalid claim {claim!r} on {self}: expected a whole number from 0 to "
                f"{CLAIM_MAX}", key="invalid_claim", text=f"{self}={claim!r}")
        return Move(self.kind, self.tile, self.node, self.port, self.touching, self.form, claim)

    @property
    def unclaimed(self) -> Move:
        """The same lead or placement without its claim (the move the legal lists hold)."""
        if self.claim < 0:
            return self
        return Move(self.kind, self.tile, self.node, self.port, self.touching, self.form)

    @property
    def action_code(self) -> int:
        """The code with the claim in its high bits (see ``CLAIM_SHIFT``): what the record and
        the history keep of a claimed lead or placement; ``code`` for any other move."""
        return self.code | (self.claim + 1) << CLAIM_SHIFT if self.claim >= 0 else self.code

    @property
    def caller(self) -> int:
        """The calling seat of a muggins call (``muggins:S``), else -1."""
        return self.node if self.kind == "muggins" else -1

    @staticmethod
    def draw() -> Move:
        return _DRAW_MOVE

    @staticmethod
    def pass_() -> Move:
        return _PASS_MOVE

    @staticmethod
    def muggins(seat: int) -> Move:
        """Seat ``seat`` calls "muggins" on the last placement (§9 O1)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 4:
            raise InvalidMoveError(
                f"invalid muggins call by seat {seat!r}: expected a seat from 0 to 3",
                key="invalid_move", text=f"muggins:{seat!r}")
        return _CALLS[seat]

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
        if self.kind == "muggins":
            return MUGGINS - self.node
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
        if self.kind == "muggins":
            return f"muggins:{self.node}"
        assert self.tile is not None
        pair = f"{self.touching}-{self.outer}"
        suffix = f":{self.form}" if self.form else ""
        if self.claim >= 0:
            suffix += f"={self.claim}"
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
_CALLS = tuple(Move("muggins", None, seat) for seat in range(4))
CLAIM_MAX = 999_999  # the largest claim notation can write (six digits)
# The Move of every code met so far (``Move.from_code`` adds to it): one object per move, so
# hot paths may look codes up here and fall back to ``from_code`` on a KeyError.
MOVE_BY_CODE: dict[int, Move] = {DRAW: _DRAW_MOVE, PASS: _PASS_MOVE,
                                 **{call.code: call for call in _CALLS}}


def _decode(code: int) -> Move:
    if code < 0:
        raise InvalidMoveError(f"invalid move code {code!r}", key="invalid_move", text=str(code))
    if code > BASE_MASK:  # an action code: a claimed lead or placement
        return _decode(code & BASE_MASK).with_claim((code >> CLAIM_SHIFT) - 1)
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
    claim: int = -1  # the claim ``=c`` of §9 O1, -1 when the text has none


_PLACE_RE = re.compile(
    r"^([0-9])\s*[-|]\s*([0-9])(?:\s*@\s*([0-9]{1,2})(?:\.([A-Za-z]+))?)?(?:\s*:\s*([A-Za-z]+))?"
    r"(?:\s*=\s*([0-9]*))?$"
)
_CALL_RE = re.compile(r"^muggins\s*:\s*([0-9]+)$", re.IGNORECASE)


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
    call = _CALL_RE.match(s)
    if call:
        seat = int(call.group(1))
        if seat > 3:
            raise InvalidMoveError(
                f"invalid move {text!r}: a muggins call names the calling seat, 0 to 3 "
                "(muggins:1)", key="invalid_move", text=text)
        return ParsedMove("muggins", node=seat)
    m = _PLACE_RE.match(s)
    if not m:
        raise InvalidMoveError(
            f"invalid move {text!r}: expected a lead '6-3', a placement '6-3@2' or "
            "'6-3@2.out' (with a claim '6-3@2=15' under muggins claims), 'draw', 'pass' or "
            "a call 'muggins:1'",
            key="invalid_move", text=text,
        )
    a, b = int(m.group(1)), int(m.group(2))
    if a > 6 or b > 6:
        raise InvalidMoveError(
            f"invalid move {text!r}: pips go from 0 to 6", key="invalid_move", text=text
        )
    tile = Tile(a, b)
    claim = -1
    if m.group(6) is not None:
        if not _CLAIM_RE.match(m.group(6)):
            raise InvalidMoveError(
                f"invalid move {text!r}: a claim '=c' is a whole number of points from 0 to "
                f"{CLAIM_MAX} ('6-3@2=15')", key="invalid_claim", text=text)
        claim = int(m.group(6))
    form = (m.group(5) or "").lower()
    if m.group(5) is not None and (form not in SNIFF_FORMS or a != b):
        raise InvalidMoveError(
            f"invalid move {text!r}: a suffix :us or :british names the form of a sniff, "
            "a double", key="invalid_form", text=text,
        )
    if m.group(3) is None:
        return ParsedMove("lead", tile, a, form=form, claim=claim)
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
    return ParsedMove("place", tile, a, node, port, form, claim)


class LegalMoves(tuple[Move, ...]):
    """The legal moves of a position: an immutable tuple of ``Move`` (iterate, ``len``,
    ``bool``, index), built once per position. ``in`` accepts a lead in either orientation,
    as ``Game.is_legal`` does, and a lead or placement with any claim (§9 O1)."""

    __slots__ = ()

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Move) and move.claim >= 0:
            move = move.unclaimed
        if (isinstance(move, Move) and move.kind == "lead" and move.tile is not None
                and not move.tile.is_double):
            move = _LEAD_OF[move.tile.id]
        return tuple.__contains__(self, move)

    def __repr__(self) -> str:
        return f"<LegalMoves {', '.join(m.notation(explicit=True) for m in self)}>"


# The lead of each tile with its high half west, the orientation legal_codes lists.
_LEAD_OF = tuple(Move.lead(t) for t in ALL_TILES)
