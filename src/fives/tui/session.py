"""One game of ``fives play``: the turn loop, the commands at the prompt, undo, save.

The session talks to the player through two things only: a rich ``Console`` for output and an
``ask(prompt) -> str`` function for input (``EOFError`` and ``KeyboardInterrupt`` end the
session after saving the game). Tests drive it with scripted answers and a recording console.
"""

from __future__ import annotations

import contextlib
import copy
import json
import os
import shlex
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from fives.errors import FivesError
from fives.events import DrawEvent, GameEndEvent, HandEndEvent, PassEvent, PlayEvent
from fives.i18n import os_error_text, text
from fives.solitaire import deck_sources
from fives.tui.frame import (
    FrameParts,
    board_of,
    compose,
    hand_text,
    move_words,
    moves_grid,
    overdraw_cost,
    score_lines,
    wrap,
    wrap_text,
)
from fives.tui.layout_view import counted_parts
from fives.tui.screen import (
    TALLY_PRESETS,
    HandSummary,
    Names,
    hand_line,
    header,
    layout_block,
    moves_table,
    others_line,
    reveal_tables,
    scores_table,
    sum_text,
    summary_table,
)
from fives.tui.tally import tally_lines

if TYPE_CHECKING:
    from fives.bots import Player
    from fives.events import Event
    from fives.game import Game
    from fives.moves import Move
    from fives.record import RecordJSON
    from fives.views import SeatView

HUMAN = "human"
LOG_LINES = 8  # actions kept on screen
HINT_SECONDS = 0.3
SAVE_DIR_ENV = "FIVES_SAVE_DIR"

Ask = Callable[[str], str]
YES = ("", "y", "yes", "o", "oui")
NO = ("n", "no", "non")

COMMANDS = {
    "help": ("help", "h", "?", "aide"),
    "hint": ("hint", "indice", "conseil"),
    "undo": ("undo", "u", "annuler"),
    "save": ("save", "sauver", "enregistrer"),
    "rules": ("rules", "regles", "règles"),
    "quit": ("quit", "q", "exit", "quitter"),
    "moves": ("moves", "coups", "board", "table"),
    "tally": ("tally", "scores", "marque"),
}


@dataclass
class DrawRun:
    seat: int
    tiles: list[str]
    deck: int


