"""The driver shared by the environments: one engine game, stepped by action index, with the
episode and reward conventions of docs/RESEARCH.md.

The table plays through ``Game.play_code`` (the engine's recorded fast path): it keeps what
``Game.play`` keeps for everyone else, the public history (so ``game.view(seat)`` and the bots
that read it see every action), the record (so ``game.to_record()`` replays through
``fives replay``) and the reveal at the end of a hand, without checks and without events.
"""

from __future__ import annotations

import random
from typing import Literal

import numpy as np

from fives.dealing import Deal
from fives.errors import FivesError
from fives.events import GAME_OVER, HAND_OVER, PLAY
from fives.game import Game
from fives.moves import DRAW, PASS
from fives.rules import PRESETS, Ruleset

from .encoding import (
    NUM_ACTIONS,
    LayoutSections,
    Mask,
    Obs,
    SeatObservation,
    action_of_code,
    actions_of_codes,
    code_of_action,
    describe_action,
    shared_rules_vector,
)

Episode = Literal["hand", "game"]
Reward = Literal["points", "win_loss"]
EPISODES = ("hand", "game")
# The presets the environments play by default: all but those under muggins claims (O1).
ENV_PRESETS = tuple(p for p in PRESETS if not Ruleset.preset(p).muggins_claims)
REWARDS = ("points", "win_loss")


