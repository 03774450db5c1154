"""The full-screen game's screens, driven by Textual's pilot: a resize lays every part out for
the new size, the whole table (F2) follows a resize and closes with Esc, a hand's end scrolls
with the keys and names every player whole, the solitaire's score line is never cut, the key
bar shows the keys (in the game's language), Tab and Ctrl-D keep what is typed."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from fives.tui.app import FivesApp
from fives.tui.screens import HandEndScreen, HelpScreen, TableScreen, WholeTable
from fives.tui.widgets import History, ScoresView
from tui.pilot import (
    app_from_record,
    board_problems,
    drawn_tiles,
    make_app,
    screen_rows,
    visible_panel,
    wait_prompt,
)
from tui.positions import find_positions

Scenario = Callable[[FivesApp, Any], Awaitable[None]]


def run(app: FivesApp, size: tuple[int, int], scenario: Scenario) -> None:
    """``scenario(app, pilot)`` from the first prompt on; Ctrl-D after it, so the game ends."""

    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            try:
                await wait_prompt(app, pilot)
                await scenario(app, pilot)
            finally:
                app.ui.answers.put("\x04")
                await pilot.pause(0.3)

    asyncio.run(go())


def widget_rows(app: FivesApp, widget: Any) -> list[str]:
    region = widget.region
    return [row[region.x:region.right] for row in screen_rows(app)[region.y:region.bottom]]


def layout_tiles(app: FivesApp) -> set[tuple[int, int]]:
    assert app.moment is not None
    return {tuple(sorted(map(int, nd["tile"].split("-"))))  # type: ignore[misc]
            for nd in app.moment.view.layout.to_json()["nodes"]}


def test_a_resize_lays_the_scores_out_for_the_new_width() -> None:
    """120 columns: the scores and the tiles held on one line; 60: on two, the boneyard still
    in view (the scores kept the old width until the next move)."""

    async def scenario(app: FivesApp, pilot: Any) -> None:
        scores = app.table.query_one(ScoresView)
        wide = widget_rows(app, scores)
        assert len(wide) == 1 and "boneyard" in wide[0], wide
        await pilot.resize_terminal(60, 30)
        await pilot.pause(0.2)
        narrow = widget_rows(app, scores)
        assert len(narrow) == 2, narrow
        assert "boneyard" in " ".join(narrow), narrow
        assert not board_problems(app)

    run(make_app("five-up", 2, ["human", "greedy"], 3), (120, 40), scenario)


def test_the_whole_table_follows_a_resize_and_closes_with_esc() -> None:
    record = find_positions("five-up", 2)["mid"].record

    async def scenario(app: FivesApp, pilot: Any) -> None:
        await pilot.press("f2")
        await pilot.pause(0.1)
        assert isinstance(app.screen, WholeTable)
        await pilot.resize_terminal(60, 24)
        await pilot.pause(0.2)
        tiles, cut = drawn_tiles(visible_panel(app))
        assert cut == [], "\n".join(screen_rows(app))
        panel = app.screen.query_one("#panel")
        while panel.scroll_y < panel.max_scroll_y:  # taller than the screen: the keys scroll
            await pilot.press("pagedown")
            await pilot.pause(0.1)
            tiles |= drawn_tiles(visible_panel(app))[0]
        assert tiles == layout_tiles(app), "\n".join(screen_rows(app))  # every tile, seen
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)
        assert not board_problems(app)

    run(app_from_record(record), (100, 30), scenario)


def test_a_hand_end_at_60x20_scrolls_with_the_keys_and_enter_goes_on() -> None:
    """The game's end at 60x20: the winner first, the rest reached with the keys (it ran past
    the screen and only the mouse wheel scrolled it); Enter closes it and the game goes on."""
    pos = find_positions("five-up", 4)["game_end"]

    async def scenario(app: FivesApp, pilot: Any) -> None:
        asked = app.ui.asked
        app.table.query_one("#input", History).value = pos.answer
        await pilot.press("enter")
        await wait_prompt(app, pilot, after=asked)
        while "Press Enter for the results" not in app.ui.prompt:
            asked = app.ui.asked
            app.ui.answers.put("")
            await wait_prompt(app, pilot, after=asked)
        await pilot.pause(0.2)
        assert isinstance(app.screen, HandEndScreen)
        rows = screen_rows(app)
        assert len(rows) == 20 and all(len(r) <= 60 for r in rows)
        assert "win" in "\n".join(visible_panel(app)), "\n".join(rows)
        panel = app.screen.query_one("#panel")
        assert panel.max_scroll_y > 0, "\n".join(rows)  # taller than the screen
        await pilot.press("end")
        await pilot.pause(0.1)
        assert panel.scroll_y == panel.max_scroll_y
        assert any(re.match(r"\s*\d+\s+(out|blocked|target)", r) for r in visible_panel(app))
        asked = app.ui.asked
        await pilot.press("enter")
        await wait_prompt(app, pilot, after=asked)
        assert isinstance(app.screen, TableScreen)
        assert "[y/N]" in app.ui.prompt  # save the game?

    run(app_from_record(pos.record), (60, 20), scenario)


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
def test_a_french_hand_end_names_every_player_whole(size: tuple[int, int]) -> None:
    pos = find_positions("five-up", 4, lang="fr")["hand_end"]

    async def scenario(app: FivesApp, pilot: Any) -> None:
        asked = app.ui.asked
        app.ui.answers.put(pos.answer)
        await wait_prompt(app, pilot, after=asked)
        await pilot.pause(0.2)
        assert isinstance(app.screen, HandEndScreen)
        shown = "\n".join(visible_panel(app))
        await pilot.press("end")
        await pilot.pause(0.1)
        shown += "\n".join(visible_panel(app))
        assert app.moment is not None
        for name in app.moment.names.seats:
            assert name in shown, (name, shown)

    run(app_from_record(pos.record, lang="fr"), size, scenario)


@pytest.mark.parametrize(("height", "breakdown"), [(20, False), (30, True)])
def test_the_solitaires_score_line_is_never_cut_at_60_columns(height: int,
                                                               breakdown: bool) -> None:
    """60 columns: where the deck's points came from is said whole (wrapped), or, on a short
    screen, left to the score sheet (F3); never cut mid-phrase."""

    async def scenario(app: FivesApp, pilot: Any) -> None:
        for _ in range(6):
            rows = widget_rows(app, app.table.query_one(ScoresView))
            joined = " ".join(" ".join(rows).split())
            whole = re.search(r"\(handicap \d+ \+ overdraws \d+ \+ block \d+\)", joined)
            assert bool(whole) == breakdown, rows
            assert breakdown or "handicap" not in joined, rows
            asked = app.ui.asked
            app.ui.answers.put("1")
            if not await wait_prompt(app, pilot, after=asked):
                break

    run(make_app("five-up-solitaire", 1, ["human"], 4), (60, height), scenario)


def test_the_key_bar_shows_the_keys_in_the_games_language() -> None:
    async def scenario(app: FivesApp, pilot: Any) -> None:
        bar = screen_rows(app)[-1]
        assert "f1" in bar and "aide" in bar and "toute la table" in bar, bar
        await pilot.press("f1")
        await pilot.pause(0.1)
        assert isinstance(app.screen, HelpScreen)
        assert "retour" in screen_rows(app)[-1]
        assert "F2" in "\n".join(visible_panel(app))  # the keys are said in the help
        await pilot.press("escape")
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen)

    run(make_app("five-up", 2, ["human", "greedy"], 3, lang="fr"), (80, 24), scenario)


def test_tab_keeps_the_move_typed() -> None:
    async def scenario(app: FivesApp, pilot: Any) -> None:
        assert app.moment is not None
        laid = app.moment.view.layout.count
        asked = app.ui.asked
        await pilot.press("1", "tab", "enter")
        assert await wait_prompt(app, pilot, after=asked)
        assert app.moment.view.layout.count > laid  # the move was played

    run(make_app("five-up", 2, ["human", "greedy"], 3), (80, 24), scenario)


def test_ctrl_d_with_text_typed_does_not_leave() -> None:
    async def scenario(app: FivesApp, pilot: Any) -> None:
        field = app.table.query_one("#input", History)
        await pilot.press("1", "2", "left", "ctrl+d")
        await pilot.pause(0.2)
        assert app.is_running and app.return_code is None
        assert field.value == "1"  # the character after the cursor went, as in a shell

    run(make_app("five-up", 2, ["human", "greedy"], 3), (80, 24), scenario)


def test_no_color_takes_the_colours_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR (and --no-color, which sets it): no colour at all, not greys."""
    from textual.filter import Monochrome, NoColor

    monkeypatch.setenv("NO_COLOR", "1")

    async def scenario(app: FivesApp, pilot: Any) -> None:
        filters = app._filters
        assert any(isinstance(f, NoColor) for f in filters), filters
        assert not any(isinstance(f, Monochrome) for f in filters), filters

    run(make_app("five-up", 2, ["human", "greedy"], 3), (80, 24), scenario)


def test_at_120x40_the_table_is_in_the_middle_of_its_room() -> None:
    """A short table on a tall screen: in the middle of the room above the log, not at the top
    over rows of blanks."""

    async def scenario(app: FivesApp, pilot: Any) -> None:
        board = app.table.query_one("#board").region
        middle = app.table.query_one("#middle").content_region
        above, below = board.y - middle.y, middle.bottom - board.bottom
        assert above >= 5, (board, middle)  # it used to start on the room's first row
        room = app.table.query_one("#board_room").region
        assert abs((board.y - room.y) - (room.bottom - board.bottom)) <= 1, (board, room)
        assert below >= 0

    run(make_app("five-up", 2, ["human", "greedy"], 3), (120, 40), scenario)
