"""The playout model agrees with the engine on every preset: same moves, same scores."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fives.bots.sim import HandSim, sim_rules
from fives.game import Game
from fives.moves import DRAW, PASS, Move
from fives.rules import Ruleset

from .helpers import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_sim_follows_the_engine(case: tuple[str, dict[str, Any]]) -> None:
    preset, options = case
    rules = Ruleset.preset(preset, **options)
    r = sim_rules(rules)
    rng = random.Random(5)
    hands_checked = 0
    for seed in range(25):
        game = Game(rules, seed=seed)
        while not game.is_over and game.hand_number <= 4:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            sim = HandSim(r, game.layout.copy(), game.hands[:],
                          list(reversed(game.boneyard[game.bpos:])), list(game.scores),
                          game.turn)
            while game.phase_name == "play":
                assert sim.turn == game.turn
                codes = game.legal_codes()
                code = codes[rng.randrange(len(codes))]
                if code == DRAW:
                    sim.draw()
                elif code == PASS:
                    sim.pass_()
                else:
                    sim.place(code)
                game.play(Move.from_code(code))
                if game.phase_name == "play":
                    assert sim.scores == list(game.scores)
            if rules.empty_hand == "draw_on":
                continue  # the sim ends a hand when it empties; the engine may draw on
            # The engine sees a block at once; the sim lets everybody pass first.
            while not sim.hand_over:
                assert not sim.hands[sim.turn] & sim.layout.ends_mask()
                sim.pass_()
            assert sim.scores == list(game.scores), (seed, game.hand_number)
            assert sim.over == game.is_over
            if game.is_over:
                assert sim.winner == game.winner
            hands_checked += 1
    assert hands_checked >= 20 or rules.empty_hand == "draw_on"
