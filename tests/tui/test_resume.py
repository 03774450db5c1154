"""A game interrupted and resumed with the command it printed goes on with the same seats
(people, bot levels and thinking time), the same language."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Callable
from pathlib import Path

import pytest

from fives.i18n import text
from tui.helpers import Driver, Policy, is_move_prompt

RESUME = re.compile(r"fives play (--resume \S+)")


def first_then_leave(driver: Driver, prompt: str) -> str | None:
    """One move by the first person to play, then Ctrl-D (the game is saved)."""
    if is_move_prompt(prompt) and "1" not in driver.answers:
        return "1"
    if is_move_prompt(prompt):
        return None
    return ""  # the hot seat's 'press Enter'


def resume_args(out: str) -> list[str]:
    found = RESUME.findall(out)
    assert found, out[-500:]
    return shlex.split(found[-1])


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("seats", ["human,random", "human,greedy", "human,heuristic",
                                   "human,search", "human,expert", "human,human",
                                   "greedy,human,expert"])
def test_resume_keeps_seats_and_language(drive: Callable[[Policy], Driver], lang: str,
                                         seats: str) -> None:
    players = len(seats.split(","))
    first = drive(first_then_leave)
    assert first.run(["--preset", "all-fives", "--seats", seats, "--seed", "8", "--lang", lang,
                      "--think", "0.05", "--delay", "0"]) == 0
    args = resume_args(first.out + "\n" + first.err)
    saved = Path(args[1])
    meta = json.loads(saved.read_text())["meta"]
    assert meta["lang"] == lang and len(meta["date"]) == len("2026-01-31")
    kinds = seats.split(",")
    assert [s["player"] if s["player"] == "human" else s["level"] for s in meta["seats"]] == kinds
    assert all(s["seconds"] == 0.05 for s in meta["seats"] if s["player"] == "bot")
    assert players == len(meta["seats"])

    second = drive(first_then_leave)
    assert second.run(args) == 0  # exactly the printed command
    out = second.out
    assert "choose with --seats" not in out and "choisissez avec --seats" not in out
    if lang == "fr":
        assert "Votre main" in out and "Your hand" not in out
    else:
        assert "Your hand" in out and "Votre main" not in out
    for kind in kinds:
        if kind != "human":
            assert f"({text('tui.level_' + kind, lang)})" in out  # the bot's name on screen
    resumed = json.loads(Path(resume_args(out + "\n" + second.err)[1]).read_text())
    assert resumed["meta"]["seats"] == meta["seats"]
    assert resumed["meta"]["lang"] == lang
    # The resumed record continues the first one: the same hands, more actions.
    before = json.loads(saved.read_text())["hands"][0]["actions"]
    after = resumed["hands"][0]["actions"]
    assert after[: len(before)] == before and len(after) > len(before)


def test_seats_given_on_the_command_line_win(drive: Callable[[Policy], Driver]) -> None:
    first = drive(first_then_leave)
    first.run(["--preset", "five-up", "--seats", "human,expert", "--seed", "3", "--lang", "en",
               "--delay", "0"])
    args = resume_args(first.out + "\n" + first.err)
    second = drive(first_then_leave)
    assert second.run([*args, "--seats", "human,greedy"]) == 0
    resumed = json.loads(Path(resume_args(second.out + "\n" + second.err)[1]).read_text())
    assert resumed["meta"]["seats"][1]["level"] == "greedy"


def test_a_record_without_meta_asks_for_seats(drive: Callable[[Policy], Driver],
                                              tmp_path: Path) -> None:
    first = drive(first_then_leave)
    first.run(["--preset", "five-up", "--seats", "human,expert", "--seed", "3", "--lang", "en",
               "--delay", "0"])
    data = json.loads(Path(resume_args(first.out + "\n" + first.err)[1]).read_text())
    del data["meta"]
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps(data))
    second = drive(first_then_leave)
    assert second.run(["--resume", str(bare), "--lang", "en"]) == 0
    assert "choose with --seats" in second.out


def test_resume_keeps_counting_save_and_delay(drive: Callable[[Policy], Driver],
                                              tmp_path: Path) -> None:
    """A game started with --save FILE, --counting exact and --delay 0 goes on with them when
    resumed by the printed command (they were dropped: the bots counted as people, the game
    was saved elsewhere)."""
    own = tmp_path / "own.json"
    first = drive(first_then_leave)
    assert first.run(["--preset", "all-fives", "--seats", "human,greedy", "--seed", "8",
                      "--save", str(own), "--counting", "exact", "--delay", "0"]) == 0
    settings = {"counting": "exact", "delay": 0.0, "save": str(own)}
    before = json.loads(own.read_text())
    assert before["meta"]["settings"] == settings
    args = resume_args(first.out + "\n" + first.err)
    assert Path(args[1]) == own
    second = drive(first_then_leave)
    assert second.run(args) == 0
    record = json.loads(own.read_text())
    assert record["meta"]["settings"] == settings  # saved into its own file again
    assert sum(map(len, (h["actions"] for h in record["hands"]))) > sum(
        map(len, (h["actions"] for h in before["hands"])))
    assert not (tmp_path / "autosave").exists() or list((tmp_path / "autosave").iterdir()) == []


def test_save_never_replaces_a_file_that_is_there(drive: Callable[[Policy], Driver],
                                                  tmp_path: Path) -> None:
    there = tmp_path / "there.json"
    there.write_text("mine", encoding="utf-8")
    run = drive(first_then_leave)
    assert run.run(["--preset", "five-up", "--seats", "human,greedy", "--save",
                    str(there)]) == 2
    assert run.err.count("\n") == 1 and "already exists" in run.err, run.err
    assert there.read_text(encoding="utf-8") == "mine"
