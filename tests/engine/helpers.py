"""Shared helpers of the engine tests: move building, layout adapters, state snapshots."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, Protocol

from fives.events import Event
from fives.layout import SpinnerPolicy
from fives.moves import Move
from fives.tiles import ALL_TILES, Tile

from .refmodel import RefLayout


def tile(text: str) -> Tile:
    return Tile.parse(text)


def tiles(texts: Iterable[str]) -> tuple[Tile, ...]:
    return tuple(Tile.parse(t) for t in texts)


def mv(text: str) -> Move:
    """An explicit move: a lead ``"a-b"`` (a faces west) or a placement ``"x-y@n.P"``, with a
    sniff's ``":us"`` or ``":british"`` (§9 O4) where its placer names its form."""
    if text in ("draw", "pass"):
        return Move.draw() if text == "draw" else Move.pass_()
    text, _, form = text.partition(":")
    if "@" not in text:
        a, b = (int(p) for p in text.split("-"))
        return Move.lead(Tile(a, b), a, form)
    pair, where = text.split("@")
    x, y = (int(p) for p in pair.split("-"))
    node, port = where.split(".")
    return Move.place(Tile(x, y), int(node), port, x, form)


def layout_ends(layout: Any) -> list[Any]:
    """The playable ports as ``End(node, port, value)``.

    ENGINE_API.md names this ``layout.ends()``; the engine source has ``ends_list()`` (``ends``
    is its internal list of port ints).
    """
    return list(layout.ends_list())


class LayoutAdapter(Protocol):
    def apply(self, text: str) -> None: ...
    def total(self) -> int: ...
    def ends(self) -> set[tuple[int, str, int]]: ...


class EngineLayout:
    """Drives ``fives.layout.Layout`` with explicit notations."""

    def __init__(self, spinners: SpinnerPolicy, branches_immediate: bool = False) -> None:
        from fives.layout import Layout

        self.layout = Layout(spinners=spinners, branches_immediate=branches_immediate)

    def apply(self, text: str) -> None:
        self.layout.apply(mv(text))

    def total(self) -> int:
        return int(self.layout.total)

    def ends(self) -> set[tuple[int, str, int]]:
        return {(e.node, e.port, e.value) for e in layout_ends(self.layout)}


class ReferenceLayout:
    """Drives the reference model of ``refmodel`` with the same notations."""

    def __init__(self, spinners: SpinnerPolicy, branches_immediate: bool = False) -> None:
        self.layout = RefLayout(spinners, branches_immediate)

    def apply(self, text: str) -> None:
        self.layout.apply_notation(text)

    def total(self) -> int:
        return self.layout.total()

    def ends(self) -> set[tuple[int, str, int]]:
        return set(self.layout.playable())


LAYOUT_IMPLS: dict[str, type[EngineLayout] | type[ReferenceLayout]] = {
    "engine": EngineLayout, "reference": ReferenceLayout}


def complement(*groups: Iterable[Tile]) -> list[Tile]:
    """The tiles of the set that are in none of ``groups``, in id order."""
    used = {t for g in groups for t in g}
    return [t for t in ALL_TILES if t not in used]


def notations(moves: Iterable[Move]) -> set[str]:
    return {m.notation(explicit=True) for m in moves}


def snapshot(game: Any, record: bool = True) -> dict[str, Any]:
    """Everything observable about a game position through the public API.

    ``record=False`` leaves out the record (``push`` records nothing, by design).
    """
    n_seats = len(game.hand_sizes)
    state = {
        "hand_number": game.hand_number,
        "turn": game.turn,
        "leader": game.leader,
        "scores": tuple(game.scores),
        "phase": phase_of(game),
        "is_over": game.is_over,
        "winner": game.winner,
        "hands": [tuple(sorted(game.hand(s))) for s in range(n_seats)],
        "hand_sizes": tuple(game.hand_sizes),
        "boneyard_size": game.boneyard_size,
        "total": game.counted_total,
        "layout": json.dumps(game.layout.to_json(), sort_keys=True),
        "legal": sorted(m.notation(explicit=True) for m in game.legal_moves),
    }
    if record:
        state["record"] = json.dumps(game.to_record(), sort_keys=True)
    return state


TILE_RE = re.compile(r"(?<![0-9])([0-6])\s*[-|]\s*([0-6])(?![0-9])")


def tiles_in_text(text: str) -> set[Tile]:
    return {Tile(int(a), int(b)) for a, b in TILE_RE.findall(text)}


def strings_in(obj: Any) -> list[str]:
    """Every string (keys excluded) anywhere inside a JSON-like value."""
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in strings_in(v)]
    if isinstance(obj, (list, tuple)):
        return [s for v in obj for s in strings_in(v)]
    return []


def json_lines(events: Iterable[Event]) -> list[dict[str, Any]]:
    """The events' §12.4 lines as plain dicts, so a test reads any key (a missing one fails)."""
    return [dict(e.to_json()) for e in events]


def event_json(events: Iterable[Any]) -> list[str]:
    return [json.dumps(e.to_json(), sort_keys=True) for e in events]


def phase_of(game: Any) -> str:
    """The phase as text ("play", "hand_over", "game_over").

    ENGINE_API.md documents ``game.phase`` as that text; the engine source keeps an int there
    and the text in ``phase_name``.
    """
    phase = game.phase
    return phase if isinstance(phase, str) else str(game.phase_name)
