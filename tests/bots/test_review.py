"""The game review (fives.bots.review): a known mistake is found, the expert's move is "best",
hidden tiles cannot change a seat's review, the JSON shape, claims, seeds and seats."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from fives.bots import Budget, Player, make_player
from fives.bots.review import (
    CLASSES,
    THRESHOLDS,
    claim_cost,
    classify,
    decision_seed,
    default_seats,
    review,
    value_decision,
)
from fives.errors import FivesError
from fives.events import MugginsEvent, PenaltyEvent, PlayEvent
from fives.game import Game
from fives.record import load_record
from fives.rules import Ruleset
from fives.tiles import Tile

from .helpers import play_game

# All Fives, 2 players: after six actions seat 0 holds 4-1 and may put it on tile 6 (the ends
# then count 5: 5 points) or on tile 5 (they count 16: nothing). The tile, the hand kept and
# the numbers left open (a 4 and a 1) are the same either way: only the 5 points differ.
KNOWN: dict[str, Any] = json.loads(
    (Path(__file__).parent / "review_known.json").read_text(encoding="utf-8"))
GOOD, BAD = "4-1@6.out", "4-1@5.out"


def with_action(record: dict[str, Any], action: str) -> dict[str, Any]:
    out = copy.deepcopy(record)
    out["hands"][-1]["actions"].append(action)
    return out


def test_the_known_position_is_what_it_says() -> None:
    game = load_record(KNOWN).to_game()
    view = game.view(0)
    assert game.turn == 0
    assert {m.notation(explicit=True) for m in view.legal_moves} == {GOOD, BAD}
    scores = {}
    for text in (GOOD, BAD):
        layout = view.layout.copy()
        scores[text] = game.rules.score_of_total(layout.place_code(game.parse_move(text).code))
    assert scores == {GOOD: 5, BAD: 0}


@pytest.mark.parametrize("seed", [0, 3])
def test_leaving_five_points_is_a_mistake_or_worse(seed: int) -> None:
    result = review(with_action(KNOWN, BAD), seats=[0], seed=seed)
    last = result.decisions[-1]
    assert (last.hand, last.index, last.seat) == (1, 7, 0)
    assert last.played == "4-1@5" and last.best == "4-1@6"
    assert last.klass in ("mistake", "blunder")
    assert last.loss > 4
    assert set(dict(last.values)) == {"4-1@5", "4-1@6"}


def test_the_experts_own_move_is_best() -> None:
    game = load_record(KNOWN).to_game()
    move = make_player("expert", seed=9).choose(game.view(0), Budget(iterations=200))
    result = review(with_action(KNOWN, move.notation(explicit=True)), seats=[0], seed=1)
    last = result.decisions[-1]
    assert last.played == "4-1@6"
    assert last.klass == "best" and last.loss == 0


def test_classes_follow_the_thresholds() -> None:
    assert classify(0) == "best"
    bounds = [*THRESHOLDS, THRESHOLDS[-1] + 1]
    for name, bound in zip(CLASSES, bounds, strict=True):
        assert classify(bound) == name
    assert classify(THRESHOLDS[0] + 0.01) == "good"
    assert classify(0.6, unit_scale=5) == "inaccuracy"  # 0.6 of a five is 3 raw points
    assert classify(5.0) in ("mistake", "blunder")  # the smallest score of a fives game


def _bot_game(preset: str, levels: list[str], seed: int, **options: Any) -> Game:
    players: list[Player] = [make_player(level, seed=seed + i) for i, level in enumerate(levels)]
    return play_game(Ruleset.preset(preset, **options), players, seed, Budget(iterations=4))


def _first_hand_cut(game: Game, keep: int) -> dict[str, Any]:
    """The game's first hand, stopped after ``keep`` actions (mid-hand: no reveal yet)."""
    record: dict[str, Any] = dict(game.to_record())
    hand = dict(record["hands"][0])
    hand["actions"] = hand["actions"][:keep]
    record["hands"] = [hand]
    return record


def _seat_views(record: dict[str, Any], seat: int) -> list[Any]:
    out = []
    for step in load_record(record).steps():
        if step.game.turn == seat:
            out.append(step.game.view(seat).to_json())
    return out


