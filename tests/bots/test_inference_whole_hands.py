"""The inference at every decision of whole hands: the true hidden hands always stay possible.

Every seat's view is checked at every decision of many seeded games with draws and passes: the
slot counts equal the hand sizes, every true tile is among the tiles its holder may hold, and
the true hand can be laid into the slots (each tile in a slot that does not forbid it), which is
what the sampler needs to be able to deal the truth.
"""

from __future__ import annotations

from typing import Any

import pytest

from fives.bots.inference import Knowledge, infer
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import ids_of, mask_of

from .helpers import greedy_positions

# Games with many draws (all-fives, draw), with passes (block), with partners, with 3 seats.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("all-fives", {"target": 60}),
    ("all-fives", {"players": 3, "target": 60}),
    ("all-fives", {"players": 4, "partnerships": True, "target": 60}),
    ("five-up", {"target": 31}),
    ("draw", {"target": 40}),
    ("block", {"players": 3, "target": 40}),
    ("multiples-of-five", {"players": 2, "target": 80}),
]


def _fits_slots(truth: int, slots: tuple[int, ...]) -> bool:
    """Whether the tiles of ``truth`` can be matched one to one into the slots they fit."""
    tiles = ids_of(truth)
    owner: dict[int, int] = {}  # slot index -> tile

    def place(tile: int, seen: set[int]) -> bool:
        for i, forbidden in enumerate(slots):
            if forbidden >> tile & 1 or i in seen:
                continue
            seen.add(i)
            if i not in owner or place(owner[i], seen):
                owner[i] = tile
                return True
        return False

    return len(tiles) == len(slots) and all(place(t, set()) for t in tiles)


def _check(game: Game, know: Knowledge, seat: int) -> None:
    view_sizes = [game.hand_masks[s].bit_count() for s in range(game.players)]
    assert know.seat == seat
    for other in range(game.players):
        if other == seat:
            continue
        truth = game.hand_masks[other]
        slots = know.slots[other]
        assert len(slots) == view_sizes[other]
        assert truth & ~know.unseen == 0
        assert truth & ~know.possible(other) == 0, (other, ids_of(truth & ~know.possible(other)))
        assert _fits_slots(truth, slots)


@pytest.mark.parametrize("preset,options", CASES, ids=[c[0] + str(len(c[1])) for c in CASES])
def test_true_hands_stay_possible_at_every_decision(preset: str, options: dict[str, Any]) -> None:
    rules = Ruleset.preset(preset, **options)
    checks = voids_seen = 0
    for game in greedy_positions(rules, range(12)):
        for seat in range(game.players):
            know = infer(game.view(seat))
            assert know.hand == mask_of(game.view(seat).hand)
            _check(game, know, seat)
            checks += 1
            voids_seen += sum(1 for s in know.slots.values() for m in s if m)
    assert checks > 500
    assert voids_seen > 100  # the games did exercise draws and passes


def test_the_slot_matching_itself() -> None:
    # Two tiles, two slots; a slot forbidding the only tile that fits it fails.
    a, b = 3, 9
    truth = (1 << a) | (1 << b)
    assert _fits_slots(truth, (0, 1 << a))
    assert not _fits_slots(truth, (1 << b, 1 << b))
    assert not _fits_slots(truth, (0,))
