"""The game: deal, turns, legal moves, play / push / pop, settlement and the end of the game.

Its state (every field, the read-only properties, copies and positions) is ``GameState``
(state.py); dealing is dealing.py, the record and history writer record_writer.py, and why a
move is illegal explanations.py.

``play`` is the checked public way to act; it records events. ``push``/``pop`` (and their
int-code forms ``push_code``/``pop``) are the unchecked make/unmake pair for search and
playouts: they keep enough to restore the exact state and record no events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Self, cast

from fives.dealing import Deal, deal_hand, opening_method
from fives.errors import FivesError, InvalidMoveError, UsageError
from fives.events import (
    DrawEvent,
    Event,
    GameEndEvent,
    HandEndEvent,
    HandResult,
    PassEvent,
    PlayEvent,
)
from fives.explanations import illegal_error, refusal
from fives.layout import MAX_NODES
from fives.moves import DRAW, LEAD_PORT, MOVE_BY_CODE, PASS, LegalMoves, Move, parse_notation
from fives.record_writer import EVENT_TEXT, PublicAction, sniff_move, texts
from fives.rules import Ruleset
from fives.state import GAME_OVER, HAND_OVER, PLAY, GameState, HandEnd, Phase
from fives.tiles import MATCH, PLACE_PARTS, TILE_BY_ID, Tile, ids_of, pips_of, tiles_of

if TYPE_CHECKING:
    from fives.views import SeatView

# Re-exported: the game's public names from before dealing, the record writer, the
# explanations and the state had modules of their own.
__all__ = ["GAME_OVER", "HAND_OVER", "PLAY", "Deal", "Game", "HandEnd", "LegalMoves", "Phase",
           "PublicAction", "opening_method"]

# RULES.md §12.2: a placement without a port letter takes the first playable port of its value
# in the order E, W, N, S on the lead and out, L, R on a later tile.
_PORT_ORDER = {"E": 0, "W": 1, "N": 2, "S": 3, "out": 0, "L": 1, "R": 2}


class Game(GameState):
    """One game of a ruleset: several hands up to the target. Under RULES.md §9 O1
    ``muggins_claims`` ``Game(rules, ...)`` is a ``fives.claims.ClaimsGame``."""

    def __new__(cls, rules: Ruleset | None = None, *args: object, **kwargs: object) -> Self:
        if cls is Game and isinstance(rules, Ruleset) and rules.muggins_claims:
            from fives.claims import ClaimsGame  # claims build on the game

            return cast(Self, object.__new__(ClaimsGame))
        return object.__new__(cls)

    def __init__(
        self,
        rules: Ruleset,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        deal: Deal | None = None,
        leader: int | None = None,
        start_scores: Sequence[int] | None = None,
    ) -> None:
        self._setup(rules, rng if rng is not None else random.Random(seed))
        self._set_start_scores(start_scores)
        self._start_hand(deal, leader)

    # ------------------------------------------------------------------ dealing
    def _start_hand(self, deal: Deal | None, leader: int | None) -> None:
        if deal is None and leader is None:
            self._deal_hand(None, None)  # nothing to check, nothing can be refused
            return
        # A refused deal or leader must change nothing, the random source included.
        rng = self._random()
        state = rng.getstate()
        try:
            self._deal_hand(deal, leader)
        except FivesError:
            rng.setstate(state)
            raise

    def _deal_hand(self, deal: Deal | None, leader: int | None) -> None:
        rules = self._rules
        dealt = deal_hand(rules, self._hand_number, self._hand_end, self._leader, deal, leader,
                          self._random)
        if rules.is_solitaire and (self._hand_number == 0 or rules.handicap_each_hand):
            self._scores = (self._scores[0], self._scores[1] + rules.handicap)  # deck handicap
        self._hand_number += 1
        self._begin_hand(*dealt)

    def next_hand(self, deal: Deal | None = None, leader: int | None = None) -> None:
        """Deal the next hand (after ``phase == "hand_over"``) with the rules' opener."""
        if self._phase != HAND_OVER:
            raise UsageError(
                "cannot deal the next hand: " + (
                    "the game is over" if self._phase == GAME_OVER else "the hand is not over"
                ), key="no_next_hand",
            )
        self._start_hand(deal, leader)

    # ------------------------------------------------------------------ legal moves
    def _codes(self) -> list[int]:
        """``legal_codes()``, computed once per position for the checked path (``legal_moves``
        and ``play``). ``_legal_codes`` holds them for the position with no unchecked push under
        way: every checked move, deal and boneyard change clears it, and a push and its pop
        leave it true. Under a push, ``_pushed_codes`` holds them for the top of the undo stack
        (a new tuple each push, kept alive by the cache itself)."""
        stack = self._stack
        if not stack:
            codes = self._legal_codes
            if codes is None:
                codes = self._legal_codes = self.legal_codes()
            return codes
        top = stack[-1]
        if self._pushed_top is not top:
            self._pushed_codes = self.legal_codes()
            self._pushed_top = top
        return self._pushed_codes

    def legal_codes(self) -> list[int]:
        if self._phase is not PLAY:
            return []
        hand = self._hands[self._turn]
        layout = self._layout
        if not layout.count:
            if self._forced_lead >= 0:
                lead = [(LEAD_PORT << 6) | (self._forced_lead << 1)]
                return layout.with_forms(lead) if self._sniff_choice else lead
            leads = [(LEAD_PORT << 6) | (tid << 1) for tid in ids_of(hand)]
            if self._sniff_choice:
                leads = layout.with_forms(leads)
            if self._overdraw and len(self._boneyard) - self._bpos > self._reserve:
                leads.append(DRAW)  # an overdraw before the lead (RULES.md §4.3)
            return leads
        codes: list[int] = []
        value = layout.value
        cache = _PLACE_CODES
        for p in layout.ends:  # the playouts' hot path: codes cached by (port, value, tiles)
            v = value[p]
            m = hand & MATCH[v]
            if m:
                by_tiles = cache[(p << 3) | v]
                found = by_tiles.get(m)
                if found is None:
                    found = by_tiles[m] = tuple((p << 6) | q for q in PLACE_PARTS[v][m])
                codes += found
        if codes:
            if self._sniff_choice and not layout.spinner_count:
                codes = layout.with_forms(codes)  # the sniff in either form (§9 O4)
            if self._overdraw and len(self._boneyard) - self._bpos > self._reserve:
                codes = [*codes, DRAW]  # the solitaire's overdraw (RULES.md §4.3)
            return codes
        if self._no_drawing or len(self._boneyard) - self._bpos <= self._reserve:
            return [PASS]
        return [DRAW]

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves here (see ``LegalMoves``); placements if any, else draw or pass."""
        moves = self._legal_moves
        stack = self._stack
        if moves is not None and not stack:
            return moves
        # Built from ``_codes()`` and kept with them when no push is under way.
        codes = self._legal_codes
        if stack:
            codes = self._codes()
        elif codes is None:
            codes = self._legal_codes = self.legal_codes()  # as ``_codes`` does, one call less
        if self._sniff_choice and self._layout.sniff_open:
            moves = _new(LegalMoves, map(_sniff_form_move, codes))
        else:
            try:
                moves = _new(LegalMoves, map(MOVE_BY_CODE.__getitem__, codes))
            except KeyError:  # a move not met before: Move.from_code makes and keeps it
                moves = _new(LegalMoves, map(Move.from_code, codes))
        if not stack:
            self._legal_moves = moves
        return moves

    def is_legal(self, move: Move) -> bool:
        if self._phase != PLAY or not isinstance(move, Move):
            return False
        if not move.plain:
            if move.claim >= 0:  # §9 O1: a ClaimsGame reads the claim and asks without it
                return False
            if move.form and not (self._sniff_choice and self._layout.sniff_open):
                return False
        if move.kind == "lead":
            assert move.tile is not None
            if self._layout.count or not self._hands[self._turn] >> move.tile.id & 1:
                return False
            return self._forced_lead < 0 or self._forced_lead == move.tile.id
        return move.code in self._codes()

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names here (RULES.md §12.2)."""
        parsed = parse_notation(text)
        if parsed.kind == "muggins" or (parsed.claim >= 0 and not self._rules.muggins_claims):
            raise InvalidMoveError(
                f"invalid move {text!r}: claims ('=15') and muggins calls exist only under the "
                "muggins_claims option", key="no_claims", text=text,
            )
        form = parsed.form
        if parsed.tile is not None and parsed.tile.is_double and self._sniff_choice and (
                self._layout.sniff_open):
            form = form or self._rules.sniff  # no suffix: the sniff option's form (§9 O4)
        elif form:
            raise InvalidMoveError(
                f"invalid move {text!r}: a suffix :us or :british goes only on the sniff's "
                "lead or placement, and only under sniff_orientation_choice",
                key="invalid_form", text=text,
            )
        if parsed.kind == "draw":
            move = Move.draw()
        elif parsed.kind == "pass":
            move = Move.pass_()
        elif parsed.kind == "lead":
            assert parsed.tile is not None
            move = Move.lead(parsed.tile, parsed.touching, form)
        else:
            assert parsed.tile is not None
            candidates = [
                m for m in self.legal_moves
                if m.kind == "place" and m.tile == parsed.tile and m.node == parsed.node
                and m.touching == parsed.touching and (not parsed.port or m.port == parsed.port)
                and m.form == form
            ]
            if not candidates:
                raise illegal_error(self, text, "no_match")
            candidates.sort(key=lambda m: _PORT_ORDER[m.port])
            move = candidates[0]
        if not self.is_legal(move):
            raise refusal(self, text, move)
        return move

    # ------------------------------------------------------------------ make / unmake
    def push(self, move: Move) -> None:
        """Make a move without checking it (search only; see ``play``)."""
        self.push_code(move.code)

    def push_code(self, code: int) -> None:
        # Only legal in the "play" phase, so pop can restore phase, winner and hand_end blindly.
        seat = self._turn
        scores = self._scores
        self._push_undo((code, seat, scores))
        layout = self._layout
        if code >= 0:
            hands = self._hands
            hand = hands[seat] ^ (1 << ((code >> 1) & 31))
            hands[seat] = hand
            points = self._score_table[layout.place_code(code)]
            if points:
                side = self._side[seat]
                sr = self._score_rules
                new = sr.add(scores, side, points)
                if new is not None:
                    self._scores = new
                    if sr.reached(new, side):
                        self._end_hand("target", None, side)
                        return
            if not hand and self._score_rules.out_when_empty(len(self._boneyard) - self._bpos):
                self._end_hand("out", seat, None)
                return
        elif code == DRAW:
            tid = self._boneyard[self._bpos]
            self._bpos += 1
            sr = self._score_rules
            # The solitaire's deck gains on an overdraw (§4.3), or on every draw (O15).
            cost = sr.draw_points(self._overdraw and self.is_overdraw_hand(self._hands[seat]))
            self._hands[seat] |= 1 << tid
            if cost:
                new = sr.add(scores, 1, cost)
                if new is not None:
                    self._scores = new
                    if sr.reached(new, 1):
                        self._end_hand("target", None, 1)
            return
        # A placement or a pass: the turn moves on, unless nobody can place or draw (blocked).
        nxt = self._next_seat[seat]
        if self._no_drawing or len(self._boneyard) - self._bpos <= self._reserve:
            value = layout.value
            emask = 0
            for p in layout.ends:
                emask |= MATCH[value[p]]
            hands = self._hands
            # The next seat usually can place, so it is asked first.
            if not hands[nxt] & emask:
                for h in hands:
                    if h & emask:
                        break
                else:
                    self._end_hand("blocked", None, None)
                    return
        self._turn = nxt

    def is_overdraw_hand(self, hand: int) -> bool:
        """Whether a draw by a seat holding ``hand`` (a mask) would be an overdraw: a draw
        while a legal lead or placement exists (RULES.md §4.3)."""
        layout = self._layout
        if not layout.count:
            return hand != 0
        return bool(hand & layout.ends_mask())

    @property
    def is_overdraw(self) -> bool:
        """Whether drawing now would be an overdraw (the solitaire charges it, §4.3)."""
        return self._phase == PLAY and self.is_overdraw_hand(self._hands[self._turn])

    def pop(self) -> None:
        """Unmake the last ``push``."""
        code, seat, scores = self._stack.pop()
        if code >= 0:
            self._layout.undo()
            self._hands[seat] |= 1 << ((code >> 1) & 31)
        elif code == DRAW:
            self._bpos -= 1
            self._hands[seat] ^= 1 << self._boneyard[self._bpos]
        self._scores = scores
        self._phase = PLAY
        self._winner = None
        self._turn = seat
        self._hand_end = None

    # ------------------------------------------------------------------ end of hand
    def _end_hand(self, result: HandResult, out_seat: int | None, reached: int | None) -> None:
        """Settle the hand by the score rules (settlement.py) and test the target."""
        hands = self._hands
        pips = tuple(map(pips_of, hands))
        outcome = self._score_rules.end_hand(
            self._scores, result, out_seat, pips, [h.bit_count() for h in hands], reached)
        self._scores = outcome.scores
        if outcome.game_winner is not None:
            self._phase = GAME_OVER
            self._winner = outcome.game_winner
        else:
            self._phase = HAND_OVER
        self._hand_end = HandEnd(result, outcome.winner, out_seat, pips, outcome.deltas)

    # ------------------------------------------------------------------ checked play
    def play(self, move: Move | str) -> list[Event]:
        """Make a legal move, record it, and return the events it caused."""
        if move.__class__ is Move and self._phase is PLAY and move.plain:
            # The common case first: a Move among the position's cached legal codes (the
            # cache of ``_codes``, valid as is when no unchecked push is under way).
            codes = self._legal_codes
            if codes is None or self._stack:
                codes = self._codes()
            code = move.code
            if code in codes:
                return self._record_move(code, True)
        if isinstance(move, str):
            move = self.parse_move(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(
                f"invalid move {move!r}: expected a Move or its notation", key="invalid_move",
                text=repr(move),
            )
        elif not self.is_legal(move):
            raise refusal(self, move.notation(explicit=True), move)
        return self._record_move(move.code, True)

    def play_code(self, code: int) -> None:
        """Make the legal move ``code`` (one of ``legal_codes()``) and record it in the history
        and the record like ``play``, without checking it and without building events: the
        recorded fast path for environments. An illegal code leaves the game inconsistent."""
        self._record_move(code, False)

    def _record_move(self, code: int, events: bool) -> list[Event]:
        seat = self._turn
        layout = self._layout
        drawn = self._boneyard[self._bpos] if code == DRAW else -1
        # What the history and the record need, kept raw (see ``_actions``).
        self._actions.append((seat, code, drawn, layout.ends[:]))
        before = self._scores
        self.push_code(code)
        self._stack.clear()
        layout.forget_undo()
        self._legal_codes = self._legal_moves = None
        if self._hand_end is not None or self._sniff_choice or not events:
            return self._record_rest(code, seat, drawn, before, events)
        # The common case: one event, the hand goes on.
        scores = self._scores
        if code >= 0:
            side = self._side[seat]
            # tuple.__new__ builds the named tuples without their Python-level __new__.
            event: Event = _new(PlayEvent, (
                self._hand_number, seat, EVENT_TEXT[code] or texts(code)[0], layout.total,
                scores[side] - before[side], scores, "play", None))
        elif drawn >= 0:
            event = _new(DrawEvent, (self._hand_number, seat, TILE_BY_ID[drawn], scores, "draw"))
        else:
            event = _new(PassEvent, (self._hand_number, seat, "pass"))
        self._events.append(event)
        return [event]

    def _record_rest(self, code: int, seat: int, drawn: int, before: tuple[int, ...],
                     events: bool) -> list[Event]:
        """The end of ``_record_move`` for the rarer cases: the move ended the hand (and perhaps
        the game), it may be the sniff whose form its placer chose, or no events are wanted."""
        hand_no = self._hand_number
        layout = self._layout
        text = ""
        if code >= 0 and self._sniff_choice and layout.spinner[layout.count - 1]:
            # The sniff (§9 O4): events, history and record write the form in force.
            self._sniff_at = len(self._actions) - 1
            text = str(sniff_move(code))
        ended = self._phase is not PLAY
        if ended:
            self._last_hand_end = self._hand_end_event(hand_no)
        if not events:
            return []
        after_play = self._scores_before_settlement()
        new: list[Event]
        if code >= 0:
            side = self._side[seat]
            new = [PlayEvent(hand_no, seat, text or texts(code)[0], layout.total,
                             after_play[side] - before[side], after_play)]
        elif drawn >= 0:
            new = [DrawEvent(hand_no, seat, TILE_BY_ID[drawn], after_play)]
        else:
            new = [PassEvent(hand_no, seat)]
        new += self._end_events()
        self._events += new
        return new

    def _end_events(self) -> list[Event]:
        """The events that follow an action that ended the hand: the hand's end, then the
        game's when it is over too; none while the hand goes on."""
        if self._phase is PLAY:
            return []
        assert self._last_hand_end is not None
        if self._phase is not GAME_OVER:
            return [self._last_hand_end]
        assert self._winner is not None
        return [self._last_hand_end, GameEndEvent(self._winner, self._scores)]

    def _hand_end_event(self, hand_no: int) -> HandEndEvent:
        he = self._hand_end
        assert he is not None
        return HandEndEvent(hand_no, he.result, he.winner, he.pips, he.deltas, self._scores,
                            tuple(tuple(tiles_of(h)) for h in self._hands))

    def set_next_draw(self, tile: Tile) -> None:
        """Put ``tile``, still in the boneyard, on top of it: the next draw takes it. For
        environments that choose the drawn tile as a chance outcome; the record keeps the
        order actually drawn. Raises ``UsageError`` when the tile is not in the boneyard."""
        tid = tile.id if isinstance(tile, Tile) else -1
        bone = self._boneyard
        try:
            where = bone.index(tid, self._bpos)
        except ValueError:
            raise UsageError(f"invalid tile {tile!r}: expected one still in the boneyard",
                             key="invalid_tile", text=str(tile)) from None
        new = bone[:]  # copies share the boneyard list: never change it in place
        new[self._bpos], new[where] = new[where], new[self._bpos]
        self._boneyard = new
        log = self._hand_deal
        if log is not None and log["boneyard"] is bone:
            log["boneyard"] = new
        self._clear_legal()

    def view(self, seat: int | None) -> SeatView:
        """What one seat (or a spectator, ``None``) may know."""
        from fives.views import SeatView  # views build on the game, not the other way

        return SeatView.of(self, seat)

    def _scores_before_settlement(self) -> tuple[int, ...]:
        if self._hand_end is None or self._hand_end.result == "target":
            return self._scores
        return tuple(s - d for s, d in zip(self._scores, self._hand_end.deltas, strict=True))

# Placement codes of a set of tiles on a port of a value (at most 112 x 7 x 128 entries).
# One small dict per (port, value), keyed by the hand's matching tiles: small int keys and
# small dicts are measurably faster than one big dict keyed by (port, value, tiles).
_PLACE_CODES: list[dict[int, tuple[int, ...]]] = [{} for _ in range(MAX_NODES * 4 * 8)]
_new = tuple.__new__


def _sniff_form_move(code: int) -> Move:
    """The legal move of ``code`` while the sniff's placer chooses its form: a double's lead or
    placement with its form named, ``us`` (bit 0 clear) or ``british`` (§9 O4)."""
    move = Move.from_code(code)
    if code >= 0 and move.tile is not None and move.tile.is_double and not move.form:
        return move.with_form("us")
    return move
