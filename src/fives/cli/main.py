"""Entry point of the `fives` command.

Each subcommand lives in its own module, which exposes ``register(subparsers)``; the parser it
registers sets ``func`` (a callable taking the parsed namespace and returning an exit status).
Modules import their heavy dependencies (rich, starlette, ...) inside ``run`` so that
``fives --help`` stays fast and the core works without the optional extras.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap
from collections.abc import Sequence

from fives import __version__
from fives.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_PIPE,
    EXIT_USAGE,
    BadArguments,
    Parser,
    error_prefix,
    terminal_width,
)
from fives.errors import FivesError
from fives.i18n import default_lang, error_text, text

# Subcommand modules, in the order `fives --help` lists them.
COMMAND_MODULES = (
    "fives.cli.serve",
    "fives.cli.play",
    "fives.cli.rules_cmd",
    "fives.cli.replay",
    "fives.cli.random_game",
    "fives.cli.tournament",
    "fives.cli.verify",
)


def build_parser() -> argparse.ArgumentParser:
    lang = default_lang()
    parser = Parser(
        prog="fives",
        description=textwrap.fill(text("cli.description", lang),
                                  max(40, min(terminal_width(), 100) - 2)),
        epilog=text("cli.exit_statuses", lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"fives {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that command is not part of this build
                continue
            raise
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        try:
            status = dispatch(argv)
        except SystemExit:  # --help, --version and usage errors (argparse exits)
            sys.stdout.flush()
            raise
        sys.stdout.flush()  # inside the try: a closed pipe shows here, not at exit
    except BrokenPipeError:
        return closed_pipe()
    return status


def dispatch(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except BadArguments as exc:
        print(error_prefix(default_lang()) + str(exc), file=sys.stderr)
        return EXIT_USAGE
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 0
    lang = getattr(args, "lang", None) or default_lang()
    try:
        status: int = func(args)
    except FivesError as exc:
        print(error_prefix(lang) + error_message(exc, lang), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return EXIT_INTERRUPTED
    return status


def error_message(exc: FivesError, lang: str) -> str:
    """The error in ``lang``: the catalog's message for its key, else its own (English)."""
    return error_text(exc, lang)


def closed_pipe() -> int:
    """The reader went away (``fives ... | head -1``): stop without a word. Standard output is
    pointed at /dev/null so that the interpreter's last flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
    return EXIT_PIPE


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
