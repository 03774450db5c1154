"""Perft goldens (tests/engine/golden/perft.json), checked against the engine and, for the
depths the reference model can afford, against the reference model as well."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fives.tiles import ALL_TILES, Tile
from sampling import sampled

from .perft import (
    CASES,
    GOLDEN,
    VARIANT_CASES,
    engine_game,
    engine_perft,
    lot_leader,
    reference_hand,
    rules_of,
)
from .refmodel import ref_perft

GOLDENS: dict[str, Any] = json.loads(GOLDEN.read_text())
KEYS = [c[0] for c in CASES] + [c[0] for c in VARIANT_CASES]


def test_every_case_has_a_golden() -> None:
    assert sorted(GOLDENS) == sorted(KEYS)
    presets = {g["preset"] for g in GOLDENS.values()}
    assert presets == {"five-up", "all-fives", "five-up-solitaire", "multiples-of-five", "draw",
                       "block", "fives-and-threes", "cribbage-dominoes-1863", "muggins-1864"}
    assert {g.get("options", {}).get("sniff") for g in GOLDENS.values()} >= {"us", "british"}
    assert {g["options"]["sniff"] for g in GOLDENS.values()
            if g.get("options", {}).get("sniff_orientation_choice")} == {"us", "british"}


def setup(key: str) -> tuple[Any, Any, dict[str, Any]]:
    g = GOLDENS[key]
    rules = rules_of(g["preset"], g["players"], g["partnerships"], g.get("options"))
    tiles = [Tile.parse(t) for h in g["hands"] for t in h] + [Tile.parse(t) for t in g["boneyard"]]
    assert sorted(tiles) == sorted(ALL_TILES), "the golden deal is the whole set, once"
    game = engine_game(rules, g["hands"], g["boneyard"], lot_leader(g["preset"]))
    assert game.leader == g["leader"]
    ref = reference_hand(g["preset"], rules, g["hands"], g["boneyard"], g["leader"])
    return game, ref, g


@pytest.mark.parametrize("key", KEYS)
def test_engine_perft_matches_golden(key: str) -> None:
    game, _, g = setup(key)
    counts = [engine_perft(game, d) for d in range(1, len(g["counts"]) + 1)]
    assert counts == g["counts"]
    assert len(g["counts"]) >= 8, "deep enough to reach draws, passes and ends of hands"


# The reference model is slow: the fast suite checks one case in four against it.
@pytest.mark.parametrize("key", sampled(KEYS, 4))
def test_reference_perft_matches_golden(key: str) -> None:
    _, ref, g = setup(key)
    depth = g["reference_depth"]
    assert depth >= 5
    assert [ref_perft(ref, d) for d in range(1, depth + 1)] == g["counts"][:depth]
