"""The observation's sections hold the values docs/RESEARCH.md gives them, read off the view by
hand (the other tests compare the environments' fast encoder with the reference one; these pin
the reference itself), and the actions' readable names."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pytest

from fives.bots import make_player
from fives.envs.encoding import (
    DRAW_ACTION,
    LEAD_BASE,
    OBS_SIZE,
    OFFSET,
    PASS_ACTION,
    SECTIONS,
    LayoutSections,
    SeatObservation,
    describe_action,
    encode_view,
    fill,
    history_counts,
    rules_vector,
    shared_rules_vector,
)
from fives.envs.table import Table
from fives.events import Phase
from fives.game import Game
from fives.rules import PRESETS, Ruleset
from fives.tiles import TILE_BY_ID
from fives.views import SeatView

SIZE = dict(SECTIONS)


def section(obs: Any, name: str) -> list[float]:
    return [float(x) for x in obs[OFFSET[name]:OFFSET[name] + SIZE[name]]]


def one_hot(size: int, at: int) -> list[float]:
    return [1.0 if i == at else 0.0 for i in range(size)]


def test_action_names() -> None:
    assert describe_action(DRAW_ACTION) == "draw"
    assert describe_action(PASS_ACTION) == "pass"
    assert describe_action(LEAD_BASE) == "lead 0-0"
    assert describe_action(LEAD_BASE + 27) == "lead 6-6"
    assert describe_action(LEAD_BASE + 25) == "lead 6-4"
    # port * 28 + tile; port = node * 4 + slot
    assert describe_action(0 * 28 + 25) == "6-4 on #1.W"
    assert describe_action(1 * 28 + 1) == "1-0 on #1.E"
    assert describe_action(2 * 28 + 14) == "4-4 on #1.N"
    assert describe_action(3 * 28 + 27) == "6-6 on #1.S"
    assert describe_action(5 * 28 + 9) == "3-3 on #2.out"
    assert describe_action(6 * 28 + 3) == "2-0 on #2.L"
    assert describe_action(111 * 28 + 20) == "5-5 on #28.R"
    assert describe_action(108 * 28 + 0) == "0-0 on #28.-"


@pytest.mark.parametrize(("preset", "options", "expected"), [
    ("five-up", {}, {"players": 1, "partnerships": 0.0, "scoring": 0, "spinners": 2,
                     "drawing": 1.0, "branches_immediate": 0.0, "reserve": 0.0,
                     "target": 61 / 500, "sniff": 0}),
    ("all-fives", {"players": 4, "partnerships": True, "sniff": "british", "target": 1000},
     {"players": 3, "partnerships": 1.0, "scoring": 1, "spinners": 1, "drawing": 1.0,
      "branches_immediate": 0.0, "reserve": 0.0, "target": 1.0, "sniff": 2}),
    ("five-up", {"spinners": "first_double", "spinner_branches_immediate": True},
     {"spinners": 1, "branches_immediate": 1.0}),
    ("five-up", {"players": 3, "sniff": "us", "boneyard_reserve": 2, "target": 250},
     {"players": 2, "partnerships": 0.0, "scoring": 0, "spinners": 1, "drawing": 1.0,
      "branches_immediate": 0.0, "reserve": 1.0, "target": 0.5, "sniff": 1}),
    ("five-up", {"spinners": "none"}, {"spinners": 0}),
    ("block", {"players": 2}, {"players": 1, "drawing": 0.0}),
    ("fives-and-threes", {"players": 2}, {"scoring": 2}),
])
def test_the_rules_sections(preset: str, options: dict[str, Any],
                            expected: dict[str, Any]) -> None:
    rules = Ruleset.preset(preset, **options)
    v = rules_vector(rules)
    assert v.shape == (OBS_SIZE,) and v.dtype == np.float32
    assert section(v, "preset") == one_hot(16, PRESETS.index(rules.name))
    one_hots = {"players": 4, "scoring": 4, "spinners": 3, "sniff": 3}
    for name, want in expected.items():
        got = section(v, name)
        if name in one_hots:
            assert got == one_hot(one_hots[name], want), name
        else:
            assert got == pytest.approx([want]), name
    # nothing else is written: the other sections are the game's, zero here
    rules_part = OFFSET["preset"]
    assert not v[:rules_part].any() and not v[OFFSET["hand_number"]]
    shared = shared_rules_vector(rules)
    assert np.array_equal(shared, v) and not shared.flags.writeable
    assert shared_rules_vector(rules) is shared


def _position(preset: str, players: int, seed: int, want: str) -> Game:
    """A game played by greedy seats until the history holds an action of kind ``want``
    by some seat, and a few actions more."""
    rules = Ruleset.preset(preset, players=players)
    bots = [make_player("greedy", seed=s) for s in range(players)]
    for s in range(seed, seed + 50):
        game = Game(rules, seed=s)
        later = 0  # actions played since the first one of kind ``want``
        while game.phase_name == "play":
            game.play(bots[game.turn].choose(game.view(game.turn)))
            if any(a.kind == want for a in game.history):
                later += 1
                if later > 3:
                    return game
    raise AssertionError(f"no {want} in 50 games")


def test_the_game_sections_read_off_the_view() -> None:
    game = _position("five-up", 3, 1, "draw")
    for seat in range(3):
        view = game.view(seat)
        obs = encode_view(view)
        rel = [(seat + k) % 3 for k in range(3)]
        assert section(obs, "hand") == [1.0 if any(t.id == i for t in view.hand) else 0.0
                                       for i in range(28)]
        on_table = {n.tile.id for n in view.layout.nodes}
        assert section(obs, "on_table") == [1.0 if i in on_table else 0.0 for i in range(28)]
        total = view.layout.total
        assert section(obs, "total") == pytest.approx([total / 400])
        assert section(obs, "total_mod5") == one_hot(5, total % 5)
        assert section(obs, "total_mod3") == one_hot(3, total % 3)
        assert section(obs, "hand_sizes") == pytest.approx(
            [view.hand_sizes[s] / 28 for s in rel] + [0.0])
        assert section(obs, "boneyard") == pytest.approx([view.boneyard_size / 28])
        assert section(obs, "turn") == one_hot(4, (view.turn - seat) % 3)
        assert section(obs, "leader") == one_hot(4, (view.leader - seat) % 3)
        assert section(obs, "phase") == one_hot(len(Phase), list(Phase).index(view.phase))
        assert section(obs, "hand_number") == pytest.approx([1 / 20])
        draws = [sum(a.kind == "draw" and a.seat == s for a in view.history) for s in rel]
        passes = [sum(a.kind == "pass" and a.seat == s for a in view.history) for s in rel]
        assert sum(draws) > 0
        assert section(obs, "draws") == pytest.approx([d / 28 for d in draws] + [0.0])
        assert section(obs, "passes") == pytest.approx([p / 28 for p in passes] + [0.0])
        seen = section(obs, "drew_or_passed_on")
        for k, s in enumerate(rel):
            for pip in range(7):
                count = sum(a.kind in ("draw", "pass") and a.seat == s
                            and pip in a.open_values for a in view.history)
                assert seen[7 * k + pip] == pytest.approx(min(1.0, count / 8)), (s, pip)


def _changed(view: SeatView, **fields: Any) -> SeatView:
    return dataclasses.replace(view, **fields)


def test_scores_hand_number_and_the_forced_lead() -> None:
    rules = Ruleset.preset("all-fives", players=4, partnerships=True, target=200)
    game = Game(rules, seed=3)
    view = game.view(1)  # side 1; the sides relative: its own first
    obs = encode_view(_changed(view, scores=(50, 100), hand_number=7))
    assert section(obs, "scores") == pytest.approx([0.5, 0.25, 0.0, 0.0])
    assert section(obs, "hand_number") == pytest.approx([7 / 20])
    # clipped to [-1, 1]; the hand number counts up to 20
    obs = encode_view(_changed(view, scores=(-450, 300), hand_number=25))
    assert section(obs, "scores") == pytest.approx([1.0, -1.0, 0.0, 0.0])
    assert section(obs, "hand_number") == pytest.approx([1.0])
    first = game.view(0)
    if first.forced_lead is not None:
        assert section(encode_view(first), "forced_lead") == one_hot(28, first.forced_lead.id)
    tile = view.hand[0]
    assert section(encode_view(_changed(view, forced_lead=tile)), "forced_lead") == one_hot(
        28, tile.id)
    assert not any(section(encode_view(_changed(view, forced_lead=None)), "forced_lead"))


def test_history_counts_clip_and_ignore_placements() -> None:
    history = [(0, "draw", None, None, (5, 5)), (0, "pass", None, None, (5, 1)),
               (1, "place", None, None, (3, 4)), (1, "draw", None, None, (3, 4)),
               (2, "lead", None, None, ())]
    seen, draws, passes = history_counts(history, 3)
    assert seen == [[0, 1, 0, 0, 0, 2, 0], [0, 0, 0, 1, 1, 0, 0], [0] * 7]
    assert draws == [1, 1, 0] and passes == [1, 0, 0]
    game = _position("five-up", 2, 1, "draw")
    view = game.view(0)
    many = tuple(view.history) + tuple(
        a._replace(kind="pass", seat=1, open_values=(2,)) for a in view.history[:1] * 40)
    obs = encode_view(_changed(view, history=many))
    assert section(obs, "passes")[1] == 1.0  # over 28 passes: clipped
    assert section(obs, "drew_or_passed_on")[7 + 2] == 1.0  # over 8: clipped


def test_a_spectator_has_no_observation() -> None:
    view = Game(Ruleset.preset("five-up"), seed=1).view(None)
    with pytest.raises(ValueError, match=r"^a spectator's view has no observation: "
                       r"expected a seat's view$"):
        encode_view(view)


def _far_position(scores: tuple[int, ...], forced: int | None) -> Game:
    """A fresh deal of a two-player All Fives game (target 200) at hand 25 with these scores."""
    rules = Ruleset.preset("all-fives", players=2, target=200)
    dealt = Game(rules, seed=5)
    return Game.from_position(
        rules, hands=[dealt.hand(0), dealt.hand(1)],
        boneyard=[TILE_BY_ID[t] for t in dealt.boneyard_ids], placements=[], turn=0,
        scores=scores, leader=0, hand_number=25,
        forced_lead=None if forced is None else TILE_BY_ID[forced])


def test_the_kept_vector_clips_what_the_reference_clips() -> None:
    """The environments' kept vector (``SeatObservation``) at values no short episode reaches:
    hand 25, scores past the target either way, more than 28 passes and 8 draws on a pip."""
    game = _far_position((-450, 300), forced=0)
    rules = game.rules
    sections = LayoutSections()
    kept = SeatObservation(shared_rules_vector(rules), rules, 0, game)
    seen = [[9, 0, 0, 0, 0, 0, 8], [0] * 7]
    obs = kept.update(game, sections, seen, [3, 0], [29, 40], 1)
    assert section(obs, "hand_number") == [1.0]
    assert section(obs, "scores") == pytest.approx([-1.0, 1.0, 0.0, 0.0])
    assert section(obs, "passes") == [1.0, 1.0, 0.0, 0.0]
    assert section(obs, "draws") == pytest.approx([3 / 28, 0.0, 0.0, 0.0])
    assert section(obs, "drew_or_passed_on")[:7] == [1.0, 0, 0, 0, 0, 0, 1.0]
    assert section(obs, "forced_lead") == one_hot(28, 0)  # the 0-0: id 0 is a tile too
    view = game.view(0)
    assert view.forced_lead is not None and view.forced_lead.id == 0
    reference = fill(rules_vector(rules), rules, 0, game.hand_masks[0], view.hand_sizes,
                     view.boneyard_size, view.scores, view.turn, view.phase, view.leader, 0,
                     view.hand_number, view.layout, seen, [3, 0], [29, 40])
    assert np.array_equal(obs, reference)
    # the layout sections already computed give the same vector as computing them
    with_sections = fill(rules_vector(rules), rules, 0, game.hand_masks[0], view.hand_sizes,
                         view.boneyard_size, view.scores, view.turn, view.phase, view.leader,
                         0, view.hand_number, view.layout, seen, [3, 0], [29, 40],
                         layout_sections=sections.vec)
    assert np.array_equal(with_sections, reference)


def test_a_copied_table_goes_on_by_itself() -> None:
    """A copy's layout sections and kept vectors are its own: both tables step on apart and
    each observes what its own game shows."""
    table = Table(Ruleset.preset("five-up", players=3))
    table.reset(seed=4)
    rng = random.Random(1)
    for _ in range(4):
        table.step(rng.choice(table.legal_actions()))
    for seat in range(3):
        table.observe(seat)
    twin = table.copy()
    for t in (twin, table, twin):
        for _ in range(3):
            if not t.done:
                t.step(rng.choice(t.legal_actions()))
        for seat in range(3):
            assert np.array_equal(t.observe(seat), encode_view(t.game.view(seat)))
    assert twin.game.layout.count != table.game.layout.count
    # new layout sections are empty, in the observation's float32
    fresh = LayoutSections()
    assert not fresh.vec.any() and fresh.vec.dtype == np.float32
