"""Why a move is illegal: the reason ids of ``IllegalMoveError`` and their English text.

``Game.play`` and ``Game.parse_move`` refuse a move with ``illegal_move``; the error's
``reason`` parameter is an id of ``ILLEGAL_REASONS``, which front ends show from the catalog's
``error.reason.<id>`` in the reader's language (the English here is ``str(error)``'s).
"""

from __future__ import annotations

from typing import Protocol

from fives.errors import IllegalMoveError
from fives.layout import Layout
from fives.moves import LegalMoves, Move
from fives.rules import Ruleset
from fives.tiles import Tile

ILLEGAL_REASONS = {
    "game_over": "the game is over",
    "hand_over": "the hand is over",
    "already_led": "the hand has already been led",
    "not_held": "seat {seat} does not hold {tile}",
    "must_lead": "{tile} must lead",
    "can_place": "a placement is possible",
    "cannot_draw": "the boneyard cannot be drawn from",
    "can_move": "a placement or a draw is possible",
    "not_placement": "it is not a legal placement",
    "no_match": "no legal placement matches it",
    "no_form": "only the sniff's lead or placement names its form, where its placer chooses it",
    # RULES.md §9 O1 and §8 X-6: claims and muggins calls
    "no_claims": "claims and muggins calls need the muggins_claims option",
    "muggins_closed": "no muggins call is open: a call comes right after a placement, before "
                      "the next action",
    "muggins_called": "seat {caller} has already called muggins on this tile",
    "muggins_own_side": "seat {seat} is on the side of seat {placer}, who placed",
    "muggins_no_seat": "there is no seat {seat}",
}


class Position(Protocol):
    """What the explanations read of a game (``Game`` is one; this module knows no ``Game``)."""

    @property
    def phase(self) -> str: ...

    @property
    def rules(self) -> Ruleset: ...

    @property
    def turn(self) -> int: ...

    @property
    def layout(self) -> Layout: ...

    @property
    def forced_lead(self) -> Tile | None: ...

    @property
    def sniff_choice_open(self) -> bool: ...

    @property
    def is_overdraw(self) -> bool: ...

    @property
    def legal_moves(self) -> LegalMoves: ...

    def hand(self, seat: int) -> tuple[Tile, ...]: ...


def why_illegal(game: Position, move: Move) -> tuple[str, dict[str, object]]:
    """Why ``move``, which ``game.is_legal`` refuses, is illegal: a reason id of
    ``ILLEGAL_REASONS`` and its parameters."""
    phase = game.phase
    if phase != "play":
        return ("game_over" if phase == "game_over" else "hand_over"), {}
    if move.claim >= 0 or move.kind == "muggins":
        return "no_claims", {}
    if move.form and not game.sniff_choice_open:
        return "no_form", {}
    if move.kind == "lead" and move.tile is not None:
        if game.layout.count:
            return "already_led", {}
        if move.tile not in game.hand(game.turn):
            return "not_held", {"seat": game.turn, "tile": str(move.tile)}
        assert game.forced_lead is not None  # the only other reason a held tile cannot lead
        return "must_lead", {"tile": str(game.forced_lead)}
    if move.kind == "draw":
        return ("can_place" if game.is_overdraw and not game.rules.overdraw_allowed
                else "cannot_draw"), {}
    if move.kind == "pass":
        return "can_move", {}
    return "not_placement", {}


def illegal_error(game: Position, text: object, reason: str, **params: object) -> IllegalMoveError:
    """The error refusing ``text`` in ``game`` for ``reason`` (an id of ``ILLEGAL_REASONS``):
    its message names the seat, the reason and the legal moves."""
    legal = " ".join(m.notation(explicit=True) for m in game.legal_moves) or "none"
    why = ILLEGAL_REASONS[reason].format(**params)
    return IllegalMoveError(
        f"illegal move {text!r} for seat {game.turn}: {why}; legal: {legal}",
        key="illegal_move", move=str(text), reason=reason, legal=legal, **params,
    )


def refusal(game: Position, text: object, move: Move) -> IllegalMoveError:
    """The error refusing ``move`` (named ``text`` by the player), with its reason."""
    reason, params = why_illegal(game, move)
    return illegal_error(game, text, reason, **params)
