"""Bots: players of every level behind one interface (see ``base.Player``).

``make_player("greedy", seed=1)`` or ``make_player(2, seed=1)`` builds a player; a player gets
only a ``SeatView`` and returns one of its legal moves.
"""

from __future__ import annotations

from fives.bots.base import COUNTING, HUMAN_COUNTING, Budget, Candidate, Counting, Player
from fives.bots.greedy import GreedyPlayer
from fives.bots.random_bot import RandomPlayer
from fives.errors import UsageError

LEVELS: dict[str, int] = {"random": 1, "greedy": 2, "heuristic": 3, "search": 4, "expert": 5}
# Levels kept for measurement (``fives match expert expert-v1``), not offered to players.
BENCH_LEVELS: tuple[str, ...] = ("expert-v1", "expert-v2", "expert-pbi", "ismcts")
_NAMES = {number: name for name, number in LEVELS.items()}


def level_name(level: str | int) -> str:
    """The canonical name of a level given by name (any case) or number 1-5; a trained policy
    is ``policy:PATH`` (kept as given: the path is case-sensitive; see fives.envs.policy)."""
    if isinstance(level, str) and level.strip().lower().startswith("policy:"):
        if not level.strip()[7:]:
            raise UsageError(f"unknown bot level {level!r}: expected policy:PATH",
                             key="unknown_bot_level", level=repr(level), expected="policy:PATH")
        return "policy:" + level.strip()[7:]
    if isinstance(level, bool):
        raise _unknown_level(level)
    if isinstance(level, int):
        if level in _NAMES:
            return _NAMES[level]
        raise _unknown_level(level)
    if isinstance(level, str):
        key = level.strip().lower()
        if key in LEVELS or key in BENCH_LEVELS:
            return key
        if key.isdigit() and int(key) in _NAMES:
            return _NAMES[int(key)]
    raise _unknown_level(level)


def _expected() -> str:
    return ", ".join(f"{name} ({number})" for name, number in LEVELS.items())


def _unknown_level(level: object) -> UsageError:
    return UsageError(f"unknown bot level {level!r}: expected {_expected()}",
                      key="unknown_bot_level", level=repr(level), expected=_expected())


def make_player(level: str | int, *, seed: int | None = None,
                counting: str = "exact") -> Player:
    """A new player of that level with its own RNG seeded by ``seed``; ``counting`` says how it
    counts its claims under muggins claims (``exact`` or ``human``, see ``HUMAN_COUNTING``)."""
    player = _make_player(level, seed)
    player.set_counting(counting)
    return player


def _make_player(level: str | int, seed: int | None) -> Player:
    name = level_name(level)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise UsageError(f"invalid seed {seed!r}: expected an integer", key="invalid_seed",
                         value=repr(seed))
    if name == "random":
        return RandomPlayer(seed)
    if name == "greedy":
        return GreedyPlayer(seed)
    if name.startswith("policy:"):
        from fives.envs.policy import PolicyPlayer  # the rl extra

        return PolicyPlayer(name[7:], seed)
    from fives.bots.expert import (
        ExpertPbiPlayer,
        ExpertPlayer,
        ExpertV1Player,
        ExpertV2Player,
    )
    from fives.bots.heuristic import HeuristicPlayer
    from fives.bots.search import SearchPlayer

    if name == "heuristic":
        return HeuristicPlayer(seed)
    if name == "search":
        return SearchPlayer(seed)
    if name == "expert-v1":
        return ExpertV1Player(seed)
    if name == "expert-v2":
        return ExpertV2Player(seed)
    if name == "expert-pbi":
        return ExpertPbiPlayer(seed)
    if name == "ismcts":
        from fives.bots.ismcts import IsmctsPlayer

        return IsmctsPlayer(seed)
    return ExpertPlayer(seed)


__all__ = [
    "BENCH_LEVELS",
    "COUNTING",
    "HUMAN_COUNTING",
    "LEVELS",
    "Budget",
    "Candidate",
    "Counting",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "level_name",
    "make_player",
]
