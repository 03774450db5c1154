"""The game: deal, turns, legal moves, play / push / pop, settlement and the end of the game.

``play`` is the checked public way to act; it records events. ``push``/``pop`` (and their
int-code forms ``push_code``/``pop``) are the unchecked make/unmake pair for search and
playouts: they keep enough to restore the exact state and record no events.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from fives.errors import (
    DealError,
    FivesError,
    IllegalMoveError,
    InvalidMoveError,
    UsageError,
)
from fives.events import (
    DrawEvent,
    Event,
    GameEndEvent,
    HandEndEvent,
    HandResult,
    PassEvent,
    PlayEvent,
)
from fives.layout import MAX_NODES, Layout
from fives.moves import DRAW, LEAD_PORT, MOVE_BY_CODE, PASS, Move, parse_notation
from fives.rules import Ruleset
from fives.settlement import score_rules
from fives.tiles import (
    ALL_TILES,
    DOUBLES_MASK,
    MATCH,
    PIPS,
    PLACE_PARTS,
    TILE_BY_ID,
    TILE_COUNT,
    Tile,
    heaviest_key,
    ids_of,
    mask_of,
    pips_of,
    tiles_of,
)

if TYPE_CHECKING:
    from fives.record import RecordJSON
    from fives.views import SeatView

class Phase(StrEnum):
    """Where a game stands; a ``str``, so ``game._phase == "play"`` holds too."""

    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


PLAY, HAND_OVER, GAME_OVER = Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER
# RULES.md §12.2: a placement without a port letter takes the first playable port of its value
# in the order E, W, N, S on the lead and out, L, R on a later tile.
_PORT_ORDER = {"E": 0, "W": 1, "N": 2, "S": 3, "out": 0, "L": 1, "R": 2}
# Why a move is illegal, in English for ``str(error)``; front ends show the catalog's
# ``error.reason.<id>`` in the reader's language (the error's ``reason`` parameter is the id).
_ILLEGAL_REASONS = {
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
}


@dataclass(frozen=True, slots=True)
class Deal:
    """Every seat's tiles (seat 0 first) and the boneyard, top first."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]


class PublicAction(NamedTuple):
    """One action of the current hand as the table saw it (``tile``: the drawn tile)."""

    seat: int
    kind: str
    move: Move | None
    tile: Tile | None
    open_values: tuple[int, ...]


_Action = tuple[int, int, int, list[int]]  # seat, move code, drawn id or -1, playable ports


class _HandDeal(TypedDict):
    """The deal of a hand as the record keeps it: masks and ids."""

    hands: list[int]
    boneyard: list[int]
    leader: int


class _HandLog(_HandDeal):
    """One hand of the record as the game keeps it (notation is written only when asked for)."""

    actions: list[_Action]  # the hand's actions as ``play`` keeps them (see ``Game._actions``)
    sniff_at: int  # the action placing a sniff whose form its placer chose (§9 O4), or -1


class HandEnd(NamedTuple):
    result: HandResult
    winner: int | None
    out_seat: int | None
    pips: tuple[int, ...]
    deltas: tuple[int, ...]


class LegalMoves(tuple[Move, ...]):
    """The legal moves of a position: an immutable tuple of ``Move`` (iterate, ``len``,
    ``bool``, index), built once per position. ``in`` accepts a lead in either orientation,
    as ``Game.is_legal`` does."""

    __slots__ = ()

    def __contains__(self, move: object) -> bool:
        if (isinstance(move, Move) and move.kind == "lead" and move.tile is not None
                and not move.tile.is_double):
            move = _LEAD_OF[move.tile.id]
        return tuple.__contains__(self, move)

    def __repr__(self) -> str:
        return f"<LegalMoves {', '.join(m.notation(explicit=True) for m in self)}>"


