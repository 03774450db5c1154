"""``fives play``: a game in the terminal against bots or friends at one keyboard.

Started without arguments it asks for the game, the number of players and the opponents;
otherwise the options say it all. rich is imported inside ``run`` (it is the ``tui`` extra).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fives.cli.common import (
    EXIT_INTERRUPTED,
    check_consistent,
    error_prefix,
    parse_lang,
    usage_error,
)
from fives.errors import FivesError, UsageError
from fives.i18n import default_lang, error_text, os_error_text, text
from fives.rules import HISTORICAL

if TYPE_CHECKING:
    from fives.game import Game
    from fives.rules import Ruleset
    from fives.tui.session import PlaySession
    from fives.tui.ui import UI

HUMAN = "human"
HUMAN_WORDS = ("human", "h", "you", "me", "humain", "moi")
DEFAULT_LEVEL = "heuristic"
DEFAULT_DELAY = 0.6  # seconds after a bot's move
MENU_PRESETS = ("five-up", "all-fives", "multiples-of-five", "five-up-solitaire",
                "fives-and-threes", "draw", "block",
                *HISTORICAL)  # historical last (O14)
MENU_LEVELS = ("random", "greedy", "heuristic", "search", "expert")


def register(subparsers: Any, lang: str) -> None:
    def h(key: str, **params: Any) -> str:
        return text(key, lang, **params)

    p = subparsers.add_parser("play", help=h("tui.arg_help"), description=h("tui.arg_description"))
    p.add_argument("--preset", help=h("tui.arg_preset"))
    p.add_argument("--players", help=h("tui.arg_players"))
    p.add_argument("--partnerships", action=argparse.BooleanOptionalAction, default=None,
                   help=h("tui.arg_partnerships"))
    p.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                   help=h("tui.arg_option"))
    p.add_argument("--seats", help=h("tui.arg_seats"))
    p.add_argument("--level", help=h("tui.arg_level", level=DEFAULT_LEVEL))
    p.add_argument("--lang", type=parse_lang, help=h("tui.arg_lang"))
    p.add_argument("--seed", help=h("tui.arg_seed"))
    p.add_argument("--resume", metavar="RECORD", help=h("tui.arg_resume"))
    p.add_argument("--save", metavar="FILE", help=h("tui.arg_save"))
    p.add_argument("--no-color", action="store_true", help=h("tui.arg_no_color"))
    p.add_argument("--no-tally", action="store_true", help=h("tui.arg_no_tally"))
    p.add_argument("--plain", action="store_true", help=h("tui.arg_plain"))
    # --delay and --counting without a default: a resumed game keeps its own (meta.settings)
    p.add_argument("--delay", default=None, help=h("tui.arg_delay"))
    p.add_argument("--think", default=None, help=h("tui.arg_think"))
    p.add_argument("--counting", choices=("exact", "human"), default=None,
                   help=h("tui.arg_counting"))
    p.set_defaults(func=run)


# ---------------------------------------------------------------------- argument checks
def parse_int(value: str | None, what: str, lang: str, low: int | None = None) -> int | None:
    if value is None:
        return None
    try:
        number = int(value)
    except ValueError:
        raise usage_error("tui.err_not_int", lang, what=what, value=value) from None
    if low is not None and number < low:
        raise usage_error("tui.err_too_small", lang, what=what, value=value, low=low)
    return number


def parse_seconds(value: str, what: str, lang: str) -> float:
    try:
        number = float(value)
    except ValueError:
        raise usage_error("tui.err_not_seconds", lang, what=what, value=value) from None
    if not 0 <= number <= 60:
        raise usage_error("tui.err_not_seconds", lang, what=what, value=value)
    return number


def parse_options(items: Sequence[str], lang: str) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise usage_error("tui.err_option", lang, value=item)
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def parse_level(word: str, lang: str) -> str:
    from fives.bots import level_name

    w = word.strip().lower()
    if w in HUMAN_WORDS:
        return HUMAN
    try:
        return level_name(w)
    except ValueError:
        raise usage_error("tui.err_seat", lang, value=word) from None


def parse_seats(value: str | None, players: int, level: str, lang: str) -> list[str]:
    if value is None:
        return [HUMAN] + [level] * (players - 1)
    seats = [parse_level(w, lang) for w in value.split(",")]
    if len(seats) != players:
        raise usage_error("tui.err_seat_count", lang, value=value, count=len(seats),
                              players=players)
    return seats


# ---------------------------------------------------------------------- setup questions
Ask = Callable[[str], str]


def choose(ask: Ask, lang: str, question: str, choices: Sequence[tuple[str, str]],
           default: int, say: Callable[[str], None],
           headings: Mapping[int, str] | None = None) -> str:
    """A numbered menu; Enter takes the default. Returns the chosen value. ``headings``: a
    line said before the choice of that (1-based) number, to group the ones after it."""
    say(question)
    for i, (_, label) in enumerate(choices, 1):
        if headings and i in headings:
            say(f" {headings[i]}")
        say(f"  {i}) {label}")
    while True:
        answer = ask(text("tui.menu_prompt", lang, default=default)).strip()
        if not answer:
            return choices[default - 1][0]
        if answer.isdigit() and 1 <= int(answer) <= len(choices):
            return choices[int(answer) - 1][0]
        for value, _ in choices:
            if answer.lower() == value:
                return value
        say(text("tui.bad_choice", lang, value=answer, count=len(choices)))


def ask_number(ask: Ask, lang: str, question: str, low: int, high: int,
               say: Callable[[str], None]) -> int:
    """A number from ``low`` to ``high``, taken as typed; Enter takes ``low``."""
    while True:
        answer = ask(text("tui.number_prompt", lang, question=question, default=low)).strip()
        if not answer:
            return low
        if answer.isdigit() and low <= int(answer) <= high:
            return int(answer)
        say(text("tui.bad_players_number", lang, value=answer, low=low, high=high))


def setup_questions(ask: Ask, lang: str, say: Callable[[str], None]
                    ) -> tuple[str, int, bool | None, list[str]]:
    say(text("tui.welcome", lang))
    presets = [(p, f"{text('preset.name.' + p, lang)} - {text('preset.blurb.' + p, lang)}")
               for p in MENU_PRESETS]
    # RULES.md §9 O14: the historical presets, last, under a heading of their own
    first_historical = 1 + min(i for i, p in enumerate(MENU_PRESETS) if p in HISTORICAL)
    preset = choose(ask, lang, text("tui.ask_preset", lang), presets, 1, say,
                    {first_historical: text("tui.menu_historical", lang)})
    if preset == "five-up-solitaire":
        players = 1
    else:
        players = ask_number(ask, lang, text("tui.ask_players", lang, low=2, high=4), 2, 4,
                             say)
    partnerships: bool | None = None
    if players == 4:
        default_team = 1 if preset == "five-up" else 2
        teams = [("yes", text("tui.teams_yes", lang)), ("no", text("tui.teams_no", lang))]
        partnerships = choose(ask, lang, text("tui.ask_teams", lang), teams, default_team,
                              say) == "yes"
    if players == 1:
        levels = [(HUMAN, text("tui.opp_me", lang))] + [
            (lv, text("tui.opp_bot_solo", lang, level=text(f"tui.level_{lv}", lang)))
            for lv in MENU_LEVELS
        ]
        who = choose(ask, lang, text("tui.ask_solo", lang), levels, 1, say)
        return preset, players, partnerships, [who]
    opponents = [
        (lv, f"{text('tui.level_' + lv, lang)} - {text('tui.level_blurb_' + lv, lang)}")
        for lv in MENU_LEVELS
    ] + [(HUMAN, text("tui.opp_friends", lang))]
    level = choose(ask, lang, text("tui.ask_opponents", lang), opponents, 3, say)
    return preset, players, partnerships, [HUMAN] + [level] * (players - 1)


# ---------------------------------------------------------------------- building the game
def build_rules(preset: str, players: int | None, partnerships: bool | None,
                options: dict[str, str]) -> Ruleset:
    from fives.rules import Ruleset

    overrides: dict[str, Any] = dict(options)
    if players is not None:
        overrides["players"] = players
    if partnerships is not None:
        overrides["partnerships"] = partnerships
    return Ruleset.preset(preset, **overrides)


def load_game(path_text: str, lang: str) -> tuple[Game, dict[str, Any]]:
    """The game a record leads to, and the record's ``meta``."""
    from fives.record import load_record

    path = Path(path_text).expanduser()
    try:
        data = path.read_text(encoding="utf-8")
    except OSError as err:
        raise usage_error("tui.err_read", lang, path=path_text,
                              reason=os_error_text(err, lang)) from None
    except UnicodeDecodeError:
        raise usage_error("tui.err_not_record", lang, path=path_text) from None
    record = load_record(data)
    return record.to_game(), dict(record.meta)


