"""The table drawn as a picture: every tile is drawn once or listed under the picture, no row is
wider than asked, tiles never overlap, and the open ends show their values."""

from __future__ import annotations

import random

import pytest

from fives.game import Game
from fives.layout import LayoutJSON
from fives.rules import Ruleset
from fives.tui.board import Drawer, draw_board, fitted


def layouts(preset: str, players: int, games: int,
            **options: object) -> list[LayoutJSON]:
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game = Game(Ruleset.preset(preset, players=players, **options), seed=seed)
        while game.phase_name == "play":
            moves = list(game.legal_moves)
            game.play(moves[rng.randrange(len(moves))])
            out.append(game.layout.to_json())
    return out


@pytest.mark.parametrize(("preset", "players", "options"), [
    ("five-up", 2, {}), ("five-up", 4, {}), ("all-fives", 3, {}), ("multiples-of-five", 2, {}),
    ("all-fives", 2, {"sniff": "british"}), ("five-up", 2, {"sniff": "us"}),
    ("multiples-of-five", 2, {"sniff": "british", "sniff_orientation_choice": True}),
])
@pytest.mark.parametrize("width", [80, 60, 40])
def test_every_tile_drawn_once_or_listed(preset: str, players: int, options: dict[str, object],
                                         width: int) -> None:
    for data in layouts(preset, players, 15, **options):
        drawer = Drawer(data, width, None)
        drawer.draw()
        drawn = set(drawer.canvas.tags.values())
        nodes = {nd["n"] for nd in data["nodes"]}
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
        assert all(line.cell_len <= width for line in fitted(board, 8, [1])[0])
        assert len(fitted(board, 8, [1])[0]) <= 8


def test_open_ends_are_highlighted() -> None:
    for data in layouts("five-up", 2, 3)[:20]:
        board = draw_board(data, 80)
        values = {str(e["value"]) for e in data["ends"]}
        shown = {line.plain[span.start:span.end] for line in board.lines for span in line.spans
                 if span.style == "bold yellow"}
        assert shown and shown <= values, (shown, values)


def test_a_british_sniff_is_drawn_along_the_line_with_its_side_tiles_above_and_below() -> None:
    """RULES.md §9 O4: the British sniff lies endwise in the line; its two side tiles stand on
    its middle, one up and one down. A US sniff stays across the line."""
    for form in ("british", "us"):
        game = Game(Ruleset.preset("all-fives", sniff=form), seed=1)
        layout = game.layout
        from fives.moves import Move
        from fives.tiles import Tile
        for move in (Move.lead(Tile(4, 4)), Move.place(Tile(4, 6), 1, "E", 4),
                     Move.place(Tile(4, 1), 1, "W", 4), Move.place(Tile(4, 2), 1, "N", 4),
                     Move.place(Tile(4, 0), 1, "S", 4)):
            layout.apply(move)
        data = layout.to_json()
        board = draw_board(data, 60)
        rows = [line.plain for line in board.lines]
        if form == "british":
            (row,) = [r for r in rows if "[4|4]" in r]
            assert "[1|4][4|4][4|6]" in row, rows
            at = row.index("[4|4]") + 2  # the sniff's middle column
            above, below = rows[rows.index(row) - 2:rows.index(row)], rows[rows.index(row) + 1:]
            assert {r[at] for r in above} == {"4", "2"} and "┌" in above[0], rows
            assert [r[at] for r in below[:2]] == ["4", "0"], rows
        else:
            assert not any("[4|4]" in r for r in rows), "a US sniff lies across its row"


def test_the_sniffs_form_is_said_in_the_list_of_moves() -> None:
    from fives.tui.frame import move_words

    game = Game(Ruleset.preset("all-fives", sniff="us", sniff_orientation_choice=True), seed=3)
    data = game.layout.to_json()
    words = {lang: [move_words(m, data, None, lang).plain for m in game.legal_moves]
             for lang in ("en", "fr")}
    assert words["en"] == ["lead [6|6], as a US sniff (across, its ends keep counting)",
                           "lead [6|6], as a British sniff (along the line, one tile each side)"]
    assert "sniff britannique" in words["fr"][1] and "sniff américain" in words["fr"][0]


def test_a_folded_picture_keeps_each_wanted_tile_whole() -> None:
    """A tall table in 8 rows: whichever tile is asked for is drawn whole, no tile is cut, and the
    rows folded away are counted on a line of their own."""
    from tui.pilot import drawn_tiles
    from tui.positions import find_positions

    data = find_positions("five-up", 4)["mid"].record
    from fives.record import load_record

    layout = load_record(data).to_game().layout.to_json()
    board = draw_board(layout, 30)
    assert len(board.lines) > 8
    nodes = {nd["n"]: nd for nd in layout["nodes"]}
    for node in board.spans:
        lines = [line.plain for line in fitted(board, 8, [node])[0]]
        assert len(lines) <= 8
        tiles, cut = drawn_tiles(lines)
        nd = nodes[node]
        assert tuple(sorted((nd["touching"], nd["outer"]))) in tiles, (node, lines)
        assert not cut, lines
        assert any(line.strip()[:1] in "↑⋮↓" for line in lines)
