"""The game review in the terminal: a Textual ``Screen`` to push over any app.

It steps through the record's positions (left and right arrows: one action; ``n``/``p``: the
next or previous reviewed decision), draws the table at each one with the board of the game
(``fives.tui.board``), says what was played there and, at a decision, its class and loss, and
with ``b`` draws the better move on the table instead (highlighted). Below: the decisions table
and the summary per seat, the same lines as ``fives analyse`` (``fives.bots.review_text``);
choosing a row of the table jumps to that decision. ``escape`` or ``q`` closes it.

``ReviewApp`` shows the screen on its own (``fives analyse RECORD --screen``); the full-screen
game can push ``screen_for_game(game, lang)`` at the game's end (not hooked up yet: that app is
being rewritten beside this module).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from fives.bots.review import Decision, Review, labels_of, tile_moves
from fives.bots.review_text import class_name, decision_columns, decision_rows, summary_lines
from fives.i18n import text
from fives.tui.board import draw_board

if TYPE_CHECKING:
    from fives.game import Game
    from fives.record import Record


@dataclass(frozen=True)
class Position:
    """The table before one action of the record (``text`` None: after the last one)."""

    hand: int
    index: int  # the action's 1-based index in its hand (the last one's + 1 at the end)
    text: str | None
    seat: int
    scores: tuple[int, ...]
    layout: dict[str, Any]
    last: int | None  # the tile laid last (drawn highlighted)
    decision: Decision | None = None
    better: dict[str, Any] | None = None  # the table with the better move laid instead
    better_node: int | None = None


def positions(record: Record, review: Review) -> list[Position]:
    """Every position of the record, each with its reviewed decision and better move."""
    by_place = {(d.hand, d.index): d for d in review.decisions}
    out: list[Position] = []
    game = None
    for step in record.steps():
        game = step.game
        layout = game.layout.copy()
        data = dict(layout.to_json())
        decision = by_place.get((step.hand, step.index))
        better = better_node = None
        if decision is not None and decision.best != decision.played:
            view = game.view(game.turn)
            moves = tile_moves(view)
            move = next((m for m, label in labels_of(moves).items() if label == decision.best),
                        None)
            if move is not None:
                layout.place_code(move.code)
                better, better_node = dict(layout.to_json()), layout.count
        out.append(Position(step.hand, step.index, step.text, game.turn, tuple(game.scores),
                            data, layout_last(data), decision, better, better_node))
    if game is not None:
        data = dict(game.layout.copy().to_json())
        last = out[-1]
        out.append(Position(last.hand, last.index + 1, None, game.turn, tuple(game.scores),
                            data, layout_last(data)))
    return out


def layout_last(data: dict[str, Any]) -> int | None:
    nodes = data.get("nodes") or []
    return len(nodes) or None


def describe(position: Position, lang: str, showing_better: bool) -> str:
    """What happens at this position, in words."""
    head = text("review.tui_where", lang, hand=position.hand, index=position.index,
                scores=" / ".join(str(s) for s in position.scores))
    if position.text is None:
        return f"{head}  {text('review.tui_end', lang)}"
    line = f"{head}  {text('review.tui_action', lang, seat=position.seat, move=position.text)}"
    d = position.decision
    if d is None:
        return line
    line += "  " + text("review.tui_judged", lang, klass=class_name(d.klass, lang),
                        loss=f"{d.loss:.2f}")
    if d.best != d.played:
        key = "review.tui_better_shown" if showing_better else "review.tui_better"
        line += "  " + text(key, lang, move=d.best)
    return line


class ReviewScreen(Screen[None]):
    """The review of a record; push it over any app."""

    DEFAULT_CSS = """
    ReviewScreen #review-head { height: auto; padding: 0 1; }
    ReviewScreen #review-board { height: auto; min-height: 3; padding: 0 1; }
    ReviewScreen #review-decisions { height: auto; max-height: 12; }
    ReviewScreen #review-summary { height: auto; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = []

    def __init__(self, record: Record, review: Review, lang: str = "en") -> None:
        super().__init__()
        self.record = record
        self.review = review
        self.lang = lang
        self.steps = positions(record, review)
        self.at = 0
        self.showing_better = False
        self.decision_at = [i for i, p in enumerate(self.steps) if p.decision is not None]
        for binding in self.bindings_for(lang):  # the keys' names in the player's language
            self._bindings.bind(binding.key, binding.action, binding.description)

    @classmethod
    def bindings_for(cls, lang: str) -> list[Binding]:
        return [
            Binding("left", "back", text("review.key_back", lang)),
            Binding("right", "forward", text("review.key_forward", lang)),
            Binding("p", "previous_decision", text("review.key_previous", lang)),
            Binding("n", "next_decision", text("review.key_next", lang)),
            Binding("b", "better", text("review.key_better", lang)),
            Binding("escape,q", "close", text("review.key_close", lang)),
        ]

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(id="review-head")
            yield Static(id="review-board")
            table: DataTable[str] = DataTable(id="review-decisions", cursor_type="row")
            yield table
            yield Static(id="review-summary")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one("#review-decisions", DataTable)
        table.add_columns(*(c.title for c in decision_columns(self.review, self.lang)))
        for n, row in enumerate(decision_rows(self.review, self.lang)):
            table.add_row(*row, key=str(n))
        summary = [text("review.summary", self.lang),
                   *summary_lines(self.review, self.lang, max(40, self.size.width - 2))]
        self.query_one("#review-summary", Static).update("\n".join(summary))
        if self.decision_at:
            self.at = self.decision_at[0]
        self.show()

    # ------------------------------------------------------------------ drawing
    @property
    def position(self) -> Position:
        return self.steps[self.at]

    def show(self) -> None:
        p = self.position
        better = self.showing_better and p.better is not None
        self.query_one("#review-head", Static).update(describe(p, self.lang, better))
        data = p.better if better and p.better is not None else p.layout
        last = p.better_node if better else p.last
        if data.get("nodes"):
            board = draw_board(data, max(20, self.size.width - 4), last=last)
            lines = Text("\n").join([*board.lines, *board.left_out])
        else:
            lines = Text(text("tui.layout_empty", self.lang))
        self.query_one("#review-board", Static).update(lines)

    def board_text(self) -> str:
        """The table as drawn now, as plain text (for tests and screen readers)."""
        p = self.position
        better = self.showing_better and p.better is not None
        data = p.better if better and p.better is not None else p.layout
        if not data.get("nodes"):
            return ""
        board = draw_board(data, max(20, self.size.width - 4))
        return "\n".join(line.plain for line in [*board.lines, *board.left_out])

    # ------------------------------------------------------------------ actions
    def go(self, at: int) -> None:
        self.at = max(0, min(len(self.steps) - 1, at))
        self.showing_better = False
        self.show()

    def action_back(self) -> None:
        self.go(self.at - 1)

    def action_forward(self) -> None:
        self.go(self.at + 1)

    def action_next_decision(self) -> None:
        later = [i for i in self.decision_at if i > self.at]
        if later:
            self.go(later[0])

    def action_previous_decision(self) -> None:
        earlier = [i for i in self.decision_at if i < self.at]
        if earlier:
            self.go(earlier[-1])

    def action_better(self) -> None:
        if self.position.better is not None:
            self.showing_better = not self.showing_better
            self.show()

    def action_close(self) -> None:
        if len(self.app.screen_stack) > 2:  # pushed over a game: back to it
            self.app.pop_screen()
        else:
            self.app.exit()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        n = int(str(event.row_key.value))
        if 0 <= n < len(self.decision_at):
            self.go(self.decision_at[n])


def screen_for_game(game: Game, lang: str = "en", *, seats: list[int] | None = None,
                    budget: int | None = None) -> ReviewScreen:
    """The review screen of a game (its record reviewed for ``seats``, default every seat its
    record does not name a bot). It computes the review (seconds): call it from a worker
    thread, then push the screen from the app's thread (``app.call_from_thread``)."""
    from fives.bots.review import DEFAULT_BUDGET, review
    from fives.record import load_record

    record = load_record(dict(game.to_record()))
    return ReviewScreen(record, review(record, seats=seats, budget=budget or DEFAULT_BUDGET),
                        lang)


class ReviewApp(App[None]):
    """The review screen on its own."""

    def __init__(self, record: Record, review: Review, lang: str = "en") -> None:
        super().__init__()
        self.record = record
        self.review = review
        self.lang = lang

    def on_mount(self) -> None:
        self.push_screen(ReviewScreen(self.record, self.review, self.lang))