def peek_lang(path_text: str) -> str | None:
    """The language a saved game was played in (its ``meta``), if it says one."""
    try:
        import json

        data = json.loads(Path(path_text).expanduser().read_text(encoding="utf-8"))
        lang = data["meta"]["lang"]
        return parse_lang(lang) if isinstance(lang, str) else None
    except (OSError, ValueError, KeyError, TypeError, argparse.ArgumentTypeError):
        return None


def run(args: argparse.Namespace) -> int:
    lang = args.lang or (peek_lang(args.resume) if args.resume else None) or default_lang()
    try:
        return start(args, lang)
    except ModuleNotFoundError as err:
        if not (err.name or "").startswith("rich"):
            raise
        print(error_prefix(lang) + text("tui.err_no_rich", lang), file=sys.stderr)
        return 2
    except UsageError as err:
        print(error_prefix(lang) + str(err), file=sys.stderr)
        return 2
    except FivesError as err:
        print(error_prefix(lang) + engine_message(err, lang), file=sys.stderr)
        return 2


def engine_message(err: FivesError, lang: str) -> str:
    """The engine's own English message (it names what was expected), else the catalog's."""
    return error_text(err, lang)


def choose_game(args: argparse.Namespace, lang: str, ask: Ask, say: Callable[[str], None],
                seed: int | None, think: float) -> tuple[Game, list[str], int | None, float] | int:
    """The game to play (new, or resumed from a record), its seats, the bots' seed and thinking
    time; an exit status when the player left the setup questions."""
    from fives.game import Game
    from fives.tui.saving import seats_from_meta

    players = parse_int(args.players, "--players", lang, low=1)
    level = parse_level(args.level, lang) if args.level else DEFAULT_LEVEL
    options = parse_options(args.option, lang)

    asked = not any((args.preset, args.players, args.seats, args.level, args.resume,
                     args.option, args.partnerships is not None))
    if args.resume:
        if args.preset or args.players or args.option or args.partnerships is not None:
            raise usage_error("tui.err_resume_rules", lang)
        game, meta = load_game(args.resume, lang)
        saved = seats_from_meta(meta, game.rules.players)
        if args.seats or args.level or saved is None:
            seats = parse_seats(args.seats, game.rules.players, level, lang)
            if not args.seats:  # the record does not say who was a bot: tell how to choose
                say(text("tui.resume_seats", lang, seats=",".join(seats)))
        else:
            seats, saved_think = saved
            if args.think is None and saved_think is not None:
                think = saved_think
        if seed is None and isinstance(meta.get("seed"), int):
            seed = meta["seed"]  # the bots are made again from the same seed
    else:
        if asked:
            try:
                preset, players, partnerships, seats = setup_questions(ask, lang, say)
            except EOFError:
                say("")
                return 0
            except KeyboardInterrupt:
                say("")
                return EXIT_INTERRUPTED
        else:
            preset = args.preset or "five-up"
            partnerships = args.partnerships
            check_consistent(options, "players", players, "--players")
            check_consistent(options, "partnerships", partnerships, "--partnerships")
            if players is None and args.seats:
                players = len(args.seats.split(","))
                check_consistent(options, "players", players, "--seats")
        rules = build_rules(preset, players, partnerships, options)
        if not asked:
            seats = parse_seats(args.seats, rules.players, level, lang)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        game = Game(rules, seed=seed)
    return game, seats, seed, think


