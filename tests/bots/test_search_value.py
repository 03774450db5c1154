"""Level 4's values equal a brute-force minimax on small positions with nothing hidden.

Positions late in 2-player hands with an empty boneyard: the opponent's hand is then exactly the
unseen tiles, so every sample is the truth and the search's value of a move must be the value of
a plain minimax (no pruning) to the same depth, each side maximising its own lead, with the same
leaf evaluation. A search that maximised for the opponents, or pruned wrongly, would differ.
"""

from __future__ import annotations

import math

import pytest

from fives.bots import Budget, make_player
from fives.bots.greedy import greedy_key
from fives.bots.search import DEPTH, SearchPlayer, _Search
from fives.events import PLAY
from fives.game import Game
from fives.rules import Ruleset


def _minimax(search: _Search, game: Game, depth: int) -> float:
    if game.phase != PLAY or depth <= 0:
        return search.evaluate()
    codes = game.legal_codes()
    next_depth = depth if codes[0] == -1 else depth - 1
    values = []
    for code in codes:
        game.push_code(code)
        values.append(_minimax(search, game, next_depth))
        game.pop()
    mine = game.rules.side_of(game.turn) == search.side
    return max(values) if mine else min(values)


def _late_positions(preset: str, count: int) -> list[Game]:
    rules = Ruleset.preset(preset, target=500)
    greedy = [make_player("greedy", seed=s) for s in range(2)]
    out: list[Game] = []
    for seed in range(400):
        game = Game(rules, seed=seed)
        while game.phase_name == "play":
            view = game.view(game.turn)
            if view.boneyard_size == 0 and len(view.legal_moves) >= 2:
                out.append(game.copy())
                break
            game.play(greedy[game.turn].choose(view))
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize("preset", ["all-fives", "five-up", "draw"])
def test_search_values_match_brute_force(preset: str) -> None:
    positions = _late_positions(preset, 8)
    assert len(positions) >= 5
    differing = 0
    for game in positions:
        me = game.turn
        view = game.view(me)
        player = SearchPlayer(seed=1)
        ranked = player.explain(view, top=99, budget=Budget(iterations=1))
        side = game.rules.side_of(me)
        scale = 5 if game.rules.unit == "displayed" else 1
        start = list(game.scores)
        search = _Search(game, side, start, scale, game.rules.target * scale * 0.5)
        brute = {}
        for move in view.legal_moves:
            game.push_code(move.code)
            brute[move] = _minimax(search, game, DEPTH - 1)
            game.pop()
        for cand in ranked:
            expected = round(brute[cand.move], 3) + greedy_key(0, cand.move) / 1000
            assert math.isclose(cand.value, expected, abs_tol=1e-6), (cand, expected)
        values = sorted(brute.values())
        differing += values[0] != values[-1]
    assert differing >= 1  # some positions do tell the moves apart
