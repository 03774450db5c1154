"""What the session and the ``undo`` command read of the hands played: one summary line per
finished hand, and where a seat last chose a tile in a record. Apart from the session, so that
the commands need not import it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from fives.events import DrawEvent, HandEndEvent, PassEvent, PlayEvent
from fives.tui.screen import HandSummary

if TYPE_CHECKING:
    from fives.game import Game


def hand_summaries(game: Game) -> list[HandSummary]:
    """One line per finished hand (a resumed game brings the hands played before)."""
    return [
        HandSummary(e.hand, e.result, e.winner, tuple(e.scores))
        for e in game.events if isinstance(e, HandEndEvent)
    ]


def last_choice(record: Mapping[str, object], seat: int) -> tuple[int, int] | None:
    """(hand index, action index) of ``seat``'s last lead or placement in a record."""
    from fives.record import load_record

    events = load_record(record).replay()
    hand_index = 0
    action_index = 0
    found: tuple[int, int] | None = None
    for event in events:
        if isinstance(event, PlayEvent | DrawEvent | PassEvent):
            if isinstance(event, PlayEvent) and event.seat == seat:
                found = (hand_index, action_index)
            action_index += 1
        elif isinstance(event, HandEndEvent):
            hand_index += 1
            action_index = 0
    return found
