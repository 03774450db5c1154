"""``fives analyse RECORD``: the table, the JSON shape, the seats chosen, the progress bar and
the one-line errors (exit status 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fives.bots import Player, make_player
from fives.cli import analyse
from fives.cli.main import main
from fives.rules import Ruleset

from .helpers import play_game


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def _record(tmp_path: Path, meta: dict[str, Any] | None = None) -> Path:
    players: list[Player] = [make_player("random", seed=1), make_player("greedy", seed=2)]
    game = play_game(Ruleset.preset("five-up", target=21), players, 3, None)
    record: dict[str, Any] = dict(game.to_record())
    if meta is not None:
        record["meta"] = meta
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_json_has_the_documented_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    path = _record(tmp_path, {"seats": [{"player": "human"},
                                        {"player": "bot", "level": "greedy"}]})
    assert main(["analyse", str(path), "--budget", "8", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"record", "seats", "decisions", "win"}
    assert data["record"] == str(path)
    assert [s["seat"] for s in data["seats"]] == [0]  # the seat the meta does not name a bot
    assert set(data["seats"][0]) == {"seat", "decisions", "mean_loss", "accuracy", "classes"}
    assert set(data["seats"][0]["classes"]) == {"best", "good", "inaccuracy", "mistake",
                                                "blunder"}
    assert data["decisions"] and all(d["seat"] == 0 for d in data["decisions"])
    assert set(data["decisions"][0]) == {"hand", "index", "seat", "played", "best", "values",
                                         "loss", "class", "win_before", "win_after"}
    for row in data["win"]:
        assert len(row) == 3 and 0 <= row[2] <= 1


def test_seats_budget_and_the_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    assert main(["analyse", str(path), "--budget", "6", "--seat", "1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["seat"] for s in data["seats"]] == [1]
    assert main(["analyse", str(path), "--budget", "6", "--seat", "1", "--jobs", "2",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == data  # processes do not change the review
    assert main(["analyse", str(path), "--budget", "6"]) == 0  # no meta: every seat
    out = capsys.readouterr().out
    assert "Review of" in out and "Summary per seat" in out and "Accuracy" in out
    assert main(["analyse", str(path), "--budget", "6", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Bilan par place" in out and "Précision" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--seat", "2"], "invalid seat 2: expected a seat number from 0 to 1"),
    (["--seat", "x"], "invalid seat 'x'"),
    (["--budget", "0"], "invalid --budget '0'"),
    (["--jobs", "many"], "invalid --jobs 'many'"),
])
def test_bad_arguments_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    argv: list[str], message: str) -> None:
    path = _record(tmp_path)
    assert main(["analyse", str(path), *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err and len(captured.err.strip().splitlines()) == 1


@pytest.mark.parametrize("content", ['{"format": "fives-record/1"}', "not json", "[1, 2]",
                                     '{"hello": 1}'])
def test_a_file_that_is_not_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     content: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert "is not a game record" in err and len(err.strip().splitlines()) == 1
    assert main(["analyse", str(path), "--lang", "fr"]) == 2
    assert "n'est pas un enregistrement" in capsys.readouterr().err


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(tmp_path / "none.json")]) == 2
    err = capsys.readouterr().err
    assert "cannot read" in err and len(err.strip().splitlines()) == 1


def test_the_progress_bar(capsys: pytest.CaptureFixture[str]) -> None:
    bar = analyse.Progress("en")
    bar(0, 4)
    bar(2, 4)
    bar(4, 4)
    bar.end()
    err = capsys.readouterr().err
    assert "\rReviewing [" + "#" * 12 + "." * 12 + "] 2/4" in err
    assert err.endswith("] 4/4\n")


def test_the_progress_bar_shows_on_a_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _record(tmp_path)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    assert main(["analyse", str(path), "--budget", "4", "--seat", "0"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("\rReviewing [") and err.endswith("\n")


def test_screen_opens_the_review_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from fives.tui import review as tui_review

    shown: list[tuple[int, str]] = []

    def run(app: tui_review.ReviewApp) -> None:
        shown.append((len(app.review.decisions), app.lang))

    monkeypatch.setattr(tui_review.ReviewApp, "run", run)
    path = _record(tmp_path)
    assert main(["analyse", str(path), "--budget", "4", "--seat", "0", "--screen",
                 "--lang", "fr"]) == 0
    assert shown and shown[0][0] > 0 and shown[0][1] == "fr"


def test_every_class_is_counted_in_a_narrow_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The summary keeps each class's count at 80 columns, in French too (a table of every
    class did not fit there and dropped the blunders)."""
    monkeypatch.setenv("COLUMNS", "80")
    path = _record(tmp_path)
    assert main(["analyse", str(path), "--budget", "4", "--seat", "0", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    summary = out[out.index("Bilan par place"):]
    for name in ("meilleur", "bon", "imprécision", "erreur", "gaffe"):
        assert f"{name} " in summary
    assert max(len(line) for line in out.splitlines()[1:]) <= 80  # the title names the file
