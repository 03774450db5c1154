"""``fives match`` / ``fives tournament`` and the arena statistics behind them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fives.bots.arena import (
    Entrant,
    elo_difference,
    fit_elo,
    pair_stats,
    parse_option,
    plan_games,
    run_tasks,
    wilson_interval,
)
from fives.cli.main import main

GREEDY = Entrant("greedy", "greedy")
RANDOM = Entrant("random", "random")


def test_duplicate_deals_swap_the_seats() -> None:
    tasks = plan_games("all-fives", [], GREEDY, RANDOM, 6, seed=3)
    assert len(tasks) == 6
    for first, second in zip(tasks[::2], tasks[1::2], strict=True):
        assert first.deal_seed == second.deal_seed
        assert [e.label for e in first.seats] == ["greedy", "random"]
        assert [e.label for e in second.seats] == ["random", "greedy"]
    assert len({t.deal_seed for t in tasks}) == 3
    teams = plan_games("five-up", [("players", 4)], GREEDY, RANDOM, 2, seed=1)
    assert [e.label for e in teams[0].seats] == ["greedy", "random", "greedy", "random"]
    assert [e.label for e in teams[1].seats] == ["random", "greedy", "random", "greedy"]
    field = plan_games("multiples-of-five", [("players", 3)], GREEDY, RANDOM, 3, seed=1)
    assert sorted(t.seats.index(GREEDY) for t in field) == [0, 1, 2]
    solo = plan_games("solitaire", [], GREEDY, RANDOM, 2, seed=1)
    assert [t.pair for t in solo] == [("greedy", "greedy"), ("random", "random")]


def test_games_of_a_duplicate_pair_share_the_deal() -> None:
    tasks = plan_games("all-fives", [("target", 40)], GREEDY, RANDOM, 2, seed=9)
    a, b = run_tasks(tasks)
    assert a.deal_seed == b.deal_seed and a.seats == ["greedy", "random"]
    assert b.seats == ["random", "greedy"]


def test_statistics() -> None:
    low, high = wilson_interval(80, 100)
    assert 0.70 < low < 0.72 and 0.86 < high < 0.88
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(10, 10)[1] == 1.0
    assert elo_difference(0.5) == 0.0
    assert 190 < elo_difference(0.75) < 192
    ratings = fit_elo({("a", "b"): (30.0, 10.0), ("b", "c"): (30.0, 10.0)}, ["a", "b", "c"])
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert abs(sum(ratings.values()) / 3 - 1500) < 1e-6


def test_greedy_beats_random() -> None:
    tasks = plan_games("all-fives", [("target", 60)], GREEDY, RANDOM, 16, seed=4)
    stats = pair_stats(run_tasks(tasks, jobs=2), "greedy", "random")
    assert stats.games == 16
    assert stats.sides[0].wins + stats.sides[1].wins + stats.no_result == 16
    assert stats.sides[0].wins >= 12
    assert stats.sides[0].elo is not None and stats.sides[0].elo > 0


def test_match_command_writes_json_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                           ) -> None:
    out = tmp_path / "res"
    status = main(["match", "greedy", "random", "--games", "4", "--option", "target=40",
                   "--quiet", "--out", str(out), "--seed", "5"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "greedy" in printed and "95%" in printed
    data = json.loads((out / "results.json").read_text())
    assert data["rules"] == "all-fives" and data["options"]["target"] == 40
    (pairing,) = data["pairings"]
    assert pairing["games"] == 4 and len(data["games"]) == 4
    wins = sum(side["wins"] for side in pairing["sides"]) + pairing["no_result"]
    assert wins == 4
    svg = (out / "winrates.svg").read_text()
    assert svg.startswith("<svg") and "greedy vs random" in svg


def test_tournament_command_in_french_and_solitaire(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["tournament", "random", "greedy", "heuristic", "--preset", "five-up",
                   "--option", "target=15", "--games", "2", "--quiet", "--lang", "fr"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "Victoires" in printed and "heuristic" in printed
    status = main(["tournament", "greedy", "expert:3it", "--preset", "solitaire",
                   "--games", "2", "--quiet"])
    assert status == 0
    assert "the deck" in capsys.readouterr().out
    assert main(["tournament", "heuristic", "--preset", "solitaire", "--games", "1",
                 "--quiet"]) == 0
    assert "heuristic" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["match", "greedy", "grumpy"], "'grumpy'"),
        (["match", "greedy", "expert:12q"], "'12q'"),
        (["match", "greedy", "random", "--games", "0"], "--games '0'"),
        (["match", "greedy", "random", "--jobs", "many"], "--jobs 'many'"),
        (["match", "greedy", "random", "--preset", "chess"], "'chess'"),
        (["match", "greedy", "random", "--option", "nope"], "'nope'"),
        (["match", "greedy", "random", "--option", "target=x"], "'x'"),
        (["match", "greedy", "random", "--budget", "fast"], "'fast'"),
        (["match", "greedy", "random", "--seed", "s"], "'s'"),
        (["tournament", "greedy"], "at least two"),
    ],
)
def test_bad_input_is_one_clear_line(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "never"
    status = main([*argv, "--out", str(out), "--quiet"])
    assert status == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in captured.err
    assert not out.exists()  # nothing was written


def test_parse_option() -> None:
    assert parse_option("players=4") == ("players", 4)
    assert parse_option("partnerships=true") == ("partnerships", True)
    assert parse_option("target-check=immediate") == ("target_check", "immediate")
    with pytest.raises(ValueError, match="KEY=VALUE"):
        parse_option("players")
