"""Property tests: random layouts of up to all 28 tiles, engine Layout against the reference."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fives.layout import Layout
from fives.tiles import ALL_TILES

from .helpers import layout_ends, mv
from .refmodel import RefLayout, tile_text

POLICIES = ["none", "first_double", "every_double"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(POLICIES), st.booleans(),
       st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=28))
def test_random_layouts_agree_with_the_reference(policy: str, immediate: bool,
                                                 choices: list[int]) -> None:
    engine = Layout(spinners=policy, branches_immediate=immediate)  # type: ignore[arg-type]
    ref = RefLayout(policy, immediate)
    unused = {(t.high, t.low) for t in ALL_TILES}
    history = []
    for k, choice in enumerate(choices):
        if k == 0:
            first = sorted(unused)[choice % len(unused)]
            west = first[choice % 2]
            move = f"{west}-{first[0] + first[1] - west}"
        else:
            options = sorted(p for t in unused for p in ref.placements(t))
            if not options:
                break
            move = options[choice % len(options)]
        history.append((engine.total, engine.to_json()))
        engine.apply(mv(move))
        ref.apply_notation(move)
        a, b = move.split("@")[0].split("-")
        unused.discard((max(int(a), int(b)), min(int(a), int(b))))
        assert engine.total == ref.total(), move
        assert {(e.node, e.port, e.value) for e in layout_ends(engine)} == set(ref.playable())
        for t in sorted(unused):
            got = {m.notation(explicit=True) for m in engine.placements(ALL_TILES[_id(t)])}
            assert got == ref.placements(t), (tile_text(t), move)
        data = engine.to_json()
        assert data["total"] == ref.total() and len(data["nodes"]) == len(ref.nodes)
        assert {(e["node"], e["port"], e["value"]) for e in data["ends"]} == set(ref.playable())
        for node, rnode in zip(data["nodes"], ref.nodes, strict=True):
            assert node["double"] == rnode.double and node["spinner"] == rnode.spinner
    for total, data in reversed(history):
        engine.undo()
        assert (engine.total, engine.to_json()) == (total, data)


def _id(t: tuple[int, int]) -> int:
    return t[0] * (t[0] + 1) // 2 + t[1]
