"""One family of errors, all ``ValueError``.

Each carries a message key and its parameters so front ends can show the message in the
player's language (``fives.i18n``); ``str(error)`` is the English one-line message.
"""

from __future__ import annotations


class FivesError(ValueError):
    """Base of every error the engine raises for bad input."""

    def __init__(self, message: str, key: str = "error", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


class InvalidMoveError(FivesError):
    """A move or tile that cannot be parsed."""


class IllegalMoveError(FivesError):
    """A well-formed move that the rules do not allow here."""


class RulesError(FivesError):
    """An unknown preset or option, or options that cannot work together."""


class DealError(FivesError):
    """A deal, a leader or start scores that cannot start a hand (``Game(deal=...)``,
    ``next_hand``)."""


class RecordError(FivesError):
    """A game record that is malformed or holds an illegal action."""


class UsageError(FivesError):
    """A call or a command used wrongly: an argument out of range or of the wrong kind, an
    action that does not fit the state (a bot level, a seed, a seat, a determinisation, the
    next hand while a hand is in play)."""

    def __init__(self, message: str, key: str = "usage", **params: object) -> None:
        super().__init__(message, key, **params)
