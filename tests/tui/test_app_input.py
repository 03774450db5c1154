"""The full-screen game's input: resize, mouse play, the input line's history, the thinking line
while a bot chooses, Ctrl-Z in a real terminal."""

from __future__ import annotations

import asyncio
import os
import select
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from fives.bots.greedy import GreedyPlayer
from fives.tui.app import FivesApp
from fives.tui.widgets import BoardView, History, MoveItem, TileButton
from tui.pilot import app_from_record, board_problems, make_app, screen_rows, wait_prompt
from tui.positions import find_spinner_choice
from tui.terminal import drain, play_in_pty, read_until


def two_player(seed: int = 3) -> FivesApp:
    return make_app("five-up", 2, ["human", "greedy"], seed)


def test_resize_redraws_at_once() -> None:
    async def scenario() -> None:
        app = two_player()
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_prompt(app, pilot)
            wide = screen_rows(app)
            assert len(wide) == 40 and len(wide[0]) == 120
            await pilot.resize_terminal(60, 20)
            await pilot.pause(0.2)
            narrow = screen_rows(app)
            assert len(narrow) == 20 and len(narrow[0]) == 60
            assert any("your move" in r for r in narrow), "\n".join(narrow)
            assert not board_problems(app), "\n".join(narrow)
            app.ui.answers.put("\x04")
            await pilot.pause(0.3)

    asyncio.run(scenario())


def test_mouse_plays_a_move_by_its_line_and_by_tile_then_end() -> None:
    async def laid_more(app: FivesApp, pilot: Any, than: int) -> bool:
        for _ in range(300):
            await pilot.pause(0.02)
            moment = app.moment
            if moment is not None and moment.view.layout.count > than and app.ui.waiting.is_set():
                return True
        return False

    async def scenario() -> None:
        app = two_player()
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_prompt(app, pilot)
            assert app.moment is not None
            laid = app.moment.view.layout.count
            first = app.table.query(MoveItem).first()
            assert first.number == 1
            await pilot.click(first)  # a move's line
            assert await laid_more(app, pilot, laid)
            moment = app.moment
            assert moment is not None
            laid = moment.view.layout.count
            move = next(m for m in moment.moves if m.kind == "place")
            button = next(b for b in app.table.query(TileButton) if b.tile == move.tile)
            await pilot.click(button)  # a tile of the hand
            await pilot.pause(0.2)
            if app.moment is moment:  # it fits in several places: now the tile it goes on
                board = app.table.query_one("#board", BoardView)
                x, y = next((x, y) for y in range(board.size.height)
                            for x in range(board.size.width)
                            if (board.node_at(x, y) or (None,))[0] == move.node)
                await pilot.click("#board", offset=(x, y))
            assert await laid_more(app, pilot, laid)
            app.ui.answers.put("\x04")
            await pilot.pause(0.3)

    asyncio.run(scenario())


@pytest.mark.parametrize("side", [0, 1])
def test_a_click_on_one_side_of_a_spinner_plays_on_that_side(side: int) -> None:
    """A tile that goes on either side of a spinner: click it in the hand, then the spinner on
    one side of its middle (the first side drawn, then in another game the second): the tile
    is played on the side clicked."""
    choice = find_spinner_choice()

    async def scenario() -> None:
        app = app_from_record(choice.record)
        async with app.run_test(size=(100, 30)) as pilot:
            try:
                await click_tile_then_spinner(app, pilot)
            finally:  # the game waits for an answer: Ctrl-D lets the app end
                app.ui.answers.put("\x04")
                await pilot.pause(0.3)

    async def click_tile_then_spinner(app: FivesApp, pilot: Any) -> None:
        await wait_prompt(app, pilot)
        moment = app.moment
        assert moment is not None
        board = app.table.query_one("#board", BoardView)
        assert board.board is not None
        ports = {board.board.direction[(choice.node, m.port)]: m.port for m in moment.moves
                 if str(m.tile) == choice.tile and m.node == choice.node}
        assert len(ports) >= 2, ports  # two sides drawn apart on the picture
        clicked = sorted(ports)[side]
        button = next(b for b in app.table.query(TileButton) if str(b.tile) == choice.tile)
        await pilot.click(button)
        await pilot.pause(0.1)
        assert str(app.table.chosen) == choice.tile  # it fits in several places: waits
        x, y = next((x, y) for y in range(board.size.height) for x in range(board.size.width)
                    if board.node_at(x, y) == (choice.node, clicked))
        laid = moment.view.layout.count
        await pilot.click("#board", offset=(x, y))
        for _ in range(300):
            await pilot.pause(0.02)
            if app.moment is not None and app.moment.view.layout.count > laid:
                break
        assert app.moment is not None
        placed = app.moment.view.layout.to_json()["nodes"][laid]
        assert (placed["tile"], placed["parent"], placed["port"]) == (
            choice.tile, choice.node, ports[clicked])

    asyncio.run(scenario())


