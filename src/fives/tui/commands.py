"""What a line typed at the move prompt does: a move by its number, a move in notation (read by
``Game.parse_move``), or one of the commands (help, hint, undo, save, rules, tally, moves,
quit), in English or French.

The same words work in the full-screen app and in ``--plain``; what they show goes through the
session's :class:`fives.tui.ui.UI`.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from fives.errors import FivesError
from fives.moves import CLAIM_MAX, Move
from fives.tui.frame import move_words, overdraw_cost
from fives.tui.hands import hand_summaries, last_choice
from fives.tui.pictures import tally_picture
from fives.tui.ui import Work

if TYPE_CHECKING:
    from fives.tui.session import PlaySession
    from fives.tui.ui import Steps
    from fives.views import SeatView

HINT_SECONDS = 0.3
YES = ("y", "yes", "o", "oui")
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
    "muggins": ("muggins", "m"),  # RULES.md §9 O1: call the last placement's short count
}
NUMBER_CLAIM = re.compile(r"(\d+)\s*=\s*(\d+)")  # "3=15": move 3 claiming 15 (§9 O1)


def own_moves(view: SeatView) -> list[Move]:
    """The moves of the seat's turn, listed and numbered: a muggins call is typed (§9 O1)."""
    return [m for m in view.legal_moves if m.kind != "muggins"]
# The move words of RULES.md §12.2 in French too.
MOVE_WORDS = {"piocher": "draw", "pioche": "draw", "passer": "pass", "passe": "pass"}


@dataclass(frozen=True)
class Command:
    """A line typed at the move prompt, read (:func:`read`) before anything is done with it:
    ``kind`` is a key of :data:`COMMANDS`, ``number`` (a move by its number, with ``claim``
    where one is typed: ``3=15``), or ``move`` (notation, in ``text``); ``text`` is also the
    file of ``save``."""

    kind: str
    text: str = ""
    number: int = 0
    claim: int | None = None


def read(answer: str) -> Command:
    """What a line typed at the prompt asks for (no game needed to read it)."""
    word, _, rest = answer.partition(" ")
    numbered = NUMBER_CLAIM.fullmatch(answer)
    if answer.isdigit() or numbered:
        return Command("number", answer, int(numbered.group(1) if numbered else answer),
                       int(numbered.group(2)) if numbered else None)
    for kind, words in COMMANDS.items():
        if word.lower() in words:
            return Command(kind, rest.strip())
    return Command("move", MOVE_WORDS.get(answer.lower(), answer))


def command(s: PlaySession, answer: str, seat: int, view: SeatView,
            moves: list[Move]) -> Steps[bool]:
    """Handle one line typed at the prompt; True when the turn is over."""
    return (yield from execute(s, read(answer), seat, view, moves))


def execute(s: PlaySession, cmd: Command, seat: int, view: SeatView,
            moves: list[Move]) -> Steps[bool]:
    """Do what a line read asks, at ``seat``'s prompt; True when the turn is over."""
    kind = cmd.kind
    if kind == "number":
        if not 1 <= cmd.number <= len(moves):
            s.error(s.t("tui.bad_number", value=cmd.text, count=len(moves)))
            return False
        move = moves[cmd.number - 1]
        if cmd.claim is not None:  # "3=15": move 3 claiming 15 (RULES.md §9 O1)
            if not s.game.rules.muggins_claims or move.kind not in ("lead", "place"):
                s.error(s.t("tui.claim_not_here", value=cmd.text))
                return False
            move = move.with_claim(min(cmd.claim, CLAIM_MAX))
        yield from s.apply(move)
        return True
    if kind == "muggins":
        return (yield from muggins(s, seat))
    if kind == "help":
        # A paragraph a line: the app's panel wraps them at its width, the line mode at 200
        s.ui.overlay([Text(p) for p in s.t("tui.help_text").split("\n")])
    elif kind == "tally":
        s.ui.overlay(tally(s))
    elif kind == "hint":
        yield from hint(s, view, moves)
    elif kind == "rules":
        s.ui.overlay(rules_lines(s))
    elif kind == "moves":
        s.ui.show(s.moment(moves))
    elif kind == "save":
        if not cmd.text:
            s.error(s.t("tui.save_needs_file"))
        else:
            yield from s.save(Path(cmd.text).expanduser())
    elif kind == "undo":
        return undo(s, seat)
    elif kind == "quit":
        yield from s.quit()
    else:
        return (yield from typed_move(s, cmd.text, moves))
    return False


