"""The table, the scores and the moves are drawn once (``fives.tui.pictures``): at the same
moment and the same width, the full-screen app shows and the line mode (``--plain``) prints
the same text (their styles aside)."""

from __future__ import annotations

import asyncio
import io

import pytest
from rich.console import Console
from textual.widget import Widget

from fives.tui.app import FivesApp
from fives.tui.plain import screen
from fives.tui.widgets import MoveItem
from tui.pilot import app_from_record, screen_rows, wait_prompt
from tui.positions import find_positions


def printed(app: FivesApp, width: int) -> list[str]:
    """What the line mode prints for the app's moment at ``width``."""
    assert app.moment is not None
    console = Console(width=width + 2, color_system=None, record=True, file=io.StringIO())
    console.print(screen(app.moment, width))
    return [line.rstrip() for line in console.export_text().splitlines()]


def shown(app: FivesApp, widget: Widget) -> list[str]:
    """The rows the app shows in ``widget``'s content, without the blank rows around them."""
    region = widget.content_region
    rows = [row[region.x:region.right].rstrip()
            for row in screen_rows(app)[region.y:region.bottom]]
    while rows and not rows[0]:
        rows.pop(0)
    while rows and not rows[-1]:
        rows.pop()
    return rows


def block_in(block: list[str], lines: list[str]) -> bool:
    return any(lines[i:i + len(block)] == block for i in range(len(lines) - len(block) + 1))


@pytest.mark.parametrize(("preset", "players", "width"), [
    ("all-fives", 2, 80), ("five-up", 3, 60), ("five-up", 3, 100), ("muggins-1864", 3, 100),
    ("five-up-solitaire", 1, 90)])
def test_the_app_and_the_line_mode_draw_the_same_pictures(preset: str, players: int,
                                                          width: int) -> None:
    """The moves are compared where the app has the room to show each one's count (on a
    narrow screen it leaves the counts out to fit two columns: the line mode has one a line)."""
    app = app_from_record(find_positions(preset, players)["mid"].record)

    async def run() -> None:
        async with app.run_test(size=(width, 70)) as pilot:  # room for every row: no fold
            assert await wait_prompt(app, pilot)
            table = app.table
            board = table.query_one("#board")
            drawn = shown(app, board)
            assert len(drawn) >= 3
            assert block_in(drawn, printed(app, board.content_region.width)), drawn
            scores = table.query_one("#scores")
            lines = printed(app, scores.content_region.width)
            assert block_in(shown(app, scores), lines), shown(app, scores)
            items = sorted(table.query(MoveItem), key=lambda item: item.number)
            assert items
            labels = [shown(app, item)[0].strip() for item in items]
            if width < 80:
                assert not any("→" in label for label in labels)
                lines = [line.split(" →")[0] + (", +" in line) * (" +" + line.split(", +")[-1])
                         for line in lines]
            assert block_in(labels, [line.strip() for line in lines]), labels
            app.ui.answers.put("\x04")
            await pilot.pause(0.1)

    asyncio.run(run())