def start(args: argparse.Namespace, lang: str) -> int:
    from rich.console import Console
    from rich.text import Text

    from fives.bots import make_player

    # None lets rich honour NO_COLOR; --no-color says no colour whatever the environment.
    console = Console(no_color=True if args.no_color else None, highlight=False)

    def closed_pipe() -> None:  # rich would exit with status 1; `fives` stops quietly
        raise BrokenPipeError

    console.on_broken_pipe = closed_pipe  # type: ignore[method-assign]

    def ask(prompt: str) -> str:
        return console.input(Text(prompt, style="bold cyan"))

    def say(line: str) -> None:
        console.print(Text(line))

    seed = parse_int(args.seed, "--seed", lang)
    if args.delay is not None:
        parse_seconds(args.delay, "--delay", lang)
    think = parse_seconds(args.think, "--think", lang) if args.think is not None else 1.0
    check_save_target(args, lang)
    chosen = choose_game(args, lang, ask, say, seed, think)
    if isinstance(chosen, int):
        return chosen  # the setup questions were left
    game, seats, seed, think = chosen
    # What the command line does not say, a resumed game keeps (its meta's settings).
    kept = resumed_settings(args.resume) if args.resume else {}
    delay = parse_seconds(args.delay, "--delay", lang) if args.delay is not None \
        else kept.get("delay", DEFAULT_DELAY)
    counting = args.counting or kept.get("counting", "human")
    save = args.save or kept.get("save")
    save_to = Path(save).expanduser() if save else None
    settings: dict[str, Any] = {"counting": counting, "delay": delay}
    if save_to is not None:
        settings["save"] = str(save_to)
    bots = {
        seat: make_player(kind, seed=None if seed is None else seed * 31 + seat,
                          counting=counting)
        for seat, kind in enumerate(seats) if kind != HUMAN
    }
    full_screen = full_screen_wanted(args, console)

    def make_session(ui: UI) -> PlaySession:
        from fives.tui.session import PlaySession

        return PlaySession(
            game, seats, bots, ui=ui, lang=lang, tally=not args.no_tally,
            delay=delay if console.is_terminal else 0.0, think=think or None,
            save_to=save_to, seed=seed, settings=settings,
        )

    if full_screen:
        return run_app(lang, make_session, console, args.no_color)
    from fives.tui.plain import PlainUI

    return make_session(PlainUI(console, ask)).run()


