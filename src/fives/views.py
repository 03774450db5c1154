"""What one seat may know: the only way game state leaves the engine for players and bots.

A ``SeatView`` holds the seat's own hand, the public layout, hand sizes, the boneyard's size,
the scores, and the current hand's public actions (a draw shows its tile only to the drawer).
Other seats' tiles and the boneyard's content and order are never in it; once a hand has
ended, the reveal (every remaining hand) is public and is included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NotRequired, TypedDict

from fives.events import HandEndEvent, HandEndRevealJSON, Phase
from fives.layout import Layout, LayoutJSON
from fives.moves import Move
from fives.record_writer import PublicAction
from fives.rules import OptionValue, Ruleset
from fives.tiles import Tile


class ActionJSON(TypedDict):
    """One public action of ``SeatView.to_json()``'s history (``tile``: the seat's own draw)."""

    seat: int
    kind: str
    move: str | None
    tile: NotRequired[str]
    open_values: list[int]


class SeatViewJSON(TypedDict):
    """``SeatView.to_json()``: the dict a client receives (see docs/ENGINE_API.md)."""

    seat: int | None
    rules: dict[str, OptionValue]  # preset, the options as in records, target, unit, sides
    hand: list[str]
    hand_sizes: list[int]
    boneyard_size: int
    scores: list[int]
    turn: int
    phase: str
    hand_number: int
    leader: int
    layout: LayoutJSON
    legal_moves: list[str]
    history: list[ActionJSON]
    last_hand_end: HandEndRevealJSON | None
    winner: int | None


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may know, as ``Game.view(seat)`` builds it (see the module's note)."""

    rules: Ruleset
    seat: int | None  # None: a spectator
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    scores: tuple[int, ...]
    start_scores: tuple[int, ...]
    turn: int
    phase: Phase
    hand_number: int
    leader: int
    forced_lead: Tile | None
    layout: Layout  # a private copy: safe to read, never shared with the game
    legal_moves: tuple[Move, ...]
    history: tuple[PublicAction, ...]
    last_hand_end: HandEndEvent | None
    winner: int | None

    def to_json(self) -> SeatViewJSON:
        """The dict a client receives (see docs/ENGINE_API.md)."""
        return {
            "seat": self.seat,
            "rules": {"preset": self.rules.name, **self.rules.options(),
                      "target": self.rules.target, "unit": self.rules.unit,
                      "sides": self.rules.sides},
            "hand": [str(t) for t in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "boneyard_size": self.boneyard_size,
            "scores": list(self.scores),
            "turn": self.turn,
            "phase": self.phase.value,
            "hand_number": self.hand_number,
            "leader": self.leader,
            "layout": self.layout.to_json(),
            "legal_moves": [m.notation(explicit=True) for m in self.legal_moves],
            "history": [action_json(a) for a in self.history],
            "last_hand_end": (self.last_hand_end.reveal_json()
                              if self.last_hand_end is not None else None),
            "winner": self.winner,
        }


def action_json(action: PublicAction) -> ActionJSON:
    """One public action as ``to_json`` and the projection write it (``tile`` only where the
    action carries it: give a reader only its own draws' tiles)."""
    move = action.move.notation(explicit=True) if action.move is not None else None
    if action.tile is None:
        return {"seat": action.seat, "kind": action.kind, "move": move,
                "open_values": list(action.open_values)}
    return {"seat": action.seat, "kind": action.kind, "move": move, "tile": str(action.tile),
            "open_values": list(action.open_values)}
