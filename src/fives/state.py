"""A game's state: every field of a ``Game``, its read-only views, copies and positions.

``GameState`` is the part of ``Game`` that knows what a game holds (``_setup`` makes every
field, ``_begin_hand`` sets a hand's position, ``_unshare`` separates a copy) and reads it out
(the properties, ``copy``, ``determinised``, ``from_position``, ``to_record``);
``Game`` (game.py) adds what changes it: dealing, turns, legal moves, push / pop and play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple, Self

from fives.errors import DealError, UsageError
from fives.events import Event, HandEndEvent, HandResult
from fives.layout import Layout
from fives.moves import LegalMoves, Move
from fives.record_writer import (
    Action,
    HandDeal,
    HandLog,
    PublicAction,
    extend_history,
    hand_log,
    write_record,
)
from fives.rules import Ruleset
from fives.settlement import score_rules
from fives.tiles import TILE_BY_ID, Tile, mask_of, tiles_of

if TYPE_CHECKING:
    from fives.record import RecordJSON


class Phase(StrEnum):
    """Where a game stands; a ``str``, so ``game._phase == "play"`` holds too."""

    PLAY = "play"
    HAND_OVER = "hand_over"
    GAME_OVER = "game_over"


PLAY, HAND_OVER, GAME_OVER = Phase.PLAY, Phase.HAND_OVER, Phase.GAME_OVER
class HandEnd(NamedTuple):
    result: HandResult
    winner: int | None
    out_seat: int | None
    pips: tuple[int, ...]
    deltas: tuple[int, ...]


def new_layout(rules: Ruleset) -> Layout:
    """An empty layout of these rules (a sniff whose placer chooses its form: §9 O4)."""
    return Layout(rules.spinners, rules.spinner_branches_immediate, rules.sniff,
                  rules.sniff_orientation_choice and rules.sniff != "none")


class GameState:
    """The state of a game (see the module's note); ``Game`` is the class to use."""

    _scores: tuple[int, ...]  # per side; a new tuple on each change, so undo keeps a reference
    _start_scores: tuple[int, ...]

    def __new__(cls, rules: Ruleset | None = None, *args: object, **kwargs: object) -> Self:
        # ``Game`` picks its class by the rules (a ClaimsGame under muggins claims).
        return object.__new__(cls)

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
        (events are appended, or cut at the tail and rewritten within one move by a Muggins
        claim: a changed last seen event means a fresh scan)."""
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
        game = cls.__new__(cls, rules)  # a ClaimsGame under muggins claims (see Game)
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
        hand indexes); replay ignores them (see ``fives.record.add_meta``)."""
        record = write_record(self._rules, self._start_scores, self._logs())
        if meta is not None or hand_meta is not None:
            from fives.record import add_meta  # records build on the game

            add_meta(record, meta, hand_meta)
        return record

    def _logs(self) -> tuple[HandLog, ...]:
        deal = self._hand_deal
        return self._past_hands + (
            (hand_log(deal, self._actions, self._sniff_at),) if deal is not None else ())

    def __repr__(self) -> str:
        return (f"<Game {self._rules.name} hand {self._hand_number} {self._phase.value} "
                f"turn {self._turn} scores {self._scores} {self._layout!r}>")
