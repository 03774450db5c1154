"""Whole games through ``fives play``: every preset, bots only and with a human seat played
from the numbered moves on screen; the scores shown must be those the saved record replays."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from fives.events import GameEndEvent, HandEndEvent
from fives.record import load_record
from sampling import sampled
from tui.helpers import Driver, Policy, random_mover, summary_rows

PRESETS = [
    ("five-up", []),
    ("five-up", ["--players", "4"]),
    ("all-fives", ["--players", "3"]),
    ("multiples-of-five", []),
    ("five-up-solitaire", []),
    ("fives-and-threes", []),
    ("draw", []),
    ("block", ["--players", "3"]),
]


def replayed(path: Path) -> tuple[list[int], int, list[HandEndEvent]]:
    """(final scores, winner side, hand ends) of a saved record, replayed by the engine."""
    events = list(load_record(path.read_text(encoding="utf-8")).replay())
    end = events[-1]
    assert isinstance(end, GameEndEvent), "the saved game is not finished"
    hands = [e for e in events if isinstance(e, HandEndEvent)]
    return list(end.scores), end.winner, hands


def shown_final_scores(out: str) -> list[int]:
    rows = summary_rows(out)
    assert rows, out[-2000:]
    return rows[-1][1:]


def seats_for(preset: str, extra: list[str], first: str) -> list[str]:
    players = 1 if preset == "five-up-solitaire" else int(
        extra[extra.index("--players") + 1]) if "--players" in extra else 2
    return ["--seats", ",".join([first] + ["greedy"] * (players - 1))]


# CI plays every preset from both seats; the fast suite one game in three.
@pytest.mark.parametrize(("first", "preset", "extra"), sampled(
    [(first, preset, extra) for first in ("random", "human") for preset, extra in PRESETS], 3,
    unpack=True))
def test_full_game_matches_the_record(
    drive: Callable[[Policy], Driver], tmp_path: Path, preset: str, extra: list[str],
    first: str,
) -> None:
    record = tmp_path / "game.json"
    driver = drive(random_mover(seed=11))
    status = driver.run(["--preset", preset, *extra, *seats_for(preset, extra, first),
                         "--seed", "4", "--lang", "en", "--no-color", "--save", str(record)])
    assert status == 0, driver.err
    scores, winner, hands = replayed(record)
    assert shown_final_scores(driver.out) == scores
    assert f"Game saved to {record}" in driver.out
    winner_lines = [line for line in driver.out.splitlines() if "win the game" in line
                    or "wins the game" in line]
    assert len(winner_lines) == 1
    # The side named as the winner is the record's winner: its row in the final table shows
    # the winner's score, and no other side has as much.
    line = winner_lines[0]
    name = line.split(" (", 1)[1].rstrip(")") if line.startswith("You win") else line.split(
        " wins the game")[0]
    after = driver.out[driver.out.index(line):]
    assert re.search(rf"^{re.escape(name)}\s+{scores[winner]}\b", after, re.MULTILINE), name
    assert sorted(scores)[-1] == scores[winner] and scores.count(scores[winner]) == 1
    assert driver.out.count("every hand revealed") == len(hands)
    assert [row[0] for row in summary_rows(driver.out)] == [e.hand for e in hands]
    target_ends = sum(e.result == "target" for e in hands)
    assert driver.out.count("The target was reached during the hand") == target_ends
    if first == "human":
        # The human really chose: each move prompt was answered from the numbered list.
        assert any(a.isdigit() for a in driver.answers)
        assert "Your hand:" in driver.out
    else:
        assert "Your hand:" not in driver.out  # a spectator sees no hand
    # A bot's draws never show the tile drawn; only the human sees their own.
    for line in driver.out.splitlines():
        if "cannot play and draws" in line:
            assert "[" not in line, line
        if line.startswith("You cannot play: you draw"):
            assert re.search(r"\[\d\|\d\]", line), line


@pytest.mark.slow  # seconds: whole games replayed
def test_replay_command_agrees(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    import subprocess
    import sys

    record = tmp_path / "fu.json"
    driver = drive(random_mover(seed=3))
    assert driver.run(["--preset", "five-up", "--seats", "human,greedy", "--seed", "9",
                       "--lang", "en", "--save", str(record)]) == 0
    proc = subprocess.run(
        [sys.executable, "-m", "fives", "replay", str(record), "--format", "jsonl"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    last = json.loads(proc.stdout.strip().splitlines()[-1])
    assert last["type"] == "game_end"
    assert shown_final_scores(driver.out) == last["scores"]


def test_real_process_with_scripted_stdin(tmp_path: Path) -> None:
    """The installed command in its own process: '1' to every prompt (the first legal move,
    Enter-like elsewhere); at the end '1' is no answer to "save the record? [y/N]" (no file
    named 1 is written), then "y" and a file name save it."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, FIVES_SAVE_DIR=str(tmp_path / "autosave"), COLUMNS="100")
    proc = subprocess.run(
        [sys.executable, "-m", "fives", "play", "--preset", "all-fives", "--seats",
         "human,greedy", "--seed", "12", "--lang", "en", "--no-color"],
        input="1\n" * 3000 + "y\nrec.json\n", capture_output=True, text=True, timeout=120,
        cwd=tmp_path, env=env, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert not (tmp_path / "1").exists()
    assert "'1': answer y (yes) or n (no)." in proc.stdout
    assert "Game saved to rec.json" in proc.stdout
    scores, _winner, _ = replayed(tmp_path / "rec.json")
    assert shown_final_scores(proc.stdout) == scores