def _redealt(record: dict[str, Any], seat: int, rng: random.Random,
             hand_too: bool = False) -> dict[str, Any] | None:
    """The record with two tiles that ``seat`` never sees swapped between the other hands and
    the boneyard, when the actions stay legal and every view of ``seat`` stays the same
    (``hand_too``: one of them from another seat's hand)."""
    hand = record["hands"][0]
    seen = set(hand["hands"][seat])
    seen |= {a.split("@")[0].split("=")[0] for a in hand["actions"] if a[0].isdigit()}
    seen = {str(Tile.parse(t)) for t in seen}
    slots = [("h", s, j) for s in range(len(hand["hands"])) if s != seat
             for j in range(len(hand["hands"][s]))]
    slots += [("b", 0, j) for j in range(len(hand["boneyard"]))]

    def get(d: dict[str, Any], slot: tuple[str, int, int]) -> str:
        kind, s, j = slot
        return str(d["hands"][s][j] if kind == "h" else d["boneyard"][j])

    def put(d: dict[str, Any], slot: tuple[str, int, int], tile: str) -> None:
        kind, s, j = slot
        if kind == "h":
            d["hands"][s][j] = tile
        else:
            d["boneyard"][j] = tile

    # Tiles the seat itself drew are seen too: they are the boneyard's top ones it took.
    hidden = [s for s in slots if str(Tile.parse(get(hand, s))) not in seen]
    views = _seat_views(record, seat)
    for _ in range(400):
        a, b = rng.sample(hidden, 2)
        if hand_too and "h" not in (a[0], b[0]):
            continue
        other = copy.deepcopy(record)
        h = other["hands"][0]
        ta, tb = get(h, a), get(h, b)
        put(h, a, tb)
        put(h, b, ta)
        try:
            if _seat_views(other, seat) == views:
                return other
        except FivesError:
            continue
    return None


@pytest.mark.parametrize(("preset", "levels", "options"), [
    ("all-fives", ["random", "greedy"], {}),
    ("five-up", ["greedy", "random"], {}),
])
def test_hidden_tiles_do_not_change_a_seats_review(
    preset: str, levels: list[str], options: dict[str, Any],
) -> None:
    rng = random.Random(5)
    game = _bot_game(preset, levels, seed=3, **options)
    record = _first_hand_cut(game, keep=max(4, len(game.to_record()["hands"][0]["actions"]) - 2))
    mine = review(record, seats=[0], budget=40, seed=2).to_json()
    changed = 0
    for _ in range(3):
        other = _redealt(record, 0, rng)
        assert other is not None, "no re-deal kept the record legal"
        changed += other["hands"][0] != record["hands"][0]
        assert review(other, seats=[0], budget=40, seed=2).to_json() == mine
    assert changed
    assert mine["decisions"]  # there was something to review


def test_the_review_reads_only_the_seats_views() -> None:
    """The secrecy test can fail: a re-deal that moves a tile of seat 1's hand changes seat
    1's review (its views changed), while seat 0's stays the same."""
    rng = random.Random(5)
    game = _bot_game("all-fives", ["random", "greedy"], seed=3)
    record = _first_hand_cut(game, keep=len(game.to_record()["hands"][0]["actions"]) - 2)
    other = _redealt(record, 0, rng, hand_too=True)
    assert other is not None
    assert review(other, seats=[1], budget=20).to_json() != review(
        record, seats=[1], budget=20).to_json()
    assert review(other, seats=[0], budget=20).to_json() == review(
        record, seats=[0], budget=20).to_json()


def test_json_shape_and_summary() -> None:
    game = _bot_game("all-fives", ["random", "greedy"], seed=1, target=60)
    result = review(game.to_record(), budget=10)
    data = json.loads(json.dumps(result.to_json("game.json")))
    assert set(data) == {"record", "seats", "decisions", "win"}
    assert data["record"] == "game.json"
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    for seat in data["seats"]:
        assert set(seat) == {"seat", "decisions", "mean_loss", "accuracy", "classes"}
        assert list(seat["classes"]) == list(CLASSES)
        mine = [d for d in data["decisions"] if d["seat"] == seat["seat"]]
        assert seat["decisions"] == len(mine) == sum(seat["classes"].values())
        assert seat["mean_loss"] == pytest.approx(sum(d["loss"] for d in mine) / len(mine),
                                                  abs=0.01)
        assert 0 <= seat["accuracy"] <= 100
    for d in data["decisions"]:
        assert set(d) == {"hand", "index", "seat", "played", "best", "values", "loss", "class",
                          "win_before", "win_after"}
        assert d["played"] in d["values"] and d["best"] in d["values"]
        assert d["loss"] == pytest.approx(d["values"][d["best"]] - d["values"][d["played"]],
                                          abs=0.02)
        assert d["class"] == classify(d["loss"])
        assert len(d["values"]) >= 2
    # draws, passes and forced moves are not decisions: every decision is a tile move the
    # record shows at that place, and a seat's turns with one move are left out
    actions = {(k + 1, i + 1): a for k, h in enumerate(game.to_record()["hands"])
               for i, a in enumerate(h["actions"])}
    for d in data["decisions"]:
        assert actions[(d["hand"], d["index"])] not in ("draw", "pass")


