"""The player interface shared by every bot level.

A player sees exactly one seat's ``SeatView`` (what the web and terminal show that seat), a
``Budget`` and its own seeded RNG; it never touches the ``Game``, so it cannot read hidden tiles.
"""

from __future__ import annotations

import math
import random
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


def _legal_moves(view: SeatView) -> tuple[Move, ...]:
    moves = tuple(view.legal_moves)
    if not moves:
        raise UsageError(
            f"no legal move for seat {view.seat!r}: it is seat {view.turn!r}'s turn "
            f"(phase {view.phase!r})", key="no_legal_move", seat=repr(view.seat), turn=view.turn,
        )
    return moves
