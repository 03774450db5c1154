"""``fives analyse RECORD``: the game review in the terminal (``fives.bots.review``).

Every decision of the chosen seats valued by the expert from what that seat knew: a table
(move played, best move, loss, class, change in win chance) and a summary per seat, or with
``--format json`` the review as docs/BOTS.md gives it. A progress bar goes to standard error
when it is a terminal. Exit status 2 and one line for a file that is not a record, a seat that
does not exist, or a bad number.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from fives.cli.common import add_lang, fail, print_lines, terminal_width, usage_error
from fives.errors import RecordError
from fives.i18n import error_text, normalize_lang, text

BAR = 24  # characters of the progress bar


def register(sub: Any, lang: str) -> None:
    def h(key: str) -> str:
        return text(key, lang)

    p = sub.add_parser("analyse", help=h("cli.analyse.help"),
                       description=h("cli.analyse.description"))
    p.add_argument("record", help=h("cli.arg_record"))
    p.add_argument("--seat", action="append", metavar="N", help=h("cli.analyse.seat"))
    p.add_argument("--budget", default=None, metavar="N", help=h("cli.analyse.budget"))
    p.add_argument("--jobs", default="1", metavar="N", help=h("cli.analyse.jobs"))
    p.add_argument("--seed", default="0", metavar="N", help=h("cli.analyse.seed"))
    p.add_argument("--format", choices=("text", "json"), default="text",
                   help=h("cli.analyse.format"))
    p.add_argument("--screen", action="store_true", help=h("cli.analyse.screen"))
    add_lang(p, lang)
    p.set_defaults(func=run)


def _count(raw: str, name: str, lang: str, least: int = 1) -> int:
    try:
        value = int(raw)
    except (TypeError, ValueError):
        value = least - 1
    if value < least:
        raise usage_error("bots.bad_count", lang, name=name, value=raw)
    return value


def _seat(raw: str) -> int | str:
    """A seat number as given; anything else is kept for ``check_seats`` to refuse by name."""
    try:
        return int(raw)
    except ValueError:
        return raw


class Progress:
    """``Reviewing [#####.....] 12/48`` on standard error, redrawn in place."""

    def __init__(self, lang: str) -> None:
        self.label = text("review.progress", lang)
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        filled = BAR * done // total if total else BAR
        sys.stderr.write(f"\r{self.label} [{'#' * filled}{'.' * (BAR - filled)}] "
                         f"{done}/{total}")
        sys.stderr.flush()
        self.shown = True

    def end(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> int:
    from fives.bots.review import DEFAULT_BUDGET, check_seats, review
    from fives.bots.review_text import review_lines
    from fives.cli.replay import read_input
    from fives.record import load_record

    lang = normalize_lang(args.lang)
    budget = DEFAULT_BUDGET if args.budget is None else _count(args.budget, "--budget", lang)
    jobs = _count(args.jobs, "--jobs", lang)
    seed = _count(args.seed, "--seed", lang, least=0)
    try:
        record = load_record(read_input(args.record))
        record.to_game()  # every hand replays: a record that stops early cannot be reviewed
    except RecordError as exc:
        return fail(text("cli.analyse.not_a_record", lang, path=args.record,
                         reason=error_text(exc, lang)), lang)
    seats = None if args.seat is None else [_seat(s) for s in args.seat]
    chosen = check_seats(record, seats)  # type: ignore[arg-type]  # a bad seat: one line
    progress = Progress(lang) if sys.stderr.isatty() else None
    try:
        result = review(record, seats=chosen, budget=budget, seed=seed, jobs=jobs,
                        progress=progress)
    finally:
        if progress is not None:
            progress.end()
    if args.screen:
        from fives.tui.review import ReviewApp  # the tui extra

        ReviewApp(record, result, lang).run()
        return 0
    if args.format == "json":
        print(json.dumps(result.to_json(args.record), ensure_ascii=False))
        return 0
    print(text("review.title", lang, record=args.record, budget=budget,
               preset=text(f"preset.name.{record.rules.name}", lang)))
    print()
    print_lines(review_lines(result, lang, max(60, min(terminal_width(), 120))))
    return 0
