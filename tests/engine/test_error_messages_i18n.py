"""Every engine error a player can meet (a move, a tile, game options, a saved record they
replay or resume) has an English and a French message: its ``key`` is in the ``fives.i18n``
catalog and formats with the error's own parameters. Errors only a front end's own code can
cause (a malformed Deal, a wrong leader) are left out."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from fives.errors import FivesError
from fives.game import Game
from fives.i18n import catalog, error_text, has
from fives.moves import parse_notation
from fives.record import load_record
from fives.rules import Ruleset
from fives.tiles import Tile

from .helpers import complement, tiles


def started() -> Game:
    return Game(Ruleset.preset("all-fives"), seed=4)


def a_record(**changes: Any) -> str:
    hands = [["6-6", "6-3", "1-0", "2-2", "4-1"], ["5-5", "6-1", "3-2", "4-4", "0-0"]]
    rest = [str(t) for t in complement(*(tiles(h) for h in hands))]
    record: dict[str, Any] = {"format": "fives-record/1", "rules": "five-up",
                              "hands": [{"hands": hands, "boneyard": rest, "leader": 0,
                                         "actions": ["6-6", "pass"]}]}
    record.update(changes)
    return json.dumps(record)


BAD_CALLS: list[tuple[str, Callable[[], object]]] = [
    ("illegal move", lambda: started().play("pass")),
    ("invalid move", lambda: started().play("hello")),
    ("invalid port", lambda: parse_notation("6-3@1.out")),
    ("invalid form", lambda: parse_notation("6-3:us")),
    ("form without the choice", lambda: started().play("6-6:british")),
    ("invalid tile", lambda: Tile.parse("8-1")),
    ("unknown preset", lambda: Ruleset.preset("snap")),
    ("unknown option", lambda: Ruleset.preset("five-up", colour=1)),
    ("invalid option", lambda: Ruleset.preset("five-up", players=9)),
    ("record json", lambda: load_record("{")),
    ("record field", lambda: load_record(a_record(format="x"))),
    ("record action", lambda: list(load_record(a_record()).replay())),
]


@pytest.mark.parametrize(("name", "call"), BAD_CALLS, ids=[b[0] for b in BAD_CALLS])
def test_error_has_english_and_french_text(name: str, call: Callable[[], object]) -> None:
    with pytest.raises(FivesError) as info:
        call()
    error = info.value
    key = f"error.{error.key}"
    assert has(key), f"no catalog entry for the key {key!r} ({error})"
    for lang in ("en", "fr"):
        catalog(lang)[key].format(**error.params)  # every placeholder has its parameter
    assert error_text(error, "fr") != str(error)
