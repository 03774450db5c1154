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
from rich.padding import Padding
from rich.text import Text

from fives.i18n import text
from fives.tui.screen import (
    hand_line,
    header,
    layout_block,
    moves_table,
    others_line,
    reveal_tables,
    scores_table,
)

if TYPE_CHECKING:
    from fives.tui.narrator import Narrator
    from fives.tui.ui import Moment


def screen(moment: Moment, width: int = 78) -> Group:
    """The table, the hand and the numbered moves, as printed lines."""
    view, lang, names = moment.view, moment.lang, moment.names
    parts: list[RenderableType] = [header(view, names, lang)]
    rules = view.rules
    turn_side = rules.side_of(view.turn) if view.phase == "play" else None
    parts.append(scores_table(rules, view.scores, names, lang, tally=moment.tally,
                              turn_side=turn_side, deck=moment.deck))
    assert moment.public is not None
    parts.append(layout_block(view, moment.public["layout"], lang, last=moment.last_node,
                              width=width))
    parts.append(others_line(view, names, lang))
    if moment.viewer is not None and view.phase == "play":
        parts.append(hand_line(view.hand, lang, drawn=moment.drawn))
        if moment.moves:
            parts.append(Text(text("tui.your_moves", lang), style="bold"))
            parts.append(Padding(moves_table(view, moment.moves, lang, moment.outcomes),
                                 (0, 0, 0, 2), expand=False))
        elif view.turn != moment.viewer:
            parts.append(Text(text("tui.waiting_for", lang, who=names.seat(view.turn)),
                              style="dim"))
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
            self.print(line)

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
