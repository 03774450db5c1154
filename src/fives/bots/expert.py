"""Level 5 (expert): determinised Monte Carlo search over hidden hands.

Each iteration samples the hidden tiles consistently with what this seat knows
(``inference``), then plays every candidate move on that same sample and finishes the hand with
a fast greedy-plus-dump playout for every seat (``sim``); a move's value is its mean outcome
(points of our side minus the others', plus a bonus for winning the game). Using one sample for
all candidates compares them on equal luck. The samples are weighted by the soft evidence
(``inference.sample_soft``: what the other seats chose not to play); ``ExpertPbiPlayer``
weights them by a model of how each other seat plays instead (``belief.PolicyBelief``: the
likelihood of its placements so far). Candidates that trail the
leader by a clear margin (``PRUNE_Z`` standard errors, from ``PRUNE_FROM`` iterations on) are
dropped as the evidence comes in, so the time goes to the close calls; with a time budget the
decision ends once one candidate is left. ``ExpertV1Player`` keeps the first expert's settings.

Once nothing is hidden (2 players and an empty boneyard, or the solitaire's empty boneyard) the
rest of the hand is solved exactly instead (``endgame``), when that fits in half the budget.
"""

from __future__ import annotations

import functools
import math
import time
from typing import TYPE_CHECKING

from fives.bots import endgame
from fives.bots.base import Budget, Candidate, Player, SampleLoop, limits
from fives.bots.belief import PolicyBelief
from fives.bots.greedy import greedy_key
from fives.bots.inference import infer, sample_deal, sample_soft
from fives.bots.sim import HandSim
from fives.settlement import score_rules

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView

DEFAULT_SECONDS = 0.25  # when the caller gives no budget
MIN_ITERATIONS = 4
PRUNE_EVERY = 8
PRUNE_Z = 3.0  # a move is dropped once it trails the best by this many standard errors
PRUNE_FROM = 32  # ... but not before this many iterations
# About the time of one sampling iteration, so an iteration budget bounds the time as well.
ENDGAME_NODES_PER_ITERATION = 30


class ExpertPlayer(Player):
    name = "expert"
    level = 5

    def __init__(
        self, seed: int | None = None, *, epsilon: float = 0.0, defense: float = 0.0,
        prune_z: float = PRUNE_Z, prune_from: int = PRUNE_FROM, soft: bool = True,
        policy: bool = False,
    ) -> None:
        super().__init__(seed)
        self.epsilon = epsilon  # share of random moves in the playouts
        self.defense = defense  # weight of the next opponent's best reply in the playouts
        self.prune_z = prune_z  # standard errors by which a dropped move trails the best
        self.prune_from = prune_from  # iterations before the first pruning
        self.soft = soft  # weight the sampled hands by the soft evidence
        self.policy = policy  # ... by a model of each other seat's play (``belief``)

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        if len(moves) == 1:
            return [Candidate(moves[0], 0.0)]
        seconds, iterations = limits(budget, DEFAULT_SECONDS)
        started = time.perf_counter()  # the budget covers the endgame attempt and the sampling
        if endgame.applies(view):
            exact = solve_endgame(view, moves, seconds, iterations)
            if exact is not None:
                return exact
        rules = view.rules
        me = view.seat
        assert me is not None
        r = score_rules(rules)
        side = rules.side_of(me)
        know = infer(view, soft=self.soft or self.policy)
        start = list(view.scores)
        win_value = rules.target * (5 if r.displayed else 1) * 0.5
        groups = move_groups(view, moves)
        reps = [g[0] for g in groups]
        if len(reps) == 1:
            return [Candidate(m, 0.0) for m in moves]
        sums = [0.0] * len(reps)
        sq = [0.0] * len(reps)
        # Per move: our side's and the others' expected gains (score unit), and for an
        # overdraw how often the tile drawn scores at once.
        mine = [0.0] * len(reps)
        theirs = [0.0] * len(reps)
        fished = [0] * len(reps)
        others = [s for s in range(len(start)) if s != side]
        samples = [0] * len(reps)
        alive = list(range(len(reps)))
        loop = SampleLoop(budget, DEFAULT_SECONDS, min_iterations=MIN_ITERATIONS,
                          started=started)
        rng = self.rng
        if self.policy:
            sample = PolicyBelief(know).sample
        else:
            sample = functools.partial(sample_soft if self.soft else sample_deal, know)
        while True:
            hands, bone = sample(rng)
            bone.reverse()  # the sim pops the top from the end
            root = HandSim(r, view.layout.copy(), hands, bone, start, me)
            for i in alive:
                sim = root.copy()
                if reps[i].kind == "draw":
                    top = sim.bone[-1]
                    sim.draw()
                    if scores_at_once(sim, top):
                        fished[i] += 1
                else:
                    sim.place(reps[i].code)
                if not sim.hand_over:
                    sim.rollout(rng, self.epsilon, self.defense)
                v = sim.value(side, start, win_value)
                sums[i] += v
                sq[i] += v * v
                samples[i] += 1
                mine[i] += sim.scores[side] - start[side]
                if others:
                    theirs[i] += sum(sim.scores[s] - start[s] for s in others) / len(others)
            count = loop.count + 1
            if count >= self.prune_from and count % PRUNE_EVERY == 0:
                alive = prune(alive, sums, sq, samples, self.prune_z)
                if len(alive) == 1 and iterations is None:
                    break  # one move is clearly best: more samples would not change it
            if loop.done():  # the iteration budget is spent, or one more would overrun the time
                break
        return candidates(groups, sums, samples, mine, theirs, fished)

