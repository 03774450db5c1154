"""RULES.md §10 layout-only vectors, run on the engine's Layout and on the reference model.

Each sequence gives, after every placement, the counted total T of the vector's table. Running
the same tables on the reference model (tests/engine/refmodel.py) checks that model as well.
"""

from __future__ import annotations

import pytest

from fives.errors import IllegalMoveError
from fives.layout import Layout, SpinnerPolicy
from fives.moves import Move
from fives.tiles import Tile

from .helpers import LAYOUT_IMPLS, LayoutAdapter, layout_ends, mv

FU: SpinnerPolicy = "every_double"
AF: SpinnerPolicy = "first_double"
M5: SpinnerPolicy = "none"

# (vector, spinner policy, [(explicit notation, T after it)])
SEQUENCES: list[tuple[str, SpinnerPolicy, list[tuple[str, int]]]] = [
    ("V02", FU, [("6-6", 12), ("6-3@1.E", 15), ("6-1@1.W", 4), ("6-4@1.N", 8),
                 ("6-2@1.S", 10)]),
    ("V04", FU, [("4-3", 7), ("3-3@1.E", 10), ("3-6@2.out", 10), ("3-5@2.L", 15),
                 ("3-2@2.R", 17)]),
    ("V05", FU, [("6-6", 12), ("6-3@1.E", 15), ("6-2@1.W", 5), ("6-5@1.N", 10),
                 ("5-5@4.out", 15), ("5-0@5.out", 5), ("5-4@5.L", 9), ("5-1@5.R", 10),
                 ("6-1@1.S", 11)]),
    ("V06", FU, [("5-5", 10), ("5-0@1.E", 10), ("0-0@2.out", 10), ("5-6@1.W", 6),
                 ("0-4@3.out", 10), ("0-1@3.L", 11)]),
    ("V19a", AF, [("5-3", 8), ("3-0@1.E", 5)]),
    ("V19b", AF, [("6-1", 7), ("1-4@1.E", 10)]),
    ("V19c", AF, [("4-3", 7), ("3-3@1.E", 10)]),
    ("V19d", AF, [("6-2", 8), ("2-5@1.E", 11)]),
    ("V19e", AF, [("4-2", 6), ("4-4@1.W", 10)]),
    ("V20", AF, [("5-5", 10), ("5-0@1.E", 10), ("5-6@1.W", 6), ("5-4@1.N", 10),
                 ("5-1@1.S", 11), ("0-0@2.out", 11), ("6-6@3.out", 17), ("4-2@4.out", 15)]),
    ("V21", AF, [("6-5", 11), ("5-5@1.E", 16), ("5-2@2.out", 8), ("5-0@2.L", 8),
                 ("2-2@3.out", 10)]),
    ("V22", AF, [("3-3", 6), ("3-6@1.E", 12), ("3-5@1.W", 11), ("3-4@1.N", 15),
                 ("3-2@1.S", 17), ("6-6@2.out", 23), ("5-5@3.out", 28), ("4-4@4.out", 32),
                 ("2-5@5.out", 35)]),
    ("V28", M5, [("6-6", 12), ("6-3@1.E", 15), ("6-1@1.W", 4), ("3-3@2.out", 7),
                 ("1-4@3.out", 10)]),
    ("V29", M5, [("5-5", 10), ("5-0@1.E", 10), ("0-0@2.out", 10), ("5-6@1.W", 6),
                 ("0-4@3.out", 10)]),
]

# (vector, policy, number of placements applied, the exact set of playable ports)
ENDS: list[tuple[str, SpinnerPolicy, int, set[tuple[int, str, int]]]] = [
    ("V03 after #2", FU, 2, {(1, "W", 6), (2, "out", 3)}),
    ("V03 after #3", FU, 3, {(1, "N", 6), (1, "S", 6), (2, "out", 3), (3, "out", 1)}),
    ("V03 AF after #2", AF, 2, {(1, "W", 6), (2, "out", 3)}),
    ("V03 AF after #3", AF, 3, {(1, "N", 6), (1, "S", 6), (2, "out", 3), (3, "out", 1)}),
    ("V03 M5 after #2", M5, 2, {(1, "W", 6), (2, "out", 3)}),
    ("V03 M5 after #3", M5, 3, {(2, "out", 3), (3, "out", 1)}),
]
V02_MOVES = [m for m, _ in SEQUENCES[0][2]]

