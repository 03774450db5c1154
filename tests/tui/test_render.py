"""Drawing pieces: the paper tally (RULES.md §9 O8), the layout, the counted ends; the catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fives.i18n import has
from fives.i18n.en import MESSAGES
from fives.layout import Layout
from fives.moves import Move
from fives.projection import layout_json
from fives.tiles import Tile
from fives.tui.board import draw_board
from fives.tui.screen import parts_text
from fives.tui.tally import symbol, tally_lines
from tui.pilot import drawn_tiles


def test_tally_strokes_in_order() -> None:
    assert symbol(0) == ["     "] * 5
    assert [r.strip() for r in symbol(1)] == ["\\", "\\", "\\", "\\", "\\"]
    two = symbol(2)
    assert two[2][2] == "X" and two[0] == "\\   /" and two[4] == "/   \\"
    # Strokes 3-4 fill the top space, 5-6 right, 7-8 bottom, 9-10 left.
    assert symbol(3)[0][2] == "\\" and symbol(4)[0][2] == "x"
    assert symbol(5)[2][4] == "\\" and symbol(6)[2][4] == "x"
    assert symbol(8)[4][2] == "x" and symbol(8)[2][0] == " "
    assert symbol(10) == ["\\ x /", " \\ / ", "x X x", " / \\ ", "/ x \\"]
    with pytest.raises(ValueError, match="11"):
        symbol(11)


def test_tally_of_scores() -> None:
    assert tally_lines(0) == []
    rows = tally_lines(23)  # two fifties and three strokes
    assert len(rows) == 5
    assert rows[2].count("X") == 3 and rows[2].count("x") == 4
    assert rows[0].count("x") == 2 and rows[0].rstrip().endswith("\\ \\ /")
    negative = tally_lines(-7)
    assert negative[2].startswith("-") and "-" not in negative[0]
    assert [r[2:] for r in negative] == [r.rstrip() for r in tally_lines(7)]


def v05_layout() -> Layout:
    """RULES.md V05: a double on a branch is itself a spinner."""
    layout = Layout("every_double")
    for move in [
        Move.lead(Tile(6, 6), 6), Move.place(Tile(6, 3), 1, "E", 6),
        Move.place(Tile(6, 2), 1, "W", 6), Move.place(Tile(6, 5), 1, "N", 6),
        Move.place(Tile(5, 5), 4, "out", 5), Move.place(Tile(5, 0), 5, "out", 5),
        Move.place(Tile(5, 4), 5, "L", 5),
    ]:
        layout.apply(move)
    return layout


def test_layout_drawing_of_v05() -> None:
    """The table's picture (``fives.tui.board``, drawn alike by the app and the line mode):
    every tile of V05, named by its pips, each drawn whole; the count's terms."""
    board = draw_board(v05_layout().to_json(), 80, last=7)
    tiles, cut = drawn_tiles([line.plain for line in board.lines])
    assert cut == [] and board.left_out == []
    assert tiles == {(6, 6), (3, 6), (2, 6), (5, 6), (5, 5), (0, 5), (4, 5)}
    assert not any("#" in line.plain for line in board.lines)
    assert parts_text(layout_json(v05_layout())["parts"]) == "3 + 2 + 0 + 4"


def test_lone_spinner_counts_twice() -> None:
    layout = Layout("every_double")
    layout.apply(Move.lead(Tile(5, 5), 5))
    assert parts_text(layout_json(layout)["parts"]) == "2×5"


def test_long_line_wraps_to_the_width() -> None:
    layout = Layout("none")
    chain = [(6, 5), (5, 4), (4, 3), (3, 2), (2, 1), (1, 0), (0, 6), (6, 4), (4, 2), (2, 0),
             (0, 5), (5, 3), (3, 1), (1, 6), (6, 3)]
    layout.apply(Move.lead(Tile(*chain[0]), chain[0][0]))
    for n, (a, b) in enumerate(chain[1:], start=1):
        layout.apply(Move.place(Tile(a, b), n if n > 1 else 1, "E" if n == 1 else "out", a))
    board = draw_board(layout.to_json(), 40)
    lines = [line.plain for line in board.lines + board.left_out]
    assert all(len(line) <= 40 for line in lines)
    assert sum(line.count("[") + line.count("┌") for line in lines) == len(chain)


def test_every_key_used_exists() -> None:
    src = Path(__file__).resolve().parents[2] / "src" / "fives"
    code = "".join(p.read_text() for p in [*(src / "tui").glob("*.py"), src / "cli" / "play.py"])
    used = set(re.findall(r'(?:text|self\.t)\(\s*"([a-z_A-Z.\-]+)"', code))
    assert len(used) > 60
    missing = sorted(k for k in used if not has(k))
    assert not missing
    families = ["tui.port_", "tui.level_", "preset.name.", "tui.result_", "tui.settle_rule_",
                "tui.count_no_score_", "preset.rules.", "preset.blurb.", "tui.compass_"]
    for family in families:
        assert any(k.startswith(family) for k in MESSAGES), family
    from fives.rules import CHOICES, PRESETS

    for preset in PRESETS:
        for family in ("preset.name.", "preset.blurb.", "preset.rules."):
            assert has(family + preset)
    for settlement in CHOICES["settlement"]:
        assert has("tui.settle_rule_" + settlement)
    for scoring in CHOICES["scoring"]:
        if scoring != "none":  # the draw and block games show no count
            assert has("tui.count_no_score_" + scoring)


def test_a_long_tally_wraps_to_fit_a_terminal() -> None:
    rows = tally_lines(116)  # eleven fifties and six strokes: two rows of symbols
    assert max(len(r) for r in rows) <= 6 * 7
    assert rows[5] == ""  # a blank row between the two rows of symbols
    assert sum(r.count("X") for r in rows) == 12
    assert tally_lines(60)[-1] != "" and len(tally_lines(60)) == 5


def test_scores_with_a_long_tally_fit_an_80_column_terminal() -> None:
    from rich.console import Console

    from fives.rules import Ruleset
    from fives.tui.screen import Names, scores_table

    console = Console(width=80, record=True, color_system=None)
    names = Names(seats=["You"], sides=["You", "The deck"])
    console.print(scores_table(Ruleset.preset("five-up-solitaire"), [40, 116], names, "en",
                               tally=True))
    shown = console.export_text()
    assert "…" not in shown and "116" in shown
    assert max(len(line) for line in shown.splitlines()) <= 80
