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
from fives.layout import Layout
from fives.moves import Move, parse_notation
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


def led(text: str = "6-4") -> Layout:
    layout = Layout("every_double")
    layout.apply(Move.lead(Tile.parse(text)))
    return layout


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
    # Layout.apply, the layout-only API: each refusal names a reason and the legal placements.
    ("layout port", lambda: led().apply(Move.place(Tile(5, 1), 1, "E", 5))),
    ("layout led twice", lambda: led().apply(Move.lead(Tile(3, 3)))),
    ("layout not led", lambda: Layout().apply(Move.place(Tile(6, 1), 1, "E", 6))),
    ("layout draw", lambda: led().apply(Move.draw())),
    ("layout form", lambda: led().apply(Move.place(Tile(4, 4), 1, "E", 4, "british"))),
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
    assert "{" not in error_text(error, "fr")  # a template with a missing parameter shows raw


def test_layout_refusal_names_the_tiles_legal_placements_in_both_languages() -> None:
    """``Layout.apply``'s refusal carries what the French message needs: the reason and the
    tile's legal placements, the same as the English one lists."""
    with pytest.raises(FivesError) as info:
        led().apply(Move.place(Tile(4, 1), 1, "W", 4))  # 4 fits the east end only
    error = info.value
    assert error.params["legal"] == "4-1@1.E"
    assert error.params["reason"] == "port_closed"
    assert "legal: 4-1@1.E" in str(error)
    assert error_text(error, "fr") == (
        "4-1@1.W n'est pas permis ici : on ne peut pas poser un 4 à cette extrémité. "
        "Coups permis : 4-1@1.E.")
