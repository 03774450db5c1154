"""Level 2: the classic baseline, the largest immediate score; ties dump the heaviest tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fives.bots.base import Budget, Candidate, Player

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView


def greedy_key(points: int, move: Move) -> float:
    """Points first; among equal points the heavier tile (pips, then the larger half)."""
    tile = move.tile
    if tile is None:
        return float(points)
    return points + (tile.pips * 8 + tile.high) / 1000.0


class GreedyPlayer(Player):
    name = "greedy"
    level = 2

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        rules = view.rules
        layout = view.layout.copy()  # never touch the view's own layout
        out = []
        for move in moves:
            if move.tile is None:
                # A forced draw or pass is the only legal move; beside a placement a draw is the
                # solitaire's overdraw (3 to the deck), which greedy never takes.
                out.append(Candidate(move, -1.0))
                continue
            total = layout.place_code(move.code)
            layout.undo()
            out.append(Candidate(move, greedy_key(rules.score_of_total(total), move)))
        return out
