"""OpenSpiel's information-set MCTS playing ``python_fives``, with a time budget.

OpenSpiel's C++ ``pyspiel.ISMCTSBot`` cannot search a game written in Python (open_spiel 2.0.2,
its sources are in the wheel), for two reasons, each enough alone:

1. It samples the worlds it searches with ``State::ResampleFromInfostate``, and the C++
   trampoline of a Python state (``PyState`` in ``python/pybind11/python_games.h``) does not
   forward that method to Python: the base method runs and raises "ResampleFromInfostate() not
   implemented" (``bot.get_policy(state)`` shows it, on OpenSpiel's own ``python_kuhn_poker``
   as on ``python_fives``). Its resampler callback (``SetResampler``) is not bound to Python.
2. Its ``step`` is bound with ``py::call_guard<py::gil_scoped_release>()`` and then calls
   into the Python state without the GIL (``PyState::Clone`` imports ``copy`` and deep-copies
   the state's attributes): a segmentation fault, again with ``python_kuhn_poker`` too.

So this module uses OpenSpiel's Python port of the same algorithm
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``, which calls the Python
``resample_from_infostate``), stopped by wall-clock time as well as by a number of simulations,
with OpenSpiel's random-rollout evaluator. ``TimedISMCTSBot.choose(state)`` searches the
current hand only (``FivesState.hand_search_state``): a rollout ends with the hand and a
state's value is the points its side will gain over the others from now to the end of the
hand (the match score is in the state, so a target reached ends it too).
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from .openspiel_game import FivesState

# A random hand's margin in 2-player All Fives has a standard deviation of about 24 points:
# UCT's constant 2 on returns scaled to that spread.
DEFAULT_UCT_C = 48.0


class TimedISMCTSBot(ismcts.ISMCTSBot):  # type: ignore[misc]
    """IS-MCTS (OpenSpiel's Python implementation) with a wall-clock budget per move.

    ``seconds``: stop starting simulations once this much time has passed (the one running
    finishes); ``max_simulations``: stop after that many. At least one must be given; a search
    runs at least two simulations (the first only expands the root). The move
    played is the most visited one (ties broken at random), as OpenSpiel's default.
    """

    def __init__(self, game: Any, *, seconds: float | None = None,
                 max_simulations: int | None = None, uct_c: float = DEFAULT_UCT_C,
                 rollouts: int = 1, seed: int | None = None) -> None:
        if seconds is None and max_simulations is None:
            raise ValueError("no budget: expected seconds, max_simulations or both")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"invalid seconds {seconds!r}: expected a positive number")
        if max_simulations is not None and max_simulations < 1:
            raise ValueError(f"invalid max_simulations {max_simulations!r}: expected a "
                             "positive whole number")
        rng = np.random.RandomState(seed)
        super().__init__(
            game, mcts.RandomRolloutEvaluator(rollouts, rng), uct_c,
            max_simulations if max_simulations is not None else 2**62,
            random_state=rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        self.seconds = seconds
        self.simulations = 0  # run by the last search

    def run_search(self, state: Any) -> list[tuple[int, float]]:
        """The parent's search, with the time limit (OpenSpiel's Python version has none)."""
        self.reset()
        self.simulations = 0
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        start = time.perf_counter()
        self._root_node = self.create_new_node(state)
        key = self.get_state_key(state)
        root = self._root_node
        # The first simulation only expands the root: a search needs a second one to have a
        # move to choose, whatever the budget says.
        while root.total_visits <= 0 or (
                self.simulations < self._max_simulations
                and (self.seconds is None or time.perf_counter() - start < self.seconds)):
            sampled = self.sample_root_state(state)
            if self.get_state_key(sampled) != key:
                raise pyspiel.SpielError("a resampled state is not in the searched "
                                         "information set")
            self.run_simulation(sampled)
            self.simulations += 1
        return self.get_final_policy(state, root)  # type: ignore[no-any-return]

    def choose(self, state: FivesState) -> int:
        """The action to play in ``state`` (a decision node), searching the current hand."""
        if state.is_chance_node() or state.is_terminal():
            raise ValueError("no decision to take: expected a player's turn")
        return int(self.step(state.hand_search_state()))
