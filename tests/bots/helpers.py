"""Shared helpers of the bot tests: rules of every preset and a game loop."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from fives.bots import Budget, Player, make_player
from fives.game import Game
from fives.moves import Move
from fives.rules import Ruleset
from fives.views import SeatView

# Every preset, and the options that change how a bot must play (partnerships, solitaire
# variants, reserves, exact targets, line-only play). Small targets keep the games short.
CASES: list[tuple[str, dict[str, Any]]] = [
    ("five-up", {"target": 21}),
    ("five-up", {"players": 3, "target": 21}),
    ("five-up", {"players": 4, "target": 21}),
    ("five-up", {"players": 4, "partnerships": False, "target": 21}),
    ("all-fives", {"target": 60}),
    ("all-fives", {"players": 4, "partnerships": True, "target": 60}),
    ("all-fives", {"boneyard_reserve": 2, "target": 60, "target_exact": True}),
    ("multiples-of-five", {"target": 80}),
    ("multiples-of-five", {"players": 3, "target": 80}),
    ("five-up-solitaire", {}),
    ("five-up-solitaire", {"handicap": 10, "empty_hand": "draw_on"}),
    ("five-up-solitaire", {"target_check": "immediate", "draw_cost_on": "every_draw"}),
    ("fives-and-threes", {"target": 31}),
    ("draw", {"target": 40}),
    ("block", {"target": 40}),
]

TINY = Budget(iterations=2)


def case_id(case: tuple[str, dict[str, Any]]) -> str:
    preset, options = case
    return preset + "".join(f",{k}={v}" for k, v in options.items())


def play_game(
    rules: Ruleset,
    players: list[Player],
    seed: int,
    budget: Budget | None = TINY,
    on_decision: Callable[[SeatView, Move], None] | None = None,
    max_actions: int = 5000,
) -> Game:
    game = Game(rules, seed=seed)
    actions = 0
    while not game.is_over and actions < max_actions:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        view = game.view(game.turn)
        move = players[game.turn].choose(view, budget)
        if on_decision is not None:
            on_decision(view, move)
        game.play(move)  # checked: raises IllegalMoveError on an illegal move
        actions += 1
    return game


def seat_players(rules: Ruleset, levels: list[str], seed: int) -> list[Player]:
    return [make_player(levels[s % len(levels)], seed=seed * 10 + s) for s in range(rules.players)]


def greedy_positions(rules: Ruleset, seeds: range) -> Iterator[Game]:
    """Every position where a seat is to act, in whole games of greedy players (one per seed);
    the game moves on once the caller resumes (do not play on it)."""
    for seed in seeds:
        game = Game(rules, seed=seed)
        players = [make_player("greedy", seed=seed * 7 + s) for s in range(rules.players)]
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            yield game
            game.play(players[game.turn].choose(game.view(game.turn)))
