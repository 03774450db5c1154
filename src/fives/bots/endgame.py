"""Perfect play at the end of a hand once nothing is hidden any more.

In a 2-player hand whose boneyard is empty, every tile is known to both seats: ours are in our
hand, the others are on the table or in the one opponent's hand. (The same holds for the
solitaire, whose only hidden tiles are the boneyard's.) The rest of the hand is then a game of
perfect information, solved exactly here: alpha-beta over the engine's own ``push_code``/``pop``
(so the placements, the play points, the end of the hand and its settlement are the engine's),
with a transposition table keyed by the position, not by the order of the moves that led to it.

Values are those of the expert's playouts (``HandSim.value``): our side's gain in raw points
minus the other side's, plus half the target for winning the game and minus it for losing it.
A solve that would take more than its node or time limit gives up (``None``), and the caller
falls back to its sampling search.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING

from fives.bots.sim import outcome_value
from fives.errors import UsageError
from fives.events import GAME_OVER, PLAY
from fives.game import Game
from fives.tiles import tiles_of

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView

NODE_LIMIT = 400_000  # nodes of one solve; about a second of pure Python at worst
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfBudget(Exception):
    """The solve went past its node or time limit."""


def applies(view: SeatView) -> bool:
    """Whether every tile is known to this seat: 1 or 2 players and an empty boneyard."""
    return view.seat is not None and len(view.hand_sizes) <= 2 and view.boneyard_size == 0


def solve(
    view: SeatView,
    moves: tuple[Move, ...],
    *,
    deadline: float = math.inf,
    node_limit: int = NODE_LIMIT,
) -> dict[Move, float] | None:
    """The exact value of each move of ``view`` (which must satisfy ``applies``), or ``None``.

    ``None`` when the solve needs more than ``node_limit`` nodes or runs past ``deadline``
    (a ``time.perf_counter`` value).
    """
    if not applies(view):
        raise UsageError("the endgame solver needs a 1- or 2-player view with an empty boneyard",
                         key="endgame_view")
    game = _position(view)
    solver = _Solver(game, view, node_limit, deadline)
    try:
        out = {}
        for move in moves:
            game.push_code(move.code)
            out[move] = solver.value(-math.inf, math.inf)
            game.pop()
    except _OutOfBudget:
        return None
    return out


def _position(view: SeatView) -> Game:
    """The view's position with the hidden tiles filled in: they are all the opponent's."""
    from fives.bots.search import placements_of  # the search level rebuilds layouts the same way

    rules = view.rules
    me = view.seat
    assert me is not None
    mine = 0
    for t in view.hand:
        mine |= 1 << t.id
    table = 0
    for node in view.layout.nodes:
        table |= 1 << node.tile.id
    hidden = ((1 << 28) - 1) & ~mine & ~table
    hands = []
    for seat, size in enumerate(view.hand_sizes):
        hand = mine if seat == me else hidden
        if hand.bit_count() != size:
            raise UsageError("the view's hidden tiles do not match the opponent's hand size",
                             key="endgame_view")
        hands.append(tiles_of(hand))
    if len(view.hand_sizes) == 1 and hidden:
        raise UsageError("a solitaire view with an empty boneyard hides no tile",
                         key="endgame_view")
    return Game.from_position(
        rules,
        hands=hands,
        boneyard=[],
        placements=placements_of(view),
        turn=me,
        scores=list(view.scores),
        leader=view.leader,
        hand_number=view.hand_number,
        forced_lead=view.forced_lead,
    )


class _Solver:
    __slots__ = (
        "deadline",
        "game",
        "node_limit",
        "nodes",
        "scale",
        "side",
        "side_of",
        "start",
        "table",
        "win_value",
    )

    def __init__(self, game: Game, view: SeatView, node_limit: int, deadline: float) -> None:
        rules = view.rules
        assert view.seat is not None
        self.game = game
        self.side = rules.side_of(view.seat)
        self.start = tuple(view.scores)
        self.scale = 5 if rules.unit == "displayed" else 1
        self.win_value = rules.target * self.scale * 0.5
        self.side_of = [rules.side_of(s) for s in range(rules.players)]
        self.table: dict[tuple[object, ...], tuple[int, float]] = {}
        self.nodes = 0
        self.node_limit = node_limit
        self.deadline = deadline

    def outcome(self) -> float:
        """The playouts' value of the position (``sim.outcome_value``)."""
        game = self.game
        winner = game.winner if game.phase == GAME_OVER else None
        return outcome_value(game.scores, self.start, self.side, self.scale, winner,
                             self.win_value)

    def key(self) -> tuple[object, ...]:
        """The position whatever the order of the moves: each placed tile by what it sits on."""
        game = self.game
        layout = game.layout
        ids = layout.tile_ids
        parent = layout.parent_port
        touch = layout.touch
        spinner = layout.spinner
        shape = [0] * 28
        for i in range(layout.count):
            p = parent[i]
            up = ids[p >> 2] + 1 if p >= 0 else 0
            shape[ids[i]] = (((up * 4 + (p & 3)) * 8 + touch[i]) * 2 + spinner[i]) + 1
        return (tuple(shape), tuple(game.hand_masks), game.turn, game.scores)

    def value(self, alpha: float, beta: float) -> float:
        game = self.game
        if game.phase != PLAY:
            return self.outcome()
        self.nodes += 1
        if self.nodes > self.node_limit or (
            not self.nodes & 63 and time.perf_counter() > self.deadline
        ):
            raise _OutOfBudget
        key = self.key()
        hit = self.table.get(key)
        if hit is not None:
            flag, v = hit
            if flag == _EXACT:
                return v
            if flag == _LOWER and v >= beta:
                return v
            if flag == _UPPER and v <= alpha:
                return v
        alpha0, beta0 = alpha, beta
        maximise = self.side_of[game.turn] == self.side
        best = -math.inf if maximise else math.inf
        for code in game.legal_codes():
            game.push_code(code)
            v = self.value(alpha, beta)
            game.pop()
            if maximise:
                if v > best:
                    best = v
                alpha = max(alpha, best)
            else:
                if v < best:
                    best = v
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= alpha0:
            flag = _UPPER
        elif best >= beta0:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (flag, best)
        return best
