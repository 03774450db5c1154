"""Unix manners of every ``fives`` command: quiet on a closed pipe, ``--version``, one error
prefix, documented exit statuses, ``-o`` beside ``--option``, contradictions refused, tables that
fit 80 columns without cutting a number, and ``match``/``tournament`` without the ``tui`` extra."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fives.cli.main import main
from fives.text_table import Column, format_table
from sampling import sampled
from tui.terminal import sigint_by_default

FIVES = [sys.executable, "-m", "fives"]


def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    out = subprocess.run([*FIVES, "random-game", "five-up", "--seed", "4"], capture_output=True,
                         text=True, check=True)
    path.write_text(out.stdout, encoding="utf-8")
    return path


def commands(tmp_path: Path) -> list[list[str]]:
    record = str(record_file(tmp_path))
    return [
        ["--help"],
        ["--version"],
        ["rules"],
        ["rules", "five-up"],
        ["replay", record],
        ["replay", record, "--format", "jsonl"],
        ["random-game", "all-fives", "--seed", "2"],
        ["match", "random", "greedy", "--games", "2", "--preset", "five-up", "--quiet"],
        ["tournament", "random", "greedy", "random", "--games", "2", "--quiet"],
        ["play", "--seats", "greedy,random", "--seed", "5", "--preset", "five-up", "--delay",
         "0", "--lang", "en"],
        ["serve", "--help"],
    ]


COMMANDS = 11  # how many commands() lists (the closed-pipe test checks it)


def env() -> dict[str, str]:
    return dict(os.environ, FIVES_SAVE_DIR="/nonexistent-dir-of-saves", COLUMNS="80")


# One process per command: CI runs them all, the fast suite one in four.
@pytest.mark.parametrize("index", sampled(range(COMMANDS), 4))
def test_every_command_is_quiet_on_a_closed_pipe(tmp_path: Path, index: int) -> None:
    """The reader is gone before the first line: no traceback, no message, status 141."""
    every = commands(tmp_path)
    assert len(every) == COMMANDS
    argv = every[index]
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.run([*FIVES, *argv], stdout=write_end, stderr=subprocess.PIPE,
                          text=True, env=env(), timeout=120)
    os.close(write_end)
    assert proc.stderr == "", (argv, proc.stderr)
    # argparse itself says nothing when --help or --version meets a closed pipe
    expected = 0 if argv[-1] in ("--help", "--version") else 141
    assert proc.returncode == expected, (argv, proc.returncode)


@pytest.mark.slow  # every command twice; the closed-pipe test above is the fast sample
def test_every_command_piped_into_head(tmp_path: Path) -> None:
    for argv in commands(tmp_path):
        shell = " ".join(map(repr, [*FIVES, *argv])) + " | head -1"
        proc = subprocess.run(["bash", "-c", "set -o pipefail; " + shell], capture_output=True,
                              text=True, env=env(), timeout=120)
        assert proc.stderr == "", (argv, proc.stderr)
        assert proc.returncode in (0, 141), (argv, proc.returncode)
        assert len(proc.stdout.splitlines()) == 1, argv


def test_version_and_exit_statuses_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert re.fullmatch(r"fives \d+\.\d+\.\d+\n", capsys.readouterr().out)
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = capsys.readouterr().out
    for status in ("0", "2", "130", "141"):
        assert re.search(rf"^\s+{status}\s+\w", help_text, re.MULTILINE), status


# Each case is a process: the fast suite runs one in four, CI all of them.
@pytest.mark.parametrize("argv", sampled([
    ["replay", "/no/such/record.json"],
    ["rules", "no-such-preset"],
    ["rules", "five-up", "--lang", "xx"],
    ["match", "random", "greedy", "--lang", "xx"],
    ["tournament", "random", "greedy", "--games", "0"],
    ["match", "random", "nobody"],
    ["random-game", "five-up", "--max-hands", "0"],
    ["play", "--preset", "five-up", "--seats", "greedy,greedy", "--option", "players=9"],
    ["play", "--seats", "greedy,greedy", "-o", "players=3"],
    ["play", "--players", "3", "-o", "players=2", "--seats", "greedy,greedy,greedy"],
    ["match", "random", "greedy", "--players", "2", "-o", "players=3"],
    ["rules", "five-up", "--players", "2", "-o", "players=4"],
    ["play", "--lang", "xx"],
    ["serve", "--port", "x"],
], 4))
def test_bad_input_has_one_prefix_and_status_2(argv: list[str]) -> None:
    proc = subprocess.run([*FIVES, *argv], capture_output=True, text=True, env=env(),
                          timeout=60, stdin=subprocess.DEVNULL)
    assert proc.returncode == 2, proc.stderr
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("fives: error: "), proc.stderr
    assert "Traceback" not in proc.stderr


def test_short_option_everywhere(tmp_path: Path) -> None:
    """``-o`` means ``--option`` for every command that has ``--option``."""
    out = subprocess.run([*FIVES, "rules", "five-up", "-o", "target=100"], capture_output=True,
                         text=True, env=env(), check=True).stdout
    assert re.search(r"target\s+100", out)
    rec = subprocess.run([*FIVES, "random-game", "five-up", "-o", "target=30"],
                         capture_output=True, text=True, env=env(), check=True).stdout
    assert json.loads(rec)["options"]["target"] == 30
    out_dir = tmp_path / "results"
    subprocess.run([*FIVES, "match", "random", "greedy", "--games", "1", "-o", "target=20",
                    "--preset", "five-up", "--quiet", "--out", str(out_dir)],
                   capture_output=True, text=True, env=env(), check=True)
    assert json.loads((out_dir / "results.json").read_text())["options"]["target"] == 20
    play = subprocess.run([*FIVES, "play", "--seats", "greedy,greedy", "-o", "target=20",
                           "--seed", "1", "--delay", "0", "--save", str(tmp_path / "p.json")],
                          capture_output=True, text=True, env=env(), timeout=120)
    assert play.returncode == 0, play.stderr
    assert json.loads((tmp_path / "p.json").read_text())["options"]["target"] == 20


def test_match_without_rich_writes_out_and_fits_80_columns(tmp_path: Path) -> None:
    """With rich made unimportable, the match still prints its table and writes --out."""
    blocker = tmp_path / "blocker"
    blocker.mkdir()
    (blocker / "rich.py").write_text("raise ModuleNotFoundError(\"No module named 'rich'\","
                                     " name='rich')\n")
    out_dir = tmp_path / "out"
    environ = dict(env(), PYTHONPATH=str(blocker))
    proc = subprocess.run(
        [*FIVES, "tournament", "greedy:5it", "random", "heuristic:5it", "--games", "2",
         "--preset", "five-up", "--out", str(out_dir)],
        capture_output=True, text=True, env=environ, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert (out_dir / "results.json").is_file() and (out_dir / "winrates.svg").is_file()
    assert "heuristic:5it" in proc.stdout and "%" in proc.stdout


def test_tables_drop_whole_columns_never_cut_numbers() -> None:
    columns = [Column("Bot", right=False, keep=9), Column("Win rate", keep=8),
               Column("95% interval", keep=7), Column("Median ms/decision", keep=1),
               Column("Worst ms/decision", keep=0)]
    rows = [["expert:250ms", "64.0%", "55.3%-71.9%", "181.25", "330.5"],
            ["greedy", "36.0%", "28.1%-44.7%", "0.08", "1.2"]]
    for width in (80, 40, 30):
        lines, dropped = format_table(columns, rows, width)
        assert all(len(line) <= width for line in lines), (width, lines)
        body = "\n".join(lines)
        for row in rows:
            for cell, column in zip(row, columns, strict=True):
                if column.title not in dropped:
                    assert cell in body  # whole, never cut
    _, dropped = format_table(columns, rows, 40)
    assert dropped[0] == "Worst ms/decision"
    wide, none = format_table(columns, rows, 200)
    assert none == [] and "330.5" in "\n".join(wide)


def test_tournament_table_fits_80_columns(tmp_path: Path) -> None:
    """In an 80-column terminal the table fits; the numbers shown are those of --out."""
    script = ("import fives.cli.tournament as t, sys; sys.stdout.isatty = lambda: True; "
              "from fives.cli.main import main; sys.exit(main(sys.argv[1:]))")
    out_dir = tmp_path / "o"
    proc = subprocess.run(
        [sys.executable, "-c", script, "tournament", "greedy:5it", "random", "heuristic:5it",
         "--games", "2", "--preset", "five-up", "--quiet", "--out", str(out_dir)],
        capture_output=True, text=True, env=env(), timeout=300)
    assert proc.returncode == 0, proc.stderr
    table = [line for line in proc.stdout.splitlines() if str(out_dir) not in line]
    assert max(len(line) for line in table) <= 80, proc.stdout  # a path is printed whole
    results = json.loads((out_dir / "results.json").read_text())
    for pairing in results["pairings"]:
        for side in pairing["sides"]:
            assert f"{100 * side['win_rate']:.1f}%" in proc.stdout


def test_readme_commands_parse_as_written() -> None:
    """Every `.venv/bin/fives ...` line of the README's shell blocks is a valid command line
    (the examples are typed after the install command, where `fives` is `.venv/bin/fives`)."""
    import shlex

    from fives.cli.main import build_parser

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", readme, re.S)
    lines = [line for block in blocks for line in block.splitlines()]
    commands = [line for line in lines if "fives " in line]
    assert len(commands) >= 5
    parser = build_parser()
    for line in commands:
        words = shlex.split(line.split("  #")[0].split("&&")[-1], comments=True)
        assert words[0] == ".venv/bin/fives", line  # not a bare `fives`, not on PATH
        args = parser.parse_args(words[1:])
        assert getattr(args, "func", None) is not None, line


@pytest.mark.slow  # twenty commands in each language
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_text_output_fits_80_columns(tmp_path: Path, lang: str) -> None:
    """Help, rules and replays are wrapped to an 80-column terminal, words never cut."""
    from fives.rules import PRESETS

    record = str(record_file(tmp_path))
    runs = [["--help"], ["rules", "--lang", lang], ["replay", record, "--lang", lang]]
    runs += [["rules", preset, "--lang", lang] for preset in PRESETS]
    runs += [[command, "--help"] for command in
             ("play", "rules", "replay", "random-game", "match", "tournament", "serve")]
    environ = dict(env(), LANG="fr_FR.UTF-8" if lang == "fr" else "en_GB.UTF-8")
    for argv in runs:
        out = subprocess.run([*FIVES, *argv], capture_output=True, text=True, env=environ,
                             timeout=60, check=True).stdout
        long = [line for line in out.splitlines() if len(line) > 80]
        assert long == [], (argv, long)


def test_a_full_disk_is_one_error_line_and_status_74() -> None:
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*FIVES, "rules", "five-up"], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env(), timeout=60)
    assert proc.returncode == 74, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("fives: error: "), proc.stderr
    assert "74" in subprocess.run([*FIVES, "--help"], capture_output=True, text=True,
                                  env=env()).stdout


@pytest.mark.slow  # twenty processes
def test_head_gives_141_every_time() -> None:
    shell = " ".join(map(repr, [*FIVES, "rules", "five-up"])) + " | head -1 > /dev/null"
    statuses = [subprocess.run(["bash", "-c", "set -o pipefail; " + shell], env=env(),
                               timeout=60).returncode for _ in range(20)]
    assert statuses == [141] * 20


def test_every_command_answers_version(capsys: pytest.CaptureFixture[str]) -> None:
    from fives.cli.main import build_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert {"play", "rules", "replay", "verify", "match"} <= set(sub.choices)
    for name in sub.choices:
        with pytest.raises(SystemExit) as stop:
            main([name, "--version"])
        assert stop.value.code == 0
        assert re.fullmatch(r"fives \d+\.\d+\.\d+\n", capsys.readouterr().out), name


def test_argparse_speaks_french(monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    import argparse as stdlib_argparse

    monkeypatch.setattr(stdlib_argparse, "_", stdlib_argparse._)  # type: ignore[attr-defined]
    monkeypatch.setenv("LANGUAGE", "fr")
    with pytest.raises(SystemExit):
        main(["rules", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("utilisation : fives rules") and "afficher cette aide" in out
    assert main(["rules", "--bogus"]) == 2
    assert "arguments non reconnus : --bogus" in capsys.readouterr().err


def test_ctrl_c_with_the_output_on_a_dead_pipe_saves_and_says_so_on_stderr(
        tmp_path: Path) -> None:
    """`fives play | tee log`, then Ctrl-C: tee dies with the same Ctrl-C, so the pipe is gone;
    the game is saved all the same, the file named on standard error, status 130."""
    import signal
    import time

    saves = tmp_path / "saves"
    proc = subprocess.Popen([*FIVES, "play", "--plain", "--preset", "five-up", "--seats",
                             "human,greedy", "--seed", "3", "--lang", "en", "--delay", "0"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=dict(env(), FIVES_SAVE_DIR=str(saves)),
                            preexec_fn=sigint_by_default)  # Ctrl-C as a shell's child gets it
    assert proc.stdout is not None and proc.stdin is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"your move" not in seen and time.monotonic() < deadline:
        seen += os.read(proc.stdout.fileno(), 4096)
    assert b"your move" in seen
    proc.stdout.close()  # the reader is gone
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Game saved to " in err and b"Traceback" not in err, err
    assert len(list(saves.glob("five-up-*.json"))) == 1


PLAY = ["play", "--preset", "five-up", "--seats", "human,greedy", "--seed", "3", "--lang", "en",
        "--delay", "0"]


def test_play_on_a_full_disk_says_one_line_and_leaves_no_file(tmp_path: Path) -> None:
    """`fives play > /dev/full`: the one error line, status 74, and no saved game nobody
    played in (it said where it saved one, in three lines)."""
    saves = tmp_path / "saves"
    with open("/dev/full", "w") as full:
        proc = subprocess.run([*FIVES, *PLAY], input="\n", stdout=full, stderr=subprocess.PIPE,
                              text=True, env=dict(env(), FIVES_SAVE_DIR=str(saves)),
                              timeout=120)
    assert proc.returncode == 74, proc.stderr
    assert len(proc.stderr.splitlines()) == 1, proc.stderr
    assert not saves.exists() or list(saves.iterdir()) == []


def test_play_into_a_closed_pipe_leaves_no_file(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    read_end, write_end = os.pipe()
    os.close(read_end)
    proc = subprocess.run([*FIVES, *PLAY], input="1\n", stdout=write_end,
                          stderr=subprocess.PIPE, text=True,
                          env=dict(env(), FIVES_SAVE_DIR=str(saves)), timeout=120)
    os.close(write_end)
    assert proc.returncode == 141 and proc.stderr == "", proc.stderr
    assert not saves.exists() or list(saves.iterdir()) == []
