"""The player interface shared by every bot level.

A player sees exactly one seat's ``SeatView`` (what the web and terminal show that seat), a
``Budget`` and its own seeded RNG; it never touches the ``Game``, so it cannot read hidden tiles.
"""

from __future__ import annotations

import functools
import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from fives.claims import callers
from fives.errors import UsageError
from fives.moves import Move
from fives.settlement import MAX_TOTAL

if TYPE_CHECKING:
    from collections.abc import Mapping

    from fives.game import Game
    from fives.rules import Ruleset
    from fives.views import SeatView


@dataclass(frozen=True)
class Budget:
    """How long a player may think: wall-clock seconds, a number of iterations, or both.

    Search levels stop at whichever limit comes first; the simple levels ignore the budget.
    Iteration budgets make a seeded player fully reproducible (time budgets depend on the
    machine).
    """

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, (int, float))
            or not math.isfinite(self.seconds)
            or self.seconds <= 0
        ):
            raise UsageError(
                f"invalid budget seconds {self.seconds!r}: expected a positive number",
                key="invalid_budget", value=repr(self.seconds),
            )
        if self.iterations is not None and (
            isinstance(self.iterations, bool)
            or not isinstance(self.iterations, int)
            or self.iterations < 1
        ):
            raise UsageError(
                f"invalid budget iterations {self.iterations!r}: expected a positive integer",
                key="invalid_budget", value=repr(self.iterations),
            )


@dataclass(frozen=True)
class Candidate:
    """One candidate move with the player's estimate of its value (higher is better)."""

    move: Move
    value: float
    # What the expert expects of the move for the rest of the hand, in the rules' score unit:
    # ``points`` for the mover's side, ``against`` for the other sides (the solitaire's deck);
    # ``odds``, for an overdraw, the chance that the tile drawn scores at once. None elsewhere.
    points: float | None = None
    against: float | None = None
    odds: float | None = None


# How bots count under RULES.md §9 O1 (muggins claims): ``exact`` (every claim right, every
# short claim seen called) or ``human``, where the lower levels sometimes count short and
# sometimes let an opponent's short count go (docs/BOTS.md, measured by bench/muggins_rates.py).
Counting = Literal["exact", "human"]
COUNTING: tuple[Counting, ...] = ("exact", "human")
# Per level under ``human`` counting: (the chance of claiming a scoring tile short, the chance of
# not calling an opponent's short claim). The expert never misses; levels not named count exact.
HUMAN_COUNTING: dict[str, tuple[float, float]] = {
    "random": (0.30, 0.50),
    "greedy": (0.20, 0.35),
    "heuristic": (0.12, 0.20),
    "search": (0.06, 0.10),
    "expert": (0.0, 0.0),
}


class Player:
    """Base class of the bot levels.

    ``choose`` returns one of ``view.legal_moves``; ``explain`` ranks the legal moves best
    first, for hints. Subclasses implement ``_rank`` (and may override ``_choose`` when a cheaper
    path exists). Under muggins claims (§9 O1) ``choose`` claims its lead or placement (see
    ``claim``) and may return the seat's muggins call (see ``call``), which a table also asks
    of the seats whose turn it is not.
    """

    name: str = "player"
    level: int = 0
    counting: Counting = "exact"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    def choose(self, view: SeatView, budget: Budget | None = None) -> Move:
        moves = _legal_moves(view)
        if view.rules.muggins_claims:
            return self._choose_claiming(view, moves, budget)
        if len(moves) == 1:  # a forced draw, pass or placement: nothing to think about
            return moves[0]
        return self._choose(view, moves, budget)

    # ------------------------------------------------------------------ muggins claims (O1)
    def set_counting(self, counting: str) -> None:
        """Count ``exact`` or like a ``human`` (see ``HUMAN_COUNTING``)."""
        if counting not in COUNTING:
            raise UsageError(
                f"invalid counting {counting!r}: expected exact or human",
                key="invalid_counting", value=repr(counting))
        self.counting = "human" if counting == "human" else "exact"

    @property
    def counting_rates(self) -> tuple[float, float]:
        """(chance of a short claim on a scoring tile, chance of letting a short claim go)."""
        if self.counting == "exact":
            return 0.0, 0.0
        return HUMAN_COUNTING.get(self.name, (0.0, 0.0))

    def _counting_rng(self) -> random.Random:
        # Counting draws from a source of its own, so that the moves chosen are those of the
        # same seed without claims.
        rng: random.Random | None = self.__dict__.get("_count_rng")
        if rng is None:
            rng = self.__dict__["_count_rng"] = random.Random(
                None if self.seed is None else f"count:{self.seed}")
        return rng

    def claim(self, view: SeatView, move: Move) -> Move:
        """``move`` with this player's claim: exact, or under ``human`` counting sometimes
        short (any lower score the rules can give, 0 included)."""
        if move.kind not in ("lead", "place"):
            return move
        layout = view.layout.copy()
        exact = view.rules.score_of_total(layout.place_code(move.code))
        miss = self.counting_rates[0]
        if exact > 0 and miss and self._counting_rng().random() < miss:
            lower = [v for v in _play_scores(view.rules) if v < exact]
            return move.with_claim(self._counting_rng().choice(lower))
        return move.with_claim(exact)

    def call(self, view: SeatView) -> Move | None:
        """This seat's muggins call on the last placement, or None: a call only on a claim
        that was short (never a mistaken one), always in ``exact`` counting, and under
        ``human`` counting but for the level's rate of letting it go (one decision a window)."""
        if not view.rules.muggins_claims or view.seat is None:
            return None
        mine = Move.muggins(view.seat)
        if mine not in view.legal_moves or not view.history:
            return None
        last = view.history[-1]
        if last.kind not in ("lead", "place") or last.move is None:
            return None
        if view.rules.score_of_total(view.layout.total) <= last.move.claim:
            return None
        key = (view.hand_number, len(view.history))
        memo: dict[tuple[int, int], bool] = self.__dict__.setdefault("_calls", {})
        if key not in memo:
            fail = self.counting_rates[1]
            memo.clear()
            memo[key] = not (fail and self._counting_rng().random() < fail)
        return mine if memo[key] else None

    def _choose_claiming(self, view: SeatView, moves: tuple[Move, ...],
                         budget: Budget | None) -> Move:
        call = self.call(view)
        if call is not None:
            return call
        own = tuple(m for m in moves if m.kind != "muggins")
        if not own:  # only a call was open to this seat, and it lets it go
            raise UsageError(
                f"no legal move for seat {view.seat!r} but a muggins call it does not make: "
                f"it is seat {view.turn!r}'s turn", key="no_legal_move",
                seat=repr(view.seat), turn=view.turn)
        move = own[0] if len(own) == 1 else self._choose(view, own, budget)
        return self.claim(view, move)

    def explain(
        self, view: SeatView, top: int = 3, budget: Budget | None = None
    ) -> list[Candidate]:
        if isinstance(top, bool) or not isinstance(top, int) or top < 1:
            raise UsageError(f"invalid top {top!r}: expected a positive integer",
                             key="invalid_top", value=repr(top))
        moves = _legal_moves(view)
        if view.rules.muggins_claims:  # the tile moves only: a call is not a move to rank
            moves = tuple(m for m in moves if m.kind != "muggins") or moves
        ranked = self._rank(view, moves, budget)
        ranked.sort(key=lambda c: -c.value)
        return ranked[:top]

    def _choose(self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None) -> Move:
        ranked = self._rank(view, moves, budget)
        best = max(c.value for c in ranked)
        # Ties are broken by the player's RNG so that equal moves are not always played the same.
        tied = [c.move for c in ranked if c.value == best]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        raise NotImplementedError