def test_the_input_line_keeps_a_history() -> None:
    async def scenario() -> None:
        app = two_player()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_prompt(app, pilot)
            field = app.table.query_one("#input", History)
            for word in ("help", "rules"):
                await pilot.press(*word, "enter")
                await wait_prompt(app, pilot)
                await pilot.pause(0.1)
                await pilot.press("escape")  # the panel shown over the table closes
            await pilot.press("up")
            assert field.value == "rules"
            await pilot.press("up")
            assert field.value == "help"
            await pilot.press("down")
            assert field.value == "rules"
            await pilot.press("down")
            assert field.value == ""
            app.ui.answers.put("\x04")
            await pilot.pause(0.3)

    asyncio.run(scenario())


def test_a_thinking_line_while_a_bot_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    slow_choose = GreedyPlayer.choose

    def slow(self: Any, view: Any, budget: Any = None) -> Any:
        time.sleep(0.6)
        return slow_choose(self, view, budget)

    monkeypatch.setattr(GreedyPlayer, "choose", slow)

    async def scenario() -> None:
        app = two_player()
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_prompt(app, pilot)
            app.ui.answers.put("1")
            seen = False
            for _ in range(100):
                await pilot.pause(0.02)
                if any("North (greedy) is thinking" in r for r in screen_rows(app)):
                    seen = True
                    break
            assert seen, "\n".join(screen_rows(app))
            await wait_prompt(app, pilot)
            assert not any("is thinking" in r for r in screen_rows(app))
            app.ui.answers.put("\x04")
            await pilot.pause(0.3)

    asyncio.run(scenario())


@pytest.mark.slow  # a real terminal
def test_ctrl_z_suspends_and_fg_redraws(tmp_path: Path) -> None:
    with play_in_pty(tmp_path, rows=30) as (proc, master):
        read_until(master, "your move")
        os.write(master, b"\x1a")  # Ctrl-Z
        # Generous waits: on a loaded machine the redraw after SIGCONT took over 10 s once.
        deadline = time.monotonic() + 30
        state = ""
        while time.monotonic() < deadline:
            state = Path(f"/proc/{proc.pid}/stat").read_text().split()[2]
            if state == "T":
                break
            time.sleep(0.05)
        assert state == "T", state  # stopped, as a shell's job
        # What it wrote before it stopped (its last screen, then leaving full-screen mode) is
        # read now, so that the "your move" awaited below is the redraw after `fg`: a key typed
        # before that redraw may meet the terminal still in line mode, where Ctrl-D is no key
        # but an end of file, and the game would never see it.
        drain(master)
        os.kill(proc.pid, signal.SIGCONT)  # what `fg` sends
        assert "your move" in read_until(master, "your move", seconds=30)
        os.write(master, b"\x04")
        # Keep reading the terminal while the game ends: a child that fills an unread pty
        # blocks on its writes and never exits.
        deadline = time.monotonic() + 30
        while proc.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.1)
            if ready:
                try:
                    os.read(master, 65536)
                except OSError:
                    break  # the child closed its side
        assert proc.wait(timeout=10) == 0
