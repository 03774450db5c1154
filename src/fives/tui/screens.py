"""The screens of the full-screen game: the table (:class:`TableScreen`) and what is pushed over
it: a hand's end or the game's (:class:`HandEndScreen`), the whole table (:class:`WholeTable`),
help, the rules, a hint and the score sheet (:class:`PanelScreen`). Every pushed screen scrolls
with the keyboard (arrows, Page Up/Down, Home/End) and closes with Esc; the key bar at the
bottom shows the keys of the screen in view.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import Footer, Input, Static

from fives.i18n import text
from fives.tui.pictures import board_picture
from fives.tui.review import screen_for_game
from fives.tui.widgets import (
    BoardView,
    CountView,
    HandView,
    History,
    LogView,
    MovesView,
    ScoresView,
)

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from fives.game import Game
    from fives.tui.ui import Moment

SHORT = 24  # rows under which the title line gives its row to the table


def app_lang(node: DOMNode) -> str:
    """The game's language (``FivesApp.lang``)."""
    lang = getattr(node.app, "lang", "en")
    return lang if isinstance(lang, str) else "en"


def localise(node: DOMNode, lang: str) -> None:
    """The key bar's words in the game's language (``tui.key.<action>``): Textual keeps a
    node's bindings in ``_bindings``, made from the class's ``BINDINGS``."""
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [replace(b, description=text(f"tui.key.{b.action}", lang))
                      if b.description else b for b in bindings]


class TableScreen(Screen[None]):
    """The table: title, scores, the count, the picture with the last actions under it, the
    hand, the moves, the prompt and the key bar. Its widgets follow ``moment`` (data-bound)."""

    moment: reactive[Moment | None] = reactive(None)
    chosen: reactive[Any] = reactive(None)  # a tile clicked that fits in several places
    AUTO_FOCUS = "#input"

    def __init__(self) -> None:
        super().__init__()
        localise(self, app_lang(self))

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield ScoresView(id="scores").data_bind(TableScreen.moment)
        yield CountView(id="count").data_bind(TableScreen.moment)
        with Vertical(id="middle"):
            with Vertical(id="board_room"):
                yield BoardView(id="board").data_bind(TableScreen.moment)
            yield LogView(id="log")
        yield Static(id="status")
        yield Static(id="messages")
        yield HandView(id="hand").data_bind(TableScreen.moment, TableScreen.chosen)
        yield MovesView(id="moves").data_bind(TableScreen.moment, TableScreen.chosen)
        with Horizontal(id="prompt_row"):
            yield Static(id="prompt")
            yield History(id="input")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height < SHORT, "-short")

    def watch_moment(self, moment: Moment | None) -> None:
        if moment is None:
            return
        view = moment.view
        rules = view.rules
        self.query_one("#title", Static).update(Text(text(
            "tui.screen_title", moment.lang, game=text(f"preset.name.{rules.name}", moment.lang),
            hand=view.hand_number, target=rules.target), style="bold"))
        self.mark_typed()

    def watch_chosen(self) -> None:
        self.mark_typed()

    def mark_typed(self) -> None:
        """The move whose number is typed (or the tile chosen) is marked in the list and on
        the table."""
        moment = self.moment
        if moment is None:
            return
        typed = self.query_one("#input", History).value.strip()
        number = int(typed) if typed.isdigit() and 1 <= int(typed) <= len(moment.moves) \
            else None
        node: int | None = None
        if number is not None:
            node = moment.moves[number - 1].node or None
        elif self.chosen is not None:
            node = next((m.node for m in moment.moves if m.tile == self.chosen and m.node), None)
        self.query_one("#moves", MovesView).mark = number
        self.query_one("#board", BoardView).mark = node

    def on_input_changed(self, event: Input.Changed) -> None:
        self.mark_typed()

    def set_status(self, line: Text) -> None:
        status = self.query_one("#status", Static)
        status.update(line)
        status.display = bool(line.plain)

    def set_messages(self, lines: list[Text]) -> None:
        messages = self.query_one("#messages", Static)
        messages.update(Text("\n").join(lines))
        messages.display = bool(lines)

    def set_prompt(self, prompt: str) -> None:
        self.query_one("#prompt", Static).update(Text(prompt.rstrip(" >").rstrip(),
                                                      style="bold"))

    def set_log(self, lines: list[Text]) -> None:
        self.query_one("#log", LogView).lines = lines


class PanelScreen(ModalScreen[str]):
    """Text over the table (help, the rules, a hint, the score sheet), scrolled with the keys;
    Esc or Enter closes it, and a key typed goes back to the prompt."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "back"),
        Binding("enter", "close", show=False),
    ]
    passes_keys = True  # a printable key closes the panel and goes to the prompt
    AUTO_FOCUS = "#panel"  # the keys scroll it

    def __init__(self, body: RenderableType) -> None:
        super().__init__()
        self.body = body
        localise(self, app_lang(self))

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="panel"):
            yield self.content()
        yield Footer()

    def content(self) -> Widget:
        return Static(self.body, id="panel_body")

    def action_close(self) -> None:
        self.dismiss("")

    def on_key(self, event: events.Key) -> None:
        if self.passes_keys and event.is_printable and event.character:
            event.stop()
            self.dismiss(event.character)


class HelpScreen(PanelScreen):
    """What to type, and the keys (registered in the app's ``SCREENS``)."""

    def __init__(self) -> None:
        lang = app_lang(self)  # wrapped by the panel, at its width
        super().__init__(Text(text("tui.help_text", lang) + "\n\n" +
                              text("tui.app.keys_help", lang)))


class HandEndScreen(PanelScreen):
    """Every hand revealed and the settlement (the winner first at the game's end); Enter goes
    on. At the game's end ``r`` reviews the game (``fives.tui.review``): every decision of the
    people at the table valued by the expert from what they knew then."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "next"),
        Binding("escape", "next", show=False),
        Binding("r", "review", "review"),
    ]
    passes_keys = False

    def action_next(self) -> None:
        self.dismiss("")

    def __init__(self, body: RenderableType, game_over: bool, game: Game | None = None) -> None:
        super().__init__(body)  # the prompt shows under it, the key bar says Enter goes on
        self.game_over = game_over
        self.game = game  # the finished game, for its review
        self.reviewing = False

    def check_action(self, action: str, _parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            return self.game_over and self.game is not None and not self.reviewing
        return True

    def action_review(self) -> None:
        if self.game is None or self.reviewing:
            return
        self.reviewing = True
        self.refresh_bindings()
        self.notify(text("review.computing", app_lang(self)))
        self.run_worker(self._review, thread=True, exclusive=True)

    def _review(self) -> None:
        """The review takes seconds: computed in a worker thread, then shown from the app's."""
        assert self.game is not None
        screen = screen_for_game(self.game, app_lang(self))
        self.app.call_from_thread(self.app.push_screen, screen)


class WholeBoard(Widget):
    """Every row of the table, drawn for the width it has (again after a resize)."""

    def __init__(self, moment: Moment) -> None:
        super().__init__()
        self.moment = moment

    def get_content_height(self, container: Any, _viewport: Any, width: int) -> int:
        return max(1, len(board_picture(self.moment, width).lines))

    def render(self) -> RenderableType:
        return Text("\n").join(board_picture(self.moment, self.size.width).lines)


class WholeTable(PanelScreen):
    """The whole table (F2), every row, scrolled with the keys; Esc or F2 goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,f2", "close", "back"),
    ]

    def __init__(self, moment: Moment) -> None:
        super().__init__(Text(""))  # the key bar says how to go back
        self.moment = moment

    def content(self) -> Widget:
        return WholeBoard(self.moment)
