"""Entry point of the `fives` command.

Each subcommand lives in its own module, which exposes ``register(subparsers, lang)``; the
parser it registers (every help in ``lang``) sets ``func`` (a callable taking the parsed
namespace and returning an exit status).
Modules import their heavy dependencies (rich, starlette, ...) inside ``run`` so that
``fives --help`` stays fast and the core works without the optional extras.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import select
import stat
import sys
import textwrap
from collections.abc import Sequence

from fives import __version__
from fives.cli.common import (
    EXIT_INTERRUPTED,
    EXIT_PIPE,
    EXIT_USAGE,
    EXIT_WRITE,
    BadArguments,
    Parser,
    error_prefix,
    lang_of_argv,
    terminal_width,
)
from fives.errors import FivesError
from fives.i18n import default_lang, error_text, os_error_text, text

# Subcommand modules, in the order `fives --help` lists them.
COMMAND_MODULES = (
    "fives.cli.serve",
    "fives.cli.play",
    "fives.cli.rules_cmd",
    "fives.cli.replay",
    "fives.cli.analyse",
    "fives.cli.random_game",
    "fives.cli.tournament",
    "fives.cli.verify",
)


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The ``fives`` parser, every help and argparse's own words in ``lang`` (by default the
    environment's language)."""
    lang = lang or default_lang()
    translate_argparse(lang)
    parser = Parser(
        prog="fives",
        description=textwrap.fill(text("cli.description", lang),
                                  max(40, min(terminal_width(), 100) - 2)),
        epilog=text("cli.exit_statuses", lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    # argparse before 3.12 leaves the --version help untranslated: the catalog's, in lang
    version_help = text("cli.argparse.version", lang)
    parser.add_argument("--version", action="version", version=f"fives {__version__}",
                        help=version_help)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:  # that command is not part of this build
                continue
            raise
        module.register(sub, lang)
    parser.lang = lang
    for command in sub.choices.values():  # every command answers --version (README)
        if isinstance(command, Parser):
            command.lang = lang
        command.add_argument("--version", action="version", version=f"fives {__version__}",
                             help=version_help)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    status: int | None = None
    try:
        try:
            status = dispatch(argv)
        except SystemExit:  # --help, --version and usage errors (argparse exits)
            sys.stdout.flush()
            raise
        sys.stdout.flush()  # inside the try: a closed pipe shows here, not at exit
    except BrokenPipeError:
        closed_pipe()
        # Ctrl-C stays 130 when the pipe died with it (`| tee log`: one Ctrl-C ends both).
        return EXIT_INTERRUPTED if status == EXIT_INTERRUPTED else EXIT_PIPE
    except OSError as err:
        if err.errno not in WRITE_ERRORS:
            raise
        return write_failed(err)
    if status != EXIT_INTERRUPTED and reader_left():
        return closed_pipe()
    return status


# What a write to standard output can meet that is no fault of the program: a full disk or
# quota (`> /dev/full`), a file too large, a device error.
WRITE_ERRORS = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO)
READER_WAIT = 0.2  # seconds a finished command waits to see whether its pipe's reader quit


def write_failed(err: OSError) -> int:
    """The output could not be written (``> /dev/full``): one line, status 74 (EX_IOERR)."""
    discard_output()
    lang = default_lang()
    print(error_prefix(lang) + text("cli.err_write", lang, reason=os_error_text(err, lang)),
          file=sys.stderr)
    return EXIT_WRITE


def reader_left() -> bool:
    """Whether standard output is a pipe whose reader closed it before the end of the output
    was read (``| head -1``). All of it may have fitted in the pipe before the reader went:
    the command then waits a moment for the reader to go, so that ``| head -1`` gives 141
    every time, not only when the last write came late."""
    try:
        fd = sys.stdout.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return False
        poller = select.poll()
        poller.register(fd, 0)  # POLLERR (no reader left) is reported whatever is asked
        return any(event & (select.POLLERR | select.POLLHUP)
                   for _, event in poller.poll(READER_WAIT * 1000))
    except (OSError, ValueError, AttributeError):  # no real descriptor (a test's capture)
        return False


def dispatch(argv: Sequence[str] | None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    help_lang = lang_of_argv(words) or default_lang()  # `--lang fr --help` is in French
    parser = build_parser(help_lang)
    try:
        args = parser.parse_args(words)
    except BadArguments as exc:
        print(error_prefix(help_lang) + str(exc), file=sys.stderr)
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
    """The reader went away (``fives ... | head -1``): stop without a word."""
    discard_output()
    return EXIT_PIPE


def discard_output() -> None:
    """Standard output pointed at /dev/null, so that the interpreter's last flush at exit
    cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


# argparse's own words (usage, options, its errors), from the catalogs: argparse looks each one
# up through its module's ``_`` when it needs it.
ARGPARSE_WORDS = {
    "usage: ": "cli.argparse.usage",
    "options": "cli.argparse.options",
    "positional arguments": "cli.argparse.positional",
    "show this help message and exit": "cli.argparse.help",
    "show program's version number and exit": "cli.argparse.version",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "the following arguments are required: %s": "cli.argparse.required",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid_choice",
    "expected one argument": "cli.argparse.expected_one",
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid_value",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
}


ARGPARSE_GETTEXT = argparse._  # type: ignore[attr-defined]


def translate_argparse(lang: str) -> None:
    if lang == "en":
        argparse._ = ARGPARSE_GETTEXT  # type: ignore[attr-defined]
        return

    def words(message: str) -> str:
        key = ARGPARSE_WORDS.get(message)
        return text(key, lang) if key else message

    argparse._ = words  # type: ignore[attr-defined]


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
