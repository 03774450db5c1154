"""Plain-text tables that fit a width: column titles wrapped onto two lines, then the columns
that keep least dropped whole (a cell is never cut). Used by the command line's tables and by
the game review's text, which the terminal shows too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass
class Column:
    title: str
    right: bool = True  # numbers are right-aligned
    keep: int = 0  # the higher, the longer a column stays when the width runs out


def format_table(columns: Sequence[Column], rows: Sequence[Sequence[str]], width: int,
                 *, gap: int = 2) -> tuple[list[str], list[str]]:
    """Rows of text no wider than ``width``: column titles wrap onto two lines when that saves
    room, then the columns that keep least are dropped whole (a cell is never cut).

    Returns the lines and the titles of the columns dropped.
    """
    shown = list(range(len(columns)))
    dropped: list[str] = []

    def title_lines(i: int, limit: int) -> list[str]:
        words = columns[i].title.split()
        lines = [""]
        for w in words:
            if lines[-1] and len(lines[-1]) + 1 + len(w) > limit:
                lines.append(w)
            else:
                lines[-1] = f"{lines[-1]} {w}".strip()
        return lines

    def widths(cols: list[int]) -> dict[int, int]:
        out = {}
        for i in cols:
            cell = max((len(r[i]) for r in rows), default=0)
            limit = max((len(w) for w in columns[i].title.split()), default=0)
            while len(title_lines(i, limit)) > 2:  # a title takes two lines at most
                limit += 1
            out[i] = max(cell, limit)
        return out

    while True:
        w = widths(shown)
        total = sum(w.values()) + gap * (len(shown) - 1)
        if total <= width or len(shown) <= 1:
            break
        victim = min(shown, key=lambda i: (columns[i].keep, -i))
        shown.remove(victim)
        dropped.append(columns[victim].title)
    heads = {i: title_lines(i, w[i]) for i in shown}
    depth = max((len(h) for h in heads.values()), default=1)
    lines = []
    for d in range(depth):
        cells = []
        for i in shown:
            h = heads[i]
            # titles sit on the bottom lines, as over a column of numbers
            part = h[d - (depth - len(h))] if d >= depth - len(h) else ""
            cells.append(part.rjust(w[i]) if columns[i].right else part.ljust(w[i]))
        lines.append((" " * gap).join(cells).rstrip())
    lines.append((" " * gap).join("-" * w[i] for i in shown))
    for r in rows:
        cells = [r[i].rjust(w[i]) if columns[i].right else r[i].ljust(w[i]) for i in shown]
        lines.append((" " * gap).join(cells).rstrip())
    return lines, dropped
