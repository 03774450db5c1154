"""Perft ("performance test" as in chess engines): leaf counts of the move tree from fixed deals.

The goldens in ``golden/perft.json`` hold, for each preset, an explicit deal, its leader and the
number of leaf nodes at depths 1..N (a hand that has ended before depth d adds nothing at
depth d). Regenerate them with ``python -m tests.engine.perft`` from the repository root: the
counts it writes come from the reference model (``refmodel``) wherever it is fast enough and
from the engine beyond; the test then checks both against the file.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from fives.dealing import Deal
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import ALL_TILES, Tile

from .harness import lead_rule
from .refmodel import RefHand, highest_double_or_heaviest, parse_tile, ref_perft

GOLDEN = Path(__file__).parent / "golden" / "perft.json"

# (key, preset, players, partnerships or None, seed)
CASES: list[tuple[str, str, int, bool | None, int]] = [
    ("five-up-2p", "five-up", 2, None, 101),
    ("five-up-4p-teams", "five-up", 4, True, 102),
    ("all-fives-2p", "all-fives", 2, None, 103),
    ("all-fives-3p", "all-fives", 3, None, 104),
    ("five-up-solitaire", "five-up-solitaire", 1, None, 105),
    ("multiples-of-five-2p", "multiples-of-five", 2, None, 116),
    ("multiples-of-five-4p", "multiples-of-five", 4, False, 107),
    ("draw-2p", "draw", 2, None, 118),
    ("block-3p", "block", 3, None, 109),
    ("fives-and-threes-2p", "fives-and-threes", 2, None, 110),
]
# Options of RULES.md §9 O4 and the O14 presets: (key, preset, players, partnerships, seed,
# options). Their goldens carry the options.
VARIANT_CASES: list[tuple[str, str, int, bool | None, int, dict[str, Any]]] = [
    ("all-fives-2p-sniff-us", "all-fives", 2, None, 111, {"sniff": "us"}),
    ("all-fives-2p-sniff-british", "all-fives", 2, None, 111, {"sniff": "british"}),
    ("multiples-of-five-2p-sniff-us", "multiples-of-five", 2, None, 112, {"sniff": "us"}),
    ("five-up-2p-sniff-british", "five-up", 2, None, 113, {"sniff": "british"}),
    ("cribbage-dominoes-1863-2p", "cribbage-dominoes-1863", 2, None, 114, {}),
    ("muggins-1864-3p", "muggins-1864", 3, None, 115, {}),
    # §9 O4 sniff_orientation_choice: the same deals as the plain sniffs above, the sniff's
    # placer naming its form.
    ("all-fives-2p-sniff-us-choice", "all-fives", 2, None, 111,
     {"sniff": "us", "sniff_orientation_choice": True}),
    ("all-fives-2p-sniff-british-choice", "all-fives", 2, None, 111,
     {"sniff": "british", "sniff_orientation_choice": True}),
    ("five-up-2p-sniff-british-choice", "five-up", 2, None, 113,
     {"sniff": "british", "sniff_orientation_choice": True}),
]
# Time budgets (seconds, cumulative over depths) when generating: the engine's depths must run
# in well under a second per case, the reference's in about a second.
ENGINE_BUDGET, REFERENCE_BUDGET, MAX_DEPTH = 0.12, 0.3, 24


def rules_of(preset: str, players: int, partnerships: bool | None,
             extra: dict[str, Any] | None = None) -> Ruleset:
    options: dict[str, Any] = {"players": players, **(extra or {})}
    if partnerships is not None:
        options["partnerships"] = partnerships
    return Ruleset.preset(preset, **options)


def seeded_deal(rules: Ruleset, seed: int) -> tuple[list[list[str]], list[str]]:
    tiles = list(ALL_TILES)
    random.Random(seed).shuffle(tiles)
    h = rules.hand_size
    hands = [[str(t) for t in tiles[s * h:(s + 1) * h]] for s in range(rules.players)]
    return hands, [str(t) for t in tiles[rules.players * h:]]


def engine_game(rules: Ruleset, hands: list[list[str]], boneyard: list[str],
                leader: int | None) -> Game:
    deal = Deal(tuple(tuple(Tile.parse(t) for t in h) for h in hands),
                tuple(Tile.parse(t) for t in boneyard))
    return Game(rules, deal=deal, leader=leader)


def engine_perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    moves = list(game.legal_moves)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.push(move)
        total += engine_perft(game, depth - 1)
        game.pop()
    return total


def reference_hand(preset: str, rules: Ruleset, hands: list[list[str]], boneyard: list[str],
                   leader: int) -> RefHand:
    ref_hands = [[parse_tile(t) for t in h] for h in hands]
    forced = None
    if lead_rule(preset, 1, None) == "highest":
        seat, forced = highest_double_or_heaviest([set(h) for h in ref_hands])
        assert seat == leader
    return RefHand(rules.spinners, ref_hands, [parse_tile(t) for t in boneyard], leader,
                   drawing=rules.drawing, reserve=rules.boneyard_reserve, forced_lead=forced,
                   overdraw=rules.overdraw_allowed, sniff=rules.sniff,
                   sniff_choice=rules.sniff_orientation_choice)


def lot_leader(preset: str) -> int | None:
    """The leader to inject where the rules draw lots (seat 0); None where they derive it."""
    return 0 if lead_rule(preset, 1, None) in ("lot", "solo") else None


def generate() -> dict[str, Any]:
    out: dict[str, Any] = {}
    cases: list[tuple[str, str, int, bool | None, int, dict[str, Any]]] = [
        (*c, {}) for c in CASES] + VARIANT_CASES
    for key, preset, players, partners, seed, extra in cases:
        rules = rules_of(preset, players, partners, extra)
        hands, boneyard = seeded_deal(rules, seed)
        game = engine_game(rules, hands, boneyard, lot_leader(preset))
        ref = reference_hand(preset, rules, hands, boneyard, game.leader)
        counts: list[int] = []
        engine_time = reference_time = 0.0
        ref_depth = 0
        for d in range(1, MAX_DEPTH + 1):
            start = time.perf_counter()
            engine = engine_perft(game, d)
            engine_time += time.perf_counter() - start
            if reference_time < REFERENCE_BUDGET:
                start = time.perf_counter()
                reference = ref_perft(ref, d)
                reference_time += time.perf_counter() - start
                ref_depth = d
                if reference != engine:
                    print(f"{key} depth {d}: reference {reference}, engine {engine}",
                          file=sys.stderr)
                counts.append(reference)
            else:
                counts.append(engine)
            if engine_time > ENGINE_BUDGET:
                break
        out[key] = {"preset": preset, "players": players, "partnerships": partners,
                    **({"options": extra} if extra else {}),
                    "seed": seed, "hands": hands, "boneyard": boneyard,
                    "leader": game.leader, "reference_depth": ref_depth, "counts": counts}
        print(key, counts, file=sys.stderr)
    return out


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    cases = generate()
    lines = [f" {json.dumps(key)}: {json.dumps(value)}" for key, value in cases.items()]
    GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n")
