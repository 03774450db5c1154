"""Every text the page shows exists in English and French, and `fives serve` refuses bad
options with one clear line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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
    err = refused(argv, capsys)
    assert named in err[-1] and "Traceback" not in "\n".join(err)


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The lines on standard error of a command that must exit with status 2."""
    try:
        status = main(argv)
    except SystemExit as exit_:  # argparse's own errors
        status = int(exit_.code or 0)
    assert status == 2
    return capsys.readouterr().err.strip().splitlines()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["serve", "--port", "99999"], "port invalide '99999' : de 0 à 65535 attendu"),
        (["serve", "--port", "http"], "port invalide 'http' : un nombre entier de 0 à 65535"),
        (["serve", "--bot-delay", "-1"], "--bot-delay invalide -1.0 : de 0 à 60 secondes"),
        (["serve", "--table-rate", "0"], "--table-rate invalide 0.0 : un nombre au-dessus de 0"),
        (["serve", "--db", "/proc/no/such/dir/fives.sqlite3"],
         "impossible d'ouvrir la base '/proc/no/such/dir/fives.sqlite3' : "),
        (["serve", "--port", "0", "--workers", "2"],
         "il manque --database (ou $FIVES_DATABASE_URL ;"),
    ],
)
def test_serve_refuses_bad_options_in_french(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import argparse

    monkeypatch.setattr(argparse, "_", argparse._)  # type: ignore[attr-defined]
    monkeypatch.setenv("LANGUAGE", "fr")
    err = refused(argv, capsys)
    assert err[-1].startswith("fives : erreur : ") and said in err[-1], err
    assert "expected" not in err[-1]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "--loop uvloop: uvloop is not installed"),
    ("fr", "--loop uvloop : uvloop n'est pas installé"),
])
def test_serve_says_when_uvloop_is_missing(
    lang: str, said: str, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def without_uvloop(name: str, *args: Any) -> Any:
        return None if name == "uvloop" else real_find_spec(name, *args)

    monkeypatch.setattr(importlib.util, "find_spec", without_uvloop)
    monkeypatch.setenv("LANGUAGE", lang)
    db = tmp_path / "fives.sqlite3"
    err = refused(["serve", "--loop", "uvloop", "--port", "0", "--db", str(db)], capsys)
    assert said in err[-1] and "Traceback" not in "\n".join(err), err
    assert not db.exists()  # refused before anything was opened
