"""Seeded hand-end layouts of every preset and player count, for the board layout tests."""

from __future__ import annotations

import random
from typing import Any

from fives.claims import with_exact_claim
from fives.errors import FivesError
from fives.game import Game
from fives.layout import LayoutJSON
from fives.rules import PRESETS, Ruleset


def configs() -> list[tuple[str, int]]:
    """Every (preset, players) the rules accept, from 1 to 4 players."""
    out = []
    for preset in PRESETS:
        for players in (1, 2, 3, 4):
            try:
                Ruleset.preset(preset, players=players)
            except FivesError:
                continue
            out.append((preset, players))
    return out


def hand_end_layouts(preset: str, players: int, count: int, seed: int,
                     **options: Any) -> list[LayoutJSON]:
    """``count`` layouts as the server sends them, each at the end of a hand of random play."""
    rules = Ruleset.preset(preset, players=players, **options)
    rng = random.Random(f"{preset}/{players}/{seed}")
    found: list[LayoutJSON] = []
    while len(found) < count:
        game = Game(rules, rng=random.Random(rng.getrandbits(64)))
        while not game.is_over and len(found) < count:
            if game.phase_name == "hand_over":
                found.append(game.layout.to_json())
                game.next_hand()
                continue
            moves = list(game.legal_moves)
            game.play(with_exact_claim(game, moves[rng.randrange(len(moves))]))  # §9 O1
        if game.is_over and len(found) < count:
            found.append(game.layout.to_json())
    return found
