"""The full-screen play frame: everything a turn needs on one terminal screen.

A frame is a list of rich ``Text`` lines, each narrower than the terminal, and never more lines
than it has rows (the prompt takes the last one). From the top:

    title (game, hand, target)
    scores, whose turn, tiles held, boneyard       (one line; two when narrow)
    the table as a picture                        (what room is left; cropped around the last tile)
    count of the open ends
    the last actions                               (1 to 4, as room allows)
    extra lines (a front end's own notes: overdraws, ...)
    messages (errors, hints)
    the hand, then the numbered moves in columns

A section is a list of lines, so another part of the game can add its own (``extra``) without
touching the layout. When rows run short the actions shrink first, then the picture.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.text import Text

from fives.i18n import text
from fives.tui.board import Board, crop_rows, draw_board

if TYPE_CHECKING:
    from fives.layout import LayoutJSON
    from fives.moves import Move
    from fives.views import SeatView

MIN_BOARD = 3
MAX_ACTIONS = 4


@dataclass
class FrameParts:
    """What a frame shows; every list is already lines of text."""

    title: Text
    scores: list[Text]
    board: Board | None = None
    focus: int | None = None  # the tile the picture is kept around when it is cropped
    below_board: list[Text] = field(default_factory=list)  # the count line
    actions: list[Text] = field(default_factory=list)
    extra: list[Text] = field(default_factory=list)
    overlay: list[Text] | None = None  # help, rules, tally: shown instead of the picture
    messages: list[Text] = field(default_factory=list)
    bottom: list[Text] = field(default_factory=list)  # the hand and the moves
    lang: str = "en"


def wrap(line: str, width: int, style: str = "", indent: str = "") -> list[Text]:
    """A plain message wrapped to ``width`` (words are never cut)."""
    out: list[Text] = []
    for para in line.split("\n"):
        chunks = textwrap.wrap(para, width, subsequent_indent=indent,
                               break_long_words=False, break_on_hyphens=False) or [""]
        out += [Text(chunk, style=style) for chunk in chunks]
    return out


def wrap_text(line: Text, width: int) -> list[Text]:
    """A styled line wrapped on spaces to ``width``."""
    if line.cell_len <= width:
        return [line]
    return list(line.wrap(_console(), width))


_CONSOLE: Any = None


def _console() -> Any:
    global _CONSOLE
    if _CONSOLE is None:
        from rich.console import Console

        _CONSOLE = Console(width=200, force_terminal=False)
    return _CONSOLE


def compose(parts: FrameParts, width: int, height: int) -> list[Text]:
    """The frame: at most ``height`` lines, each at most ``width`` cells."""
    top = [parts.title, *parts.scores]
    bottom = [*parts.extra, *parts.messages, *parts.bottom]
    room = height - len(top) - len(bottom)
    if room < 0:  # a tiny terminal: the bottom (moves, prompt's context) matters most
        keep = max(0, height - len(bottom))
        top = top[:keep]
        bottom = bottom[-(height - len(top)):] if height > len(top) else []
        room = 0
    middle: list[Text] = []
    if parts.overlay is not None:
        lines = parts.overlay
        if len(lines) > room:
            more = len(lines) - (room - 1)
            note = Text(text("tui.more_lines", parts.lang, count=more), style="dim")
            lines = [*lines[:room - 1], note] if room >= 1 else []
        middle = lines
    else:
        below = parts.below_board[:max(0, room - 1)]
        room_left = room - len(below)
        actions = parts.actions[-max(MAX_ACTIONS, height // 5):]  # a tall terminal: more
        board_lines = len(parts.board.lines) + len(parts.board.left_out) if parts.board else 0
        # The picture first (at least MIN_BOARD rows), then as many actions as fit.
        n_actions = max(0, min(len(actions), room_left - min(board_lines, MIN_BOARD)))
        board_room = room_left - n_actions
        if board_lines < board_room:  # a small table leaves room to more actions
            n_actions = min(len(actions), room_left - board_lines)
            board_room = room_left - n_actions
        pic = crop_rows(parts.board, board_room, parts.focus) if parts.board else []
        middle = pic + below + (actions[len(actions) - n_actions:] if n_actions else [])
    frame = top + middle + bottom
    return [fit_width(line, width) for line in frame[:height]]


def fit_width(line: Text, width: int) -> Text:
    """A line cut to the width as the last resort (sections wrap their own lines first)."""
    if line.cell_len <= width:
        return line
    cut = line.copy()
    cut.truncate(width, overflow="ellipsis")
    return cut


# ---------------------------------------------------------------------- sections
def score_lines(names: Sequence[str], scores: Sequence[int], turn_side: int | None,
                tiles: Mapping[str, int], boneyard: int | None, lang: str,
                width: int, deck: Mapping[str, int] | None = None) -> list[Text]:
    """'You 12 · ▸North (expert) 8   North: 4 tiles · boneyard: 9', on two lines when narrow.
    ``deck``: the solitaire deck's score by origin (``fives.solitaire.deck_sources``)."""
    left = Text()
    for side, (name, score) in enumerate(zip(names, scores, strict=True)):
        if side:
            left.append("  ·  ", style="dim")
        if side == turn_side:
            left.append("▸", style="bold cyan")
        left.append(name, style="bold" if side == turn_side else "")
        left.append(f" {score}", style="bold")
        if side == 1 and deck:
            left.append(" (" + text("tui.deck_from", lang, **deck) + ")", style="dim")
    right = Text()
    for name, count in tiles.items():
        if len(right):
            right.append(" · ", style="dim")
        key = "tui.holds_tile" if count == 1 else "tui.holds_tiles"
        right.append(text(key, lang, who=name, count=count), style="dim")
    if boneyard is not None:
        if len(right):
            right.append(" · ", style="dim")
        key = "tui.boneyard_one" if boneyard == 1 else "tui.boneyard_size"
        right.append(text(key, lang, count=boneyard), style="dim")
    if not len(right):
        return wrap_text(left, width)
    if left.cell_len + 3 + right.cell_len <= width:
        return [left + Text("   ") + right]
    return wrap_text(left, width) + wrap_text(right, width)


