"""Entry point of the `fives` command.

Each subcommand lives in its own module, which exposes ``register(subparsers)``; the parser it
registers sets ``func`` (a callable taking the parsed namespace and returning an exit status).
Modules import their heavy dependencies (rich, starlette, ...) inside ``run`` so that
``fives --help`` stays fast and the core works without the optional extras.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from fives.errors import FivesError

# Subcommand modules, in the order `fives --help` lists them.
COMMAND_MODULES = (
    "fives.cli.serve",
    "fives.cli.play",
    "fives.cli.rules_cmd",
    "fives.cli.replay",
    "fives.cli.random_game",
    "fives.cli.tournament",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fives",
        description="Play and study the Fives family of domino games "
        "(Five Up, All Fives, Muggins / Multiples of Five, Five-Up solitaire).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
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
    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 0
    try:
        status: int = func(args)
    except FivesError as exc:
        print(f"fives: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
