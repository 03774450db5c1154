"""Tiles of the double-six set, their ids and bit masks.

Tile ids run 0..27: ``id = high * (high + 1) // 2 + low``, so 0-0 is 0, 1-0 is 1, 1-1 is 2 and
6-6 is 27. Hands and boneyards are int masks of ids; ``MATCH[pip]`` is the mask of the tiles
that carry ``pip``, so the tiles of a hand that fit an end of value v are ``hand & MATCH[v]``.
"""

from __future__ import annotations

from collections.abc import Iterable

from fives.errors import InvalidMoveError

MAX_PIP = 6
TILE_COUNT = (MAX_PIP + 1) * (MAX_PIP + 2) // 2  # 28
FULL_SET = (1 << TILE_COUNT) - 1


def tile_id(a: int, b: int) -> int:
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


class Tile:
    """One tile, e.g. ``Tile(6, 3)``; ``Tile(3, 6)`` is the same tile (normalised high first)."""

    __slots__ = ("high", "id", "is_double", "low", "pips")

    high: int
    low: int
    id: int
    pips: int
    is_double: bool

    def __new__(cls, a: int, b: int) -> Tile:
        if not (isinstance(a, int) and isinstance(b, int)) or not (
            0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP
        ):
            raise InvalidMoveError(
                f"invalid tile ({a!r}, {b!r}): expected two pip values from 0 to {MAX_PIP}",
                key="invalid_tile",
                text=f"{a}-{b}",
            )
        try:  # tiles are interned: there are only 28 of them
            return TILE_BY_ID[tile_id(a, b)]
        except NameError:  # while the table itself is being built
            pass
        self = object.__new__(cls)
        high, low = (a, b) if a >= b else (b, a)
        object.__setattr__(self, "high", high)
        object.__setattr__(self, "low", low)
        object.__setattr__(self, "id", tile_id(high, low))
        object.__setattr__(self, "pips", high + low)
        object.__setattr__(self, "is_double", high == low)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self.high, self.low))

    @classmethod
    def from_id(cls, tid: int) -> Tile:
        if not isinstance(tid, int) or not 0 <= tid < TILE_COUNT:
            raise InvalidMoveError(
                f"invalid tile id {tid!r}: expected 0..{TILE_COUNT - 1}", key="invalid_tile",
                text=str(tid),
            )
        return TILE_BY_ID[tid]

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse ``"6-3"`` or ``"6|3"`` (either order)."""
        if not isinstance(text, str):
            raise InvalidMoveError(
                f"invalid tile {text!r}: expected text like '6-3'", key="invalid_tile",
                text=repr(text),
            )
        s = text.strip().replace("|", "-")
        parts = s.split("-")
        if len(parts) != 2 or not all(p.isdigit() and len(p) == 1 for p in parts):
            raise InvalidMoveError(
                f"invalid tile {text!r}: expected two pips from 0 to {MAX_PIP} like '6-3'",
                key="invalid_tile", text=text,
            )
        a, b = int(parts[0]), int(parts[1])
        if a > MAX_PIP or b > MAX_PIP:
            raise InvalidMoveError(
                f"invalid tile {text!r}: pips go from 0 to {MAX_PIP}", key="invalid_tile",
                text=text,
            )
        return TILE_BY_ID[tile_id(a, b)]

    def has(self, pip: int) -> bool:
        return self.high == pip or self.low == pip

    def other(self, pip: int) -> int:
        """The half opposite the half showing ``pip``."""
        if self.high == pip:
            return self.low
        if self.low == pip:
            return self.high
        raise ValueError(f"tile {self} has no {pip}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile({self.high}, {self.low})"

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Tile) and other.id == self.id)

    def __hash__(self) -> int:
        return self.id

    def __lt__(self, other: Tile) -> bool:
        return self.id < other.id


def _build() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for high in range(MAX_PIP + 1):
        for low in range(high + 1):
            tiles.append(Tile(high, low))
    return tuple(tiles)


TILE_BY_ID: tuple[Tile, ...] = _build()
ALL_TILES = TILE_BY_ID

# Plain-int tables for the hot paths.
HIGH: tuple[int, ...] = tuple(t.high for t in TILE_BY_ID)
LOW: tuple[int, ...] = tuple(t.low for t in TILE_BY_ID)
PIPS: tuple[int, ...] = tuple(t.pips for t in TILE_BY_ID)
IS_DOUBLE: tuple[bool, ...] = tuple(t.is_double for t in TILE_BY_ID)
MATCH: tuple[int, ...] = tuple(
    sum(1 << t.id for t in TILE_BY_ID if t.has(pip)) for pip in range(MAX_PIP + 1)
)
DOUBLES_MASK = sum(1 << t.id for t in TILE_BY_ID if t.is_double)


def mask_of(tiles: Iterable[Tile]) -> int:
    m = 0
    for t in tiles:
        m |= 1 << t.id
    return m


def ids_of(mask: int) -> list[int]:
    """The tile ids of ``mask``, in increasing order."""
    c = _IDS_BY_CHUNK
    return [*c[0][mask & 127], *c[1][mask >> 7 & 127], *c[2][mask >> 14 & 127],
            *c[3][mask >> 21 & 127]]


def tiles_of(mask: int) -> list[Tile]:
    """The tiles of ``mask``, by id."""
    c = _TILES_BY_CHUNK
    return [*c[0][mask & 127], *c[1][mask >> 7 & 127], *c[2][mask >> 14 & 127],
            *c[3][mask >> 21 & 127]]


# The ids (and tiles) of each 7-tile slice of a mask, for every value of the slice: a mask's
# ids are four table reads (the hand-end reveal and the deal read them on every hand).
_IDS_BY_CHUNK = tuple(
    tuple(tuple(7 * k + b for b in range(7) if m >> b & 1) for m in range(128))
    for k in range(TILE_COUNT // 7)
)
_TILES_BY_CHUNK = tuple(
    tuple(tuple(TILE_BY_ID[i] for i in ids) for ids in chunk) for chunk in _IDS_BY_CHUNK
)


def _chunk_pips() -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(sum(PIPS[7 * k + b] for b in range(7) if m >> b & 1) for m in range(128))
        for k in range(TILE_COUNT // 7)
    )


_PIPS_BY_CHUNK = _chunk_pips()  # pips of each 7-tile slice of a mask, for every slice value


def pips_of(mask: int) -> int:
    c = _PIPS_BY_CHUNK
    return (c[0][mask & 127] + c[1][mask >> 7 & 127] + c[2][mask >> 14 & 127]
            + c[3][mask >> 21 & 127])


def heaviest_key(t: Tile) -> tuple[int, int]:
    """Order of 'the heaviest tile' (RULES.md §3.1): pip sum, then the larger half."""
    return (t.pips, t.high)


def _subset_parts() -> tuple[dict[int, tuple[int, ...]], ...]:
    """For each pip v and each subset m of MATCH[v]: the (tile << 1 | flip) parts of the
    placement codes of those tiles on a port of value v (flip 1: the low half touches)."""
    out = []
    for v in range(MAX_PIP + 1):
        ids = ids_of(MATCH[v])
        table: dict[int, tuple[int, ...]] = {}
        for bits in range(1 << len(ids)):
            chosen = [ids[k] for k in range(len(ids)) if bits >> k & 1]
            m = sum(1 << i for i in chosen)
            table[m] = tuple((i << 1) | (0 if HIGH[i] == v else 1) for i in chosen)
        out.append(table)
    return tuple(out)


# PLACE_PARTS[v][hand & MATCH[v]]: the code parts of the tiles of a hand that fit value v.
PLACE_PARTS = _subset_parts()
