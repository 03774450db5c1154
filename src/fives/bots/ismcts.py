"""Information-set Monte Carlo tree search below the first move (a bench level, ``ismcts``).

The expert (``expert``) plays every candidate first move on a sampled deal and finishes the hand
with a greedy-plus-dump playout: every later move, ours included, is greedy. This level keeps the
expert's root (each iteration samples one deal with ``inference.sample_soft`` and plays *every*
candidate first move on it, so the candidates are compared on equal luck; the same pruning and
stopping rule) and grows, under each candidate, a single-observer information-set tree with
partially observable moves (SO-ISMCTS+POM, Cowling, Powley and Whitehouse 2012):

- A node is what this seat has seen since the root: placements are public, so they are keyed by
  their code; another seat's draw is one edge whatever the tile (we cannot see it); our own draw
  is keyed by the tile we drew (we see it); a pass is one edge.
- A decision node's edges are the moves legal *in the current sample* (another seat's tiles
  differ from sample to sample): the selection is a subset-armed bandit, UCB1 with each edge's
  availability count in place of the parent's visits, values from the mover's side (each side
  maximises its own lead: partners share a side, three individuals are three sides).
- Progressive widening: the moves of a node are ranked by the playout policy (points now, then
  the heaviest tile) and only the first ``1 + sqrt(visits / WIDEN)`` are open, so a node visited
  a few times plays as the playout would and the alternatives come in as the visits grow; a
  lightly searched tree therefore degrades to the expert, not to uniform exploration.
- One node is added per descent; the rest of the hand is the expert's greedy-plus-dump playout
  (``sim.HandSim.rollout``), and the outcome is the expert's value per side (lead gained in raw
  points plus half the target for the game won or lost).

Single observer rather than multiple observers: in these games every placement is public and the
only hidden moves are draws, so this seat's tree already separates everything it can observe;
the multiple-observer variant would keep one more tree per seat (a cost per iteration that pure
Python cannot spare at a few hundred iterations a decision) to stop the other seats' choices in
the tree from adapting to our hand, which they see only through their results.

An iteration is one sampled deal with one descent per live candidate, as in the expert, so an
iteration budget compares the two at the same number of samples and playouts. Once nothing is
hidden (2 players and an empty boneyard, or the solitaire's) the hand is solved exactly
(``endgame``), as the expert does.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

from fives.bots import endgame
from fives.bots.base import Budget, Candidate, Player, SampleLoop, limits
from fives.bots.expert import (
    MIN_ITERATIONS,
    PRUNE_EVERY,
    candidates,
    move_groups,
    prune,
    scores_at_once,
    solve_endgame,
)
from fives.bots.inference import infer, sample_soft
from fives.bots.sim import HEAVY, HandSim, outcome_value
from fives.moves import DRAW
from fives.settlement import MAX_TOTAL, ScoreRules, score_rules
from fives.tiles import IS_DOUBLE

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView

DEFAULT_SECONDS = 0.25  # as the expert, when the caller gives no budget
PRUNE_Z = 3.0  # the expert's pruning of first moves
PRUNE_FROM = 32
UCB_C = 0.7  # exploration, in standard deviations of the outcomes seen so far
WIDEN = 4.0  # a node with n visits opens 1 + floor(sqrt(n / WIDEN)) of its moves
# Keys of the edges that are not placements (placement codes are >= 0).
OTHER_DRAW = -1  # another seat draws a tile we cannot see
PASS_KEY = -2
OWN_DRAW = -100  # our own draw of tile t is OWN_DRAW - t (we see the tile)


class _Node:
    """One information set of this seat below a first move."""

    __slots__ = ("edges", "kids", "visits")

    def __init__(self) -> None:
        self.visits = 0
        # Decision statistics per move key: [visits, total value for the mover, availability].
        self.edges: dict[int, list[float]] = {}
        self.kids: dict[int, _Node] = {}  # the next information set, by what we observed


class IsmctsPlayer(Player):
    name = "ismcts"
    level = 5

    def __init__(
        self, seed: int | None = None, *, ucb_c: float = UCB_C, widen: float = WIDEN,
        prune_z: float = PRUNE_Z, prune_from: int = PRUNE_FROM, exact: bool = True,
    ) -> None:
        super().__init__(seed)
        self.exact = exact  # solve the rest of the hand once nothing is hidden
        self.ucb_c = ucb_c
        self.widen = widen
        self.prune_z = prune_z
        self.prune_from = prune_from
        self.nodes = 0  # tree nodes of the last decision (for the benchmarks and tests)

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        if len(moves) == 1:
            return [Candidate(moves[0], 0.0)]
        seconds, iterations = limits(budget, DEFAULT_SECONDS)
        started = time.perf_counter()
        if self.exact and endgame.applies(view):
            exact = solve_endgame(view, moves, seconds, iterations)
            if exact is not None:
                return exact
        rules = view.rules
        me = view.seat
        assert me is not None
        r = score_rules(rules)
        side = rules.side_of(me)
        know = infer(view, soft=True)
        start = list(view.scores)
        scale = 5 if r.displayed else 1
        win_value = rules.target * scale * 0.5
        overdraw = rules.overdraw_allowed
        groups = move_groups(view, moves)
        reps = [g[0] for g in groups]
        if len(reps) == 1:
            return [Candidate(m, 0.0) for m in moves]
        k = len(reps)
        sums = [0.0] * k
        sq = [0.0] * k
        mine = [0.0] * k
        theirs = [0.0] * k
        fished = [0] * k
        samples = [0] * k
        trees = [_Node() for _ in range(k)]
        alive = list(range(k))
        sides = len(start)
        others = [s for s in range(sides) if s != side]
        loop = SampleLoop(budget, DEFAULT_SECONDS, min_iterations=MIN_ITERATIONS,
                          started=started)
        rng = self.rng
        # Outcomes seen so far, for the scale of the exploration term.
        stats = [0.0, 0.0, 0.0]
        search = _Descent(r, me, overdraw, self.ucb_c, self.widen, rng, stats)
        while True:
            hands, bone = sample_soft(know, rng)
            bone.reverse()  # the sim pops the top from the end
            root = HandSim(r, view.layout.copy(), hands, bone, start, me)
            for i in alive:
                sim = root.copy()
                node, fish = _first_move(sim, reps[i], trees[i])
                fished[i] += fish
                path = search.descend(sim, node)
                scores = sim.scores
                winner = sim.winner if sim.over else None
                values = [outcome_value(scores, start, s, scale, winner, win_value)
                          for s in range(sides)]
                for edge, mover in path:
                    edge[0] += 1
                    edge[1] += values[mover]
                v = values[side]
                sums[i] += v
                sq[i] += v * v
                samples[i] += 1
                stats[0] += 1
                stats[1] += v
                stats[2] += v * v
                mine[i] += scores[side] - start[side]
                if others:
                    theirs[i] += sum(scores[s] - start[s] for s in others) / len(others)
            count = loop.count + 1
            if count >= self.prune_from and count % PRUNE_EVERY == 0:
                alive = prune(alive, sums, sq, samples, self.prune_z)
                if len(alive) == 1 and iterations is None:
                    break
            if loop.done():
                break
        self.nodes = search.nodes
        return candidates(groups, sums, samples, mine, theirs, fished)


class _Descent:
    """One descent of a tree on a sampled deal: select, expand one node, play out."""

    __slots__ = ("c", "me", "nodes", "overdraw", "r", "rng", "stats", "widen")

    def __init__(
        self, r: ScoreRules, me: int, overdraw: bool, c: float, widen: float,
        rng: random.Random, stats: list[float],
    ) -> None:
        self.r = r
        self.me = me
        self.overdraw = overdraw
        self.c = c
        self.widen = widen
        self.rng = rng
        self.stats = stats
        self.nodes = 0

    def descend(self, sim: HandSim, node: _Node) -> list[tuple[list[float], int]]:
        """Walk ``sim`` down the tree from ``node`` (mutating both), then play the hand out.
        Returns the edges chosen, each with its mover's side, for the backup."""
        r = sim.r
        layout = sim.layout
        table = r.score_table
        side_of = r.side_of
        me = self.me
        path: list[tuple[list[float], int]] = []
        stats = self.stats
        n = stats[0]
        if n > 1:
            mean = stats[1] / n
            spread = math.sqrt(max(0.0, stats[2] / n - mean * mean))
        else:
            spread = 1.0
        c = self.c * max(1.0, spread)
        while not sim.hand_over:
            if not layout.count:
                break  # a lead inside the tree: the playout leads the heaviest tile
            seat = sim.turn
            hand = sim.hands[seat]
            playable = hand & layout.ends_mask()
            if not playable:
                if r.can_draw(len(sim.bone)):
                    key = OWN_DRAW - sim.bone[-1] if seat == me else OTHER_DRAW
                    sim.draw()
                else:
                    key = PASS_KEY
                    sim.pass_()
                kid = node.kids.get(key)
                if kid is None:
                    kid = node.kids[key] = _Node()
                    self.nodes += 1
                node = kid
                continue
            codes = layout.placement_codes(playable)
            if len(codes) > 1 or (self.overdraw and r.can_draw(len(sim.bone))):
                # Rank by the playout policy: points now, then the heaviest tile, singles first.
                ranked = []
                for code in codes:
                    total = layout.place_code(code)
                    layout.undo()
                    tid = (code >> 1) & 31
                    pts = table[total] if total < MAX_TOTAL else 0
                    ranked.append((pts * 4096 + HEAVY[tid] * 2 + (0 if IS_DOUBLE[tid] else 1),
                                   code))
                ranked.sort(reverse=True)
                keys = [code for _, code in ranked]
                if self.overdraw and r.can_draw(len(sim.bone)):
                    keys.append(DRAW)  # the solitaire's overdraw, the policy's last choice
                best_key, chosen = self._select(node, keys, c)
                path.append((chosen, side_of[seat]))
                if best_key == DRAW:
                    key = OWN_DRAW - sim.bone[-1]
                    sim.draw()
                else:
                    key = best_key
                    sim.place(best_key)
                kid = node.kids.get(key)
                if kid is None:
                    node.kids[key] = _Node()
                    self.nodes += 1
                    break  # one new node per descent; the playout does the rest
                node = kid
            else:
                code = codes[0]
                sim.place(code)
                kid = node.kids.get(code)
                if kid is None:
                    kid = node.kids[code] = _Node()
                    self.nodes += 1
                node = kid
        if not sim.hand_over:
            sim.rollout(self.rng)
        return path

    def _select(self, node: _Node, keys: list[int], c: float) -> tuple[int, list[float]]:
        """The move to try at a decision node, among the first ``keys`` (ranked by the playout
        policy) that progressive widening opens: an untried one first, else the best UCB1
        score, with each edge's availability count in place of the parent's visits."""
        node.visits += 1
        open_ = 1 + int(math.sqrt(node.visits / self.widen))
        edges = node.edges
        chosen: list[float] | None = None
        best_key = keys[0]
        best = -math.inf
        for key in keys[:open_]:
            edge = edges.get(key)
            if edge is None:
                edge = edges[key] = [0, 0.0, 0]
            edge[2] += 1
            if best == math.inf:
                continue  # an untried move is already chosen: only count availability
            if edge[0] == 0:
                score = math.inf
            else:
                score = edge[1] / edge[0] + c * math.sqrt(math.log(edge[2]) / edge[0])
            if score > best:
                best = score
                best_key = key
                chosen = edge
        assert chosen is not None
        return best_key, chosen


def _first_move(sim: HandSim, move: Move, tree: _Node) -> tuple[_Node, bool]:
    """Play a first move on ``sim``: the tree node it leads to, and for an overdraw whether
    the tile drawn scores at once."""
    if move.kind != "draw":
        sim.place(move.code)
        return tree, False
    top = sim.bone[-1]
    sim.draw()
    return tree.kids.setdefault(OWN_DRAW - top, _Node()), scores_at_once(sim, top)
