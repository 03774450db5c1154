"""Level 1: a uniformly random legal move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fives.bots.base import Budget, Candidate, Player

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView


class RandomPlayer(Player):
    name = "random"
    level = 1

    def _choose(self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None) -> Move:
        return self.rng.choice(moves)

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        # A random player has no preference: every move is worth the same.
        return [Candidate(m, 0.0) for m in moves]
