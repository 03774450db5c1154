"""What a bot worker process runs: one move for one seat view (bots think outside the server's
process, so a slow search never holds the event loop or the GIL that other tables need)."""

from __future__ import annotations

from typing import Any


def choose(level: str, seed: int, view: Any) -> str:
    """The bot's move for ``view`` (a ``SeatView``), in explicit notation."""
    from fives.bots import make_player

    move = make_player(level, seed=seed).choose(view)
    return str(move.notation(explicit=True))
