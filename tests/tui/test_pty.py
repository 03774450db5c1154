"""``fives play`` in a real pseudo-terminal: live redraws, then Ctrl-D / Ctrl-C at the prompt
leave cleanly with the game saved."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from fives.record import load_record
from tui.terminal import play_in_pty, read_until


@pytest.mark.parametrize(("key", "status"), [(b"\x04", 0), (b"\x03", 130)])
def test_leave_from_a_terminal(tmp_path: Path, key: bytes, status: int) -> None:
    with play_in_pty(tmp_path, rows=50) as (proc, master):
        screen = read_until(master, "your move")
        assert "Your hand:" in screen and "Five Up" in screen
        os.write(master, b"1\r")  # a real move first: the saved game must hold it
        read_until(master, "your move")
        screen = ""
        for _ in range(5):
            # CPython's readline can miss a Ctrl-C that lands just as input() starts; a
            # player then presses it again, and so does this test.
            time.sleep(0.2)
            os.write(master, key)
            try:
                screen = read_until(master, "fives play --resume", seconds=5)
                break
            except AssertionError:
                continue
        assert "fives play --resume" in screen
        assert proc.wait(timeout=30) == status
    assert "Traceback" not in screen
    saved = list(tmp_path.glob("five-up-*.json"))
    assert len(saved) == 1
    record = load_record(saved[0].read_text(encoding="utf-8"))
    assert sum(1 for _ in record.replay()) >= 2
