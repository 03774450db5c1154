"""The engine's own commands: `fives random-game`, `fives replay` on its output, `fives rules`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fives.cli.main import main
from fives.record import load_record
from fives.rules import PRESETS

from .helpers import event_json


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("preset", PRESETS)
def test_random_game_replays_identically(preset: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    status, _, err = run(capsys, "random-game", preset, "--seed", "4", "--out", str(path))
    assert status == 0, err
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "fives-record/1" and record["rules"] == preset
    assert record["meta"]["seed"] == 4 and len(record["meta"]["seats"]) == len(
        record["hands"][0]["hands"])  # who played (RULES.md §12.3 meta)
    status, again, _ = run(capsys, "random-game", preset, "--seed", "4")
    assert status == 0 and json.loads(again) == record, "same seed, same game"
    status, out, err = run(capsys, "replay", str(path), "--format", "jsonl")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines == [json.dumps(json.loads(line), separators=(", ", ": ")) for line in lines]
    assert [json.loads(line) for line in lines] == [
        json.loads(e) for e in event_json(load_record(record).replay())]
    assert json.loads(lines[-1])["type"] == "game_end", "a whole game, to its end"


@pytest.mark.parametrize(("argv", "named"), [
    (["random-game", "snap"], "snap"),
    (["random-game", "all-fives", "-o", "colour=red"], "colour"),
    (["random-game", "all-fives", "-o", "target"], "target"),
    (["random-game", "all-fives", "--players", "9"], "9"),
    (["rules", "all-fives", "--players", "9"], "9"),
    (["rules", "no-such-game"], "no-such-game"),
])
def test_bad_arguments_give_one_line_and_status_2(argv: list[str], named: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert named in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("preset", PRESETS)
def test_rules_in_english_and_french(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, en, _ = run(capsys, "rules", preset, "--lang", "en")
    assert status == 0 and preset in en
    status, fr, _ = run(capsys, "rules", preset, "--lang", "fr")
    assert status == 0 and preset in fr and fr != en
    if preset in ("five-up", "all-fives", "five-up-solitaire"):
        assert "spinner" in en.lower() and "double pivot" in fr


def test_rules_list(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "rules", "--lang", "en")
    assert status == 0 and all(p in out for p in PRESETS)


@pytest.mark.parametrize("form", ["us", "british"])
def test_rules_explain_the_sniff_and_its_choice(form: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md §9 O4 in `fives rules`: the form of the option, then the placer's choice."""
    status, plain, _ = run(capsys, "rules", "all-fives", "--lang", "en")
    assert status == 0 and "Sniff" not in plain
    for lang, head in (("en", {"us": "Sniff (US form)", "british": "Sniff (British form)"}),
                       ("fr", {"us": "forme américaine", "british": "forme britannique"})):
        status, out, _ = run(capsys, "rules", "all-fives", "-o", f"sniff={form}", "--lang",
                             lang)
        flat = " ".join(out.split())
        assert status == 0 and head[form] in flat and "4-4@2:british" not in flat
        status, out, _ = run(capsys, "rules", "all-fives", "-o", f"sniff={form}", "-o",
                             "sniff_orientation_choice=true", "--lang", lang)
        flat = " ".join(out.split())
        assert status == 0 and "4-4:us" in flat and "4-4@2:british" in flat
        assert (f"the {form} form" if lang == "en" else f"la forme {form}") in flat, (
            "the form a sniff without suffix takes")
