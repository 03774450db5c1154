"""The pieces of the play screen: header, scores (with the paper tally), layout, hand, moves,
the hand-end reveal and settlement, the end-of-game summary.

Every function returns rich renderables built from ``Text`` (never markup strings, so that tile
brackets and player names are printed as they are).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from fives.i18n import text
from fives.tui.frame import hand_parts, tile_label
from fives.tui.tally import tally_lines

if TYPE_CHECKING:
    from fives.rules import Ruleset
    from fives.tiles import Tile
    from fives.views import SeatView


@dataclass
class Names:
    """How seats and sides are called on screen."""

    seats: list[str]
    sides: list[str]
    you: int | None = None  # the one human seat, when there is exactly one
    lang: str = "en"

    def seat(self, seat: int) -> str:
        return self.seats[seat]

    def side(self, side: int) -> str:
        return self.sides[side]


def preset_title(rules: Ruleset, lang: str) -> str:
    return text(f"preset.name.{rules.name}", lang)


def header(view: SeatView, names: Names, lang: str) -> RenderableType:
    rules = view.rules
    title = text(
        "tui.screen_title", lang, game=preset_title(rules, lang), hand=view.hand_number,
        target=rules.target,
    )
    return Rule(Text(title, style="bold"), style="blue")


def scores_table(
    rules: Ruleset, scores: Sequence[int], names: Names, lang: str, *, tally: bool,
    turn_side: int | None = None, deck: Mapping[str, int] | None = None,
) -> Table:
    """The scores, one side a row (with Five Up's paper tally); ``deck``: where the solitaire
    deck's points came from (``fives.solitaire.deck_sources``), said beside its score."""
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(text("tui.col_side", lang))
    table.add_column(text("tui.col_score", lang), justify="right")
    show_tally = tally and rules.paper_tally
    if show_tally:
        table.add_column(text("tui.col_tally", lang), no_wrap=True)
    for side, score in enumerate(scores):
        name = Text(names.side(side), style="bold" if side == turn_side else "")
        shown = Text(str(score), style="bold")
        if side == 1 and deck:
            shown.append(" (" + text("tui.deck_from", lang, **deck) + ")", style="dim")
        row: list[RenderableType] = [name, shown]
        if show_tally:
            row.append(Text("\n".join(tally_lines(score)) or "-", style="dim"))
        table.add_row(*row)
    return table


def describe_ends(layout_json: Mapping[str, object], lang: str) -> Text:
    """'Open ends: 6 (#1 north) · 3 (#2 end)'; empty before the lead."""
    ends = layout_json.get("ends", [])
    assert isinstance(ends, list)
    out = Text()
    if not ends:
        return out
    nodes = layout_json.get("nodes", [])
    assert isinstance(nodes, list)
    names = {nd["n"]: tile_name(nd) for nd in nodes}
    out.append(text("tui.open_ends", lang) + " ")
    for i, e in enumerate(ends):
        if i:
            out.append(" · ", style="dim")
        out.append(str(e["value"]), style="bold yellow")
        port = text(f"tui.port_{e['port']}", lang)
        out.append(f" ({names.get(e['node'], '?')} {port})", style="dim")
    return out


def count_line(layout: Mapping[str, Any], lang: str) -> Text:
    """'Count: 6 + 3 + 2×5 = 19', from the projection's layout (its ``parts``)."""
    return Text(text("tui.count_is", lang, sum=parts_text(layout["parts"]) or layout["total"],
                     total=layout["total"]), style="bold")


def parts_text(parts: Sequence[Mapping[str, Any]]) -> str:
    """'6 + 3 + 2×5': the terms of a counted total (a double across the line counts twice)."""
    return " + ".join(f"{p['times']}×{p['value']}" if p["times"] > 1 else str(p["value"])
                      for p in parts)


def hand_line(hand: Sequence[Tile], lang: str, *, drawn: Tile | None = None) -> Text:
    """The hand on one line (the line mode; the app shows the same parts, a widget a tile)."""
    label, tiles, pips = hand_parts(hand, lang)
    out = Text(label + " ", style="bold")
    for i, tile in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_label(tile, "bold green" if tile == drawn else "bold"))
    out.append("  " + pips, style="dim")
    return out


def reveal_tables(reveal: Mapping[str, Any], settlement: str, names: Names,
                  lang: str) -> Group:
    """Every hand revealed, then the settlement as a table (per seat, then per side), from the
    projection's ``reveal``: a hand's rounded value only where that settlement rounds it."""
    hands = Table(title=text("tui.reveal_title", lang, hand=reveal["hand"]), box=box.SIMPLE_HEAD,
                  title_justify="left", title_style="bold")
    # The names whole; the tiles wrap (a narrow screen cut the names to one letter).
    hands.add_column(text("tui.col_player", lang), no_wrap=True)
    hands.add_column(text("tui.col_tiles_left", lang))
    hands.add_column(text("tui.col_pips", lang), justify="right")
    rounding = any(seat["rounded"] for seat in reveal["seats"])
    if rounding:
        hands.add_column(text("tui.col_rounded", lang), justify="right")
    for seat in reveal["seats"]:
        row: list[RenderableType] = [
            Text(names.seat(seat["seat"])),
            Text(" ".join(tile_shown(t) for t in seat["tiles"]) or "-"),
            Text(str(seat["pips"])),
        ]
        if rounding:
            row.append(Text(str(seat["counted"]) if seat["rounded"] else ""))
        hands.add_row(*row)
    settle = Table(title=text("tui.settlement_title", lang), box=box.SIMPLE_HEAD,
                   title_justify="left", title_style="bold")
    settle.add_column(text("tui.col_side", lang), no_wrap=True)
    settle.add_column(text("tui.col_before", lang), justify="right")
    settle.add_column(text("tui.col_change", lang), justify="right")
    settle.add_column(text("tui.col_after", lang), justify="right")
    for side, after in enumerate(reveal["scores"]):
        delta = reveal["deltas"][side]
        settle.add_row(
            names.side(side), str(reveal["before"][side]),
            Text(f"{delta:+d}" if delta else "0", style="bold" if delta else "dim"),
            Text(str(after), style="bold"),
        )
    key = ("tui.settle_target" if reveal["result"] == "target"
           else f"tui.settle_rule_{settlement}")
    rule_note = Text(text(key, lang), style="italic")
    return Group(hands, rule_note, settle)


def tile_name(node: Mapping[str, Any]) -> str:
    """'[6|4]': a tile of the layout as the player sees it."""
    return f"[{node['touching']}|{node['outer']}]"


def tile_shown(tile: str) -> str:
    """'6-4' (notation) as the screen draws a tile: '[6|4]'."""
    high, _, low = tile.partition("-")
    return f"[{high}|{low}]"


@dataclass
class HandSummary:
    hand: int
    result: str
    winner: int | None
    scores: tuple[int, ...]


def summary_table(
    history: Sequence[HandSummary], names: Names, lang: str, sides: int
) -> Table:
    table = Table(title=text("tui.summary_title", lang), box=box.SIMPLE_HEAD, title_justify="left",
                  title_style="bold")
    table.add_column(text("tui.col_hand", lang), justify="right")
    table.add_column(text("tui.col_result", lang))
    for side in range(sides):
        table.add_column(names.side(side), justify="right")
    for h in history:
        table.add_row(str(h.hand), text(f"tui.result_{h.result}", lang), *map(str, h.scores))
    return table
