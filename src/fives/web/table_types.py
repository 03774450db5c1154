"""The table service's value types: its timings, the log entries it makes, what it asks the
runtime to do next, and how a seat is played (``fives.web.service`` uses them; the runtime, the
shared mode and the tests read them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fives.views import SeatView

# A stand-in (turn timer, player away) plays at this level.
STAND_IN_LEVEL = "greedy"
ConnId = int
Frames = dict[ConnId, str]
# A table of bots alone stops after this many log entries (many games' worth at the largest
# target ``protocol.check_target`` allows), so that no such table grows its log for ever.
MAX_BOT_TABLE_SEQ = 20_000


@dataclass(frozen=True, slots=True)
class Policy:
    """The table's timings, in seconds."""

    bot_delay: float = 0.6  # a bot waits this long before it moves, so people can follow
    away_grace: float = 20.0  # a bot plays for a player gone this long (tables may choose)
    auto_next: float = 2.0  # hands played by bots alone start by themselves after this pause
    hand_break: float = 30.0  # after one "Next hand", the others have this long to read


@dataclass(frozen=True, slots=True)
class Entry:
    """A log entry to append: ``kind`` is "deal", "move" or "undo"."""

    kind: str
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Wake:
    """Something to do at time ``at`` (``time.time()`` clock) if the table is still at ``seq``.

    ``action``: "bot" (a bot seat moves), "timer" (the turn timer ran out), "away" (a player
    left), "call" (the bot seats not to move decide whether they call muggins), "deal" (the
    next hand of an all-bot table, a timed-out hand break, or every human seat ready),
    "rematch" (every human seat accepted the rematch).
    """

    at: float
    seq: int
    action: str
    seat: int | None = None
    level: str | None = None


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A move the runtime must get from a bot: forced moves come with ``move`` already set;
    ``counting``: how it counts its claim under muggins claims (``bots.base.COUNTING``)."""

    wake: Wake
    level: str
    view: SeatView
    legal: list[str]
    move: str | None
    counting: str = "exact"


@dataclass(frozen=True, slots=True)
class SeatConfig:
    kind: str  # "human" or "bot"
    level: str | None = None


# A move of the current game as the log gave it: (seat, explicit notation, by).
Played = tuple[int, str, str]
