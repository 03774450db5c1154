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

``ClaimsGame`` is the ``Game`` of such rules: ``Game(rules)`` builds one when
``rules.muggins_claims`` is set. Its checked path (``play``) does all of the above; its
unchecked path (``push_code``/``pop``, what search and playouts use) scores every placement as
claimed exactly and opens no window, so search runs as in any other game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from fives.errors import InvalidMoveError
from fives.events import Event, MugginsEvent, PenaltyEvent, PlayEvent
from fives.explanations import illegal_error, refusal
from fives.game import Game
from fives.moves import MUGGINS, LegalMoves, Move, parse_notation
from fives.record_writer import sniff_move
from fives.settlement import MAX_TOTAL
from fives.state import GAME_OVER, PLAY

if TYPE_CHECKING:
    import random

    from fives.events import HandResult
    from fives.rules import Ruleset


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


def with_exact_claim(game: Game, move: Move) -> Move:
    """``move`` (a legal move of ``game``) claiming exactly what it scores there when it is a
    lead or placement of a game under claims; any other move as it is."""
    if move.kind not in ("lead", "place") or not game.rules.muggins_claims:
        return move
    layout = game.layout.copy()
    return move.with_claim(exact_claim(game.rules, layout.place_code(move.code)))


_CONSTANT: dict[int, tuple[int, ...]] = {}


def _constant_table(points: int) -> tuple[int, ...]:
    """A play-score table that scores ``points`` whatever the total: the checked path scores a
    claim through the engine's own placement code with it."""
    table = _CONSTANT.get(points)
    if table is None:
        table = _CONSTANT[points] = (points,) * MAX_TOTAL
    return table


