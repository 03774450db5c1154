"""Geometry checks of the board layout's rectangles, written apart from the layout code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

EPS = 1e-6


def overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two rectangles share a positive area."""
    return bool(min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > EPS
                and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > EPS)


def touch(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two rectangles share a stretch of edge (not only a corner) without overlapping."""
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return bool((abs(dx) <= EPS and dy > EPS) or (abs(dy) <= EPS and dx > EPS))


def problems(layout: Mapping[str, Any], result: dict[str, Any], min_tile: float) -> list[str]:
    """Every way ``result`` (the layout function's answer) breaks the board's promises."""
    out = []
    tiles = result["tiles"]
    if [t["n"] for t in tiles] != [n["n"] for n in layout["nodes"]]:
        out.append("not one rectangle per tile")
    by_n = {t["n"]: t for t in tiles}
    for i, a in enumerate(tiles):
        if sorted((a["w"], a["h"])) != [1, 2]:
            out.append(f"tile {a['n']} is {a['w']}x{a['h']}")
        for b in tiles[i + 1:]:
            if overlap(a, b):
                out.append(f"tiles {a['n']} and {b['n']} overlap")
        if a["parent"] and not touch(a, by_n[a["parent"]]):
            out.append(f"tile {a['n']} does not touch its parent {a['parent']}")
    node = {n["n"]: n for n in layout["nodes"]}
    for a in tiles:
        if sorted((a["a"], a["b"])) != sorted((node[a["n"]]["touching"], node[a["n"]]["outer"])):
            out.append(f"tile {a['n']} shows the wrong pips")
    if result["unit"] * 1 < min_tile - EPS:
        out.append(f"short side {result['unit']:.1f} px under {min_tile}")
    return out
