"""What the commands typed at the app's prompt show over the table: the help wrapped by its
panel at the panel's own width, the hint found in a worker thread (the screen goes on drawing
while the strongest bot ranks the moves)."""

from __future__ import annotations

import asyncio
import itertools
import threading
from typing import Any

import pytest
from textual.geometry import Region
from textual.widget import Widget

from fives.i18n import text
from fives.tui import commands
from fives.tui.app import FivesApp
from fives.tui.screens import PanelScreen
from tui.pilot import make_app, visible_panel, wait_prompt


async def panel_shown(app: FivesApp, pilot: Any) -> bool:
    for _ in range(300):
        await pilot.pause(0.02)
        if isinstance(app.screen, PanelScreen):
            await pilot.pause(0.1)
            return True
    return False


def all_rows(body: Widget) -> list[str]:
    """Every row of a widget as drawn, scrolled into view or not."""
    strips = body.render_lines(Region(0, 0, body.size.width, body.size.height))
    return [strip.text.rstrip() for strip in strips]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_typed_is_wrapped_by_the_panel_at_its_width(lang: str) -> None:
    app = make_app("five-up", 2, ["human", "greedy"], 3, lang=lang)

    async def scenario() -> None:
        async with app.run_test(size=(60, 20)) as pilot:
            await wait_prompt(app, pilot)
            await pilot.press(*{"en": "help", "fr": "aide"}[lang], "enter")
            assert await panel_shown(app, pilot)
            body = app.screen.query_one("#panel_body")
            width = body.size.width
            rows = all_rows(body)
            paragraphs = text("tui.help_text", lang).split("\n")
            assert " ".join(r for r in rows if r) == " ".join(paragraphs)  # no word cut
            assert max(map(len, rows)) <= width
            for row, after in itertools.pairwise(rows):
                # each row as full as the next word allows, but a paragraph's last
                if row and not any(p.endswith(row) for p in paragraphs):
                    assert len(row) + 1 + len(after.split(" ")[0]) > width, (row, after)
            await pilot.press("escape")
            app.ui.answers.put("\x04")
            await pilot.pause(0.3)

    asyncio.run(scenario())


def test_the_hint_is_found_off_the_screens_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[int] = []
    ranked = commands.ranked_moves

    def recorded(*args: Any) -> Any:
        threads.append(threading.get_ident())
        return ranked(*args)

    monkeypatch.setattr(commands, "ranked_moves", recorded)
    app = make_app("all-fives", 2, ["human", "greedy"], 3)

    async def scenario() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_prompt(app, pilot)
            await pilot.press(*"hint", "enter")
            assert await panel_shown(app, pilot)
            assert threads and threads[0] != threading.get_ident()  # not the app's thread
            shown = "\n".join(visible_panel(app))
            assert "Hint from the strongest bot" in shown and "1)" in shown, shown
            await pilot.press("escape")
            app.ui.answers.put("\x04")
            await pilot.pause(0.3)

    asyncio.run(scenario())