def check_save_target(args: argparse.Namespace, lang: str) -> None:
    """``--save FILE`` never replaces a file that is there, unless it is the game resumed."""
    if not args.save:
        return
    path = Path(args.save).expanduser()
    resumed = Path(args.resume).expanduser() if args.resume else None
    if path.exists() and (resumed is None or not path.samefile(resumed)):
        raise usage_error("tui.err_save_exists", lang, path=args.save)


def resumed_settings(path_text: str) -> dict[str, Any]:
    """The settings a saved game keeps (``fives.tui.saving.settings_from_meta``)."""
    import json

    from fives.tui.saving import settings_from_meta

    try:
        meta = json.loads(Path(path_text).expanduser().read_text(encoding="utf-8"))["meta"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    return settings_from_meta(meta) if isinstance(meta, dict) else {}


def full_screen_wanted(args: argparse.Namespace, console: Any) -> bool:
    """The full-screen app in a real terminal; the line mode for --plain, pipes, TERM=dumb or
    without Textual."""
    if args.plain or not console.is_terminal or console.is_dumb_terminal:
        return False
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    try:
        import textual  # noqa: F401
    except ImportError:
        return False
    return True


def run_app(lang: str, make_session: Callable[[Any], PlaySession], console: Any,
            no_color: bool) -> int:
    """The game on the full screen; its results and last words printed once it has left."""
    import os

    from fives.tui.app import FivesApp

    if no_color:
        os.environ["NO_COLOR"] = "1"  # Textual reads it when it starts
    app = FivesApp(lang, make_session)
    app.run()
    for part in app.ui.results_parts:
        console.print(part)
    for line in app.ui.goodbye:
        console.print(line, soft_wrap=True, highlight=False, markup=False)
    if app.fault is not None:
        raise app.fault
    return app.status
