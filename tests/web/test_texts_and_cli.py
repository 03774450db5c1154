"""Every text the page shows exists in English and French, and `fives serve` refuses bad
options with one clear line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fives.cli.main import main
from fives.i18n import catalog, has

STATIC = Path(__file__).resolve().parents[2] / "src" / "fives" / "web" / "static"


def test_every_key_the_page_uses_is_translated() -> None:
    script = "\n".join(p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js")))
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r"""\bt(?:You)?\(\s*["']([\w.-]+)["']""", script))
    used |= set(re.findall(r'data-i18n="([\w.-]+)"', html))
    # Keys built at run time ("web.level." + level): check every level instead.
    used = {k for k in used if not k.endswith((".", "_"))}
    used |= {f"web.level.{lv}" for lv in ("random", "greedy", "heuristic", "search", "expert")}
    # the sniff's forms (RULES.md §9 O4): "web.sniff_" + form, "web.sniff_as_" + form
    used |= {f"web.sniff_{f}" for f in ("none", "us", "british")}
    used |= {f"web.sniff_as_{f}" for f in ("us", "british")}
    # each event's message, "web.ev." + the projection's key (words.js describe)
    used |= {f"web.ev.{k}" for k in ("lead", "lead_scored", "place", "place_scored", "draw",
                                     "draw_charged", "pass", "hand_out", "hand_blocked",
                                     "hand_target", "game_end", "hand_start")}
    assert len(used) > 40
    missing = sorted(k for k in used if not has(k))
    assert missing == []
    for key in used:
        assert catalog("en")[key] and catalog("fr")[key], key


def test_the_page_says_spinner_in_french() -> None:
    assert "double pivot" in catalog("fr")["web.spinner"]


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["serve", "--port", "99999"], "99999"),
        (["serve", "--port", "http"], "http"),
        (["serve", "--bot-delay", "-1"], "-1"),
        (["serve", "--table-rate", "0"], "0"),
        (["serve", "--db", "/proc/no/such/dir/fives.sqlite3"], "/proc/no/such/dir"),
    ],
)
def test_serve_refuses_bad_options(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    err = capsys.readouterr().err.strip().splitlines()
    assert status == 2
    assert named in err[-1] and "Traceback" not in "\n".join(err)
