"""Saved games at the moments a screen test needs, found by playing seeded random games: the
first seat (a person) to move mid-hand on a long table with several spinners, about to go out
(a hand's end), about to win (the game's end). Each comes with the number of the move to type."""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fives.claims import with_exact_claim
from fives.game import Game
from fives.record_writer import RecordJSON
from fives.rules import Ruleset


@dataclass
class Position:
    record: RecordJSON
    move_number: int  # the move that reaches the moment (for hand_end / game_end)
    claim: int | None = None  # its exact claim, under muggins claims (RULES.md §9 O1)

    @property
    def answer(self) -> str:
        """What to type for that move: '3', or '3=15' where the player claims (§9 O1)."""
        return str(self.move_number) if self.claim is None else f"{self.move_number}={self.claim}"

    def save(self, path: Path) -> Path:
        path.write_text(json.dumps(self.record), encoding="utf-8")
        return path


def meta(players: int, lang: str = "en") -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"player": "human"}]
    seats += [{"player": "bot", "level": "greedy", "seconds": 0.05}] * (players - 1)
    return {"client": "fives play", "seats": seats, "lang": lang, "seed": 1}


def spinners(game: Game) -> int:
    return sum(1 for nd in game.layout.to_json()["nodes"] if nd["spinner"])


@functools.cache
def find_positions(preset: str, players: int, seed: int = 1,
                   lang: str = "en") -> dict[str, Position]:
    """'mid', 'hand_end' and 'game_end' positions (seat 0 to move in each)."""
    found: dict[str, Position] = {}
    best_mid = (-1, -1)
    for attempt in range(40):
        rng = random.Random(seed * 1000 + attempt)
        game = Game(Ruleset.preset(preset, players=players), seed=seed * 1000 + attempt)
        for _ in range(5000):
            if game.is_over:
                break
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            moves = list(game.legal_moves)
            if game.turn == 0:
                size = game.layout.count
                score = (min(spinners(game), 3), size) if size > 6 else (0, size)
                if score > best_mid and len(moves) > 1:
                    best_mid = score
                    found["mid"] = Position(game.to_record(meta=meta(players, lang)), 1)
                last_tile = len(game.view(0).hand) == 1
                for i, move in enumerate(moves):
                    if move.kind != "place" or not last_tile:
                        continue
                    after = game.copy()
                    claimed = with_exact_claim(game, move)
                    after.play(claimed)
                    key = "game_end" if after.is_over else "hand_end"
                    if key not in found:
                        found[key] = Position(game.to_record(meta=meta(players, lang)), i + 1,
                                              claimed.claim if claimed.claim >= 0 else None)
            game.play(with_exact_claim(game, moves[rng.randrange(len(moves))]))
        if {"mid", "hand_end", "game_end"} <= found.keys():
            break
    return found


@dataclass
class SpinnerChoice:
    """Seat 0 to move with a tile that goes on either side of a spinner."""

    record: RecordJSON
    tile: str  # the tile, as the engine writes it
    node: int  # the spinner


@functools.cache
def find_spinner_choice(preset: str = "all-fives", players: int = 2) -> SpinnerChoice:
    """The first seeded random game in which seat 0 holds a tile that fits two ports of one
    spinner (the lead double's two ends, or a later spinner's two sides)."""
    for seed in range(500):
        rng = random.Random(seed)
        game = Game(Ruleset.preset(preset, players=players), seed=seed)
        while not game.is_over and game.phase_name == "play":
            moves = list(game.legal_moves)
            if game.turn == 0:
                spinning = {nd["n"] for nd in game.layout.to_json()["nodes"] if nd["spinner"]}
                ports: dict[tuple[str, int], set[str]] = {}
                for move in moves:
                    if move.kind == "place" and move.node in spinning:
                        ports.setdefault((str(move.tile), move.node), set()).add(move.port)
                for (tile, node), found in sorted(ports.items()):
                    if len(found) >= 2:
                        return SpinnerChoice(game.to_record(meta=meta(players)), tile, node)
            game.play(with_exact_claim(game, moves[rng.randrange(len(moves))]))
    raise AssertionError("no game put a tile on either side of a spinner")
