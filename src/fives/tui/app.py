"""The full-screen game on Textual: :class:`FivesApp` shows the :class:`~fives.tui.screens.
TableScreen` and pushes the others over it (a hand's end, help, the whole table...); its look is
``fives.tcss``.

The game (:class:`fives.tui.session.PlaySession`) is a generator of steps that the app drives
(:meth:`FivesApp.advance`): at an ``Ask`` it shows the prompt and waits, without blocking, for an
answer, typed or clicked (a move, a tile, a tile of the table), which comes back through
:meth:`FivesApp.answer` to the session's single input path, ``PlaySession.answer``; at a
``Think`` a bot chooses, at a ``Work`` a hint is found, in a worker thread that posts the
result (:class:`Worked`); at a ``Pause`` a timer goes on. The session shows things through
:class:`AppUI`, which posts one message per thing to show (``SessionShow``, ``SessionLog``...).
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import work
from textual.app import App
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widgets import Input

from fives.i18n import text
from fives.tui.screen import reveal_tables
from fives.tui.screens import (
    HandEndScreen,
    HelpScreen,
    PanelScreen,
    TableScreen,
    WholeTable,
    localise,
)
from fives.tui.ui import Ask, Pause, Steps, Think, Work
from fives.tui.widgets import BoardView, HandView, History, MovesView

if TYPE_CHECKING:
    from fives.tui.narrator import Narrator
    from fives.tui.session import PlaySession
    from fives.tui.ui import Moment

INTERRUPT = "\x03"
END_OF_INPUT = "\x04"
MESSAGES = 4  # lines said (errors, files saved) kept under the table until the next answer


class SessionShow(Message):
    """The table as the seat on screen sees it, with its moves."""

    def __init__(self, moment: Moment) -> None:
        super().__init__()
        self.moment = moment


class SessionAsk(Message):
    """The session waits for an answer to ``prompt`` (its ``number``-th question)."""

    def __init__(self, prompt: str, number: int) -> None:
        super().__init__()
        self.prompt = prompt
        self.number = number


class SessionLog(Message):
    def __init__(self, lines: list[Text]) -> None:
        super().__init__()
        self.lines = lines


class SessionSay(Message):
    def __init__(self, line: Text) -> None:
        super().__init__()
        self.line = line


class SessionPanel(Message):
    """Something to read over the table: help, the rules, a hint, the tally; or a hand's end
    (``hand_end``: Enter goes on, ``game_over``: the game's)."""

    def __init__(self, body: RenderableType, note: str = "", hand_end: bool = False,
                 game_over: bool = False, question: int = 0) -> None:
        super().__init__()
        self.question = question  # the question asked with it (a hand's end)
        self.body = body
        self.note = note
        self.hand_end = hand_end
        self.game_over = game_over


class Worked(Message):
    """What a worker thread computed for the game: a bot's move, a hint."""

    def __init__(self, result: Any) -> None:
        super().__init__()
        self.result = result


class SessionThinking(Message):
    def __init__(self, who: str | None) -> None:
        super().__init__()
        self.who = who


class FivesApp(App[int]):
    CSS_PATH = "fives.tcss"
    SCREENS: ClassVar[dict[str, Callable[[], Any]]] = {"table": TableScreen, "help": HelpScreen}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "help"),
        Binding("f2", "whole_table", "table"),
        Binding("f3", "sheet", "scores"),
        Binding("ctrl+c", "interrupt", "leave", priority=True),
        Binding("ctrl+d", "end_input", show=False, priority=True),
        Binding("ctrl+z", "suspend_process", show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, lang: str, start: Callable[[AppUI], PlaySession]) -> None:
        # NO_COLOR: with the terminal's own colours Textual takes every colour out (with its
        # own colours it shows them in greys).
        super().__init__(ansi_color="NO_COLOR" in os.environ)
        self.lang = lang
        self.start = start
        self.ui = AppUI(self)
        self.status = 0
        self.fault: BaseException | None = None
        self.moment: Moment | None = None
        self.asked_shown = 0  # the questions whose prompt is on screen
        self.messages: list[Text] = []
        self.hand_panel: HandEndScreen | None = None  # a hand's end on screen
        self.hand_panel_waits = False  # ... that the session waits on (Enter goes on)
        self.hand_panel_question = 0
        localise(self, lang)

    @property
    def table(self) -> TableScreen:
        screen = self.get_screen("table")
        assert isinstance(screen, TableScreen)
        return screen

    def on_mount(self) -> None:
        self.push_screen("table")
        self.app_resume_signal.subscribe(self, self._repaint_after_resume)
        self.call_after_refresh(self.begin)

    def _repaint_after_resume(self, _app: object) -> None:
        # After `fg` the terminal shows whatever the shell left there: the whole screen is
        # drawn again (by itself, the redraw on resume left the prompt's row blank).
        self.screen.refresh(repaint=True, layout=True)

    # ------------------------------------------------------------------ driving the game
    def begin(self) -> None:
        try:
            self.session = self.start(self.ui)
        except Exception as exc:  # a fault: reported once the screen is back to normal
            self.finish(1, exc)
            return
        self.steps: Steps[int] = self.session.steps()
        self.advance(None)

    def advance(self, reply: Any, error: BaseException | None = None) -> None:
        """The game goes on to its next request, sent ``reply`` (or raised ``error``)."""
        try:
            request = self.steps.throw(error) if error is not None else self.steps.send(reply)
        except StopIteration as stop:
            self.finish(stop.value)
            return
        except BaseException as exc:  # a fault, reported after the screen
            self.finish(1, exc)
            return
        if isinstance(request, Ask):  # shown after what the game posted before it
            self.ui.prompt = request.prompt
            self.ui.asked += 1
            self.post_message(SessionAsk(request.prompt, self.ui.asked))
        elif isinstance(request, Think):
            seat = request.seat
            self.compute(lambda: self.session.bot_move(seat))
        elif isinstance(request, Work):
            self.compute(request.job)
        elif isinstance(request, Pause):
            self.set_timer(request.seconds, lambda: self.advance(None)) if request.seconds \
                else self.call_next(self.advance, None)

    def finish(self, status: int, fault: BaseException | None = None) -> None:
        self.status = status
        self.fault = fault
        self.exit(status)

    @work(thread=True, exit_on_error=False)
    def compute(self, job: Callable[[], Any]) -> None:
        """A bot thinks here, or a hint is found, off the screen's thread; the result is
        posted back to the game."""
        try:
            result = job()
        except Exception as exc:  # raised in the game, where it is handled
            self.call_from_thread(self.advance, None, exc)
            return
        self.post_message(Worked(result))

    def on_worked(self, message: Worked) -> None:
        self.advance(message.result)

    def feed(self) -> None:
        """The next answer waiting, to the question asked (Ctrl-C and Ctrl-D are raised in the
        game, where it saves itself)."""
        if not self.ui.waiting.is_set() or not self.ui.answers:
            return
        line = self.ui.answers.popleft()
        self.ui.waiting.clear()
        if line == INTERRUPT:
            self.advance(None, KeyboardInterrupt())
        elif line == END_OF_INPUT:
            self.advance(None, EOFError())
        else:
            self.advance(line)

    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    # ------------------------------------------------------------------ from the session
    def on_session_show(self, message: SessionShow) -> None:
        self.moment = message.moment
        self.table.chosen = None
        self.table.moment = message.moment
        if self.hand_panel is not None and not self.hand_panel_waits:
            self.close_panels()  # bots only: the hand's end goes when the next hand comes

    def on_session_ask(self, message: SessionAsk) -> None:
        if self.hand_panel is not None and message.number > self.hand_panel_question:
            self.close_panels()  # its question was answered (typed at the prompt): gone
        self.table.set_prompt(message.prompt)
        self.asked_shown = message.number
        self.ui.waiting.set()
        self.feed()  # an answer typed ahead

    def on_session_log(self, message: SessionLog) -> None:
        self.table.set_log(message.lines)

    def on_session_say(self, message: SessionSay) -> None:
        self.messages = [*self.messages, message.line][-MESSAGES:]
        self.table.set_messages(self.messages)

    def on_session_thinking(self, message: SessionThinking) -> None:
        line = Text(self.t("tui.app.thinking", who=message.who), style="italic dim") \
            if message.who else Text("")
        self.table.set_status(line)

    def on_session_panel(self, message: SessionPanel) -> None:
        if message.hand_end:
            self.close_panels()
            self.hand_panel = HandEndScreen(
                message.body, message.game_over,
                self.session.game if message.game_over else None)
            self.hand_panel_waits = bool(message.note)
            self.hand_panel_question = message.question
            self.push_screen(self.hand_panel, self.panel_closed)
        else:
            self.push_screen(PanelScreen(message.body), self.panel_closed)

    def close_panels(self) -> None:
        self.hand_panel, self.hand_panel_waits = None, False
        while isinstance(self.screen, PanelScreen):
            self.pop_screen()

    def panel_closed(self, key: str | None) -> None:
        """A panel closed: Enter after a hand's end goes on; a key typed goes to the prompt."""
        if self.hand_panel is not None:
            waits = self.hand_panel_waits
            self.hand_panel, self.hand_panel_waits = None, False
            if waits:
                self.answer("")
            return
        if key:
            field = self.table.query_one("#input", History)
            field.insert_text_at_cursor(key)

    # ------------------------------------------------------------------ to the session
    def answer(self, line: str) -> None:
        """Every answer, typed or clicked, goes to the session from here."""
        self.messages = []
        self.table.set_messages([])
        self.table.chosen = None
        self.ui.answers.put(line)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        field = self.table.query_one("#input", History)
        field.remember(event.value.strip())
        field.value = ""
        self.answer(event.value)

    def on_moves_view_chosen(self, message: MovesView.Chosen) -> None:
        if self.ui.waiting.is_set():
            self.answer(str(message.number))

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        moment = self.moment
        if moment is None or not moment.moves or not self.ui.waiting.is_set():
            return
        fits = [i for i, m in enumerate(moment.moves) if m.tile == message.tile]
        if len(fits) == 1 or (fits and moment.moves[fits[0]].kind == "lead"):
            self.answer(str(fits[0] + 1))
            return
        self.table.chosen = message.tile if fits else None
        if not fits:
            tile = message.tile
            self.post_message(SessionSay(Text(self.t(
                "tui.cannot_go", tile=f"[{tile.high}|{tile.low}]", count=len(moment.moves)),
                style="bold red")))

    def on_board_view_clicked(self, message: BoardView.Clicked) -> None:
        moment, chosen = self.moment, self.table.chosen
        if moment is None or chosen is None or not self.ui.waiting.is_set():
            return
        board = self.table.query_one("#board", BoardView).board
        fits = [i for i, m in enumerate(moment.moves)
                if m.tile == chosen and m.node == message.node]
        if len(fits) > 1 and board is not None:  # the side of the tile that was clicked
            fits = [i for i in fits if board.direction.get(
                (message.node, moment.moves[i].port)) == message.side] or fits
        if fits:
            self.answer(str(fits[0] + 1))

    # ------------------------------------------------------------------ keys
    def action_help(self) -> None:
        if not isinstance(self.screen, PanelScreen):
            self.push_screen("help")

    def action_whole_table(self) -> None:
        """The whole table, every row, scrolled with the keys (Esc or F2: back)."""
        if self.moment is not None and not isinstance(self.screen, PanelScreen):
            self.push_screen(WholeTable(self.moment))

    def action_sheet(self) -> None:
        """The scores and the score sheet: the ``tally`` command, at a move prompt."""
        moment = self.moment
        if (moment is not None and moment.moves and self.ui.waiting.is_set()
                and not isinstance(self.screen, PanelScreen)):
            self.ui.answers.put("tally")

    def action_interrupt(self) -> None:
        self.ui.stop.set()
        self.ui.answers.put(INTERRUPT)

    def action_end_input(self) -> None:
        """Ctrl-D leaves on an empty line; with text typed it deletes forward, as in a shell."""
        field = self.table.query_one("#input", History)
        if field.value and self.screen is self.table:
            field.action_delete_right()
            return
        self.ui.answers.put(END_OF_INPUT)


