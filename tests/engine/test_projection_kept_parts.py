"""The projection builds the parts that repeat from one action to the next (the ruleset, each
action of the hand's history, each tile of the layout) once and copies them: what it returns
must stay exactly what building them anew gives, whatever other games and callers did before."""

from __future__ import annotations

import random

from fives.game import Game
from fives.moves import Move
from fives.projection import public_history_entry, public_part, rules_json
from fives.record_writer import PublicAction
from fives.rules import Ruleset
from fives.tiles import Tile
from fives.views import action_json

# A sniff's form is written apart from the move's code (6-6 and 6-6:us are the same code):
# games with and without the placer's choice of form, played side by side.
RULESETS = [
    Ruleset.preset("all-fives", players=2, sniff="us", sniff_orientation_choice=True),
    Ruleset.preset("all-fives", players=2, sniff="us"),
    Ruleset.preset("five-up", players=3),
]


def _history_anew(game: Game) -> list[object]:
    return [action_json(a._replace(tile=None)) for a in game.history]


def _nodes_anew(game: Game) -> list[object]:
    return [{"n": nd.n, "tile": str(nd.tile), "parent": nd.parent, "port": nd.port,
             "touching": nd.touching, "outer": nd.outer, "double": nd.tile.is_double,
             "spinner": nd.spinner} for nd in game.layout.nodes]


def test_the_public_history_is_what_building_it_anew_gives() -> None:
    rng = random.Random(7)
    games = [Game(rules, seed=seed) for seed in range(3) for rules in RULESETS]
    forms = 0
    for _ in range(400):
        for game in games:
            if game.is_over:
                continue
            if game.phase_name != "play":
                game.next_hand()
                continue
            game.play(rng.choice(game.legal_moves))
            part = public_part(game)
            assert part["history"] == _history_anew(game)
            assert part["layout"]["nodes"] == _nodes_anew(game)
            assert part["rules"] == rules_json(game.rules)
            forms += sum(":" in (a["move"] or "") for a in part["history"])
    assert forms > 0  # the sniff's forms were met


def test_a_sniff_move_keeps_its_form_beside_the_same_move_without_it() -> None:
    double = Tile(6, 6)
    plain, formed = Move.lead(double), Move.lead(double, form="us")
    assert plain == formed  # the same code: only the form tells them apart
    for move in (plain, formed, plain, formed):
        entry = public_history_entry(PublicAction(0, "lead", move, None, (6, 6)))
        assert entry["move"] == move.notation(explicit=True)


def test_changing_what_it_returned_changes_no_later_projection() -> None:
    game = Game(RULESETS[2], seed=3)
    rng = random.Random(3)
    for _ in range(6):
        game.play(rng.choice(game.legal_moves))
    first = public_part(game)
    expected_history = _history_anew(game)
    expected_rules = rules_json(game.rules)
    first["rules"]["options"]["players"] = 99
    first["rules"]["target"] = -1
    expected_nodes = _nodes_anew(game)
    for entry in first["history"]:
        entry["open_values"].append(42)
        entry["move"] = "spoilt"
    for node in first["layout"]["nodes"]:
        node["tile"] = "spoilt"
    again = public_part(game)
    assert again["layout"]["nodes"] == expected_nodes
    assert again["history"] == expected_history
    assert again["rules"] == expected_rules
    assert rules_json(game.rules)["options"]["players"] == 3
