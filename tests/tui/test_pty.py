"""``fives play`` in a real pseudo-terminal: live redraws, then Ctrl-D / Ctrl-C at the prompt
leave cleanly with the game saved."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from fives.record import load_record

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def take_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pty, so that
    Ctrl-C typed there interrupts it as in a real terminal. SIGINT back to its default, as a
    shell starts a program: a pytest-xdist worker ignores SIGINT, and a child would inherit
    that (Python then installs no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def read_until(fd: int, pattern: str, seconds: float = 30.0) -> str:
    """What the terminal shows until ``pattern`` appears (escape codes removed)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the program closed the terminal
                break
            if not chunk:
                break
            seen += chunk
            text = ANSI.sub("", seen.decode("utf-8", "replace"))
            if pattern in text:
                return text
    raise AssertionError(f"{pattern!r} never shown; got: {seen[-800:]!r}")


@pytest.mark.parametrize(("key", "status"), [(b"\x04", 0), (b"\x03", 130)])
def test_leave_from_a_terminal(tmp_path: Path, key: bytes, status: int) -> None:
    master, slave = os.openpty()
    env = dict(os.environ, FIVES_SAVE_DIR=str(tmp_path), TERM="xterm-256color",
               COLUMNS="100", LINES="50")
    proc = subprocess.Popen(
        [sys.executable, "-m", "fives", "play", "--preset", "five-up", "--seats",
         "human,greedy", "--seed", "3", "--lang", "en", "--delay", "0"],
        stdin=slave, stdout=slave, stderr=slave, env=env, preexec_fn=take_terminal,
    )
    os.close(slave)
    try:
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
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert "Traceback" not in screen
    saved = list(tmp_path.glob("five-up-*.json"))
    assert len(saved) == 1
    record = load_record(saved[0].read_text(encoding="utf-8"))
    assert sum(1 for _ in record.replay()) >= 2