class Game:
    """One game of a ruleset: several hands up to the target."""

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
        self._rules = rules
        self._rng = rng  # None: made when first needed (see ``_random``)
        self._rng_seed: int | None = None  # the seed of that one (None: from the system)
        self._players = rules.players
        self._side = [rules.side_of(s) for s in range(rules.players)]
        self._next_seat = [(s + 1) % rules.players for s in range(rules.players)]
        self._scores = (0,) * rules.sides
        self._start_scores = (0,) * rules.sides
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
        self._sniff_choice = rules.sniff_orientation_choice and rules.sniff != "none"
        self._layout = Layout(rules.spinners, rules.spinner_branches_immediate, rules.sniff,
                              self._sniff_choice)
        self._hand_end: HandEnd | None = None
        self._stack: list[tuple[int, int, tuple[int, ...]]] = []
        self._push_undo = self._stack.append
        self._events: list[Event] = []
        # This hand's actions as the checked path keeps them: (seat, move code, drawn tile id
        # or -1, the playable ports before the action); ``history`` builds the PublicActions
        # and ``to_record`` the notation from them when first asked for.
        self._actions: list[_Action] = []
        self._sniff_at = -1  # the action that placed the sniff, its form chosen (§9 O4)
        self._history: list[PublicAction] = []
        self._clear_legal()
        self._last_hand_end: HandEndEvent | None = None
        # The record: the hands before this one (never changed once archived, so copies
        # share them) and this hand's deal and actions.
        self._past_hands: tuple[_HandLog, ...] = ()
        self._hand_deal: _HandDeal | None = None
        # The score rules (settlement.py, shared with the bots' hand model) and hot-path
        # constants read from them.
        sr = self._score_rules = score_rules(rules)
        self._reserve = sr.reserve
        self._no_drawing = not rules.drawing  # spares the boneyard arithmetic in block games
        self._overdraw = rules.overdraw_allowed
        # Play score of every possible counted total (no layout of 28 tiles counts 400).
        self._score_table = sr.score_table

    # ------------------------------------------------------------------ dealing
    def _draw_lot(self) -> int:
        """RULES.md §2.1: each candidate draws a tile; the highest pip total leads; ties redraw."""
        candidates = list(range(self._players))
        while len(candidates) > 1:
            ids = _shuffled_ids(self._random())
            drawn = {seat: PIPS[ids[k]] for k, seat in enumerate(candidates)}
            best = max(drawn.values())
            candidates = [s for s in candidates if drawn[s] == best]
        return candidates[0]

    def _check_deal(self, deal: Deal) -> tuple[list[int], list[int]]:
        rules = self._rules
        if not isinstance(deal, Deal) or len(deal.hands) != rules.players:
            got = len(deal.hands) if isinstance(deal, Deal) else type(deal).__name__
            raise DealError(
                f"invalid deal: {got} hand(s), expected {rules.players}", key="invalid_deal"
            )
        seen: set[Tile] = set()
        masks = []

        def take(tile: object, where: str) -> None:
            if not isinstance(tile, Tile):
                raise DealError(f"invalid deal: {tile!r} in {where}: expected a Tile",
                                       key="invalid_deal")
            if tile in seen:
                raise DealError(
                    f"invalid deal: tile {tile} appears twice ({where}); each tile must appear "
                    "once", key="invalid_deal")
            seen.add(tile)

        for seat, hand in enumerate(deal.hands):
            if len(hand) != rules.hand_size:
                raise DealError(
                    f"invalid deal: seat {seat} has {len(hand)} tiles, expected "
                    f"{rules.hand_size}", key="invalid_deal",
                )
            for tile in hand:
                take(tile, f"seat {seat}")
            masks.append(mask_of(hand))
        for tile in deal.boneyard:
            take(tile, "boneyard")
        if len(seen) != TILE_COUNT:
            raise DealError(
                f"invalid deal: the hands and the boneyard hold {len(seen)} tiles, expected "
                f"each of the {TILE_COUNT} once", key="invalid_deal",
            )
        return masks, [t.id for t in deal.boneyard]

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

    def _random(self) -> random.Random:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    def _deal_hand(self, deal: Deal | None, leader: int | None) -> None:
        rules = self._rules
        n = self._players
        prev = self._hand_end
        how = opening_method(rules, self._hand_number, prev)
        if leader is not None and (
            not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < n
        ):
            raise DealError(
                f"invalid leader {leader!r}: expected a seat from 0 to {n - 1}",
                key="invalid_leader",
            )
        chosen: int | None = None
        if how == "lot":
            chosen = leader if leader is not None else self._draw_lot()
        if deal is None:
            ids = _shuffled_ids(self._random())
            h = rules.hand_size
            # One itemgetter call fetches the bit of every dealt tile; a hand's bits are
            # distinct, so their sum is its mask (cheaper than 1 << id tile by tile).
            bits = itemgetter(*ids)(_BIT)
            masks = [sum(bits[s * h:(s + 1) * h]) for s in range(n)]
            bone = ids[n * h:]
        else:
            masks, bone = self._check_deal(deal)
        forced = -1
        if how == "highest":
            chosen, forced = _highest_opener(masks)
        elif how == "winner":
            assert prev is not None and prev.out_seat is not None
            chosen = prev.out_seat
        elif how == "rotate":
            chosen = (self._leader + 1) % n
        elif how == "fixed":
            chosen = 0
        assert chosen is not None
        if leader is not None and leader != chosen:
            why = {"highest": "holds the tile that must lead", "winner": "went out last hand",
                   "rotate": "is next in turn to lead", "fixed": "is the only player"}[how]
            raise DealError(
                f"invalid leader {leader}: seat {chosen} {why}", key="invalid_leader",
            )
        if rules.is_solitaire and (self._hand_number == 0 or rules.handicap_each_hand):
            self._scores = (self._scores[0], self._scores[1] + rules.handicap)  # deck handicap
        self._hand_number += 1
        self._hands = masks
        self._boneyard = bone
        self._bpos = 0
        self._layout.clear()
        self._leader = chosen
        self._turn = chosen
        self._forced_lead = forced
        self._phase = PLAY
        self._hand_end = None
        self._last_hand_end = None
        self._stack.clear()
        self._clear_legal()
        # The record keeps the deal as masks and ids; it is written out only when asked for.
        if self._hand_deal is not None:
            self._past_hands += (self._hand_record(),)
        self._hand_deal = {"hands": masks[:], "boneyard": bone, "leader": chosen}
        self._actions = []
        self._sniff_at = -1
        self._history = []

    def next_hand(self, deal: Deal | None = None, leader: int | None = None) -> None:
        """Deal the next hand (after ``phase == "hand_over"``) with the rules' opener."""
        if self._phase != HAND_OVER:
            raise UsageError(
                "cannot deal the next hand: " + (
                    "the game is over" if self._phase == GAME_OVER else "the hand is not over"
                ), key="no_next_hand",
            )
        self._start_hand(deal, leader)

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
    def history(self) -> tuple[PublicAction, ...]:
        """The public actions of the current hand (drawn tiles included: see ``view``)."""
        done = self._history
        actions = self._actions
        if len(done) < len(actions):
            # Built once per action. A port's value is fixed once its tile is placed, and the
            # tiles of a checked move are never taken back, so the values read now are those
            # the action saw.
            value = self._layout.value
            for k in range(len(done), len(actions)):
                seat, code, drawn, ends = actions[k]
                move = _sniff_move(code) if k == self._sniff_at else Move.from_code(code)
                # The open ends in Layout.ends_list order (by node, in-line before branch).
                done.append(PublicAction(
                    seat, move.kind, move if move.code >= 0 else None,
                    TILE_BY_ID[drawn] if drawn >= 0 else None,
                    tuple(map(value.__getitem__, sorted(ends)))))
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

    # ------------------------------------------------------------------ legal moves
    def _clear_legal(self) -> None:
        """Forget the cached legal moves (see ``_codes``): the position changed."""
        self._legal_codes: list[int] | None = None
        self._legal_moves: LegalMoves | None = None
        self._pushed_top: object = None
        self._pushed_codes: list[int] = []

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
                raise self._illegal(text, "no_match")
            candidates.sort(key=lambda m: _PORT_ORDER[m.port])
            move = candidates[0]
        if not self.is_legal(move):
            reason, params = self._why_illegal(move)
            raise self._illegal(text, reason, **params)
        return move

    def _why_illegal(self, move: Move) -> tuple[str, dict[str, object]]:
        """Why ``move`` is illegal: a reason id of ``_ILLEGAL_REASONS`` and its parameters."""
        if self._phase != PLAY:
            return ("game_over" if self._phase == GAME_OVER else "hand_over"), {}
        if move.form and not (self._sniff_choice and self._layout.sniff_open):
            return "no_form", {}
        if move.kind == "lead" and move.tile is not None:
            if self._layout.count:
                return "already_led", {}
            if not self._hands[self._turn] >> move.tile.id & 1:
                return "not_held", {"seat": self._turn, "tile": str(move.tile)}
            return "must_lead", {"tile": str(TILE_BY_ID[self._forced_lead])}
        if move.kind == "draw":
            return ("can_place" if self.is_overdraw and not self._overdraw
                    else "cannot_draw"), {}
        if move.kind == "pass":
            return "can_move", {}
        return "not_placement", {}

    def _illegal(self, text: object, reason: str, **params: object) -> IllegalMoveError:
        legal = " ".join(m.notation(explicit=True) for m in self.legal_moves) or "none"
        why = _ILLEGAL_REASONS[reason].format(**params)
        return IllegalMoveError(
            f"illegal move {text!r} for seat {self._turn}: {why}; legal: {legal}",
            key="illegal_move", move=str(text), reason=reason, legal=legal, **params,
        )

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
        if move.__class__ is Move and self._phase is PLAY and not move.form:
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
            reason, params = self._why_illegal(move)
            raise self._illegal(move.notation(explicit=True), reason, **params)
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
                self._hand_number, seat, _EVENT_TEXT[code] or _texts(code)[0], layout.total,
                scores[side] - before[side], scores, "play"))
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
            text = str(_sniff_move(code))
        ended = self._phase is not PLAY
        if ended:
            self._last_hand_end = self._hand_end_event(hand_no)
        if not events:
            return []
        after_play = self._scores_before_settlement()
        new: list[Event]
        if code >= 0:
            side = self._side[seat]
            new = [PlayEvent(hand_no, seat, text or _texts(code)[0], layout.total,
                             after_play[side] - before[side], after_play)]
        elif drawn >= 0:
            new = [DrawEvent(hand_no, seat, TILE_BY_ID[drawn], after_play)]
        else:
            new = [PassEvent(hand_no, seat)]
        if ended:
            assert self._last_hand_end is not None
            new.append(self._last_hand_end)
            if self._phase is GAME_OVER:
                assert self._winner is not None
                new.append(GameEndEvent(self._winner, self._scores))
        self._events += new
        return new

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

    def _scores_before_settlement(self) -> tuple[int, ...]:
        if self._hand_end is None or self._hand_end.result == "target":
            return self._scores
        return tuple(s - d for s, d in zip(self._scores, self._hand_end.deltas, strict=True))

    # ------------------------------------------------------------------ other views
    def copy(self, *, rng: random.Random | None = None) -> Game:
        """An independent game in the same position, cheap enough for search: no events, no
        undo history; the record's earlier hands are shared (they never change), and the copy
        draws its future deals and lots from ``rng``, else from a fresh random source made when
        it first needs one (the original's random source is neither copied nor touched)."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._rng = rng
        other._rng_seed = None
        other._clear_legal()
        other._hands = self._hands[:]  # the boneyard list is never changed in place: shared
        other._layout = self._layout.copy()
        other._stack = []
        other._push_undo = other._stack.append
        other._events = []
        other._actions = self._actions[:]
        other._history = self._history[:]
        deal = self._hand_deal
        if deal is not None:  # set_next_draw replaces the boneyard: a dict of its own
            other._hand_deal = {"hands": deal["hands"], "boneyard": deal["boneyard"],
                                "leader": deal["leader"]}
        return other

    def determinised(self, hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile]) -> Game:
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
    ) -> Game:
        """A game in the middle of a hand (bots search determinisations with it)."""
        game = cls.__new__(cls)
        game._setup(rules, rng)
        game._rng_seed = 0  # without ``rng``, later deals come from random.Random(0)
        if scores is not None:
            game._scores = tuple(scores)
        game._start_scores = tuple(game._scores)
        game._hand_number = hand_number
        game._hands = [mask_of(h) for h in hands]
        game._boneyard = [t.id for t in boneyard]
        game._leader = leader
        game._turn = turn
        game._forced_lead = forced_lead.id if forced_lead is not None else -1
        for move in placements:
            game._layout.apply(move)
        game._layout.forget_undo()
        # The position has no full deal: its record (if asked for) starts from here.
        game._hand_deal = {"hands": game._hands[:], "boneyard": game._boneyard[:],
                           "leader": leader}
        return game

    def view(self, seat: int | None) -> SeatView:
        """What one seat (or a spectator, ``None``) may know."""
        from fives.views import SeatView  # views build on the game, not the other way

        return SeatView.of(self, seat)

    def to_record(
        self,
        meta: Mapping[str, object] | None = None,
        hand_meta: Sequence[Mapping[str, object] | None] | Mapping[int, Mapping[str, object]]
        | None = None,
    ) -> RecordJSON:
        """The game's record (RULES.md §12.3), with optional ``meta`` objects: ``meta`` for the
        record, ``hand_meta`` per hand (a list aligned with the hands or a mapping of 0-based
        hand indexes); replay ignores them (see ``fives.record.add_meta``)."""
        record = self._record()
        if meta is not None or hand_meta is not None:
            from fives.record import add_meta  # records build on the game

            add_meta(record, meta, hand_meta)
        return record

    def _hand_record(self) -> _HandLog:
        """The current hand's deal and actions for the record (``_deal_hand`` archives it; the
        actions list is never changed after: the next hand starts a new one)."""
        deal = self._hand_deal
        assert deal is not None
        return {"hands": deal["hands"], "boneyard": deal["boneyard"], "leader": deal["leader"],
                "actions": self._actions, "sniff_at": self._sniff_at}

    def _logs(self) -> tuple[_HandLog, ...]:
        return self._past_hands + ((self._hand_record(),) if self._hand_deal is not None else ())

    def _record(self) -> RecordJSON:
        return {
            "format": "fives-record/1",
            "rules": self._rules.name,
            "options": self._rules.options(),
            "start_scores": list(self._start_scores),
            "hands": [
                {"hands": [[str(t) for t in tiles_of(m)] for m in log["hands"]],
                 "boneyard": [str(TILE_BY_ID[i]) for i in log["boneyard"]],
                 "leader": log["leader"], "actions": [
                     _sniff_move(c).notation(explicit=c >> 6 != LEAD_PORT)
                     if k == log["sniff_at"] else _texts(c)[1]
                     for k, (_, c, _, _) in enumerate(log["actions"])]}
                for log in self._logs()
            ],
        }

    def __repr__(self) -> str:
        return (f"<Game {self._rules.name} hand {self._hand_number} {self._phase.value} "
                f"turn {self._turn} scores {self._scores} {self._layout!r}>")


def opening_method(rules: Ruleset, hands_played: int, previous: HandEnd | None) -> str:
    """How the leader of the next hand is chosen: ``lot``, ``highest`` (the highest double
    must lead), ``winner`` (the out player leads any tile), ``rotate`` or ``fixed``."""
    rule = rules.opener
    went_out = previous is not None and previous.result == "out"
    if rule == "solo":
        return "fixed"
    if rule == "highest_double_each_hand":
        return "highest"
    if rule == "winner_leads":
        return "winner" if went_out else "lot"
    if rule == "winner_else_highest_double":
        return "winner" if went_out else "highest"
    return "lot" if hands_played == 0 else "rotate"  # rotate


# Placement codes of a set of tiles on a port of a value (at most 112 x 7 x 128 entries).
# One small dict per (port, value), keyed by the hand's matching tiles: small int keys and
# small dicts are measurably faster than one big dict keyed by (port, value, tiles).
_PLACE_CODES: list[dict[int, tuple[int, ...]]] = [{} for _ in range(MAX_NODES * 4 * 8)]
_BIT = tuple(1 << i for i in range(TILE_COUNT))
_TEXTS: dict[int, tuple[str, str]] = {}  # move code -> (event notation, record notation)
# Event notation by placement code (the checked path's lookup; "" until first needed).
_EVENT_TEXT: list[str] = [""] * ((LEAD_PORT + 1) << 6)


def _texts(code: int) -> tuple[str, str]:
    """A move's notation in events (``str``) and in records (explicit port), cached by code."""
    texts = _TEXTS.get(code)
    if texts is None:
        move = Move.from_code(code)
        texts = _TEXTS[code] = (str(move), move.notation(explicit=move.kind == "place"))
        if code >= 0:
            _EVENT_TEXT[code] = texts[0]
    return texts
