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


def shared_edge(a: dict[str, Any], b: dict[str, Any]) -> str:
    """Which way the edge two touching rectangles share runs: "v" (they sit side by side),
    "h" (one above the other), or "" when they do not touch."""
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    if abs(dx) <= EPS and dy > EPS:
        return "v"
    if abs(dy) <= EPS and dx > EPS:
        return "h"
    return ""


def on_long_side(double: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether ``other`` touches ``double`` on one of its long sides (the line crosses it)."""
    edge = shared_edge(double, other)
    tall = double["h"] > double["w"]
    return (edge == "v" and tall) or (edge == "h" and not tall)


def in_line_doubles(result: dict[str, Any]) -> list[int]:
    """The doubles drawn along their line: every double (every spinner) but a British sniff
    (``endwise``) must lie across it, the tile it was played on and the tiles that carry the
    line on (ports W and E of the lead, "out" of any other) against its long sides."""
    tiles = result["tiles"]
    by_n = {t["n"]: t for t in tiles}
    bad = []
    for t in tiles:
        if not t.get("double") or t.get("endwise"):
            continue
        line = [by_n[t["parent"]]] if t["parent"] else []
        line += [c for c in tiles if c["parent"] == t["n"]
                 and c["port"] in (("W", "E") if not t["parent"] else ("out",))]
        if not all(on_long_side(t, other) for other in line):
            bad.append(t["n"])
    return bad


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
    for n in in_line_doubles(result):
        out.append(f"double {n} lies along its line")
    if result["unit"] * 1 < min_tile - EPS:
        out.append(f"short side {result['unit']:.1f} px under {min_tile}")
    return out