ENDS_BY_SEQUENCE: list[tuple[str, int, set[tuple[int, str, int]]]] = [
    ("V04", 2, {(1, "W", 4), (2, "out", 3)}),
    ("V04", 3, {(1, "W", 4), (2, "L", 3), (2, "R", 3), (3, "out", 6)}),
    ("V06", 5, {(1, "N", 5), (1, "S", 5), (3, "L", 0), (3, "R", 0), (4, "out", 6),
                (5, "out", 4)}),
    ("V20", 8, {(5, "out", 1), (6, "out", 0), (7, "out", 6), (8, "out", 2)}),
    ("V21", 5, {(1, "W", 6), (2, "R", 5), (4, "out", 0), (5, "out", 2)}),
    ("V28", 3, {(2, "out", 3), (3, "out", 1)}),
    ("V28", 5, {(4, "out", 3), (5, "out", 4)}),
]

IMPLS = sorted(LAYOUT_IMPLS)


def build(impl: str, policy: SpinnerPolicy) -> LayoutAdapter:
    return LAYOUT_IMPLS[impl](policy)


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(("vector", "policy", "steps"), SEQUENCES, ids=[s[0] for s in SEQUENCES])
def test_vector_totals(
    impl: str, vector: str, policy: SpinnerPolicy, steps: list[tuple[str, int]]
) -> None:
    layout = build(impl, policy)
    got = []
    for move, _ in steps:
        layout.apply(move)
        got.append(layout.total())
    assert got == [t for _, t in steps], vector


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(("vector", "policy", "count", "expected"), ENDS, ids=[e[0] for e in ENDS])
def test_v03_playable_ports(
    impl: str, vector: str, policy: SpinnerPolicy, count: int, expected: set[tuple[int, str, int]]
) -> None:
    layout = build(impl, policy)
    for move in V02_MOVES[:count]:
        layout.apply(move)
    assert layout.ends() == expected


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize(
    ("vector", "count", "expected"), ENDS_BY_SEQUENCE,
    ids=[f"{e[0]}-after-{e[1]}" for e in ENDS_BY_SEQUENCE],
)
def test_playable_ports_in_vectors(
    impl: str, vector: str, count: int, expected: set[tuple[int, str, int]]
) -> None:
    _, policy, steps = next(s for s in SEQUENCES if s[0] == vector)
    layout = build(impl, policy)
    for move, _ in steps[:count]:
        layout.apply(move)
    assert layout.ends() == expected


OPENINGS = [("5-0", 5), ("3-2", 5), ("4-1", 5), ("6-4", 10), ("5-5", 10), ("0-0", 0),
            ("6-6", 12), ("6-5", 11), ("3-3", 6)]


@pytest.mark.parametrize("impl", IMPLS)
@pytest.mark.parametrize("policy", [FU, AF, M5])
def test_v07_opening_totals(impl: str, policy: SpinnerPolicy) -> None:
    for lead, total in OPENINGS:
        layout = build(impl, policy)
        layout.apply(lead)
        assert layout.total() == total, (policy, lead)


def engine_layout(policy: SpinnerPolicy, moves: list[str]) -> Layout:
    layout = Layout(spinners=policy)
    for m in moves:
        layout.apply(mv(m))
    return layout


def placement_set(layout: Layout, text: str) -> set[str]:
    return {m.notation(explicit=True) for m in layout.placements(Tile.parse(text))}


