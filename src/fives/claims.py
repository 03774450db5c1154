"""Muggins claims (RULES.md §9 O1, §8 X-3, X-6): placers count their own points, opponents call.

Under ``muggins_claims`` every lead and placement carries its placer's claim ``c`` (written
``6-3@2=15``). Let ``s`` be the true play score:

- ``c == s``: the placer scores ``s``;
- ``c < s``: the placer scores ``c``, and until the next action by anyone (a placement, a draw,
  a pass) or the end of the hand any seat of another side may call ``muggins:S``; the first
  call takes ``s - c`` for the caller's side and closes the window;
- ``c > s``: the claim is void, the placer scores 0; under ``muggins_overclaim=
  foster_penalty`` the next opposing seat in turn order also scores ``c``.

A window opens after every placement of a hand that goes on, whatever the claim (a call on a
claim that was not short is a mistaken call: legal, it scores nothing and costs nothing); a
placement that ends the hand or the game opens none. A call does not change whose turn it is.
Immediate targets are checked after the placer's score, the penalty's and a call's.

This module holds the rules of claims and calls as plain functions of a ruleset; it knows no
``Game``. ``Game`` (game.py) applies them on its checked path (``play``) when
``rules.muggins_claims`` is set, and shows the open window as ``game.call_window`` (None in any
other game); its unchecked path (``push_code``/``pop``, what search and playouts use) scores every
placement as claimed exactly and opens no window, so search runs as in any other game.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from fives.errors import InvalidMoveError
from fives.layout import Layout
from fives.moves import Move
from fives.rules import Ruleset
from fives.settlement import MAX_TOTAL


class CallWindow(NamedTuple):
    """The open window after a placement (public: the claim is announced, the layout shown)."""

    placer: int  # the seat that placed
    claim: int  # what it claimed
    score: int  # the true play score
    missed: int  # what a call takes: score - claim when the claim was short, else 0


def claim_outcome(rules: Ruleset, claim: int, score: int) -> tuple[int, int, int]:
    """(what the placer scores, what a call would take, the penalty) for a claim of a placement
    whose true play score is ``score`` (§9 O1)."""
    if claim <= score:
        return claim, score - claim, 0
    return 0, 0, claim if rules.muggins_overclaim == "foster_penalty" else 0


def callers(rules: Ruleset, placer: int) -> tuple[int, ...]:
    """The seats that may call on a placement by ``placer``: every seat of another side, in
    turn order from the next seat (X-6)."""
    n = rules.players
    side = rules.side_of(placer)
    seats = ((placer + k) % n for k in range(1, n))
    return tuple(s for s in seats if rules.side_of(s) != side)


def penalty_seat(rules: Ruleset, placer: int) -> int:
    """The seat that scores an over-claim's Foster penalty: the next opposing seat in turn."""
    return callers(rules, placer)[0]


def exact_claim(rules: Ruleset, total: int) -> int:
    """The exact claim of a placement leaving the counted total ``total``."""
    return rules.score_of_total(total)


class _Table(Protocol):
    """What ``with_exact_claim`` reads of a game."""

    @property
    def rules(self) -> Ruleset: ...

    @property
    def layout(self) -> Layout: ...


def with_exact_claim(game: _Table, move: Move) -> Move:
    """``move`` (a legal move of ``game``) claiming exactly what it scores there when it is a
    lead or placement of a game under claims; any other move as it is."""
    if move.kind not in ("lead", "place") or not game.rules.muggins_claims:
        return move
    layout = game.layout.copy()
    return move.with_claim(exact_claim(game.rules, layout.place_code(move.code)))


def call_refusal(rules: Ruleset, window: CallWindow | None, called: int,
                 seat: int) -> tuple[str, dict[str, object]] | None:
    """Why ``seat`` may not call while the hand is in play, with ``window`` open (or None) and
    ``called`` the seat whose call closed the last one (or -1): a reason id of
    ``fives.explanations.ILLEGAL_REASONS`` and its parameters, or None when it may."""
    if not 0 <= seat < rules.players:
        return "muggins_no_seat", {"seat": seat}
    if window is None:
        if called >= 0:
            return "muggins_called", {"caller": called}
        return "muggins_closed", {}
    if rules.side_of(seat) == rules.side_of(window.placer):
        return "muggins_own_side", {"seat": seat, "placer": window.placer}
    return None


_CONSTANT: dict[int, tuple[int, ...]] = {}


def constant_table(points: int) -> tuple[int, ...]:
    """A play-score table that scores ``points`` whatever the total: the checked path scores a
    claim through the engine's own placement code with it."""
    table = _CONSTANT.get(points)
    if table is None:
        table = _CONSTANT[points] = (points,) * MAX_TOTAL
    return table


def missing_claim(text: str) -> InvalidMoveError:
    """The error refusing a lead or placement without its claim under claims."""
    return InvalidMoveError(
        f"invalid move {text!r}: under muggins claims every lead and placement carries its "
        "claim, e.g. '6-3@2=15' or '5-5=10'", key="missing_claim", text=text,
    )