def overdraw_cost(view: SeatView, moves: Sequence[Move]) -> int:
    """What a draw among ``moves`` costs: the solitaire's overdraw price when the draw is
    offered beside placements (RULES.md §4.3), else 0."""
    rules = view.rules
    if rules.overdraw_allowed and len(moves) > 1 and any(m.kind == "draw" for m in moves):
        return rules.draw_cost
    return 0


def move_words(move: Move, layout: Mapping[str, Any], board: Board | None, lang: str,
               overdraw: int = 0) -> Text:
    """A legal move in player words: 'lead [6|4]', '[4|1] on [6|1]', '[5|2] on [5|5], north',
    'draw a tile', 'draw anyway: +3 to the deck' (``overdraw``: its price), 'pass'. A side is
    named only when the tile touched has more than one free side, with the compass word of the
    picture."""
    if move.kind == "draw" and overdraw:
        return Text(text("tui.move_overdraw", lang, cost=overdraw), style="bold yellow")
    if move.kind == "draw":
        return Text(text("tui.move_draw", lang))
    if move.kind == "pass":
        return Text(text("tui.move_pass", lang))
    tile = Text(f"[{move.touching}|{move.outer}]", style="bold")
    form = Text(", " + text(f"tui.sniff_{move.form}", lang)) if move.form else Text()
    if move.kind == "lead":
        return Text(text("tui.move_lead", lang) + " ") + tile + form
    nodes = {nd["n"]: nd for nd in layout.get("nodes", [])}
    parent = nodes.get(move.node)
    if parent is None:
        return tile
    ports = [e["port"] for e in layout.get("ends", []) if e["node"] == move.node]
    on = f"[{parent['touching']}|{parent['outer']}]"
    out = tile + Text(" " + text("tui.on", lang, tile=on))
    if len(set(ports)) > 1:
        side = board.direction.get((move.node, move.port)) if board else None
        word = text(f"tui.port_{side}", lang) if side else text(f"tui.port_{move.port}", lang)
        out.append(", " + word)
    return out + form


def moves_grid(labels: Sequence[Text], width: int) -> list[Text]:
    """Numbered moves in as many columns as fit, numbered down the columns."""
    if not labels:
        return []
    cells = []
    for i, label in enumerate(labels):
        cell = Text(f"{i + 1:>2}) ", style="bold cyan")
        cell.append_text(label)
        cells.append(cell)
    cell_w = max(c.cell_len for c in cells) + 2
    columns = max(1, min(len(cells), (width + 2) // cell_w))
    rows = -(-len(cells) // columns)
    lines = []
    for r in range(rows):
        line = Text()
        for c in range(columns):
            i = c * rows + r
            if i >= len(cells):
                break
            if c:
                line.append(" " * (cell_w - cells[(c - 1) * rows + r].cell_len))
            line.append_text(cells[i])
        lines.append(line)
    return lines


def hand_text(view: SeatView, lang: str, drawn: Any, width: int) -> list[Text]:
    out = Text(text("tui.your_hand", lang) + " ", style="bold")
    for i, tile in enumerate(sorted(view.hand, key=lambda t: (-t.high, -t.low))):
        if i:
            out.append(" ")
        out.append(f"[{tile.high}|{tile.low}]", style="bold green" if tile == drawn else "bold")
    pips = sum(t.pips for t in view.hand)
    out.append("  " + text("tui.pips_in_hand", lang, pips=pips), style="dim")
    return wrap_text(out, width)


def board_of(view: SeatView, width: int, last: int | None) -> tuple[Board, LayoutJSON]:
    data = view.layout.to_json()
    return draw_board(data, width, last=last), data
