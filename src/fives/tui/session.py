"""One game of ``fives play``: the turn loop, the commands at the prompt, undo, save.

The session draws nothing itself: it talks to the player through a :class:`fives.tui.ui.UI`
(the full-screen app or the line mode), and every line typed comes in through
:meth:`PlaySession.answer`, the one place that turns text into a move or a command.
``EOFError`` and ``KeyboardInterrupt`` from ``ask`` end the session after saving the game.
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from fives.claims import callers
from fives.events import DrawEvent, HandEndEvent, PlayEvent
from fives.i18n import os_error_text, text
from fives.moves import CLAIM_MAX, Move
from fives.solitaire import deck_sources
from fives.tui import commands
from fives.tui.commands import COMMANDS, NO, YES, own_moves
from fives.tui.hands import hand_summaries, last_choice
from fives.tui.narrator import Narrator
from fives.tui.saving import (
    HUMAN,
    command_name,
    default_save_path,
    session_meta,
    write_new,
    write_over,
)
from fives.tui.screen import HandSummary, Names, scores_table, summary_table
from fives.tui.ui import UI, Ask, Moment, Pause, Steps, T, Think, Work

if TYPE_CHECKING:
    from fives.bots import Player
    from fives.game import Game
    from fives.record_writer import RecordJSON
    from fives.tiles import Tile
    from fives.views import SeatView

__all__ = ["COMMANDS", "HUMAN", "NO", "YES", "PlaySession", "SessionEnd", "hand_summaries",
           "last_choice"]


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
        ui: UI,
        lang: str = "en",
        tally: bool = True,
        delay: float = 0.0,
        think: float | None = None,
        save_to: Path | None = None,
        seed: int | None = None,
        settings: Mapping[str, Any] | None = None,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.bots = bots
        self.ui = ui
        self.lang = lang
        self.tally = tally
        self.delay = delay
        self.think = think
        self.save_to = save_to
        self.seed = seed
        self.settings = dict(settings or {})  # what --resume restores (saving.session_meta)
        self.humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        names = seat_names(game.rules.players, self.seats, lang)
        self.names = Names(
            seats=names, sides=side_names(game, names, lang),
            you=self.humans[0] if len(self.humans) == 1 else None, lang=lang,
        )
        self.narrator = Narrator(self.names, lang)
        self.last_node: int | None = None
        self.last_drawn: dict[int, Tile] = {}
        self.offered: tuple[int, int] | None = None  # the window a person was offered (§9 O1)
        self.facing: int | None = None  # the human whose hand is on screen (hot seat)
        self.history = hand_summaries(game)
        self.moved = False  # a person has played in this session
        # The record as of the last completed action: what Ctrl-C saves.
        self.safe_record: RecordJSON = self.record()

    # ------------------------------------------------------------------ helpers
    def t(self, key: str, **params: Any) -> str:
        return text(key, self.lang, **params)

    def record(self) -> RecordJSON:
        """The game's record, with who sat where and the language in its ``meta`` (§12.3), so
        that ``--resume`` restores them."""
        return self.game.to_record(meta=session_meta(self.seats, self.think, self.lang,
                                                     self.seed, self.settings))

    def say(self, line: Text | str) -> None:
        self.ui.say(line if isinstance(line, Text) else Text(line))

    def error(self, message: str) -> None:
        self.say(Text(message, style="bold red"))

    def viewer(self) -> int | None:
        if self.names.you is not None:
            return self.names.you
        return self.facing

    def who(self, seat: int) -> str:
        return self.names.seat(seat)

    def moment(self, moves: Sequence[Move] = ()) -> Moment:
        """What the seat on screen sees, from the projection (the counted total's parts, what
        each move would count and score, the reveal)."""
        from fives.projection import project

        seat = self.viewer()
        view = self.game.view(seat)
        shown = project(self.game, seat)
        moves = list(moves)
        scored: dict[str, tuple[int, int]] = {}
        for entry in (shown.seat or {}).get("legal_moves") or []:
            total, points = entry["total"], entry["points"]
            if entry["kind"] in ("lead", "place") and total is not None and points is not None:
                scored[entry["notation"]] = (total, points)
        return Moment(
            view=view, viewer=seat, names=self.names, lang=self.lang, tally=self.tally,
            deck=deck_sources(self.game) or None, moves=moves,
            outcomes=[scored.get(m.notation(explicit=True)) for m in moves],
            last_node=self.last_node,
            drawn=self.last_drawn.get(seat) if seat is not None else None,
            history=list(self.history), public=shown.public,
        )

    # ------------------------------------------------------------------ the loop
    def run(self) -> int:
        """The whole game, its questions asked through the UI's ``ask`` (the line mode)."""
        return self.drive(self.steps())

    def drive(self, steps: Steps[T]) -> T:
        """Runs ``steps`` to their end here: each question asked with the UI's ``ask``, each bot
        move chosen, each pause slept. What goes wrong meanwhile (Ctrl-C, Ctrl-D, a closed
        output) is raised inside the steps, where the game is. The full-screen app drives the
        same steps with messages instead (``fives.tui.app``)."""
        reply: Any = None
        error: BaseException | None = None
        while True:
            try:
                request = steps.throw(error) if error is not None else steps.send(reply)
            except StopIteration as stop:
                return stop.value  # type: ignore[no-any-return]
            reply, error = None, None
            try:
                if isinstance(request, Ask):
                    reply = self.ui.ask(request.prompt)
                elif isinstance(request, Think):
                    reply = self.bot_move(request.seat)
                elif isinstance(request, Work):
                    reply = request.job()
                else:
                    time.sleep(request.seconds)
            except (Exception, KeyboardInterrupt) as exc:
                error = exc

    def ask(self, prompt: str) -> Steps[str]:
        answer = yield Ask(prompt)
        assert isinstance(answer, str)
        return answer

    def bot_move(self, seat: int) -> Move:
        """The bot's choice in this position (its thinking time, if any)."""
        from fives.bots import Budget

        budget = Budget(seconds=self.think) if self.think else None
        return self.bots[seat].choose(self.game.view(seat), budget)

    def steps(self) -> Steps[int]:
        """The game from here to its end, one request at a time (:class:`fives.tui.ui.Ask`,
        ``Think``, ``Pause``): the exit status at the end."""
        try:
            yield from self.loop()
        except SessionEnd as end:
            return end.status
        except (KeyboardInterrupt, EOFError) as exc:
            with ignoring_interrupts():  # a second Ctrl-C must not cut the save short
                self.save_on_exit()
            return 130 if isinstance(exc, KeyboardInterrupt) else 0
        except OSError:
            # The output is gone (`| head`, a full disk): nothing more is said (the command
            # says the one error), and the game is kept, quietly, only if a person played in
            # it: a game nobody touched left no file behind.
            if self.moved:
                with ignoring_interrupts(), contextlib.suppress(OSError, ValueError):
                    self.write_safe(self.save_to or default_save_path(self.game.rules.name))
            raise
        except Exception:
            # A fault of the program (an engine or bot error): keep the game, then report it.
            self.save_on_exit()
            raise
        return 0

    def save_on_exit(self) -> None:
        """Keep the game as of the last action, and say where (on standard error when the
        output is gone: ``| tee log`` dies with the same Ctrl-C)."""
        path = self.save_to or default_save_path(self.game.rules.name)
        try:
            self.write_safe(path)
        except (OSError, ValueError) as err:
            self.ui.bye(self.t("tui.save_failed", path=str(path),
                               reason=os_error_text(err, self.lang)))
            return
        self.ui.bye(self.t("tui.saved_on_exit", path=str(path)) + "\n" + self.resume_hint(path))

    def loop(self) -> Steps[None]:
        if self.game.phase_name == "play" and not self.game.history:
            self.hand_starts()
        while True:
            game = self.game  # undo replaces the game object
            if game.is_over:
                yield from self.finish()
                return
            if game.phase_name == "hand_over":
                yield from self.between_hands()
                continue
            if (yield from self.calls()):
                continue
            seat = game.turn
            if self.seats[seat] == HUMAN:
                yield from self.human_turn(seat)
            else:
                yield from self.bot_turn(seat)

    def between_hands(self) -> Steps[None]:
        game = self.game
        if game.last_hand_end is not None:
            prompt = self.t("tui.press_enter_next_hand") if self.humans else None
            if self.ui.hand_end(self.moment(), None, prompt) and prompt is not None:
                yield from self.ask(prompt)
        if not self.humans:
            yield Pause(3 * self.delay)
        game.next_hand()
        self.narrator.clear()
        self.last_node = None
        self.last_drawn.clear()
        self.safe_record = self.record()
        self.hand_starts()

    def hand_starts(self) -> None:
        """'Hand 2: North leads.' (the projection's event while no action is made yet)."""
        from fives.projection import public_part

        self.narrator.entries(self.game, public_part(self.game)["events"])
        self.ui.actions(self.narrator)

    # ------------------------------------------------------------------ muggins (§9 O1)
    def calls(self) -> Steps[bool]:
        """After a placement under muggins claims, the seats that may call, in turn order from
        the placer: a person is offered muggins when the claim was short (once a window), a bot
        calls as it counts. True when somebody called."""
        game = self.game
        window = game.call_window
        if window is None:
            return False
        key = (game.hand_number, len(game.history))
        for seat in callers(game.rules, window.placer):
            if self.seats[seat] == HUMAN:
                if window.claim >= window.score or self.offered == key:
                    continue
                self.offered = key
                if (yield from self.yes(self.t("tui.muggins_offer", who=self.who(window.placer),
                                               claim=window.claim), default=False)):
                    yield from self.apply(Move.muggins(seat))
                    return True
            else:
                call = self.bots[seat].call(game.view(seat))
                if call is not None:
                    yield from self.apply(call)
                    return True
        return False

    def ask_claim(self) -> Steps[int]:
        """The points a person claims for the tile they place (asked with no hint)."""
        while True:
            answer = (yield from self.ask(self.t("tui.claim_ask"))).strip()
            if answer.isdigit() and int(answer) <= CLAIM_MAX:
                return int(answer)
            if answer:
                self.error(self.t("tui.claim_bad", value=answer))

    # ------------------------------------------------------------------ acting
    def apply(self, move: Move) -> Steps[None]:
        from fives.projection import explain_events

        if (self.game.rules.muggins_claims and move.kind in ("lead", "place")
                and move.claim < 0):
            move = move.with_claim((yield from self.ask_claim()))  # a person's tile: they count
        before = tuple(self.game.scores)
        events = self.game.play(move)
        self.safe_record = self.record()
        own: list[str] = []  # the tiles the player on screen drew: theirs to see
        for event in events:
            if isinstance(event, PlayEvent):
                self.last_drawn.pop(event.seat, None)
                self.last_node = len(self.game.layout.to_json()["nodes"])
            elif isinstance(event, DrawEvent) and (
                    self.names.you == event.seat or self.facing == event.seat):
                self.last_drawn[event.seat] = event.tile
                own.append(f"{event.tile.high}-{event.tile.low}")
            elif isinstance(event, HandEndEvent):
                self.history.append(HandSummary(event.hand, event.result, event.winner,
                                                tuple(event.scores)))
        self.narrator.entries(self.game, explain_events(self.game, events, before), own)
        self.ui.actions(self.narrator)

    def bot_turn(self, seat: int) -> Steps[None]:
        self.ui.thinking(self.who(seat))
        try:
            move = yield Think(seat)  # chosen by the driver (the app: in a worker thread)
        finally:
            self.ui.thinking(None)
        assert isinstance(move, Move)
        yield from self.apply(move)
        if self.game.phase_name == "play":
            self.ui.show(self.moment())
            yield Pause(self.delay)

    def human_turn(self, seat: int) -> Steps[None]:
        if len(self.humans) > 1 and self.facing != seat:
            # Hot seat: nobody's hand on screen until the next player says they are there.
            self.facing = None
            prompt = self.t("tui.handover", who=self.who(seat))
            self.ui.handover(self.moment(), prompt)
            yield from self.ask(prompt)
            self.facing = seat
        view = self.game.view(seat)
        moves = own_moves(view)
        if len(moves) == 1 and moves[0].kind in ("draw", "pass"):
            yield from self.apply(moves[0])  # nothing to choose: draw or pass for the player
            if self.game.phase_name == "play":
                self.ui.show(self.moment())
                yield Pause(self.delay)
            return
        self.ui.show(self.moment(moves))
        while True:
            line = yield from self.ask(self.t("tui.prompt", who=self.who(seat)))
            if (yield from self.answer(line, seat, view, moves)):
                self.moved = True
                if len(self.humans) > 1:
                    self.facing = None  # the hand leaves the screen with the player's move
                return
            if self.game.turn != seat or self.game.phase_name != "play":
                return  # a call typed here reached the target: the game is over
            view = self.game.view(seat)  # a call may have changed the position
            moves = own_moves(view)

    def answer(self, line: str, seat: int, view: SeatView, moves: list[Move]) -> Steps[bool]:
        """One line typed at the move prompt (or sent by a click): a move's number, a move in
        notation, or a command. True when the turn is over. Every way of playing goes through
        here."""
        answer = line.strip()
        if not answer:
            self.ui.show(self.moment(moves))
            return False
        game = self.game
        done = yield from commands.execute(self, commands.read(answer), seat, view, moves)
        if not done and self.game is not game:  # undone: another position, other moves
            self.ui.show(self.moment(own_moves(self.game.view(seat))))
        return done

    # ------------------------------------------------------------------ saving
    def write_safe(self, path: Path) -> None:
        """The record as of the last completed action, into this game's own file (``--save``,
        or a new file in the save folder): no question asked."""
        if path == self.save_to:
            write_over(path, self.safe_record)
        else:
            write_new(path, self.safe_record)

    def save(self, path: Path, *, quiet: bool = False) -> Steps[Path | None]:
        """Save to a file the player named; a file already there is replaced only on a yes."""
        try:
            if path == self.save_to:
                write_over(path, self.safe_record)
            else:
                try:
                    write_new(path, self.safe_record)
                except FileExistsError:
                    if not (yield from self.yes(self.t("tui.app.overwrite_ask",
                                                       path=str(path)))):
                        self.say(self.t("tui.app.not_overwritten", path=str(path)))
                        return None
                    write_over(path, self.safe_record)
        except (OSError, ValueError) as err:  # ValueError: a name the system refuses (NUL)
            reason = os_error_text(err, self.lang)
            self.error(self.t("tui.save_failed", path=str(path), reason=reason))
            return None
        if not quiet:
            self.say(Text(self.t("tui.saved", path=str(path)), style="bold"))
        return path

    def yes(self, prompt: str, *, default: bool = False) -> Steps[bool]:
        """A yes or no question, asked until the answer is one (Enter: ``default``)."""
        while True:
            answer = (yield from self.ask(prompt)).strip().lower()
            if not answer:
                return default
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.error(self.t("tui.yes_or_no", value=answer))

    def quit(self) -> Steps[None]:
        """Leave, after asking whether to save (and where, until the save succeeds)."""
        if not (yield from self.yes(self.t("tui.quit_save_ask"), default=True)):
            self.ui.bye(self.t("tui.not_saved"))  # read once the game has left the screen
            raise SessionEnd(0)
        default = self.save_to or default_save_path(self.game.rules.name)
        while True:
            name = (yield from self.ask(self.t("tui.quit_file_ask", path=str(default)))).strip()
            path = yield from self.save(Path(name).expanduser() if name else default)
            if path is not None:
                self.ui.bye(self.resume_hint(path))
                raise SessionEnd(0)

    def resume_hint(self, path: Path) -> str:
        """The exact command that goes on with this game (seats and language are in its meta)."""
        import shlex

        return self.t("tui.resume_hint", command=command_name() + " play",
                      path=shlex.quote(str(path)))

    # ------------------------------------------------------------------ the end
    def finish(self) -> Steps[None]:
        game = self.game
        winner = game.winner
        won: Text | None = None
        if winner is not None:
            mine = self.names.you is not None and game.rules.side_of(self.names.you) == winner
            key = "tui.game_won_you" if mine else "tui.game_won"
            won = Text(self.t(key, who=self.names.side(winner)), style="bold green")
        if game.last_hand_end is not None:
            prompt = self.t("tui.press_enter_results") if self.humans else None
            if self.ui.hand_end(self.moment(), won, prompt) and prompt is not None:
                yield from self.ask(prompt)
        parts: list[Any] = [Text("")]
        if won is not None:
            parts.append(won)
        parts.append(scores_table(game.rules, game.scores, self.names, self.lang,
                                  tally=self.tally, deck=deck_sources(game)))
        parts.append(summary_table(self.history, self.names, self.lang, game.rules.sides))
        self.ui.results(parts)
        if self.save_to is not None:
            if (yield from self.save(self.save_to)) is None:  # keep the record somewhere
                yield from self.save(default_save_path(game.rules.name))
            return
        if not self.humans:
            return
        try:
            wanted = yield from self.yes(self.t("tui.end_save_ask"))
        except EOFError:
            wanted = False
        if not wanted:
            return
        default = default_save_path(game.rules.name)
        while True:
            try:
                name = (yield from self.ask(self.t("tui.quit_file_ask",
                                                   path=str(default)))).strip()
            except EOFError:
                return
            if (yield from self.save(Path(name).expanduser() if name else default)) is not None:
                return