class ClaimsGame(Game):
    """A ``Game`` under ``muggins_claims`` (see the module's note)."""

    _window: CallWindow | None
    _called: int  # the seat whose call closed the last window, else -1
    _penalty: tuple[int, int] | None  # (side, points) of a penalty not yet applied

    def _setup(self, rules: Ruleset, rng: random.Random | None) -> None:
        super()._setup(rules, rng)
        self._window = None
        self._called = -1
        self._penalty = None

    def _begin_hand(self, masks: list[int], bone: list[int], leader: int, forced: int) -> None:
        super()._begin_hand(masks, bone, leader, forced)
        self._window = None
        self._called = -1

    # ------------------------------------------------------------------ the window
    @property
    def call_window(self) -> CallWindow | None:
        """The window open for a muggins call, or None."""
        return self._window if self._phase is PLAY else None

    def _call_refusal(self, seat: int) -> tuple[str, dict[str, object]] | None:
        """Why ``seat`` may not call now (a reason id and its parameters), or None."""
        if self._phase is not PLAY:
            return ("game_over" if self._phase is GAME_OVER else "hand_over"), {}
        if not 0 <= seat < self._players:
            return "muggins_no_seat", {"seat": seat}
        window = self._window
        if window is None:
            if self._called >= 0:
                return "muggins_called", {"caller": self._called}
            return "muggins_closed", {}
        if self._side[seat] == self._side[window.placer]:
            return "muggins_own_side", {"seat": seat, "placer": window.placer}
        return None

    @property
    def legal_moves(self) -> LegalMoves:
        """The placements (without claims: any claim is legal), draw or pass of the seat to act,
        then the calls open to the seats of other sides than the last placer's."""
        moves = super().legal_moves
        window = self._window
        if window is None or self._stack or self._phase is not PLAY:
            return moves
        calls = tuple(Move.muggins(s) for s in callers(self._rules, window.placer))
        return LegalMoves((*moves, *calls))

    def is_legal(self, move: Move) -> bool:
        if isinstance(move, Move) and move.kind == "muggins":
            return self._call_refusal(move.caller) is None
        if isinstance(move, Move) and move.claim >= 0:
            move = move.unclaimed
        return super().is_legal(move)

    def parse_move(self, text: str) -> Move:
        """The legal move ``text`` names here: a lead or placement with its claim (``=c``), or
        a call ``muggins:S``."""
        parsed = parse_notation(text)
        if parsed.kind == "muggins":
            why = self._call_refusal(parsed.node)
            if why is not None:
                raise illegal_error(self, text, why[0], **why[1])
            return Move.muggins(parsed.node)
        if parsed.kind in ("lead", "place") and parsed.claim < 0:
            raise _missing_claim(text)
        move = super().parse_move(text)
        return move.with_claim(parsed.claim) if parsed.claim >= 0 else move

    # ------------------------------------------------------------------ checked play
    def play(self, move: Move | str) -> list[Event]:
        """Make a legal move (a claimed lead or placement, a draw, a pass or a call), record it
        and return the events it caused."""
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(
                f"invalid move {move!r}: expected a Move or its notation", key="invalid_move",
                text=repr(move),
            )
        if move.kind == "muggins":
            why = self._call_refusal(move.caller)
            if why is not None:
                raise illegal_error(self, str(move), why[0], **why[1])
            return self._call(move.caller, True)
        if move.kind in ("lead", "place"):
            if move.claim < 0:
                raise _missing_claim(move.notation(explicit=True))
            if not super().is_legal(move.unclaimed):
                raise refusal(self, move.notation(explicit=True), move.unclaimed)
            return self._place(move, True)
        if not super().is_legal(move):
            raise refusal(self, move.notation(explicit=True), move)
        self._window = None
        self._called = -1
        return self._record_move(move.code, True)

    def play_code(self, code: int) -> None:
        """Make the legal move ``code`` without events: a placement claims exactly, a call
        code ``MUGGINS - S`` calls (see ``Game.play_code``)."""
        if code >= 0:
            move = Move.from_code(code)
            self._place(move.with_claim(self._exact(code)), False)
        elif code <= MUGGINS:
            self._call(MUGGINS - code, False)
        else:
            self._window = None
            self._called = -1
            self._record_move(code, False)

    def _exact(self, code: int) -> int:
        layout = self._layout
        total = layout.place_code(code)
        layout.undo()
        return self._score_table[total] if total < MAX_TOTAL else 0

    def _place(self, move: Move, events: bool) -> list[Event]:
        seat = self._turn
        code = move.code
        claim = move.claim
        rules = self._rules
        score = self._exact(code)
        gained, missed, penalty = claim_outcome(rules, claim, score)
        before = self._scores
        hand_no = self._hand_number
        self._window = None
        self._called = -1
        pseat = penalty_seat(rules, seat) if penalty else -1
        self._penalty = (self._side[pseat], penalty) if penalty else None
        self._penalty_scores: tuple[int, ...] | None = None
        table = self._score_table
        if gained != score:
            self._score_table = _constant_table(gained)
        try:
            new = self._record_move(code, events)
        finally:
            self._score_table = table
        # The record and the history keep the claim in the action's code.
        a_seat, _, drawn, ends = self._actions[-1]
        self._actions[-1] = (a_seat, move.action_code, drawn, ends)
        pending, self._penalty = self._penalty, None
        # The hand goes on: the penalty now, then the target.
        if pending is not None and self._apply_penalty(*pending):
            self._end_at_target(pending[0], hand_no)
        if self._phase is PLAY:
            self._window = CallWindow(seat, claim, score, missed)
        if not events:
            return []
        return self._claimed_events(new, move, seat, before, pseat)

    def _claimed_events(self, new: list[Event], move: Move, seat: int,
                        before: tuple[int, ...], pseat: int) -> list[Event]:
        """The events of a claimed placement: the play line with its claim, the penalty's line,
        then the end of the hand and of the game."""
        play = new[0]
        assert isinstance(play, PlayEvent)
        sniffed = self._sniff_at == len(self._actions) - 1
        shown = (sniff_move(move.code) if sniffed else Move.from_code(move.code))
        side = self._side[seat]
        after_play = (*before[:side], before[side] + play.points, *before[side + 1:])
        out: list[Event] = [PlayEvent(play.hand, seat, str(shown.with_claim(move.claim)),
                                      play.total, play.points, after_play, claim=move.claim)]
        if pseat >= 0:
            scores = self._penalty_scores
            if scores is None:  # refused by an exact target, or applied at the hand's end
                scores = self._scores_before_settlement()
            gained = scores[self._side[pseat]] - after_play[self._side[pseat]]
            out.append(PenaltyEvent(play.hand, pseat, gained, scores))
        out += self._end_events()  # the placement, or its penalty, may have ended the hand
        del self._events[len(self._events) - len(new):]
        self._events += out
        return out

    def _end_hand(self, result: HandResult, out_seat: int | None, reached: int | None) -> None:
        """A penalty still to apply comes before the settlement (its placement ended the
        hand): it may reach the target first."""
        pending = self._penalty
        if pending is not None:
            self._penalty = None
            if self._apply_penalty(*pending):
                result, out_seat, reached = "target", None, pending[0]
        super()._end_hand(result, out_seat, reached)

    def _apply_penalty(self, side: int, points: int) -> bool:
        """Score an over-claim's penalty for ``side`` (an exact target may refuse it, §9 O5):
        whether it reaches the target."""
        sr = self._score_rules
        scores = sr.add(self._scores, side, points)
        if scores is None:
            return False
        self._scores = self._penalty_scores = scores
        return sr.reached(scores, side)

    def _end_at_target(self, side: int, hand_no: int) -> None:
        """Points scored between the moves (a penalty, a call) reached the target: the hand
        ends there."""
        Game._end_hand(self, "target", None, side)
        self._last_hand_end = self._hand_end_event(hand_no)
        self._clear_legal()

    def _call(self, seat: int, events: bool) -> list[Event]:
        window = self._window
        assert window is not None
        hand_no = self._hand_number
        self._window = None
        self._called = seat
        self._actions.append((seat, MUGGINS - seat, -1, self._layout.ends[:]))
        side = self._side[seat]
        before = self._scores
        if window.missed:
            sr = self._score_rules
            scores = sr.add(before, side, window.missed)
            if scores is not None:
                self._scores = scores
                if sr.reached(scores, side):
                    self._end_at_target(side, hand_no)
        self._legal_moves = None  # the calls listed are gone
        if not events:
            return []
        out: list[Event] = [MugginsEvent(hand_no, seat, self._scores[side] - before[side],
                                         self._scores),
                            *self._end_events()]
        self._events += out
        return out


def _missing_claim(text: str) -> InvalidMoveError:
    return InvalidMoveError(
        f"invalid move {text!r}: under muggins claims every lead and placement carries its "
        "claim, e.g. '6-3@2=15' or '5-5=10'", key="missing_claim", text=text,
    )


__all__ = [
    "CallWindow",
    "ClaimsGame",
    "callers",
    "claim_outcome",
    "exact_claim",
    "penalty_seat",
    "with_exact_claim",
]
