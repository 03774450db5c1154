"""Win chances: the probability that side 0 wins the game, from the public position alone.

A logistic model per preset (and number of players, partnerships) of the scores against the
target, whose turn it is, who led the hand, how far the hand has gone and how many tiles each
side still holds. Its coefficients (``winchance.json``, beside this module) are fitted by
``bench/fit_winchance.py`` on simulated games of bots of several levels; rules without a model
of their own use the one fitted on every preset together (``any``). Games of more than two
sides (three or four players each for themselves) have none: ``win_chance`` gives None.

Only a spectator's view is read (``SeatView`` of seat None): the chance never depends on a
hidden tile, so a review may show it to anyone.
"""

from __future__ import annotations

import functools
import json
import math
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fives.game import Game
    from fives.rules import Ruleset
    from fives.views import SeatView

FEATURES = ("bias", "lead", "lead_left", "to_move", "leader", "stage", "tiles", "tiles_late")
DIFF_FEATURES = ("bias", "lead")  # the score-difference-only model the full one is compared to


def model_key(rules: Ruleset) -> str:
    """``all-fives/2``, ``five-up/4p`` (partnerships), ``five-up-solitaire/1``, ..."""
    return f"{rules.name}/{rules.players}{'p' if rules.partnerships else ''}"


def features(view: SeatView) -> list[float] | None:
    """The model's inputs for side 0 (None for games of more than two sides):
    ``lead``: side 0's score minus side 1's, over the target; ``lead_left``: the same over the
    square root of what both still need (a lead counts more as the end nears); ``to_move`` and
    ``leader``: +1 when side 0 is to play / led the hand, else -1; ``stage``: the share of the
    hand's tiles on the table; ``tiles``: side 0's mean tiles in hand minus side 1's, over the
    hand size; ``tiles_late``: ``tiles`` times ``stage``."""
    rules = view.rules
    if rules.sides != 2:
        return None
    target = rules.target
    s0, s1 = view.scores[0], view.scores[1]
    n0 = max(0, target - s0) / target
    n1 = max(0, target - s1) / target
    lead = (s0 - s1) / target
    lead_left = (n1 - n0) / math.sqrt(max(n0 + n1, 0.02))
    to_move = 1.0 if rules.side_of(view.turn) == 0 else -1.0
    leader = 1.0 if rules.side_of(view.leader) == 0 else -1.0
    dealt = rules.players * rules.hand_size
    stage = min(1.0, view.layout.count / dealt) if dealt else 0.0
    held: list[list[int]] = [[], []]
    for seat, size in enumerate(view.hand_sizes):
        held[rules.side_of(seat)].append(size)
    means = [sum(h) / len(h) if h else 0.0 for h in held]
    tiles = (means[0] - means[1]) / rules.hand_size if rules.hand_size else 0.0
    return [1.0, lead, lead_left, to_move, leader, stage, tiles, tiles * stage]


def logistic(coef: list[float], x: list[float]) -> float:
    z = sum(c * v for c, v in zip(coef, x, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


@functools.lru_cache(maxsize=1)
def coefficients() -> dict[str, Any]:
    """The fitted models (``winchance.json``); empty when the file is missing."""
    try:
        raw = resources.files("fives.bots").joinpath("winchance.json").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data: dict[str, Any] = json.loads(raw)
    return data


def chance_of_view(view: SeatView) -> float | None:
    """Side 0's chance of winning from a spectator's view (1 or 0 once the game is over)."""
    if view.winner is not None:
        return 1.0 if view.winner == 0 else 0.0
    x = features(view)
    models = coefficients().get("models", {})
    model = models.get(model_key(view.rules)) or models.get("any")
    if x is None or model is None:
        return None
    return logistic(model["coef"], x)


def win_chance(game: Game) -> float | None:
    """Side 0's chance of winning ``game`` from its public position."""
    return chance_of_view(game.view(None))
