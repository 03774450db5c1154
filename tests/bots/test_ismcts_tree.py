"""The tree of the bench level ``ismcts`` (bots/ismcts.py), piece by piece: the selection (UCB1
with availability counts, the exploration constant scaled by the outcomes' spread, progressive
widening), one descent on hand-built determinisations (what each edge is keyed by, the moves
ranked by the playout policy, one new node a descent, the mover's side of each edge), the
first move, and a whole decision watched from inside (every descent's backup, the values and
gains of the candidates, the iteration budget, the pruning, the exact endgame, secrecy)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from fives.bots import Budget, endgame, expert, inference, ismcts, make_player
from fives.bots.base import SampleLoop
from fives.bots.greedy import greedy_key
from fives.bots.ismcts import (
    OTHER_DRAW,
    OWN_DRAW,
    PASS_KEY,
    IsmctsPlayer,
    _Descent,
    _first_move,
    _Node,
)
from fives.bots.sim import HEAVY, HandSim
from fives.game import Game, new_layout
from fives.moves import DRAW, LEAD_PORT, Move
from fives.rules import Ruleset
from fives.settlement import ScoreRules, score_rules
from fives.tiles import Tile
from fives.views import SeatView

from .test_determinism_and_secrecy import _reshuffled


# ------------------------------------------------------------------ hand-built determinisations
def mask(text: str) -> int:
    """The tiles of ``"6-6 5-0 ..."`` as a mask."""
    m = 0
    for t in text.split():
        m |= 1 << Tile.parse(t).id
    return m


def tid(text: str) -> int:
    return Tile.parse(text).id


def sim_of(
    rules: Ruleset, lead: str, hands: list[str], bone: str = "", turn: int = 0,
    scores: list[int] | None = None,
) -> HandSim:
    """A determinisation after ``lead``: each seat's tiles, the boneyard top first."""
    layout = new_layout(rules)
    layout.place_code((LEAD_PORT << 6) | (tid(lead) << 1))
    top_last = [tid(t) for t in bone.split()][::-1]  # the sim pops the top from the end
    return HandSim(score_rules(rules), layout, [mask(h) for h in hands], top_last,
                   scores or [0] * rules.sides, turn)


def descent(r: ScoreRules, me: int = 0, *, c: float = 0.7, widen: float = 1e-9,
            overdraw: bool = False, stats: list[float] | None = None, seed: int = 1) -> _Descent:
    """A descent whose every move is open at once (``widen`` tiny) unless told otherwise."""
    return _Descent(r, me, overdraw, c, widen, random.Random(seed),
                    stats if stats is not None else [0.0, 0.0, 0.0])


def grow(d: _Descent, sim: HandSim, root: _Node) -> list[tuple[list[float], int]]:
    """One descent on a copy of ``sim``, backed up with a value of 0 (as the decision does
    with the outcome): its edges are tried, so the next descents go elsewhere."""
    s = sim.copy()
    path = d.descend(s, root)
    assert s.hand_over, "the playout ends the hand"
    for edge, _mover in path:
        edge[0] += 1
    return path


def policy_key(sim: HandSim, code: int) -> tuple[int, int]:
    """The playout policy's order of a placement: points now, then the heavier tile."""
    layout = sim.layout.copy()
    total = layout.place_code(code)
    return sim.r.score_table[total], HEAVY[(code >> 1) & 31]


def walk(sim: HandSim, node: _Node, me: int, overdraw: bool,
         seats: dict[int, int]) -> int:
    """Check every edge and child of ``node`` against the moves of ``sim`` (the determinisation
    the tree was grown on): placements keyed by their code, another seat's draw as one key, our
    own draw by the tile drawn, a pass as one key; forced placements are no decision. Records
    the seat deciding at each edge (by the edge's id) and returns the nodes below ``node``."""
    count = 0
    while True:
        if sim.hand_over or not sim.layout.count:
            assert not node.kids and not node.edges
            return count
        seat = sim.turn
        playable = sim.hands[seat] & sim.layout.ends_mask()
        can_draw = sim.r.can_draw(len(sim.bone))
        if not playable:
            assert not node.edges
            if can_draw:
                top = sim.bone[-1]
                sim.draw()
                key = OWN_DRAW - top if seat == me else OTHER_DRAW
                assert sim.hands[seat] >> top & 1
            else:
                sim.pass_()
                key = PASS_KEY
            assert set(node.kids) <= {key}, (node.kids, key)
            if key not in node.kids:
                return count
            node = node.kids[key]
            count += 1
            continue
        codes = sim.layout.placement_codes(playable)
        overdraw_now = overdraw and can_draw
        if len(codes) == 1 and not overdraw_now:
            assert not node.edges
            assert set(node.kids) <= {codes[0]}
            sim.place(codes[0])
            if codes[0] not in node.kids:
                return count
            node = node.kids[codes[0]]
            count += 1
            continue
        legal = set(codes) | ({DRAW} if overdraw_now else set())
        assert set(node.edges) <= legal, (node.edges, legal)
        assert node.visits == sum(e[0] for e in node.edges.values())
        expected_kids = set(codes) | ({OWN_DRAW - sim.bone[-1]} if overdraw_now else set())
        assert set(node.kids) <= expected_kids
        for edge in node.edges.values():
            seats[id(edge)] = seat
            assert edge[2] >= edge[0] >= 0
        for key, kid in node.kids.items():
            after = sim.copy()
            if key >= 0:
                after.place(key)
            else:
                after.draw()
            count += 1 + walk(after, kid, me, overdraw, seats)
        return count


