"""Level 3: one-move lookahead with the judgement of a good club player.

A move is worth its points now, minus what the next opponent can expect to score on the ends we
leave (from the tiles it may still hold), plus what our partner could score there, plus keeping
our suits and the ends we can follow, plus dumping heavy tiles as the hands run short. All values
are in raw points so that every preset compares alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fives.bots.base import Budget, Candidate, Player
from fives.bots.inference import Knowledge, infer
from fives.layout import Layout
from fives.tiles import HIGH, LOW, MATCH, PIPS, ids_of

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView

THREAT_WEIGHT = 0.8
PARTNER_WEIGHT = 0.35
SUIT_WEIGHT = 1.5
FOLLOW_WEIGHT = 2.0


def best_reply(layout: Layout, tiles: int, score: list[int]) -> list[int]:
    """For each tile of ``tiles`` that fits, the best score it makes on ``layout``."""
    out = []
    for tid in ids_of(tiles & layout.ends_mask()):
        best = 0
        for code in layout.placement_codes(1 << tid):
            total = layout.place_code(code)
            layout.undo()
            pts = score[total] if total < len(score) else 0
            if pts > best:
                best = pts
        if best:
            out.append(best)
    return out


def expected_best(values: list[int], p: float) -> float:
    """Expected maximum when each value is available independently with probability p."""
    values.sort(reverse=True)
    miss = 1.0
    e = 0.0
    for v in values:
        e += v * p * miss
        miss *= 1 - p
    return e


def _fishing_value(layout: Layout, unseen: int, score: list[int]) -> float:
    """The mean best immediate score of one tile drawn at random from ``unseen``."""
    count = unseen.bit_count()
    if not count or not layout.count:
        return 0.0
    return sum(best_reply(layout, unseen, score)) / count


class HeuristicPlayer(Player):
    name = "heuristic"
    level = 3

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        rules = view.rules
        me = view.seat
        assert me is not None
        scale = 5 if rules.unit == "displayed" else 1
        score = [rules.score_of_total(t) * scale for t in range(200)]
        know = infer(view)
        layout = view.layout.copy()
        n = rules.players
        opp = (me + 1) % n if n > 1 else None
        partner = (me + 2) % n if rules.partnerships and n == 4 else None
        hand = know.hand
        hidden = know.unseen.bit_count() or 1
        # Heavier tiles matter more as somebody nears going out.
        fewest = min(view.hand_sizes) if n > 1 else len(view.hand)
        urgency = 0.25 + 0.75 * max(0.0, 1.0 - (fewest - 1) / max(1, rules.hand_size - 1))
        if rules.settlement in ("deck", "none"):
            urgency *= 0.5
        out = []
        for move in moves:
            if move.tile is None:
                value = 0.0
                if move.kind == "draw" and len(moves) > 1:
                    # The solitaire's overdraw: what a tile from the boneyard would score now,
                    # on average, against what the deck is paid for it (raw points, like the
                    # rest). Rarely worth it: the club player keeps it for a dead hand.
                    value = _fishing_value(layout, know.unseen, score) - rules.draw_cost * scale
                out.append(Candidate(move, round(value, 3)))
                continue
            value = self._value(
                move.code, layout, score, know, hand, opp, partner, hidden, urgency, view
            )
            out.append(Candidate(move, round(value, 3)))
        return out

    def _value(
        self,
        code: int,
        layout: Layout,
        score: list[int],
        know: Knowledge,
        hand: int,
        opp: int | None,
        partner: int | None,
        hidden: int,
        urgency: float,
        view: SeatView,
    ) -> float:
        tid = (code >> 1) & 31
        total = layout.place_code(code)
        points = score[total] if total < len(score) else 0
        rest = hand & ~(1 << tid)
        value = float(points)
        if opp is not None and rest:
            size = view.hand_sizes[opp]
            p = min(1.0, size / hidden)
            threat = expected_best(best_reply(layout, know.possible(opp), score), p)
            value -= THREAT_WEIGHT * threat
            if partner is not None:
                psize = view.hand_sizes[partner]
                pp = min(1.0, psize / hidden)
                value += PARTNER_WEIGHT * expected_best(
                    best_reply(layout, know.possible(partner), score), pp
                )
        if rest:
            # Ends we can still follow, and suits kept: fewer forced draws and passes.
            ends_values = {layout.value[p] for p in layout.ends}
            follow = sum(1 for v in ends_values if rest & MATCH[v])
            value += FOLLOW_WEIGHT * follow / max(1, len(ends_values))
            suits = 0
            for pip in range(7):
                if rest & MATCH[pip]:
                    suits += 1
            value += SUIT_WEIGHT * suits / 7
        else:
            value += 10.0  # going out ends the hand on our terms
        value += urgency * PIPS[tid] * (1.2 if HIGH[tid] == LOW[tid] else 1.0)
        layout.undo()
        return value
