"""The table drawn as a picture: every tile is drawn once or listed under the picture, no row is
wider than asked, tiles never overlap, and the open ends show their values."""

from __future__ import annotations

import random

import pytest

from fives.game import Game
from fives.rules import Ruleset
from fives.tui.board import Drawer, crop_rows, draw_board


def layouts(preset: str, players: int, games: int) -> list[dict[str, object]]:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(Ruleset.preset(preset, players=players), seed=seed)
        while game.phase_name == "play":
            moves = list(game.legal_moves)
            game.play(moves[rng.randrange(len(moves))])
            out.append(game.layout.to_json())
    return out


@pytest.mark.parametrize(("preset", "players"), [("five-up", 2), ("five-up", 4),
                                                 ("all-fives", 3), ("multiples-of-five", 2)])
@pytest.mark.parametrize("width", [80, 60, 40])
def test_every_tile_drawn_once_or_listed(preset: str, players: int, width: int) -> None:
    for data in layouts(preset, players, 15):
        drawer = Drawer(data, width, None)
        drawer.draw()
        drawn = set(drawer.canvas.tags.values())
        nodes = {nd["n"] for nd in data["nodes"]}  # type: ignore[attr-defined]
        assert drawn | drawer.left_out_nodes == nodes
        assert not drawn & drawer.left_out_nodes
        # cells of one tile: [a|b] 5, standing up 6, a double across a row 9 (across a column
        # 5); fewer would mean tiles drawn over each other
        per_node: dict[int, int] = {}
        for node in drawer.canvas.tags.values():
            per_node[node] = per_node.get(node, 0) + 1
        assert all(count in (5, 6, 9) for count in per_node.values()), per_node
        board = draw_board(data, width)
        assert all(line.cell_len <= width for line in board.lines)
        assert all(line.cell_len <= width for line in crop_rows(board, 8, 1))
        assert len(crop_rows(board, 8, 1)) <= 8


def test_open_ends_are_highlighted() -> None:
    for data in layouts("five-up", 2, 3)[:20]:
        board = draw_board(data, 80)
        values = {str(e["value"]) for e in data["ends"]}  # type: ignore[attr-defined]
        shown = {line.plain[span.start:span.end] for line in board.lines for span in line.spans
                 if span.style == "bold yellow"}
        assert shown and shown <= values, (shown, values)
