"""The score rules of a hand, in one place: play points, the target, draws and the settlement.

Everything that changes a score or ends a hand on a score is decided here and nowhere else:
``Game`` (the engine) and ``bots.sim.HandSim`` (the bots' fast hand model) both call these
functions, so the two cannot disagree. The module is pure: it reads plain numbers (pips and
tile counts per seat, scores per side) and returns new values; it never sees a ``Game``.

RULES.md: play score §1.5 / §9 O3; target checks §1.8, §9 O5 (``target_exact``), O18; hand
settlements §2.5, §3.5, §4.5, §5.5, §9 O6, O7 (``blocked_tie=split``), O12, O13; the deck's
draws and block penalty §4, §9 O15.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from fives.events import HandResult
from fives.rules import Ruleset, hand_value
from fives.tiles import TILE_COUNT

# No layout of the 28 tiles counts 400 or more: a play score table covers every total.
MAX_TOTAL = 400


class HandOutcome(NamedTuple):
    """How a hand ended, for the scores: what each side got and whether the game is won."""

    result: HandResult
    winner: int | None  # the side that won the hand (``target``: the side that reached it)
    deltas: tuple[int, ...]  # per side, as applied (an exact target drops an overshoot)
    scores: tuple[int, ...]  # per side, after the deltas
    game_winner: int | None  # the side that won the game, or None if the game goes on


class CountedHands(NamedTuple):
    """What a hand's settlement counted (``ScoreRules.counted_hands``)."""

    seats: tuple[int | None, ...]  # per seat: its hand's value as counted, None if not counted
    sides: tuple[int | None, ...]  # per side, where the sides' totals are compared (§5.5)
    rounded: bool  # the values are the rounded hands (§1.6), not raw pips


