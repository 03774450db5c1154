"""What ``rules`` and ``tally`` show at the prompt (``fives.tui.commands.rules_lines``, ``tally``
and ``score_sheet``): the preset's rules and the options in play; each side's score, Five Up's
paper tally under it, and the score sheet, its columns aligned in both languages."""

from __future__ import annotations

import pytest
from rich.text import Text

from fives.i18n import text
from fives.tui.commands import rules_lines, score_sheet, tally
from fives.tui.screen import HandSummary
from fives.tui.tally import tally_lines
from tui.prompt_session import play_until, start, typed


def plain_and_style(lines: list[Text]) -> list[tuple[str, str]]:
    return [(line.plain, str(line.style)) for line in lines]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_rules_and_the_options_in_play_sorted(lang: str) -> None:
    s, ui = start(seats=("human", "greedy", "greedy"), lang=lang,
                  options={"target": 100, "hand_size": 6})
    assert typed(s, "rules" if lang == "en" else "règles") is False
    shown = {"en": "Options in play: hand_size=6, target=100",
             "fr": "Options en jeu : hand_size=6, target=100"}[lang]
    assert [plain_and_style(lines) for lines in ui.overlays] == [[
        (text("preset.rules.five-up", lang), ""), (shown, "italic")]]
    assert text("preset.rules.five-up", lang).startswith(
        {"en": "Two to four players", "fr": "De deux à quatre joueurs"}[lang])


@pytest.mark.parametrize(("preset", "seats"), [
    ("five-up", ("human", "greedy", "greedy")), ("all-fives", ("human", "greedy")),
])
def test_the_number_of_players_is_no_option_shown(preset: str, seats: tuple[str, ...]) -> None:
    s, _ui = start(preset, seats=seats)
    assert plain_and_style(rules_lines(s)) == [(text(f"preset.rules.{preset}", "en"), "")]


def test_one_option_alone() -> None:
    s, _ui = start("all-fives", options={"target": 250})
    assert plain_and_style(rules_lines(s))[1:] == [("Options in play: target=250", "italic")]


HISTORY = [
    HandSummary(1, "out", 0, (5, 0, 0)),
    HandSummary(2, "blocked", None, (5, 12, 3)),
    HandSummary(10, "target", 1, (61, 72, 0)),
]


def test_the_score_sheet_in_english() -> None:
    s, _ui = start(seats=("human", "heuristic", "greedy"))
    s.history = list(HISTORY)
    assert plain_and_style(score_sheet(s)) == [
        ("   Hand  Ended      You  West (heuris  North (greed", "bold"),
        ("      1  out          5             0             0", ""),
        ("      2  blocked      5            12             3", ""),
        ("     10  target      61            72             0", ""),
    ]


def test_the_score_sheet_in_french_keeps_its_columns_under_their_headings() -> None:
    s, _ui = start(seats=("human", "heuristic", "greedy"), lang="fr")
    s.history = list(HISTORY)
    assert plain_and_style(score_sheet(s)) == [
        ("  Manche  Fin        Vous  Ouest (heuri  Nord (glouto", "bold"),
        ("       1  domino        5             0             0", ""),
        ("       2  bloquée       5            12             3", ""),
        ("      10  objectif     61            72             0", ""),
    ]


def test_the_score_sheets_result_column_fits_its_heading() -> None:
    s, _ui = start(seats=("human", "greedy"))
    s.history = [HandSummary(1, "out", 0, (5, 0))]
    assert [line.plain for line in score_sheet(s)] == [
        "   Hand  Ended    You  North (greed",
        "      1  out        5             0",
    ]


def test_the_tally_shows_each_sides_score_then_the_score_sheet() -> None:
    s, ui = start(seats=("human", "greedy"))
    s.history = [HandSummary(1, "out", 0, (5, 0))]
    assert typed(s, "scores") is False
    [lines] = ui.overlays
    scores = list(s.game.scores)
    rows = [[(f"  {row}", "dim") for row in tally_lines(score, per_row=10)] for score in scores]
    assert plain_and_style(lines) == [
        (f"You: {scores[0]}", "bold"), *rows[0],
        (f"North (greedy): {scores[1]}", "bold"), *rows[1],
        ("Scores after each hand", "bold"),
        *plain_and_style(score_sheet(s)),
    ]


def test_no_tally_leaves_the_paper_tally_out() -> None:
    """``--no-tally``: the scores and the sheet, without the strokes."""
    s, ui = start(seats=("human", "greedy"))
    s.tally = False
    s.history = [HandSummary(1, "out", 0, (5, 0))]
    assert typed(s, "tally") is False
    [lines] = ui.overlays
    scores = list(s.game.scores)
    assert plain_and_style(lines) == [
        (f"You: {scores[0]}", "bold"), (f"North (greedy): {scores[1]}", "bold"),
        ("Scores after each hand", "bold"), *plain_and_style(score_sheet(s)),
    ]


def test_the_paper_tally_stands_ten_fifties_a_row() -> None:
    s, _ui = start(seats=("human", "greedy"), options={"target": 300})
    play_until(s, lambda s: max(s.game.scores) > 110, limit=5000)
    lines = [x.plain for x in tally(s)]
    score = max(s.game.scores)
    side = list(s.game.scores).index(score)
    heading = lines.index(("You: ", "North (greedy): ")[side] + str(score))
    rows = tally_lines(score, per_row=10)
    assert len(rows) == 11  # ten fifties, a blank row, then the rest
    assert lines[heading + 1: heading + 12] == [f"  {row}" for row in rows]


@pytest.mark.parametrize(("preset", "lang", "names"), [
    ("all-fives", "en", ("You", "North (greedy)")),
    ("block", "fr", ("Vous", "Nord (glouton)")),
])
def test_other_games_have_no_paper_tally_and_no_sheet_before_a_hand_ends(
        preset: str, lang: str, names: tuple[str, str]) -> None:
    s, _ui = start(preset, seats=("human", "greedy"), lang=lang)
    assert plain_and_style(tally(s)) == [(f"{names[0]}: 0", "bold"), (f"{names[1]}: 0", "bold")]


def test_the_solitaire_has_the_paper_tally() -> None:
    s, _ui = start("five-up-solitaire", seats=("human",))
    deck = s.game.scores[1]
    assert deck > 0  # the handicap
    assert plain_and_style(tally(s)) == [
        ("You: 0", "bold"), (f"{text('tui.the_deck', 'en')}: {deck}", "bold"),
        *[(f"  {row}", "dim") for row in tally_lines(deck, per_row=10)]]