def muggins(s: PlaySession, seat: int) -> Steps[bool]:
    """The player calls muggins on the last placement (RULES.md §9 O1): the turn goes on."""
    call = Move.muggins(seat)
    if call not in s.game.view(seat).legal_moves:
        s.error(s.t("tui.muggins_not_now"))
        return False
    yield from s.apply(call)
    s.ui.show(s.moment(own_moves(s.game.view(seat))))
    return False  # a call does not change whose turn it is


def typed_move(s: PlaySession, answer: str, moves: list[Move]) -> Steps[bool]:
    """A move typed in notation (``6-3``, ``6-3@2``, ``draw``), resolved by ``Game.parse_move``;
    refused in player words: a tile not held, a tile that cannot go there, or the numbers to
    type instead. A bare tile (``6-3``) is played where it fits when there is one place only."""
    from fives.moves import parse_notation

    count = len(moves)
    try:
        parsed = parse_notation(answer)
    except FivesError:
        s.error(s.t("tui.not_understood", value=answer, count=count))
        return False
    if parsed.kind in ("draw", "pass"):
        if not any(m.kind == parsed.kind for m in moves):
            s.error(s.t("tui.not_now", what=s.t(f"tui.move_{parsed.kind}"), count=count))
            return False
        cost = overdraw_cost(s.game.view(s.game.turn), moves)
        # RULES.md §4.3: a typed "draw" beside a placement is an overdraw; it costs the deck's
        # points, so it is asked for again (its numbered line says the price).
        if parsed.kind == "draw" and cost and not (
                yield from s.yes(s.t("tui.overdraw_ask", cost=cost))):
            s.say(s.t("tui.overdraw_not"))
            return False
    tile = parsed.tile
    if tile is not None and tile not in s.game.view(s.game.turn).hand:
        s.error(s.t("tui.not_held", tile=f"[{tile.high}|{tile.low}]", count=count))
        return False
    try:
        move = s.game.parse_move(answer)
    except FivesError as err:
        if err.key != "missing_claim":
            return (yield from bare_tile(s, answer, moves))
        try:  # a move typed without its claim: the claim is asked next (§9 O1)
            move = s.game.parse_move(answer + "=0").unclaimed
        except FivesError:
            return (yield from bare_tile(s, answer, moves))
    yield from s.apply(move)
    return True


def bare_tile(s: PlaySession, answer: str, moves: list[Move]) -> Steps[bool]:
    """``6-3`` alone on a table that has tiles: the one place it fits, else which numbers."""
    from fives.moves import parse_notation

    parsed = parse_notation(answer)
    tile = parsed.tile
    count = len(moves)
    if tile is None:
        s.error(s.t("tui.not_understood", value=answer, count=count))
        return False
    shown = f"[{tile.high}|{tile.low}]"
    fits = [m for m in moves if m.tile == tile and parsed.kind == "lead"]
    if any(m.form for m in fits):  # the sniff: the form typed, else the option's (§9 O4)
        fits = [m for m in fits if m.form == (parsed.form or s.game.rules.sniff)]
    if len(fits) > 1:  # the 6 first (the side touching), when that settles it
        fits = [m for m in fits if m.touching == parsed.touching] or fits
    if len(fits) == 1:
        yield from s.apply(fits[0])
        return True
    if fits:
        numbers = ", ".join(str(moves.index(m) + 1) for m in fits)
        s.error(s.t("tui.which", tile=shown, numbers=numbers))
    else:
        s.error(s.t("tui.cannot_go", tile=shown, count=count))
    return False


def undo(s: PlaySession, seat: int) -> bool:
    """Back to this player's previous turn, by replaying the record without the actions since
    then. Only against bots: with several humans the others would lose their moves."""
    from fives.record import game_from_record

    if len(s.humans) != 1:
        s.error(s.t("tui.undo_hot_seat"))
        return False
    record = s.game.to_record()
    target = last_choice(record, seat)
    if target is None:
        s.error(s.t("tui.undo_nothing"))
        return False
    hand_index, action_index = target
    if hand_index != len(record["hands"]) - 1:  # the hands before were revealed
        s.error(s.t("tui.undo_reveal"))
        return False
    trimmed = copy.deepcopy(record)
    trimmed["hands"] = trimmed["hands"][: hand_index + 1]
    trimmed["hands"][hand_index]["actions"] = trimmed["hands"][hand_index]["actions"][:action_index]
    s.game = game_from_record(trimmed)
    s.safe_record = s.record()
    s.narrator.clear()
    s.last_node = None
    s.history = hand_summaries(s.game)
    s.narrator.note(Text(s.t("tui.undone"), style="bold magenta"))
    s.ui.actions(s.narrator)
    return True


