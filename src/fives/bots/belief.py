"""Policy-based inference: sampled deals weighted by how likely each other seat's choices were.

The hard evidence (``inference``) says which deals are possible; this says which are likely.
Each other seat is modelled as a player that places a tile with probability
``(1 - NOISE) * softmax(points / T + PIP_WEIGHT * pips) + NOISE / tiles that fitted`` over the
tiles it held that fitted the ends (a tile valued at its best placement's immediate score, raw
points; ``pips`` is its weight, which a player dumping heavy tiles prefers). The noise keeps
every possible deal possible. ``T`` and the pip weight are fitted per seat, the most likely pair
of a small grid with a mild prior (towards a seat that scores first), from what the seat's own
placements show: a tile it places later was in its hand at its earlier placements (since its
last kept draw), so at each of them the choice it made among the tiles known to be held is a
choice under the model (the softmax restricted to a subset of the hand is the softmax of that
subset).

For a sampled deal, a placement's likelihood is then the model's probability of the tile it
played given the hand the deal gives it at that moment (the deal's tiles in the slots that were
already held, plus the tiles it placed later and held then). The product over the seat's
placements weights the deal.

Sampling: a Metropolis chain over the deals, neither importance weights nor resampling.
Importance weights would hand the search weighted samples, whose few heavy weights shrink the
effective sample size and falsify the standard errors that drop moves. Resampling (deals
proposed from the hard evidence, one kept in proportion to its likelihood) was tried first:
against a sharp player most proposals are unlikely, so a batch hardly moves towards the
posterior. The chain starts from a deal meeting every soft event (else any deal the hard
evidence allows) and proposes swapping the tiles of two places (two slots, or a slot and a
boneyard tile), uniformly, so symmetrically: a swap that a hard constraint forbids is refused,
any other accepted with the ratio of the likelihoods. Samples ``STEPS`` apart are nearly
independent (docs/BOTS.md) and equally weighted, so the search's means, standard errors and
stopping rule stay as they were. The boneyard order is shuffled afresh for each sample.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from fives.bots.inference import SOFT_TRIES, _deal, sample_deal, strict_slots
from fives.tiles import PIPS

if TYPE_CHECKING:
    from fives.bots.inference import Decision, Knowledge

TEMPERATURES = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, math.inf)  # raw points
PIP_WEIGHTS = (0.0, 0.15, 0.5, 2.0)  # logit per pip of the tile placed
# The prior's mode (grid indexes: T = 0.5, w = 0.5) and its slope. A seat seen little is taken
# to score first and dump weight among equal scores: five points (10 logits) outweigh any
# difference of weight (12 pips at most, 6 logits). The mode T = 1 traded 5 points for 10 pips,
# and with a handful of placements per seat (3-player Multiples of Five) that misread cost the
# expert 6.5 points of wins (docs/BOTS.md).
PRIOR_T, PRIOR_PIP, PRIOR_STEP = 1, 2, 0.15
NOISE = 0.03  # the share of a seat's plays that no model explains
STEPS = 12  # Metropolis steps between two samples ...
BURN_IN = 60  # ... and before the first


def _logit(points: float, tile: int, temperature: float, pip: float) -> float:
    return (points / temperature if temperature != math.inf else 0.0) + pip * PIPS[tile]


def fit_model(decisions: tuple[Decision, ...]) -> tuple[float, float]:
    """The (temperature, pip weight) of the grid that best explains the seat's choices among
    the tiles known to be in its hand, with a mild prior towards the middle of the grid."""
    best = (TEMPERATURES[PRIOR_T], PIP_WEIGHTS[PRIOR_PIP])
    best_ll = -math.inf
    for i, temperature in enumerate(TEMPERATURES):
        for j, pip in enumerate(PIP_WEIGHTS):
            ll = -PRIOR_STEP * (abs(i - PRIOR_T) + abs(j - PRIOR_PIP))
            for d in decisions:
                if not d.known:
                    continue
                chosen = _logit(d.points, d.tile, temperature, pip)
                z = 1.0 + sum(math.exp(min(60.0, _logit(d.scores[t], t, temperature, pip)
                                           - chosen)) for t in d.known)
                n = 1 + len(d.known)
                ll += math.log((1 - NOISE) / z + NOISE / n)
            if ll > best_ll + 1e-12:
                best_ll, best = ll, (temperature, pip)
    return best


class _Weights:
    """One placement under the fitted model: the weight of each unseen tile relative to the
    tile played, and the part of the softmax's sum that every deal shares."""

    __slots__ = ("base", "count", "kept", "weights")

    def __init__(self, d: Decision, unseen: int, temperature: float, pip: float) -> None:
        chosen = _logit(d.points, d.tile, temperature, pip)
        self.kept = d.kept
        self.base = 1.0 + sum(
            math.exp(min(60.0, _logit(d.scores[t], t, temperature, pip) - chosen))
            for t in d.known)
        self.count = 1 + len(d.known)
        self.weights = {
            t: math.exp(min(60.0, _logit(v, t, temperature, pip) - chosen))
            for t, v in d.scores.items() if unseen >> t & 1}