class SessionEnd(Exception):
    """The player left (quit, Ctrl-C, Ctrl-D); the status to exit with."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


@contextmanager
def ignoring_interrupts() -> Iterator[None]:
    """SIGINT ignored for the duration (main thread only; elsewhere nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


def default_save_dir() -> Path:
    base = os.environ.get(SAVE_DIR_ENV)
    return Path(base) if base else Path.home() / ".local" / "share" / "fives" / "saved"


def default_save_path(preset: str) -> Path:
    folder = default_save_dir()
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / f"{preset}-{stamp}.json"
    number = 1
    while path.exists():  # never overwrite an earlier game saved in the same second
        number += 1
        path = folder / f"{preset}-{stamp}-{number}.json"
    return path


def seat_names(players: int, seats: Sequence[str], lang: str) -> list[str]:
    """Compass names, clockwise from the first seat; bots say their level; a lone human is 'you'."""
    compass = {1: ["S"], 2: ["S", "N"], 3: ["S", "W", "N"], 4: ["S", "W", "N", "E"]}[players]
    humans = [i for i, kind in enumerate(seats) if kind == HUMAN]
    names = []
    for seat, kind in enumerate(seats):
        place = text(f"tui.compass_{compass[seat]}", lang)
        if kind == HUMAN:
            names.append(text("tui.you", lang) if len(humans) == 1 else place)
        else:
            level = text(f"tui.level_{kind}", lang)
            names.append(text("tui.bot_name", lang, place=place, level=level))
    return names


def side_names(game: Game, names: list[str], lang: str) -> list[str]:
    rules = game.rules
    if rules.is_solitaire:
        return [names[0], text("tui.the_deck", lang)]
    if rules.partnerships:
        return [text("tui.partners", lang, a=names[s], b=names[s + 2]) for s in range(2)]
    return list(names)


class PlaySession:
    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        bots: dict[int, Player],
        *,
        console: Console,
        ask: Ask,
        lang: str = "en",
        tally: bool = True,
        delay: float = 0.0,
        think: float | None = None,
        save_to: Path | None = None,
        seed: int | None = None,
        plain: bool = False,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.bots = bots
        self.console = console
        self.ask = ask
        self.lang = lang
        self.tally = tally
        self.delay = delay
        self.think = think
        self.save_to = save_to
        self.seed = seed
        # Full screen in a terminal (one fitted frame per redraw, on the alternate screen);
        # otherwise (--plain, pipes, screen readers) lines printed as things happen.
        self.live = console.is_terminal and not plain
        self.private_screen = False
        self.messages: list[Text] = []  # errors and hints, shown in the next frame
        self.overlay: list[Text] | None = None  # help, rules, tally: instead of the picture
        self.extra: list[Text] = []  # lines another part of the game adds above the hand
        self.humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        names = seat_names(game.rules.players, self.seats, lang)
        self.names = Names(
            seats=names, sides=side_names(game, names, lang),
            you=self.humans[0] if len(self.humans) == 1 else None, lang=lang,
        )
        self.log: list[Text] = []
        self.last_node: int | None = None
        self.last_drawn: dict[int, Any] = {}
        self.facing: int | None = None  # the human whose hand is on screen (hot seat)
        self.history = hand_summaries(game)
        self.draw_run: DrawRun | None = None
        # The record as of the last completed action: what Ctrl-C saves.
        self.safe_record: RecordJSON = self.record()

    # ------------------------------------------------------------------ output helpers
    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def record(self) -> RecordJSON:
        """The game's record, with who sat where and the language in its ``meta`` (§12.3), so
        that ``--resume`` restores them."""
        return self.game.to_record(meta=session_meta(self.seats, self.think, self.lang,
                                                     self.seed))

    def say(self, renderable: RenderableType | str) -> None:
        """Print, or in full screen keep a line of text for the next frame."""
        if self.live and self.private_screen and isinstance(renderable, str | Text):
            line = renderable if isinstance(renderable, Text) else Text(renderable)
            for part in line.split("\n"):
                self.messages.extend(wrap_text(part, self.width()))
            return
        # Lines of text are left to the terminal to wrap, so paths and commands stay whole.
        self.console.print(renderable, soft_wrap=isinstance(renderable, str | Text))

    def width(self) -> int:
        return max(20, self.console.size.width - 1)

    def height(self) -> int:
        return max(6, self.console.size.height - 1)  # the last row is the prompt's

    def show(self, parts: FrameParts) -> None:
        """Clear the screen and draw one frame that fits it."""
        lines = compose(parts, self.width(), self.height())
        self.console.clear()
        self.console.print(Text("\n").join(lines), overflow="crop", no_wrap=True, crop=True,
                           soft_wrap=False)

    def frame_parts(self, moves: Sequence[Move] = (),
                    outcomes: Sequence[tuple[int, int] | None] = ()) -> FrameParts:
        """The play frame for the seat on screen (nobody's hand between hot-seat players)."""
        seat = self.viewer()
        view = self.game.view(seat)
        width = self.width()
        rules = self.game.rules
        title = Text(self.t("tui.screen_title", game=text(f"preset.name.{rules.name}", self.lang),
                            hand=view.hand_number, target=rules.target), style="bold blue")
        turn_side = rules.side_of(view.turn) if view.phase == "play" else None
        tiles = {self.who(s): n for s, n in enumerate(view.hand_sizes) if s != seat}
        scores = score_lines(self.names.sides, view.scores, turn_side, tiles,
                             view.boneyard_size if rules.drawing else None, self.lang, width,
                             deck_sources(self.game))
        board, data = board_of(view, width, self.last_node)
        below: list[Text] = []
        if not data.get("nodes"):
            below.append(Text(self.t("tui.layout_empty"), style="italic"))
        elif rules.scoring != "none":
            below.append(Text(self.t("tui.count_is", sum=sum_text(data), total=data["total"]),
                              style="bold"))
        bottom: list[Text] = []
        if seat is not None and view.phase == "play":
            bottom += hand_text(view, self.lang, self.last_drawn.get(seat), width)
            if moves:
                labels = []
                for move, outcome in zip(moves, outcomes, strict=True):
                    label = move_words(move, data, board, self.lang,
                                       overdraw_cost(view, moves))
                    if outcome is not None and rules.scoring != "none":
                        total, points = outcome
                        label.append(f" → {total}", style="dim")
                        if points:
                            label.append(f", +{points}", style="bold green")
                    labels.append(label)
                bottom += moves_grid(labels, width)
            elif view.turn != seat:
                bottom.append(Text(self.t("tui.waiting_for", who=self.who(view.turn)),
                                   style="dim"))
        actions = [line for entry in self.log for line in wrap_text(entry, width)]
        return FrameParts(
            title=title, scores=scores, board=board, focus=self.last_node, below_board=below,
            actions=actions, extra=list(self.extra), overlay=self.overlay,
            messages=list(self.messages), bottom=bottom, lang=self.lang,
        )

    def note(self, line: Text) -> None:
        """An action line: kept in the on-screen log, printed at once when not redrawing."""
        self.end_draw_run()
        self.log.append(line)
        del self.log[:-LOG_LINES]
        if not self.live:
            self.say(line)

    def viewer(self) -> int | None:
        if self.names.you is not None:
            return self.names.you
        return self.facing

    def is_you(self, seat: int) -> bool:
        return self.names.you == seat

    def who(self, seat: int) -> str:
        return self.names.seat(seat)

    def screen(self, moves: Sequence[Move] = (), outcomes: Sequence[tuple[int, int] | None] = (),
               ) -> Group:
        seat = self.viewer()
        view = self.game.view(seat)
        width = max(40, self.console.width - 2)
        parts: list[RenderableType] = [header(view, self.names, self.lang)]
        turn_side = self.game.rules.side_of(view.turn) if view.phase == "play" else None
        parts.append(scores_table(self.game.rules, view.scores, self.names, self.lang,
                                  tally=self.tally, turn_side=turn_side,
                                  deck=deck_sources(self.game)))
        parts.append(layout_block(view, self.lang, last=self.last_node, width=width))
        parts.append(others_line(view, self.names, self.lang))
        if self.log and self.live:  # otherwise each action was printed as it happened
            parts.append(Text(self.t("tui.last_actions"), style="bold"))
            parts.append(Padding(Group(*self.log), (0, 0, 0, 2), expand=False))
        if seat is not None and view.phase == "play":
            parts.append(hand_line(view.hand, self.lang, drawn=self.last_drawn.get(seat)))
            if moves:
                parts.append(Text(self.t("tui.your_moves"), style="bold"))
                parts.append(Padding(moves_table(view, moves, self.lang, outcomes),
                                     (0, 0, 0, 2), expand=False))
            elif view.phase == "play" and view.turn != seat:
                parts.append(Text(self.t("tui.waiting_for", who=self.who(view.turn)), style="dim"))
        return Group(*parts)

    def redraw(self, moves: Sequence[Move] = (),
               outcomes: Sequence[tuple[int, int] | None] = ()) -> None:
        if self.live:
            self.show(self.frame_parts(moves, outcomes))
            return
        self.end_draw_run()  # print the pending draw line before the screen
        self.say(self.screen(moves, outcomes))

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        # Full screen: the alternate screen, which has no scrollback (in a hot-seat game nobody
        # can scroll back to the previous player's hand).
        self.private_screen = self.live
        if self.private_screen:
            self.console.set_alt_screen(True)
        try:
            self.loop()
        except SessionEnd as end:
            return end.status
        except (KeyboardInterrupt, EOFError) as exc:
            with ignoring_interrupts():  # a second Ctrl-C must not cut the save short
                self.leave_private_screen()
                self.say("")
                path = self.save(self.save_to or default_save_path(self.game.rules.name),
                                 quiet=True)
                if path is not None:
                    self.say(Text(self.t("tui.saved_on_exit", path=str(path)), style="bold"))
                    self.say(self.resume_hint(path))
            return 130 if isinstance(exc, KeyboardInterrupt) else 0
        except BrokenPipeError:
            # The output was closed (`| head`): keep the game without a word, then stop.
            with ignoring_interrupts(), contextlib.suppress(OSError, ValueError):
                self.write_record(self.save_to or default_save_path(self.game.rules.name))
            raise
        except Exception:
            # A fault of the program (an engine or bot error): keep the game, then report it.
            self.leave_private_screen()
            path = self.save(self.save_to or default_save_path(self.game.rules.name),
                             quiet=True)
            if path is not None:
                self.say(Text(self.t("tui.saved_on_exit", path=str(path)), style="bold"))
            raise
        finally:
            self.leave_private_screen()
        return 0

    def leave_private_screen(self) -> None:
        if self.private_screen:
            self.console.set_alt_screen(False)
            self.private_screen = False

    def loop(self) -> None:
        if self.game.phase_name == "play" and not self.game.history:
            self.announce_hand()
        while True:
            game = self.game  # undo replaces the game object
            if game.is_over:
                self.finish()
                return
            if game.phase_name == "hand_over":
                reveal = game.last_hand_end
                if self.live and reveal is not None:
                    self.hand_end_frame(reveal)
                if self.humans:
                    self.pause(self.t("tui.press_enter_next_hand"))
                elif self.live:
                    time.sleep(3 * self.delay)
                game.next_hand()
                self.log.clear()
                self.last_node = None
                self.last_drawn.clear()
                self.safe_record = self.record()
                self.announce_hand()
                continue
            seat = game.turn
            if self.seats[seat] == HUMAN:
                self.human_turn(seat)
            else:
                self.bot_turn(seat)

    def announce_hand(self) -> None:
        leader = self.game.turn
        key = "tui.hand_starts_you" if self.is_you(leader) else "tui.hand_starts"
        self.note(Text(self.t(key, hand=self.game.hand_number, who=self.who(leader)),
                       style="bold blue"))

    def pause(self, prompt: str) -> None:
        self.ask(prompt)

    # ------------------------------------------------------------------ acting
    def apply(self, move: Move) -> None:
        seat = self.game.turn
        before = tuple(self.game.scores)
        events = self.game.play(move)
        self.safe_record = self.record()
        for event in events:
            self.explain(event, seat, before)

    def bot_turn(self, seat: int) -> None:
        from fives.bots import Budget

        view = self.game.view(seat)
        budget = Budget(seconds=self.think) if self.think else None
        move = self.bots[seat].choose(view, budget)
        self.apply(move)
        self.show_action()

    def show_action(self) -> None:
        """Redraw after an action (the reveal stays on screen when the hand is over)."""
        if self.live and self.game.phase_name == "play":
            self.redraw()
            time.sleep(self.delay)

    def human_turn(self, seat: int) -> None:
        if len(self.humans) > 1 and self.facing != seat:
            # Hot seat: hide the last player's hand before showing the next one.
            self.facing = None
            if self.live:
                self.redraw()
            else:
                self.say(self.screen())
            self.pause(self.t("tui.handover", who=self.who(seat)))
            self.facing = seat
        view = self.game.view(seat)
        moves = list(view.legal_moves)
        if len(moves) == 1 and moves[0].kind in ("draw", "pass"):
            self.apply(moves[0])  # nothing to choose: draw or pass for the player
            self.show_action()
            return
        outcomes = [self.outcome(view, m) for m in moves]
        self.redraw(moves, outcomes)
        while True:
            answer = self.ask(self.t("tui.prompt", who=self.who(seat))).strip()
            self.messages.clear()
            self.overlay = None
            if not answer:
                if self.live:
                    self.redraw(moves, outcomes)
                continue
            if self.live:
                # what the command says goes into the next frame
                done = self.command(answer, seat, view, moves, outcomes)
                if done:
                    if len(self.humans) > 1:
                        self.facing = None
                    return
                if self.game.turn == seat and self.game.phase_name == "play":
                    view = self.game.view(seat)  # undo may have changed the position
                    moves = list(view.legal_moves)
                    outcomes = [self.outcome(view, m) for m in moves]
                self.redraw(moves, outcomes)
                continue
            if self.command(answer, seat, view, moves, outcomes):
                if len(self.humans) > 1:
                    self.facing = None  # the hand leaves the screen with the player's move
                return

    def outcome(self, view: SeatView, move: Move) -> tuple[int, int] | None:
        """What a placement would make the count and score (public arithmetic, for the list)."""
        if move.kind not in ("lead", "place"):
            return None
        layout = view.layout.copy()
        layout.apply(move)
        return layout.total, view.rules.score_of_total(layout.total)

    def command(self, answer: str, seat: int, view: SeatView, moves: list[Move],
                outcomes: list[tuple[int, int] | None]) -> bool:
        """Handle one line typed at the prompt; True when the turn is over."""
        word, _, rest = answer.partition(" ")
        word_l = word.lower()
        if answer.isdigit():
            index = int(answer)
            if not 1 <= index <= len(moves):
                self.error(self.t("tui.bad_number", value=answer, count=len(moves)))
                return False
            self.apply(moves[index - 1])
            return True
        if word_l in COMMANDS["help"] and self.live:
            self.overlay = [line for para in self.t("tui.help_text").split("\n")
                            for line in wrap(para, self.width())]
        elif word_l in COMMANDS["help"]:
            self.say(Text(self.t("tui.help_text")))
        elif word_l in COMMANDS["tally"] and self.live:
            self.overlay = self.tally_lines()
        elif word_l in COMMANDS["hint"]:
            self.hint(view, moves)
        elif word_l in COMMANDS["rules"]:
            self.show_rules()
        elif word_l in COMMANDS["moves"]:
            self.redraw(moves, outcomes)
        elif word_l in COMMANDS["save"]:
            target = rest.strip()
            if not target:
                self.error(self.t("tui.save_needs_file"))
            else:
                self.save(Path(target).expanduser())
        elif word_l in COMMANDS["undo"]:
            return self.undo(seat)
        elif word_l in COMMANDS["quit"]:
            self.quit()
        else:
            return self.typed_move(answer, moves)
        return False

    def typed_move(self, answer: str, moves: list[Move]) -> bool:
        """A move typed in notation (``6-3``, ``6-3@2``, ``draw``); refused in player words:
        a tile not held, a tile that cannot go there, or the numbers to type instead. A bare
        tile (``6-3``) is played where it fits when there is one place only."""
        from fives.moves import parse_notation

        count = len(moves)
        try:
            parsed = parse_notation(answer)
        except FivesError:
            self.error(self.t("tui.not_understood", value=answer, count=count))
            return False
        if parsed.kind in ("draw", "pass"):
            chosen = [m for m in moves if m.kind == parsed.kind]
            if not chosen:
                self.error(self.t("tui.not_now", what=self.t(f"tui.move_{parsed.kind}"),
                                  count=count))
                return False
            cost = overdraw_cost(self.game.view(self.game.turn), moves)
            if parsed.kind == "draw" and cost:
                # RULES.md §4.3: a typed "draw" beside a placement is an overdraw; it costs the
                # deck's points, so it is asked for again (its numbered line says the price).
                answer = self.ask(self.t("tui.overdraw_ask", cost=cost)).strip().lower()
                if answer not in YES or not answer:
                    self.say(self.t("tui.overdraw_not"))
                    return False
            self.apply(chosen[0])
            return True
        tile = parsed.tile
        assert tile is not None
        shown = f"[{tile.high}|{tile.low}]"
        if tile not in self.game.view(self.game.turn).hand:
            self.error(self.t("tui.not_held", tile=shown, count=count))
            return False
        fits = [m for m in moves if m.tile == tile]
        if any(m.form for m in fits):  # the sniff: the form typed, else the option's (§9 O4)
            fits = [m for m in fits if m.form == (parsed.form or self.game.rules.sniff)]
        if parsed.kind == "place":  # 6-3@2: the 6 against tile #2
            fits = [m for m in fits if m.node == parsed.node and m.touching == parsed.touching
                    and (not parsed.port or m.port == parsed.port)]
        elif len(fits) > 1:  # 6-3 alone: the 6 first (a lead's west half, else the side touching)
            fits = [m for m in fits if m.touching == parsed.touching] or fits
        if len(fits) == 1 or (fits and parsed.kind == "place"):
            self.apply(fits[0])
            return True
        if fits:
            numbers = ", ".join(str(moves.index(m) + 1) for m in fits)
            self.error(self.t("tui.which", tile=shown, numbers=numbers))
        else:
            self.error(self.t("tui.cannot_go", tile=shown, count=count))
        return False

    def error(self, message: str) -> None:
        self.say(Text(message, style="bold red"))

    # ------------------------------------------------------------------ commands
    def hint(self, view: SeatView, moves: list[Move]) -> None:
        try:
            from fives.bots import Budget, make_player
        except ImportError:
            self.error(self.t("tui.hint_unavailable"))
            return
        ranked: list[Any] = []
        for level in ("expert", "heuristic", "greedy"):
            try:
                ranked = make_player(level, seed=self.seed).explain(
                    view, top=3, budget=Budget(seconds=HINT_SECONDS)
                )
                break
            except (ImportError, NotImplementedError):
                continue
        if not ranked:
            self.error(self.t("tui.hint_unavailable"))
            return
        self.say(Text(self.t("tui.hint_title"), style="bold"))
        best = ranked[0].value
        for i, cand in enumerate(ranked):
            number = moves.index(cand.move) + 1 if cand.move in moves else "?"
            line = Text(f"  {number}) ", style="bold cyan")
            line.append_text(move_words(cand.move, view.layout.to_json(), None, self.lang,
                                        overdraw_cost(view, moves)))
            line.append("  ")
            if i == 0:
                line.append(self.t("tui.hint_best"), style="bold green")
            else:
                line.append(self.t("tui.hint_behind", value=f"{cand.value - best:+.1f}"))
            if view.rules.is_solitaire and cand.points is not None and cand.against is not None:
                # The solitaire advisor: expected points of each move for the rest of the hand,
                # and for an overdraw how often the tile drawn scores at once.
                line.append("  " + self.t("tui.hint_expect", points=f"{cand.points:+.1f}",
                                          against=f"{cand.against:+.1f}"), style="dim")
                if cand.odds is not None:
                    line.append("; " + self.t("tui.hint_fish", odds=round(100 * cand.odds)),
                                style="dim")
            self.say(line)

    def show_rules(self) -> None:
        preset = self.game.rules.name
        key = f"preset.rules.{preset}"
        options = {k: v for k, v in self.game.rules.options().items() if k != "players"}
        shown = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        if self.live:
            self.overlay = wrap(self.t(key), self.width())
            if options:
                self.overlay += wrap(self.t("tui.options_in_play", options=shown), self.width(),
                                     style="italic")
            return
        self.say(Text(self.t(key)))
        if options:
            self.say(Text(self.t("tui.options_in_play", options=shown), style="italic"))

    def tally_lines(self) -> list[Text]:
        """The scores on demand: Five Up's paper tally, or the scores after each hand."""
        rules = self.game.rules
        lines: list[Text] = []
        for side, score in enumerate(self.game.scores):
            lines.append(Text(f"{self.names.side(side)}: {score}", style="bold"))
            if rules.name in TALLY_PRESETS:
                per_row = max(1, (self.width() - 2) // 7)
                lines += [Text("  " + row, style="dim")
                          for row in tally_lines(score, per_row=per_row)]
        if self.history:
            lines.append(Text(self.t("tui.summary_title"), style="bold"))
            for h in self.history:
                lines.append(Text(f"  {h.hand:>2}  {self.t('tui.result_' + h.result):<10} "
                                  + "  ".join(f"{x:>4}" for x in h.scores)))
        return lines

    def resume_hint(self, path: Path) -> str:
        """The exact command that goes on with this game (seats and language are in its meta)."""
        return self.t("tui.resume_hint", command=command_name() + " play",
                      path=shlex.quote(str(path)))

    def write_record(self, path: Path) -> None:
        """Write the record as of the last completed action (OSError or ValueError if not)."""
        if path.parent == default_save_dir():  # ours to create; a player's path is not
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.safe_record, indent=1) + "\n", encoding="utf-8")

    def save(self, path: Path, *, quiet: bool = False) -> Path | None:
        try:
            self.write_record(path)
        except (OSError, ValueError) as err:  # ValueError: a name the system refuses (NUL)
            reason = os_error_text(err, self.lang)
            self.error(self.t("tui.save_failed", path=str(path), reason=reason))
            return None
        if not quiet:
            self.say(Text(self.t("tui.saved", path=str(path)), style="bold"))
        return path

    def quit(self) -> None:
        """Leave, after asking whether to save (and where, until the save succeeds)."""
        self.leave_private_screen()
        while True:
            answer = self.ask(self.t("tui.quit_save_ask")).strip().lower()
            if answer in YES or answer in NO:
                break
            self.error(self.t("tui.yes_or_no", value=answer))
        if answer in NO:
            self.say(self.t("tui.not_saved"))
            raise SessionEnd(0)
        default = self.save_to or default_save_path(self.game.rules.name)
        while True:
            name = self.ask(self.t("tui.quit_file_ask", path=str(default))).strip()
            path = self.save(Path(name).expanduser() if name else default)
            if path is not None:
                self.say(self.resume_hint(path))
                raise SessionEnd(0)

    def undo(self, seat: int) -> bool:
        """Back to this player's previous turn, by replaying the record without the actions
        since then. Only against bots: with several humans the others would lose their moves."""
        from fives.record import game_from_record

        if len(self.humans) != 1:
            self.error(self.t("tui.undo_hot_seat"))
            return False
        record = self.game.to_record()
        target = last_choice(record, seat)
        if target is None:
            self.error(self.t("tui.undo_nothing"))
            return False
        hand_index, action_index = target
        if hand_index != len(record["hands"]) - 1:  # the hands before were revealed
            self.error(self.t("tui.undo_reveal"))
            return False
        trimmed = copy.deepcopy(record)
        trimmed["hands"] = trimmed["hands"][: hand_index + 1]
        trimmed["hands"][hand_index]["actions"] = (
            trimmed["hands"][hand_index]["actions"][:action_index]
        )
        self.game = game_from_record(trimmed)
        self.safe_record = self.record()
        self.log.clear()
        self.last_node = None
        self.history = hand_summaries(self.game)
        self.note(Text(self.t("tui.undone"), style="bold magenta"))
        return True

    # ------------------------------------------------------------------ explaining
    def explain(self, event: Event, seat: int, before: tuple[int, ...]) -> None:
        """Turn one event into a line of the log (``before``: the scores before the action)."""
        if isinstance(event, PlayEvent):
            self.explain_play(event)
        elif isinstance(event, DrawEvent):
            self.explain_draw(event, before)
        elif isinstance(event, PassEvent):
            key = "tui.ev_pass_you" if self.is_you(event.seat) else "tui.ev_pass"
            self.note(Text(self.t(key, who=self.who(event.seat)), style="dim"))
        elif isinstance(event, HandEndEvent):
            self.explain_hand_end(event, seat)
        elif isinstance(event, GameEndEvent):
            pass  # shown by finish()

    def explain_play(self, event: PlayEvent) -> None:
        """'North plays [6|4] on #1 (north): ends 6 + 3 + 5 + 1 = 15 -> +3'."""
        self.last_drawn.pop(event.seat, None)
        layout = self.game.layout.to_json()
        nodes = layout["nodes"]
        self.last_node = len(nodes)
        node = nodes[-1] if nodes else None
        you = "_you" if self.is_you(event.seat) else ""
        line = Text()
        shown = f"[{node['touching']}|{node['outer']}]" if node else event.move
        if node is None or node["parent"] == 0:
            line.append(self.t("tui.ev_lead" + you, who=self.who(event.seat), tile=shown))
        else:
            parent = nodes[node["parent"] - 1]
            line.append(self.t("tui.ev_place" + you, who=self.who(event.seat), tile=shown,
                               parent=f"[{parent['touching']}|{parent['outer']}]"))
        rules = self.game.rules
        if rules.scoring == "none":  # draw and block games: the ends never score
            self.note(line)
            return
        line.append(self.t("tui.action_sep"))
        count = sum_text(layout) if counted_parts(layout) else str(event.total)
        if event.points:
            line.append(self.t("tui.count_scores", sum=count, total=event.total,
                               points=event.points), style="bold green")
        else:
            line.append(self.t(f"tui.count_no_score_{rules.scoring}", sum=count, total=event.total),
                        style="dim")
        self.note(line)

    def explain_draw(self, event: DrawEvent, before: tuple[int, ...]) -> None:
        """Draws in a row by one player make one line: 'North cannot play and draws 3 tiles'."""
        if self.is_you(event.seat) or (self.facing == event.seat and len(self.humans) > 1):
            self.last_drawn[event.seat] = event.tile
        gained = [after - b for after, b in zip(event.scores, before, strict=False)]
        deck = gained[1] if self.game.rules.is_solitaire and len(gained) > 1 else 0
        shown = f"[{event.tile.high}|{event.tile.low}]"
        run = self.draw_run
        if run is not None and run.seat == event.seat:
            run.tiles.append(shown)
            run.deck += deck
            self.log[-1] = self.draw_line(run)
            return
        self.end_draw_run()
        run = DrawRun(event.seat, [shown], deck)
        self.draw_run = run
        self.log.append(self.draw_line(run))
        del self.log[:-LOG_LINES]

    def draw_line(self, run: DrawRun) -> Text:
        if self.is_you(run.seat):
            line = Text(self.t("tui.ev_draw_you", tiles=" ".join(run.tiles)))
        elif len(run.tiles) == 1:
            line = Text(self.t("tui.ev_draw", who=self.who(run.seat)))
        else:
            line = Text(self.t("tui.ev_draw_n", who=self.who(run.seat), count=len(run.tiles)))
        if run.deck:
            line.append(" " + self.t("tui.deck_gains", points=run.deck), style="yellow")
        return line

    def end_draw_run(self) -> None:
        """Close a run of draws; print its line now when the screen is not redrawn."""
        if self.draw_run is not None and not self.live:
            self.say(self.log[-1])
        self.draw_run = None

    def explain_hand_end(self, event: HandEndEvent, seat: int) -> None:
        """``seat`` made the last action: when the hand ends 'out', the player who went out."""
        if event.result == "out":
            key = "tui.hand_out_you" if self.is_you(seat) else "tui.hand_out"
            self.note(Text(self.t(key, who=self.who(seat), hand=event.hand), style="bold"))
        elif event.result == "blocked":
            self.note(Text(self.t("tui.hand_blocked", hand=event.hand), style="bold"))
        else:
            winner = self.names.side(event.winner) if event.winner is not None else "?"
            self.note(Text(self.t("tui.hand_target", who=winner, target=self.game.rules.target),
                           style="bold"))
        self.history.append(HandSummary(event.hand, event.result, event.winner,
                                        tuple(event.scores)))
        if not self.live:
            self.say(reveal_tables(self.game.rules, event, self.names, self.lang))

    def hand_end_frame(self, event: HandEndEvent, headline: Text | None = None) -> None:
        """Full screen: the table as it ended, every hand revealed, the settlement."""
        parts = self.frame_parts()
        width = self.width()
        rules = self.game.rules
        rounding = rules.settlement in ("debit_own", "winner_collects", "self_debit") or (
            rules.settlement == "side_difference" and not rules.partnerships)
        lines: list[Text] = [Text(self.t("tui.reveal_title", hand=event.hand), style="bold")]
        for seat, tiles in enumerate(event.hands):
            line = Text(f"  {self.who(seat)}: ", style="bold")
            line.append(" ".join(f"[{t.high}|{t.low}]" for t in tiles) or "-")
            pips = self.t("tui.pips_in_hand", pips=event.pips[seat])
            if rounding and event.pips[seat]:
                pips += f" → {rules.round_hand(event.pips[seat])}"
            line.append("  " + pips, style="dim")
            lines += wrap_text(line, width)
        settle = Text(self.t("tui.settlement_title") + ": ", style="bold")
        for side, after in enumerate(event.scores):
            delta = event.deltas[side]
            if side:
                settle.append("  ·  ", style="dim")
            settle.append(f"{self.names.side(side)} {after - delta} → ")
            settle.append(str(after), style="bold")
            if delta:
                settle.append(f" ({delta:+d})", style="bold yellow")
        lines += wrap_text(settle, width)
        key = ("tui.settle_target" if event.result == "target"
               else f"tui.settle_rule_{rules.settlement}")
        lines += wrap(self.t(key), width, style="italic dim")
        if headline is not None:
            lines += wrap_text(headline, width)
        parts.bottom = lines
        parts.actions = parts.actions[-1:]
        parts.scores = parts.scores[:1]
        self.show(parts)

    def finish(self) -> None:
        game = self.game
        winner = game.winner
        won: Text | None = None
        if winner is not None:
            mine = self.names.you is not None and game.rules.side_of(self.names.you) == winner
            key = "tui.game_won_you" if mine else "tui.game_won"
            won = Text(self.t(key, who=self.names.side(winner)), style="bold green")
        if self.private_screen:
            reveal = game.last_hand_end
            if reveal is not None:
                self.hand_end_frame(reveal, won)
            if self.humans:
                self.pause(self.t("tui.press_enter_results"))
            else:
                time.sleep(3 * self.delay)
            self.leave_private_screen()
            if reveal is not None:
                self.say(reveal_tables(game.rules, reveal, self.names, self.lang))
        self.say("")
        if won is not None:
            self.say(won)
        self.say(scores_table(game.rules, game.scores, self.names, self.lang, tally=self.tally,
                              deck=deck_sources(game)))
        self.say(summary_table(self.history, self.names, self.lang, game.rules.sides))
        if self.save_to is not None:
            if self.save(self.save_to) is None:  # keep the record somewhere all the same
                self.save(default_save_path(game.rules.name))
            return
        while self.humans:
            try:
                name = self.ask(self.t("tui.end_save_ask")).strip()
            except EOFError:
                name = ""
            if not name or self.save(Path(name).expanduser()) is not None:
                return