def test_a_perfect_player_gets_100() -> None:
    """A seat whose every decision is the review's own best move gets no loss and 100."""
    record = copy.deepcopy(KNOWN)
    record["hands"][0]["actions"] = ["6-6"]
    greedy = make_player("greedy", seed=0)
    for _ in range(14):
        game = load_record(record).to_game()
        if game.phase_name != "play":
            break
        view = game.view(game.turn)
        move = greedy.choose(view)
        if game.turn == 0 and len(view.legal_moves) > 1:
            hand, index = game.hand_number, len(record["hands"][0]["actions"]) + 1
            ranked = value_decision((view, decision_seed(0, hand, index, 0), 30, "expert"))
            move = max(ranked, key=lambda c: c[1])[0]
        record["hands"][0]["actions"].append(move.notation(explicit=True))
    summary = review(record, seats=[0], budget=30).seats[0]
    assert summary.decisions >= 3
    assert summary.accuracy == 100 and summary.mean_loss == 0
    assert summary.classes["best"] == summary.decisions


def test_claims_count_in_the_decision() -> None:
    rules = Ruleset.preset("muggins-1868")
    play = PlayEvent(1, 0, "6-4@2", 15, 10, (10, 0), claim=10)
    call = MugginsEvent(1, 1, 5, (10, 5))
    assert claim_cost(rules, [play], [call]) == {"claimed": 10, "exact": 15, "loss": 10.0}
    assert claim_cost(rules, [play], []) == {"claimed": 10, "exact": 15, "loss": 5.0}
    exact = PlayEvent(1, 0, "6-4@2", 15, 15, (15, 0), claim=15)
    assert claim_cost(rules, [exact], [])["loss"] == 0  # type: ignore[index]
    over = PlayEvent(1, 0, "6-4@2", 15, 0, (0, 0), claim=20)
    assert claim_cost(rules, [over, PenaltyEvent(1, 1, 20, (0, 20))], [])["loss"] == 35  # type: ignore[index]
    assert claim_cost(Ruleset.preset("all-fives"), [play._replace(claim=None)], []) is None


def test_a_short_claim_called_is_added_to_the_loss() -> None:
    rules = Ruleset.preset("muggins-1868", target=60)
    game = Game(rules, seed=4)
    greedy = make_player("greedy", seed=1)
    # play until a scoring placement by seat 0 with another tile move to choose from
    while True:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        view = game.view(game.turn)
        move = greedy.choose(view)
        tiles = [m for m in view.legal_moves if m.kind != "muggins"]
        if game.turn == 0 and move.claim > 0 and len(tiles) > 1:
            break
        game.play(move)
    record = dict(game.to_record())
    exact = move.claim
    short = move.with_claim(0).notation(explicit=True)
    honest = review(with_action(record, move.notation(explicit=True)), seats=[0], budget=40)
    called = with_action(with_action(record, short), "muggins:1")
    cheated = review(called, seats=[0], budget=40)
    a, b = honest.decisions[-1], cheated.decisions[-1]
    assert a.claim == {"claimed": exact, "exact": exact, "loss": 0}
    assert b.claim == {"claimed": 0, "exact": exact, "loss": 2 * exact}
    assert b.loss == pytest.approx(a.loss + 2 * exact, abs=0.01)
    assert "claim" in b.to_json()


def test_seeded_and_parallel_reviews_agree() -> None:
    game = _bot_game("five-up", ["random", "greedy"], seed=2, target=21)
    one = review(game.to_record(), budget=15, seed=4).to_json()
    assert review(game.to_record(), budget=15, seed=4, jobs=2).to_json() == one
    assert review(game.to_record(), budget=15, seed=5).to_json() != one


def test_seats_default_and_errors() -> None:
    game = _bot_game("all-fives", ["random", "greedy"], seed=1, target=30)
    data: dict[str, Any] = dict(game.to_record())
    assert default_seats(load_record(data)) == [0, 1]
    data["meta"] = {"seats": [{"kind": "bot", "level": "greedy"}, {"kind": "human"}]}
    assert default_seats(load_record(data)) == [1]
    data["meta"] = {"seats": [{"player": "human"}, {"player": "bot", "level": "expert"}]}
    assert default_seats(load_record(data)) == [0]
    data["meta"] = {"seats": [{"kind": "bot"}, {"kind": "bot"}]}
    assert default_seats(load_record(data)) == [0, 1]
    assert [s.seat for s in review(data, budget=2, seats=None).seats] == [0, 1]
    with pytest.raises(FivesError, match="invalid seat 2"):
        review(data, seats=[2])
    with pytest.raises(FivesError, match="invalid budget"):
        review(data, budget=0)
