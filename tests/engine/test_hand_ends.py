"""``Game.hand_ends`` (what the score sheet lists) kept as the events grow: at every action of
whole games it equals the hand-end events filtered from ``events``, Muggins calls and claims
(which rewrite a move's events) and copies included."""

from __future__ import annotations

import pytest

from fives.bots import make_player
from fives.events import HandEndEvent
from fives.game import Game
from fives.rules import Ruleset


def filtered(game: Game) -> tuple[HandEndEvent, ...]:
    return tuple(e for e in game.events if isinstance(e, HandEndEvent))


@pytest.mark.parametrize("preset,options", [
    ("five-up", {"players": 4, "target": 61}),
    ("muggins-1868", {"target": 61}),
    ("five-up-solitaire", {}),
    ("block", {"target": 40}),
])
def test_hand_ends_follow_the_events(preset: str, options: dict[str, object]) -> None:
    rules = Ruleset.preset(preset, **options)
    for seed in range(2):
        game = Game(rules, seed=seed)
        players = [make_player("random", seed=seed * 5 + s) for s in range(rules.players)]
        steps = 0
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
            else:
                game.play(players[game.turn].choose(game.view(game.turn)))
            if steps % 3 == 0:  # read now and then, as a page does: the scan must catch up
                assert game.hand_ends == filtered(game)
            steps += 1
            if steps == 40:
                copy = game.copy()
                assert copy.hand_ends == () == filtered(copy)  # a copy has no events
        assert game.hand_ends == filtered(game) and len(game.hand_ends) >= 1


def test_a_cut_and_rewritten_tail_is_scanned_again() -> None:
    # No public call cuts events across two reads today (a Muggins claim rewrites only the
    # events of the move being made); the guard keeps the list right if one ever does.
    rules = Ruleset.preset("all-fives", target=40)
    game = Game(rules, seed=3)
    players = [make_player("random", seed=s) for s in range(2)]
    while len(game.hand_ends) < 2:
        if game.phase_name == "hand_over":
            game.next_hand()
        else:
            game.play(players[game.turn].choose(game.view(game.turn)))
    events = game._events  # the game's own list, as the claims' rewrite edits it
    last_end = max(i for i, e in enumerate(events) if isinstance(e, HandEndEvent))
    kept = events[:last_end]
    del events[last_end:]
    events.extend(kept[-3:])  # as long as before or not, the tail is other events now
    assert game.hand_ends == filtered(game)
    del events[2:]
    assert game.hand_ends == filtered(game) == ()
