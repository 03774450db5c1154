"""Hot seat: a tile a person draws is theirs to see and nobody else's. The session's table
(the drawn tile marked in the hand) goes only to the player who drew it, the handover screen
shows none, and the log, which every player reads, says who drew but never what."""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING

from rich.text import Text

from fives.bots import make_player
from fives.events import DrawEvent
from fives.game import Game
from fives.rules import Ruleset
from fives.tui.narrator import Narrator
from fives.tui.screen import Names
from fives.tui.session import PlaySession

if TYPE_CHECKING:
    from rich.console import RenderableType

    from fives.events import Event
    from fives.moves import Move
    from fives.tui.ui import Moment

TILE = re.compile(r"\[\d\|\d\]")


class Watcher:
    """A UI that plays random moves and checks every table and log line it is given."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.moment: Moment | None = None
        self.narrator: Narrator | None = None
        self.problems: list[str] = []
        self.marked: list[tuple[int, str]] = []  # (viewer, tile) of every drawn tile shown
        self.handovers = 0
        self.asked = 0

    def check_moment(self, moment: Moment, where: str) -> None:
        drawn = moment.drawn
        if drawn is None:
            return
        if moment.viewer is None:
            self.problems.append(f"{where}: {drawn} marked with nobody at the table")
        elif drawn not in moment.view.hand or moment.view.seat != moment.viewer:
            self.problems.append(f"{where}: seat {moment.viewer} shown {drawn}, not its tile")
        else:
            self.marked.append((moment.viewer, f"{drawn.high}-{drawn.low}"))

    def check_log(self) -> None:
        if self.narrator is None:
            return
        for line in self.narrator.log:
            plain = line.plain
            if "draw" in plain and TILE.search(plain):
                self.problems.append(f"the log shows a drawn tile: {plain!r}")

    def ask(self, prompt: str) -> str:
        self.asked += 1
        if self.asked > 3000:
            raise AssertionError("the game does not end")
        if "your move" in prompt:
            assert self.moment is not None and self.moment.moves, prompt
            return str(self.rng.randrange(len(self.moment.moves)) + 1)
        return "n" if "[y/N]" in prompt else ""

    def show(self, moment: Moment) -> None:
        self.check_moment(moment, "show")
        self.moment = moment

    def actions(self, narrator: Narrator) -> None:
        self.narrator = narrator
        self.check_log()

    def say(self, line: Text) -> None:
        pass

    def overlay(self, lines: list[Text]) -> None:
        pass

    def thinking(self, who: str | None) -> None:
        pass

    def handover(self, moment: Moment, prompt: str) -> None:
        self.handovers += 1
        if moment.viewer is not None or moment.view.hand:
            self.problems.append(f"handover shows seat {moment.viewer}'s hand")
        self.check_moment(moment, "handover")
        self.check_log()

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> bool:
        self.check_log()
        return False

    def results(self, parts: list[RenderableType]) -> None:
        pass

    def bye(self, line: str) -> None:
        pass


def test_a_drawn_tile_is_shown_only_to_the_player_who_drew_it() -> None:
    """Two people and a bot at Five Up (a player who cannot play draws), a whole game."""
    rules = Ruleset.preset("five-up", players=3, target=25)
    game = Game(rules, seed=12)
    seats = ["human", "greedy", "human"]
    watcher = Watcher(seed=5)
    session = PlaySession(game, seats, {1: make_player("greedy", seed=1)}, ui=watcher,
                          lang="en", delay=0, think=None, seed=12)
    draws: list[tuple[int, str]] = []
    play = session.game.play

    def recording_play(move: Move | str) -> list[Event]:
        events = play(move)
        draws.extend((e.seat, f"{e.tile.high}-{e.tile.low}") for e in events
                     if isinstance(e, DrawEvent))
        return events

    session.game.play = recording_play  # type: ignore[method-assign]
    assert session.run() == 0
    assert not watcher.problems, watcher.problems[:5]
    assert watcher.handovers > 5
    human_draws = [d for d in draws if d[0] in (0, 2)]
    assert {seat for seat, _ in human_draws} == {0, 2}, draws  # both people drew
    # Each tile marked as just drawn is one its viewer drew; both people saw their own.
    assert watcher.marked and set(watcher.marked) <= set(human_draws)
    assert {seat for seat, _ in watcher.marked} == {0, 2}


def test_the_log_names_a_drawn_tile_only_for_the_one_person_at_the_table() -> None:
    entry = {"kind": "draw", "key": "draw", "params": {"seat": 0}}
    game = Game(Ruleset.preset("five-up", players=2), seed=1)
    for you, shown in ((None, False), (0, True), (1, False)):
        names = Names(seats=["South", "North"], sides=["South", "North"], you=you)
        narrator = Narrator(names, "en")
        narrator.entries(game, [entry, entry], own_draws=["6-4", "3-1"])  # type: ignore[list-item]
        (line,) = [x.plain for x in narrator.log]
        if shown:
            assert line == "You cannot play: you draw [6|4] [3|1]."
        else:
            assert line == "South cannot play and draws 2 tiles.", (you, line)
