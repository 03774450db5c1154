"""Gymnasium single-agent environment: one seat against bots (greedy by default).

Registered for every preset as ``fives/FiveUp-v0``, ``fives/AllFives-v0``,
``fives/FiveUpSolitaire-v0``, ``fives/MultiplesOfFive-v0``, ``fives/Draw-v0``,
``fives/Block-v0``, ``fives/FivesAndThrees-v0``, ``fives/CribbageDominoes1863-v0``,
``fives/Muggins1864-v0`` (``gymnasium.make("fives/AllFives-v0", players=3)``: keyword
arguments are the constructor's, rules options included). ``action_masks()`` is the boolean
mask sb3-contrib's ``MaskablePPO`` expects; ``info["action_mask"]`` holds the same.

An illegal action ends the episode with ``illegal_reward`` (``illegal_action="terminate"``,
the default, so that generic tools that sample unmasked actions still run) or raises
``FivesError`` and changes nothing (``illegal_action="raise"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from fives.bots import Player, make_player
from fives.errors import FivesError
from fives.rules import Ruleset

from .encoding import NUM_ACTIONS, OBS_SIZE, Obs
from .table import ENV_PRESETS, Episode, Reward, Table, check_choice

ENV_IDS = {preset: "fives/" + "".join(w.capitalize() for w in preset.split("-")) + "-v0"
           for preset in ENV_PRESETS}


class FivesGymEnv(gym.Env[Obs, int]):
    """One seat of a game; the other seats are bots of the given levels."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium reads this class dict)

    def __init__(
        self,
        preset: str = "all-fives",
        *,
        seat: int | str = 0,
        opponents: str | int | Sequence[str | int] = "greedy",
        episode: Episode = "game",
        reward: Reward = "points",
        max_hands: int = 200,
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.rules = Ruleset.preset(preset, **options)
        n = self.rules.players
        if seat != "random" and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < n):
            raise FivesError(f"invalid seat {seat!r}: expected 0 to {n - 1} or 'random'",
                             key="invalid_seat", seat=repr(seat))
        check_choice("illegal_action", illegal_action, ("terminate", "raise"))
        if render_mode not in (None, "ansi"):
            raise FivesError(f"invalid render_mode {render_mode!r}: expected None or 'ansi'",
                             key="invalid_option", option="render_mode", value=repr(render_mode))
        levels = [opponents] * (n - 1) if isinstance(opponents, (str, int)) else list(opponents)
        if len(levels) != n - 1:
            raise FivesError(
                f"invalid opponents {opponents!r}: expected one level, or {n - 1} levels (one "
                "per other seat)", key="invalid_option", option="opponents",
                value=repr(opponents))
        for level in levels:
            make_player(level)  # a bad level is refused here, with the bots' own message
        self.levels = levels
        self.seat_choice = seat
        self.seat = 0 if seat == "random" else int(seat)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.table = Table(self.rules, episode=episode, reward=reward, max_hands=max_hands)
        self.observation_space = spaces.Box(-1.0, 1.0, (OBS_SIZE,), dtype=np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)  # type: ignore[assignment]
        self.bots: dict[int, Player] = {}
        self._ended = True

    # ---------------------------------------------------------------- API
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Obs, dict[str, Any]]:
        super().reset(seed=seed)
        rng = self.np_random
        while True:
            if self.seat_choice == "random":
                self.seat = int(rng.integers(self.rules.players))
            others = [s for s in range(self.rules.players) if s != self.seat]
            self.bots = {s: make_player(lvl, seed=int(rng.integers(2**31)))
                         for s, lvl in zip(others, self.levels, strict=True)}
            self.table.reset(int(rng.integers(2**63)))
            self._play_bots()
            if not self.table.done:  # the seat has a decision to make
                break
        self._ended = False
        return self.table.observe(self.seat), self._info()

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        if self._ended:
            raise FivesError("the episode is over: call reset()", key="episode_over")
        table = self.table
        try:
            code = table.code_of(action)
        except FivesError as exc:
            if self.illegal_action == "raise":
                raise
            self._ended = True
            info = self._info()
            info["illegal_action"] = str(exc)
            return table.observe(self.seat), self.illegal_reward, True, False, info
        reward = table.step_code(code)[self.seat]
        reward += self._play_bots()
        self._ended = table.done
        return (table.observe(self.seat), float(reward), table.terminated, table.truncated,
                self._info())

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal actions of the seat (all False once the episode is over)."""
        return self.table.action_mask(self.seat).view(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self.table.game
        return (f"hand {game.hand_number} seat {self.seat} hand "
                f"{' '.join(map(str, game.hand(self.seat)))} scores {list(game.scores)} "
                f"{game.layout!r}")

    # ---------------------------------------------------------------- inside
    def _play_bots(self) -> float:
        """Let the bots act until the seat's turn or the end; the seat's reward meanwhile."""
        table = self.table
        game = table.game
        total = 0.0
        while not table.done and game.turn != self.seat:
            bot = self.bots[game.turn]
            move = bot.choose(game.view(game.turn))
            total += table.step_code(move.code)[self.seat]
        return total

    def _info(self) -> dict[str, Any]:
        game = self.table.game
        return {"action_mask": self.action_masks(), "scores": tuple(game.scores),
                "seat": self.seat, "winner": game.winner}


def register_envs() -> None:
    """Register the ``fives/...-v0`` ids with Gymnasium (done on ``import fives.envs``)."""
    for preset, env_id in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="fives.envs.gym_env:FivesGymEnv",
                         kwargs={"preset": preset})
