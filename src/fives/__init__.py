"""fives: the Fives family of domino games (Five Up, All Fives, Muggins, solitaire).

The engine (this package's top-level modules) is pure Python with no dependency; bots, the
command line and the web server are layers above it.
"""

from importlib.metadata import PackageNotFoundError, version

from fives.dealing import Deal
from fives.errors import (
    DealError,
    FivesError,
    IllegalMoveError,
    InvalidMoveError,
    RecordError,
    RulesError,
    UsageError,
)
from fives.events import DrawEvent, Event, GameEndEvent, HandEndEvent, PassEvent, Phase, PlayEvent
from fives.game import Game
from fives.layout import End, Layout, Node
from fives.moves import LegalMoves, Move
from fives.record_writer import PublicAction
from fives.rules import ALIASES, PRESETS, Ruleset, find_preset
from fives.tiles import ALL_TILES, Tile
from fives.views import SeatView

try:  # one version number: pyproject.toml's, as installed
    __version__ = version("fives")
except PackageNotFoundError:  # a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "ALIASES",
    "ALL_TILES",
    "PRESETS",
    "Deal",
    "DealError",
    "DrawEvent",
    "End",
    "Event",
    "FivesError",
    "Game",
    "GameEndEvent",
    "HandEndEvent",
    "IllegalMoveError",
    "InvalidMoveError",
    "Layout",
    "LegalMoves",
    "Move",
    "Node",
    "PassEvent",
    "Phase",
    "PlayEvent",
    "PublicAction",
    "RecordError",
    "RulesError",
    "Ruleset",
    "SeatView",
    "Tile",
    "UsageError",
    "__version__",
    "find_preset",
]
