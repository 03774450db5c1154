"""Conformance over every preset x player count x partnership setting (seeded random games)."""

from __future__ import annotations

import pytest

from fives.game import Game
from sampling import sampled

from .harness import (
    CONFIGS,
    OPTION_CONFIGS,
    Checks,
    config_id,
    random_game,
    run_checked_game,
)
from .helpers import event_json, phase_of


# The fast suite runs one configuration in three of each family; CI runs them all.
@pytest.mark.parametrize(("preset", "players", "partners"),
                         sampled(CONFIGS, 3, ids=config_id, unpack=True))
def test_full_checks_over_two_hands(preset: str, players: int, partners: bool | None) -> None:
    """Reference model, push/pop, views, conservation, events and settlement at every step."""
    for seed in (1, 2):
        run_checked_game(preset, players, partners, seed, max_hands=2)


@pytest.mark.parametrize(("preset", "players", "partners"), CONFIGS,
                         ids=[config_id(c) for c in CONFIGS])
@pytest.mark.slow  # tens of seconds: whole games, the fast suite leaves it out
def test_random_games_end(preset: str, players: int, partners: bool | None) -> None:
    """Whole games end with a winner; scores, settlement and the reference agree throughout."""
    light = Checks(reference=True, push_pop=False, views=False, settlement=True)
    for seed in (3, 4):
        game = run_checked_game(preset, players, partners, seed, max_hands=300, checks=light)
        assert phase_of(game) == "game_over"
        assert game.winner is not None


def play_seeded(preset: str, players: int, partners: bool | None, seed: int) -> Game:
    return random_game(preset, players, partners, seed, max_actions=5000, rng_offset=0)


@pytest.mark.parametrize(("preset", "players", "partners"),
                         sampled(CONFIGS, 3, ids=config_id, unpack=True))
def test_same_seed_same_game(preset: str, players: int, partners: bool | None) -> None:
    a = play_seeded(preset, players, partners, 11)
    b = play_seeded(preset, players, partners, 11)
    assert event_json(a.events) == event_json(b.events)
    assert a.to_record() == b.to_record()
    c = play_seeded(preset, players, partners, 12)
    assert c.to_record()["hands"][0] != a.to_record()["hands"][0], "another seed, another deal"


@pytest.mark.parametrize(("preset", "players", "partners", "options"), sampled(
    OPTION_CONFIGS, 3, unpack=True,
    ids=lambda c: f"{c[0]}-{c[1]}p-" + "-".join(f"{k}={v}" for k, v in c[3].items())))
def test_options_under_the_same_checks(preset: str, players: int, partners: bool | None,
                                       options: dict[str, object]) -> None:
    run_checked_game(preset, players, partners, 7, max_hands=2, options=dict(options))
    light = Checks(reference=True, push_pop=False, views=False, settlement=True)
    game = run_checked_game(preset, players, partners, 8, max_hands=300, checks=light,
                            options=dict(options))
    assert phase_of(game) == "game_over" and game.winner is not None
