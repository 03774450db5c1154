"""The stopping rule the sampling levels share (``base.SampleLoop``)."""

from __future__ import annotations

import time

from fives.bots.base import Budget, SampleLoop, limits


def _run(loop: SampleLoop, work: float = 0.0) -> int:
    while True:
        if work:
            time.sleep(work)
        if loop.done():
            return loop.count


def test_an_iteration_budget_stops_exactly_there() -> None:
    assert _run(SampleLoop(Budget(iterations=7), 10.0)) == 7
    assert _run(SampleLoop(Budget(iterations=1), 10.0, min_iterations=4)) == 1


def test_a_time_budget_stops_before_the_next_iteration_would_overrun() -> None:
    began = time.perf_counter()
    n = _run(SampleLoop(Budget(seconds=0.05), 10.0), work=0.004)
    elapsed = time.perf_counter() - began
    assert 1 <= n <= 13  # never more iterations than fit in the budget
    # A sleep may oversleep on a busy machine, but the loop stops near its budget, not at the
    # 10 s default.
    assert elapsed < 0.05 + 0.5


def test_no_budget_means_the_default_seconds() -> None:
    assert limits(None, 0.25) == (0.25, None)
    assert limits(Budget(), 0.25) == (0.25, None)
    assert limits(Budget(iterations=5), 0.25) == (None, 5)
    loop = SampleLoop(None, 0.02, min_iterations=2)
    assert _run(loop, work=0.001) >= 2
    assert loop.seconds == 0.02


def test_work_before_the_loop_counts_against_the_budget() -> None:
    started = time.perf_counter() - 0.05  # the budget is already spent
    loop = SampleLoop(Budget(seconds=0.05), 10.0, min_iterations=2, started=started)
    assert _run(loop, work=0.001) == 2  # only the minimum