class PolicyBelief:
    """Deals drawn from the hard evidence, weighted by the other seats' choices (a Markov
    chain over the deals: see the module's doc)."""

    def __init__(self, knowledge: Knowledge, steps: int = STEPS, burn_in: int = BURN_IN) -> None:
        self.knowledge = knowledge
        self.steps = steps
        self.burn_in = burn_in
        self.models: dict[int, tuple[float, float]] = {}
        self.placements: dict[int, list[_Weights]] = {}
        for seat, decisions in knowledge.decisions.items():
            if not decisions:
                continue
            temperature, pip = self.models[seat] = fit_model(decisions)
            self.placements[seat] = [_Weights(d, knowledge.unseen, temperature, pip)
                                     for d in decisions]
        # The chain's state: each other seat's tile per slot, and the boneyard's tiles.
        self.held: dict[int, list[int]] = {}
        self.bone: list[int] = []
        self.logs: dict[int, float] = {}
        self.where: list[tuple[int, int]] = [
            (seat, i) for seat, slots in sorted(knowledge.slots.items())
            for i in range(len(slots))]

    def seat_log_likelihood(self, seat: int, tiles: list[int]) -> float:
        """Log of the chance of ``seat``'s placements given its tile per slot."""
        total = 0.0
        for p in self.placements.get(seat, ()):
            z = p.base
            n = p.count
            weights = p.weights
            for t in tiles[p.kept:]:
                w = weights.get(t)
                if w is not None:
                    z += w
                    n += 1
            total += math.log((1 - NOISE) / z + NOISE / n)
        return total

    def _start(self, rng: random.Random) -> None:
        know = self.knowledge
        held = {seat: [0] * len(slots) for seat, slots in know.slots.items()}
        # Start where the soft evidence points (every event taken as hard), else anywhere.
        deal = _deal(know, strict_slots(know), rng, SOFT_TRIES, relax=False, held=held)
        if deal is None:
            deal = _deal(know, know.slots, rng, 20, relax=True, held=held)
            assert deal is not None  # the last attempt relaxes every constraint
        self.held = held
        self.bone = deal[1]
        self.logs = {seat: self.seat_log_likelihood(seat, tiles) for seat, tiles in held.items()}
        for _ in range(self.burn_in):
            self._step(rng)

    def _step(self, rng: random.Random) -> None:
        """Propose swapping the tiles of two places (a slot and another slot or a boneyard
        tile), uniformly: a symmetric proposal, so the swap is accepted with the ratio of the
        likelihoods (Metropolis) when both tiles may lie where they go."""
        where = self.where
        places = len(where) + len(self.bone)
        if places < 2:
            return
        a = rng.randrange(len(where))
        b = rng.randrange(places - 1)
        if b >= a:
            b += 1
        slots = self.knowledge.slots
        held = self.held
        seat_a, i = where[a]
        ta = held[seat_a][i]
        if b < len(where):
            seat_b, j = where[b]
            tb = held[seat_b][j]
            if slots[seat_b][j] >> ta & 1:
                return
        else:
            seat_b, j = -1, b - len(where)
            tb = self.bone[j]
        if slots[seat_a][i] >> tb & 1:
            return
        new_a = held[seat_a][:]
        new_a[i] = tb
        if seat_b == seat_a:
            new_a[j] = ta
        old = self.logs[seat_a]
        log_a = self.seat_log_likelihood(seat_a, new_a)
        delta = log_a - old
        new_b: list[int] | None = None
        log_b = 0.0
        if seat_b >= 0 and seat_b != seat_a:
            new_b = held[seat_b][:]
            new_b[j] = ta
            log_b = self.seat_log_likelihood(seat_b, new_b)
            delta += log_b - self.logs[seat_b]
        if delta < 0 and rng.random() >= math.exp(delta):
            return
        held[seat_a] = new_a
        self.logs[seat_a] = log_a
        if new_b is not None:
            held[seat_b] = new_b
            self.logs[seat_b] = log_b
        elif seat_b < 0:
            self.bone[j] = ta

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hands (masks, per seat) and a boneyard (tile ids, top first), as ``sample_deal``."""
        know = self.knowledge
        if not self.placements:
            return sample_deal(know, rng)
        if not self.held:
            self._start(rng)
        for _ in range(self.steps):
            self._step(rng)
        hands = [0] * know.players
        hands[know.seat] = know.hand
        for seat, tiles in self.held.items():
            for t in tiles:
                hands[seat] |= 1 << t
        bone = self.bone[:]
        rng.shuffle(bone)
        return hands, bone
