"""The full-screen game on Textual: the table that always shows the ends your moves go on, the
moves by number, notation or mouse, an input line with editing and history, resize, Ctrl-Z.

The game loop (:class:`fives.tui.session.PlaySession`) runs in a worker thread and talks to the
screen through :class:`AppUI`; every answer (typed, or a click turned into the move's number)
goes back through one queue to the session's single input path, ``PlaySession.answer``.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Static

from fives.i18n import text
from fives.tui.board import Board, draw_board, fold_cost
from fives.tui.frame import (
    hand_text,
    move_words,
    moves_grid,
    overdraw_cost,
    score_lines,
    wrap_text,
)
from fives.tui.screen import count_line, reveal_tables
from fives.tui.widgets import BoardView, HandView, History, MovesView

if TYPE_CHECKING:
    from fives.tui.narrator import Narrator
    from fives.tui.session import PlaySession
    from fives.tui.ui import Moment

INTERRUPT = "\x03"
END_OF_INPUT = "\x04"
LOG_ROWS = 3


class FivesApp(App[int]):
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; color: $accent; text-style: bold; }
    #scores { height: auto; }
    #board { height: 1fr; min-height: 3; }
    #panel { height: 1fr; display: none; }
    #count, #status { height: auto; }
    #log { height: auto; max-height: 3; }
    #messages { height: auto; max-height: 8; }
    #hand, #moves { height: auto; }
    #prompt_row { height: 1; }
    #prompt { width: auto; height: 1; text-style: bold; color: $accent; }
    #input { width: 1fr; height: 1; border: none; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f2", "whole_table", "whole table", priority=True),
        Binding("escape", "back", show=False),
        Binding("ctrl+c", "interrupt", show=False, priority=True),
        Binding("ctrl+d", "end_input", show=False, priority=True),
        Binding("ctrl+z", "suspend_process", show=False, priority=True),
    ]
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, lang: str, start: Callable[[AppUI], PlaySession]) -> None:
        super().__init__()
        self.lang = lang
        self.start = start
        self.ui = AppUI(self)
        self.status = 0
        self.fault: BaseException | None = None
        self.moment: Moment | None = None
        self.chosen_tile: Any = None
        self.whole = False
        self.log_lines: list[Text] = []
        self.log_room = LOG_ROWS
        self.overlaid = False  # the panel holds help, rules, a hint: gone at the next answer

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="scores")
        yield BoardView(id="board")
        with VerticalScroll(id="panel"):
            yield Static(id="panel_body")
        yield Static(id="count")
        yield Static(id="log")
        yield Static(id="status")
        yield Static(id="messages")
        yield HandView(id="hand")
        yield MovesView(id="moves")
        with Horizontal(id="prompt_row"):
            yield Static(id="prompt")
            yield History(id="input")

    def on_mount(self) -> None:
        for selector in ("#count", "#log", "#status", "#messages", "#hand", "#moves"):
            self.query_one(selector).display = False
        self.query_one("#input", History).focus()
        self.app_resume_signal.subscribe(self, self._repaint_after_resume)
        self.run_worker(self.play, thread=True, exit_on_error=False)

    def _repaint_after_resume(self, _app: object) -> None:
        # After `fg` the terminal shows whatever the shell left there: the whole screen is
        # drawn again (by itself, the redraw on resume left the prompt's row blank).
        self.screen.refresh(repaint=True, layout=True)

    def play(self) -> None:
        try:
            session = self.start(self.ui)
            self.status = session.run()
        except BaseException as exc:  # a fault: reported once the screen is back to normal
            self.fault = exc
            self.status = 1
        self.call_from_thread(self.exit, self.status)

    # ------------------------------------------------------------------ drawing
    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def draw(self, moment: Moment) -> None:
        self.moment = moment
        view, width = moment.view, max(20, self.size.width - 1)
        rules = view.rules
        self.query_one("#title", Static).update(Text(self.t(
            "tui.screen_title", game=text(f"preset.name.{rules.name}", self.lang),
            hand=view.hand_number, target=rules.target), style="bold"))
        turn_side = rules.side_of(view.turn) if view.phase == "play" else None
        tiles = {moment.names.seat(s): n for s, n in enumerate(view.hand_sizes)
                 if s != moment.viewer}
        scores = score_lines(moment.names.sides, view.scores, turn_side, tiles,
                             view.boneyard_size if rules.drawing else None, self.lang, width,
                             moment.deck)
        self.query_one("#scores", Static).update(Text("\n").join(scores))
        data = view.layout.to_json()
        wanted = [m.node for m in moment.moves if m.kind == "place" and m.node]
        self.query_one("#board", BoardView).set_table(dict(data), moment.last_node, wanted,
                                                     self.marked(moment))
        count: list[Text] = []
        if not data.get("nodes"):
            count = [Text(self.t("tui.layout_empty"), style="italic")]
        elif moment.public is not None and moment.public["layout"]["count_shown"]:
            count = wrap_text(count_line(moment.public["layout"], self.lang), width) \
                if moment.public is not None else []
        self.fill("#count", count)
        self.draw_hand(moment, width)
        self.budget(moment, scores, count, dict(data), wanted)

    def budget(self, moment: Moment, scores: list[Text], count: list[Text],
               data: dict[str, Any], wanted: list[int]) -> None:
        """Rows for the table first: the tiles the moves go on must fit whole. The last actions
        give way first, then the line of tiles held, then the title."""
        height, width = self.size.height, self.size.width
        used = 2 + len(scores) + len(count) + len(self.ui.messages) + (
            self.query_one("#status").display) + self.query_one("#hand", HandView).rows + (
            self.query_one("#moves", MovesView).rows)
        need = 3
        if data.get("nodes"):
            board = draw_board(data, width, last=moment.last_node)
            rows: set[int] = set()
            for node in [*wanted, moment.last_node]:
                span = board.spans.get(node or 0)
                if span is not None:
                    rows |= set(range(span[0], span[1] + 1))
            need = max(need, fold_cost(rows, len(board.lines)) + len(board.left_out))
        free = height - used - need
        self.log_room = max(0, min(LOG_ROWS, free))
        title = self.query_one("#title")
        title.display = True
        if free < 0 and len(scores) > 1:  # the tiles held and the boneyard: dropped for now
            self.query_one("#scores", Static).update(scores[0])
            free += len(scores) - 1
        if free < 0:
            title.display = False
        if self.log_lines:
            self.show_log(self.log_lines)

    def marked(self, moment: Moment) -> int | None:
        """The tile the move whose number is being typed goes on (shown highlighted)."""
        typed = self.query_one("#input", History).value.strip()
        if typed.isdigit() and 1 <= int(typed) <= len(moment.moves):
            return moment.moves[int(typed) - 1].node or None
        if self.chosen_tile is not None:
            nodes = [m.node for m in moment.moves if m.tile == self.chosen_tile and m.node]
            return nodes[0] if nodes else None
        return None

    def draw_hand(self, moment: Moment, width: int) -> None:
        view = moment.view
        hand_view = self.query_one("#hand", HandView)
        moves_view = self.query_one("#moves", MovesView)
        if moment.viewer is None or view.phase != "play":
            hand_view.set_lines([], [])
            moves_view.set_lines([])
            return
        tiles = sorted(view.hand, key=lambda t: (-t.high, -t.low))
        hand_view.set_lines(hand_text(view, self.lang, moment.drawn, width), tiles)
        board = self.query_one("#board", BoardView).board
        lines = moves_grid(self.labels(moment, board, True), width)
        if len(lines) > 3 and len(lines) == len(moment.moves):  # one column: the counts go
            lines = moves_grid(self.labels(moment, board, False), width)
        if not moment.moves and view.turn != moment.viewer:
            lines = [Text(self.t("tui.waiting_for", who=moment.names.seat(view.turn)),
                          style="dim")]
        moves_view.set_lines(lines)

    def labels(self, moment: Moment, board: Board | None, totals: bool) -> list[Text]:
        """Each move in words, with the count it makes (``totals``) and the points it scores."""
        view = moment.view
        data = view.layout.to_json()
        labels = []
        for move, result in zip(moment.moves, moment.outcomes, strict=True):
            label = move_words(move, data, board, self.lang, overdraw_cost(view, moment.moves))
            if result is not None and view.rules.scoring != "none":
                total, points = result
                if totals:
                    label.append(f" → {total}", style="dim")
                if points:
                    label.append(f", +{points}" if totals else f" +{points}",
                                 style="bold green")
            if self.chosen_tile is not None and move.tile == self.chosen_tile:
                label.stylize("reverse")
            labels.append(label)
        return labels

    def show_log(self, narrator_lines: list[Text]) -> None:
        """The last actions that fit in whole (a long line wraps; none is cut in half)."""
        self.log_lines = narrator_lines
        width = max(20, self.size.width - 1)
        rows: list[Text] = []
        for line in reversed(narrator_lines):
            wrapped = wrap_text(line, width)
            if len(rows) + len(wrapped) > self.log_room:
                break
            rows = wrapped + rows
        self.fill("#log", rows)

    def fill(self, selector: str, lines: list[Text]) -> None:
        """A section's lines; an empty section takes no row."""
        widget = self.query_one(selector, Static)
        widget.update(Text("\n").join(lines))
        widget.display = bool(lines)

    def show_moment(self, moment: Moment) -> None:
        self.moment = moment
        self.show_panel(None)

    def end_overlay(self) -> None:
        if self.overlaid:
            self.show_panel(None)

    def show_panel(self, body: RenderableType | None, overlay: bool = False) -> None:
        """A panel in the table's place (help, a hand's end, the results), or the table."""
        self.overlaid = overlay
        self.whole = False
        panel = self.query_one("#panel", VerticalScroll)
        board = self.query_one("#board", BoardView)
        for selector in ("#count", "#log"):  # the panel has the room of all three
            self.query_one(selector).display = body is None
        if body is None:
            panel.display = False
            board.display = True
            if self.moment is not None:
                self.draw(self.moment)
                self.show_log(self.log_lines)
            return
        self.query_one("#panel_body", Static).update(body)
        panel.display = True
        board.display = False
        panel.scroll_home(animate=False)

    def set_status(self, line: Text) -> None:
        self.fill("#status", [line] if line.plain else [])

    def set_prompt(self, prompt: str) -> None:
        self.query_one("#prompt", Static).update(Text(prompt.rstrip(" >").rstrip(), style="bold"))

    def message(self, line: Text) -> None:
        self.ui.messages = [*self.ui.messages, line][-6:]
        self.fill("#messages", self.ui.messages)

    def clear_messages(self) -> None:
        self.ui.messages = []
        self.fill("#messages", [])

    # ------------------------------------------------------------------ input
    def on_input_submitted(self, event: Input.Submitted) -> None:
        field = self.query_one("#input", History)
        line = event.value
        field.remember(line.strip())
        field.value = ""
        self.send(line)

    def on_input_changed(self, event: Input.Changed) -> None:
        if self.moment is not None and self.moment.moves:
            self.query_one("#board", BoardView).mark = self.marked(self.moment)
            self.query_one("#board", BoardView).refresh()

    def send(self, line: str) -> None:
        self.clear_messages()
        self.chosen_tile = None
        if self.whole:
            self.action_table_back()
        self.ui.answers.put(line)

    def on_click(self, event: events.Click) -> None:
        widget = event.widget
        moment = self.moment
        if moment is None or not moment.moves or widget is None:
            return
        offset = event.get_content_offset(widget)
        if offset is None:
            return
        if isinstance(widget, MovesView):
            number = widget.number_at(offset.x, offset.y)
            if number is not None:
                self.send(str(number))
        elif isinstance(widget, HandView):
            tile = widget.tile_at(offset.x, offset.y)
            if tile is not None:
                self.choose_tile(moment, tile)
        elif isinstance(widget, BoardView):
            spot = widget.node_at(offset.x, offset.y)
            if spot is not None:
                self.click_end(moment, *spot)

    def choose_tile(self, moment: Moment, tile: Any) -> None:
        fits = [i for i, m in enumerate(moment.moves) if m.tile == tile]
        if len(fits) == 1 or (fits and moment.moves[fits[0]].kind == "lead"):
            self.send(str(fits[0] + 1))
            return
        self.chosen_tile = tile if fits else None
        self.draw(moment)
        if not fits:
            self.message(Text(self.t("tui.cannot_go", tile=f"[{tile.high}|{tile.low}]",
                                     count=len(moment.moves)), style="bold red"))

    def click_end(self, moment: Moment, node: int, side: str) -> None:
        if self.chosen_tile is None:
            return
        board = self.query_one("#board", BoardView).board
        fits = [i for i, m in enumerate(moment.moves)
                if m.tile == self.chosen_tile and m.node == node]
        if len(fits) > 1 and board is not None:  # the side of the tile that was clicked
            fits = [i for i in fits if board.direction.get(
                (node, moment.moves[i].port)) == side] or fits
        if fits:
            self.send(str(fits[0] + 1))

    # ------------------------------------------------------------------ keys
    def action_whole_table(self) -> None:
        """The whole table, every row, scrolled with the arrows or the mouse (Esc: back)."""
        moment = self.moment
        if moment is None:
            return
        if self.whole:
            self.action_table_back()
            return
        data = moment.view.layout.to_json()
        board = draw_board(data, max(20, self.size.width - 2), last=moment.last_node)
        lines = board.lines + board.left_out
        self.show_panel(Text("\n").join(lines) if lines else Text(self.t("tui.layout_empty")),
                        True)
        self.whole = True

    def action_table_back(self) -> None:
        if self.whole:
            self.whole = False
            self.show_panel(None)

    def action_interrupt(self) -> None:
        self.ui.stop.set()
        self.ui.answers.put(INTERRUPT)

    def action_end_input(self) -> None:
        self.ui.answers.put(END_OF_INPUT)

    def on_resize(self, event: events.Resize) -> None:
        if self.moment is not None:
            self.draw(self.moment)
        self.show_log(self.log_lines)


