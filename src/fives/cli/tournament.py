"""``fives tournament`` and ``fives match``: bots against bots, with honest statistics.

Duplicate deals (each deal replayed with the seats swapped), parallel workers, a progress bar,
a results table (win rate with its 95% interval, points per hand, Elo, time per move), and
``--out DIR`` for ``results.json`` and ``winrates.svg``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from fives.bots import level_name
from fives.bots.arena import (
    Entrant,
    GameOutcome,
    PairStats,
    Task,
    build_rules,
    fit_elo,
    outcomes_json,
    pair_stats,
    parse_option,
    plan_games,
    run_tasks,
    time_stats,
)
from fives.bots.base import Budget
from fives.bots.plot import Bar, win_rate_svg
from fives.cli.common import (
    add_lang,
    add_option,
    check_consistent,
    fail,
    print_lines,
    terminal_width,
    usage_error,
)
from fives.errors import FivesError, UsageError
from fives.i18n import error_text, normalize_lang, os_error_text, text
from fives.text_table import Column, format_table

_BUDGET_RE = re.compile(r"^(\d+(?:\.\d+)?)(ms|s|it)$")


def register(subparsers: Any, lang: str) -> None:
    def h(key: str) -> str:
        return text(key, lang)

    t = subparsers.add_parser("tournament", help=h("bots.tournament_help"),
                              description=h("bots.tournament_description"))
    t.add_argument("bots", nargs="+", metavar="BOT", help=h("bots.arg_bots"))
    _common(t, lang)
    t.set_defaults(func=run_tournament)
    m = subparsers.add_parser("match", help=h("bots.match_help"),
                              description=h("bots.match_description"))
    m.add_argument("first", metavar="BOT", help=h("bots.arg_first"))
    m.add_argument("second", metavar="BOT", help=h("bots.arg_second"))
    _common(m, lang)
    m.set_defaults(func=run_match)


def _common(p: argparse.ArgumentParser, lang: str) -> None:
    def h(key: str) -> str:
        return text(key, lang)

    p.add_argument("--preset", default="all-fives", help=h("bots.arg_preset"))
    p.add_argument("--players", help=h("bots.arg_players"))
    p.add_argument("--partnerships", action=argparse.BooleanOptionalAction, default=None,
                   help=h("bots.arg_partnerships"))
    add_option(p, lang)
    p.add_argument("--games", default="20", help=h("bots.arg_games"))
    p.add_argument("--budget", default=None, help=h("bots.arg_budget"))
    p.add_argument("--seed", default="1", help=h("bots.arg_seed"))
    p.add_argument("--counting", choices=("exact", "human"), default="exact",
                   help=h("bots.arg_counting"))
    p.add_argument("--jobs", default="1", help=h("bots.arg_jobs"))
    p.add_argument("--no-duplicate", action="store_true", help=h("bots.arg_no_duplicate"))
    p.add_argument("--out", metavar="DIR", help=h("bots.arg_out"))
    p.add_argument("--quiet", action="store_true", help=h("bots.arg_quiet"))
    add_lang(p, lang)


# ---------------------------------------------------------------------- parsing
def parse_budget(raw: str) -> Budget:
    m = _BUDGET_RE.match(raw.strip().lower())
    if not m:
        raise UsageError(f"invalid budget {raw!r}: expected e.g. 250ms, 1s or 200it",
                         key="bots.bad_budget", value=raw)
    number, unit = float(m.group(1)), m.group(2)
    if number <= 0:
        raise UsageError(f"invalid budget {raw!r}: expected a positive amount",
                         key="bots.bad_budget", value=raw)
    if unit == "it":
        if number != int(number):
            raise UsageError(f"invalid budget {raw!r}: iterations are a whole number",
                         key="bots.bad_budget", value=raw)
        return Budget(iterations=int(number))
    return Budget(seconds=number / 1000 if unit == "ms" else number)


def parse_bot(spec: str, default: Budget | None, lang: str) -> Entrant:
    level, _, raw_budget = spec.partition(":")
    if level.strip().lower() == "policy":  # policy:PATH, a trained model (fives.envs.policy)
        level, raw_budget = spec, ""
    try:
        name = level_name(level)
        budget = parse_budget(raw_budget) if raw_budget else default
        if name.startswith("policy:"):
            from fives.bots import make_player

            make_player(name)  # a missing or unreadable model is refused here
            return Entrant(name, spec.strip(), budget)
    except ValueError as exc:
        why = error_text(exc, lang) if isinstance(exc, FivesError) else str(exc)
        raise usage_error("bots.bad_bot", lang, spec=spec, why=why) from None
    return Entrant(name, spec.strip().lower(), budget)


def _positive(raw: str, name: str, lang: str) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        value = 0
    if value < 1:
        raise usage_error("bots.bad_count", lang, name=name, value=raw)
    return value


def _options(args: argparse.Namespace) -> list[tuple[str, Any]]:
    options = [parse_option(o) for o in args.option]
    given = {key: str(value) for key, value in options}
    check_consistent(given, "players", args.players, "--players")
    check_consistent(given, "partnerships", args.partnerships, "--partnerships")
    if args.players is not None:
        options.append(parse_option(f"players={args.players}"))
    if args.partnerships is not None:
        options.append(("partnerships", args.partnerships))
    return options


def _unique_labels(entrants: list[Entrant]) -> list[Entrant]:
    seen: dict[str, int] = {}
    out = []
    for e in entrants:
        count = seen.get(e.label, 0) + 1
        seen[e.label] = count
        out.append(e if count == 1 else Entrant(e.level, f"{e.label}#{count}", e.budget))
    return out


# ---------------------------------------------------------------------- commands
def run_match(args: argparse.Namespace) -> int:
    return _run(args, [args.first, args.second])


def run_tournament(args: argparse.Namespace) -> int:
    return _run(args, list(args.bots))


def _run(args: argparse.Namespace, specs: Sequence[str]) -> int:
    lang = normalize_lang(args.lang)
    try:
        plan = _plan(args, specs, lang)
    except FivesError as exc:  # a bad preset or option: the engine names it
        return fail(error_text(exc, lang), lang)
    except ValueError as exc:
        return fail(str(exc), lang)
    rules, entrants, pairings, tasks, games, seed, jobs = plan
    if args.out:
        try:
            os.makedirs(args.out, exist_ok=True)
        except OSError as exc:
            reason = os_error_text(exc, lang)
            return fail(text("bots.bad_out", lang, path=args.out, reason=reason), lang)
    outcomes = _play(tasks, jobs, lang, quiet=args.quiet)
    two_sided = rules.sides == 2 and not rules.is_solitaire
    stats = [pair_stats(outcomes, a, b, two_sided=two_sided) for a, b in pairings]
    timing = time_stats(outcomes)
    ratings: dict[str, float] = {}
    if two_sided and len(entrants) > 2:
        wins = {(p.first, p.second): (float(p.sides[0].wins), float(p.sides[1].wins))
                for p in stats}
        ratings = fit_elo(wins, [e.label for e in entrants])
    if args.out:  # the results are kept first, whatever happens to the printing
        try:
            _write(args.out, rules, args, entrants, stats, timing, ratings, outcomes, lang)
        except OSError as exc:
            reason = os_error_text(exc, lang)
            return fail(text("bots.bad_out", lang, path=args.out, reason=reason), lang)
    _print_table(rules, stats, timing, ratings, games, seed, lang, field=not two_sided
                 and not rules.is_solitaire)
    if args.out:
        print(text("bots.written", lang, path=args.out))
    return 0


def _plan(
    args: argparse.Namespace, specs: Sequence[str], lang: str
) -> tuple[Any, list[Entrant], list[tuple[str, str]], list[Task], int, int, int]:
    games = _positive(args.games, "--games", lang)
    jobs = _positive(args.jobs, "--jobs", lang)
    try:
        seed = int(args.seed)
    except (TypeError, ValueError):
        raise usage_error("bots.bad_seed", lang, value=args.seed) from None
    try:
        default = parse_budget(args.budget) if args.budget else None
    except ValueError:
        raise usage_error("bots.bad_budget", lang, value=args.budget) from None
    entrants = _unique_labels([parse_bot(s, default, lang) for s in specs])
    options = _options(args)
    rules = build_rules(args.preset, options)  # RulesError names the bad preset or option
    if len(entrants) < (1 if rules.is_solitaire else 2):  # a solitaire bot meets the deck
        raise usage_error("bots.need_two", lang, count=len(entrants))
    preset = rules.name
    pairings: list[tuple[str, str]] = []
    tasks: list[Task] = []
    if rules.is_solitaire:
        for e in entrants:  # each bot against the deck, on the same deals
            new = plan_games(preset, options, e, None, games, seed=seed,
                             duplicate=not args.no_duplicate, start_index=len(tasks),
                             counting=args.counting)
            tasks.extend(new)
            pairings.append((e.label, e.label))
    else:
        for i, a in enumerate(entrants):
            for b in entrants[i + 1:]:
                new = plan_games(preset, options, a, b, games, seed=seed,
                                 duplicate=not args.no_duplicate, start_index=len(tasks),
                                 counting=args.counting)
                tasks.extend(new)
                pairings.append((a.label, b.label))
    return rules, entrants, pairings, tasks, games, seed, jobs


def _play(tasks: list[Task], jobs: int, lang: str, *, quiet: bool) -> list[GameOutcome]:
    """Play every game; a progress line on standard error when it is a terminal."""
    if quiet or not sys.stderr.isatty():
        return run_tasks(tasks, jobs)
    done = 0
    label = text("bots.progress", lang)

    def advance(_outcome: GameOutcome) -> None:
        nonlocal done
        done += 1
        sys.stderr.write(f"\r{label}: {done}/{len(tasks)}")
        sys.stderr.flush()

    try:
        return run_tasks(tasks, jobs, on_result=advance)
    finally:
        sys.stderr.write("\n")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rows(
    stats: list[PairStats], timing: dict[str, dict[str, float]], ratings: dict[str, float],
    lang: str,
) -> list[list[str]]:
    rows = []
    for p in stats:
        for k, s in enumerate(p.sides):
            solo = p.first == p.second
            against = text("bots.deck", lang) if solo else (p.second if k == 0 else p.first)
            t = timing.get(s.label, {})
            elo = ratings.get(s.label)
            elo_txt = (f"{elo:.0f}" if elo is not None
                       else (f"{s.elo:+.0f}" if s.elo is not None else "-"))
            rows.append([
                s.label, against, str(s.games), str(s.wins), _pct(s.win_rate),
                f"{_pct(s.ci_low)}-{_pct(s.ci_high)}", f"{s.points_per_hand:+.2f}", elo_txt,
                f"{1000 * t.get('median_s', 0.0):.2f}", f"{1000 * t.get('worst_s', 0.0):.1f}",
            ])
    return rows


def _print_table(
    rules: Any, stats: list[PairStats], timing: dict[str, dict[str, float]],
    ratings: dict[str, float], games: int, seed: int, lang: str, *, field: bool,
) -> None:
    """The results as plain text that fits the terminal (columns that do not fit are dropped
    whole and named under the table; ``--out`` keeps every number). Redirected output keeps every
    column."""
    keep = {"bots.col_bot": 9, "bots.col_vs": 8, "bots.col_games": 6, "bots.col_wins": 7,
            "bots.col_rate": 9, "bots.col_ci": 8, "bots.col_points": 5, "bots.col_elo": 4,
            "bots.col_median": 3, "bots.col_worst": 2}
    columns = [Column(text(key, lang), right=key not in ("bots.col_bot", "bots.col_vs"),
                      keep=rank)
               for key, rank in keep.items()]
    width = terminal_width() if sys.stdout.isatty() else 10_000
    lines, dropped = format_table(columns, _rows(stats, timing, ratings, lang), width)
    print(text("bots.title", lang, preset=rules.name, games=games, seed=seed))
    print_lines(lines)
    if dropped:
        note = text("cli.columns_dropped", lang, columns=", ".join(dropped))
        print_lines(textwrap.wrap(note, width - 1))
    no_result = sum(p.no_result for p in stats)
    if no_result:
        print(text("bots.no_result", lang, count=no_result))
    if field:
        print(text("bots.field_note", lang, players=rules.players, share=1 / rules.players))


def _write(
    out: str, rules: Any, args: argparse.Namespace, entrants: list[Entrant],
    stats: list[PairStats], timing: dict[str, dict[str, float]], ratings: dict[str, float],
    outcomes: list[GameOutcome], lang: str,
) -> None:
    data = {
        "format": "fives-tournament/1",
        "rules": rules.name,
        "options": rules.options(),
        "games_per_pairing": int(args.games),
        "seed": int(args.seed),
        "duplicate": not args.no_duplicate,
        "bots": [{"label": e.label, "level": e.level,
                  "budget": asdict(e.budget) if e.budget is not None else None}
                 for e in entrants],
        "pairings": [asdict(p) for p in stats],
        "ratings": ratings,
        "timing": timing,
        "games": outcomes_json(outcomes),
    }
    with open(os.path.join(out, "results.json"), "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1)
    bars = []
    for p in stats:
        for s in p.sides:
            against = text("bots.deck", lang) if p.first == p.second else (
                p.second if s.label == p.first else p.first)
            bars.append(Bar(f"{s.label} vs {against}", s.win_rate, s.ci_low, s.ci_high))
    reference = None if rules.is_solitaire else (1 / rules.players if rules.sides > 2 else 0.5)
    svg = win_rate_svg(text("bots.plot_title", lang, preset=rules.name), bars, reference)
    with open(os.path.join(out, "winrates.svg"), "w", encoding="utf-8") as fh:
        fh.write(svg)
