"""The real ``fives`` command in a pseudo-terminal: :class:`Terminal` reads its output through a
terminal emulator (pyte), what a player sees row by row; :func:`play_in_pty` starts it as a
shell would start a job on its terminal (Ctrl-C and Ctrl-Z typed there reach it) and
:func:`read_until` reads what it shows."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pyte

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")


class Terminal:
    """One run of ``fives ARGS`` in a ``width`` x ``height`` terminal."""

    def __init__(self, args: list[str], width: int, height: int, save_dir: Path,
                 env: dict[str, str] | None = None) -> None:
        self.width = width
        self.height = height
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        self.frames: list[list[str]] = []
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        environ = dict(os.environ, TERM="xterm-256color", FIVES_SAVE_DIR=str(save_dir),
                       **(env or {}))
        environ.pop("COLUMNS", None)
        environ.pop("LINES", None)
        self.proc = subprocess.Popen([sys.executable, "-m", "fives", *args], stdin=slave,
                                     stdout=slave, stderr=slave, env=environ,
                                     start_new_session=True)
        os.close(slave)
        self.master = master

    def pump(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if not ready:
                if self.proc.poll() is not None:
                    return
                continue
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.raw += chunk
            self.stream.feed(chunk)

    def wait_for(self, pattern: str, seconds: float = 30.0) -> list[str]:
        """The screen once one of its last two non-blank rows contains ``pattern`` (a prompt,
        or a key of the key bar)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            self.pump(0.1)
            rows = self.rows()
            filled = [r for r in rows if r.strip()]
            # the prompt is the last row, or the one above the key bar of the full screen
            if filled and any(pattern in r for r in filled[-2:]):
                time.sleep(0.05)
                self.pump(0.05)
                return self.rows()
            if self.proc.poll() is not None:
                self.pump(0.2)
                break
        raise AssertionError(f"{pattern!r} never shown; screen:\n" + "\n".join(self.rows()))

    def rows(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def type(self, line: str) -> None:
        os.write(self.master, line.encode() + b"\r")

    def close(self) -> int:
        if self.proc.poll() is None:
            os.write(self.master, b"\x04")
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.pump(0.2)
        os.close(self.master)
        return self.proc.returncode

    def printed_lines(self) -> list[str]:
        """Every line the program wrote since the last screen clear, escape codes removed
        (a line longer than the width would wrap on a real terminal)."""
        text = self.raw.decode("utf-8", "replace")
        last_clear = max(text.rfind("\x1b[2J"), text.rfind("\x1b[H"))
        text = ANSI.sub("", text[last_clear:] if last_clear >= 0 else text)
        return text.replace("\r", "").split("\n")


def frame_of(rows: list[str], prompt: str) -> list[str]:
    """The frame shown above the prompt: from the first row to the prompt's row."""
    last = max(i for i, r in enumerate(rows) if prompt in r)
    return rows[: last + 1]


# ``fives play`` against one greedy bot, the same deal every time, no pause after a bot's move.
TWO_PLAYER_GAME = ("play", "--preset", "five-up", "--seats", "human,greedy", "--seed", "3",
                   "--lang", "en", "--delay", "0")


def sigint_by_default() -> None:
    """In the child: SIGINT back to its default, as a shell starts a program. A test run that
    ignores SIGINT (a pytest-xdist worker, a run started with `&` or nohup) would pass that on
    to its children, and Python then installs no KeyboardInterrupt handler."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def take_terminal() -> None:
    """In the child: a session of its own whose controlling terminal is the pty, so that
    Ctrl-C typed there interrupts it as in a real terminal (SIGINT at its default)."""
    sigint_by_default()
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


@contextmanager
def play_in_pty(save_dir: Path, rows: int, args: Sequence[str] = TWO_PLAYER_GAME
                ) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """``fives ARGS`` on a new pseudo-terminal (100 columns, ``rows`` rows) that is its
    controlling terminal, saving into ``save_dir``: the process and the terminal's master side.
    On the way out the process is killed if it still runs, and the terminal closed."""
    master, slave = os.openpty()
    env = dict(os.environ, FIVES_SAVE_DIR=str(save_dir), TERM="xterm-256color",
               COLUMNS="100", LINES=str(rows))
    proc = subprocess.Popen([sys.executable, "-m", "fives", *args], stdin=slave, stdout=slave,
                            stderr=slave, env=env, preexec_fn=take_terminal)
    os.close(slave)
    try:
        yield proc, master
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)


def read_until(fd: int, pattern: str, seconds: float = 30.0) -> str:
    """What the terminal shows until ``pattern`` appears (escape codes removed)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        chunk = read_chunk(fd, 0.2)
        if chunk == b"":
            break
        if chunk is not None:
            seen += chunk
            shown = ANSI.sub("", seen.decode("utf-8", "replace"))
            if pattern in shown:
                return shown
    raise AssertionError(f"{pattern!r} never shown; got: {seen[-800:]!r}")


def drain(fd: int, quiet_s: float = 0.3, seconds: float = 10.0) -> bytes:
    """Read what the terminal holds until nothing more comes for ``quiet_s`` seconds."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        chunk = read_chunk(fd, quiet_s)
        if not chunk:  # quiet, or closed
            break
        seen += chunk
    return seen


def read_chunk(fd: int, wait_s: float) -> bytes | None:
    """What the terminal holds within ``wait_s`` seconds: None if nothing came, ``b""`` once the
    program closed it."""
    ready, _, _ = select.select([fd], [], [], wait_s)
    if not ready:
        return None
    try:
        return os.read(fd, 65536)
    except OSError:  # the program closed the terminal
        return b""
