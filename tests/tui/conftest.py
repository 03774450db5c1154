"""Fixtures of the ``fives play`` tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tui.helpers import Driver, Policy


@pytest.fixture
def drive(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          tmp_path: Any) -> Callable[[Policy], Driver]:
    monkeypatch.setenv("FIVES_SAVE_DIR", str(tmp_path / "autosave"))
    monkeypatch.setenv("COLUMNS", "100")

    def make(policy: Policy) -> Driver:
        return Driver(capsys, monkeypatch, policy)

    return make
