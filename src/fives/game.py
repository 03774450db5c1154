"""The game: one ``Game`` class holding a game's state, its deal, turns, legal moves, play /
push / pop, Muggins claims and calls, settlement and the end of the game.

Below it, each in a module that knows no ``Game``: the score rules (settlement.py), the deal
(dealing.py), the rules of claims and calls (claims.py), the record format and history
(record_writer.py) and why a move is illegal (explanations.py). ``Game.view`` (views.py) is what
a seat may know.

``play`` is the checked public way to act; it records events. ``push``/``pop`` (and their
int-code forms ``push_code``/``pop``) are the unchecked make/unmake pair for search and
playouts: they keep enough to restore the exact state and record no events.

Under RULES.md §9 O1 ``muggins_claims`` the checked path takes claims and calls (see claims.py)
through a few named hooks: ``play`` and ``play_code`` hand over to ``_claimed_play`` and
``_claimed_play_code``, ``is_legal`` and ``parse_move`` read claims and calls, ``legal_moves``
adds the open calls, ``_end_hand`` applies a pending penalty first; ``call_window`` is None in
every other game. The unchecked path is the same for every game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Self

from fives.claims import (
    CallWindow,
    call_refusal,
    callers,
    claim_outcome,
    constant_table,
    missing_claim,
    penalty_seat,
)
from fives.dealing import Deal, deal_hand
from fives.errors import DealError, FivesError, InvalidMoveError, UsageError
from fives.events import (
    GAME_OVER,
    HAND_OVER,
    PLAY,
    DrawEvent,
    Event,
    GameEndEvent,
    HandEnd,
    HandEndEvent,
    HandResult,
    MugginsEvent,
    PassEvent,
    PenaltyEvent,
    Phase,
    PlayEvent,
)
from fives.explanations import illegal_error, refusal
from fives.layout import MAX_NODES, Layout
from fives.moves import (
    DRAW,
    LEAD_PORT,
    MOVE_BY_CODE,
    MUGGINS,
    PASS,
    LegalMoves,
    Move,
    parse_notation,
)
from fives.record_writer import (
    EVENT_TEXT,
    Action,
    HandDeal,
    HandLog,
    PublicAction,
    RecordJSON,
    add_meta,
    extend_history,
    hand_log,
    sniff_move,
    texts,
    write_record,
)
from fives.rules import Ruleset
from fives.settlement import score_rules
from fives.tiles import (
    MATCH,
    PLACE_PARTS,
    TILE_BY_ID,
    Tile,
    ids_of,
    mask_of,
    pips_of,
    tiles_of,
)
from fives.views import SeatView

# RULES.md §12.2: a placement without a port letter takes the first playable port of its value
# in the order E, W, N, S on the lead and out, L, R on a later tile.
_PORT_ORDER = {"E": 0, "W": 1, "N": 2, "S": 3, "out": 0, "L": 1, "R": 2}


def new_layout(rules: Ruleset) -> Layout:
    """An empty layout of these rules (a sniff whose placer chooses its form: §9 O4)."""
    return Layout(rules.spinners, rules.spinner_branches_immediate, rules.sniff,
                  rules.sniff_orientation_choice and rules.sniff != "none")


class Game:
    """One game of a ruleset: several hands up to the target (see the module's note)."""

    _scores: tuple[int, ...]  # per side; a new tuple on each change, so undo keeps a reference
    _start_scores: tuple[int, ...]

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

    def _set_start_scores(self, start_scores: Sequence[int] | None) -> None:
        rules = self._rules
        if start_scores is not None:
            scores = list(start_scores)
            if len(scores) != rules.sides or not all(
                isinstance(s, int) and not isinstance(s, bool) for s in scores
            ):
                raise DealError(
                    f"invalid start_scores {list(start_scores)!r}: expected {rules.sides} "
                    "whole numbers (one per side)", key="invalid_scores",
                )
            for s in scores:
                if s >= rules.target:
                    raise DealError(
                        f"invalid start score {s}: expected below the target {rules.target}",
                        key="invalid_scores",
                    )
            self._scores = tuple(scores)
        self._start_scores = tuple(self._scores)

    def _setup(self, rules: Ruleset, rng: random.Random | None) -> None:
        """Every field of a game, in one place: what the rules fix, the position (which
        ``_begin_hand`` sets for each hand), the record and the caches. ``copy`` shares them
        all but those ``_unshare`` gives the copy of its own."""
        self._rules = rules
        self._rng = rng  # None: made when first needed (see ``_random``)
        self._rng_seed: int | None = None  # the seed of that one (None: from the system)
        self._players = rules.players
        self._side = [rules.side_of(s) for s in range(rules.players)]
        self._next_seat = [(s + 1) % rules.players for s in range(rules.players)]
        self._scores = (0,) * rules.sides
        self._start_scores = (0,) * rules.sides
        self._hand_start_scores = self._scores  # at the start of this hand (handicap given)
        self._hand_number = 0
        self._phase = PLAY
        self._winner: int | None = None
        self._turn = 0
        self._leader = 0
        self._forced_lead = -1
        self._hands: list[int] = [0] * rules.players
        self._boneyard: list[int] = []
        self._bpos = 0
        # §9 O4 sniff_orientation_choice: the sniff's lead or placement comes in both forms.
        self._layout = new_layout(rules)
        self._sniff_choice = self._layout.sniff_choice
        self._hand_end: HandEnd | None = None
        self._stack: list[tuple[int, int, tuple[int, ...]]] = []
        self._push_undo = self._stack.append
        self._events: list[Event] = []
        # This hand's actions as the checked path keeps them: (seat, move code, drawn tile id
        # or -1, the playable ports before the action); ``history`` builds the PublicActions
        # and ``to_record`` the notation from them when first asked for.
        self._actions: list[Action] = []
        self._sniff_at = -1  # the action that placed the sniff, its form chosen (§9 O4)
        self._history: list[PublicAction] = []
        self._clear_legal()
        self._last_hand_end: HandEndEvent | None = None
        # ``hand_ends``: the hand-end events among ``_events`` up to ``_hand_ends_seen``, whose
        # last event was ``_hand_ends_last`` (so that a cut tail is noticed).
        self._hand_ends: list[HandEndEvent] = []
        self._hand_ends_seen = 0
        self._hand_ends_last: Event | None = None
        # The record: the hands before this one (never changed once archived, so copies
        # share them) and this hand's deal and actions.
        self._past_hands: tuple[HandLog, ...] = ()
        self._hand_deal: HandDeal | None = None
        # The score rules (settlement.py, shared with the bots' hand model) and hot-path
        # constants read from them.
        sr = self._score_rules = score_rules(rules)
        self._reserve = sr.reserve
        self._no_drawing = not rules.drawing  # spares the boneyard arithmetic in block games
        self._overdraw = rules.overdraw_allowed
        # Play score of every possible counted total (no layout of 28 tiles counts 400).
        self._score_table = sr.score_table
        # RULES.md §9 O1 muggins claims (claims.py): the checked path's hooks test ``_claims``.
        self._claims = rules.muggins_claims
        self._window: CallWindow | None = None  # the window open for a call
        self._called = -1  # the seat whose call closed the last window, else -1
        self._penalty: tuple[int, int] | None = None  # (side, points) of a penalty to apply
        self._penalty_scores: tuple[int, ...] | None = None  # the scores once it was applied

    def _unshare(self, rng: random.Random | None) -> None:
        """Make this copy (see ``copy``) independent: its own random source, and its own copy
        of every field ``_setup`` makes that is changed in place (the rest are never changed
        in place once made: the boneyard list, the archived hands, the rules' constants; a test
        checks that no copy shares a list, dict or layout but those)."""
        self._rng = rng
        self._rng_seed = None
        self._clear_legal()
        self._hands = self._hands[:]
        self._layout = self._layout.copy()
        self._stack = []
        self._push_undo = self._stack.append
        self._events = []
        self._hand_ends, self._hand_ends_seen, self._hand_ends_last = [], 0, None
        self._actions = self._actions[:]
        self._history = self._history[:]
        deal = self._hand_deal
        if deal is not None:  # set_next_draw replaces the boneyard: a dict of its own
            self._hand_deal = {"hands": deal["hands"], "boneyard": deal["boneyard"],
                               "leader": deal["leader"]}

    def _clear_legal(self) -> None:
        """Forget the cached legal moves (see ``_codes``): the position changed."""
        self._legal_codes: list[int] | None = None
        self._legal_moves: LegalMoves | None = None
        self._pushed_top: object = None
        self._pushed_codes: list[int] = []

    def _random(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    def _begin_hand(self, masks: list[int], bone: list[int], leader: int, forced: int) -> None:
        """The position at the start of a hand (a deal, or ``from_position``'s mid-hand one,
        before its placements): every field a hand resets, in one place."""
        self._hands = masks
        self._hand_start_scores = self._scores
        self._boneyard = bone  # never changed in place: copies and the record share it
        self._bpos = 0
        self._layout.clear()
        self._leader = leader
        self._turn = leader
        self._forced_lead = forced
        self._phase = PLAY
        self._hand_end = None
        self._last_hand_end = None
        self._stack.clear()
        self._clear_legal()
        # The record keeps the deal as masks and ids; it is written out only when asked for.
        if self._hand_deal is not None:
            self._past_hands += (hand_log(self._hand_deal, self._actions, self._sniff_at),)
        self._hand_deal = {"hands": masks[:], "boneyard": bone, "leader": leader}
        self._actions = []
        self._sniff_at = -1
        self._history = []
        self._window = None
        self._called = -1

    # ------------------------------------------------------------------ state (read-only)
    @property
    def rules(self) -> Ruleset:
        return self._rules

    @property
    def players(self) -> int:
        return self._players

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side, in the rules' unit."""
        return self._scores

    @property
    def start_scores(self) -> tuple[int, ...]:
        return self._start_scores

    @property
    def hand_start_scores(self) -> tuple[int, ...]:
        """The scores when this hand began (after the solitaire's handicap, if any)."""
        return self._hand_start_scores

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in play (or just ended)."""
        return self._hand_number

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def phase_name(self) -> str:
        """The phase as a plain string (``phase`` is the same value as a ``Phase``)."""
        return self._phase.value

    @property
    def winner(self) -> int | None:
        """The side that won the game, once it is over."""
        return self._winner

    @property
    def turn(self) -> int:
        """The seat to act."""
        return self._turn

    @property
    def leader(self) -> int:
        """The seat that led (or must lead) this hand."""
        return self._leader

    @property
    def forced_lead(self) -> Tile | None:
        """The tile that must lead this hand, if the rules force one (the leader's secret)."""
        return TILE_BY_ID[self._forced_lead] if self._forced_lead >= 0 else None

    @property
    def layout(self) -> Layout:
        """The layout in play (the live object: read it, change it only through moves)."""
        return self._layout

    @property
    def hand_end(self) -> HandEnd | None:
        """How the current hand ended, once it has."""
        return self._hand_end

    @property
    def last_hand_end(self) -> HandEndEvent | None:
        return self._last_hand_end

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the game so far, in order."""
        return tuple(self._events)

    @property
    def hand_ends(self) -> tuple[HandEndEvent, ...]:
        """The hand-end events among ``events``, in order: what a score sheet lists. Read at
        every action by the projection, so it scans only the events added since the last call
        (events are appended; should a tail ever be cut and rewritten, a changed last seen
        event means a fresh scan)."""
        events = self._events
        seen = self._hand_ends_seen
        if seen > len(events) or (seen and events[seen - 1] is not self._hand_ends_last):
            self._hand_ends, seen = [], 0
        found = self._hand_ends
        for i in range(seen, len(events)):
            event = events[i]
            if isinstance(event, HandEndEvent):
                found.append(event)
        self._hand_ends_seen = len(events)
        self._hand_ends_last = events[-1] if events else None
        return tuple(found)

    @property
    def history(self) -> tuple[PublicAction, ...]:
        """The public actions of the current hand (drawn tiles included: see ``view``)."""
        done = self._history
        if len(done) < len(self._actions):
            extend_history(done, self._actions, self._sniff_at, self._layout.value)
        return tuple(done)

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """Every seat's tiles as a bit mask (bit ``tile.id``), for search code."""
        return tuple(self._hands)

    @property
    def boneyard_ids(self) -> tuple[int, ...]:
        """The ids of the tiles still in the boneyard, top first (hidden information)."""
        return tuple(self._boneyard[self._bpos:])

    @property
    def is_over(self) -> bool:
        return self._phase == GAME_OVER

    @property
    def boneyard_size(self) -> int:
        return len(self._boneyard) - self._bpos

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(h.bit_count() for h in self._hands)

    @property
    def counted_total(self) -> int:
        return self._layout.total

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tuple(tiles_of(self._hands[seat]))

    def side_of(self, seat: int) -> int:
        return self._side[seat]

    @property
    def sniff_choice_open(self) -> bool:
        """Whether a move may name the sniff's form now: the sniff's lead or placement is
        still to come under ``sniff_orientation_choice`` (§9 O4)."""
        return self._sniff_choice and self._layout.sniff_open

    # ------------------------------------------------------------------ copies and positions
    def copy(self, *, rng: random.Random | None = None) -> Self:
        """An independent game in the same position, cheap enough for search: no events, no
        undo history; the record's earlier hands are shared (they never change), and the copy
        draws its future deals and lots from ``rng``, else from a fresh random source made when
        it first needs one (the original's random source is neither copied nor touched)."""
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other._unshare(rng)
        return other

    def determinised(self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> Self:
        """A copy (see ``copy``) where the seats hold ``hands`` and the boneyard still to draw
        is ``boneyard`` (top first): the same tiles as here, dealt otherwise, each hand of the
        same size. For search on sampled deals; the record keeps the true deal."""
        masks = [mask_of(h) for h in hands]
        rest = [t.id for t in boneyard]
        now_rest = self._boneyard[self._bpos:]
        new_all = now_all = 0
        for m in masks:
            new_all |= m
        for m in self._hands:
            now_all |= m
        for t in rest:
            new_all |= 1 << t
        for t in now_rest:
            now_all |= 1 << t
        if (len(masks) != len(self._hands) or len(rest) != len(now_rest)
                or new_all != now_all
                or any(m.bit_count() != len(h) or m.bit_count() != old.bit_count()
                       for m, h, old in zip(masks, hands, self._hands, strict=True))
                or sum(len(h) for h in hands) + len(rest) != new_all.bit_count()):
            raise UsageError(
                "invalid determinisation: expected the tiles of these hands and boneyard "
                f"dealt otherwise ({list(self.hand_sizes)} tiles in hand, {self.boneyard_size} "
                "in the boneyard)", key="invalid_determinisation",
            )
        other = self.copy()
        other._hands = masks
        other._boneyard = self._boneyard[:self._bpos] + rest
        return other

    @classmethod
    def from_position(
        cls,
        rules: Ruleset,
        *,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        placements: Sequence[Move],
        turn: int,
        scores: Sequence[int] | None = None,
        leader: int = 0,
        hand_number: int = 1,
        forced_lead: Tile | None = None,
        rng: random.Random | None = None,
    ) -> Self:
        """A game in the middle of a hand (bots search determinisations with it)."""
        game = cls.__new__(cls)
        game._setup(rules, rng)
        game._rng_seed = 0  # without ``rng``, later deals come from random.Random(0)
        if scores is not None:
            game._scores = tuple(scores)
        game._start_scores = game._scores
        game._hand_number = hand_number
        # The position has no full deal: its record (if asked for) starts from here.
        game._begin_hand([mask_of(h) for h in hands], [t.id for t in boneyard], leader,
                         forced_lead.id if forced_lead is not None else -1)
        game._turn = turn
        for move in placements:
            game._layout.apply(move)
        game._layout.forget_undo()
        return game

    # ------------------------------------------------------------------ what leaves the game
    def to_record(
        self,
        meta: Mapping[str, object] | None = None,
        hand_meta: Sequence[Mapping[str, object] | None] | Mapping[int, Mapping[str, object]]
        | None = None,
    ) -> RecordJSON:
        """The game's record (RULES.md §12.3), with optional ``meta`` objects: ``meta`` for the
        record, ``hand_meta`` per hand (a list aligned with the hands or a mapping of 0-based
        hand indexes); replay ignores them (see ``fives.record_writer.add_meta``)."""
        record = write_record(self._rules, self._start_scores, self._logs())
        if meta is not None or hand_meta is not None:
            add_meta(record, meta, hand_meta)
        return record

    def _logs(self) -> tuple[HandLog, ...]:
        deal = self._hand_deal
        return self._past_hands + (
            (hand_log(deal, self._actions, self._sniff_at),) if deal is not None else ())

    def __repr__(self) -> str:
        return (f"<Game {self._rules.name} hand {self._hand_number} {self._phase.value} "
                f"turn {self._turn} scores {self._scores} {self._layout!r}>")

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
        """The legal moves here (see ``LegalMoves``); placements if any, else draw or pass.
        Under muggins claims, placements without claims (any claim is legal), then the calls
        open to the seats of other sides than the last placer's."""
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
            window = self._window
            if window is not None and self._phase is PLAY:
                # §9 O1: then the calls open to the seats of other sides than the placer's
                # (every change of the window clears this cache).
                calls = tuple(Move.muggins(s) for s in callers(self._rules, window.placer))
                moves = LegalMoves((*moves, *calls))
            self._legal_moves = moves
        return moves

    def is_legal(self, move: Move) -> bool:
        if self._claims and isinstance(move, Move):  # §9 O1: a call, or a claim read off
            if move.kind == "muggins":
                return self._call_refusal(move.caller) is None
            move = move.unclaimed
        if self._phase != PLAY or not isinstance(move, Move):
            return False
        if not move.plain:
            if move.claim >= 0:  # claims only under muggins claims (read off above)
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
        """The legal move that ``text`` names here (RULES.md §12.2); under muggins claims a
        lead or placement with its claim (``=c``), or a call ``muggins:S``."""
        parsed = parse_notation(text)
        if self._claims:
            if parsed.kind == "muggins":
                why = self._call_refusal(parsed.node)
                if why is not None:
                    raise illegal_error(self, text, why[0], **why[1])
                return Move.muggins(parsed.node)
            if parsed.kind in ("lead", "place") and parsed.claim < 0:
                raise missing_claim(text)
        elif parsed.kind == "muggins" or parsed.claim >= 0:
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
        return move.with_claim(parsed.claim) if parsed.claim >= 0 else move

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
        """Settle the hand by the score rules (settlement.py) and test the target. A claim's
        penalty still to apply (§9 O1: its placement ended the hand) comes first: it may reach
        the target."""
        pending = self._penalty
        if pending is not None:
            self._penalty = None
            if self._apply_penalty(*pending):
                result, out_seat, reached = "target", None, pending[0]
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
        """Make a legal move, record it, and return the events it caused (under muggins claims:
        a claimed lead or placement, a draw, a pass or a call)."""
        if self._claims:
            return self._claimed_play(move)
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
        recorded fast path for environments. An illegal code leaves the game inconsistent.
        Under muggins claims a placement claims exactly and a code ``MUGGINS - S`` calls."""
        if self._claims:
            self._claimed_play_code(code)
            return
        self._record_move(code, False)

    def _record_move(self, code: int, events: bool, action_code: int | None = None) -> list[Event]:
        """Make the legal move ``code`` and record it (``action_code``: what the record keeps
        of it, a claimed placement's code with its claim; else ``code``)."""
        seat = self._turn
        layout = self._layout
        drawn = self._boneyard[self._bpos] if code == DRAW else -1
        # What the history and the record need, kept raw (see ``_actions``).
        self._actions.append((seat, code if action_code is None else action_code, drawn,
                              layout.ends[:]))
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

    # ------------------------------------------------------------------ muggins claims (§9 O1)
    @property
    def call_window(self) -> CallWindow | None:
        """The window open for a muggins call (RULES.md §9 O1), or None: always None unless
        the rules have ``muggins_claims``."""
        return self._window if self._phase is PLAY else None

    def _call_refusal(self, seat: int) -> tuple[str, dict[str, object]] | None:
        """Why ``seat`` may not call now (a reason id and its parameters), or None."""
        if self._phase is not PLAY:
            return ("game_over" if self._phase is GAME_OVER else "hand_over"), {}
        return call_refusal(self._rules, self._window, self._called, seat)

    def _claimed_play(self, move: Move | str) -> list[Event]:
        """``play`` under muggins claims: a claimed lead or placement, a draw, a pass or a
        call."""
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
                raise missing_claim(move.notation(explicit=True))
            if not self.is_legal(move.unclaimed):
                raise refusal(self, move.notation(explicit=True), move.unclaimed)
            return self._place(move, True)
        if not self.is_legal(move):
            raise refusal(self, move.notation(explicit=True), move)
        self._window = None
        self._called = -1
        return self._record_move(move.code, True)

    def _claimed_play_code(self, code: int) -> None:
        """``play_code`` under muggins claims: a placement claims exactly, a code
        ``MUGGINS - S`` calls."""
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
        """The true play score of the lead or placement ``code`` here."""
        layout = self._layout
        total = layout.place_code(code)
        layout.undo()
        return self._score_rules.play_points(total)

    def _place(self, move: Move, events: bool) -> list[Event]:
        """A claimed lead or placement: the placer scores what the claim gives (``push_code``
        scores through the score table, so the move is made with a table that scores that),
        an over-claim's penalty follows, and a window opens while the hand goes on."""
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
        self._penalty_scores = None
        table = self._score_table
        if gained != score:
            self._score_table = constant_table(gained)
        try:
            # The record and the history keep the claim in the action's code.
            self._record_move(code, False, move.action_code)
        finally:
            self._score_table = table
        side = self._side[seat]
        points = self._scores_before_settlement()[side] - before[side]
        pending, self._penalty = self._penalty, None
        # The hand goes on: the penalty now, then the target.
        if pending is not None and self._apply_penalty(*pending):
            self._end_at_target(pending[0], hand_no)
        if self._phase is PLAY:
            self._window = CallWindow(seat, claim, score, missed)
        if not events:
            return []
        return self._claimed_events(move, seat, hand_no, points, before, pseat)

    def _claimed_events(self, move: Move, seat: int, hand_no: int, points: int,
                        before: tuple[int, ...], pseat: int) -> list[Event]:
        """The events of a claimed placement: the play line with its claim, the penalty's line,
        then the end of the hand and of the game."""
        sniffed = self._sniff_at == len(self._actions) - 1
        shown = sniff_move(move.code) if sniffed else Move.from_code(move.code)
        side = self._side[seat]
        after_play = (*before[:side], before[side] + points, *before[side + 1:])
        out: list[Event] = [PlayEvent(hand_no, seat, str(shown.with_claim(move.claim)),
                                      self._layout.total, points, after_play, claim=move.claim)]
        if pseat >= 0:
            scores = self._penalty_scores
            if scores is None:  # refused by an exact target, or applied at the hand's end
                scores = self._scores_before_settlement()
            gained = scores[self._side[pseat]] - after_play[self._side[pseat]]
            out.append(PenaltyEvent(hand_no, pseat, gained, scores))
        out += self._end_events()  # the placement, or its penalty, may have ended the hand
        self._events += out
        return out

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
        ends there (no penalty is pending then)."""
        self._end_hand("target", None, side)
        self._last_hand_end = self._hand_end_event(hand_no)
        self._clear_legal()

    def _call(self, seat: int, events: bool) -> list[Event]:
        """Seat ``seat`` calls on the open window: its side takes what the claim missed."""
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

    def view(self, seat: int | None) -> SeatView:
        """What one seat (or a spectator, ``None``) may know."""
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._players
        ):
            raise UsageError(
                f"invalid seat {seat!r}: expected a seat number from 0 to {self._players - 1}, "
                "or None for a spectator", key="invalid_seat", seat=repr(seat),
            )
        own = self.hand(seat) if seat is not None else ()
        history = tuple(
            a if a.tile is None or a.seat == seat else a._replace(tile=None)
            for a in self.history
        )
        my_turn = seat is not None and self._phase == PLAY and self._turn == seat
        return SeatView(
            rules=self._rules,
            seat=seat,
            hand=own,
            hand_sizes=self.hand_sizes,
            boneyard_size=self.boneyard_size,
            scores=tuple(self._scores),
            start_scores=self._start_scores,
            turn=self._turn,
            phase=self._phase,
            hand_number=self._hand_number,
            leader=self._leader,
            # The tile that must lead is the leader's secret until it is played.
            forced_lead=self.forced_lead if seat == self._leader else None,
            layout=self._layout.copy(),  # a copy has no undo history
            legal_moves=self._seat_moves(seat, my_turn),
            history=history,
            last_hand_end=self._last_hand_end if self._phase != PLAY else None,
            winner=self._winner,
        )

    def _seat_moves(self, seat: int | None, my_turn: bool) -> tuple[Move, ...]:
        """The legal moves of ``seat``: its turn's moves, and under RULES.md §9 O1 its own
        muggins call while a window is open (a call is not bound to the turn)."""
        if not self._claims:
            return tuple(self.legal_moves) if my_turn else ()
        if seat is None or self._phase != PLAY:
            return ()
        return tuple(m for m in self.legal_moves
                     if (m.caller == seat if m.kind == "muggins" else my_turn))

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