# The lead of each tile with its high half west, the orientation legal_codes lists.
_LEAD_OF = tuple(Move.lead(t) for t in ALL_TILES)
_new = tuple.__new__
_DRAW_WIDTH = tuple((i + 1).bit_length() for i in range(TILE_COUNT))


def _sniff_move(code: int) -> Move:
    """The sniff's lead or placement ``code`` with the form its placer chose (bit 0: British;
    §9 O4), as events, the history and the record write it."""
    return Move.from_code(code).with_form("british" if code & 1 else "us")


def _sniff_form_move(code: int) -> Move:
    """The legal move of ``code`` while the sniff's placer chooses its form: a double's lead or
    placement with its form named, ``us`` (bit 0 clear) or ``british`` (§9 O4)."""
    move = Move.from_code(code)
    if code >= 0 and move.tile is not None and move.tile.is_double and not move.form:
        return move.with_form("us")
    return move


def _shuffled_ids(rng: random.Random) -> list[int]:
    """The tile ids in the order ``rng.shuffle`` gives them (uniform, RULES.md §1.3).

    For a plain ``random.Random`` the shuffle's own draws are made here, inline: the same
    Fisher-Yates swaps from the same ``getrandbits`` calls (so the same deals for a seed), but
    without its 27 Python calls of ``Random._randbelow``, the largest cost of a deal in random
    playouts (about 3.3 against 2.2 microseconds a shuffle).
    """
    ids = list(range(TILE_COUNT))
    if type(rng) is not random.Random:
        rng.shuffle(ids)  # a subclass may draw differently: let it shuffle
        return ids
    getrandbits = rng.getrandbits
    for i in range(TILE_COUNT - 1, 0, -1):
        width = _DRAW_WIDTH[i]
        j = getrandbits(width)
        while j > i:  # rejection keeps j uniform in 0..i
            j = getrandbits(width)
        ids[i], ids[j] = ids[j], ids[i]
    return ids


def _highest_opener(masks: Sequence[int]) -> tuple[int, int]:
    """The holder of the highest double and that tile; else of the heaviest tile (§3.1)."""
    everything = 0
    for m in masks:
        everything |= m
    doubles = everything & DOUBLES_MASK
    # Double ids grow with their value, so the highest bit is the highest double.
    tid = (doubles.bit_length() - 1) if doubles else max(
        ids_of(everything), key=lambda i: heaviest_key(TILE_BY_ID[i])
    )
    for seat, m in enumerate(masks):
        if m >> tid & 1:
            return seat, tid
    raise AssertionError("the opening tile is in no hand")
