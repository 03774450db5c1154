"""PettingZoo environments: the AEC game of every preset, and a parallel-API form.

``env(preset, **options)`` (or ``FivesAECEnv``) plays one game with one agent per seat,
``"seat_0"`` .. ``"seat_3"``. Each agent observes ``{"observation": vector, "action_mask":
int8 mask}`` (docs/RESEARCH.md); the mask is all zeros for an agent whose turn it is not.
Partners share their side's reward. An illegal action raises ``FivesError`` and changes
nothing.

``parallel_env(...)`` is the parallel API over the same game: every live agent gives an action
at each step, only the action of the seat to act is played (the others are ignored; their
masks are all zeros), which is how a turn-based game with repeated turns (draws) fits it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from fives.rules import Ruleset

from .encoding import NUM_ACTIONS, OBS_SIZE
from .table import Episode, Reward, Table

AGENTS = ("seat_0", "seat_1", "seat_2", "seat_3")


def _spaces(n: int) -> tuple[dict[str, spaces.Dict], dict[str, spaces.Discrete]]:
    obs = {
        a: spaces.Dict({
            "observation": spaces.Box(-1.0, 1.0, (OBS_SIZE,), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), dtype=np.int8),
        })
        for a in AGENTS[:n]
    }
    act = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS[:n]}
    return obs, act


class FivesAECEnv(AECEnv):  # type: ignore[misc]
    """One game of a preset; agents are the seats."""

    # PettingZoo reads this class dict.
    metadata = {  # noqa: RUF012
        "name": "fives_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, preset: str = "five-up", *, episode: Episode = "game",
                 reward: Reward = "points", max_hands: int = 200,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"invalid render_mode {render_mode!r}: expected None or 'ansi'")
        self.rules = Ruleset.preset(preset, **options)
        self.render_mode = render_mode
        self.table = Table(self.rules, episode=episode, reward=reward, max_hands=max_hands)
        n = self.rules.players
        self.possible_agents = list(AGENTS[:n])
        self.observation_spaces, self.action_spaces = _spaces(n)
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(int(self._rng.integers(2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.turn]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        table = self.table
        return {"observation": table.observe(seat), "action_mask": table.action_mask(seat)}

    def action_mask(self, agent: str) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The agent's mask alone (cheaper than a whole observation)."""
        return self.table.action_mask(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        code = table.code_of(action)  # refuses an illegal action before anything changes
        self._cumulative_rewards[agent] = 0.0
        rewards = table.step_code(code)
        for a, r in zip(self.possible_agents, rewards, strict=True):
            self.rewards[a] = r
        if table.done:
            flags = self.terminations if table.terminated else self.truncations
            for a in self.agents:
                flags[a] = True
        else:
            self.agent_selection = self.possible_agents[table.turn]
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self.table.game
        return (f"hand {game.hand_number} turn seat_{game.turn} scores {list(game.scores)} "
                f"{game.layout!r}")

    def close(self) -> None:
        pass


def env(preset: str = "five-up", **kwargs: Any) -> FivesAECEnv:
    """The AEC environment of a preset (options as keyword arguments, e.g. ``players=4``)."""
    return FivesAECEnv(preset, **kwargs)


raw_env = env


class FivesParallelEnv(ParallelEnv):  # type: ignore[misc]
    """The same game through the parallel API (only the seat to act's action is played)."""

    metadata = {"name": "fives_parallel_v0", "render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, preset: str = "five-up", **kwargs: Any) -> None:
        self.aec = FivesAECEnv(preset, **kwargs)
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.aec.action_space(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
        self.aec.reset(seed=seed, options=options)
        self.agents = self.possible_agents[:]
        return ({a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents})

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, dict[str, Any]], dict[str, float], dict[str, bool], dict[str, bool],
        dict[str, dict[str, Any]]
    ]:
        aec = self.aec
        agent = aec.agent_selection
        if agent not in actions:
            raise ValueError(f"no action for {agent}, whose turn it is: expected an action "
                             "for every live agent")
        table = aec.table
        rewards_list = table.step_code(table.code_of(actions[agent]))
        rewards = dict(zip(self.possible_agents, rewards_list, strict=True))
        done_t, done_tr = table.terminated, table.truncated
        if not table.done:
            aec.agent_selection = self.possible_agents[table.turn]
        obs = {a: aec.observe(a) for a in self.agents}
        terms = dict.fromkeys(self.agents, done_t)
        truncs = dict.fromkeys(self.agents, done_tr)
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        if table.done:
            self.agents = []
        return obs, rewards, terms, truncs, infos

    def render(self) -> str | None:
        return self.aec.render()


def parallel_env(preset: str = "five-up", **kwargs: Any) -> FivesParallelEnv:
    return FivesParallelEnv(preset, **kwargs)
