"""``fives play --plain`` in a real pseudo-terminal read by pyte: the hot seat never leaves the
last player's hand on the screen, ``tally`` works, and French play words and messages."""

from __future__ import annotations

from pathlib import Path

import pytest

from tui.terminal import Terminal

pytestmark = pytest.mark.xdist_group("pty")


def test_hot_seat_clears_the_last_hand_before_the_next_player(tmp_path: Path) -> None:
    term = Terminal(["play", "--plain", "--preset", "five-up", "--seats", "human,human",
                     "--seed", "4", "--lang", "en", "--delay", "0"], 80, 24, tmp_path)
    try:
        rows = term.wait_for("then press Enter")
        assert not any("Your hand:" in r for r in rows), "\n".join(rows)
        term.type("")
        rows = term.wait_for("your move")
        assert any("Your hand:" in r for r in rows)
        first = next(r for r in rows if "Your hand:" in r)
        term.type("1")
        rows = term.wait_for("then press Enter")
        # the first player's hand is gone from the screen before the second one comes
        assert not any("Your hand:" in r for r in rows), "\n".join(rows)
        assert first not in rows
    finally:
        term.close()


def test_tally_and_french_words_in_plain(tmp_path: Path) -> None:
    term = Terminal(["play", "--plain", "--preset", "five-up", "--seats", "human,greedy",
                     "--seed", "2", "--lang", "fr", "--delay", "0"], 80, 24, tmp_path)
    try:
        term.wait_for("votre coup")
        term.type("marque")
        rows = term.wait_for("votre coup")
        assert any(r.startswith("Vous: ") or r.startswith("Vous : ") for r in rows), \
            "\n".join(rows)
        term.type("passer")  # a French move word: understood (and refused: a tile fits)
        rows = term.wait_for("votre coup")
        assert any("Vous ne pouvez pas passer maintenant" in r for r in rows), "\n".join(rows)
        assert not any("n'est ni un coup" in r for r in rows)
        term.type("9-9")
        rows = term.wait_for("votre coup")
        assert not any(w in " ".join(rows) for w in ("illegal", "seat 0", "cannot"))
    finally:
        term.close()


def test_no_color_is_honoured(tmp_path: Path) -> None:
    """NO_COLOR (and --no-color) leave every colour out; without them the screen has colours."""
    import re

    colour = re.compile(rb"\x1b\[(?:[0-9]+;)*(?:3[0-8]|9[0-7])(?:;|m)")
    raws = {}
    for name, env, extra in (("plain", {}, []), ("env", {"NO_COLOR": "1"}, []),
                             ("flag", {}, ["--no-color"])):
        term = Terminal(["play", "--plain", "--preset", "five-up", "--seats", "human,greedy",
                         "--seed", "2", "--lang", "en", "--delay", "0", *extra], 80, 24,
                        tmp_path, env=env)
        try:
            term.wait_for("your move")
        finally:
            term.close()
        raws[name] = term.raw
    assert colour.search(raws["plain"])
    assert not colour.search(raws["env"]) and not colour.search(raws["flag"])
