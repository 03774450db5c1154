"""A whole terminal game of muggins-1868 (RULES.md §9 O1) against a bot counting like a person:
the player claims with every tile it places (the game asks "How many points?" with no hint),
is offered muggins after the bot's short claims, and the record it saves replays."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from fives.events import MugginsEvent, PlayEvent
from fives.record import load_record
from tui.helpers import Driver, Policy, is_move_prompt, random_mover


def claims_policy(seed: int, claims: list[str]) -> Policy:
    """Random moves; every claim 0 (short whenever the tile scores); muggins always called."""
    moves = random_mover(seed)

    def policy(driver: Driver, prompt: str) -> str | None:
        if "How many points?" in prompt:
            claims.append(prompt)
            return "0"
        if "Call muggins?" in prompt:
            return "y"
        if is_move_prompt(prompt):
            return moves(driver, prompt)
        return ""

    return policy


@pytest.mark.slow  # a whole game: seconds
def test_a_whole_game_with_claims_and_calls(drive: Callable[[Policy], Driver],
                                            tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    prompts: list[str] = []
    driver = drive(claims_policy(3, prompts))
    status = driver.run(["--preset", "muggins-1868", "--seats", "human,greedy", "--seed", "2",
                         "--lang", "en", "--no-color", "--plain", "--delay", "0",
                         "--save", str(record)])
    assert status == 0, driver.err
    events = list(load_record(record.read_text(encoding="utf-8")).replay())
    plays = [e for e in events if isinstance(e, PlayEvent)]
    calls = [e for e in events if isinstance(e, MugginsEvent)]
    assert events[-1].type == "game_end"
    assert prompts and all(p.rstrip().endswith("How many points?") for p in prompts)
    assert len(prompts) == sum(p.seat == 0 for p in plays)  # asked for every tile placed
    # the bot called one of the player's short claims, and the player one of the bot's
    assert any(c.seat == 1 and c.points > 0 for c in calls), driver.out[-3000:]
    assert any(c.seat == 0 and c.points > 0 for c in calls), driver.out[-3000:]
    assert "calls muggins and takes" in driver.out and "You call muggins and take" in driver.out
    assert "you claim 0" in driver.out
    # No screen tells the player what a move would score, nor the count to claim.
    assert "->" not in driver.out.split("Your moves:", 1)[1] and "Count:" not in driver.out
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["rules"] == "muggins-1868"


def test_a_move_number_with_its_claim_and_a_typed_call(
        drive: Callable[[Policy], Driver]) -> None:
    """'1=0' plays move 1 claiming 0 (no question asked); 'muggins' when nothing can be
    called says so; French prompts."""
    answers = ["muggins", "1=0", None]
    prompts: list[str] = []

    def policy(driver: Driver, prompt: str) -> str | None:
        prompts.append(prompt)
        return answers.pop(0) if answers else None

    driver = drive(policy)
    driver.run(["--preset", "muggins-1868", "--seats", "human,greedy", "--seed", "2",
                "--lang", "en", "--no-color", "--plain", "--delay", "0"])
    assert "No muggins to call now" in driver.out
    assert not any("How many points?" in p for p in prompts)
    assert "you claim 0" in driver.out or "You play" in driver.out