@dataclass(frozen=True, slots=True)
class ScoreRules:
    """The parts of a ``Ruleset`` that score, as flat fields (read them on hot paths)."""

    players: int
    sides: int
    side_of: tuple[int, ...]
    score_table: tuple[int, ...]  # the play score of every counted total below MAX_TOTAL
    settlement: str
    displayed: bool  # scores in displayed points (T/5) rather than raw pips
    tiebreak_tiles: bool  # a blocked tie on pips is broken by the tile count
    blocked_split: bool  # O7: players tied for the lowest share the pot
    block_penalty_pips: bool  # the solitaire's deck gains raw pips (else D(p))
    target: int
    immediate: bool  # target_check == "immediate"
    exact: bool  # O5: a score past the target is not applied
    drawing: bool
    reserve: int  # tiles that stay in the boneyard (more than the set when nobody draws)
    end_on_empty: bool  # empty_hand == "end"
    draw_cost: int  # points the solitaire's deck gets for a charged draw
    charge_every_draw: bool  # O15 draw_cost_on=every_draw (else only overdraws are charged)

    # ------------------------------------------------------------------ during play
    def play_points(self, total: int) -> int:
        """The play score of a counted total (RULES.md §1.5, §9 O3)."""
        return self.score_table[total] if total < MAX_TOTAL else 0

    def add(self, scores: tuple[int, ...], side: int, points: int) -> tuple[int, ...] | None:
        """The scores after ``side`` gains ``points`` during play; None when an exact target
        refuses the overshoot (the move itself stands)."""
        new = scores[side] + points
        if self.exact and new > self.target:
            return None
        return (*scores[:side], new, *scores[side + 1:])

    def reached(self, scores: tuple[int, ...], side: int) -> bool:
        """Whether a score just gained during play ends the game at once."""
        return self.immediate and scores[side] >= self.target

    def can_draw(self, boneyard_left: int) -> bool:
        """Whether a seat with no placement draws (else it passes): §1.7, §9 O13 reserve."""
        return boneyard_left > self.reserve

    def out_when_empty(self, boneyard_left: int) -> bool:
        """Whether playing one's last tile ends the hand (SOL-4; ``empty_hand=draw_on`` draws on
        while the boneyard can be drawn from)."""
        return self.end_on_empty or boneyard_left <= self.reserve

    def draw_points(self, overdraw: bool) -> int:
        """What the deck (side 1) gains for a draw of the solitaire (0 elsewhere): only an
        overdraw, a draw beside a legal placement, is charged (§4.3, SOL-2), unless
        ``draw_cost_on=every_draw`` (O15) charges forced draws too."""
        return self.draw_cost if overdraw or self.charge_every_draw else 0

    # ------------------------------------------------------------------ end of the hand
    def round_hand(self, pips: int) -> int:
        """A hand's rounded value in the score unit: D(p) or R5(p) (RULES.md §1.6; the
        formula is ``fives.rules.hand_value``)."""
        return hand_value(pips, self.displayed)

    def settle(
        self, result: HandResult, out_seat: int | None, pips: Sequence[int],
        tiles: Sequence[int],
    ) -> tuple[int | None, list[int]]:
        """Who wins a hand that went out or blocked, and each side's change before the target
        rule (``pips``, ``tiles``: per seat, what is left in hand)."""
        return self._settle(result, out_seat, pips, tiles, None)

    def counted_hands(
        self, result: HandResult, out_seat: int | None, pips: Sequence[int],
        tiles: Sequence[int],
    ) -> CountedHands:
        """What the settlement of this hand counted: each seat's hand (or, where it compares
        the sides' totals, each side's) in the score unit, None where it counts none, and
        whether those values are rounded (§1.6) or raw pips. For the reveal: a front end shows
        a rounding only where the settlement applies it."""
        seats: list[int | None] = [None] * self.players
        sides: list[int | None] = [None] * self.sides
        if result != "target":
            self._settle(result, out_seat, pips, tiles, (seats, sides))
        raw = self.settlement == "raw_pips" or (
            self.settlement == "deck" and self.block_penalty_pips)
        return CountedHands(tuple(seats), tuple(sides), not raw)

    def _settle(
        self, result: HandResult, out_seat: int | None, pips: Sequence[int],
        tiles: Sequence[int], note: tuple[list[int | None], list[int | None]] | None,
    ) -> tuple[int | None, list[int]]:
        """``settle``; with ``note``, also writes there what it counted (per seat, per side)."""
        side_of = self.side_of
        n = self.players
        deltas = [0] * self.sides
        rnd = self.round_hand
        mode = self.settlement
        out_side = side_of[out_seat] if out_seat is not None else None
        if mode == "deck":
            if result == "out":
                return 0, deltas
            deltas[1] = pips[0] if self.block_penalty_pips else rnd(pips[0])
            if note is not None:
                note[0][0] = deltas[1]
            return None, deltas
        if mode in ("debit_own", "self_debit"):
            # Five Up's rule and the All Fives / Muggins variant are the same computation:
            # every seat's side loses that seat's own rounded hand (in the preset's unit).
            for s in range(n):
                deltas[side_of[s]] -= rnd(pips[s])
            if note is not None:
                note[0][:] = [rnd(p) for p in pips]
            return out_side, deltas
        if mode == "none":
            return out_side, deltas
        if mode == "side_difference" and result != "out":
            totals = [0] * self.sides
            for s in range(n):
                totals[side_of[s]] += pips[s]
            low = min(totals)
            if totals.count(low) > 1:
                return None, deltas
            lowest = totals.index(low)
            deltas[lowest] = sum(rnd(t) for i, t in enumerate(totals) if i != lowest) - rnd(low)
            if note is not None:
                note[1][:] = [rnd(t) for t in totals]
            return lowest, deltas
        return self._collect(result, out_side, pips, tiles, note)

    def _collect(
        self, result: HandResult, out_side: int | None, pips: Sequence[int],
        tiles: Sequence[int], note: tuple[list[int | None], list[int | None]] | None,
    ) -> tuple[int | None, list[int]]:
        """winner_collects and side_difference when out (rounded hands); raw_pips (unrounded):
        the winner takes the others' hands."""
        side_of = self.side_of
        n = self.players
        deltas = [0] * self.sides
        value: Callable[[int], int] = _raw if self.settlement == "raw_pips" else self.round_hand
        w = out_side if result == "out" else self.blocked_winner(pips, tiles)
        if w is None:
            if result != "out" and self.blocked_split:
                return None, self._split(pips, tiles, value, note)
            return None, deltas
        deltas[w] = sum(value(pips[s]) for s in range(n) if side_of[s] != w)
        if note is not None:
            for s in range(n):
                if side_of[s] != w:
                    note[0][s] = value(pips[s])
        return w, deltas

    def blocked_winner(self, pips: Sequence[int], tiles: Sequence[int]) -> int | None:
        """Lowest side pips, then (where the rules say so) fewest tiles; None on a tie
        (AF-4, O6, O12, O13)."""
        side_of = self.side_of
        side_pips = [0] * self.sides
        side_tiles = [0] * self.sides
        for s in range(self.players):
            side_pips[side_of[s]] += pips[s]
            if self.tiebreak_tiles:
                side_tiles[side_of[s]] += tiles[s]
        keys = list(zip(side_pips, side_tiles, strict=True))
        best = min(keys)
        return keys.index(best) if keys.count(best) == 1 else None

    def _split(
        self, pips: Sequence[int], tiles: Sequence[int], value: Callable[[int], int],
        note: tuple[list[int | None], list[int | None]] | None = None,
    ) -> list[int]:
        """O7: players tied for the lowest (after the tile tie-break) share the others' hands."""
        deltas = [0] * self.sides
        n = self.players
        keys = [(pips[s], tiles[s]) for s in range(n)]
        best = min(keys)
        tied = [s for s in range(n) if keys[s] == best]
        pot = sum(value(pips[s]) for s in range(n) if s not in tied)
        if note is not None:
            for s in range(n):
                if s not in tied:
                    note[0][s] = value(pips[s])
        for s in tied:
            deltas[s] = pot // len(tied)
        return deltas

    def apply(
        self, scores: tuple[int, ...], deltas: Sequence[int]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The scores after a settlement and the deltas as applied: under an exact target a
        gain past it is dropped (O5); then every change counts at once (O6)."""
        if self.exact:
            target = self.target
            applied = tuple(0 if d > 0 and scores[i] + d > target else d
                            for i, d in enumerate(deltas))
        else:
            applied = tuple(deltas)
        return tuple(s + d for s, d in zip(scores, applied, strict=True)), applied

    def game_winner(self, scores: Sequence[int]) -> int | None:
        """The test at the end of a hand (§1.8): the highest score at or past the target wins
        if nobody shares it."""
        best = max(scores)
        if best >= self.target and list(scores).count(best) == 1:
            return list(scores).index(best)
        return None

    def end_hand(
        self, scores: tuple[int, ...], result: HandResult, out_seat: int | None,
        pips: Sequence[int], tiles: Sequence[int], reached: int | None = None,
    ) -> HandOutcome:
        """The whole end of a hand: settle, apply, test the target. ``result == "target"``
        (``reached``: the side that reached it during play) settles nothing."""
        if result == "target":
            return HandOutcome(result, reached, (0,) * self.sides, scores, reached)
        winner, deltas = self.settle(result, out_seat, pips, tiles)
        new, applied = self.apply(scores, deltas)
        return HandOutcome(result, winner, applied, new, self.game_winner(new))


def _raw(pips: int) -> int:
    return pips


_CACHE: dict[Ruleset, ScoreRules] = {}


def score_rules(rules: Ruleset) -> ScoreRules:
    """The score rules of a ruleset (built once per ruleset)."""
    found = _CACHE.get(rules)
    if found is None:
        found = _CACHE[rules] = ScoreRules(
            players=rules.players,
            sides=rules.sides,
            side_of=tuple(rules.side_of(s) for s in range(rules.players)),
            score_table=tuple(rules.score_of_total(t) for t in range(MAX_TOTAL)),
            settlement=rules.settlement,
            displayed=rules.unit == "displayed",
            tiebreak_tiles=rules.blocked_tiebreak_tiles,
            blocked_split=rules.blocked_tie == "split",
            block_penalty_pips=rules.block_penalty == "pips",
            target=rules.target,
            immediate=rules.target_check == "immediate",
            exact=rules.target_exact,
            drawing=rules.drawing,
            reserve=rules.boneyard_reserve if rules.drawing else TILE_COUNT + 1,
            end_on_empty=rules.empty_hand == "end",
            draw_cost=rules.draw_cost,
            charge_every_draw=rules.draw_cost_on == "every_draw",
        )
    return found


__all__ = ["MAX_TOTAL", "CountedHands", "HandOutcome", "ScoreRules", "score_rules"]
