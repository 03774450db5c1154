"""Drawing the layout (the tree of RULES.md §1.4) for the terminal.

Works on the layout's JSON form (``Layout.to_json()``), so it needs no engine object. The line of
play is drawn left to right with the lead's west arm reversed; doubles are drawn across (three
rows high); under it each spinner's branches get a line of their own, labelled with the spinner's
number, so any tree reads as a short outline. Tiles are numbered (``#n``) because placements are
written ``x-y@n``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text

from fives.i18n import text

BRANCHES_OF_LEAD = ("N", "S")
BRANCHES_OF_CHILD = ("L", "R")

STYLE_TILE = "bold"
STYLE_OPEN = "bold yellow"
STYLE_LAST = "bold green"
STYLE_SPINNER = "cyan"
STYLE_LABEL = "dim"

ROWS = 4  # label, top, middle, bottom


@dataclass
class Cell:
    """One tile drawn as four rows of the same width."""

    rows: list[Text]
    width: int


def _centre(s: str, width: int, style: str = "") -> Text:
    return Text(s.center(width), style=style)


def _pip(value: int, is_open: bool, base: str) -> Text:
    return Text(str(value), style=STYLE_OPEN if is_open else base)


def tile_cell(
    node: Mapping[str, Any], left: int, right: int, *, open_left: bool, open_right: bool,
    last: bool,
) -> Cell:
    """A tile showing ``left`` then ``right``; a double is drawn across (pip above and below)."""
    label = ""  # tiles are named by their pips, not by engine numbers
    base = STYLE_LAST if last else STYLE_TILE
    if node["double"]:
        frame = STYLE_LAST if last else (STYLE_SPINNER if node["spinner"] else "")
        is_open = open_left or open_right
        top = Text("┌", style=frame) + _pip(left, is_open, base) + Text("┐", style=frame)
        mid = Text("├─┤", style=frame)
        bottom = Text("└", style=frame) + _pip(right, is_open, base) + Text("┘", style=frame)
        return Cell([_centre(label, 3, STYLE_LABEL), top, mid, bottom], 3)
    mid = (
        Text("[", style=base) + _pip(left, open_left, base) + Text("|", style=base)
        + _pip(right, open_right, base) + Text("]", style=base)
    )
    return Cell([_centre(label, 5, STYLE_LABEL), Text(" " * 5), mid, Text(" " * 5)], 5)


class LayoutDrawing:
    """Index of a layout JSON: children by port, the set of playable ports."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.nodes: dict[int, Mapping[str, Any]] = {nd["n"]: nd for nd in data.get("nodes", [])}
        self.children: dict[tuple[int, str], Mapping[str, Any]] = {
            (nd["parent"], nd["port"]): nd for nd in self.nodes.values() if nd["parent"]
        }
        self.playable: dict[tuple[int, str], int] = {
            (e["node"], e["port"]): e["value"] for e in data.get("ends", [])
        }
        self.total: int = data.get("total", 0)

    def arm(self, node: int, port: str) -> list[Mapping[str, Any]]:
        """The tiles from ``node``'s ``port`` outwards, following each tile's out port."""
        out = []
        child = self.children.get((node, port))
        while child is not None:
            out.append(child)
            child = self.children.get((child["n"], "out"))
        return out

    def is_open(self, node: int, port: str) -> bool:
        return (node, port) in self.playable


def _strip_lines(prefix: Text, cells: Sequence[Cell], width: int, indent: int) -> list[Text]:
    """Lay cells side by side after ``prefix``, wrapping to ``width``; blank rows dropped."""
    lines: list[Text] = []
    chunk: list[Cell] = []
    used = len(prefix.plain)
    first = True

    def flush() -> None:
        nonlocal first
        lead = prefix if first else Text(" " * indent)
        pad = len(lead.plain)
        rows = []
        for r in range(ROWS):
            row = Text(" " * pad) if r != 2 else lead.copy()
            for i, cell in enumerate(chunk):
                if i:
                    row.append(" ")
                row.append_text(cell.rows[r])
            rows.append(row)
        lines.extend(row for row in rows if row.plain.strip() or row is rows[2])
        first = False

    for cell in cells:
        if chunk and used + 1 + cell.width > width:
            flush()
            chunk = []
            used = indent
        chunk.append(cell)
        used += cell.width + 1
    if chunk or first:
        flush()
    return lines


def render_layout(
    data: Mapping[str, Any], lang: str = "en", *, last: int | None = None, width: int = 80
) -> list[Text]:
    """The layout as lines of text: the line of play, then one line per spinner branch."""
    d = LayoutDrawing(data)
    if not d.nodes:
        return [Text(text("tui.layout_empty", lang), style="italic")]
    lead = d.nodes[1]
    cells: list[Cell] = []
    west = d.arm(1, "W")
    for i, nd in enumerate(reversed(west)):
        cells.append(tile_cell(
            nd, nd["outer"], nd["touching"], open_left=i == 0 and d.is_open(nd["n"], "out"),
            open_right=False, last=nd["n"] == last,
        ))
    cells.append(tile_cell(
        lead, lead["touching"], lead["outer"], open_left=d.is_open(1, "W"),
        open_right=d.is_open(1, "E"), last=last == 1,
    ))
    east = d.arm(1, "E")
    for i, nd in enumerate(east):
        cells.append(tile_cell(
            nd, nd["touching"], nd["outer"], open_left=False,
            open_right=i == len(east) - 1 and d.is_open(nd["n"], "out"), last=nd["n"] == last,
        ))
    lines = _strip_lines(Text("  "), cells, width, 2)

    for n in sorted(d.nodes):
        nd = d.nodes[n]
        if not nd["spinner"]:
            continue
        ports = BRANCHES_OF_LEAD if n == 1 else BRANCHES_OF_CHILD
        if not any(d.arm(n, p) or d.is_open(n, p) for p in ports):
            # Both branches still locked: one short line instead of two.
            lines.append(Text(f"  {tile_name(nd)} ", style=STYLE_SPINNER)
                         + Text(text("tui.branches_locked", lang), style=STYLE_LABEL))
            continue
        for port in ports:
            prefix = Text(f"  {tile_name(nd)} ", style=STYLE_SPINNER)
            prefix.append(text(f"tui.port_{port}", lang), style=STYLE_SPINNER)
            prefix.append(" ─ ")
            branch = d.arm(n, port)
            if not branch:
                if d.is_open(n, port):
                    note = text("tui.branch_open", lang, value=d.playable[(n, port)])
                    lines.append(prefix + Text(note, style=STYLE_OPEN))
                else:
                    lines.append(prefix + Text(text("tui.branch_locked", lang), style=STYLE_LABEL))
                continue
            branch_cells = [
                tile_cell(
                    b, b["touching"], b["outer"], open_left=False,
                    open_right=i == len(branch) - 1 and d.is_open(b["n"], "out"),
                    last=b["n"] == last,
                )
                for i, b in enumerate(branch)
            ]
            lines.extend(_strip_lines(prefix, branch_cells, width, len(prefix.plain)))
    return lines


def tile_name(node: Mapping[str, Any]) -> str:
    """'[6|4]': a tile of the layout as the player sees it."""
    return f"[{node['touching']}|{node['outer']}]"
