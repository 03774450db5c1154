"""``--plain``: the game as lines printed when things happen, for pipes, logs and screen
readers (and wherever the full-screen app cannot run: ``TERM=dumb``, no Textual).

Each action is printed once, when it is final; the table is printed before each of your moves;
between hot-seat players the screen is cleared (a screenful of blank lines where the terminal
cannot clear) so that the next player never sees the last one's hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from rich.console import Console, Group, RenderableType
from rich.text import Text

from fives.i18n import text
from fives.tui.frame import wrap
from fives.tui.pictures import (
    board_picture,
    move_labels,
    score_picture,
    tally_picture,
    waiting_line,
)
from fives.tui.screen import count_line, describe_ends, hand_line, header, reveal_tables

if TYPE_CHECKING:
    from fives.tui.narrator import Narrator
    from fives.tui.ui import Moment

# Lines of text are left to the terminal to wrap; a paragraph (the help) is cut at words into
# lines of at most this many columns.
LINE_MAX = 200


def cut_long(line: Text) -> list[Text]:
    """A paragraph of one style wider than :data:`LINE_MAX` cut at words (never inside one)
    into lines that are not; any other line as it is."""
    if line.cell_len <= LINE_MAX or line.spans:
        return [line]
    return wrap(line.plain, LINE_MAX, str(line.style))


def screen(moment: Moment, width: int = 78) -> Group:
    """The table, the hand and the numbered moves, as printed lines: the scores, the table
    and the moves drawn as the app draws them (``fives.tui.pictures``), for ``width``."""
    view, lang, names = moment.view, moment.lang, moment.names
    parts: list[RenderableType] = [header(view, names, lang)]
    parts += score_picture(moment, width)
    if moment.tally and view.rules.paper_tally:
        parts += tally_picture(names.sides, view.scores, per_row=max(1, (width - 1) // 6))
    picture = board_picture(moment, width)
    parts += picture.lines
    assert moment.public is not None
    data = view.layout.to_json()
    ends = describe_ends(data, lang)
    if len(ends):
        parts.append(ends)
        if moment.public["layout"]["count_shown"]:  # the projection's: not under claims (§9 O1)
            parts.append(count_line(moment.public["layout"], lang))
    if moment.viewer is not None and view.phase == "play":
        parts.append(hand_line(view.hand, lang, drawn=moment.drawn))
        if moment.moves:
            parts.append(Text(text("tui.your_moves", lang), style="bold"))
            parts += [Text("  ") + label for label in move_labels(moment, picture.board)]
        elif view.turn != moment.viewer:
            parts.append(waiting_line(moment))
    return Group(*parts)


class PlainUI:
    def __init__(self, console: Console, ask: Callable[[str], str]) -> None:
        self.console = console
        self._ask = ask
        self.printed = 0  # the narrator's lines printed so far
        self.narrator: Narrator | None = None

    def print(self, renderable: RenderableType) -> None:
        # Lines of text are left to the terminal to wrap, so paths and commands stay whole.
        self.console.print(renderable, soft_wrap=isinstance(renderable, Text))

    def flush(self) -> None:
        """Print the narrator's lines that will not change any more (a run of draws waits)."""
        nar = self.narrator
        if nar is None:
            return
        if self.printed > len(nar.log):  # a new hand, or undo: the log started again
            self.printed = 0
        for line in nar.log[self.printed:nar.final]:
            self.print(line)
        self.printed = max(self.printed, nar.final)

    def ask(self, prompt: str) -> str:
        self.flush()
        return self._ask(prompt)

    def show(self, moment: Moment) -> None:
        if moment.moves:  # only before a move: the actions between are printed as they come
            if self.narrator is not None:
                self.narrator.close_run()
            self.flush()
            self.print(screen(moment, max(40, self.console.width - 2)))

    def actions(self, narrator: Narrator) -> None:
        if narrator is not self.narrator or len(narrator.log) < self.printed:
            self.printed = 0
        self.narrator = narrator
        self.flush()

    def say(self, line: Text) -> None:
        self.flush()
        self.print(line)

    def overlay(self, lines: list[Text]) -> None:
        self.flush()
        for line in lines:
            for part in cut_long(line):
                self.print(part)

    def thinking(self, who: str | None) -> None:
        pass  # each action is printed when made; a line per bot turn would only be noise

    def handover(self, moment: Moment, prompt: str) -> None:
        self.flush()
        self.clear()
        self.print(screen(moment, max(40, self.console.width - 2)))

    def clear(self) -> None:
        if self.console.is_terminal and not self.console.is_dumb_terminal:
            self.console.clear()
            self.console.file.write("\x1b[3J")  # and the scrollback, where terminals keep it
        else:
            self.console.file.write("\n" * self.console.size.height)

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> bool:
        if self.narrator is not None:
            self.narrator.close_run()
        self.flush()
        reveal = moment.public["reveal"] if moment.public is not None else None
        if reveal is not None:
            self.print(reveal_tables(reveal, moment.view.rules.settlement, moment.names,
                                     moment.lang))
        return prompt is not None and headline is None  # the results follow at once

    def results(self, parts: list[RenderableType]) -> None:
        self.flush()
        for part in parts:
            self.print(part)

    def bye(self, line: str) -> None:
        """Said on standard output when it still works, and on standard error when it is not
        a terminal (a pipe that may be gone: ``| tee log`` dies with the same Ctrl-C)."""
        try:
            if self.console.is_terminal:
                self.print(Text(line, style="bold"))
                return
        except OSError:
            pass
        print(line, file=sys.stderr)