def test_v03_legal_placements_of_a_hand() -> None:
    after2 = engine_layout(FU, V02_MOVES[:2])
    assert placement_set(after2, "6-4") == {"6-4@1.W"}
    assert placement_set(after2, "2-1") == set()
    after3 = engine_layout(FU, V02_MOVES[:3])
    assert placement_set(after3, "6-4") == {"6-4@1.N", "6-4@1.S"}
    assert placement_set(after3, "2-1") == {"1-2@3.out"}
    m5 = engine_layout(M5, V02_MOVES[:3])
    assert placement_set(m5, "6-4") == set()
    assert placement_set(m5, "2-1") == {"1-2@3.out"}


def test_v04_child_spinner_locked_until_out_is_taken() -> None:
    layout = engine_layout(FU, ["4-3", "3-3@1.E"])
    assert placement_set(layout, "3-5") == {"3-5@2.out"}


def test_v21_second_double_is_plain_in_af_but_spinner_in_fu() -> None:
    moves = ["6-5", "5-5@1.E", "5-2@2.out", "5-0@2.L", "2-2@3.out", "2-4@5.out"]
    af = engine_layout(AF, moves)
    fu = engine_layout(FU, moves)
    assert not any(e.node == 5 and e.port in ("L", "R") for e in layout_ends(af))
    assert {(e.port, e.value) for e in layout_ends(fu) if e.node == 5} == {("L", 2), ("R", 2)}


def test_branches_immediate_opens_spinner_at_once() -> None:
    layout = Layout(spinners=AF, branches_immediate=True)
    layout.apply(mv("5-5"))
    assert {(e.node, e.port, e.value) for e in layout_ends(layout)} == {
        (1, "W", 5), (1, "E", 5), (1, "N", 5), (1, "S", 5)}
    layout.apply(mv("5-4@1.N"))
    # O11: counting unchanged: the spinner still counts 2v while an in-line side is free.
    assert layout.total == 10 + 4


ILLEGAL: list[tuple[SpinnerPolicy, list[str], str, str]] = [
    (FU, ["6-6", "6-3@1.E"], "6-4@1.N", "branch locked until both in-line sides are occupied"),
    (FU, ["6-6", "6-3@1.E"], "6-4@1.E", "port already occupied"),
    (FU, ["6-6", "6-3@1.E"], "4-1@2.out", "value of the port is 3, not 4"),
    (FU, ["4-3", "3-3@1.E"], "3-5@2.L", "child spinner locked until its out side is taken"),
    (M5, ["6-6", "6-3@1.E", "6-1@1.W"], "6-4@1.N", "no branch ports without spinners"),
    (AF, ["5-5", "5-0@1.E", "5-6@1.W", "0-0@2.out", "0-1@4.out"], "0-2@4.L",
     "a second double is not a spinner in AF"),
    (FU, ["6-3"], "3-1@2.out", "node #2 does not exist"),
    (M5, ["6-3"], "6-6@1.N", "no N port on a non-double lead"),
]


@pytest.mark.parametrize(("policy", "before", "move", "why"), ILLEGAL, ids=[i[3] for i in ILLEGAL])
def test_illegal_placements_raise_and_change_nothing(
    policy: SpinnerPolicy, before: list[str], move: str, why: str
) -> None:
    layout = engine_layout(policy, before)
    state = (layout.total, len(layout), layout.to_json())
    with pytest.raises(IllegalMoveError):
        layout.apply(mv(move))
    assert (layout.total, len(layout), layout.to_json()) == state


def test_undo_restores_previous_layout() -> None:
    steps = SEQUENCES[2][2]  # V05
    layout = Layout(spinners=FU)
    states = []
    for move, _ in steps:
        states.append((layout.total, layout.to_json()))
        layout.apply(mv(move))
    for state in reversed(states):
        layout.undo()
        assert (layout.total, layout.to_json()) == state
    assert len(layout) == 0


def test_lead_orientation_sets_west_and_east() -> None:
    layout = Layout(spinners=M5)
    layout.apply(Move.lead(Tile(6, 3), 3))
    assert {(e.port, e.value) for e in layout_ends(layout)} == {("W", 3), ("E", 6)}
