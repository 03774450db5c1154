"""The sections of the play screen as lines of text: the scores line, a move in player words,
the numbered moves in columns, the hand. Each is a list of rich ``Text`` lines no wider than
asked, so the full-screen app can lay them out and count their rows.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text

from fives.i18n import text
from fives.projection import rules_json

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.tiles import Tile
    from fives.tui.board import Board
    from fives.views import SeatView


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


# ---------------------------------------------------------------------- sections
def score_lines(names: Sequence[str], scores: Sequence[int], turn_side: int | None,
                tiles: Mapping[str, int], boneyard: int | None, lang: str,
                width: int, deck: Mapping[str, int] | None = None) -> list[Text]:
    """'You 12 · ▸North (expert) 8   North: 4 tiles · boneyard: 9', on two lines when narrow.
    ``deck``: the solitaire deck's score by origin (``fives.solitaire.deck_sources``)."""
    left: list[Text] = []
    for side, (name, score) in enumerate(zip(names, scores, strict=True)):
        phrase = Text()
        if side == turn_side:
            phrase.append("▸", style="bold cyan")
        phrase.append(name, style="bold" if side == turn_side else "")
        phrase.append(f" {score}", style="bold")
        if side == 1 and deck:
            phrase.append(" (" + text("tui.deck_from", lang, **deck) + ")", style="dim")
        left.append(phrase)
    right: list[Text] = []
    for name, count in tiles.items():
        key = "tui.holds_tile" if count == 1 else "tui.holds_tiles"
        right.append(Text(text(key, lang, who=name, count=count), style="dim"))
    if boneyard is not None:
        key = "tui.boneyard_one" if boneyard == 1 else "tui.boneyard_size"
        right.append(Text(text(key, lang, count=boneyard), style="dim"))
    whole_left = Text("  ·  ", style="dim").join(left)
    whole_right = Text(" · ", style="dim").join(right)
    if right and whole_left.cell_len + 3 + whole_right.cell_len <= width:
        return [whole_left + Text("   ") + whole_right]
    return (pack_phrases(left, Text("  ·  ", style="dim"), width)
            + pack_phrases(right, Text(" · ", style="dim"), width))


def pack_phrases(phrases: Sequence[Text], separator: Text, width: int) -> list[Text]:
    """``phrases`` joined by ``separator``, as many whole phrases a line as fit ``width``: a
    line breaks between phrases ('North: 4 tiles' / 'boneyard: 9'), never inside one unless
    the phrase alone is wider than a line (then it is wrapped on its spaces)."""
    lines: list[Text] = []
    line = Text()
    for phrase in phrases:
        if len(line) and line.cell_len + separator.cell_len + phrase.cell_len <= width:
            line = line + separator + phrase
            continue
        if len(line):
            lines.append(line)
        *full, line = wrap_text(phrase, width)
        lines += full
    if len(line):
        lines.append(line)
    return lines


def overdraw_cost(view: SeatView, moves: Sequence[Move]) -> int:
    """What a draw among ``moves`` costs: the projection's overdraw price (0 where there is
    none) when the draw is offered beside placements (RULES.md §4.3), else 0."""
    if len(moves) > 1 and any(m.kind == "draw" for m in moves):
        return rules_json(view.rules)["overdraw_cost"]
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


def tile_label(tile: Tile, style: str = "bold") -> Text:
    """A tile as the screen writes it: '[6|4]'."""
    return Text(f"[{tile.high}|{tile.low}]", style=style)


def hand_parts(hand: Sequence[Tile], lang: str) -> tuple[str, list[Tile], str]:
    """The hand as both screens show it: 'Your hand:', the tiles highest first, '(23 pips)'."""
    tiles = sorted(hand, key=lambda t: (-t.high, -t.low))
    return (text("tui.your_hand", lang), tiles,
            text("tui.pips_in_hand", lang, pips=sum(t.pips for t in hand)))
