"""A ``fives.tui.ui.UI`` for driving a :class:`fives.tui.session.PlaySession` in-process: it keeps
every call the session makes (in order) and answers each question from a script, so that a test
can read exactly what a player would have been shown and asked, in which order, in which words."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text

from fives.game import Game

if TYPE_CHECKING:
    from rich.console import RenderableType

    from fives.tui.narrator import Narrator
    from fives.tui.ui import Moment

# answer(ui, prompt): the line typed; None is Ctrl-D (EOFError); it may raise (Ctrl-C...).
Answer = Callable[["ScriptedUI", str], "str | None"]


@dataclass
class Call:
    """One call of the session on its UI: ``kind`` is the method's name."""

    kind: str
    text: str = ""  # the prompt, the line said or the last word
    style: str = ""  # the style of a line said
    moment: Moment | None = None
    headline: Text | None = None
    prompt: str | None = None
    parts: list[RenderableType] | None = None
    log: list[str] | None = None  # the narrator's lines when ``actions`` was called


def lines(answers: list[str | None], then: Answer | None = None) -> Answer:
    """Answers from a list (None: Ctrl-D), then ``then`` (or Ctrl-D when there is none)."""
    queue = list(answers)

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if queue:
            return queue.pop(0)
        return then(ui, prompt) if then is not None else None

    return answer


def first_moves(ui: ScriptedUI, prompt: str) -> str | None:
    """Move 1 at every move prompt, Enter at every other question."""
    return "1" if "your move" in prompt else ""


def random_moves(seed: int) -> Answer:
    """A random move of the list at every move prompt, Enter at every other question."""
    rng = random.Random(seed)

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if "your move" not in prompt:
            return ""
        moment = ui.last("show").moment
        assert moment is not None and moment.moves, prompt
        return str(rng.randrange(len(moment.moves)) + 1)

    return answer


class ScriptedUI:
    """Keeps every call; ``ask`` answers with ``answer`` (as the line mode: the session asks
    ``hand_end``'s prompt when it has no headline)."""

    def __init__(self, answer: Answer | None = None, limit: int = 3000) -> None:
        self.answer = answer or first_moves
        self.limit = limit
        self.calls: list[Call] = []

    # ------------------------------------------------------------------ the UI
    def ask(self, prompt: str) -> str:
        self.calls.append(Call("ask", text=prompt))
        if len(self.of("ask")) > self.limit:
            raise AssertionError("the game does not end")
        line = self.answer(self, prompt)
        if line is None:
            raise EOFError
        return line

    def show(self, moment: Moment) -> None:
        self.calls.append(Call("show", moment=moment))

    def actions(self, narrator: Narrator) -> None:
        self.calls.append(Call("actions", log=[line.plain for line in narrator.log]))

    def say(self, line: Text) -> None:
        self.calls.append(Call("say", text=line.plain, style=str(line.style)))

    def overlay(self, lines: list[Text]) -> None:
        self.calls.append(Call("overlay", text="\n".join(line.plain for line in lines)))

    def thinking(self, who: str | None) -> None:
        self.calls.append(Call("thinking", text="" if who is None else who))

    def handover(self, moment: Moment, prompt: str) -> None:
        self.calls.append(Call("handover", moment=moment, prompt=prompt))

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> bool:
        self.calls.append(Call("hand_end", moment=moment, headline=headline, prompt=prompt))
        return prompt is not None and headline is None

    def results(self, parts: list[RenderableType]) -> None:
        self.calls.append(Call("results", parts=parts))

    def bye(self, line: str) -> None:
        self.calls.append(Call("bye", text=line))

    # ------------------------------------------------------------------ reading it back
    def of(self, kind: str) -> list[Call]:
        return [c for c in self.calls if c.kind == kind]

    def last(self, kind: str) -> Call:
        found = self.of(kind)
        assert found, f"no {kind} call"
        return found[-1]

    def texts(self, kind: str) -> list[str]:
        return [c.text for c in self.of(kind)]

    def kinds(self) -> list[str]:
        return [c.kind for c in self.calls]

    def log(self) -> list[str]:
        """The narrator's lines at its last ``actions``."""
        log = self.last("actions").log
        assert log is not None
        return log


def random_game_moves(game: Game, seed: int) -> Iterator[None]:
    """Plays random legal moves (a claim of 0 under muggins claims, no calls), one per step;
    the next hand is dealt when one ends."""
    rng = random.Random(seed)
    while not game.is_over:
        if game.phase_name == "hand_over":
            game.next_hand()
        else:
            moves = [m for m in game.view(game.turn).legal_moves if m.kind != "muggins"]
            move = rng.choice(moves)
            if game.rules.muggins_claims and move.kind in ("lead", "place"):
                move = move.with_claim(0)
            game.play(move)
        yield


def advance(game: Game, seed: int, until: Callable[[Game], bool]) -> Game:
    """``game`` played at random until ``until(game)`` holds (AssertionError if it never does)."""
    steps = random_game_moves(game, seed)
    while not until(game):
        if next(steps, "over") == "over":
            raise AssertionError("the game ended first")
    return game


def plain(renderable: Any) -> str:
    """A rich renderable's text, as the line mode would print it (100 columns, no colour)."""
    import io

    from rich.console import Console

    console = Console(width=100, no_color=True, file=io.StringIO())
    console.print(renderable)
    out = console.file
    assert isinstance(out, io.StringIO)
    return out.getvalue()
