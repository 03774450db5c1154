"""A trained policy as a ``fives`` bot level: ``policy:PATH``.

``PATH`` is a MaskablePPO model saved by ``sb3-contrib`` (the ``.zip`` of
``examples/train_maskable_ppo.py``). The player encodes its ``SeatView`` with
``encode_view`` (so it sees exactly what any other bot sees), masks the illegal actions and
plays the policy's most likely action (``deterministic``) or samples from it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import numpy as np

from fives.bots.base import Budget, Candidate, Player
from fives.errors import UsageError

from .encoding import NUM_ACTIONS, action_of_code, encode_view

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.views import SeatView

_MODELS: dict[str, Any] = {}


def load_model(path: str) -> Any:
    """The MaskablePPO model saved at ``path`` (loaded once per process)."""
    full = os.path.abspath(os.path.expanduser(path))
    if full not in _MODELS:
        if not os.path.isfile(full) and not os.path.isfile(full + ".zip"):
            raise UsageError(f"unknown policy {path!r}: expected the path of a model saved "
                             "by MaskablePPO (.zip)", key="unknown_policy", path=path)
        try:
            import torch
            from sb3_contrib import MaskablePPO
        except ModuleNotFoundError as exc:
            raise UsageError(f"policy {path!r} needs the rl extra (pip install 'fives[rl]'): "
                             f"{exc.name} is missing", key="policy_needs_rl", path=path,
                             module=exc.name) from None
        torch.set_num_threads(1)
        torch.distributions.Distribution.set_default_validate_args(False)
        try:
            _MODELS[full] = MaskablePPO.load(full, device="cpu")
        except Exception as exc:  # a file that is not a model: say so, no traceback
            raise UsageError(f"cannot load policy {path!r}: {type(exc).__name__}: {exc}",
                             key="cannot_load_policy", path=path,
                             why=f"{type(exc).__name__}: {exc}") from None
    return _MODELS[full]


class PolicyPlayer(Player):
    name = "policy"
    level = 0

    def __init__(self, path: str, seed: int | None = None, deterministic: bool = True) -> None:
        super().__init__(seed)
        self.path = path
        self.model = load_model(path)
        self.deterministic = deterministic

    def __repr__(self) -> str:
        return f"PolicyPlayer({self.path!r}, seed={self.seed!r})"

    def _choose(self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None) -> Move:
        by_action = {action_of_code(m.code): m for m in moves}
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[list(by_action)] = True
        action, _ = self.model.predict(encode_view(view), action_masks=mask,
                                       deterministic=self.deterministic)
        return by_action[int(action)]

    def _rank(
        self, view: SeatView, moves: tuple[Move, ...], budget: Budget | None
    ) -> list[Candidate]:
        import torch

        by_action = {action_of_code(m.code): m for m in moves}
        mask = np.zeros(NUM_ACTIONS, dtype=bool)
        mask[list(by_action)] = True
        policy = self.model.policy
        obs, _ = policy.obs_to_tensor(encode_view(view))
        with torch.no_grad():
            dist = policy.get_distribution(obs, action_masks=mask)
            probs = dist.distribution.probs[0].numpy()
        return [Candidate(m, float(probs[a])) for a, m in by_action.items()]