def check_choice(name: str, value: object, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise FivesError(f"invalid {name} {value!r}: expected one of {', '.join(choices)}",
                         key="invalid_option", option=name, value=repr(value))


def check_max_hands(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise FivesError(f"invalid max_hands {value!r}: expected a positive whole number",
                         key="invalid_option", option="max_hands", value=repr(value))
    return value


class Table:
    """One game of a ruleset, stepped by action index."""

    def __init__(self, rules: Ruleset, *, episode: Episode = "game",
                 reward: Reward = "points", max_hands: int = 200,
                 auto_deal: bool = True) -> None:
        check_choice("episode", episode, EPISODES)
        check_choice("reward", reward, REWARDS)
        if rules.muggins_claims:
            # RULES.md §9 O1: a claim per placement and calls by seats whose turn it is not fit
            # neither the fixed action space nor the one-agent-per-turn models; exact claims
            # and calling every short claim are optimal, so the game to learn is the same.
            raise FivesError(
                "invalid muggins_claims True: expected false (the environments' action space "
                "has no claims and no muggins calls; see docs/RESEARCH.md)",
                key="invalid_option", option="muggins_claims", value="True")
        if rules.sniff_orientation_choice:
            # The fixed action space has one action per tile and port: none for the sniff's
            # form (RULES.md §9 O4), so the choice would silently be the US form only.
            raise FivesError(
                "invalid sniff_orientation_choice True: expected false (the environments' "
                "action space has no action for the sniff's form)",
                key="invalid_option", option="sniff_orientation_choice", value="True")
        self.rules = rules
        self.episode = episode
        self.reward = reward
        self.max_hands = check_max_hands(max_hands)
        # Without auto_deal the owner deals each next hand (OpenSpiel's chance nodes):
        # ``awaiting_deal`` says when, and ``deal`` does it.
        self.auto_deal = auto_deal
        self.awaiting_deal = False
        self.players = rules.players
        self.sides = rules.sides
        self.seat_side = [rules.side_of(s) for s in range(rules.players)]
        self._rules_vec = shared_rules_vector(rules)  # read-only, shared
        self.terminated = False
        self.truncated = False
        self.steps = 0
        if auto_deal:  # else the owner deals (``start``) before anything else
            self.game = Game(rules, seed=0)
            self.initial_scores = self.game.scores
            self._new_hand()

    def __deepcopy__(self, memo: dict[int, object]) -> Table:
        return self.copy()

    def copy(self) -> Table:
        """An independent table in the same position (OpenSpiel clones states)."""
        other = Table.__new__(Table)
        other.__dict__.update(self.__dict__)
        if hasattr(self, "game"):
            other.game = self.game.copy()  # keeps the hand's end and its event
            other.seen = [row[:] for row in self.seen]
            other.draws = self.draws[:]
            other.passes = self.passes[:]
            other._seat_obs = [None] * self.players  # rebuilt when first observed
            other._codes = None
            other._actions = None
            other.layout_sections = self.layout_sections.copy()
        return other

    # ---------------------------------------------------------------- episode
    def reset(self, seed: int | None = None) -> None:
        """A new game (dealt from ``seed``)."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        self.game = Game(self.rules, seed=seed)
        self.initial_scores = self.game.scores  # after the first deal
        self.terminated = False
        self.truncated = False
        self.steps = 0
        self._new_hand()

    def start(self, game: Game) -> None:
        """Play on from a game the owner dealt (its first hand)."""
        self.game = game
        self.initial_scores = game.scores
        self.terminated = False
        self.truncated = False
        self.awaiting_deal = False
        self.steps = 0
        self._new_hand()

    def deal(self, deal: Deal, leader: int | None) -> list[float]:
        """Deal the next hand (when ``awaiting_deal``); each seat's reward for the score
        change of the deal itself (the solitaire's handicap), as ``step_code``."""
        before = self.game.scores
        self.game.next_hand(deal, leader)
        self.awaiting_deal = False
        self._new_hand()
        gains = [a - b for a, b in zip(self.game.scores, before, strict=True)]
        sides = (self._relative(gains) if self.reward == "points" and any(gains)
                 else [0.0] * self.sides)
        return [sides[self.seat_side[s]] for s in range(self.players)]

    def _new_hand(self) -> None:
        n = self.players
        self.layout_sections = LayoutSections()
        self.seen = [[0] * 7 for _ in range(n)]
        self.draws = [0] * n
        self.passes = [0] * n
        self.history_version = 0  # counts the draws and passes of the hand
        self.hand_start = self.game.scores
        self.invalidate()

    def invalidate(self) -> None:
        """Forget what is cached of the position (after replacing ``game`` by one in the same
        public position, e.g. the hidden tiles dealt anew)."""
        self._codes: list[int] | None = None
        self._actions: list[int] | None = None
        self._seat_obs: list[SeatObservation | None] = [None] * self.players

    @property
    def done(self) -> bool:
        return self.terminated or self.truncated

    @property
    def turn(self) -> int:
        return self.game.turn

    # ---------------------------------------------------------------- legal actions
    def legal_codes(self) -> list[int]:
        if self._codes is None:
            self._codes = [] if self.done or self.awaiting_deal else self.game.legal_codes()
        return self._codes

    def legal_actions(self) -> list[int]:
        actions = self._actions
        if actions is None:
            actions = self._actions = actions_of_codes(self.legal_codes())
        return actions[:]

    def action_mask(self, seat: int | None = None) -> Mask:
        """The int8 mask of the legal actions (all zeros for a ``seat`` not to act)."""
        m = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if seat is None or (seat == self.game.turn and not self.done):
            actions = self._actions
            if actions is None:
                actions = self._actions = actions_of_codes(self.legal_codes())
            for a in actions:  # item by item: cheaper than fancy indexing for a few
                m[a] = 1
        return m

    def code_of(self, action: object) -> int:
        """The move code of a legal action; a clear error (and no change) otherwise."""
        if self.done:
            raise FivesError("the episode is over: reset the environment", key="episode_over")
        if isinstance(action, np.integer):
            action = int(action)
        if isinstance(action, bool) or not isinstance(action, int) or not (
            0 <= action < NUM_ACTIONS
        ):
            raise FivesError(
                f"invalid action {action!r}: expected an action index from 0 to "
                f"{NUM_ACTIONS - 1}", key="invalid_action", action=repr(action))
        code = code_of_action(action, self.game.layout)
        codes = self.legal_codes()
        if code not in codes:
            legal = ", ".join(f"{a} ({describe_action(a)})" for a in self.legal_actions())
            raise FivesError(
                f"illegal action {action} ({describe_action(action)}) for seat "
                f"{self.game.turn}: legal actions are {legal}",
                key="illegal_action", action=str(action))
        return code

    # ---------------------------------------------------------------- stepping
    def step(self, action: object) -> list[float]:
        """Play a legal action; return each seat's reward for it (docs/RESEARCH.md)."""
        code = self.code_of(action)
        return self.step_code(code)

    def step_code(self, code: int) -> list[float]:
        game = self.game
        before = game.scores
        self._apply(code)
        self.steps += 1
        phase = game.phase
        side_rewards = None
        if phase != PLAY:
            if phase == GAME_OVER or self.episode == "hand":
                self.terminated = True
                if self.reward == "win_loss":
                    side_rewards = self._win_loss()
            elif game.hand_number >= self.max_hands:
                self.truncated = True
            elif self.auto_deal:
                game.next_hand()  # a deal may change the scores (the solitaire's handicap)
                self._new_hand()
            else:
                self.awaiting_deal = True
        after = game.scores
        if side_rewards is None:
            side_rewards = [0.0] * self.sides
            if self.reward == "points" and after != before:
                side_rewards = self._relative([a - b for a, b in
                                               zip(after, before, strict=True)])
        self._codes = None
        self._actions = None
        side = self.seat_side
        return [side_rewards[side[s]] for s in range(self.players)]

    def _relative(self, gains: list[int]) -> list[float]:
        """Each side's gain less the mean gain of the other sides."""
        total = sum(gains)
        k = self.sides - 1
        return [g - (total - g) / k for g in gains]

    def _win_loss(self) -> list[float]:
        game = self.game
        if self.episode == "game":
            winner = game.winner
        else:
            margins = self._relative([a - b for a, b in
                                      zip(game.scores, self.hand_start, strict=True)])
            best = max(margins)
            winner = margins.index(best) if margins.count(best) == 1 else None
        if winner is None:
            return [0.0] * self.sides
        lose = -1.0 / (self.sides - 1)
        return [1.0 if i == winner else lose for i in range(self.sides)]

    def _apply(self, code: int) -> None:
        """``Game.play`` without the checks and the event list (the code is legal)."""
        game = self.game
        seat = game.turn
        if code < 0:
            if code == DRAW:
                self.draws[seat] += 1
            else:
                assert code == PASS
                self.passes[seat] += 1
            row = self.seen[seat]
            for v in set(game.layout.open_values()):
                row[v] += 1
            self.history_version += 1
        game.play_code(code)  # recorded in the history and the record, no events
        if code >= 0:
            self.layout_sections.placed(game.layout)

    # ---------------------------------------------------------------- observation
    def observe(self, seat: int) -> Obs:
        """The seat's observation (the same as ``encode_view(game.view(seat))``): a new
        array, brought up to date from the seat's kept vector (only what changed since the
        seat last observed is written)."""
        obs = self._seat_obs[seat]
        if obs is None:
            obs = self._seat_obs[seat] = SeatObservation(
                self._rules_vec, self.rules, seat, self.game)
        return obs.update(self.game, self.layout_sections, self.seen, self.draws,
                          self.passes, self.history_version).copy()


__all__ = ["ENV_PRESETS", "EPISODES", "GAME_OVER", "HAND_OVER", "REWARDS", "Episode", "Reward",
           "Table", "action_of_code"]