class Answers:
    """The answers given and not yet taken (typed ahead, while a bot thinks); ``put`` hands
    one to the app, which feeds it to the game's next question."""

    def __init__(self, app: FivesApp) -> None:
        self.app = app
        self.lines: deque[str] = deque()

    def put(self, line: str) -> None:
        self.lines.append(line)
        self.app.call_next(self.app.feed)

    def popleft(self) -> str:
        return self.lines.popleft()

    def __bool__(self) -> bool:
        return bool(self.lines)


class AppUI:
    """The session's side of the app: it posts a message per thing to show."""

    def __init__(self, app: FivesApp) -> None:
        self.app = app
        self.answers = Answers(app)
        self.stop = threading.Event()
        self.waiting = threading.Event()  # set while the game waits for an answer
        self.asked = 0  # questions asked so far
        self.results_parts: list[RenderableType] = []
        self.goodbye: list[str] = []
        self.prompt = ""

    def post(self, message: Message) -> None:
        self.app.post_message(message)

    def check(self) -> None:
        """Ctrl-C while a bot was thinking: leave at this safe point (after the action)."""
        if self.stop.is_set():
            raise KeyboardInterrupt

    def show(self, moment: Moment) -> None:
        self.check()
        self.post(SessionShow(moment))

    def actions(self, narrator: Narrator) -> None:
        self.post(SessionLog(list(narrator.log)))

    def say(self, line: Text) -> None:
        self.post(SessionSay(line))

    def overlay(self, lines: list[Text]) -> None:
        self.post(SessionPanel(Text("\n").join(lines)))

    def thinking(self, who: str | None) -> None:
        self.post(SessionThinking(who))
        if who is None:
            self.check()

    def handover(self, moment: Moment, prompt: str) -> None:
        self.show(moment)

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> bool:
        self.show(moment)
        parts: list[RenderableType] = []
        if headline is not None:
            parts.append(headline)  # the winner first: always in view
        reveal = moment.public["reveal"] if moment.public is not None else None
        if reveal is not None:
            parts.append(reveal_tables(reveal, moment.view.rules.settlement, moment.names,
                                       moment.lang))
        if headline is not None:
            from fives.tui.screen import summary_table

            parts.append(summary_table(moment.history, moment.names, moment.lang,
                                       moment.view.rules.sides))
        self.post(SessionPanel(Group(*parts), prompt or "", hand_end=True,
                               game_over=headline is not None, question=self.asked + 1))
        return prompt is not None

    def results(self, parts: list[RenderableType]) -> None:
        self.results_parts = parts

    def bye(self, line: str) -> None:
        self.goodbye.append(line)
