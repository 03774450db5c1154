"""RULES.md §12.2: a placement without a port letter takes the first playable port of its value
in the order E, W, N, S on the lead and out, L, R on a later tile."""

from __future__ import annotations

from typing import Any

import pytest

from fives.dealing import Deal
from fives.errors import FivesError
from fives.game import Game
from fives.record import load_record
from fives.rules import Ruleset
from fives.tiles import ALL_TILES

from .helpers import complement, json_lines, tiles


def deal_of(*hands: list[str]) -> Deal:
    parsed = [tiles(h) for h in hands]
    return Deal(tuple(parsed), tuple(complement(*parsed)))


def ports(game: Game) -> list[tuple[int, str]]:
    return [(nd.parent, nd.port) for nd in game.layout.nodes]


def test_first_tile_on_a_lead_double_goes_east_then_the_other_side_named_replays() -> None:
    a = ["2-2", "2-5", "6-0", "6-1", "6-2", "6-3", "6-4"]
    b = ["2-3", "4-1", "4-0", "3-1", "3-0", "1-0", "5-4"]
    used = set(tiles(a + b))
    record: dict[str, Any] = {
        "format": "fives-record/1", "rules": "multiples-of-five", "options": {"players": 2},
        "hands": [{"hands": [a, b], "boneyard": [str(t) for t in ALL_TILES if t not in used],
                   "actions": ["2-2", "2-3@1", "2-5@1.W"]}],
    }
    events = list(load_record(record).replay())
    assert [e["total"] for e in json_lines(events)] == [4, 7, 8]
    game = load_record(record).to_game()
    assert ports(game) == [(0, ""), (1, "E"), (1, "W")]
    # the same record naming E for the second tile is refused: E is taken
    record["hands"][0]["actions"] = ["2-2", "2-3@1", "2-5@1.E"]
    with pytest.raises(FivesError) as info:
        list(load_record(record).replay())
    assert "2-5@1.E" in str(info.value)


def test_lead_non_double_takes_east_before_west_when_both_carry_the_value() -> None:
    game = Game(Ruleset.preset("five-up"), deal=deal_of(["3-3", "3-0", "0-2", "0-4", "0-5"],
                                                        ["3-5", "1-1", "2-2", "4-4", "6-6"]),
                leader=0)
    game.play("3-3")
    game.play("3-5@1")
    assert ports(game)[-1] == (1, "E")
    game.play("3-0@1")
    assert ports(game)[-1] == (1, "W")


def test_spinner_with_both_branches_free_and_no_letter_goes_north_then_south() -> None:
    game = Game(Ruleset.preset("five-up"),
                deal=deal_of(["6-6", "6-1", "6-5", "1-0", "0-0"],
                             ["6-3", "6-4", "6-2", "3-3", "2-2"]), leader=0)
    for move in ("6-6", "6-3@1", "6-1@1"):
        game.play(move)
    assert ports(game)[1:] == [(1, "E"), (1, "W")]
    game.play("6-4@1")
    assert ports(game)[-1] == (1, "N")
    game.play("6-5@1")
    assert ports(game)[-1] == (1, "S")


def test_later_spinner_takes_out_then_l_then_r() -> None:
    game = Game(Ruleset.preset("five-up"),
                deal=deal_of(["4-3", "3-5", "3-2", "1-0", "0-0"],
                             ["3-3", "3-6", "2-2", "6-6", "1-1"]), leader=0)
    for move in ("4-3", "3-3@1", "3-5@2", "3-6@2", "3-2@2"):
        game.play(move)
    assert ports(game)[1:] == [(1, "E"), (2, "out"), (2, "L"), (2, "R")]
