"""`fives replay RECORD`: replay a game record through the engine (RULES.md §12.4)."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from typing import Any

from fives.cli.common import add_lang, fail
from fives.errors import FivesError
from fives.events import (
    DrawEvent,
    Event,
    GameEndEvent,
    HandEndEvent,
    MugginsEvent,
    PassEvent,
    PenaltyEvent,
    PlayEvent,
)
from fives.i18n import error_text, normalize_lang, text
from fives.record import load_record


def register(sub: Any, lang: str) -> None:
    p = sub.add_parser("replay", help=text("cli.replay.help", lang),
                       description=text("cli.replay.description", lang))
    p.add_argument("record", help=text("cli.arg_record", lang))
    p.add_argument("--format", choices=("text", "jsonl"), default="text",
                   help=text("cli.replay.format", lang))
    add_lang(p, lang)
    p.set_defaults(func=run)


def read_input(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as exc:
        raise FivesError(f"cannot read {path!r}: {exc.strerror}", key="cannot_read",
                         path=path) from None
    except UnicodeDecodeError:
        raise FivesError(f"cannot read {path!r}: not UTF-8 text", key="cannot_read",
                         path=path) from None


def run(args: argparse.Namespace) -> int:
    lang = normalize_lang(args.lang)
    out = sys.stdout
    try:
        record = load_record(read_input(args.record))
        for event in record.replay():
            if args.format == "jsonl":
                out.write(json.dumps(event.to_json(), separators=(", ", ": ")) + "\n")
            else:
                out.write(describe(event, lang, record.rules.partnerships) + "\n")
    except FivesError as exc:
        out.flush()
        return fail(error_text(exc, lang), lang)
    return 0


def _scores(scores: tuple[int, ...]) -> str:
    return " / ".join(str(s) for s in scores)


def describe(event: Event, lang: str, partnerships: bool = False) -> str:
    """One readable line (or table, at the end of a hand) for an event. Players and sides are
    numbered from 1, as people count them (records and ``--format jsonl`` count from 0)."""
    if isinstance(event, PlayEvent):
        pts = f"+{event.points}" if event.points else "0"
        return text("replay.play", lang, hand=event.hand, seat=event.seat + 1, move=event.move,
                    total=event.total, points=pts, scores=_scores(event.scores))
    if isinstance(event, DrawEvent):
        return text("replay.draw", lang, hand=event.hand, seat=event.seat + 1, tile=event.tile,
                    scores=_scores(event.scores))
    if isinstance(event, PassEvent):
        return text("replay.pass", lang, hand=event.hand, seat=event.seat + 1)
    if isinstance(event, (MugginsEvent, PenaltyEvent)):  # RULES.md §9 O1
        return text(f"replay.{event.type}", lang, hand=event.hand, seat=event.seat + 1,
                    points=event.points, scores=_scores(event.scores))
    if isinstance(event, HandEndEvent):
        result = text(f"replay.result.{event.result}", lang)
        winner = "-" if event.winner is None else str(event.winner + 1)
        lines = [text("replay.hand_end", lang, hand=event.hand, result=result, winner=winner)]
        lines.append("  " + text("replay.table_head", lang))
        for seat, pips in enumerate(event.pips):
            tiles = " ".join(f"[{t.high}|{t.low}]" for t in event.hands[seat]) or "-"
            head = f"  {seat + 1:>6}  {pips:>4}  "
            lines += textwrap.wrap(head + tiles, 79, subsequent_indent=" " * len(head))
        lines.append("  " + text("replay.deltas", lang,
                                 deltas=" / ".join(f"{d:+d}" for d in event.deltas),
                                 scores=_scores(event.scores)))
        return "\n".join(lines)
    assert isinstance(event, GameEndEvent)
    return text("replay.game_end", lang, winner=event.winner + 1, scores=_scores(event.scores))
