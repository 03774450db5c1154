"""The reveal at a hand's end (``fives.projection.reveal``): only a seat (or side) whose hand
the settlement counted is marked rounded, and the scores before the settlement are the scores
after it less its deltas. Games of fixed deals played at random to the end of their first
hand."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fives.game import Game
from fives.projection import RevealJSON, reveal
from fives.rules import Ruleset
from fives.tiles import Tile


def first_hand_end(rules: Ruleset, wanted: Callable[[RevealJSON], bool]) -> RevealJSON:
    """The reveal of the first fixed deal whose first hand, played at random, ends as
    ``wanted`` says."""
    for seed in range(300):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        assert reveal(game) is None  # nothing to reveal while the hand is played
        while game.phase == "play":
            game.play(rng.choice(list(game.legal_moves)))
        shown = reveal(game)
        assert shown is not None
        if wanted(shown):
            return shown
    raise AssertionError("no such hand end in 300 deals")


def counted(shown: RevealJSON) -> list[tuple[Any, Any]]:
    return [(s["counted"], s["rounded"]) for s in shown["seats"]]


def test_a_seat_whose_hand_counts_nothing_is_not_marked_rounded() -> None:
    # Multiples of Five in partnerships: the side that went out counts the other side's hands
    # (rounded), and its own count nothing.
    rules = Ruleset.preset("multiples-of-five", players=4, partnerships=True)
    shown = first_hand_end(rules, lambda r: r["result"] == "out" and any(
        s["counted"] is None and s["pips"] > 0 for s in r["seats"]))
    assert shown["settlement"] == rules.settlement
    assert shown["out_seat"] is not None
    out_side = rules.side_of(shown["out_seat"])
    for seat in shown["seats"]:
        ours = rules.side_of(seat["seat"]) == out_side
        assert (seat["counted"] is None) == ours, seat
        assert seat["rounded"] == (not ours), seat
    assert shown["sides"] == []  # the seats were counted, not the sides' totals


def test_a_hand_ended_by_the_target_counts_and_rounds_nothing() -> None:
    rules = Ruleset.preset("all-fives", players=2, target=25)
    shown = first_hand_end(rules, lambda r: r["result"] == "target" and any(
        s["pips"] for s in r["seats"]))
    assert shown["settlement"] == "target"
    assert counted(shown) == [(None, False), (None, False)]
    assert shown["sides"] == [] and shown["deltas"] == [0, 0]
    assert shown["before"] == shown["scores"]


def test_the_sides_compared_are_marked_rounded() -> None:
    rules = Ruleset.preset("multiples-of-five", players=4, partnerships=True)
    shown = first_hand_end(rules, lambda r: r["result"] == "blocked" and bool(r["sides"]))
    assert all(s["counted"] is None and not s["rounded"] for s in shown["seats"])
    for side in shown["sides"]:
        pips = sum(s["pips"] for s in shown["seats"] if rules.side_of(s["seat"]) == side["side"])
        assert side["pips"] == pips and side["rounded"]
        assert side["counted"] is not None and side["counted"] % 5 == 0


def test_the_scores_before_the_settlement_are_the_scores_less_its_deltas() -> None:
    rules = Ruleset.preset("five-up", players=3)
    shown = first_hand_end(rules, lambda r: r["result"] == "out" and any(r["scores"]))
    assert any(shown["deltas"])
    assert [b + d for b, d in zip(shown["before"], shown["deltas"], strict=True)] == \
        shown["scores"]
    assert shown["before"] != shown["scores"]



def test_the_reveal_shows_each_hand_left_and_what_ended_it() -> None:
    rules = Ruleset.preset("five-up", players=3)
    shown = first_hand_end(rules, lambda r: r["result"] == "out")
    assert shown["hand"] == 1 and shown["winner"] is not None
    out = shown["out_seat"]
    assert out is not None and shown["seats"][out]["tiles"] == []
    assert [s["seat"] for s in shown["seats"]] == [0, 1, 2]
    for seat in shown["seats"]:
        tiles = [Tile.parse(t) for t in seat["tiles"]]
        assert [str(t) for t in tiles] == seat["tiles"]
        assert sum(t.pips for t in tiles) == seat["pips"]
    assert sum(len(s["tiles"]) for s in shown["seats"]) > 0


def test_nothing_is_revealed_while_the_next_hand_is_played() -> None:
    rules = Ruleset.preset("five-up", players=3)
    game = Game(rules, seed=1)
    rng = random.Random(1)
    while game.phase == "play":
        game.play(rng.choice(list(game.legal_moves)))
    assert reveal(game) is not None and not game.is_over
    game.next_hand()
    assert game.phase == "play"
    assert reveal(game) is None
    game.play(rng.choice(list(game.legal_moves)))
    assert reveal(game) is None
