"""A fast model of the rest of a hand, for the search levels' playouts.

It runs on a determinisation (every hand and the boneyard order filled in) and uses the engine's
own ``Layout`` fast path (``place_code``/``undo``), so placements and the counted total are
exact, and the engine's own score rules (``fives.settlement``: play points, draws, the target,
the end of the hand and its settlement), so a hand played here ends and scores exactly as in a
``Game``. What it leaves out is the record keeping; the search only uses the outcome as an
*estimate* of a move's value, and the move actually played always comes from the view's legal
moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from fives.events import HandResult
from fives.layout import Layout
from fives.settlement import ScoreRules
from fives.tiles import HIGH, IS_DOUBLE, PIPS, TILE_COUNT, ids_of, pips_of

# Tiles weighed for "dump the heaviest": pips first, then the larger half (as greedy).
HEAVY: tuple[int, ...] = tuple(PIPS[t] * 8 + HIGH[t] for t in range(TILE_COUNT))


class HandSim:
    """One determinised position; ``play``/``rollout`` mutate it (use ``copy`` first)."""

    __slots__ = (
        "bone",
        "hand_over",
        "hands",
        "layout",
        "over",
        "r",
        "scores",
        "turn",
        "winner",
    )

    def __init__(
        self,
        r: ScoreRules,
        layout: Layout,
        hands: list[int],
        bone: list[int],
        scores: Sequence[int],
        turn: int,
    ) -> None:
        self.r = r
        self.layout = layout
        self.hands = hands
        self.bone = bone  # top of the boneyard is the LAST element (pop from the end)
        self.scores = tuple(scores)
        self.turn = turn
        self.over = False  # the game ended (target reached)
        self.winner: int | None = None
        self.hand_over = False

    def copy(self) -> HandSim:
        return HandSim(
            self.r, self.layout.copy(), self.hands[:], self.bone[:], self.scores, self.turn
        )

    # --------------------------------------------------------------- scoring and settlement
    def _add(self, side: int, points: int) -> None:
        r = self.r
        new = r.add(self.scores, side, points)
        if new is None:
            return
        self.scores = new
        if r.reached(new, side):
            self._end("target", None, side)

    def _end(self, result: HandResult, out_seat: int | None, reached: int | None = None) -> None:
        """End of hand: the engine's settlement and target test (``fives.settlement``)."""
        hands = self.hands
        outcome = self.r.end_hand(
            self.scores, result, out_seat, [pips_of(h) for h in hands],
            [h.bit_count() for h in hands], reached,
        )
        self.scores = outcome.scores
        self.hand_over = True
        self.winner = outcome.game_winner
        self.over = outcome.game_winner is not None

    def _next(self, seat: int) -> None:
        """The turn moves on, unless nobody can place or draw: then the hand is blocked."""
        r = self.r
        if not r.can_draw(len(self.bone)):
            ends = self.layout.ends_mask()
            for h in self.hands:
                if h & ends:
                    break
            else:
                self._end("blocked", None)
                return
        self.turn = (seat + 1) % r.players

    # --------------------------------------------------------------- moves
    def place(self, code: int) -> None:
        """The current seat places (a code of a legal placement or lead)."""
        seat = self.turn
        r = self.r
        total = self.layout.place_code(code)
        hand = self.hands[seat] & ~(1 << ((code >> 1) & 31))
        self.hands[seat] = hand
        points = r.score_table[total]
        if points:
            self._add(r.side_of[seat], points)
            if self.hand_over:
                return
        if not hand and r.out_when_empty(len(self.bone)):
            self._end("out", seat)
            return
        self._next(seat)

    def draw(self) -> None:
        """The current seat draws: forced, or (solitaire only) an overdraw beside a placement,
        which the deck is paid for (§4.3)."""
        seat = self.turn
        hand = self.hands[seat]
        layout = self.layout
        overdraw = bool(hand & layout.ends_mask()) if layout.count else hand != 0
        tid = self.bone.pop()
        self.hands[seat] = hand | 1 << tid
        cost = self.r.draw_points(overdraw)
        if cost:
            self._add(1, cost)  # the solitaire's deck

    def pass_(self) -> None:
        self._next(self.turn)

    def rollout(self, rng: random.Random, epsilon: float = 0.0, defense: float = 0.0) -> None:
        """Play to the end of the hand with greedy-plus-dump play for every seat.

        With ``defense`` > 0 a seat also subtracts that share of the best score the next seat
        (when it is an opponent) could make on the ends left, from its hand in this sample.
        """
        r = self.r
        layout = self.layout
        table = r.score_table
        hands = self.hands
        side_of = r.side_of
        players = r.players
        while not self.hand_over:
            seat = self.turn
            hand = hands[seat]
            if layout.count == 0:
                # Leading (only after a root lead was undone, or a fresh hand): heaviest tile.
                tid = max(ids_of(hand), key=HEAVY.__getitem__)
                self.place((127 << 6) | (tid << 1))
                continue
            playable = hand & layout.ends_mask()
            if playable:
                codes = layout.placement_codes(playable)
                if len(codes) == 1:
                    best = codes[0]
                elif epsilon and rng.random() < epsilon:
                    best = codes[rng.randrange(len(codes))]
                else:
                    nxt = (seat + 1) % players
                    rival = hands[nxt] if defense and side_of[nxt] != side_of[seat] else 0
                    best = codes[0]
                    best_key = -1e9
                    for code in codes:
                        total = layout.place_code(code)
                        key = float(table[total] if total < 400 else 0)
                        if rival:
                            reply = rival & layout.ends_mask()
                            if reply:
                                threat = 0
                                for c2 in layout.placement_codes(reply):
                                    t2 = layout.place_code(c2)
                                    layout.undo()
                                    pts = table[t2] if t2 < 400 else 0
                                    if pts > threat:
                                        threat = pts
                                key -= defense * threat
                        layout.undo()
                        tid = (code >> 1) & 31
                        key = key * 4096 + HEAVY[tid] * 2 + (0 if IS_DOUBLE[tid] else 1)
                        if key > best_key:
                            best_key = key
                            best = code
                self.place(best)
            elif r.can_draw(len(self.bone)):
                self.draw()
            else:
                self.pass_()

    def value(self, side: int, start: list[int], win_value: float) -> float:
        """Gain of ``side`` minus the mean gain of the other sides, plus the game result."""
        winner = self.winner if self.over else None
        return outcome_value(self.scores, start, side, 5 if self.r.displayed else 1, winner,
                             win_value)


def outcome_value(
    scores: Sequence[int], start: Sequence[int], side: int, scale: int, winner: int | None,
    win_value: float,
) -> float:
    """Gain of ``side`` minus the mean gain of the other sides in raw points (``scale`` 5 for
    scores kept in fives), plus ``win_value`` for a won game and minus it for a lost one."""
    gains = [s - s0 for s, s0 in zip(scores, start, strict=True)]
    others = [g for s, g in enumerate(gains) if s != side]
    v = (gains[side] - (sum(others) / len(others) if others else 0.0)) * scale
    if winner is not None:
        v += win_value if winner == side else -win_value
    return v