def ranked_moves(view: SeatView, seed: int | None) -> tuple[list[Any], int]:
    """The strongest bot's top three in ``view``, and what divides their values into the
    points the screen shows (a few tenths of a second: the app runs it in a worker)."""
    try:
        from fives.bots import Budget, make_player
    except ImportError:
        return [], 1
    for level in ("expert", "heuristic", "greedy"):
        try:
            ranked = make_player(level, seed=seed).explain(
                view, top=3, budget=Budget(seconds=HINT_SECONDS))
        except (ImportError, NotImplementedError):
            continue
        # The searching bots value moves in the table's raw points; greedy in the screen's.
        return ranked, 5 if view.rules.unit == "displayed" and level != "greedy" else 1
    return [], 1


def hint(s: PlaySession, view: SeatView, moves: list[Move]) -> Steps[None]:
    """The strongest bot's top three, each with how far it is behind the best in the points the
    screen shows."""
    ranked, scale = yield Work(lambda: ranked_moves(view, s.seed))
    if not ranked:
        s.error(s.t("tui.hint_unavailable"))
        return
    lines = [Text(s.t("tui.hint_title"), style="bold")]
    best = ranked[0].value
    claims = view.rules.muggins_claims  # §9 O1: the player counts; the hint ranks only
    for i, cand in enumerate(ranked):
        number = moves.index(cand.move) + 1 if cand.move in moves else "?"
        line = Text(f"  {number}) ", style="bold cyan")
        line.append_text(move_words(cand.move, view.layout.to_json(), None, s.lang,
                                    overdraw_cost(view, moves)))
        line.append("  ")
        if i == 0:
            line.append(s.t("tui.hint_best"), style="bold green")
        elif claims:
            line.append(s.t("tui.hint_next"))
        else:
            line.append(s.t("tui.hint_behind", value=f"{(cand.value - best) / scale:+.1f}"))
        if view.rules.is_solitaire and cand.points is not None and cand.against is not None:
            # The solitaire advisor: expected points of each move for the rest of the hand, and
            # for an overdraw how often the tile drawn scores at once.
            line.append("  " + s.t("tui.hint_expect", points=f"{cand.points:+.1f}",
                                   against=f"{cand.against:+.1f}"), style="dim")
            if cand.odds is not None:
                line.append("; " + s.t("tui.hint_fish", odds=round(100 * cand.odds)),
                            style="dim")
        lines.append(line)
    s.ui.overlay(lines)


def rules_lines(s: PlaySession) -> list[Text]:
    rules = s.game.rules
    options = {k: v for k, v in rules.options().items() if k != "players"}
    lines = [Text(s.t(f"preset.rules.{rules.name}"))]
    if options:
        shown = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        lines.append(Text(s.t("tui.options_in_play", options=shown), style="italic"))
    return lines


def tally(s: PlaySession) -> list[Text]:
    """The scores on demand: Five Up's paper tally, and the score sheet (each hand's result and
    the scores after it, under column headings)."""
    rules = s.game.rules
    # --no-tally: the numbers only
    lines = tally_picture(s.names.sides, s.game.scores, s.tally and rules.paper_tally)
    if s.history:
        lines.append(Text(s.t("tui.summary_title"), style="bold"))
        lines += score_sheet(s)
    return lines


def score_sheet(s: PlaySession) -> list[Text]:
    """'Hand  Result  You  North' then one row per hand, the names cut to fit four columns."""
    heads = [s.t("tui.col_hand"), s.t("tui.col_result")]
    sides = [s.names.side(i)[:12] for i in range(s.game.rules.sides)]
    results = [s.t("tui.result_" + h.result) for h in s.history]
    hand_w = max(5, len(heads[0]))  # "Manche" is wider than the hand numbers' 5
    width = max([len(heads[1]), *map(len, results)])
    cols = [max(5, len(name)) for name in sides]
    head = Text(f"  {heads[0]:>{hand_w}}  {heads[1]:<{width}}", style="bold")
    for name, w in zip(sides, cols, strict=True):
        head.append(f"  {name:>{w}}")
    out = [head]
    for h, result in zip(s.history, results, strict=True):
        row = f"  {h.hand:>{hand_w}}  {result:<{width}}"
        row += "".join(f"  {x:>{w}}" for x, w in zip(h.scores, cols, strict=False))
        out.append(Text(row))
    return out
