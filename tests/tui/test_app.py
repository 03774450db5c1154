"""The full-screen game (Textual), driven by its pilot at 80x24, 60x20 and 120x40 for every
preset: at the start, mid-hand on a long table with spinners, at a hand's end and at the game's
end, every tile a listed move goes on is drawn whole on the screen, and no tile is cut; the
hand-end panel is on screen and the game-end panel shows the winner."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from fives.rules import PRESETS
from sampling import sampled
from tui.pilot import (
    Run,
    app_from_record,
    board_problems,
    board_rows,
    drawn_tiles,
    make_app,
    play,
    screen_rows,
    visible_panel,
    wait_prompt,
)
from tui.positions import find_positions

SIZES = [(80, 24), (60, 20), (120, 40)]
GAMES = [("five-up", 2), ("five-up", 3), ("five-up", 4), ("all-fives", 2), ("all-fives", 3),
         ("all-fives", 4), ("multiples-of-five", 2), ("multiples-of-five", 4),
         ("fives-and-threes", 2), ("draw", 3), ("block", 4), ("five-up-solitaire", 1),
         ("cribbage-dominoes-1863", 2), ("muggins-1864", 3), ("muggins-1868", 2)]


def seats(players: int) -> list[str]:
    return ["human"] + ["greedy"] * (players - 1)


def test_every_preset_is_measured() -> None:
    assert {preset for preset, _ in GAMES} == set(PRESETS)


def checked(problems: list[str]) -> Any:
    def check(run: Run, prompt: str) -> None:
        if "your move" in prompt:
            found = board_problems(run.app)
            if found:
                problems.append("\n".join([*found, *screen_rows(run.app)]))

    return check


def answer_once(answer: str) -> Any:
    """The move that reaches the moment, then Enter to the prompts after it, then Ctrl-D."""
    answers = [answer]

    def policy(run: Run, prompt: str) -> str | None:
        if "How many points?" in prompt:  # a claim asked for (muggins-1868): none is short
            return "0"
        if "your move" in prompt and answers:
            return answers.pop()
        if "your move" in prompt or "[y/N]" in prompt:
            return None
        return ""

    return policy


@pytest.mark.parametrize(("preset", "players", "width", "height"), sampled(
    [(*game, *size) for game in GAMES for size in SIZES], len(GAMES) * len(SIZES) // 3,
    unpack=True))
def test_moves_and_their_ends_are_on_screen(preset: str, players: int, width: int,
                                             height: int) -> None:
    problems: list[str] = []
    start = make_app(preset, players, seats(players), 5)
    asyncio.run(play(start, (width, height), lambda run, prompt: None, checked(problems)))
    positions = find_positions(preset, players)
    for moment in ("mid", "hand_end", "game_end"):
        if moment not in positions:
            continue
        pos = positions[moment]
        app = app_from_record(pos.record)
        panels: list[list[str]] = []

        def policy(run: Run, prompt: str, pos: Any = pos, panels: Any = panels) -> str | None:
            if "Press Enter" in prompt:
                panels.append(visible_panel(run.app))
            return answer_once(pos.answer)(run, prompt) if not panels else None

        asyncio.run(play(app, (width, height), policy, checked(problems)))
        if moment == "mid":
            continue
        assert panels, f"no hand-end panel at {moment}"
        shown = "\n".join(panels[0])
        assert "every hand revealed" in shown, shown
        if moment == "game_end":
            assert "wins" in shown or "win the game" in shown, shown
    assert not problems, problems[0]


def test_the_issues_repro_at_80x24_and_60x20() -> None:
    """Seed 21, 4-player Five Up in partnerships, the answers of the report: the ends of every
    listed move on screen at each prompt."""
    answers = ["1", "1", "3", "3", "", "2", "1", "1", "2", "2", "", "3", "2", "2", "2"]
    for size in ((80, 24), (60, 20)):
        problems: list[str] = []
        queue = list(answers)

        def policy(run: Run, prompt: str, queue: list[str] = queue) -> str | None:
            if not queue:
                return None
            if "your move" in prompt and queue[0] == "":
                queue.pop(0)
            answer = queue.pop(0) if queue else None
            if answer is not None and answer.isdigit() and int(answer) > len(run.moves()):
                answer = "1"
            return answer

        app = make_app("five-up", 4, ["human", "heuristic", "heuristic", "heuristic"], 21,
                       options={"partnerships": True})
        run = asyncio.run(play(app, size, policy, checked(problems)))
        assert sum("your move" in p for p in run.prompts) >= 10
        assert not problems, problems[0]


def test_hot_seat_never_shows_a_hand_on_the_handover_screen() -> None:
    """Two people and a bot: at each handover nobody's hand is on screen; at each move prompt
    the hand shown is the one of the player asked (their name is in the prompt)."""
    seen: list[tuple[str, bool]] = []

    def policy(run: Run, prompt: str) -> str | None:
        screen = "\n".join(screen_rows(run.app))
        seen.append((prompt, "Your hand:" in screen))
        if len(seen) > 40:
            return None  # enough turns seen: Ctrl-D
        if "Pass the keyboard" in prompt:
            assert "Your hand:" not in screen, screen
        if "your move" in prompt:
            assert "Your hand:" in screen, screen
            return "1"
        return "n" if "[y/N]" in prompt else ""

    app = make_app("five-up", 3, ["human", "greedy", "human"], 5, options={"target": 20})
    asyncio.run(play(app, (80, 24), policy))
    handovers = [p for p, _ in seen if "Pass the keyboard" in p]
    assert len(handovers) > 5
    assert {p.split(",")[0].removeprefix("Pass the keyboard to ") for p in handovers} == {
        "South", "North"}


def test_f2_shows_the_whole_table_and_f2_again_follows_the_moves() -> None:
    """A table taller than the room the screen gives it, folded around the ends the moves go
    on: F2 shows every tile of it, none cut; F2 again brings back the view that follows the
    moves."""
    record = find_positions("five-up", 2)["mid"].record

    async def scenario() -> None:
        app = app_from_record(record)
        async with app.run_test(size=(80, 22)) as pilot:
            try:
                await wait_prompt(app, pilot)
                assert app.moment is not None
                layout = {tuple(sorted(map(int, nd["tile"].split("-"))))
                          for nd in app.moment.view.layout.to_json()["nodes"]}
                followed = board_rows(app)
                assert not drawn_tiles(followed)[0] >= layout  # folded: some tiles left out
                await pilot.press("f2")
                await pilot.pause(0.1)
                whole = visible_panel(app)
                assert board_rows(app) == []  # the whole table in the board's place
                tiles, cut = drawn_tiles(whole)
                assert cut == [], "\n".join(whole)
                assert tiles == layout, "\n".join(whole)
                await pilot.press("f2")
                await pilot.pause(0.1)
                assert visible_panel(app) == []
                assert board_rows(app) == followed
                assert not board_problems(app)
            finally:  # the game waits for an answer: Ctrl-D lets the app end
                app.ui.answers.put("\x04")
                await pilot.pause(0.3)

    asyncio.run(scenario())
