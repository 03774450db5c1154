"""``hint`` and ``undo`` at the prompt (``fives.tui.commands.hint`` and ``undo``).

The hint asks the strongest level that can rank the position (expert, then heuristic, then
greedy) for its top three within 0.3 s, and shows each move's number and words, then "best" or
how far it is behind in the points the screen shows (the searching levels rank in the table's
raw points: a fifth of them under Five Up's unit), "next" under muggins claims, and the
solitaire advisor's expected points. The ranking bots here are stand-ins whose answers are set by
each test: what is checked is what the player reads of a given ranking.

Undo goes back to the player's previous lead or placement in this hand, by replaying the record
cut there; never past the end of a hand, never in a hot-seat game."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pytest

import fives.bots
from fives.bots import Budget, Candidate
from fives.moves import Move
from fives.tiles import Tile
from fives.tui.session import PlaySession, hand_summaries, last_choice
from tui.prompt_session import Recorder, listed, play_until, start, typed

if TYPE_CHECKING:
    from fives.views import SeatView


@dataclass
class Advisors:
    """Stand-ins for ``make_player``: the levels in ``answering`` rank with ``ranked``; the
    others raise ``failure``. Every call is kept."""

    ranked: list[Candidate]
    answering: tuple[str, ...] = ("expert",)
    failure: type[Exception] = NotImplementedError
    # (level, seed, top, budget, the view's seat) of each explain()
    calls: list[tuple[str, int | None, int, Budget | None, int | None]] = field(
        default_factory=list)

    def make(self, level: str | int, *, seed: int | None = None,
             counting: str = "exact") -> Advisor:
        return Advisor(self, str(level), seed)


@dataclass
class Advisor:
    advisors: Advisors
    level: str
    seed: int | None

    def explain(self, view: SeatView, top: int = 3,
                budget: Budget | None = None) -> list[Candidate]:
        self.advisors.calls.append((self.level, self.seed, top, budget, view.seat))
        if self.level not in self.advisors.answering:
            raise self.advisors.failure(self.level)
        return self.advisors.ranked


def advise(monkeypatch: pytest.MonkeyPatch, advisors: Advisors) -> Advisors:
    monkeypatch.setattr(fives.bots, "make_player", advisors.make)
    return advisors


def leading(preset: str = "five-up", lang: str = "en") -> tuple[PlaySession, Recorder]:
    """Seat 0 to lead the first tile of a hand."""
    seats = ("human",) if "solitaire" in preset else ("human", "greedy")
    s, ui = start(preset, lang=lang, seats=seats, seed=3)
    play_until(s, lambda s: s.game.turn == 0 and s.game.layout.count == 0
               and len(listed(s)) >= 3)
    return s, ui


def lead_words(move: Move, lang: str = "en") -> str:
    assert move.tile is not None
    word = {"en": "lead", "fr": "ouvrir avec"}[lang]
    return f"{word} [{move.touching}|{move.tile.other(move.touching)}]"


def not_listed(s: PlaySession) -> Move:
    """A lead of a tile the player does not hold (no number on the list)."""
    hand = s.game.view(0).hand
    return Move.lead(next(Tile(a, b) for a in range(6, -1, -1) for b in range(a + 1)
                          if Tile(a, b) not in hand))


def hint_lines(ui: Recorder) -> list[str]:
    [lines] = ui.overlays
    return [line.plain for line in lines]


BEHIND = "{value} points against the best (the bot's estimate for the hand)"


@pytest.mark.parametrize(("answering", "scale"), [
    (("expert",), 5), (("heuristic",), 5), (("greedy",), 1),
])
def test_the_strongest_level_that_answers_ranks_in_the_screens_points(
        monkeypatch: pytest.MonkeyPatch, answering: tuple[str, ...], scale: int) -> None:
    s, ui = leading()
    moves = listed(s)
    ranked = [Candidate(moves[1], 7.5), Candidate(moves[0], 2.5), Candidate(not_listed(s), -5.0)]
    advisors = advise(monkeypatch, Advisors(ranked, answering=answering))
    assert typed(s, "hint") is False
    levels = ["expert", "heuristic", "greedy"]
    asked = levels[: levels.index(answering[0]) + 1]
    assert advisors.calls == [(level, 3, 3, Budget(seconds=0.3), 0) for level in asked]  # seed 3
    assert hint_lines(ui) == [
        "Hint from the strongest bot (best first):",
        f"  2) {lead_words(moves[1])}  best",
        f"  1) {lead_words(moves[0])}  " + BEHIND.format(value=f"{-5.0 / scale:+.1f}"),
        f"  ?) {lead_words(ranked[2].move)}  " + BEHIND.format(value=f"{-12.5 / scale:+.1f}"),
    ]
    assert ui.said == []


def test_the_hint_in_raw_points_and_its_styles(monkeypatch: pytest.MonkeyPatch) -> None:
    s, ui = leading("multiples-of-five")
    moves = listed(s)
    advise(monkeypatch, Advisors([Candidate(moves[0], 4.0), Candidate(moves[2], 1.5)]))
    assert typed(s, "indice") is False
    [lines] = ui.overlays
    assert [line.plain for line in lines] == [
        "Hint from the strongest bot (best first):",
        f"  1) {lead_words(moves[0])}  best",
        f"  3) {lead_words(moves[2])}  " + BEHIND.format(value="-2.5"),
    ]
    assert str(lines[0].style) == "bold"
    first = lines[1]
    styled = [(first.plain[span.start:span.end], str(span.style)) for span in first.spans]
    assert str(first.style) == "bold cyan"  # the line's own style: its number stands out
    assert ("best", "bold green") in styled


def test_the_hint_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    s, ui = leading(lang="fr")
    moves = listed(s)
    advise(monkeypatch, Advisors([Candidate(moves[0], 5.0), Candidate(moves[1], 0.0)]))
    assert typed(s, "conseil") is False
    assert hint_lines(ui) == [
        "Indice du robot le plus fort (le meilleur d'abord) :",
        f"  1) {lead_words(moves[0], 'fr')}  le meilleur",
        f"  2) {lead_words(moves[1], 'fr')}  -1.0 points par rapport au meilleur (estimation du "
        "robot pour la manche)",
    ]


def test_under_claims_the_hint_ranks_without_values(monkeypatch: pytest.MonkeyPatch) -> None:
    s, ui = leading("muggins-1868")
    moves = listed(s)
    advise(monkeypatch, Advisors([Candidate(moves[0], 9.0), Candidate(moves[1], 3.0),
                                  Candidate(moves[2], 1.0)]))
    assert typed(s, "hint") is False
    assert hint_lines(ui) == [
        "Hint from the strongest bot (best first):",
        f"  1) {lead_words(moves[0])}  best",
        f"  2) {lead_words(moves[1])}  next",
        f"  3) {lead_words(moves[2])}  next",
    ]


def test_the_solitaire_advisor_gives_the_expected_points_and_the_odds(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s, ui = start("five-up-solitaire", seats=("human",), seed=3)
    play_until(s, lambda s: "draw" in [m.kind for m in listed(s)] and len(listed(s)) > 1)
    moves = listed(s)
    draw = moves.index(Move.draw()) + 1
    place = next(m for m in moves if m.kind in ("lead", "place"))
    ranked = [
        Candidate(place, 6.0, points=2.0, against=0.75),
        Candidate(Move.draw(), 1.0, points=-1.25 + 0.01, against=3.0, odds=0.7),
        Candidate(moves[0], 0.0, points=1.0),  # no expectation for the deck: none shown
    ]
    advise(monkeypatch, Advisors(ranked))
    assert typed(s, "hint") is False
    [lines] = ui.overlays
    plain = [line.plain for line in lines]
    number = moves.index(place) + 1
    assert plain[1].startswith(f"  {number}) ") and plain[1].endswith(
        "  best  expected: you +2.0, the deck +0.8")
    assert plain[2] == (f"  {draw}) draw anyway: +3 to the deck  "
                        + BEHIND.format(value="-1.0")
                        + "  expected: you -1.2, the deck +3.0"
                        + "; the tile drawn scores at once in 70% of the deals")
    assert plain[3].endswith("  " + BEHIND.format(value="-1.2"))
    second = lines[2]
    dim = [second.plain[span.start:span.end] for span in second.spans if str(span.style) == "dim"]
    assert dim == ["  expected: you -1.2, the deck +3.0",
                   "; the tile drawn scores at once in 70% of the deals"]


def test_expected_points_are_the_solitaires_only(monkeypatch: pytest.MonkeyPatch) -> None:
    s, ui = leading()
    moves = listed(s)
    advise(monkeypatch, Advisors([Candidate(moves[0], 1.0, points=1.0, against=2.0, odds=0.5)]))
    assert typed(s, "hint") is False
    assert hint_lines(ui)[1:] == [f"  1) {lead_words(moves[0])}  best"]


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "No hint available."), ("fr", "Pas d'indice disponible."),
])
@pytest.mark.parametrize("why", ["no level ranks", "a level is missing", "nothing ranked",
                                 "no bots"])
def test_no_hint_when_no_level_can_rank(monkeypatch: pytest.MonkeyPatch, lang: str,
                                        message: str, why: str) -> None:
    s, ui = leading(lang=lang)
    if why == "no bots":
        monkeypatch.setitem(sys.modules, "fives.bots", None)
    else:
        advisors = advise(monkeypatch, Advisors(
            [], answering=("greedy",) if why == "nothing ranked" else (),
            failure=ImportError if why == "a level is missing" else NotImplementedError))
    assert typed(s, "hint") is False
    assert ui.errors == [message]
    assert ui.overlays == []
    if why != "no bots":
        assert [c[0] for c in advisors.calls] == ["expert", "heuristic", "greedy"]


def test_the_hint_asks_for_the_view_given(monkeypatch: pytest.MonkeyPatch) -> None:
    from fives.tui import commands

    s, ui = leading()
    moves = listed(s)
    advisors = advise(monkeypatch, Advisors([Candidate(moves[0], 1.0)]))
    s.drive(commands.hint(s, s.game.view(1), moves))
    assert [c[4] for c in advisors.calls] == [1]
    assert hint_lines(ui)[1] == f"  1) {lead_words(moves[0])}  best"


# ---------------------------------------------------------------------------- undo
def placed_in_this_hand(s: PlaySession) -> bool:
    record = s.game.to_record()
    found = last_choice(record, 0)
    return (s.game.turn == 0 and found is not None and found[0] == len(record["hands"]) - 1
            and len(record["hands"]) > 1)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Back to your previous turn."), ("fr", "Retour à votre tour précédent."),
])
def test_undo_replays_the_record_cut_before_the_last_placement(lang: str, said: str) -> None:
    s, ui = start(lang=lang)
    play_until(s, placed_in_this_hand)
    record = s.game.to_record()
    hand_index, action_index = last_choice(record, 0) or (-1, -1)
    history = list(s.history)
    assert history  # hands ended before this one
    s.last_node = 5
    assert typed(s, "undo" if lang == "en" else "annuler") is True
    after = s.game.to_record()
    assert after["hands"][:-1] == record["hands"][:-1]
    assert after["hands"][-1]["actions"] == record["hands"][hand_index]["actions"][:action_index]
    assert after["hands"][-1]["hands"] == record["hands"][-1]["hands"]
    assert s.game.turn == 0
    assert s.safe_record == s.record() and s.safe_record["hands"] == after["hands"]
    assert s.history == history == hand_summaries(s.game)
    assert s.last_node is None
    [line] = s.narrator.log
    assert (line.plain, str(line.style)) == (said, "bold magenta")
    assert ui.narrated == [s.narrator]
    assert ui.said == []


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "Nothing to undo: you have not played yet."),
    ("fr", "Rien à annuler : vous n'avez pas encore joué."),
])
def test_undo_before_the_first_placement(lang: str, message: str) -> None:
    s, ui = start(lang=lang)
    play_until(s, lambda s: s.game.turn == 0)
    before = s.game
    assert typed(s, "u") is False
    assert ui.errors == [message]
    assert s.game is before


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "Undo cannot go back past the end of a hand: its tiles have been shown."),
    ("fr", "Impossible d'annuler au-delà de la fin d'une manche : ses dominos ont été montrés."),
])
def test_undo_never_crosses_the_end_of_a_hand(lang: str, message: str) -> None:
    s, ui = start(lang=lang)

    def new_hand(s: PlaySession) -> bool:
        record = s.game.to_record()
        found = last_choice(record, 0)
        return (s.game.turn == 0 and found is not None
                and found[0] < len(record["hands"]) - 1)

    play_until(s, new_hand)
    before = s.game
    assert typed(s, "undo") is False
    assert ui.errors == [message]
    assert s.game is before


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "Undo is only for games against bots."),
    ("fr", "Annuler n'existe que contre des robots."),
])
def test_undo_in_a_hot_seat_game(lang: str, message: str) -> None:
    s, ui = start(lang=lang, seats=("human", "human"))
    play_until(s, placed_in_this_hand)
    before = s.game
    assert typed(s, "undo") is False
    assert ui.errors == [message]
    assert s.game is before


def test_undo_in_the_solitaire() -> None:
    s, _ui = start("five-up-solitaire", seats=("human",))
    play_until(s, lambda s: s.game.layout.count > 2)
    record = s.game.to_record()
    hand_index, action_index = last_choice(record, 0) or (-1, -1)
    assert typed(s, "undo") is True
    assert s.game.to_record()["hands"][-1]["actions"] == (
        record["hands"][hand_index]["actions"][:action_index])
