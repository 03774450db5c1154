"""A game review as plain text, in English or French: the table of decisions and the summary
per seat. ``fives analyse`` prints it; the terminal's review screen (``fives.tui.review``)
shows the same lines."""

from __future__ import annotations

import textwrap

from fives.bots.review import CLASSES, Decision, Review
from fives.i18n import text
from fives.text_table import Column, format_table


def class_name(klass: str, lang: str) -> str:
    return text(f"review.class.{klass}", lang)


def _num(value: float | None, digits: int = 2) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _win(d: Decision) -> str:
    if d.win_before is None or d.win_after is None:
        return "-"
    return f"{100 * (d.win_after - d.win_before):+.0f}%"


def decision_rows(review: Review, lang: str) -> list[list[str]]:
    return [[str(d.hand), str(d.index), str(d.seat), d.played, d.best, _num(d.loss),
             class_name(d.klass, lang), _win(d)] for d in review.decisions]


def decision_columns(review: Review, lang: str) -> list[Column]:
    unit = text(f"review.unit.{review.unit}", lang)
    return [
        Column(text("review.col_hand", lang), keep=5),
        Column(text("review.col_action", lang), keep=5),
        Column(text("review.col_seat", lang), keep=6),
        Column(text("review.col_played", lang), right=False, keep=9),
        Column(text("review.col_best", lang), right=False, keep=8),
        Column(text("review.col_loss", lang, unit=unit), keep=9),
        Column(text("review.col_class", lang), right=False, keep=9),
        Column(text("review.col_win", lang), keep=1),
    ]


def summary_lines(review: Review, lang: str, width: int = 80) -> list[str]:
    """The summary per seat: a table (decisions, mean loss, accuracy), then each seat's count
    of decisions per class on a line of its own (so that no class is dropped for width)."""
    columns = [Column(text("review.col_seat", lang), keep=9),
               Column(text("review.col_decisions", lang), keep=8),
               Column(text("review.col_mean_loss", lang,
                           unit=text(f"review.unit.{review.unit}", lang)), keep=8),
               Column(text("review.col_accuracy", lang), keep=8)]
    rows = [[str(s.seat), str(s.decisions), _num(s.mean_loss), _num(s.accuracy, 1)]
            for s in review.seats]
    lines, _ = format_table(columns, rows, width)
    for s in review.seats:
        counts = ", ".join(f"{class_name(c, lang)} {s.classes[c]}" for c in CLASSES)
        lines.append(text("review.seat_classes", lang, seat=s.seat, counts=counts))
    return lines


def review_lines(review: Review, lang: str, width: int = 80) -> list[str]:
    """The whole review: the decisions table, then the summary per seat."""
    out: list[str] = []
    if review.decisions:
        lines, _ = format_table(decision_columns(review, lang), decision_rows(review, lang),
                                width)
        out += lines
    else:
        out.append(text("review.no_decisions", lang))
    out.append("")
    out.append(text("review.summary", lang))
    out += summary_lines(review, lang, width)
    out.append("")
    out += textwrap.wrap(text("review.accuracy_note", lang), width)
    return out
