"""What happens in a game, as immutable values (named tuples, cheap to build on the checked
path) whose ``to_json`` is the §12.4 line; and where a game stands (``Phase``, ``HandEnd``)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal, NamedTuple, NotRequired, TypedDict

from fives.tiles import Tile

HandResult = Literal["out", "blocked", "target"]


class Phase(StrEnum):
    """Where a game stands; a ``str``, so ``game.phase == "play"`` holds too."""

    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


PLAY, HAND_OVER, GAME_OVER = Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER


class HandEnd(NamedTuple):
    """How a hand ended (``Game.hand_end``): the result, the winning side, the seat that went
    out, every seat's pips left and each side's change at the settlement."""

    result: HandResult
    winner: int | None
    out_seat: int | None
    pips: tuple[int, ...]
    deltas: tuple[int, ...]


# The §12.4 lines that ``to_json`` gives, one TypedDict per event type.
class PlayJSON(TypedDict):
    type: Literal["play"]
    hand: int
    seat: int
    move: str
    total: int
    claim: NotRequired[int]  # RULES.md §9 O1: what the placer claimed (only under O1)
    points: int
    scores: list[int]


class MugginsJSON(TypedDict):
    type: Literal["muggins"]
    hand: int
    seat: int
    points: int
    scores: list[int]


class PenaltyJSON(TypedDict):
    type: Literal["penalty"]
    hand: int
    seat: int
    points: int
    scores: list[int]


class DrawJSON(TypedDict):
    type: Literal["draw"]
    hand: int
    seat: int
    tile: str
    scores: list[int]


class PassJSON(TypedDict):
    type: Literal["pass"]
    hand: int
    seat: int


class HandEndJSON(TypedDict):
    type: Literal["hand_end"]
    hand: int
    result: HandResult
    winner: int | None
    pips: list[int]
    deltas: list[int]
    scores: list[int]


class HandEndRevealJSON(HandEndJSON):
    hands: list[list[str]]  # every seat's remaining tiles, public once the hand has ended


class GameEndJSON(TypedDict):
    type: Literal["game_end"]
    winner: int
    scores: list[int]


EventJSON = (PlayJSON | DrawJSON | PassJSON | MugginsJSON | PenaltyJSON | HandEndJSON
             | GameEndJSON)


class PlayEvent(NamedTuple):
    hand: int
    seat: int
    move: str  # canonical notation: "6-3" for a lead, "x-y@n" for a placement
    total: int  # counted total after the placement
    points: int  # what the placement scored (under §9 O1: the claim, or 0 for an over-claim)
    scores: tuple[int, ...]
    type: Literal["play"] = "play"
    claim: int | None = None  # what the placer claimed under §9 O1 (None without claims)

    def to_json(self) -> PlayJSON:
        if self.claim is not None:
            return {"type": "play", "hand": self.hand, "seat": self.seat, "move": self.move,
                    "total": self.total, "claim": self.claim, "points": self.points,
                    "scores": list(self.scores)}
        return {"type": "play", "hand": self.hand, "seat": self.seat, "move": self.move,
                "total": self.total, "points": self.points, "scores": list(self.scores)}


class DrawEvent(NamedTuple):
    hand: int
    seat: int
    tile: Tile  # hidden from every other seat: views never carry it
    scores: tuple[int, ...]
    type: Literal["draw"] = "draw"

    def to_json(self) -> DrawJSON:
        return {"type": "draw", "hand": self.hand, "seat": self.seat, "tile": str(self.tile),
                "scores": list(self.scores)}


class PassEvent(NamedTuple):
    hand: int
    seat: int
    type: Literal["pass"] = "pass"

    def to_json(self) -> PassJSON:
        return {"type": "pass", "hand": self.hand, "seat": self.seat}


class MugginsEvent(NamedTuple):
    """Seat ``seat`` called "muggins" (§9 O1): its side took ``points``, the points the last
    placer missed (0 for a mistaken call)."""

    hand: int
    seat: int
    points: int
    scores: tuple[int, ...]
    type: Literal["muggins"] = "muggins"

    def to_json(self) -> MugginsJSON:
        return {"type": "muggins", "hand": self.hand, "seat": self.seat, "points": self.points,
                "scores": list(self.scores)}


class PenaltyEvent(NamedTuple):
    """An over-claim's penalty under ``muggins_overclaim=foster_penalty`` (§9 O1): seat
    ``seat``, the next opposing seat in turn, scored the ``points`` claimed."""

    hand: int
    seat: int
    points: int
    scores: tuple[int, ...]
    type: Literal["penalty"] = "penalty"

    def to_json(self) -> PenaltyJSON:
        return {"type": "penalty", "hand": self.hand, "seat": self.seat, "points": self.points,
                "scores": list(self.scores)}


class HandEndEvent(NamedTuple):
    hand: int
    result: HandResult
    winner: int | None
    pips: tuple[int, ...]  # per seat
    deltas: tuple[int, ...]  # per side
    scores: tuple[int, ...]  # per side
    hands: tuple[tuple[Tile, ...], ...]  # every seat's remaining tiles, revealed
    type: Literal["hand_end"] = "hand_end"

    def to_json(self) -> HandEndJSON:
        return {"type": "hand_end", "hand": self.hand, "result": self.result,
                "winner": self.winner, "pips": list(self.pips), "deltas": list(self.deltas),
                "scores": list(self.scores)}

    def reveal_json(self) -> HandEndRevealJSON:
        """The §12.4 line plus the revealed hands (public once the hand has ended)."""
        return {**self.to_json(), "hands": [[str(t) for t in hand] for hand in self.hands]}


class GameEndEvent(NamedTuple):
    winner: int
    scores: tuple[int, ...]
    type: Literal["game_end"] = "game_end"

    def to_json(self) -> GameEndJSON:
        return {"type": "game_end", "winner": self.winner, "scores": list(self.scores)}


Event = (PlayEvent | DrawEvent | PassEvent | MugginsEvent | PenaltyEvent | HandEndEvent
         | GameEndEvent)