class SampleLoop:
    """The stopping rule shared by the sampling levels: an iteration count, a deadline, or both.

    ``limits(budget, default_seconds)`` reads a budget (no budget: ``default_seconds``).
    ``done()`` is called after each iteration: it counts it and says whether to stop, either
    because the iteration budget is spent or because one more iteration, as long as the longer
    of the last one and the mean so far, would overrun the deadline (never before
    ``min_iterations``). ``started`` lets the
    caller charge work done before the loop (the expert's endgame attempt) to the same budget.
    """

    __slots__ = ("began", "count", "deadline", "iterations", "last", "min_iterations", "seconds")

    def __init__(
        self, budget: Budget | None, default_seconds: float, *, min_iterations: int = 1,
        started: float | None = None,
    ) -> None:
        self.seconds, self.iterations = limits(budget, default_seconds)
        self.began = time.perf_counter()
        start = self.began if started is None else started
        self.deadline = start + self.seconds if self.seconds is not None else math.inf
        self.min_iterations = min_iterations
        self.count = 0
        self.last = self.began

    def done(self) -> bool:
        self.count += 1
        if self.iterations is not None and self.count >= self.iterations:
            return True
        if self.seconds is None:
            return False
        now = time.perf_counter()
        step = max(now - self.last, (now - self.began) / self.count)
        self.last = now
        return self.count >= self.min_iterations and now + step >= self.deadline


def limits(budget: Budget | None, default_seconds: float) -> tuple[float | None, int | None]:
    """(seconds, iterations) of a budget; ``default_seconds`` when it sets neither."""
    if budget is None or (budget.seconds is None and budget.iterations is None):
        return default_seconds, None
    return budget.seconds, budget.iterations


def _legal_moves(view: SeatView) -> tuple[Move, ...]:
    moves = tuple(view.legal_moves)
    if not moves:
        raise UsageError(
            f"no legal move for seat {view.seat!r}: it is seat {view.turn!r}'s turn "
            f"(phase {view.phase!r})", key="no_legal_move", seat=repr(view.seat), turn=view.turn,
        )
    return moves


@functools.lru_cache(maxsize=32)
def _play_scores(rules: Ruleset) -> tuple[int, ...]:
    """Every play score the rules can give (0 included), in order: what a short count says."""
    return tuple(sorted({rules.score_of_total(t) for t in range(MAX_TOTAL)}))


def table_call(game: Game, players: Mapping[int, Player]) -> Move | None:
    """The first muggins call (§9 O1) that the bot seats ``players`` make on the window open in
    ``game``, asked in turn order from the placer (the seats that may call, X-6), or None. A
    table asks it after every placement, before the next action."""
    window = game.call_window
    if window is None:
        return None
    for seat in callers(game.rules, window.placer):
        player = players.get(seat)
        if player is not None:
            call = player.call(game.view(seat))
            if call is not None:
                return call
    return None