# ------------------------------------------------------------------ the selection
def test_untried_moves_come_first_in_the_policys_order_and_all_open_ones_are_counted() -> None:
    d = descent(score_rules(Ruleset.preset("all-fives")))
    node = _Node()
    keys = [7, 3, 9]
    order = []
    for _ in range(3):
        key, edge = d._select(node, keys, 0.7)
        assert edge is node.edges[key]
        edge[0] += 1  # the backup of a value 0
        order.append(key)
    assert order == [7, 3, 9]
    assert node.visits == 3
    # Every open move was available at each visit, the untried ones too.
    assert {k: node.edges[k][2] for k in keys} == {7: 3, 3: 3, 9: 3}
    # All tried, all equal: the first in the policy's order.
    key, edge = d._select(node, keys, 0.7)
    assert key == 7 and edge is node.edges[7] and node.visits == 4


def test_a_new_edge_starts_empty() -> None:
    d = descent(score_rules(Ruleset.preset("all-fives")))
    node = _Node()
    key, edge = d._select(node, [5, 6], 0.7)
    assert key == 5 and edge is node.edges[5]
    assert node.edges == {5: [0, 0.0, 1], 6: [0, 0.0, 1]}
    assert node.kids == {}


def _ucb(mean: float, n: int, avail: int, c: float) -> float:
    return mean + c * math.sqrt(math.log(avail) / n)


@pytest.mark.parametrize(("a_avail", "b_avail"), [(20, 4), (9, 9), (3, 30)])
def test_ucb1_with_each_edges_own_availability(a_avail: int, b_avail: int) -> None:
    """A: mean 10 over 10 visits; B: mean 9 over 2. Exploration switches the choice from A
    to B at the constant where both UCB1 scores meet, with each edge's availability (counted
    before it is scored) in place of the parent's visits."""
    r = score_rules(Ruleset.preset("all-fives"))
    a_n, b_n = 10, 2
    la = math.log(a_avail + 1)
    lb = math.log(b_avail + 1)
    switch = (10 - 9) / (math.sqrt(lb / b_n) - math.sqrt(la / a_n))
    assert switch > 0
    for c, expected in ((switch * 0.995, 1), (switch * 1.005, 2)):
        node = _Node()
        node.visits = 50  # both open
        node.edges = {1: [a_n, 10.0 * a_n, a_avail], 2: [b_n, 9.0 * b_n, b_avail]}
        d = descent(r, widen=4.0)
        key, edge = d._select(node, [1, 2], c)
        assert key == expected, (c, switch)
        assert edge is node.edges[expected]
        assert node.edges[1][2] == a_avail + 1 and node.edges[2][2] == b_avail + 1
        assert node.edges[1][:2] == [a_n, 10.0 * a_n] and node.visits == 51
        scores = {1: _ucb(10, a_n, a_avail + 1, c), 2: _ucb(9, b_n, b_avail + 1, c)}
        assert max(scores, key=scores.__getitem__) == key


def test_exploitation_alone_without_exploration() -> None:
    r = score_rules(Ruleset.preset("all-fives"))
    node = _Node()
    node.visits = 50
    node.edges = {1: [1, 3.0, 40], 2: [40, 160.0, 40], 3: [2, 2.0, 40]}
    key, _ = descent(r)._select(node, [1, 2, 3], 0.0)
    assert key == 2  # the best mean (4), though tried more than the others
    node.edges[1][1] = 5.0
    key, _ = descent(r)._select(node, [1, 2, 3], 0.0)
    assert key == 1


