"""The score lines break between phrases, never inside one ('boneyard:' / '0 tiles')."""

from __future__ import annotations

import pytest

from fives.tui.frame import score_lines

NAMES = ["You & South (expert)", "West (expert) & East (expert)"]
TILES = {"West (expert)": 4, "South (expert)": 5, "East (expert)": 6}


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("width", [34, 40, 50, 60, 70])
def test_a_narrow_score_line_breaks_between_phrases(lang: str, width: int) -> None:
    lines = [line.plain for line in score_lines(NAMES, [120, 95], 1, TILES, 9, lang, width)]
    whole = score_lines(NAMES, [120, 95], 1, TILES, 9, lang, 500)
    assert len(whole) == 1
    # Every phrase of the one-line version appears whole on some line of the narrow version.
    phrases = [p for part in whole[0].plain.split("   ") for p in part.split(" · ")]
    phrases = [p.strip() for chunk in phrases for p in chunk.split("  ·  ") if p.strip()]
    assert len(phrases) == 6
    for phrase in phrases:
        assert any(phrase in line for line in lines), (phrase, lines)
    assert all(len(line) <= width for line in lines), lines
