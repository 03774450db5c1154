"""The player interface shared by every bot level.

A player sees exactly one seat's ``SeatView`` (what the web and terminal show that seat), a
``Budget`` and its own seeded RNG; it never touches the ``Game``, so it cannot read hidden tiles.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from fives.errors import UsageError

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView


@dataclass(frozen=True)
class Budget:
    """How long a player may think: wall-clock seconds, a number of iterations, or both.

    Search levels stop at whichever limit comes first; the simple levels ignore the budget.
    Iteration budgets make a seeded player fully reproducible (time budgets depend on the
    machine).
    """

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, (int, float))
            or not math.isfinite(self.seconds)
            or self.seconds <= 0
        ):
            raise UsageError(
                f"invalid budget seconds {self.seconds!r}: expected a positive number",
                key="invalid_budget", value=repr(self.seconds),
            )
        if self.iterations is not None and (
            isinstance(self.iterations, bool)
            or not isinstance(self.iterations, int)
            or self.iterations < 1
        ):
            raise UsageError(
                f"invalid budget iterations {self.iterations!r}: expected a positive integer",
                key="invalid_budget", value=repr(self.iterations),
            )


@dataclass(frozen=True)
class Candidate:
    """One candidate move with the player's estimate of its value (higher is better)."""

    move: Move
    value: float
    # What the expert expects of the move for the rest of the hand, in the rules' score unit:
    # ``points`` for the mover's side, ``against`` for the other sides (the solitaire's deck);
    # ``odds``, for an overdraw, the chance that the tile drawn scores at once. None elsewhere.
    points: float | None = None
    against: float | None = None
    odds: float | None = None


class Player:
    """Base class of the bot levels.

    ``choose`` returns one of ``view.legal_moves``; ``explain`` ranks the legal moves best
    first, for hints. Subclasses implement ``_rank`` (and may override ``_choose`` when a cheaper
    path exists).
    """

    name: str = "player"
    level: int = 0

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    def choose(self, view: SeatView, budget: Budget | None = None) -> Move:
        moves = _legal_moves(view)
        if len(moves) == 1:  # a forced draw, pass or placement: nothing to think about
            return moves[0]
        return self._choose(view, moves, budget)

    def explain(
        self, view: SeatView, top: int = 3, budget: Budget | None = None
    ) -> list[Candidate]:
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise UsageError(f"invalid top {top!r}: expected a positive integer",
                             key="invalid_top", value=repr(top))
        moves = _legal_moves(view)
        ranked = self._rank(view, moves, budget)
        ranked.sort(key=lambda c: -c.value)
        return ranked[:top]

    def _choose(self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None) -> Move:
        ranked = self._rank(view, moves, budget)
        best = max(c.value for c in ranked)
        # Ties are broken by the player's RNG so that equal moves are not always played the same.
        tied = [c.move for c in ranked if c.value == best]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        raise NotImplementedError


class SampleLoop:
    """The stopping rule shared by the sampling levels: an iteration count, a deadline, or both.

    ``limits(budget, default_seconds)`` reads a budget (no budget: ``default_seconds``).
    ``done()`` is called after each iteration: it counts it and says whether to stop, either
    because the iteration budget is spent or because one more iteration, as long as the longer
    of the last one and the mean so far, would overrun the deadline (never before
    ``min_iterations``). ``started`` lets the
    caller charge work done before the loop (the expert's endgame attempt) to the same budget.
    """

    __slots__ = ("began", "count", "deadline", "iterations", "last", "min_iterations", "seconds")

    def __init__(
        self, budget: Budget | None, default_seconds: float, *, min_iterations: int = 1,
        started: float | None = None,
    ) -> None:
        self.seconds, self.iterations = limits(budget, default_seconds)
        self.began = time.perf_counter()
        start = self.began if started is None else started
        self.deadline = start + self.seconds if self.seconds is not None else math.inf
        self.min_iterations = min_iterations
        self.count = 0
        self.last = self.began

    def done(self) -> bool:
        self.count += 1
        if self.iterations is not None and self.count >= self.iterations:
            return True
        if self.seconds is None:
            return False
        now = time.perf_counter()
        step = max(now - self.last, (now - self.began) / self.count)
        self.last = now
        return self.count >= self.min_iterations and now + step >= self.deadline


def limits(budget: Budget | None, default_seconds: float) -> tuple[float | None, int | None]:
    """(seconds, iterations) of a budget; ``default_seconds`` when it sets neither."""
    if budget is None or (budget.seconds is None and budget.iterations is None):
        return default_seconds, None
    return budget.seconds, budget.iterations


def _legal_moves(view: SeatView) -> tuple[Move, ...]:
    moves = tuple(view.legal_moves)
    if not moves:
        raise UsageError(
            f"no legal move for seat {view.seat!r}: it is seat {view.turn!r}'s turn "
            f"(phase {view.phase!r})", key="no_legal_move", seat=repr(view.seat), turn=view.turn,
        )
    return moves
