"""A play session driven in-process, one line at a time, for the tests of what the prompt
understands (``fives.tui.commands``): a UI that records what the session says, shows and asks,
and answers its questions from a list."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from fives.bots import make_player
from fives.claims import CallWindow, with_exact_claim
from fives.game import Game
from fives.rules import Ruleset
from fives.tui import commands
from fives.tui.commands import own_moves
from fives.tui.session import PlaySession, hand_summaries

if TYPE_CHECKING:
    from rich.console import RenderableType

    from fives.moves import Move
    from fives.tui.narrator import Narrator
    from fives.tui.ui import Moment


class Recorder:
    """The session's UI: every line said, every overlay, every table shown, every question."""

    def __init__(self, answers: Sequence[str] = ()) -> None:
        self.answers = list(answers)
        self.asked: list[str] = []
        self.said: list[Text] = []
        self.overlays: list[list[Text]] = []
        self.shown: list[Moment] = []
        self.narrated: list[Narrator] = []
        self.byes: list[str] = []

    def ask(self, prompt: str) -> str:
        self.asked.append(prompt)
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def show(self, moment: Moment) -> None:
        self.shown.append(moment)

    def actions(self, narrator: Narrator) -> None:
        self.narrated.append(narrator)

    def say(self, line: Text) -> None:
        self.said.append(line)

    def overlay(self, lines: list[Text]) -> None:
        self.overlays.append(lines)

    def thinking(self, who: str | None) -> None:
        pass

    def handover(self, moment: Moment, prompt: str) -> None:
        pass

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> bool:
        return False

    def results(self, parts: list[RenderableType]) -> None:
        pass

    def bye(self, line: str) -> None:
        self.byes.append(line)

    @property
    def lines(self) -> list[str]:
        """What was said, as plain text."""
        return [line.plain for line in self.said]

    @property
    def errors(self) -> list[str]:
        """The lines said as errors (bold red)."""
        return [line.plain for line in self.said if str(line.style) == "bold red"]


def start(preset: str = "five-up", *, seats: Sequence[str] = ("human", "greedy"),
          lang: str = "en", seed: int = 1, answers: Sequence[str] = (),
          options: Mapping[str, object] | None = None) -> tuple[PlaySession, Recorder]:
    """A new game's session (nothing played yet) and its recording UI."""
    rules = Ruleset.preset(preset, players=len(seats), **(options or {}))
    game = Game(rules, seed=seed)
    bots = {i: make_player(kind, seed=i) for i, kind in enumerate(seats) if kind != "human"}
    ui = Recorder(answers)
    return PlaySession(game, seats, bots, ui=ui, lang=lang, seed=seed), ui


def play_until(s: PlaySession, wanted: Callable[[PlaySession], bool], seed: int = 0,
               limit: int = 500) -> None:
    """Random legal moves (exact claims) until ``wanted(s)`` holds at a turn in play."""
    rng = random.Random(seed)
    for _ in range(limit):
        game = s.game
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        if game.phase_name == "play" and wanted(s):
            s.safe_record = s.record()  # as after the session's own last action
            s.history = hand_summaries(s.game)
            return
        if game.is_over:
            break
        moves = [m for m in game.legal_moves if m.kind != "muggins"]
        game.play(with_exact_claim(game, moves[rng.randrange(len(moves))]))
    raise AssertionError("no such position")


def typed(s: PlaySession, line: str, seat: int = 0) -> bool:
    """``line`` typed at ``seat``'s prompt (True: the turn is over)."""
    view = s.game.view(seat)
    return s.drive(commands.command(s, line, seat, view, own_moves(view)))


def listed(s: PlaySession, seat: int = 0) -> list[Move]:
    """The numbered moves of ``seat``'s prompt."""
    return own_moves(s.game.view(seat))


def window(s: PlaySession) -> CallWindow | None:
    """The muggins call window open now (§9 O1), if any."""
    return s.game.call_window


def short_claim(lang: str = "en") -> tuple[PlaySession, Recorder]:
    """Muggins claims: North has just claimed 0 for a tile that scores (a muggins to call)."""
    s, ui = start("muggins-1868", lang=lang)

    def scoring(s: PlaySession) -> bool:
        game = s.game
        return game.turn == 1 and window(s) is None and any(
            with_exact_claim(game, m).claim > 0 for m in game.legal_moves
            if m.kind in ("lead", "place"))

    play_until(s, scoring)
    move = next(with_exact_claim(s.game, m) for m in s.game.legal_moves
                if m.kind in ("lead", "place") and with_exact_claim(s.game, m).claim > 0)
    s.game.play(move.with_claim(0))
    return s, ui
