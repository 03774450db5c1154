"""What every ``fives`` command shares: the error prefix and exit statuses, the argument parser
class, ``--lang`` and ``-o/--option`` arguments, and plain-text tables that fit the terminal.

Standard library only: ``match`` and ``tournament`` must work without the ``tui`` extra.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Sequence
from typing import NoReturn

from fives.errors import UsageError
from fives.i18n import LANGS, default_lang, text

# Exit statuses, as `fives --help` lists them.
EXIT_OK = 0
EXIT_FAULT = 1  # a fault of the program (reported with a traceback)
EXIT_USAGE = 2  # bad arguments or bad input: one line on standard error, nothing done
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_WRITE = 74  # the output could not be written (a full disk): one line on standard error
EXIT_PIPE = 141  # the reader of the output went away (`| head`): stop quietly, as on SIGPIPE


def error_prefix(lang: str) -> str:
    return text("cli.error_prefix", lang)


def fail(message: str, lang: str | None = None) -> int:
    """Print one error line on standard error; the exit status of bad input."""
    print(error_prefix(lang or default_lang()) + message, file=sys.stderr)
    return EXIT_USAGE


def usage_error(key: str, lang: str, **params: object) -> UsageError:
    """A :class:`UsageError` whose message is the catalog's ``key`` (a full key such as
    ``bots.bad_seed``) in ``lang``; :func:`fives.i18n.error_text` renders it in any language."""
    return UsageError(text(key, lang, **params), key=key, **params)


class BadArguments(Exception):
    """Arguments argparse refused: ``fives`` prints one line and exits with status 2."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line with the one ``fives: error:`` prefix
    (``fives.cli.main`` prints it; the usage is one ``--help`` away), in ``lang`` (the
    environment's unless ``fives.cli.main`` sets the one of ``--lang``)."""

    lang: str | None = None

    def error(self, message: str) -> NoReturn:
        raise BadArguments(text("cli.see_help", self.lang or default_lang(), message=message,
                                command=self.prog))


def lang_of_argv(argv: Sequence[str]) -> str | None:
    """The language a command line asks for with ``--lang X`` or ``--lang=X``, before argparse
    reads it: the help and argparse's own words are built in it. ``None`` if it names none
    (or a bad one, which argparse then refuses)."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else \
            arg.partition("=")[2] if arg.startswith("--lang=") else None
        if value is not None:
            try:
                return parse_lang(value)
            except argparse.ArgumentTypeError:
                return None
    return None


def parse_lang(value: str) -> str:
    """``--lang``: ``en`` or ``fr`` (a locale name such as ``fr_FR.UTF-8`` is accepted)."""
    low = value.strip().lower()
    for lang in LANGS:
        if low == lang or low.startswith(lang + "_") or low.startswith(lang + "-"):
            return lang
    raise argparse.ArgumentTypeError(
        text("cli.bad_lang", default_lang(), value=value, langs=", ".join(LANGS)))


def add_lang(parser: argparse.ArgumentParser, lang: str) -> None:
    """``--lang``, its help in ``lang`` (the language the help is built in)."""
    parser.add_argument("--lang", type=parse_lang, default=None,
                        help=text("cli.arg_lang", lang))


def add_option(parser: argparse.ArgumentParser, lang: str, help_key: str = "cli.arg_option"
               ) -> None:
    """``-o/--option KEY=VALUE``, its help the catalog's ``help_key`` in ``lang``."""
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help=text(help_key, lang))


def check_consistent(options: dict[str, str], key: str, value: object, flag: str) -> None:
    """Refuse ``-o key=...`` that says something else than ``flag`` (e.g. ``--players``)."""
    if key not in options or value is None:
        return
    given = str(options[key]).strip().lower()
    wanted = str(value).lower()
    if (given in ("yes", "on", "1") and wanted == "true") or (given in ("no", "off", "0") and \
            wanted == "false"):
        return
    if given != wanted:
        from fives.errors import FivesError

        raise FivesError(
            text("error.cli_contradiction", "en", option=key, given=options[key], flag=flag,
                 value=value),
            key="cli_contradiction", option=key, given=options[key], flag=flag, value=value,
        )


# ---------------------------------------------------------------------- tables
def terminal_width() -> int:
    """The width to fit: the terminal's, else ``COLUMNS``, else 80."""
    return shutil.get_terminal_size((80, 24)).columns


def print_lines(lines: Sequence[str]) -> None:
    for line in lines:
        print(line)
