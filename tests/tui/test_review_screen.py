"""The terminal's review screen: stepping through the record, the better move drawn on the
table, the decisions table and summary, in English and French."""

from __future__ import annotations

import asyncio
import copy
import json
from pathlib import Path
from typing import Any

from rich.text import Text

from bots.helpers import play_game
from fives.bots import Player, make_player
from fives.bots.review import review
from fives.game import Game
from fives.record import load_record
from fives.rules import Ruleset
from fives.tui.review import ReviewApp, ReviewScreen, positions

# The known position of tests/bots/test_review.py: seat 0 puts 4-1 where it scores nothing
# when it could score 5 with it.
KNOWN: dict[str, Any] = json.loads(
    (Path(__file__).parent.parent / "bots" / "review_known.json").read_text(encoding="utf-8"))


def _record() -> dict[str, Any]:
    data = copy.deepcopy(KNOWN)
    data["hands"][0]["actions"].append("4-1@5.out")
    return data


def test_positions_carry_the_decisions_and_the_better_move() -> None:
    record = load_record(_record())
    result = review(record, seats=[0], budget=60)
    steps = positions(record, result)
    assert len(steps) == 8  # before each of the 7 actions, and the end
    assert steps[-1].text is None
    last = steps[6]
    assert last.decision is not None and last.decision.played == "4-1@5"
    assert last.better is not None and last.better_node == 7
    laid = last.better["nodes"][-1]
    assert laid["tile"] == "4-1" and laid["parent"] == 6  # 4-1 on tile 6, not on tile 5
    assert len(last.layout["nodes"]) == 6  # the table before the move, as it was


def test_the_screen_steps_and_shows_the_better_move() -> None:
    record = load_record(_record())
    result = review(record, seats=[0], budget=60)

    async def drive() -> None:
        app = ReviewApp(record, result, "en")
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            first = screen.at
            assert screen.position.decision is not None  # it opens on the first decision
            await pilot.press("right")
            assert screen.at == first + 1
            await pilot.press("left")
            assert screen.at == first
            for _ in range(10):
                await pilot.press("n")
            assert screen.position.decision is not None
            assert screen.position.decision.played == "4-1@5"
            head = str(screen.query_one("#review-head").render())
            assert "mistake" in head or "blunder" in head
            assert "Better: 4-1@6" in head
            before = screen.board_text()
            await pilot.press("b")
            assert screen.showing_better
            assert screen.board_text() != before
            assert "4-1@6, highlighted" in str(screen.query_one("#review-head").render())
            await pilot.press("right")
            assert not screen.showing_better
            await pilot.press("q")

    asyncio.run(drive())


def test_the_screen_in_french() -> None:
    record = load_record(_record())
    result = review(record, seats=[0], budget=30)

    async def drive() -> None:
        app = ReviewApp(record, result, "fr")
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            assert "Manche 1" in str(screen.query_one("#review-head").render())
            assert "Bilan par place" in str(screen.query_one("#review-summary").render())
            await pilot.press("escape")

    asyncio.run(drive())


def test_a_record_with_no_decision_opens_at_the_start() -> None:
    data = copy.deepcopy(KNOWN)
    data["hands"][0]["actions"] = ["6-6"]
    record = load_record(data)
    result = review(record, seats=[0], budget=5)
    assert not result.decisions
    steps = positions(record, result)
    assert [s.decision for s in steps] == [None, None]


def finished_game() -> Game:
    """A five-up game to 11, greedy against random, played to its end."""
    players: list[Player] = [make_player("greedy", seed=1), make_player("random", seed=2)]
    return play_game(Ruleset.preset("five-up", target=11), players, 3, None)


def test_a_screen_for_a_finished_game() -> None:
    from fives.tui.review import screen_for_game

    game = finished_game()
    screen = screen_for_game(game, "fr", seats=[1], budget=4)
    assert screen.lang == "fr"
    assert screen.review.decisions and all(d.seat == 1 for d in screen.review.decisions)
    assert len(screen.steps) == sum(len(h["actions"]) for h in game.to_record()["hands"]) + 1


def test_r_at_the_game_end_pushes_the_games_review(monkeypatch: Any) -> None:
    """The game end's panel offers ``r`` (not a hand's end): the review, computed in a worker
    thread, is pushed over it."""
    from textual.app import App

    from fives.tui import screens
    from fives.tui.review import screen_for_game
    from fives.tui.screens import HandEndScreen

    game = finished_game()
    asked: list[str] = []

    def cheap(g: Game, lang: str) -> ReviewScreen:
        asked.append(lang)
        return screen_for_game(g, lang, budget=4)

    monkeypatch.setattr(screens, "screen_for_game", cheap)

    async def run() -> None:
        app: App[None] = App()
        async with app.run_test(size=(80, 24)) as pilot:
            hand_end = HandEndScreen(Text("a hand's end"), game_over=False, game=game)
            game_end = HandEndScreen(Text("the game's end"), game_over=True, game=game)
            await app.push_screen(hand_end)
            await pilot.press("r")
            await pilot.pause()
            assert app.screen is hand_end and not asked  # no review at a hand's end
            hand_end.dismiss("")
            await pilot.pause()
            await app.push_screen(game_end)
            await pilot.press("r")
            for _ in range(200):
                await pilot.pause(0.05)
                if isinstance(app.screen, ReviewScreen):
                    break
            assert isinstance(app.screen, ReviewScreen)
            assert app.screen.review.decisions and asked == ["en"]

    asyncio.run(run())