class AppUI:
    """The session's side of the app: called from the worker thread, drawn on the app's."""

    def __init__(self, app: FivesApp) -> None:
        self.app = app
        self.answers: queue.Queue[str] = queue.Queue()
        self.stop = threading.Event()
        self.messages: list[Text] = []
        self.waiting = threading.Event()  # set while the session waits for an answer
        self.asked = 0  # questions asked so far
        self.results_parts: list[RenderableType] = []
        self.goodbye: list[str] = []
        self.prompt = ""

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        self.app.call_from_thread(fn, *args)

    def check(self) -> None:
        """Ctrl-C while a bot was thinking: leave at this safe point (after the action)."""
        if self.stop.is_set():
            raise KeyboardInterrupt

    def ask(self, prompt: str) -> str:
        self.check()
        self.prompt = prompt
        self.call(self.app.set_prompt, prompt)
        self.asked += 1
        self.waiting.set()
        try:
            answer = self.answers.get()
        finally:
            self.waiting.clear()
        if answer == INTERRUPT:
            raise KeyboardInterrupt
        if answer == END_OF_INPUT:
            raise EOFError
        self.call(self.app.end_overlay)
        return answer

    def show(self, moment: Moment) -> None:
        self.check()
        self.call(self.app.show_moment, moment)

    def actions(self, narrator: Narrator) -> None:
        self.call(self.app.show_log, list(narrator.log))

    def say(self, line: Text) -> None:
        self.call(self.app.message, line)

    def overlay(self, lines: list[Text]) -> None:
        self.call(self.app.show_panel, Text("\n").join(lines), True)

    def thinking(self, who: str | None) -> None:
        line = Text(text("tui.app.thinking", self.app.lang, who=who), style="italic dim") \
            if who else Text("")
        self.call(self.app.set_status, line)
        if who is None:
            self.check()

    def handover(self, moment: Moment, prompt: str) -> None:
        self.show(moment)
        self.ask(prompt)

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> None:
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
        self.call(self.app.show_panel, Group(*parts))
        if prompt is not None:
            self.ask(prompt)

    def results(self, parts: list[RenderableType]) -> None:
        self.results_parts = parts

    def bye(self, line: str) -> None:
        self.goodbye.append(line)