def command_name() -> str:
    """How to run this program again: ``fives`` when that is the one on PATH, else the path it
    was started by (``.venv/bin/fives``), or ``python -m fives``."""
    argv0 = sys.argv[0] if sys.argv and sys.argv[0] else "fives"
    if os.path.basename(argv0) == "fives":
        found = shutil.which("fives")
        if found and os.path.realpath(found) == os.path.realpath(argv0):
            return "fives"
        return shlex.quote(argv0)
    if argv0.endswith("__main__.py"):
        return f"{shlex.quote(sys.executable)} -m fives"
    return "fives"


def session_meta(seats: Sequence[str], think: float | None, lang: str,
                 seed: int | None) -> dict[str, Any]:
    """What a record's ``meta`` says of a terminal game: each seat (a person, or a bot's level
    and thinking time), the language, the day it was saved (UTC), the seed the bots were made
    from."""
    out: list[dict[str, Any]] = []
    for kind in seats:
        if kind == HUMAN:
            out.append({"player": HUMAN})
        else:
            out.append({"player": "bot", "level": kind, "seconds": think})
    meta: dict[str, Any] = {"client": "fives play", "seats": out, "lang": lang,
                            "date": time.strftime("%Y-%m-%d", time.gmtime())}
    if seed is not None:
        meta["seed"] = seed
    return meta


