"""The environments' games are the engine's games: a seeded episode's actions replay through
`fives replay` to the same scores, and the same seed and actions give the same game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fives.cli.main import main
from fives.envs.pettingzoo_env import env
from fives.envs.table import ENV_PRESETS

from .conftest import play_random


def _episode(preset: str, seed: int, **options: Any) -> tuple[Any, list[int]]:
    e = env(preset, **options)
    return e, play_random(e, seed)[1]


@pytest.mark.parametrize("preset", ENV_PRESETS)
def test_an_episode_replays_to_the_same_scores(preset: str, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    options = {} if preset == "five-up-solitaire" else {"players": 3}
    e, actions = _episode(preset, 11, **options)
    game = e.table.game
    assert game.is_over or e.table.truncated
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game.to_record()))
    capsys.readouterr()
    assert main(["replay", str(path), "--format", "jsonl"]) == 0
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len([ev for ev in events if ev["type"] in ("play", "draw", "pass")]) == len(actions)
    last = [ev for ev in events if "scores" in ev][-1]
    assert tuple(last["scores"]) == tuple(game.scores)
    # The same seed and the same actions give the same game.
    e2, actions2 = _episode(preset, 11, **options)
    assert actions2 == actions
    assert e2.table.game.to_record() == game.to_record()