class ExpertV2Player(ExpertPlayer):
    """The expert as measured before policy-based inference (79.2% against greedy at 100
    iterations, seed 8128): the same player as ``expert`` today, under a name that stays
    fixed when ``expert`` changes. A bench level."""

    name = "expert-v2"


class ExpertPbiPlayer(ExpertPlayer):
    """The expert with policy-based inference (``belief.PolicyBelief``): samples drawn from a
    model of how each other seat plays. Not measurably stronger than the expert yet
    (docs/BOTS.md), so a bench level."""

    name = "expert-pbi"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, policy=True)


class ExpertV1Player(ExpertPlayer):
    """The expert as it was first measured (80.3% against greedy): hard evidence only, and
    pruning at 2.5 standard errors from the 8th iteration on, which stops most decisions
    after a few dozen iterations. Kept as a level to measure the expert against."""

    name = "expert-v1"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed, prune_z=2.5, prune_from=PRUNE_EVERY, soft=False, policy=False)


def move_groups(view: SeatView, moves: tuple[Move, ...]) -> list[list[Move]]:
    """The moves to search, grouped: placements that leave the same total and the same open
    ends are the same move for the future (e.g. the N and S arms of a fresh spinner), so each
    group is searched once, by its first move."""
    groups: dict[tuple[int, int, tuple[int, ...]], list[Move]] = {}
    layout = view.layout.copy()
    for move in moves:
        if move.tile is None:  # the solitaire's overdraw, beside the placements
            groups.setdefault((-1, 0, ()), []).append(move)
            continue
        total = layout.place_code(move.code)
        ends = tuple(sorted(layout.value[p] for p in layout.ends))
        layout.undo()
        groups.setdefault((move.tile.id, total, ends), []).append(move)
    return list(groups.values())


def candidates(
    groups: list[list[Move]], sums: list[float], samples: list[int], mine: list[float],
    theirs: list[float], fished: list[int],
) -> list[Candidate]:
    """Every move with its group's mean value (a pruned group keeps the mean it had when
    dropped; ties go to the heavier tile), its side's and the others' mean gains, and for an
    overdraw how often the tile drawn scored at once."""
    out = []
    for i, members in enumerate(groups):
        n = max(1, samples[i])
        mean = sums[i] / n
        odds = fished[i] / n if members[0].kind == "draw" else None
        for move in members:
            out.append(Candidate(move, round(mean, 3) + greedy_key(0, move) / 1000,
                                 round(mine[i] / n, 2), round(theirs[i] / n, 2), odds))
    return out


def solve_endgame(
    view: SeatView, moves: tuple[Move, ...], seconds: float | None, iterations: int | None,
) -> list[Candidate] | None:
    """Exact values once nothing is hidden, within half the time (or a node budget)."""
    deadline = time.perf_counter() + seconds / 2 if seconds is not None else math.inf
    # An iteration budget gives a node budget, so that the choice stays reproducible.
    nodes = min(endgame.NODE_LIMIT, iterations * ENDGAME_NODES_PER_ITERATION) if (
        iterations is not None) else endgame.NODE_LIMIT
    values = endgame.solve(view, moves, deadline=deadline, node_limit=nodes)
    if values is None:
        return None
    return [Candidate(m, round(v, 3) + greedy_key(0, m) / 1000) for m, v in values.items()]


def scores_at_once(sim: HandSim, tid: int) -> bool:
    """Whether tile ``tid`` (just drawn) can be placed for points on the sim's layout."""
    layout = sim.layout
    if not layout.count:
        return False
    table = sim.r.score_table
    for code in layout.placement_codes(1 << tid):
        total = layout.place_code(code)
        layout.undo()
        if table[total]:
            return True
    return False


def prune(
    alive: list[int], sums: list[float], sq: list[float], samples: list[int], z: float
) -> list[int]:
    """Drop the moves that trail the best by more than ``z`` standard errors."""
    means = {i: sums[i] / samples[i] for i in alive}
    best = max(alive, key=lambda i: means[i])

    def var(i: int) -> float:
        return max(0.0, sq[i] / samples[i] - means[i] ** 2) / samples[i]

    return [
        i for i in alive
        if i == best or means[best] - means[i] < z * math.sqrt(var(i) + var(best)) + 1e-9
    ]
