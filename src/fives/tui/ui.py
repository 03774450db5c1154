"""What the game loop asks of a renderer: the full-screen app (``fives.tui.app``) and the line
mode for pipes and screen readers (``fives.tui.plain``) both implement :class:`UI`.

The loop never draws: it hands a :class:`Moment` (the table as one seat may see it, the moves
it may make) to ``show``, lines of text to ``say`` and ``overlay``. It never waits either: its
steps are generators that yield what they need next, an :class:`Ask` (an answer typed or
clicked), a :class:`Think` (a bot's move), a :class:`Work` (a hint) or a :class:`Pause`, and
are sent the answer. The line
mode drives them with the blocking ``ask`` (``PlaySession.drive``), which raises ``EOFError``
(Ctrl-D) or ``KeyboardInterrupt`` (Ctrl-C); the app drives them with messages and workers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.text import Text

    from fives.moves import Move
    from fives.projection import PublicJSON
    from fives.tiles import Tile
    from fives.tui.narrator import Narrator
    from fives.tui.screen import HandSummary, Names
    from fives.views import SeatView


@dataclass(frozen=True)
class Ask:
    """The session waits for a line (typed, or a click turned into a move's number)."""

    prompt: str


@dataclass(frozen=True)
class Think:
    """The session waits for the bot in ``seat`` to choose its move (``PlaySession.bot_move``)."""

    seat: int


@dataclass(frozen=True)
class Work:
    """The session waits for a computation that takes a while (a hint): the driver runs
    ``job`` (the app: in a worker thread, off the screen's) and sends its result."""

    job: Callable[[], Any]


@dataclass(frozen=True)
class Pause:
    """A pause after a bot's move, so that it can be seen."""

    seconds: float


T = TypeVar("T")
# A part of the game: yields what it needs, is sent the answer (a line, a Move, None).
Steps = Generator[Ask | Think | Work | Pause, Any, T]


@dataclass
class Moment:
    """The table for the seat on screen (``viewer`` None: nobody's hand, between hot-seat
    players), the moves it may make with what each would count and score."""

    view: SeatView
    viewer: int | None
    names: Names
    lang: str
    tally: bool
    deck: dict[str, int] | None = None  # the solitaire deck's points by origin
    moves: list[Move] = field(default_factory=list)
    outcomes: list[tuple[int, int] | None] = field(default_factory=list)
    last_node: int | None = None
    drawn: Tile | None = None
    history: list[HandSummary] = field(default_factory=list)
    public: PublicJSON | None = None  # the projection's public part: counts, reveal, events


class UI(Protocol):
    def ask(self, prompt: str) -> str: ...

    def show(self, moment: Moment) -> None:
        """Draw the table (the app redraws; the line mode prints it)."""

    def actions(self, narrator: Narrator) -> None:
        """The narrator has new lines."""

    def say(self, line: Text) -> None:
        """A message: an error, a hint, a file saved."""

    def overlay(self, lines: list[Text]) -> None:
        """Help, the rules, the tally: read, then gone at the next answer."""

    def thinking(self, who: str | None) -> None:
        """A bot is choosing (None: it has chosen)."""

    def handover(self, moment: Moment, prompt: str) -> None:
        """Hot seat: the table without any hand until the next player presses Enter (the
        session asks ``prompt`` next)."""

    def hand_end(self, moment: Moment, headline: Text | None, prompt: str | None) -> bool:
        """Every hand revealed and the settlement; True: the session asks ``prompt`` next (wait
        for Enter)."""

    def results(self, parts: list[RenderableType]) -> None:
        """The game's results, to keep once the game has left the screen."""

    def bye(self, line: str) -> None:
        """A last word (the file saved on leaving), where it will be read."""
