"""Taking back a tile that the undo history does not hold is a clear engine error."""

from __future__ import annotations

import pytest

from fives import FivesError, Game, Ruleset


def test_undo_after_copy_or_checked_play_is_a_fives_error() -> None:
    game = Game(Ruleset.preset("five-up"), seed=5)
    game.play(next(iter(game.legal_moves)))
    with pytest.raises(FivesError, match="no tile to take back"):
        game.layout.undo()
    copy = game.copy()
    with pytest.raises(FivesError, match="no tile to take back"):
        copy.layout.undo()
    assert len(game.layout) == len(copy.layout) == 1