@pytest.mark.parametrize("widen", [1.0, 2.0, 4.0])
def test_progressive_widening_opens_one_more_move_at_each_square(widen: float) -> None:
    """With n visits (this one counted) the first 1 + floor(sqrt(n / widen)) moves are open:
    each move's availability counts the visits at which it was open, a move is created only
    once open, and a move that opens is tried at once."""
    r = score_rules(Ruleset.preset("all-fives"))
    d = descent(r, widen=widen)
    node = _Node()
    keys = [10, 11, 12, 13, 14, 15]
    for n in range(1, 41):
        open_ = min(len(keys), 1 + math.isqrt(int(n // widen)))
        before = set(node.edges)
        key, edge = d._select(node, keys, 0.7)
        edge[0] += 1
        edge[1] += 1.0
        assert set(node.edges) == set(keys[:open_]), (n, node.edges)
        if len(node.edges) > len(before):
            new = [k for k in keys if k in node.edges and k not in before]
            assert key == new[0], "a move that opens is tried first"
        for j, k in enumerate(keys[:open_]):
            opened = sum(1 for v in range(1, n + 1) if 1 + math.isqrt(int(v // widen)) > j)
            assert node.edges[k][2] == opened, (n, k)
    assert node.visits == 40


def test_the_exploration_constant_is_scaled_by_the_outcomes_spread() -> None:
    """In a descent the exploration constant is the player's ``c`` times the standard deviation
    of the outcomes seen so far (``stats``: count, sum, sum of squares), never less than ``c``
    itself, and ``c`` alone before two outcomes are seen."""
    rules = Ruleset.preset("all-fives", target=500)
    sim = sim_of(rules, "5-5", ["5-0 6-1", "3-3 4-4"], bone="2-2 1-1")
    codes = sim.layout.placement_codes(sim.hands[0])
    keys = sorted(codes, key=lambda code: policy_key(sim, code), reverse=True)
    a, b = keys[0], keys[-1]
    a_n, b_n, avail = 10, 2, 12
    others = [k for k in keys if k not in (a, b)]

    def chosen(c: float, stats: list[float]) -> int:
        node = _Node()
        node.visits = 100
        node.edges = {a: [a_n, 10.0 * a_n, avail], b: [b_n, 9.0 * b_n, avail]}
        for k in others:  # tried and bad
            node.edges[k] = [5, -500.0, avail]
        d = descent(sim.r, c=c, widen=4.0, stats=stats)
        path = d.descend(sim.copy(), node)
        edge = path[0][0]
        return a if edge is node.edges[a] else b

    la = math.log(avail + 1)
    switch = 1 / (math.sqrt(la / b_n) - math.sqrt(la / a_n))
    # (stats, the spread): [0, 0, 10, 10] has a standard deviation of 5, [0, 10] too,
    # [0, 1] of 0.5 (below 1: c alone), and one outcome or none gives c alone.
    for stats, spread in (([4.0, 20.0, 200.0], 5.0), ([2.0, 10.0, 100.0], 5.0),
                          ([2.0, 1.0, 1.0], 1.0), ([1.0, 7.0, 49.0], 1.0),
                          ([0.0, 0.0, 0.0], 1.0), ([1.0, 30.0, 900.0], 1.0)):
        low = chosen(switch / spread * 0.99, list(stats))
        high = chosen(switch / spread * 1.01, list(stats))
        assert (low, high) == (a, b), (stats, spread)


# ------------------------------------------------------------------ one descent
def test_a_descent_ranks_the_moves_by_the_playout_policy() -> None:
    """The first visit of a decision node opens every move (``widen`` tiny): its edges are the
    legal placements of the sample, in the playout policy's order (points now, then the
    heavier tile), and the first one is the one tried."""
    rules = Ruleset.preset("all-fives", target=500)
    # On the 5-5 (10): 5-0 scores 5 (1 point), 5-1 and 5-3 nothing, 5-5... the heavier first.
    sim = sim_of(rules, "5-5", ["5-0 5-1 5-3 2-2", "6-6 3-3"], bone="1-1 0-0")
    d = descent(sim.r)
    root = _Node()
    path = d.descend(sim.copy(), root)
    codes = sim.layout.placement_codes(sim.hands[0] & sim.layout.ends_mask())
    order = list(root.edges)
    assert sorted(order) == sorted(codes)
    ranks = [policy_key(sim, code) for code in order]
    assert ranks == sorted(ranks, reverse=True)
    assert ranks[0][0] > 0 and ranks[-1][0] == 0  # points before weight
    assert len({(code >> 1) & 31 for code in order[:2]}) == 1  # the 5-0 at either end first
    assert (order[2] >> 1) & 31 == tid("5-3")
    assert path == [(root.edges[order[0]], 0)]
    assert list(root.kids) == [order[0]]
    assert root.visits == 1 and d.nodes == 1


def test_a_descent_adds_one_node_then_plays_the_hand_out() -> None:
    rules = Ruleset.preset("all-fives", target=500)
    sim = sim_of(rules, "5-5", ["5-0 5-1 6-4 2-2", "5-4 5-2 3-3 0-0"], bone="1-1 6-6 4-4")
    d = descent(sim.r)
    root = _Node()
    for i in range(1, 13):
        path = grow(d, sim, root)
        assert path, "the root is a decision"
        assert walk(sim.copy(), root, 0, False, {}) == d.nodes
        assert _decision_kids(root) == i, "one new node under a decision per descent"
        # The last edge of the path was tried for the first time: it led to the new node.
        assert path[-1][0][0] == 1
        assert all(edge[0] > 1 for edge, _ in path[:-1])


def _decision_kids(node: _Node) -> int:
    own = len(node.kids) if node.edges else 0
    return own + sum(_decision_kids(k) for k in node.kids.values())


@pytest.mark.parametrize(("preset", "options", "players"), [
    ("all-fives", {"target": 500}, 2),
    ("all-fives", {"target": 500, "players": 3}, 3),
    ("all-fives", {"target": 500, "players": 4, "partnerships": True}, 4),
    ("block", {"target": 500}, 2),
    ("five-up-solitaire", {}, 1),
])
def test_the_tree_holds_what_the_seat_observes(
    preset: str, options: dict[str, Any], players: int
) -> None:
    """Grown on one determinisation (seed-dealt hands after a lead), every edge is a legal move
    of it, every child is keyed by what this seat observes (a placement's code, another seat's
    draw as one key, our own draw by its tile, a pass), and each edge of a path is backed up
    for the side of the seat that chose it."""
    rules = Ruleset.preset(preset, **options)
    for seed in range(4):
        game = Game(rules, seed=seed)
        lead = game.legal_moves[0]
        game.play(lead)
        me = game.turn
        r = score_rules(rules)
        sim = HandSim(r, game.layout.copy(), list(game.hand_masks),
                      list(reversed(game.boneyard_ids)), list(game.scores), me)
        d = descent(r, me, overdraw=rules.overdraw_allowed)
        root = _Node()
        paths = []
        for _ in range(40):
            paths.append(grow(d, sim, root))
        seats: dict[int, int] = {}
        assert walk(sim.copy(), root, me, rules.overdraw_allowed, seats) == d.nodes
        assert d.nodes > 0
        for path in paths:
            for edge, mover in path:
                assert mover == rules.side_of(seats[id(edge)])


def test_draws_and_passes_are_keyed_by_what_this_seat_sees() -> None:
    rules = Ruleset.preset("all-fives", target=500)
    # Seat 0 (us) cannot follow the 6-3: draws the 1-1, then the 6-2, which it must place on
    # the 6; seat 1 cannot follow the 2 or the 3: draws twice, then passes, and so do we.
    sim = sim_of(rules, "6-3", ["5-0 4-1", "5-5 4-4 5-1"], bone="1-1 6-2 0-4 6-1")
    d = descent(sim.r, me=0)
    root = _Node()
    s = sim.copy()
    assert d.descend(s, root) == [], "no decision on the way"
    assert s.hand_over
    assert list(root.kids) == [OWN_DRAW - tid("1-1")]
    node = root.kids[OWN_DRAW - tid("1-1")]
    assert list(node.kids) == [OWN_DRAW - tid("6-2")]
    node = node.kids[OWN_DRAW - tid("6-2")]
    (code,) = node.kids
    assert not node.edges and (code >> 1) & 31 == tid("6-2")
    node = node.kids[code]
    assert list(node.kids) == [OTHER_DRAW]
    node = node.kids[OTHER_DRAW]
    assert list(node.kids) == [OTHER_DRAW]
    node = node.kids[OTHER_DRAW]
    assert list(node.kids) == [PASS_KEY]
    assert not node.kids[PASS_KEY].kids, "nobody can follow: the hand is blocked"
    assert d.nodes == 6
    # Seen from seat 1, our draws are another seat's, and its own are keyed by their tiles.
    d1 = descent(sim.r, me=1)
    root1 = _Node()
    d1.descend(sim.copy(), root1)
    assert list(root1.kids) == [OTHER_DRAW]
    node = root1.kids[OTHER_DRAW].kids[OTHER_DRAW]
    (code,) = node.kids
    assert list(node.kids[code].kids) == [OWN_DRAW - tid("0-4")]
    assert list(node.kids[code].kids[OWN_DRAW - tid("0-4")].kids) == [OWN_DRAW - tid("6-1")]
    # Without a boneyard to draw from (Block), a seat that cannot follow passes.
    block = Ruleset.preset("block", target=500)
    stuck = sim_of(block, "6-6", ["5-0 4-1", "6-5 4-4"], turn=0)
    d2 = descent(stuck.r, me=0)
    root2 = _Node()
    s = stuck.copy()
    d2.descend(s, root2)
    assert list(root2.kids) == [PASS_KEY]
    assert s.hand_over


def test_the_overdraw_is_the_policys_last_choice_keyed_by_the_tile() -> None:
    rules = Ruleset.preset("five-up-solitaire")
    # One placement (the 6-1 on the 6-6) and the overdraw beside it: a decision of two.
    sim = sim_of(rules, "6-3", ["6-1 0-0", ""], bone="4-4 5-2 2-0")
    d = descent(sim.r, me=0, overdraw=True)
    root = _Node()
    first = sim.copy()
    d.descend(first, root)
    keys = list(root.edges)
    assert len(keys) == 2 and keys[-1] == DRAW and (keys[0] >> 1) & 31 == tid("6-1")
    assert list(root.kids) == [keys[0]]
    root.edges[keys[0]][0] += 1  # tried: the overdraw's turn
    second = sim.copy()
    path = d.descend(second, root)
    assert path[0][0] is root.edges[DRAW]
    assert set(root.kids) == {keys[0], OWN_DRAW - tid("4-4")}
    # Without the overdraw (not the solitaire's rules) the one placement is forced.
    d_no = descent(sim.r, me=0, overdraw=False)
    root_no = _Node()
    assert d_no.descend(sim.copy(), root_no) == []
    assert not root_no.edges and list(root_no.kids) == [keys[0]]


def test_a_lead_inside_the_tree_is_left_to_the_playout() -> None:
    rules = Ruleset.preset("all-fives", target=500)
    r = score_rules(rules)
    sim = HandSim(r, new_layout(rules), [mask("5-0 6-1"), mask("3-3 4-4")],
                  [tid("1-1")], [0, 0], 0)
    d = descent(r)
    root = _Node()
    assert d.descend(sim, root) == []
    assert not root.kids and not root.edges and d.nodes == 0
    assert sim.hand_over


def test_the_first_move() -> None:
    rules = Ruleset.preset("five-up-solitaire")
    sim = sim_of(rules, "6-3", ["6-1 0-0", ""], bone="4-4 6-3 2-0")
    tree = _Node()
    s = sim.copy()
    node, fish = _first_move(s, Move.draw(), tree)
    assert node is tree.kids[OWN_DRAW - tid("4-4")] and list(tree.kids) == [OWN_DRAW - tid("4-4")]
    assert s.hands[0] >> tid("4-4") & 1 and fish is False  # the 4-4 does not fit
    again, _ = _first_move(sim.copy(), Move.draw(), tree)
    assert again is node, "the same tile drawn: the same information set"
    # The 6-2 on the 6 leaves 2 + 3: it scores at once.
    fishing = sim_of(rules, "6-3", ["6-1 0-0", ""], bone="6-2 4-4")
    s = fishing.copy()
    node, fish = _first_move(s, Move.draw(), tree)
    assert fish is True and node is tree.kids[OWN_DRAW - tid("6-2")]
    assert len(tree.kids) == 2
    # A tile that fits but scores nothing is no catch.
    s = sim_of(rules, "6-3", ["6-1 0-0", ""], bone="3-0 4-4").copy()
    node, fish = _first_move(s, Move.draw(), tree)
    assert fish is False and node is tree.kids[OWN_DRAW - tid("3-0")]
    s = sim.copy()
    code = s.layout.placement_codes(mask("6-1"))[0]
    node, fish = _first_move(s, Move.from_code(code), tree)
    assert node is tree and fish is False
    assert not s.hands[0] >> tid("6-1") & 1 and len(tree.kids) == 3
    assert s.layout.count == 2


# ------------------------------------------------------------------ a whole decision, watched
@dataclass
class Watch:
    """Everything a decision does, recorded by wrapping the module's parts."""

    samples: int = 0
    descents: list[tuple[Move, _Node, HandSim, list[tuple[list[float], int]]]] = field(
        default_factory=list)
    first: list[tuple[Move, bool]] = field(default_factory=list)
    searches: list[_Descent] = field(default_factory=list)
    loops: list[SampleLoop] = field(default_factory=list)
    knows: list[inference.Knowledge] = field(default_factory=list)
    # Each pruning: the descents so far, then copies of what it was given.
    prunes: list[tuple[int, list[int], list[float], list[float], list[int], float]] = field(
        default_factory=list)
    solves: list[tuple[float | None, int | None]] = field(default_factory=list)


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    seen = Watch()
    sample = inference.sample_soft
    first_move = ismcts._first_move

    def counted(know: inference.Knowledge, rng: random.Random) -> Any:
        seen.samples += 1
        seen.knows.append(know)
        return sample(know, rng)

    pruned = expert.prune

    def prune(alive: list[int], sums: list[float], sq: list[float], samples: list[int],
              z: float) -> list[int]:
        seen.prunes.append((len(seen.descents), alive[:], sums[:], sq[:], samples[:], z))
        return pruned(alive, sums, sq, samples, z)

    solve = expert.solve_endgame

    def solve_endgame(view: SeatView, moves: tuple[Move, ...], seconds: float | None,
                      iterations: int | None) -> Any:
        seen.solves.append((seconds, iterations))
        return solve(view, moves, seconds, iterations)

    def first(sim: HandSim, move: Move, tree: _Node) -> tuple[_Node, bool]:
        node, fish = first_move(sim, move, tree)
        seen.first.append((move, fish))
        return node, fish

    class Watched(_Descent):
        __slots__ = ()

        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            seen.searches.append(self)

        def descend(self, sim: HandSim, node: _Node) -> list[tuple[list[float], int]]:
            path = super().descend(sim, node)
            seen.descents.append((seen.first[-1][0], node, sim, path))
            return path

    class Loop(SampleLoop):
        __slots__ = ()

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            seen.loops.append(self)

    monkeypatch.setattr(ismcts, "sample_soft", counted)
    monkeypatch.setattr(ismcts, "_first_move", first)
    monkeypatch.setattr(ismcts, "_Descent", Watched)
    monkeypatch.setattr(ismcts, "SampleLoop", Loop)
    monkeypatch.setattr(ismcts, "prune", prune)
    monkeypatch.setattr(ismcts, "solve_endgame", solve_endgame)
    yield seen


def position(preset: str, options: dict[str, Any], start: list[int] | None,
             seed: int, plies: int, groups: int = 3) -> SeatView:
    """The first view after ``plies`` greedy actions of a seeded game (the first seed from
    ``seed`` on that has one) where the seat to act has at least ``groups`` moves to search."""
    rules = Ruleset.preset(preset, **options)
    for s in range(seed, seed + 50):
        game = Game(rules, seed=s, start_scores=start)
        players = [make_player("greedy", seed=p) for p in range(rules.players)]
        done = 0
        while game.phase_name == "play":
            view = game.view(game.turn)
            if done >= plies and len(expert.move_groups(view, tuple(view.legal_moves))) >= groups:
                return view
            game.play(players[game.turn].choose(view))
            done += 1
    raise AssertionError("no such position")


DECISIONS = [
    # 2 players near the target (games won and lost in the samples), a boneyard to draw from.
    ("all-fives", {"target": 60}, [50, 55], 3, 2),
    # 3 individual sides, values as the mean of the two others.
    ("all-fives", {"target": 150, "players": 3}, [40, 130, 120], 5, 3),
    # Partners: seats 0 and 2 against 1 and 3.
    ("all-fives", {"target": 150, "players": 4, "partnerships": True}, [140, 135], 2, 4),
    # Scores kept in fives (Five Up): values and the win in raw points, five a unit.
    ("five-up", {"target": 61}, [55, 57], 3, 2),
    # The solitaire and its overdraw.
    ("five-up-solitaire", {}, None, 4, 6),
]


def _expected(watch: Watch, view: SeatView) -> dict[Move, tuple[float, float, float, int, int]]:
    """Per first move searched: the mean value, gain, others' gain, samples and fished count,
    from the final positions of its descents."""
    rules = view.rules
    assert view.seat is not None
    side = rules.side_of(view.seat)
    start = list(view.scores)
    r = score_rules(rules)
    win_value = rules.target * (5 if r.displayed else 1) / 2
    out: dict[Move, list[float]] = {}
    fished: dict[Move, int] = {}
    for move, fish in watch.first:
        fished[move] = fished.get(move, 0) + int(fish)
    for move, _node, sim, _path in watch.descents:
        acc = out.setdefault(move, [0.0, 0.0, 0.0, 0])
        acc[0] += sim.value(side, start, win_value)
        acc[1] += sim.scores[side] - start[side]
        others = [s for s in range(rules.sides) if s != side]
        acc[2] += sum(sim.scores[s] - start[s] for s in others) / len(others)
        acc[3] += 1
    return {m: (a[0] / a[3], a[1] / a[3], a[2] / a[3], int(a[3]), fished[m])
            for m, a in out.items()}


@pytest.mark.parametrize("case", DECISIONS, ids=lambda c: f"{c[0]}-{len(c[2] or [0, 0])}")
def test_every_descent_is_backed_up_for_its_movers_side(
    watch: Watch, case: tuple[str, dict[str, Any], list[int] | None, int, int]
) -> None:
    preset, options, start, seed, plies = case
    view = position(preset, options, start, seed, plies)
    rules = view.rules
    player = IsmctsPlayer(seed=2, exact=False, widen=0.5, prune_from=10**9)
    ranked = player.explain(view, top=50, budget=Budget(iterations=30))
    assert watch.samples == 30
    (search,) = watch.searches
    start_scores = list(view.scores)
    r = score_rules(rules)
    win_value = rules.target * (5 if r.displayed else 1) / 2
    totals: dict[int, list[float]] = {}
    edges: dict[int, list[float]] = {}
    won = 0
    outcomes = []
    assert view.seat is not None
    side = rules.side_of(view.seat)
    for _move, _node, sim, path in watch.descents:
        assert sim.hand_over
        won += sim.over
        values = [sim.value(s, start_scores, win_value) for s in range(rules.sides)]
        outcomes.append(values[side])
        for edge, mover in path:
            acc = totals.setdefault(id(edge), [0, 0.0])
            acc[0] += 1
            acc[1] += values[mover]
            edges[id(edge)] = edge
    assert totals, "the trees have decisions"
    for key, (n, total) in totals.items():
        assert edges[key][0] == n
        assert edges[key][1] == pytest.approx(total)
    if preset != "five-up-solitaire":
        assert won, "some samples end the game: the win is valued"
    # The exploration's scale: every outcome for our side, counted.
    assert search.stats[0] == len(outcomes)
    assert search.stats[1] == pytest.approx(sum(outcomes))
    assert search.stats[2] == pytest.approx(sum(v * v for v in outcomes))
    # The candidates: each first move's mean value (ties to the heavier tile) and mean gains.
    expected = _expected(watch, view)
    assert len(expected) >= 3
    by_move = {c.move: c for c in ranked}
    for move, (value, mine, theirs, n, fished) in expected.items():
        c = by_move[move]
        assert n == 30
        assert c.value == pytest.approx(round(value, 3) + greedy_key(0, move) / 1000)
        assert c.points == round(mine, 2) and c.against == round(theirs, 2)
        if move.kind == "draw":
            assert c.odds == fished / n
        else:
            assert c.odds is None and fished == 0
    # The nodes counted are the nodes the descents grew.
    starts = {id(node): node for _m, node, _s, _p in watch.descents}
    assert player.nodes == search.nodes == sum(_size(n) - 1 for n in starts.values()) > 0


def _size(node: _Node) -> int:
    return 1 + sum(_size(k) for k in node.kids.values())


def test_the_iteration_budget_is_exact_even_once_pruned_to_one(watch: Watch) -> None:
    view = position("all-fives", {"target": 150}, None, 1, 2, groups=4)
    player = IsmctsPlayer(seed=3, exact=False, prune_z=0.0, prune_from=16)
    player.explain(view, top=50, budget=Budget(iterations=37))
    assert watch.samples == 37
    per_move: dict[Move, int] = {}
    for move, *_ in watch.descents:
        per_move[move] = per_move.get(move, 0) + 1
    # Pruned at the 16th sample to the best move alone (no margin), which goes on to the end.
    assert sorted(per_move.values()) == [16] * (len(per_move) - 1) + [37]


@pytest.mark.parametrize(("prune_from", "stops"),
                         [(8, 8), (9, 16), (16, 16), (17, 24), (24, 24), (25, 32)])
def test_a_time_budget_stops_once_one_move_is_left(
    watch: Watch, prune_from: int, stops: int
) -> None:
    """Pruning is tried every 8 samples from ``prune_from`` on; under a time budget a search
    left with one move stops there (a budget far longer than that)."""
    view = position("all-fives", {"target": 150}, None, 2, 2, groups=4)
    player = IsmctsPlayer(seed=3, exact=False, prune_z=0.0, prune_from=prune_from)
    player.explain(view, top=50, budget=Budget(seconds=5.0))
    assert watch.samples == stops


def test_no_pruning_before_prune_from_nor_with_a_wide_margin(watch: Watch) -> None:
    view = position("all-fives", {"target": 150}, None, 1, 2, groups=4)
    IsmctsPlayer(seed=3, exact=False, prune_z=1e6, prune_from=8).explain(
        view, top=50, budget=Budget(iterations=24))
    groups = len(expert.move_groups(view, tuple(view.legal_moves)))
    assert len(watch.descents) == 24 * groups


def test_pruning_weighs_each_first_moves_outcomes(watch: Watch) -> None:
    """Every 8 samples from ``prune_from`` on, the pruning gets, per first move still searched,
    the sum and the sum of squares of its outcomes for our side and its number of samples,
    with the player's margin; the moves it drops are not searched any more."""
    view = position("all-fives", {"target": 150}, None, 1, 2, groups=4)
    player = IsmctsPlayer(seed=3, exact=False, prune_z=1.5, prune_from=8)
    player.explain(view, top=50, budget=Budget(iterations=40))
    assert [n for n, *_ in watch.prunes] and len(watch.prunes) == 5
    rules = view.rules
    assert view.seat is not None
    side = rules.side_of(view.seat)
    win_value = rules.target * 0.5  # All Fives keeps raw points
    reps = [m for m, _ in watch.first[:len(expert.move_groups(view, tuple(view.legal_moves)))]]
    dropped = False
    for k, (done, alive, sums, sq, samples, z) in enumerate(watch.prunes):
        assert z == 1.5
        values: dict[Move, list[float]] = {m: [] for m in reps}
        for move, _node, sim, _path in watch.descents[:done]:
            values[move].append(sim.value(side, list(view.scores), win_value))
        for i in alive:
            vs = values[reps[i]]
            assert samples[i] == len(vs)
            assert sums[i] == pytest.approx(sum(vs))
            assert sq[i] == pytest.approx(sum(v * v for v in vs))
        # The moves searched up to the next pruning are the ones this one kept.
        kept = expert.prune(alive, sums, sq, samples, z)
        dropped |= len(kept) < len(alive)
        if k + 1 < len(watch.prunes):
            end = watch.prunes[k + 1][0]
            assert {m for m, *_ in watch.descents[done:end]} == {reps[i] for i in kept}
        else:
            assert done == len(watch.descents), "the 40th sample was the last"
    assert dropped, "some move was dropped"


def test_the_samples_weigh_the_soft_evidence(watch: Watch) -> None:
    view = position("all-fives", {"target": 150}, None, 6, 8)
    IsmctsPlayer(seed=3, exact=False).explain(view, budget=Budget(iterations=3))
    assert len(watch.knows) == 3
    know = watch.knows[0]
    assert know.soft, "the position has soft evidence"
    assert know == inference.infer(view, soft=True)


def test_the_endgame_solve_gets_the_decisions_budget(watch: Watch) -> None:
    view = _endgame_view(3)
    IsmctsPlayer(seed=1).explain(view, budget=Budget(iterations=50))
    IsmctsPlayer(seed=1).explain(view)
    IsmctsPlayer(seed=1).explain(view, budget=Budget(seconds=0.5))
    assert watch.solves == [(None, 50), (expert.DEFAULT_SECONDS, None), (0.5, None)]


def test_the_player_passes_its_settings_to_the_search(watch: Watch) -> None:
    view = position("all-fives", {"target": 150}, None, 1, 2)
    player = IsmctsPlayer(seed=3, ucb_c=1.25, widen=2.5, exact=False)
    player.explain(view, budget=Budget(iterations=4))
    (search,) = watch.searches
    assert (search.c, search.widen, search.me, search.overdraw) == (1.25, 2.5, view.seat, False)
    assert search.rng is player.rng and search.r is score_rules(view.rules)
    # The defaults: the exploration and widening constants the docs give, the expert's
    # pruning, its default time and its minimum of samples.
    watch.searches.clear()
    default = IsmctsPlayer(seed=3)
    assert (default.ucb_c, default.widen) == (0.7, 4.0)
    assert (default.prune_z, default.prune_from) == (expert.PRUNE_Z, expert.PRUNE_FROM)
    assert default.exact is True and default.nodes == 0
    default.explain(view)
    (loop,) = watch.loops[-1:]
    assert loop.seconds == expert.DEFAULT_SECONDS and loop.iterations is None
    assert loop.min_iterations == expert.MIN_ITERATIONS
    # The budget counts from the decision's start, not from the first sample.
    assert loop.deadline < loop.began + loop.seconds
    assert watch.searches[0].c == 0.7 and watch.searches[0].widen == 4.0


def test_the_solitaires_overdraw_search_knows_it_may_draw(watch: Watch) -> None:
    view = position("five-up-solitaire", {}, None, 4, 6)
    assert any(m.kind == "draw" for m in view.legal_moves)
    IsmctsPlayer(seed=3, exact=False).explain(view, budget=Budget(iterations=4))
    assert watch.searches[0].overdraw is True


def test_one_move_or_one_group_is_not_searched(
    watch: Watch, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = Ruleset.preset("all-fives", target=150)
    for seed in range(200):
        game = Game(rules, seed=seed)
        game.play(game.legal_moves[0])
        view = game.view(game.turn)
        if len(view.legal_moves) == 1:
            break
    else:
        raise AssertionError("no forced move")
    ranked = IsmctsPlayer(seed=1).explain(view, budget=Budget(iterations=5))
    assert [(c.move, c.value) for c in ranked] == [(view.legal_moves[0], 0.0)]
    # One group: the 6-x on either arm of a fresh 6-6 spinner is the same move for the future.
    for seed in range(400):
        game = Game(rules, seed=seed)
        lead = game.legal_moves[0]
        if lead.tile is None or not lead.tile.is_double:
            continue
        game.play(lead)
        view = game.view(game.turn)
        moves = tuple(view.legal_moves)
        if len(moves) >= 2 and len(expert.move_groups(view, moves)) == 1:
            break
    else:
        raise AssertionError("no one-group position")
    ranked = IsmctsPlayer(seed=1).explain(view, top=10, budget=Budget(iterations=5))
    assert sorted(str(c.move) for c in ranked) == sorted(str(m) for m in moves)
    assert all(c.value == 0.0 for c in ranked)
    assert watch.samples == 0 and not watch.searches


def _endgame_view(tiles: int) -> SeatView:
    rules = Ruleset.preset("all-fives", target=500)
    for seed in range(100):
        game = Game(rules, seed=seed)
        players = [make_player("greedy", seed=s) for s in range(2)]
        while game.phase_name == "play":
            view = game.view(game.turn)
            if (view.boneyard_size == 0 and len(view.hand) == tiles
                    and len(expert.move_groups(view, tuple(view.legal_moves))) >= 2):
                return view
            game.play(players[game.turn].choose(view))
    raise AssertionError("no endgame")


def test_nothing_hidden_is_solved_exactly_within_the_node_budget(watch: Watch) -> None:
    view = _endgame_view(3)
    moves = tuple(view.legal_moves)
    exact = endgame.solve(view, moves)
    assert exact is not None
    ranked = IsmctsPlayer(seed=1).explain(view, top=20, budget=Budget(iterations=50))
    assert watch.samples == 0, "solved, not sampled"
    assert {c.move: c.value for c in ranked} == pytest.approx(
        {m: round(v, 3) + greedy_key(0, m) / 1000 for m, v in exact.items()})
    # Told not to solve, it samples.
    IsmctsPlayer(seed=1, exact=False).explain(view, top=20, budget=Budget(iterations=50))
    assert watch.samples == 50
    # Past the node budget of the iterations (30 nodes each), the solve gives up: sampled.
    big = _endgame_view(6)
    watch.samples = 0
    IsmctsPlayer(seed=1).explain(big, top=20, budget=Budget(iterations=1))
    assert watch.samples == 1


def test_hidden_tiles_do_not_change_the_search() -> None:
    """The tree sees only the seat's view: the same seed gives the same ranking whatever the
    hidden tiles are."""
    rules = Ruleset.preset("all-fives", players=3, target=150)
    rng = random.Random(5)
    game = Game(rules, seed=8)
    greedy = make_player("greedy", seed=0)
    for _ in range(4):
        game.play(greedy.choose(game.view(game.turn)))
    seat = game.turn
    budget = Budget(iterations=20)
    first = IsmctsPlayer(seed=4).explain(game.view(seat), top=30, budget=budget)
    for _ in range(3):
        other = _reshuffled(game, seat, rng)
        assert other.hand_masks != game.hand_masks
        assert IsmctsPlayer(seed=4).explain(other.view(seat), top=30, budget=budget) == first
