"""The projection (fives.projection): what a front end shows, and that it hides what it must.

Secrecy: over whole games of every preset and player count, a seat's projection (and a
spectator's) is the same when every tile it cannot see (the other hands, the boneyard and its
order) is dealt anew. The other deal is the same record with the hidden tiles permuted among
the places that held them, replayed through the engine (a permutation the public actions rule
out, e.g. a draw where the new hand could place, is refused by the replay, or one that scores
otherwise: neither is used).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from fives.claims import with_exact_claim
from fives.errors import FivesError
from fives.game import Game
from fives.moves import CLAIM_MAX, Move
from fives.projection import (
    ProjectionJSON,
    explain_events,
    hand_events,
    layout_json,
    project,
    public_part,
    reveal,
    seat_part,
)
from fives.record import load_record
from fives.rules import PRESETS, Ruleset
from fives.settlement import score_rules
from fives.tiles import Tile
from sampling import sampled

# Every preset at every player count it takes, and the sniff's forms (§9 O4); the fast suite's
# sample (one in 8) starts from the second preset, whose games are shorter than Five Up's.
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    (name, {"players": n})
    for name in (*PRESETS[1:], PRESETS[0])
    for n in ((1,) if name == "five-up-solitaire" else (2, 3, 4))
] + [
    ("multiples-of-five", {"players": 4, "partnerships": True}),
    ("all-fives", {"players": 4, "partnerships": True}),
    ("five-up", {"players": 2, "sniff": "us"}),
    ("five-up", {"players": 3, "sniff": "british"}),
    ("all-fives", {"players": 2, "sniff": "us", "sniff_orientation_choice": True}),
    ("five-up-solitaire", {"draw_cost_on": "every_draw"}),
    ("all-fives", {"players": 3, "muggins_claims": True, "muggins_overclaim": "foster_penalty"}),
]

Projector = Callable[[Game, int | None], ProjectionJSON]


def _any_move(game: Game, rng: random.Random) -> Move:
    """A random legal move; under muggins claims (§9 O1) a lead or placement claims its score,
    5 less or 5 more, and the calls open are among the moves."""
    move = with_exact_claim(game, rng.choice(list(game.legal_moves)))
    if move.claim > 0:
        move = move.with_claim(max(0, move.claim + rng.choice((0, -5, 5))))
    return move


def _project(game: Game, viewer: int | None) -> ProjectionJSON:
    return project(game, viewer, deadline=12.5).to_json()


def _redealt(game: Game, viewer: int | None, rng: random.Random) -> Game | None:
    """The same game with the tiles ``viewer`` cannot see in this hand (the others' hands
    until its end, the boneyard and its order) permuted among the
    places of the deal that held them, replayed; None when the permutation changes nothing or
    the public actions rule it out (the replay refuses it or ends elsewhere)."""
    record = game.to_record()
    deal = record["hands"][-1]
    hidden = {str(Tile.from_id(i)) for i in game.boneyard_ids}
    if game.phase == "play":  # once the hand is over, its hands are shown to all
        hidden |= {str(t) for s in range(game.players) if s != viewer for t in game.hand(s)}
    places: list[tuple[list[str], int]] = [
        (hand, j) for s, hand in enumerate(deal["hands"]) if s != viewer
        for j, t in enumerate(hand) if t in hidden
    ] + [(deal["boneyard"], j) for j, t in enumerate(deal["boneyard"]) if t in hidden]
    if len(places) < 2:
        return None
    tiles = [where[j] for where, j in places]
    new = tiles[:]
    if rng.random() < 0.5:
        rng.shuffle(new)
    else:  # two of them swapped: a smaller change, which the public actions refuse less often
        a, b = rng.sample(range(len(new)), 2)
        new[a], new[b] = new[b], new[a]
    if new == tiles:
        return None
    for (where, j), t in zip(places, new, strict=True):
        where[j] = t
    try:
        twin = load_record(json.dumps(record)).to_game()
    except FivesError:
        return None
    if _public(twin) != _public(game) or (
            (twin.hand_masks, twin.boneyard_ids) == (game.hand_masks, game.boneyard_ids)):
        return None  # ruled out, or only the order of tiles drawn into one hand changed
    return twin


def _public(game: Game) -> list[dict[str, object]]:
    """What the table saw happen: every event without a drawn tile (a re-deal that scores
    otherwise, e.g. the solitaire's draws charged otherwise, is ruled out by it)."""
    return [{k: v for k, v in e.to_json().items() if k != "tile"} for e in game.events]


def _check(game: Game, viewer: int | None, rng: random.Random, tries: int,
           projector: Projector) -> tuple[int, int]:
    """(compared, differing): how many re-deals were compared, how many gave another view."""
    compared = differing = 0
    mine = projector(game, viewer)
    for _ in range(tries):
        twin = _redealt(game, viewer, rng)
        if twin is None:
            continue
        compared += 1
        if projector(twin, viewer) != mine:
            differing += 1
    return compared, differing


def _greedy(game: Game, rng: random.Random) -> str:
    """A move that scores the most for the seat's side (ties at random): games end sooner."""
    side = game.rules.side_of(game.turn)
    best: list[str] = []
    most = None
    for move in game.legal_moves:
        if move.kind == "muggins":  # §9 O1: a call is not a turn's move
            continue
        before = game.scores[side]
        trial = game.copy()
        trial.push(move)
        gain = trial.scores[side] - before
        if most is None or gain > most:
            most, best = gain, []
        if gain == most:
            best.append(with_exact_claim(game, move).notation(explicit=True))
    return rng.choice(best)


def _whole_game(rules: Ruleset, seed: int) -> tuple[Game, random.Random] | None:
    """A game from ``seed`` (greedy moves, from 60% of the target) played to its end within
    12 hands, else None."""
    start = [rules.target * 3 // 5] * rules.sides
    game = Game(rules, seed=seed, start_scores=start)
    rng = random.Random(seed)
    while not game.is_over:
        if game.phase == "hand_over":
            if game.hand_number == 12:
                return None
            game.next_hand()
            continue
        game.play(_greedy(game, rng) if rng.random() < 0.7 else _any_move(game, rng))
    return game, rng


def _positions(config: tuple[str, dict[str, Any]], seed: int) -> list[Game]:
    """Positions of a whole game (the first seed from ``seed`` whose game ends within 12
    hands): two in each hand and every hand's end, each rebuilt from the record so far (the
    game's own events and all)."""
    name, options = config
    rules = Ruleset.preset(name, **options)
    found = next(filter(None, (_whole_game(rules, s) for s in range(seed, seed + 100))))
    whole, _ = found
    record = whole.to_record()
    points: list[Game] = []
    rng = random.Random(seed)
    for k, hand in enumerate(record["hands"]):
        n = len(hand["actions"])
        for cut in sorted({rng.randrange(n), rng.randrange(n), n}):
            part = json.loads(json.dumps(record))
            part["hands"] = part["hands"][:k + 1]
            part["hands"][k]["actions"] = hand["actions"][:cut]
            points.append(load_record(json.dumps(part)).to_game())
    assert points[-1].is_over
    return points


@pytest.mark.parametrize("config", sampled(CONFIGS, 8, ids=lambda c: f"{c[0]}-{c[1]}"))
def test_a_seat_sees_the_same_whatever_it_cannot_see(config: tuple[str, dict[str, Any]]) -> None:
    rng = random.Random(7)
    compared = 0
    positions = _positions(config, seed=11)
    tries = max(4, 60 // len(positions))  # a short game gets more re-deals per position
    for game in positions:
        for viewer in [*range(game.players), None]:
            n, differing = _check(game, viewer, rng, tries=tries, projector=_project)
            assert differing == 0, (config, viewer, game)
            compared += n
    assert compared >= 5  # the re-deals were not all refused: the property was tested


def test_the_secrecy_check_finds_a_boneyard_tile_put_in() -> None:
    # The same check over a projection that shows the top of the boneyard must fail.
    def leaky(game: Game, viewer: int | None) -> ProjectionJSON:
        out = _project(game, viewer)
        out["public"]["boneyard_size"] = game.boneyard_ids[0] if game.boneyard_ids else -1
        return out

    rng = random.Random(3)
    found = 0
    for game in _positions(("five-up", {"players": 3}), seed=4)[:6]:
        _, differing = _check(game, 0, rng, tries=6, projector=leaky)
        found += differing
    assert found


def test_the_secrecy_check_finds_another_seats_draw_put_in() -> None:
    # An opponent's drawn tile in the public events (as the engine's DrawEvent holds it).
    def leaky(game: Game, viewer: int | None) -> ProjectionJSON:
        out = _project(game, viewer)
        out["public"]["history"] = [
            {**a, "move": str(e.tile)} for a, e in zip(
                out["public"]["history"], [e for e in game.events if e.type == "draw"],
                strict=False)]
        return out

    rng = random.Random(5)
    found = 0
    for game in _positions(("draw", {"players": 2}), seed=9):
        _, differing = _check(game, 0, rng, tries=4, projector=leaky)
        found += differing
    assert found


def _play_to_hand_end(rules: Ruleset, seed: int, result: str) -> Game:
    for s in range(seed, seed + 200):
        game = Game(rules, seed=s)
        rng = random.Random(s)
        while game.phase == "play":
            game.play(_any_move(game, rng))
        he = game.last_hand_end
        if he is not None and he.result == result and any(he.pips):
            return game
    raise AssertionError(f"no {result} hand end found")


@pytest.mark.parametrize("preset", ["draw", "block"])
@pytest.mark.parametrize("result", ["out", "blocked"])
def test_draw_and_block_reveal_the_pips_without_rounding(preset: str, result: str) -> None:
    rules = Ruleset.preset(preset, players=3)
    game = _play_to_hand_end(rules, 1, result)
    shown = reveal(game)
    assert shown is not None and shown["settlement"] == "raw_pips"
    counted = [s for s in shown["seats"] if s["counted"] is not None]
    assert counted  # the winner took somebody's pips
    for s in shown["seats"]:
        assert not s["rounded"]
        assert s["counted"] in (None, s["pips"])
    # What was counted is what the winner gained.
    assert shown["winner"] is not None
    assert shown["deltas"][shown["winner"]] == sum(s["counted"] or 0 for s in shown["seats"])


@pytest.mark.parametrize(("preset", "options"), [
    ("five-up", {"players": 3}), ("all-fives", {"players": 2}),
    ("five-up-solitaire", {"block_penalty": "rounded_fifths"}),
])
def test_a_rounding_settlement_shows_the_rounding(preset: str, options: dict[str, Any]) -> None:
    rules = Ruleset.preset(preset, **options)
    game = _play_to_hand_end(rules, 1, "blocked" if rules.is_solitaire else "out")
    shown = reveal(game)
    assert shown is not None
    rnd = score_rules(rules).round_hand
    counted = [s for s in shown["seats"] if s["counted"] is not None]
    assert counted
    for s in counted:
        assert s["rounded"] and s["counted"] == rnd(s["pips"])


def test_multiples_of_five_blocked_compares_the_sides() -> None:
    rules = Ruleset.preset("multiples-of-five", players=4, partnerships=True)
    game = _play_to_hand_end(rules, 1, "blocked")
    shown = reveal(game)
    assert shown is not None
    if shown["winner"] is None:  # a tie counts nothing
        assert shown["sides"] == [] and all(s["counted"] is None for s in shown["seats"])
        return
    assert [s["pips"] for s in shown["sides"]] == [
        sum(p["pips"] for p in shown["seats"] if rules.side_of(p["seat"]) == side)
        for side in range(2)]
    assert all(s["rounded"] for s in shown["sides"])


@pytest.mark.parametrize("options", [
    {"sniff": "us"}, {"sniff": "british"}, {"sniff": "us", "sniff_orientation_choice": True},
    {"sniff": "none"}, {"spinner_branches_immediate": True},
])
@pytest.mark.parametrize("preset", ["five-up", "all-fives", "multiples-of-five"])
def test_the_counted_parts_add_up_to_the_total(preset: str, options: dict[str, Any]) -> None:
    rules = Ruleset.preset(preset, players=2, **options)
    seen_sniff = False
    for seed in range(6):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while game.phase == "play":
            game.play(_any_move(game, rng))
            shown = layout_json(game.layout)
            assert sum(p["value"] * p["times"] for p in shown["parts"]) == shown["total"]
            # An open end is marked counted exactly when a part names it (a double's halves:
            # its in-line ends).
            for end in shown["open_ends"]:
                named = any(p["node"] == end["node"] and (
                    p["port"] == end["port"] or (p["times"] == 2 and not end["branch"]))
                    for p in shown["parts"])
                assert end["counted"] == named
            seen_sniff = seen_sniff or any(n["spinner"] for n in shown["nodes"])
    assert seen_sniff or rules.spinners == "none"


def test_the_public_part_is_the_same_for_every_seat() -> None:
    game = Game(Ruleset.preset("five-up", players=4), seed=2)
    rng = random.Random(2)
    for _ in range(12):
        game.play(_any_move(game, rng))
        parts = [project(game, s, deadline=3.0).public for s in [*range(4), None]]
        assert all(p == parts[0] for p in parts)
        assert parts[0] == public_part(game, deadline=3.0)
        assert public_part(game, deadline=3.0, events=False) == {**parts[0], "events": []}


def test_the_seat_part_lists_the_legal_moves_and_what_they_do() -> None:
    game = Game(Ruleset.preset("five-up", players=2), seed=5)
    rng = random.Random(5)
    for _ in range(40):
        if game.phase != "play":
            break
        mine = seat_part(game, game.turn)
        assert [m["notation"] for m in mine["legal_moves"]] == [
            m.notation(explicit=True) for m in game.legal_moves]
        for entry in mine["legal_moves"]:
            trial = game.copy()
            before = trial.scores
            events = trial.play(entry["notation"])
            if entry["kind"] in ("lead", "place"):
                assert events[0].type == "play"
                assert entry["total"] == events[0].total
                assert entry["points"] == events[0].points
            assert entry["ends_hand"] == (trial.phase != "play" and trial.hand_end is not None
                                          and trial.hand_end.result != "blocked")
            del before
        other = seat_part(game, 1 - game.turn)
        assert other["legal_moves"] == [] and not other["to_play"]
        game.play(_any_move(game, rng))


def test_a_spectator_gets_no_tile_and_a_bad_seat_is_refused() -> None:
    game = Game(Ruleset.preset("all-fives", players=3), seed=1)
    spectator = seat_part(game, None)
    assert spectator["hand"] == [] and spectator["legal_moves"] == []
    for bad in (3, -1, True, "0"):
        with pytest.raises(FivesError, match="invalid seat"):
            seat_part(game, bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{}, {"sniff": "british", "sniff_orientation_choice": True}])
def test_events_narrate_the_last_action(options: dict[str, Any]) -> None:
    game = Game(Ruleset.preset("five-up", players=2, **options), seed=8)
    assert public_part(game)["events"][0]["key"] == "hand_start"
    rng = random.Random(8)
    while game.phase == "play":
        seat = game.turn
        game.play(_any_move(game, rng))
        events = public_part(game)["events"]
        first = events[0]
        assert first["params"]["seat"] == seat
        if first["kind"] in ("lead", "place"):
            params = first["params"]
            parts = params["parts"]
            assert sum(p["value"] * p["times"] for p in parts) == params["total"]
            assert first["key"].endswith("_scored") == bool(params["points"])
            assert params["tile"].split("-")[0] == str(params.get("end", params["tile"][0]))
            assert ("onto" in params) == (first["kind"] == "place")
    assert events[-1]["kind"] in ("hand_end", "game_end")
    assert any(e["kind"] == "hand_end" for e in events)


def test_the_score_sheet_and_the_sides() -> None:
    rules = Ruleset.preset("five-up", players=4)
    game = Game(rules, seed=3)
    rng = random.Random(3)
    while game.hand_number < 3 and not game.is_over:
        if game.phase == "hand_over":
            game.next_hand()
            continue
        game.play(_any_move(game, rng))
    shown = public_part(game)
    assert [h["hand"] for h in shown["score_sheet"]] == [1, 2]
    assert shown["score_sheet"][-1]["scores"] == list(game.scores)
    assert [s["members"] for s in shown["sides"]] == [[0, 2], [1, 3]]
    assert shown["seat_scores"] == [game.scores[s % 2] for s in range(4)]
    for side in shown["sides"]:
        tally = side["tally"]
        assert tally is not None
        assert (-1 if tally["negative"] else 1) * (10 * tally["fifties"] + tally["strokes"]) \
            == side["score"]
    assert Ruleset.preset("multiples-of-five", players=4).default_target == 200
    m5 = public_part(Game(Ruleset.preset("multiples-of-five", players=4, partnerships=True,
                                         target=300), seed=1))
    assert (m5["rules"]["target"], m5["rules"]["default_target"]) == (300, 250)
    assert m5["sides"][0]["tally"] is None


@pytest.mark.parametrize(("preset", "options"), [
    ("five-up-solitaire", {"draw_cost_on": "every_draw"}), ("five-up-solitaire", {}),
    ("draw", {"players": 3}),
])
def test_explaining_what_play_returned_is_the_projections_events(
        preset: str, options: dict[str, Any]) -> None:
    game = Game(Ruleset.preset(preset, **options), seed=4)
    rng = random.Random(4)
    costs = []
    while not game.is_over and game.hand_number <= 3:
        if game.phase == "hand_over":
            game.next_hand()
            continue
        before = game.scores
        events = game.play(rng.choice(list(game.legal_moves)))
        entries = explain_events(game, events, before)
        assert entries == public_part(game)["events"]
        assert entries == explain_events(game, events)  # the scores before, found
        for entry in entries:
            if entry["kind"] == "draw" and game.rules.is_solitaire:
                cost = entry["params"]["cost"]
                assert cost == entry["params"]["scores"][1] - before[1]
                assert entry["key"] == ("draw_charged" if cost else "draw")
                costs.append(cost)
    assert not game.rules.is_solitaire or costs


@pytest.mark.parametrize(("preset", "options"), [
    ("five-up", {"players": 3}), ("all-fives", {"players": 2, "sniff": "us",
                                                "sniff_orientation_choice": True}),
    ("five-up-solitaire", {}), ("muggins-1868", {"players": 3}),
])
def test_the_hands_events_end_with_the_last_actions(preset: str, options: dict[str, Any]) -> None:
    game = Game(Ruleset.preset(preset, **options), seed=6)
    rng = random.Random(6)
    kinds: set[str] = set()
    while not game.is_over and game.hand_number <= 2:
        if game.phase == "hand_over":
            game.next_hand()
            continue
        move = rng.choice(list(game.legal_moves))
        if game.rules.muggins_claims and move.kind in ("lead", "place"):
            # §9 O1: the placer claims; now and then short, so that a call may follow
            move = with_exact_claim(game, move)
            if move.claim and rng.random() < 0.3:
                move = move.with_claim(move.claim - 1)
        game.play(move)
        log = hand_events(game)
        last = public_part(game)["events"]
        assert log[0]["kind"] == "hand_start" and log[-len(last):] == last
        assert len([e for e in log if e["kind"] in ("lead", "place", "draw", "pass",
                                                    "muggins")]) == len(game.history)
        kinds |= {e["kind"] for e in log}
        for entry in log:  # each play's sum behind the total it made then
            params = entry["params"]
            if "parts" in params:
                assert sum(p["value"] * p["times"] for p in params["parts"]) == params["total"]
    assert "muggins" in kinds or not game.rules.muggins_claims  # a call among the actions


@pytest.mark.parametrize(("preset", "options", "shown", "step"), [
    ("all-fives", {}, True, 5), ("all-fives", {"muggins_claims": True}, False, 5),
    ("five-up", {}, True, 1), ("five-up", {"muggins_claims": True}, False, 1),
    ("block", {}, False, 1), ("fives-and-threes", {}, True, 1),
])
def test_the_projection_says_whether_the_count_shows_and_how_claims_step(
        preset: str, options: dict[str, Any], shown: bool, step: int) -> None:
    """The front ends read these and re-derive none: no count under claims (§9 O1: the
    players count) nor where the ends never score; every play score is a multiple of the
    step; one claim cap, the engine's."""
    rules = Ruleset.preset(preset, **options)
    public = public_part(Game(rules, seed=1))
    assert public["layout"]["count_shown"] is shown
    assert public["rules"]["score_step"] == step
    assert all(points % step == 0 for points in score_rules(rules).score_table)
    assert public["rules"]["claim_max"] == CLAIM_MAX

