"""The widgets of the full-screen game that know where things are drawn: the input line with
its history, the table (folded to its height around the tiles the moves go on), the hand and the
numbered moves, each mapping a click back to what was clicked."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Input, Static

from fives.tui.board import Board, draw_board, fit_rows


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


class BoardView(Static):
    """The picture, folded to its height around the tiles the moves go on; clicks name a tile."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data: dict[str, Any] | None = None
        self.last: int | None = None
        self.wanted: list[int] = []
        self.mark: int | None = None
        self.board: Board | None = None
        self.shown: list[Text] = []
        self.rows: list[int | None] = []  # picture row of each screen row (None: a fold)

    def set_table(self, data: dict[str, Any] | None, last: int | None, wanted: list[int],
                  mark: int | None) -> None:
        self.data, self.last, self.wanted, self.mark = data, last, wanted, mark
        self.refresh(layout=True)

    def render(self) -> RenderableType:
        width, height = self.size.width, self.size.height
        if not self.data or not self.data.get("nodes") or width < 5 or height < 1:
            self.board = None
            return Text("")
        self.board = draw_board(self.data, width, last=self.last)
        order = ([self.mark] if self.mark else []) + self.wanted + (
            [self.last] if self.last else [])
        self.shown = fit_rows(self.board, height, order, mark=self.mark)
        return Text("\n").join(self.shown)

    def node_at(self, x: int, y: int) -> tuple[int, str] | None:
        """The tile under a click, and which side of its middle was clicked (N/S/E/W)."""
        board = self.board
        if board is None or y >= len(self.shown):
            return None
        picture_row = self.picture_row(y)
        if picture_row is None:
            return None
        node = board.tags.get((picture_row, x))
        if node is None:
            return None
        cells = [(r, c) for (r, c), n in board.tags.items() if n == node]
        mid_r = sum(r for r, _ in cells) / len(cells)
        mid_c = sum(c for _, c in cells) / len(cells)
        dr, dc = picture_row - mid_r, x - mid_c
        side = ("S" if dr > 0 else "N") if abs(dr) >= abs(dc) / 2 else ("E" if dc > 0 else "W")
        return node, side

    def picture_row(self, y: int) -> int | None:
        """Which row of the picture screen row ``y`` shows (the folds say how many they hide)."""
        row = 0
        for i, line in enumerate(self.shown):
            plain = line.plain.strip()
            if plain[:1] in ("↑", "⋮", "↓") and plain[1:].strip().isdigit():
                row += int(plain[1:].strip())
                if i == y:
                    return None
                continue
            if i == y:
                return row
            row += 1
        return None


class HandView(Static):
    """The hand; a click on a tile chooses it (then a click on the table says where)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.spots: list[tuple[int, int, int, Any]] = []  # (row, first col, last col, tile)
        self.rows = 0

    def set_lines(self, lines: list[Text], tiles: list[Any]) -> None:
        self.spots = []
        i = 0
        for r, line in enumerate(lines):
            plain = line.plain
            at = plain.find("[")
            while at >= 0 and i < len(tiles):
                close = plain.find("]", at)
                if close < 0:
                    break
                self.spots.append((r, at, close, tiles[i]))
                i += 1
                at = plain.find("[", close)
        self.update(Text("\n").join(lines) if lines else Text(""))
        self.display = bool(lines)
        self.rows = len(lines)

    def tile_at(self, x: int, y: int) -> Any:
        for r, first, last, tile in self.spots:
            if r == y and first <= x <= last:
                return tile
        return None


class MovesView(Static):
    """The numbered moves in columns; a click plays one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.cells: list[tuple[int, int, int, int]] = []  # (row, first col, last col, number)
        self.rows = 0

    def set_lines(self, lines: list[Text]) -> None:
        self.cells = []
        for r, line in enumerate(lines):
            plain = line.plain
            starts = [i for i in range(len(plain) - 1) if plain[i:].lstrip()[:1].isdigit()
                      and (i == 0 or plain[i - 1] == " ") and ")" in plain[i:i + 4]]
            numbers: list[tuple[int, int]] = []
            for i in starts:
                head = plain[i:i + 4].split(")")[0].strip()
                if head.isdigit() and (not numbers or numbers[-1][0] < i):
                    numbers.append((i, int(head)))
            for k, (col, number) in enumerate(numbers):
                end = numbers[k + 1][0] - 1 if k + 1 < len(numbers) else len(plain)
                self.cells.append((r, col, end, number))
        self.update(Text("\n").join(lines) if lines else Text(""))
        self.display = bool(lines)
        self.rows = len(lines)

    def number_at(self, x: int, y: int) -> int | None:
        for r, first, last, number in self.cells:
            if r == y and first <= x <= last:
                return number
        return None
