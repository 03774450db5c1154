"""What one seat may know: the only way game state leaves the engine for players and bots.

A ``SeatView`` holds the seat's own hand, the public layout, hand sizes, the boneyard's size,
the scores, and the current hand's public actions (a draw shows its tile only to the drawer).
Other seats' tiles and the boneyard's content and order are never in it; once a hand has
ended, the reveal (every remaining hand) is public and is included.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NotRequired, TypedDict

from fives.errors import UsageError
from fives.events import HandEndEvent, HandEndRevealJSON
from fives.game import PLAY, Phase, PublicAction
from fives.layout import Layout, LayoutJSON
from fives.moves import Move
from fives.rules import OptionValue, Ruleset
from fives.tiles import Tile

if TYPE_CHECKING:
    from fives.game import Game


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

    @classmethod
    def of(cls, game: Game, seat: int | None) -> SeatView:
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players
        ):
            raise UsageError(
                f"invalid seat {seat!r}: expected a seat number from 0 to {game.players - 1}, "
                "or None for a spectator", key="invalid_seat", seat=repr(seat),
            )
        own = game.hand(seat) if seat is not None else ()
        history = tuple(
            a if a.tile is None or a.seat == seat else a._replace(tile=None)
            for a in game.history
        )
        my_turn = seat is not None and game.phase == PLAY and game.turn == seat
        layout = game.layout.copy()  # a copy has no undo history
        return cls(
            rules=game.rules,
            seat=seat,
            hand=own,
            hand_sizes=game.hand_sizes,
            boneyard_size=game.boneyard_size,
            scores=tuple(game.scores),
            start_scores=game.start_scores,
            turn=game.turn,
            phase=game.phase,
            hand_number=game.hand_number,
            leader=game.leader,
            # The tile that must lead is the leader's secret until it is played.
            forced_lead=game.forced_lead if seat == game.leader else None,
            layout=layout,
            legal_moves=_seat_moves(game, seat, my_turn),
            history=history,
            last_hand_end=game.last_hand_end if game.phase != PLAY else None,
            winner=game.winner,
        )

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


def _seat_moves(game: Game, seat: int | None, my_turn: bool) -> tuple[Move, ...]:
    """The legal moves of ``seat``: its turn's moves, and under RULES.md §9 O1 its own muggins
    call while a window is open (a call is not bound to the turn)."""
    if not game.rules.muggins_claims:
        return tuple(game.legal_moves) if my_turn else ()
    if seat is None or game.phase != PLAY:
        return ()
    return tuple(m for m in game.legal_moves
                 if (m.caller == seat if m.kind == "muggins" else my_turn))


def action_json(action: PublicAction) -> ActionJSON:
    """One public action as ``to_json`` and the projection write it (``tile`` only where the
    action carries it: give a reader only its own draws' tiles)."""
    move = action.move.notation(explicit=True) if action.move is not None else None
    if action.tile is None:
        return {"seat": action.seat, "kind": action.kind, "move": move,
                "open_values": list(action.open_values)}
    return {"seat": action.seat, "kind": action.kind, "move": move, "tile": str(action.tile),
            "open_values": list(action.open_values)}
