"""Win chances (fives.bots.winchance): from the public position only, within 0-1, 1 or 0 once
the game is over, higher with a larger lead, and in the review after every action."""

from __future__ import annotations

from fives.bots import Player, make_player
from fives.bots.review import review
from fives.bots.winchance import FEATURES, chance_of_view, coefficients, features, model_key
from fives.game import Game
from fives.rules import Ruleset

from .helpers import play_game


def _game(preset: str, seed: int, **options: object) -> Game:
    rules = Ruleset.preset(preset, **options)
    players: list[Player] = [make_player("greedy", seed=s) for s in range(rules.players)]
    return play_game(rules, players, seed, None)


def test_the_shipped_models_cover_the_presets_measured() -> None:
    models = coefficients()["models"]
    for key in ("all-fives/2", "five-up/2", "five-up/4p", "muggins-1868/2", "any"):
        assert len(models[key]["coef"]) == len(FEATURES)
    assert model_key(Ruleset.preset("five-up", players=4, partnerships=True)) == "five-up/4p"


def test_chances_are_probabilities_and_end_at_the_result() -> None:
    game = _game("all-fives", 3, target=60)
    assert chance_of_view(game.view(None)) == (1.0 if game.winner == 0 else 0.0)
    fresh = Game(Ruleset.preset("all-fives", target=60), seed=3)
    p = chance_of_view(fresh.view(None))
    assert p is not None and 0 < p < 1


def test_a_larger_lead_is_a_better_chance() -> None:
    rules = Ruleset.preset("all-fives")
    low = Game(rules, seed=1, start_scores=(60, 60))
    high = Game(rules, seed=1, start_scores=(120, 60))
    behind = Game(rules, seed=1, start_scores=(60, 120))
    a, b, c = (chance_of_view(g.view(None)) for g in (low, high, behind))
    assert a is not None and b is not None and c is not None
    assert c < a < b


def test_no_model_for_more_than_two_sides() -> None:
    game = Game(Ruleset.preset("five-up", players=3), seed=1)
    assert features(game.view(None)) is None
    assert chance_of_view(game.view(None)) is None


def test_the_review_gives_the_chance_after_every_action() -> None:
    game = _game("five-up", 2, target=21)
    record = game.to_record()
    result = review(record, seats=[0], budget=4)
    actions = sum(len(h["actions"]) for h in record["hands"])
    assert len(result.win) == actions + 1  # once dealt, after each action but the last, the end
    assert result.win[-1][2] == (1.0 if game.winner == 0 else 0.0)
    assert all(0 <= p <= 1 for _, _, p in result.win)
    for d in result.decisions:
        assert d.win_before is not None and d.win_after is not None
