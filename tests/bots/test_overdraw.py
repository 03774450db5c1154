"""The bots under the solitaire's overdraw rule (RULES.md §4.3): greedy never overdraws, the
expert overdraws when fishing pays and says why in its hint, every level plays legally."""

from __future__ import annotations

from fives.bots import Budget, make_player
from fives.game import Game
from fives.rules import Ruleset

# Seed 4 of the solitaire, played by greedy to a position where the only placement
# (0-1 on #13) scores nothing and ends nothing, with 9 tiles in the boneyard: fishing pays.
FISHING = ["4-1", "4-4@1.W", "1-5@1.E", "draw", "5-3@3.out", "3-0@4.out", "draw", "draw",
           "0-4@5.out", "draw", "draw", "4-5@2.out", "5-2@7.out", "draw", "draw", "2-2@8.out",
           "draw", "4-3@2.R", "draw", "2-3@9.out", "draw", "4-6@2.L", "6-0@12.out", "draw"]


def fishing_game() -> Game:
    game = Game(Ruleset.preset("five-up-solitaire"), seed=4)
    for move in FISHING:
        game.play(move)
    return game


def test_the_expert_overdraws_when_fishing_pays_and_explains_it() -> None:
    game = fishing_game()
    view = game.view(0)
    assert {m.notation() for m in view.legal_moves} == {"0-1@13", "draw"}
    assert game.is_overdraw
    expert = make_player("expert", seed=0)
    assert expert.choose(view, Budget(iterations=300)).kind == "draw"
    ranked = make_player("expert", seed=1).explain(view, top=2, budget=Budget(iterations=300))
    assert ranked[0].move.kind == "draw"
    draw = ranked[0]
    assert draw.points is not None and draw.against is not None and draw.odds is not None
    assert draw.against >= 3, "the deck gets at least the overdraw's price"
    assert 0 < draw.odds <= 1
    placement = ranked[1]
    assert placement.odds is None and placement.points is not None
    assert draw.points > placement.points, "the tile fished for scores"
    # greedy never pays for a draw
    assert make_player("greedy", seed=0).choose(view).notation() == "0-1@13"


def test_greedy_never_overdraws_and_every_level_plays_legally() -> None:
    rules = Ruleset.preset("five-up-solitaire")
    overdraws = {"greedy": 0, "random": 0}
    for level in ("greedy", "random", "heuristic", "expert"):
        player = make_player(level, seed=3)
        for seed in range(3 if level != "expert" else 1):
            game = Game(rules, seed=seed)
            for _ in range(400):
                if game.is_over:
                    break
                if game.phase_name == "hand_over":
                    game.next_hand()
                    continue
                view = game.view(0)
                move = player.choose(view, Budget(iterations=8))
                assert move in game.legal_moves
                if move.kind == "draw" and game.is_overdraw and level in overdraws:
                    overdraws[level] += 1
                game.play(move)
    assert overdraws["greedy"] == 0
    assert overdraws["random"] > 0, "the test reaches positions where an overdraw is legal"
