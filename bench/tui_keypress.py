"""Keypress to redraw in the full-screen terminal game (run by hand; not part of the suite).

    PYTHONPATH=src .venv/bin/python bench/tui_keypress.py [--keys 40] [--size 80x24]

Starts ``fives play`` (Five Up against a greedy bot, seed 3) in a pseudo-terminal, waits for the
first move prompt, then types a move's number and rubs it out, ``--keys`` times: each key marks
(or unmarks) the tile that move goes on. The time from writing the key to the last byte of the
redraw it causes (the output then quiet for 30 ms, not counted) is one sample; the median and
the 90th percentile are printed. Startup (to the first prompt) is printed too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tui.terminal import TWO_PLAYER_GAME, Terminal, read_chunk  # noqa: E402

QUIET = 0.03


def redraw(term: Terminal, key: bytes) -> float:
    """Seconds from the key to the last byte of what it redrew."""
    start = time.perf_counter()
    os.write(term.master, key)
    last = None
    deadline = start + 5
    while time.perf_counter() < deadline:
        chunk = read_chunk(term.master, QUIET if last is not None else 1.0)
        if not chunk:
            if last is not None:
                break
            continue
        term.stream.feed(chunk)
        last = time.perf_counter()
    if last is None:
        raise AssertionError("nothing redrawn")
    return last - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--size", default="80x24")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    with tempfile.TemporaryDirectory() as tmp:
        started = time.perf_counter()
        term = Terminal(list(TWO_PLAYER_GAME), width, height, Path(tmp))
        term.wait_for("your move")
        startup = time.perf_counter() - started
        time.sleep(0.5)
        term.pump(0.3)
        samples = []
        for _ in range(args.keys):
            samples.append(redraw(term, b"1"))
            samples.append(redraw(term, b"\x7f"))
        term.close()
    ms = sorted(1000 * s for s in samples)
    print(f"{args.size}: startup {startup:.2f} s; keypress to redraw over {len(ms)} keys: "
          f"median {statistics.median(ms):.1f} ms, p90 {ms[int(0.9 * len(ms))]:.1f} ms")


if __name__ == "__main__":
    main()
