"""The table drawn as a picture: the line of play as a snake of tiles that turns at the edges,
spinner branches drawn where they go (up and down from a spinner on a row, left and right from
one on a column), doubles drawn across the line, but a British sniff (RULES.md §9 O4) along it,
its two side tiles up and down from its middle.

Works on the layout's JSON form (``Layout.to_json()``) and returns plain cells, so any front end
can style them; :func:`draw_board` gives rich ``Text`` lines no wider than asked. Whatever cannot
be drawn without overlapping (a crowded table in a small terminal) is listed under the picture
as a short strip of tiles, so nothing is ever hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

STYLE_TILE = "bold"
STYLE_OPEN = "bold yellow"
STYLE_LAST = "bold green"
STYLE_SPINNER = "cyan"
STYLE_NOTE = "dim"

# Direction vectors (row, column) and the turns of the branches of a spinner drawn across.
LEFT_OF = {"E": "N", "W": "S", "N": "W", "S": "E"}
RIGHT_OF = {"E": "S", "W": "N", "N": "E", "S": "W"}
BACK = {"E": "W", "W": "E", "N": "S", "S": "N"}


@dataclass
class Canvas:
    """Cells keyed by (row, column); rows and columns may be negative until cropped."""

    cells: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    tags: dict[tuple[int, int], int] = field(default_factory=dict)  # cell -> node number

    def free(self, top: int, left: int, rows: list[str], left_bound: int,
             right_bound: int) -> bool:
        for dr, line in enumerate(rows):
            for dc, ch in enumerate(line):
                c = left + dc
                if ch != " " and ((top + dr, c) in self.cells or not
                                  left_bound <= c < right_bound):
                    return False
        return True

    def put(self, top: int, left: int, rows: list[list[tuple[str, str]]], node: int) -> None:
        for dr, line in enumerate(rows):
            for dc, (ch, style) in enumerate(line):
                if ch != " ":
                    self.cells[(top + dr, left + dc)] = (ch, style)
                    self.tags[(top + dr, left + dc)] = node


@dataclass
class Board:
    """A drawing: the rows of cells, where each tile went, and what could not be drawn."""

    lines: list[Text]
    rows_of: dict[int, int]  # node -> the row it was drawn on (after cropping)
    direction: dict[tuple[int, str], str]  # (node, port) -> compass direction on the picture
    left_out: list[Text]
    cells: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)  # (row, col)
    tags: dict[tuple[int, int], int] = field(default_factory=dict)  # (row, col) -> node
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)  # node -> first, last row


class Drawer:
    def __init__(self, data: Mapping[str, Any], width: int, last: int | None) -> None:
        self.nodes: dict[int, Mapping[str, Any]] = {nd["n"]: nd for nd in data.get("nodes", [])}
        self.children: dict[tuple[int, str], Mapping[str, Any]] = {
            (nd["parent"], nd["port"]): nd for nd in self.nodes.values() if nd["parent"]
        }
        self.playable: set[tuple[int, str]] = {(e["node"], e["port"])
                                               for e in data.get("ends", [])}
        self.width = width
        self.last = last
        self.sniff = data.get("sniff", "none")  # the sniff's form in force, if any
        self.canvas = Canvas()
        self.direction: dict[tuple[int, str], str] = {}
        self.left_out: list[Text] = []
        self.left_out_nodes: set[int] = set()

    # ------------------------------------------------------------------ one tile
    def style(self, node: int) -> str:
        return STYLE_LAST if node == self.last else STYLE_TILE

    def crosswise(self, nd: Mapping[str, Any]) -> bool:
        """A double drawn across the line: every double but a British sniff (laid endwise)."""
        return bool(nd["double"]) and not (nd["spinner"] and self.sniff == "british")

    def pip(self, value: int, is_open: bool, base: str) -> tuple[str, str]:
        return (str(value), STYLE_OPEN if is_open else base)

    def shape(self, nd: Mapping[str, Any], heading: str, near: int, far: int,
              far_open: bool) -> list[list[tuple[str, str]]]:
        """The tile's cells for a tile laid heading ``heading`` (its ``near`` half first)."""
        base = self.style(nd["n"])
        frame = STYLE_LAST if nd["n"] == self.last else (
            STYLE_SPINNER if nd["spinner"] else base)
        if self.crosswise(nd):
            p = self.pip(near, far_open, base)
            if heading in ("E", "W"):  # across a row: three rows high
                return [[("┌", frame), p, ("┐", frame)], [("├", frame), ("─", frame),
                                                          ("┤", frame)],
                        [("└", frame), p, ("┘", frame)]]
            return [[("[", frame), p, ("|", frame), p, ("]", frame)]]  # across a column
        a, b = (near, far) if heading in ("E", "S") else (far, near)
        pa = self.pip(a, far_open and heading in ("W", "N"), base)
        pb = self.pip(b, far_open and heading in ("E", "S"), base)
        if heading in ("E", "W"):
            return [[("[", base), pa, ("|", base), pb, ("]", base)]]
        return [[("┌", base), pa, ("┐", base)], [("└", base), pb, ("┘", base)]]

    # ------------------------------------------------------------------ placing
    def place(self, nd: Mapping[str, Any], heading: str, row: int, col: int, near: int,
              far: int, far_open: bool) -> tuple[int, int, int, int] | None:
        """Lay a tile whose near edge touches (row, col) going ``heading``; its box
        (top, left, bottom, right) or None when it would overlap or leave the width."""
        cells = self.shape(nd, heading, near, far, far_open)
        h, w = len(cells), len(cells[0])
        if heading == "E":
            top, left = row - h // 2, col
        elif heading == "W":
            top, left = row - h // 2, col - w + 1
        elif heading == "S":
            top, left = row, col - w // 2
        else:
            top, left = row - h + 1, col - w // 2
        plain = ["".join(ch for ch, _ in line) for line in cells]
        if not self.canvas.free(top, left, plain, 0, self.width):
            return None
        self.canvas.put(top, left, cells, nd["n"])
        return top, left, top + h - 1, left + w - 1

    @staticmethod
    def exit_point(box: tuple[int, int, int, int], heading: str, came: str) -> tuple[int, int]:
        """Where the next tile going ``heading`` starts, just past ``box`` (a tile laid going
        ``came``): a turn leaves from the far end of a tile, a row from its middle row."""
        top, left, bottom, right = box
        mid_r, mid_c = (top + bottom) // 2, (left + right) // 2
        if heading in ("E", "W"):
            row = mid_r
            if bottom - top == 1:  # a tile standing up: leave from its far half
                row = bottom if came == "S" else top
            return row, right + 1 if heading == "E" else left - 1
        col = mid_c
        if came == "E":  # turning at the right edge: under the tile's far end, inside it
            col = max(mid_c, right - 2)
        elif came == "W":
            col = min(mid_c, left + 2)
        return (bottom + 1, col) if heading == "S" else (top - 1, col)

    def lay(self, nd: Mapping[str, Any], heading: str, box: tuple[int, int, int, int],
            came: str) -> tuple[int, int, int, int] | None:
        row, col = self.exit_point(box, heading, came)
        far_open = (nd["n"], "out") in self.playable
        return self.place(nd, heading, row, col, nd["touching"], nd["outer"], far_open)

    def arm(self, parent: int, port: str, box: tuple[int, int, int, int], heading: str,
            turn: str | None, came: str = "E") -> None:
        """Draw the tiles from ``parent``'s ``port`` outwards. A main-line arm (``turn`` set)
        that meets an edge lays one tile ``turn`` (down or up), then comes back the other way:
        a snake. What does not fit is listed under the picture."""
        self.direction[(parent, port)] = heading
        chain: list[Mapping[str, Any]] = []
        child = self.children.get((parent, port))
        while child is not None:
            chain.append(child)
            child = self.children.get((child["n"], "out"))
        for i, nd in enumerate(chain):
            placed = self.lay(nd, heading, box, came)
            laid = heading
            if placed is None and turn is not None and heading in ("E", "W"):
                placed = self.lay(nd, turn, box, came)
                laid = turn
                heading = BACK[heading]
            if placed is None:
                self.leave_out(parent if i == 0 else chain[i - 1]["n"], chain[i:])
                return
            self.direction[(nd["n"], "out")] = heading
            box, came = placed, laid
            if nd["spinner"]:
                self.branches(nd, box, laid)

    def branches(self, nd: Mapping[str, Any], box: tuple[int, int, int, int],
                 heading: str) -> None:
        ports = ("N", "S") if nd["n"] == 1 else ("L", "R")
        sides = (LEFT_OF[heading], RIGHT_OF[heading])
        for port, side in zip(ports, sides, strict=True):
            self.direction[(nd["n"], port)] = side
            if (nd["n"], port) in self.children:
                self.arm(nd["n"], port, box, side, None, heading)

    def leave_out(self, after: int, chain: list[Mapping[str, Any]]) -> None:
        """List a chain that cannot be drawn, then each spinner branch hanging from it on a
        strip of its own."""
        for nd in chain:
            self.left_out_nodes.add(nd["n"])
        self.strip(after, chain)
        for nd in chain:
            for (parent, port), child in sorted(self.children.items(), key=lambda kv: kv[0]):
                if parent == nd["n"] and port != "out" and child["n"] not in self.left_out_nodes:
                    branch = [child]
                    while (nxt := self.children.get((branch[-1]["n"], "out"))) is not None:
                        branch.append(nxt)
                    self.leave_out(nd["n"], branch)

    def strip(self, after: int, chain: list[Mapping[str, Any]]) -> None:
        """One chain as a short strip of tiles under the picture, after the tile it hangs on."""
        parent = self.nodes[after]
        pieces = [Text(f"[{parent['touching']}|{parent['outer']}] …", style=STYLE_NOTE)]
        for i, nd in enumerate(chain):
            far_open = i == len(chain) - 1 and (nd["n"], "out") in self.playable
            base = self.style(nd["n"])
            piece = Text("[", style=base)
            piece.append(str(nd["touching"]), style=base)
            piece.append("|", style=base)
            piece.append(str(nd["outer"]), style=STYLE_OPEN if far_open else base)
            piece.append("]", style=base)
            pieces.append(piece)
        line = Text("  ")
        for piece in pieces:  # wrapped between tiles, never through one
            if line.cell_len + 1 + piece.cell_len > self.width and line.plain.strip():
                self.left_out.append(line)
                line = Text("    ")
            line.append(" " if line.plain.strip() else "")
            line.append_text(piece)
        self.left_out.append(line)

    # ------------------------------------------------------------------ the whole table
    def draw(self) -> None:
        lead = self.nodes.get(1)
        if lead is None:
            return
        west = self.arm_length(1, "W")
        east = self.arm_length(1, "E")
        lead_w = 3 if self.crosswise(lead) else 5
        if west + lead_w + east <= self.width:
            col = west + (self.width - west - lead_w - east) // 2
        else:
            share = west / max(1, west + east)
            col = int((self.width - lead_w) * share)
        col = max(0, min(self.width - lead_w, col))
        cells = self.shape(lead, "E", lead["touching"], lead["outer"], False)
        # Open ends of the lead itself are the pips at its free sides.
        west_open = (1, "W") in self.playable
        east_open = (1, "E") in self.playable
        if not self.crosswise(lead):
            cells[0][1] = self.pip(lead["touching"], west_open, self.style(1))
            cells[0][3] = self.pip(lead["outer"], east_open, self.style(1))
        else:
            p = self.pip(lead["touching"], west_open or east_open, self.style(1))
            cells[0][1] = p
            cells[2][1] = p
        top = -(len(cells) // 2)
        self.canvas.put(top, col, cells, 1)
        box = (top, col, top + len(cells) - 1, col + lead_w - 1)
        self.direction[(1, "W")] = "W"
        self.direction[(1, "E")] = "E"
        self.arm(1, "E", box, "E", "S", "E")
        self.arm(1, "W", box, "W", "N", "W")
        if lead["spinner"]:
            self.branches(lead, box, "E")

    def arm_length(self, node: int, port: str) -> int:
        total = 0
        child = self.children.get((node, port))
        while child is not None:
            total += 3 if self.crosswise(child) else 5
            child = self.children.get((child["n"], "out"))
        return total


def draw_board(data: Mapping[str, Any], width: int, *, last: int | None = None) -> Board:
    """The layout as a picture no wider than ``width`` (every row; the caller crops rows)."""
    drawer = Drawer(data, width, last)
    drawer.draw()
    cells = drawer.canvas.cells
    if not cells:
        return Board([], {}, drawer.direction, drawer.left_out)
    top = min(r for r, _ in cells)
    bottom = max(r for r, _ in cells)
    lines: list[Text] = []
    for r in range(top, bottom + 1):
        row = [(c, cells[(r, c)]) for c in range(width) if (r, c) in cells]
        line = Text()
        at = 0
        for c, (ch, style) in row:
            if c > at:
                line.append(" " * (c - at))
            line.append(ch, style=style)
            at = c + 1
        lines.append(line)
    rows_of: dict[int, int] = {}
    spans: dict[int, tuple[int, int]] = {}
    tags: dict[tuple[int, int], int] = {}
    for (r, c), node in drawer.canvas.tags.items():
        rows_of.setdefault(node, r - top)
        first, last = spans.get(node, (r - top, r - top))
        spans[node] = (min(first, r - top), max(last, r - top))
        tags[(r - top, c)] = node
    shifted = {(r - top, c): cell for (r, c), cell in cells.items()}
    return Board(lines, rows_of, drawer.direction, drawer.left_out, shifted, tags, spans)


def fitted(board: Board, height: int, wanted: Sequence[int], *,
           mark: int | None = None) -> tuple[list[Text], list[int | None]]:
    """At most ``height`` lines of the picture that show every tile of ``wanted`` whole (the
    tiles the listed moves go on, the last tile laid: most important first), and which row of
    the picture each line is (None: a fold, or the strip of tiles left out). The rows between
    them that do not fit are folded into one line that says how many there are ('⋮ 4'); a tile
    that would be cut by a fold is left out of the picture rather than shown in half. ``mark``:
    a tile drawn highlighted (the move chosen in the list goes there)."""
    n = len(board.lines)
    room = height - len(board.left_out)
    rows: set[int] = set()
    if n <= room:
        rows = set(range(n))
    else:
        for node in wanted:
            span = board.spans.get(node)
            if span is None:
                continue
            more = rows | set(range(span[0], span[1] + 1))
            if fold_cost(more, n) <= room:
                rows = more
        if not rows and room > 0:  # nothing asked for is drawn: the lead's rows, else the top
            first, last = board.spans.get(1, (0, 0))
            rows = set(range(first, min(last, first + room - 1) + 1))
        grown = True
        while grown:  # then the rows around them, as room allows
            grown = False
            for r in sorted(rows):
                for near in (r - 1, r + 1):
                    if 0 <= near < n and near not in rows and fold_cost(rows | {near}, n) <= room:
                        rows.add(near)
                        grown = True
    hidden = {node for node, (first, last) in board.spans.items()
              if any(r not in rows for r in range(first, last + 1))}
    out: list[Text] = []
    where: list[int | None] = []
    previous = -1
    for r in sorted(rows):
        if r > previous + 1:
            out.append(Text(f"  {'↑' if previous < 0 else '⋮'} {r - previous - 1}",
                            style=STYLE_NOTE))
            where.append(None)
        out.append(row_text(board, r, hidden, mark))
        where.append(r)
        previous = r
    if rows and previous < n - 1:
        out.append(Text(f"  ↓ {n - 1 - previous}", style=STYLE_NOTE))
        where.append(None)
    out += board.left_out
    where += [None] * len(board.left_out)
    return out[:height], where[:height]


def fold_cost(rows: set[int], n: int) -> int:
    """Lines taken by ``rows`` of an ``n``-row picture, with one line per run of rows folded."""
    cost = len(rows)
    previous = -1
    for r in sorted(rows):
        cost += r > previous + 1
        previous = r
    return cost + (bool(rows) and previous < n - 1)


def row_text(board: Board, r: int, hidden: set[int], mark: int | None) -> Text:
    line = Text()
    at = 0
    for (row, c), (ch, style) in sorted(board.cells.items()):
        if row != r:
            continue
        node = board.tags.get((row, c))
        if node in hidden:
            continue
        if c > at:
            line.append(" " * (c - at))
        line.append(ch, style=f"{style} reverse" if mark is not None and node == mark else style)
        at = c + 1
    return line
