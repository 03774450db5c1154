"""A fast sample of a long parametrized family.

The fast suite (README: ``pytest -m "not browser and not slow"``) runs one case in ``every`` of
such a family, spread evenly over it, and the whole family runs in CI (scripts/test.sh runs
every test): ``@pytest.mark.parametrize("case", sampled(CASES, 25))``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest


def sampled(cases: Sequence[Any], every: int, *, ids: Callable[[Any], str] | None = None,
            unpack: bool = False) -> list[Any]:
    """``cases`` as pytest parameters, all but one in ``every`` marked ``slow``.

    ``unpack``: each case is a tuple of the values of several argument names.
    """
    out = []
    for i, case in enumerate(cases):
        values = tuple(case) if unpack else (case,)
        marks = () if i % every == 0 else (pytest.mark.slow,)
        out.append(pytest.param(*values, marks=marks, id=ids(case) if ids else None))
    return out
