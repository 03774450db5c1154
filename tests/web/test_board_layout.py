"""The board layout (static/board.js) over seeded hand-end layouts of every preset and player
count, run in headless Chromium: no two tiles overlap, every tile touches the one it was played
on, and tiles keep a readable size on a phone (390 px) and a desktop (1366 px) screen.

FIVES_LAYOUTS_PER_CONFIG sets how many layouts per (preset, players) (default 100: 1,900
layouts, each at both sizes); bench/board_layout.py runs the same check over more and prints
the numbers."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from fives.claims import with_exact_claim
from fives.game import Game
from fives.rules import Ruleset

from .board_check import overlap, problems, touch
from .chromium import add_board, chromium
from .layouts import configs, hand_end_layouts

# The board's room on each screen (what app.js measures there) and the smallest tile it allows.
VIEWPORTS = {
    "phone-390": {"width": 370, "height": 460, "minTile": 20, "maxTile": 40},
    "desktop-1366": {"width": 1180, "height": 540, "minTile": 24, "maxTile": 56},
}
# The fast suite leaves these out (README); under pytest-xdist (--dist loadgroup) one worker runs
# the whole module, so that its one Chromium serves every test.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("test_board_layout")]
PER_CONFIG = int(os.environ.get("FIVES_LAYOUTS_PER_CONFIG", "100"))


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with chromium() as browser:
        pg = browser.new_page()
        add_board(pg)
        yield pg


def run_layouts(page: Page, layouts: list[Any], viewport: dict[str, Any]) -> list[Any]:
    result: list[Any] = page.evaluate(
        "([layouts, vp]) => layouts.map((L) => FivesBoard.layoutBoard(L, vp))",
        [layouts, viewport],
    )
    return result


@pytest.mark.parametrize(("preset", "players"), configs())
def test_hand_end_layouts_never_overlap_and_stay_readable(
    page: Page, preset: str, players: int
) -> None:
    layouts = hand_end_layouts(preset, players, PER_CONFIG, seed=1)
    assert len(layouts) == PER_CONFIG
    for name, viewport in VIEWPORTS.items():
        results = run_layouts(page, layouts, viewport)
        found = []
        for i, (layout, result) in enumerate(zip(layouts, results, strict=True)):
            found += [f"{name} layout {i}: {p}" for p in
                      problems(layout, result, viewport["minTile"])]
        assert found == [], found[:10]


@pytest.mark.parametrize(("preset", "players", "options"), [
    ("all-fives", 2, {"sniff": "british"}), ("five-up", 3, {"sniff": "british"}),
    ("multiples-of-five", 2, {"sniff": "us", "sniff_orientation_choice": True}),
])
def test_a_british_sniff_lies_along_the_line_and_its_side_tiles_stand_on_its_sides(
    page: Page, preset: str, players: int, options: dict[str, Any]
) -> None:
    """RULES.md §9 O4: a British sniff is drawn endwise, in line with the tiles on its ends;
    each side tile stands across it, centred on its middle, on opposite sides; a US sniff and
    every other double lie across the line."""
    layouts = hand_end_layouts(preset, players, max(20, PER_CONFIG // 5), seed=3, **options)
    sides_seen = 0
    for name, viewport in VIEWPORTS.items():
        for i, (layout, result) in enumerate(zip(layouts, run_layouts(page, layouts, viewport),
                                                 strict=True)):
            assert problems(layout, result, viewport["minTile"]) == [], (name, i)
            tiles = {t["n"]: t for t in result["tiles"]}
            british = layout.get("sniff") == "british"
            for node in layout["nodes"]:
                t = tiles[node["n"]]
                assert t["endwise"] == (british and node["spinner"]), (name, i, node)
                if not t["endwise"]:
                    continue
                long_x = t["w"] > t["h"]
                mid = (t["x"] + t["w"] / 2, t["y"] + t["h"] / 2)
                sides = [tiles[c["n"]] for c in layout["nodes"] if c["parent"] == node["n"]
                         and c["port"] in ("N", "S", "L", "R")]
                for s in sides:
                    centre = (s["x"] + s["w"] / 2, s["y"] + s["h"] / 2)
                    assert (s["h"] > s["w"]) == long_x, (name, i, s)  # across the sniff
                    k = 0 if long_x else 1
                    assert abs(centre[k] - mid[k]) < 1e-6, (name, i, s)  # on its middle
                if len(sides) == 2:
                    k = 1 if long_x else 0
                    a, b = (s["y"] + s["h"] / 2 if k else s["x"] + s["w"] / 2 for s in sides)
                    assert (a - mid[k]) * (b - mid[k]) < 0, (name, i)  # one each way
                    sides_seen += 1
    assert sides_seen or not any(L.get("sniff") == "british" for L in layouts)


def test_targets_sit_where_the_tile_would_go(page: Page) -> None:
    """Mid-hand positions with the legal moves as green targets: each target touches the tile
    it would be played on and overlaps no tile on the table and no other target."""
    pg = page
    checked = 0
    for preset, players in configs():
        rng = random.Random(f"targets/{preset}/{players}")
        game = Game(Ruleset.preset(preset, players=players), rng=random.Random(rng.random()))
        for _ in range(60):
            if game.phase_name != "play":
                break
            moves = [m.notation(explicit=True) for m in game.legal_moves]
            extras: list[dict[str, Any]] = []
            for text in moves:
                if "@" not in text:
                    continue
                pair, place = text.split("@")
                a, b = (int(x) for x in pair.split("-"))
                node, port = place.split(".")
                extras.append({"key": text, "parent": int(node), "port": port,
                               "double": a == b, "touching": a, "outer": b})
            layout = game.layout.to_json()
            def halves_of(x: dict[str, Any]) -> tuple[int, int]:
                return min(x["touching"], x["outer"]), max(x["touching"], x["outer"])

            tiles_in_hand = {halves_of(x) for x in extras}
            for halves in sorted(tiles_in_hand):  # the targets of one selected tile at a time
                mine = [x for x in extras if halves_of(x) == halves]
                result = pg.evaluate("([L, vp]) => FivesBoard.layoutBoard(L, vp)",
                                     [layout, {**VIEWPORTS["phone-390"], "extras": mine}])
                tiles = {t["n"]: t for t in result["tiles"]}
                ghosts = result["ghosts"]
                assert len(ghosts) == len(mine)
                for i, ghost in enumerate(ghosts):
                    assert touch(ghost, tiles[ghost["parent"]]), (preset, ghost)
                    assert not any(overlap(ghost, t) for t in tiles.values()), (preset, ghost)
                    assert not any(overlap(ghost, g) for g in ghosts[i + 1:]), (preset, ghost)
                    checked += 1
            game.play(with_exact_claim(game, rng.choice(list(game.legal_moves))))  # §9 O1
    assert checked > 500


def test_the_check_catches_an_overlap_and_a_loose_join() -> None:
    layout = {"nodes": [
        {"n": 1, "parent": 0, "port": "", "touching": 6, "outer": 4, "double": False},
        {"n": 2, "parent": 1, "port": "E", "touching": 4, "outer": 2, "double": False},
    ]}

    def tile(n: int, x: float, parent: int, a: int, b: int) -> dict[str, Any]:
        return {"n": n, "x": x, "y": 0, "w": 2, "h": 1, "parent": parent, "a": a, "b": b}

    good = {"tiles": [tile(1, 0, 0, 6, 4), tile(2, 2, 1, 4, 2)], "unit": 30}
    assert problems(layout, good, 20) == []
    assert "tiles 1 and 2 overlap" in problems(
        layout, {**good, "tiles": [tile(1, 0, 0, 6, 4), tile(2, 1, 1, 4, 2)]}, 20)
    assert "tile 2 does not touch its parent 1" in problems(
        layout, {**good, "tiles": [tile(1, 0, 0, 6, 4), tile(2, 3, 1, 4, 2)]}, 20)
    assert problems(layout, {**good, "unit": 12}, 20) == ["short side 12.0 px under 20"]


def test_the_check_catches_a_double_along_its_line() -> None:
    """[6|6] led across, [6|3] on its east side, then [3|3]: across, along, or turning the
    line's corner itself (the line meets its long side coming in, its short side going out)."""
    layout = {"nodes": [
        {"n": 1, "parent": 0, "port": "", "touching": 6, "outer": 6, "double": True},
        {"n": 2, "parent": 1, "port": "E", "touching": 6, "outer": 3, "double": False},
        {"n": 3, "parent": 2, "port": "out", "touching": 3, "outer": 3, "double": True},
        {"n": 4, "parent": 3, "port": "out", "touching": 3, "outer": 1, "double": False},
    ]}

    def tile(n: int, x: float, y: float, w: int, h: int, parent: int, a: int, b: int,
             port: str) -> dict[str, Any]:
        return {"n": n, "x": x, "y": y, "w": w, "h": h, "parent": parent, "a": a, "b": b,
                "port": port, "double": a == b, "endwise": False}

    lead, second = tile(1, -0.5, -1, 1, 2, 0, 6, 6, ""), tile(2, 0.5, -0.5, 2, 1, 1, 6, 3, "E")
    across = [lead, second, tile(3, 2.5, -1, 1, 2, 2, 3, 3, "out"),
              tile(4, 3.5, -0.5, 2, 1, 3, 3, 1, "out")]
    along = [lead, second, tile(3, 2.5, -0.5, 2, 1, 2, 3, 3, "out"),
             tile(4, 4.5, -0.5, 2, 1, 3, 3, 1, "out")]
    corner = [lead, second, tile(3, 2.5, -1, 1, 2, 2, 3, 3, "out"),
              tile(4, 2.5, 1, 1, 2, 3, 3, 1, "out")]
    assert problems(layout, {"tiles": across, "unit": 30}, 20) == []
    assert problems(layout, {"tiles": along, "unit": 30}, 20) == ["double 3 lies along its line"]
    assert problems(layout, {"tiles": corner, "unit": 30}, 20) == ["double 3 lies along its line"]
    lead_along = [tile(1, -1, -0.5, 2, 1, 0, 6, 6, ""), tile(2, 1, -0.5, 2, 1, 1, 6, 3, "E")]
    assert problems({"nodes": layout["nodes"][:2]},
                    {"tiles": lead_along, "unit": 30}, 20) == ["double 1 lies along its line"]
