"""The observation is what the seat's SeatView holds: the environments' fast encoder equals
the reference encoder of the view at every step, and no observation changes when the hidden
tiles (the other hands, the boneyard and its order) are dealt differently."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from fives.envs.encoding import (
    DRAW_ACTION,
    LEAD_BASE,
    NUM_ACTIONS,
    OBS_SIZE,
    OFFSET,
    PASS_ACTION,
    action_of_code,
    code_of_action,
    encode_view,
)
from fives.envs.table import Table
from fives.events import PLAY
from fives.moves import Move
from fives.rules import Ruleset
from fives.tiles import TILE_BY_ID, tiles_of

from .conftest import CONFIG_IDS, CONFIGS, OPTION_CONFIGS, OPTION_IDS


def _reshuffle_hidden(table: Table, seat: int, rng: random.Random) -> Table:
    """The same position for ``seat``, with every tile it cannot see dealt anew."""
    other = table.copy()
    game = other.game
    masks = list(game.hand_masks)
    hidden_seats = [s for s in range(game.players) if s != seat]
    tiles = [t for s in hidden_seats for t in range(28) if masks[s] >> t & 1]
    tiles += game.boneyard_ids
    rng.shuffle(tiles)
    for s in hidden_seats:
        k = masks[s].bit_count()
        masks[s] = sum(1 << t for t in tiles[:k])
        tiles = tiles[k:]
    other.game = game.determinised([tiles_of(m) for m in masks], [TILE_BY_ID[t] for t in tiles])
    other.invalidate()
    return other


def _check_position(table: Table, rng: random.Random) -> None:
    game = table.game
    for seat in range(game.players):
        obs = table.observe(seat)
        assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
        assert obs.min() >= -1.0 and obs.max() <= 1.0
        view = game.view(seat)
        assert np.array_equal(obs, encode_view(view)), seat
        own = np.zeros(28, np.float32)
        own[[t.id for t in view.hand]] = 1.0
        assert np.array_equal(obs[:28], own)
        alt = _reshuffle_hidden(table, seat, rng)
        assert np.array_equal(alt.observe(seat), obs), "an observation reads a hidden tile"


@pytest.mark.parametrize(("preset", "options"), CONFIGS + OPTION_CONFIGS,
                         ids=CONFIG_IDS + OPTION_IDS)
def test_every_step_of_many_episodes(preset: str, options: dict[str, Any]) -> None:
    rules = Ruleset.preset(preset, **options)
    table = Table(rules, episode="game", max_hands=3)
    rng = random.Random(preset + str(options))
    steps = 0
    for episode in range(2):
        table.reset(seed=episode)
        while not table.done:
            _check_position(table, rng)
            legal = table.legal_actions()
            assert sorted(legal) == sorted(action_of_code(m.code)
                                           for m in table.game.view(table.turn).legal_moves)
            table.step(rng.choice(legal))
            steps += 1
        _check_position(table, rng)
    assert steps > 30


def test_the_check_catches_a_leak() -> None:
    """The reshuffle check fails on an encoder that reads another seat's hand."""
    table = Table(Ruleset.preset("five-up"))
    table.reset(seed=1)

    def leaky(t: Table) -> np.ndarray[Any, Any]:
        obs = t.observe(0)
        obs[:28] = [t.game.hand_masks[1] >> k & 1 for k in range(28)]
        return obs

    alt = _reshuffle_hidden(table, 0, random.Random(2))
    assert not np.array_equal(leaky(table), leaky(alt))
    assert np.array_equal(table.observe(0), alt.observe(0))


def test_actions_round_trip() -> None:
    table = Table(Ruleset.preset("all-fives"))
    rng = random.Random(3)
    for seed in range(5):
        table.reset(seed=seed)
        while not table.done:
            layout = table.game.layout
            for code in table.legal_codes():
                action = action_of_code(code)
                assert 0 <= action < NUM_ACTIONS
                assert code_of_action(action, layout) == code
            if table.game.phase == PLAY:
                table.step(rng.choice(table.legal_actions()))
    assert action_of_code(Move.draw().code) == DRAW_ACTION
    assert action_of_code(Move.pass_().code) == PASS_ACTION
    assert LEAD_BASE == 112 * 28 and OFFSET["hand"] == 0


@pytest.mark.parametrize(("preset", "options"),
                         [("five-up", {"players": 2}), ("all-fives", {"players": 3}),
                          ("draw", {"players": 4, "partnerships": True}),
                          ("five-up-solitaire", {}), ("fives-and-threes", {"players": 2})])
def test_observations_kept_between_steps_catch_up(preset: str, options: dict[str, Any]) -> None:
    """A seat's kept vector is brought up to date after any number of unobserved steps (and
    hands), and a copied table observes the same as the original."""
    rules = Ruleset.preset(preset, **options)
    table = Table(rules, episode="game", max_hands=4)
    rng = random.Random(7)
    checked = 0
    for episode in range(3):
        table.reset(seed=100 + episode)
        while not table.done:
            if rng.random() < 0.3:
                seat = rng.randrange(rules.players)
                obs = table.observe(seat)
                assert np.array_equal(obs, encode_view(table.game.view(seat)))
                obs[:] = 0.5  # the caller's copy: changing it changes nothing kept
                assert np.array_equal(table.observe(seat), encode_view(table.game.view(seat)))
                if rng.random() < 0.2:
                    twin = table.copy()
                    assert np.array_equal(twin.observe(seat), table.observe(seat))
                checked += 1
            table.step(rng.choice(table.legal_actions()))
    assert checked > 20
