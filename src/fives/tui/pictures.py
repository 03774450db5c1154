"""The pictures of the table, each drawn by one function for a :class:`~fives.tui.ui.Moment`
and a width: the table (:func:`board_picture`), the scores (:func:`score_picture`, with the
paper tally: :func:`tally_picture`) and the numbered moves (:func:`move_labels`). The app's
widgets (``fives.tui.widgets``) show them at their own size, the line mode
(``fives.tui.plain``) prints them at the terminal's width: the same text, styled the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.text import Text

from fives.i18n import text
from fives.tui.board import Board, draw_board, fitted
from fives.tui.frame import move_words, overdraw_cost, score_lines
from fives.tui.tally import tally_lines

if TYPE_CHECKING:
    from fives.tui.ui import Moment


@dataclass
class Picture:
    """The table as drawn: its lines, the drawing they come from (None: no tile yet), the
    picture's row on each line (None: a fold, or the strip of tiles left out) and the columns
    left blank to centre it."""

    lines: list[Text]
    board: Board | None = None
    rows: list[int | None] = field(default_factory=list)
    left: int = 0


def centred(board: Board, lines: list[Text], width: int) -> tuple[list[Text], int]:
    """The lines of a picture moved to the middle of ``width`` (the drawer starts the lead
    mid-width, whatever it draws), and by how many columns (negative: to the left)."""
    first = min(c for _, c in board.cells)
    last = max(c for _, c in board.cells)
    left = max(-first, (width - (last - first + 1)) // 2 - first)
    if left >= 0:
        return [Text(" " * left) + line for line in lines], left
    return [line[-left:] for line in lines], left


def wanted_nodes(moment: Moment) -> list[int]:
    """The tiles the listed moves go on, then the last tile laid: what the table must show."""
    wanted = [m.node for m in moment.moves if m.kind == "place" and m.node]
    return wanted + ([moment.last_node] if moment.last_node else [])


def board_picture(moment: Moment, width: int, height: int | None = None,
                  mark: int | None = None) -> Picture:
    """The table ``width`` columns wide, centred: every row (``height`` None), else at most
    ``height`` lines folded around the tiles the moves go on (``mark`` first, drawn
    highlighted: the tile the move chosen goes on)."""
    data = moment.view.layout.to_json()
    if not moment.view.layout.count:
        return Picture([Text(text("tui.layout_empty", moment.lang), style="italic")])
    board = draw_board(data, max(5, width), last=moment.last_node)
    if height is None:
        lines = board.lines + board.left_out
        rows: list[int | None] = [*range(len(board.lines)), *[None] * len(board.left_out)]
    else:
        order = ([mark] if mark else []) + wanted_nodes(moment)
        lines, rows = fitted(board, height, order, mark=mark)
    lines, left = centred(board, lines, width)
    return Picture(lines, board, rows, left)


def score_picture(moment: Moment, width: int, short: bool = False) -> list[Text]:
    """'You 12 · ▸North (expert) 8   North: 4 tiles · boneyard: 9', on two lines when
    narrow; ``short`` (a short screen): the tiles held, the boneyard and where the solitaire
    deck's points came from give their rows to the table."""
    view = moment.view
    rules = view.rules
    turn_side = rules.side_of(view.turn) if view.phase == "play" else None
    tiles = {} if short else {moment.names.seat(s): n for s, n in enumerate(view.hand_sizes)
                              if s != moment.viewer}
    boneyard = view.boneyard_size if rules.drawing and not short else None
    return score_lines(moment.names.sides, view.scores, turn_side, tiles, boneyard,
                       moment.lang, max(10, width), None if short else moment.deck)


def tally_picture(sides: Sequence[str], scores: Sequence[int], strokes: bool = True,
                  per_row: int = 10) -> list[Text]:
    """'You: 12' for each side, with Five Up's paper tally under it (``strokes``; RULES.md
    §9 O8), ``per_row`` symbols a row at most."""
    lines: list[Text] = []
    for name, score in zip(sides, scores, strict=True):
        lines.append(Text(f"{name}: {score}", style="bold"))
        if strokes:
            lines += [Text("  " + row, style="dim") for row in tally_lines(score, per_row)]
    return lines


def move_label(moment: Moment, index: int, board: Board | None, totals: bool = True) -> Text:
    """'12) [4|1] on [6|1], north → 15, +5': a listed move, its number, the count it makes
    (``totals``) and the points it scores; its side named as ``board`` draws it."""
    view = moment.view
    move = moment.moves[index]
    out = Text(f"{index + 1:>2}) ", style="bold cyan")
    out.append_text(move_words(move, view.layout.to_json(), board, moment.lang,
                               overdraw_cost(view, moment.moves)))
    result = moment.outcomes[index]
    if result is not None and view.rules.scoring != "none":
        total, points = result
        if totals:
            out.append(f" → {total}", style="dim")
        if points:
            out.append(f", +{points}" if totals else f" +{points}", style="bold green")
    return out


def move_labels(moment: Moment, board: Board | None, totals: bool = True) -> list[Text]:
    """Every listed move's label (:func:`move_label`), in the order they are numbered."""
    return [move_label(moment, i, board, totals) for i in range(len(moment.moves))]


def waiting_line(moment: Moment) -> Text:
    """'Waiting for North...': the moves of another seat's turn are not listed."""
    return Text(text("tui.waiting_for", moment.lang, who=moment.names.seat(moment.view.turn)),
                style="dim")

