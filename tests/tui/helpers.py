"""Helpers that drive the real ``fives play`` command: ``main([...])`` with ``input``
answered by a script that reads what the program printed (the numbered moves, the prompts)."""

from __future__ import annotations

import builtins
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from fives.cli.main import main

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")  # styles and screen control of a terminal
MOVE_NUMBER = re.compile(r"(?:^|\s)(\d+)\)\s", re.MULTILINE)
MOVES_HEADINGS = ("Your hand:", "Votre main :")  # the numbered moves come after the hand

Policy = Callable[["Driver", str], "str | None"]


class Driver:
    """Runs the command once; ``policy(driver, prompt)`` answers each prompt (None = Ctrl-D)."""

    def __init__(self, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                 policy: Policy) -> None:
        self.capsys = capsys
        self.monkeypatch = monkeypatch
        self.policy = policy
        self.out = ""
        self.err = ""
        self.answers: list[str] = []
        self.prompts: list[str] = []

    def _input(self, *args: Any) -> str:
        captured = self.capsys.readouterr()
        self.out += captured.out
        self.err += captured.err
        prompt = self.out.rsplit("\n", 1)[-1]
        self.prompts.append(prompt)
        answer = self.policy(self, prompt)
        if answer is None:
            raise EOFError
        self.answers.append(answer)
        self.out += answer + "\n"  # as a terminal would echo it
        if len(self.answers) > 5000:
            raise AssertionError("the game does not end")
        return answer

    def run(self, argv: list[str]) -> int:
        self.monkeypatch.setattr(builtins, "input", self._input)
        status = main(["play", *argv])
        captured = self.capsys.readouterr()
        self.out += captured.out
        self.err += captured.err
        return status

    def moves_on_screen(self) -> list[int]:
        """The move numbers of the last list of moves printed."""
        out = ANSI.sub("", self.out)
        start = max(out.rfind(h) for h in MOVES_HEADINGS)
        assert start >= 0, "no list of moves on screen"
        listing = out[start:].split(" > ", 1)[0]  # up to the prompt
        return [int(n) for n in MOVE_NUMBER.findall(listing)]


def is_move_prompt(prompt: str) -> bool:
    return "your move" in prompt or "votre coup" in prompt


def random_mover(seed: int, then: Callable[[Driver, str], str | None] | None = None) -> Policy:
    """Plays a random move from the numbered list; Enter at every other prompt."""
    rng = random.Random(seed)

    def policy(driver: Driver, prompt: str) -> str | None:
        if then is not None:
            answer = then(driver, prompt)
            if answer is not None:
                return answer
        if is_move_prompt(prompt):
            return str(rng.choice(driver.moves_on_screen()))
        return ""

    return policy


def scripted(lines: list[str | None], after: Policy | None = None) -> Policy:
    """Answers from a list (None = Ctrl-D), then ``after`` (or Ctrl-D when there is none)."""
    queue = list(lines)

    def policy(driver: Driver, prompt: str) -> str | None:
        if queue:
            return queue.pop(0)
        return after(driver, prompt) if after is not None else None

    return policy


SUMMARY_ROW = re.compile(r"^\s+\d+\s+(out|blocked|target)\b")


def summary_rows(out: str) -> list[list[int]]:
    """The rows of the last 'Scores after each hand' table: hand number, then the scores."""
    table = out[out.rindex("Scores after each hand"):]
    rows = [line.split() for line in table.splitlines() if SUMMARY_ROW.match(line)]
    return [[int(r[0]), *map(int, r[2:])] for r in rows]
