"""What a table does next without a client (``TableService.wake``), and when it acts for the
seat to move (``deadline``): a bot's move, a turn timer, a stand-in for a player who left, the
bots' muggins calls (RULES.md §9 O1), the next deal of an all-bot table or of a timed-out break.

Under muggins claims the bot, timer and stand-in moves wait for a person's call
(``claims_window.hold_until``), and the bots that may call but are not to move are asked first
(a "call" wake), once per window.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from fives.game import Game
from fives.web.claims_window import bot_callers
from fives.web.table_types import MAX_BOT_TABLE_SEQ, STAND_IN_LEVEL, Policy, SeatConfig, Wake


class TableService(Protocol):
    """What the wakes read of a table (``fives.web.service.TableService``, which calls them)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def clock(self) -> Callable[[], float]: ...
    @property
    def seq(self) -> int: ...
    @property
    def bots_only(self) -> bool: ...
    @property
    def connections(self) -> Mapping[int, int | None]: ...
    @property
    def calls_asked(self) -> int: ...
    @property
    def bot_levels(self) -> dict[int, str]: ...
    @property
    def seats(self) -> Sequence[SeatConfig]: ...
    @property
    def policy(self) -> Policy: ...
    @property
    def timer(self) -> int: ...
    @property
    def last_at(self) -> float: ...
    @property
    def away(self) -> Mapping[int, float]: ...
    @property
    def ready(self) -> set[int]: ...
    @property
    def ready_at(self) -> float | None: ...
    @property
    def offers(self) -> set[int]: ...
    def hold(self) -> float | None: ...
    def all_agree(self, said: set[int]) -> bool: ...


def next_wake(t: TableService) -> Wake | None:
    game = t.game
    if game is None:
        return None
    now, seq = t.clock(), t.seq
    if t.bots_only and (not t.connections or seq >= MAX_BOT_TABLE_SEQ):
        return None  # bots play for an audience only, and not for ever
    if game.phase_name == "play":
        seat = game.turn
        if t.calls_asked != seq and bot_callers(game, t.bot_levels):
            return Wake(now + t.policy.bot_delay, seq, "call")
        hold = t.hold()

        def held(at: float) -> float:
            return at if hold is None else max(at, hold)

        if t.seats[seat].kind == "bot":
            return Wake(held(now + t.policy.bot_delay), seq, "bot", seat, t.seats[seat].level)
        wakes = []
        if t.timer:
            wakes.append(Wake(held(t.last_at + t.timer), seq, "timer", seat, STAND_IN_LEVEL))
        if seat in t.away:
            # A player who left: a bot stands in once the grace is over, then plays the
            # seat's turns at a bot's pace; the same link takes the seat back at any time.
            at = held(max(t.away[seat], now + t.policy.bot_delay))
            wakes.append(Wake(at, seq, "away", seat, STAND_IN_LEVEL))
        return min(wakes, key=lambda w: w.at, default=None)
    if game.phase_name == "hand_over":
        if t.bots_only:
            return Wake(now + t.policy.auto_next, seq, "deal")
        if t.ready_at is not None and t.all_agree(t.ready):
            return Wake(now, seq, "deal")  # the last one not ready left
        due = [at for at in (t.last_at + t.timer if t.timer else None,
                             None if t.ready_at is None
                             else t.ready_at + t.policy.hand_break) if at is not None]
        if due:
            return Wake(min(due), seq, "deal")
    elif game.is_over and t.offers and t.all_agree(t.offers):
        return Wake(now, seq, "rematch")  # the last one who had not answered left
    return None


def deadline(t: TableService) -> float | None:
    """When the server acts for the seat to move (absolute time), or None."""
    game = t.game
    if game is None:
        return None
    at: list[float] = []
    if game.phase_name == "play" and t.seats[game.turn].kind == "human":
        hold = t.hold() or 0.0
        if t.timer:
            at.append(max(t.last_at + t.timer, hold))
        if game.turn in t.away:
            at.append(max(t.away[game.turn], hold))
    elif game.phase_name == "hand_over":
        if t.timer:
            at.append(t.last_at + t.timer)
        if t.ready_at is not None:
            at.append(t.ready_at + t.policy.hand_break)
    return min(at) if at else None