def seats_from_meta(meta: dict[str, Any], players: int) -> tuple[list[str], float | None] | None:
    """The seats and the bots' thinking time a record's ``meta`` names, or ``None`` when it
    does not say (a record from elsewhere) or says something this program cannot use."""
    from fives.bots import level_name

    seats = meta.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        return None
    kinds: list[str] = []
    think: float | None = None
    for seat in seats:
        if not isinstance(seat, dict):
            return None
        if seat.get("player") == HUMAN:
            kinds.append(HUMAN)
            continue
        try:
            kinds.append(level_name(str(seat.get("level"))))
        except ValueError:
            return None
        seconds = seat.get("seconds")
        if isinstance(seconds, int | float) and not isinstance(seconds, bool) and \
                0 < seconds <= 60:
            think = float(seconds)
    return kinds, think


def hand_summaries(game: Game) -> list[HandSummary]:
    """One line per finished hand (a resumed game brings the hands played before)."""
    return [
        HandSummary(e.hand, e.result, e.winner, tuple(e.scores))
        for e in game.events if isinstance(e, HandEndEvent)
    ]


def last_choice(record: Mapping[str, object], seat: int) -> tuple[int, int] | None:
    """(hand index, action index) of ``seat``'s last lead or placement in a record."""
    from fives.record import load_record

    events = load_record(record).replay()
    hand_index = 0
    action_index = 0
    found: tuple[int, int] | None = None
    for event in events:
        if isinstance(event, PlayEvent | DrawEvent | PassEvent):
            if isinstance(event, PlayEvent) and event.seat == seat:
                found = (hand_index, action_index)
            action_index += 1
        elif isinstance(event, HandEndEvent):
            hand_index += 1
            action_index = 0
    return found
