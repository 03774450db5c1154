"""The widgets of the table screen. Each one draws one part of the game from the screen's
reactive :class:`fives.tui.ui.Moment` (bound with ``data_bind``) at its own size, so a resize
redraws it for the new width; the hand (one widget per tile), the moves (one per move) and the
table post a message when clicked, and never read their own text back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, ItemGrid, VerticalScroll
from textual.events import Click, Resize
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Input, Static

from fives.tui.board import Board, draw_board
from fives.tui.frame import hand_parts, tile_label
from fives.tui.pictures import board_picture, move_labels, score_picture, waiting_line
from fives.tui.screen import count_line

if TYPE_CHECKING:
    from fives.tiles import Tile
    from fives.tui.ui import Moment

MIN_BOARD = 3  # rows the table keeps however small the screen
TILE_COLUMNS = 6  # a tile of the hand and the space after it


def count_lines(moment: Moment) -> list[Text]:
    """'Count: 6 + 3 + 2×5 = 19' (the projection's parts), where the count is shown."""
    view = moment.view
    # Whether the count is shown is the projection's to say (not under claims, §9 O1).
    if not view.layout.count or moment.public is None or not moment.public["layout"]["count_shown"]:
        return []
    return [count_line(moment.public["layout"], moment.lang)]


class History(Input):
    """An input line that remembers what was typed (Up and Down walk through it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "older", show=False), Binding("down", "newer", show=False)]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.past: list[str] = []
        self.at = 0

    def remember(self, line: str) -> None:
        if line and (not self.past or self.past[-1] != line):
            self.past.append(line)
        self.at = len(self.past)

    def action_older(self) -> None:
        if self.at > 0:
            self.at -= 1
            self.value = self.past[self.at]
            self.cursor_position = len(self.value)

    def action_newer(self) -> None:
        if self.at < len(self.past):
            self.at += 1
            self.value = self.past[self.at] if self.at < len(self.past) else ""
            self.cursor_position = len(self.value)


class BoardView(Widget):
    """The table: as tall as the picture where the room allows, else folded around the tiles
    the moves go on (the marked one first); centred across. A click posts :class:`Clicked`."""

    moment: reactive[Moment | None] = reactive(None, layout=True)
    mark: reactive[int | None] = reactive(None)

    class Clicked(Message):
        """A tile of the table was clicked, on one side of its middle (N, S, E or W)."""

        def __init__(self, node: int, side: str) -> None:
            super().__init__()
            self.node = node
            self.side = side

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board: Board | None = None
        self.rows: list[int | None] = []  # the picture's row on each line (None: a fold)
        self.left = 0  # columns left blank to centre the picture

    def get_content_height(self, container: Size, _viewport: Size, width: int) -> int:
        """The whole picture when the room (the parent's height) allows, else the room."""
        moment = self.moment
        if moment is None or not moment.view.layout.count or width < 5:
            return 1
        return max(MIN_BOARD, min(len(board_picture(moment, width).lines), container.height))

    def render(self) -> RenderableType:
        width, height = self.size.width, self.size.height
        moment = self.moment
        if moment is None or width < 5:
            self.board, self.rows = None, []
            return Text("")
        picture = board_picture(moment, width, height, self.mark)
        self.board, self.rows, self.left = picture.board, picture.rows, picture.left
        return Text("\n").join(picture.lines)

    def node_at(self, x: int, y: int) -> tuple[int, str] | None:
        """The tile under a point, and which side of its middle it is on (N/S/E/W)."""
        board = self.board
        if board is None or not 0 <= y < len(self.rows) or self.rows[y] is None:
            return None
        row, col = self.rows[y], x - self.left
        assert row is not None
        node = board.tags.get((row, col))
        if node is None:
            return None
        cells = [(r, c) for (r, c), n in board.tags.items() if n == node]
        mid_r = sum(r for r, _ in cells) / len(cells)
        mid_c = sum(c for _, c in cells) / len(cells)
        dr, dc = row - mid_r, col - mid_c
        side = ("S" if dr > 0 else "N") if abs(dr) >= abs(dc) / 2 else ("E" if dc > 0 else "W")
        return node, side

    def on_click(self, event: Click) -> None:
        spot = self.node_at(event.x, event.y)
        if spot is not None:
            self.post_message(self.Clicked(*spot))


class ScoresView(Widget):
    """'You 12 · ▸North (expert) 8   North: 4 tiles · boneyard: 9', laid out for its width."""

    moment: reactive[Moment | None] = reactive(None, layout=True)

    def lines(self, width: int) -> list[Text]:
        if self.moment is None:
            return []
        # On a short screen the tiles held, the boneyard and where the solitaire deck's points
        # came from (F3 says it) give their rows to the table.
        short = self.is_attached and self.screen.has_class("-short")
        return score_picture(self.moment, width, short)

    def get_content_height(self, container: Size, _viewport: Size, width: int) -> int:
        return len(self.lines(width))

    def render(self) -> RenderableType:
        return Text("\n").join(self.lines(self.size.width))


class CountView(Static):
    """'Count: 6 + 3 + 2×5 = 19' where the players see the count (not under claims)."""

    moment: reactive[Moment | None] = reactive(None)

    def watch_moment(self, moment: Moment | None) -> None:
        lines = count_lines(moment) if moment is not None else []
        self.update(Text("\n").join(lines))
        self.display = bool(lines)


class TileButton(Static):
    """One tile of the hand; a click posts :class:`HandView.Chosen`."""

    def __init__(self, tile: Tile, drawn: bool, chosen: bool) -> None:
        super().__init__(tile_label(tile), classes="tile")
        self.tile = tile
        self.set_class(drawn, "-drawn")
        self.set_class(chosen, "-chosen")

    def on_click(self) -> None:
        self.post_message(HandView.Chosen(self.tile))


class HandView(Widget):
    """'Your hand: [6|4] [5|0] ... (23 pips)', one widget per tile, wrapped as the width asks."""

    moment: reactive[Moment | None] = reactive(None, recompose=True)
    chosen: reactive[Any] = reactive(None, recompose=True)

    class Chosen(Message):
        """A tile of the hand was clicked."""

        def __init__(self, tile: Tile) -> None:
            super().__init__()
            self.tile = tile

    def compose(self) -> ComposeResult:
        moment = self.moment
        self.display = moment is not None and moment.viewer is not None \
            and moment.view.phase == "play"
        if moment is None or not self.display:
            return
        label, hand, pips = hand_parts(moment.view.hand, moment.lang)
        yield Static(label, classes="label")
        # As many tiles a row as fit ('[6|4] ' is 6 columns): Textual's grid counts them at
        # every layout, a resize included.
        with ItemGrid(classes="tiles", min_column_width=TILE_COLUMNS,
                      max_column_width=TILE_COLUMNS):
            for tile in hand:
                yield TileButton(tile, tile == moment.drawn, tile == self.chosen)
        yield Static(pips, classes="pips")


class MoveItem(Static):
    """One numbered move; a click posts :class:`MovesView.Chosen`."""

    def __init__(self, number: int, label: Text, marked: bool) -> None:
        super().__init__(label, classes="move")
        self.number = number
        self.set_class(marked, "-marked")

    def on_click(self) -> None:
        self.post_message(MovesView.Chosen(self.number))


class MovesView(Widget):
    """The numbered moves, each with the count it makes and the points it scores, in as many
    columns as fit; or who is to play."""

    moment: reactive[Moment | None] = reactive(None, recompose=True)
    chosen: reactive[Any] = reactive(None, recompose=True)
    mark: reactive[int | None] = reactive(None)  # the move whose number is typed

    laid_for = 0  # the width the columns were chosen for
    class Chosen(Message):
        """A move was clicked (its number in the list)."""

        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def compose(self) -> ComposeResult:
        moment = self.moment
        if moment is None or moment.viewer is None or moment.view.phase != "play":
            self.display = False
            return
        self.display = True
        if not moment.moves:
            if moment.view.turn != moment.viewer:
                yield Static(waiting_line(moment))
            return
        board = self.picture()
        labels = move_labels(moment, board)
        widths = self.columns([label.cell_len for label in labels])
        if len(widths) == 1 and len(labels) > 3:  # one long column: the counts give way
            labels = move_labels(moment, board, totals=False)
            widths = self.columns([label.cell_len for label in labels])
        # Each column as wide as its widest move, as many as fit, filled row by row (column c
        # holds c, c+k...): counted here, as Textual's grid counts columns only of one width
        # (ItemGrid's min_column_width), and equal columns, as wide as "draw anyway: +3 to the
        # deck", left one column where two fit (3 of 72 prompts of the 60x20 solitaire then
        # lost a tile the moves go on from the table).
        with Grid(classes="grid") as grid:
            grid.styles.grid_size_columns = len(widths)
            grid.styles.grid_columns = " ".join(map(str, widths))
            for i, label in enumerate(labels):
                chosen = self.chosen is not None and moment.moves[i].tile == self.chosen
                yield MoveItem(i + 1, label, chosen or self.mark == i + 1)

    def columns(self, widths: list[int]) -> list[int]:
        """The widths of as many columns as fit (before the first layout: the app's width)."""
        room = (self.size.width or self.app.size.width) - 2
        for k in range(len(widths), 0, -1):
            cols = [max(widths[c::k]) + 2 for c in range(k)]
            if sum(cols) - 2 <= room:
                return cols
        return [max(widths) + 2]

    def picture(self) -> Board | None:
        """The table as the board draws it (its compass words), only where a move needs it."""
        moment = self.moment
        if moment is None or not moment.view.layout.count:
            return None
        board = self.screen.query_one(BoardView) if self.is_attached else None
        if board is not None and board.board is not None:
            return board.board
        return draw_board(moment.view.layout.to_json(), max(20, self.size.width or 80),
                          last=moment.last_node)

    def watch_mark(self, old: int | None, new: int | None) -> None:
        for item in self.query(MoveItem):
            item.set_class(item.number == new, "-marked")

    def on_resize(self, event: Resize) -> None:
        if event.size.width != self.laid_for:
            self.laid_for = event.size.width
            self.refresh(recompose=True)


class LogView(VerticalScroll, can_focus=False):
    """The last actions of the hand, the newest at the bottom, in the room that is left."""

    lines: reactive[list[Text]] = reactive(list)

    def compose(self) -> ComposeResult:
        yield Static(id="log_body")

    def watch_lines(self, lines: list[Text]) -> None:
        self.query_one("#log_body", Static).update(Text("\n").join(lines))
        self.call_after_refresh(self.scroll_end, animate=False)
