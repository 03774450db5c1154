"""Win chances: the probability that side 0 wins the game from a public position.

Placeholder until the fitted model lands.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fives.game import Game


def win_chance(game: Game) -> float | None:
    """Side 0's chance of winning the game from ``game``'s public position."""
    if game.is_over:
        return 1.0 if game.winner == 0 else 0.0
    return None
