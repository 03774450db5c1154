"""The full-screen game in a real pseudo-terminal read by a terminal emulator (pyte): help wrapped
to the width, the resume command printed on leaving (the frames themselves are measured with
Textual's pilot in test_app.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tui.terminal import Terminal


def test_help_is_wrapped_to_the_width(tmp_path: Path) -> None:
    term = Terminal(["play", "--preset", "five-up", "--seats", "human,greedy", "--seed", "2",
                     "--lang", "fr", "--delay", "0"], 60, 20, tmp_path)
    try:
        term.wait_for("votre coup")
        term.type("aide")
        rows = term.wait_for("retour")  # shown over the table, Esc goes back
        for word in ("Tapez", "Commandes"):
            assert any(word in r for r in rows), "\n".join(rows)
        # words are never cut at the edge: each row ends on a whole word
        help_rows = [r for r in rows if r and not r.startswith((" ", "["))]
        for r in help_rows:
            assert len(r) <= 60
        os.write(term.master, b"\x1b")
        term.wait_for("votre coup")
        term.type("regles")
        rows = term.wait_for("retour")
        assert "joueurs" in "\n".join(rows)  # the rules, shown over the table
    finally:
        term.close()


def test_the_printed_resume_command_restores_the_game(tmp_path: Path) -> None:
    """Ctrl-D in full screen: the command printed is run exactly as printed and brings back the
    same bots and language."""
    import shlex

    first = Terminal(["play", "--preset", "all-fives", "--seats", "human,expert", "--seed", "4",
                      "--lang", "fr", "--delay", "0", "--think", "0.05"], 80, 24, tmp_path)
    try:
        first.wait_for("votre coup")
        first.type("1")
        first.wait_for("votre coup")
    finally:
        first.close()
    printed = "\n".join(first.printed_lines())
    assert "Pour la reprendre : " in printed, printed[-500:]
    command = shlex.split(printed.split("Pour la reprendre : ", 1)[1].splitlines()[0])
    assert command[-3:-1] == ["play", "--resume"]
    assert command[:-3] in (["fives"], [sys.executable, "-m", "fives"]), command
    second = Terminal([*command[-3:], "--delay", "0"], 80, 24, tmp_path)
    try:
        rows = second.wait_for("votre coup")
    finally:
        second.close()
    screen = "\n".join(rows)
    assert "Nord (expert)" in screen and "Votre main" in screen
