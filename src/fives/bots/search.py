"""Level 4 (search): sampled expectimax, a depth-limited search on each sampled deal.

Each iteration samples the hidden tiles (``inference``), builds the position with
``Game.from_position`` and searches it a few plies deep with ``push``/``pop`` and alpha-beta
(draws come from the sampled boneyard, so the chance nodes are resolved by the sample). Every
side plays to maximise its own lead; the leaves are judged by the score difference plus the
pips still in hand. A move's value is its mean over the samples: the expectation over what we
cannot see.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from fives.bots.base import Budget, Candidate, Player, SampleLoop
from fives.bots.greedy import greedy_key
from fives.bots.inference import infer, sample_deal
from fives.events import GAME_OVER, PLAY
from fives.game import Game
from fives.moves import Move
from fives.tiles import PIPS, TILE_BY_ID, ids_of, tiles_of

if TYPE_CHECKING:
    from fives.views import SeatView

DEFAULT_SECONDS = 0.1
DEPTH = 3  # plies of placements and passes (draws are free: they resolve a chance node)
PIP_WEIGHT = 0.4  # raw points per pip of difference left in hand at a leaf


def placements_of(view: SeatView) -> list[Move]:
    """The moves that rebuild the view's layout (lead first)."""
    out = []
    for node in view.layout.nodes:
        if node.parent == 0:
            out.append(Move.lead(node.tile, node.touching))
        else:
            out.append(Move.place(node.tile, node.parent, node.port, node.touching))
    return out


class SearchPlayer(Player):
    name = "search"
    level = 4

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        started = time.perf_counter()  # the budget covers the inference and the sampling
        rules = view.rules
        me = view.seat
        assert me is not None
        side = rules.side_of(me)
        scale = 5 if rules.unit == "displayed" else 1
        win_value = rules.target * scale * 0.5
        know = infer(view)
        placements = placements_of(view)
        start = list(view.scores)
        sums = [0.0] * len(moves)
        loop = SampleLoop(budget, DEFAULT_SECONDS, min_iterations=2, started=started)
        rng = self.rng
        while True:
            hands, bone = sample_deal(know, rng)
            game = Game.from_position(
                rules,
                hands=[tiles_of(h) for h in hands],
                boneyard=[TILE_BY_ID[t] for t in bone],
                placements=placements,
                turn=me,
                scores=start,
                leader=view.leader,
                hand_number=view.hand_number,
                forced_lead=view.forced_lead,
            )
            search = _Search(game, side, start, scale, win_value)
            for i, move in enumerate(moves):
                game.push_code(move.code)
                sums[i] += search.value(DEPTH - 1, -math.inf, math.inf)
                game.pop()
            if loop.done():
                break
        count = loop.count
        return [
            Candidate(m, round(sums[i] / count, 3) + greedy_key(0, m) / 1000)
            for i, m in enumerate(moves)
        ]


class _Search:
    """Alpha-beta on one determinised game, values from ``side``'s point of view."""

    __slots__ = ("game", "scale", "side", "side_of", "start", "win_value")

    def __init__(
        self, game: Game, side: int, start: list[int], scale: int, win_value: float
    ) -> None:
        self.game = game
        self.side = side
        self.start = start
        self.scale = scale
        self.win_value = win_value
        self.side_of = [game.rules.side_of(s) for s in range(game.rules.players)]

    def evaluate(self) -> float:
        game = self.game
        scores = game.scores
        gains = [s - s0 for s, s0 in zip(scores, self.start, strict=True)]
        mine = gains[self.side]
        others = [g for s, g in enumerate(gains) if s != self.side]
        v = (mine - (sum(others) / len(others) if others else 0.0)) * self.scale
        phase = game.phase
        if phase == GAME_OVER and game.winner is not None:
            return v + (self.win_value if game.winner == self.side else -self.win_value)
        if phase == PLAY and len(scores) > 1:  # mid-hand: tiles left are a liability
            mine_p = 0
            other_p = 0
            for seat, hand in enumerate(game.hand_masks):
                p = sum(PIPS[t] for t in ids_of(hand))
                if self.side_of[seat] == self.side:
                    mine_p += p
                else:
                    other_p += p
            v += PIP_WEIGHT * (other_p / max(1, len(game.hand_masks) - 1) - mine_p)
        return v

    def value(self, depth: int, alpha: float, beta: float) -> float:
        game = self.game
        if game.phase != PLAY or depth <= 0:
            return self.evaluate()
        codes = game.legal_codes()
        maximise = self.side_of[game.turn] == self.side
        # Draws do not use up depth: the boneyard order is part of the sample.
        next_depth = depth if codes[0] == -1 else depth - 1
        if maximise:
            best = -math.inf
            for code in codes:
                game.push_code(code)
                v = self.value(next_depth, alpha, beta)
                game.pop()
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    break
            return best
        best = math.inf
        for code in codes:
            game.push_code(code)
            v = self.value(next_depth, alpha, beta)
            game.pop()
            if v < best:
                best = v
            if best < beta:
                beta = best
            if alpha >= beta:
                break
        return best
