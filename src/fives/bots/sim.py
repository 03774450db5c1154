"""A fast model of the rest of a hand, for the search levels' playouts.

It runs on a determinisation (every hand and the boneyard order filled in) and uses the engine's
own ``Layout`` fast path (``place_code``/``undo``), so placements and the counted total are
exact. Turn procedure (§1.7), play scoring, immediate target checks and the end-of-hand
settlements of every preset are modelled here in a compact form; the search only uses the
outcome as an *estimate* of a move's value, and the move actually played always comes from the
view's legal moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from fives.layout import Layout
from fives.tiles import HIGH, IS_DOUBLE, PIPS, TILE_COUNT, ids_of

# Tiles weighed for "dump the heaviest": pips first, then the larger half (as greedy).
HEAVY: tuple[int, ...] = tuple(PIPS[t] * 8 + HIGH[t] for t in range(TILE_COUNT))


@dataclass(frozen=True)
class SimRules:
    """The parts of a Ruleset the playouts need, as plain tuples and flags."""

    players: int
    sides: int
    side_of: tuple[int, ...]
    score_table: tuple[int, ...]  # points of a counted total
    drawing: bool
    reserve: int
    settlement: str
    immediate: bool
    target: int
    target_exact: bool
    draw_cost: int
    solitaire: bool
    displayed: bool
    block_penalty: str
    blocked_tie: str

    @staticmethod
    def of(rules: Any) -> SimRules:
        table = tuple(rules.score_of_total(t) for t in range(400))
        return SimRules(
            players=rules.players,
            sides=rules.sides,
            side_of=tuple(rules.side_of(s) for s in range(rules.players)),
            score_table=table,
            drawing=rules.drawing,
            reserve=rules.boneyard_reserve,
            settlement=rules.settlement,
            immediate=rules.target_check == "immediate",
            target=rules.target,
            target_exact=rules.target_exact,
            draw_cost=rules.draw_cost,
            solitaire=rules.is_solitaire,
            displayed=rules.unit == "displayed",
            block_penalty=rules.block_penalty,
            blocked_tie=rules.blocked_tie,
        )

    def round_hand(self, pips: int) -> int:
        return (pips + 2) // 5 if self.displayed else 5 * ((pips + 2) // 5)


_SIM_CACHE: dict[Any, SimRules] = {}


def sim_rules(rules: Any) -> SimRules:
    cached = _SIM_CACHE.get(rules)
    if cached is None:
        cached = SimRules.of(rules)
        _SIM_CACHE[rules] = cached
    return cached


def pips_in(mask: int) -> int:
    return sum(PIPS[t] for t in ids_of(mask))


class HandSim:
    """One determinised position; ``play``/``rollout`` mutate it (use ``copy`` first)."""

    __slots__ = ("r", "layout", "hands", "bone", "scores", "turn", "passes", "over", "winner",
                 "hand_over")

    def __init__(
        self,
        r: SimRules,
        layout: Layout,
        hands: list[int],
        bone: list[int],
        scores: list[int],
        turn: int,
    ) -> None:
        self.r = r
        self.layout = layout
        self.hands = hands
        self.bone = bone  # top of the boneyard is the LAST element (pop from the end)
        self.scores = scores
        self.turn = turn
        self.passes = 0
        self.over = False  # the game ended (target reached)
        self.winner: int | None = None
        self.hand_over = False

    def copy(self) -> HandSim:
        other = HandSim(
            self.r, self.layout.copy(), self.hands[:], self.bone[:], self.scores[:], self.turn
        )
        other.passes = self.passes
        return other

    # --------------------------------------------------------------- scoring and settlement
    def _add(self, side: int, points: int) -> None:
        r = self.r
        new = self.scores[side] + points
        if r.immediate and r.target_exact and new > r.target:
            return
        self.scores[side] = new
        if r.immediate and new >= r.target and points > 0:
            self.over = True
            self.winner = side
            self.hand_over = True

    def _settle(self, out_seat: int | None) -> None:
        """End of hand: the settlement of the rules, then the end-of-hand target test."""
        r = self.r
        self.hand_over = True
        pips = [pips_in(h) for h in self.hands]
        side_of = r.side_of
        deltas = [0] * r.sides
        kind = r.settlement
        if kind == "deck":
            if out_seat is None:
                deltas[1] = pips[0] if r.block_penalty == "pips" else (pips[0] + 2) // 5
        elif kind in ("debit_own", "self_debit"):
            for seat, p in enumerate(pips):
                deltas[side_of[seat]] -= r.round_hand(p)
        elif kind == "side_difference" and out_seat is None:
            per_side = [0] * r.sides
            for seat, p in enumerate(pips):
                per_side[side_of[seat]] += p
            low = min(per_side)
            if per_side.count(low) == 1:
                w = per_side.index(low)
                deltas[w] = sum(r.round_hand(p) for s, p in enumerate(per_side) if s != w) - (
                    r.round_hand(low)
                )
        elif kind in ("winner_collects", "raw_pips", "side_difference"):
            winner = self._hand_winner(out_seat, pips)
            if winner is not None:
                deltas[winner] = sum(
                    (p if kind == "raw_pips" else r.round_hand(p))
                    for s, p in enumerate(pips) if side_of[s] != winner
                )
        scores = self.scores
        for side, delta in enumerate(deltas):
            if r.target_exact and delta > 0 and scores[side] + delta > r.target:
                continue
            scores[side] += delta
        best = max(scores)
        if best >= r.target and scores.count(best) == 1:
            self.over = True
            self.winner = scores.index(best)

    def _hand_winner(self, out_seat: int | None, pips: list[int]) -> int | None:
        r = self.r
        if out_seat is not None:
            return r.side_of[out_seat]
        # Blocked: the lowest side total, then the fewest tiles; a tie names nobody.
        per_side = [0] * r.sides
        tiles = [0] * r.sides
        for seat, p in enumerate(pips):
            per_side[r.side_of[seat]] += p
            tiles[r.side_of[seat]] += self.hands[seat].bit_count()
        key = [(per_side[s], tiles[s]) for s in range(r.sides)]
        best = min(key)
        if key.count(best) > 1:
            return None
        return key.index(best)

    # --------------------------------------------------------------- moves
    def place(self, code: int) -> None:
        """The current seat places (a code of a legal placement or lead)."""
        seat = self.turn
        total = self.layout.place_code(code)
        self.hands[seat] &= ~(1 << ((code >> 1) & 31))
        points = self.r.score_table[total] if total < 400 else 0
        if points:
            self._add(self.r.side_of[seat], points)
            if self.over:
                return
        self.passes = 0
        if not self.hands[seat]:
            self._settle(seat)
            return
        self.turn = (seat + 1) % self.r.players

    def draw(self) -> None:
        tid = self.bone.pop()
        self.hands[self.turn] |= 1 << tid
        if self.r.draw_cost:
            self._add(1, self.r.draw_cost)

    def pass_(self) -> None:
        self.passes += 1
        if self.passes >= self.r.players:
            self._settle(None)
            return
        self.turn = (self.turn + 1) % self.r.players

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
            elif r.drawing and len(self.bone) > r.reserve:
                self.draw()
            else:
                self.pass_()

    def value(self, side: int, start: list[int], win_value: float) -> float:
        """Gain of ``side`` minus the mean gain of the other sides, plus the game result."""
        r = self.r
        gains = [s - s0 for s, s0 in zip(self.scores, start, strict=True)]
        mine = gains[side]
        others = [g for s, g in enumerate(gains) if s != side]
        v = mine - (sum(others) / len(others) if others else 0.0)
        if r.displayed:
            v *= 5  # every level compares in raw points
        if self.over and self.winner is not None:
            v += win_value if self.winner == side else -win_value
        return v
