"""``Record.steps``: a step before each action of a record, with the position it is played
from; once the walk goes on, its events; errors as ``replay`` gives them."""

from __future__ import annotations

from typing import Any

import pytest

from fives.errors import RecordError
from fives.game import Game
from fives.record import load_record
from fives.rules import Ruleset


def _record() -> dict[str, Any]:
    game = Game(Ruleset.preset("five-up", target=21), seed=4)
    while not game.is_over:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        game.play(game.legal_moves[0])
    return dict(game.to_record())


def test_a_step_before_each_action_with_its_position_then_its_events() -> None:
    data = _record()
    record = load_record(data)
    events = []
    seen = []
    previous = None
    for step in record.steps():
        if previous is not None:
            events += previous.events
        assert step.text == data["hands"][step.hand - 1]["actions"][step.index - 1]
        assert step.events == [] and not step.played  # not played yet
        assert step.game.hand_number == step.hand
        assert step.game.is_legal(step.game.parse_move(step.text))
        seen.append((step.hand, step.index))
        previous = step
    assert previous is not None
    events += previous.events
    assert events == list(load_record(data).replay())
    assert len(seen) == sum(len(h["actions"]) for h in data["hands"])


def test_an_illegal_action_stops_the_steps_as_the_replay() -> None:
    data = _record()
    data["hands"][0]["actions"][3] = "6-6@9"
    steps = []
    with pytest.raises(RecordError, match="hand 1, action 4"):
        for step in load_record(data).steps():
            steps.append(step.index)
    assert steps == [1, 2, 3, 4]
