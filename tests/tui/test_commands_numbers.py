"""The prompt's numbers and words (``fives.tui.commands.command``): which move a number plays,
the numbers refused and the claim typed with one (RULES.md §9 O1), every word of every command in
both languages, and what each does and leaves (a command never ends the turn)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from fives.moves import CLAIM_MAX, Move
from fives.tui.commands import COMMANDS
from fives.tui.plain import cut_long
from fives.tui.session import PlaySession, SessionEnd
from tui.prompt_session import Recorder, listed, play_until, short_claim, start, typed, window


def last_action(s: PlaySession) -> str:
    return str(s.game.to_record()["hands"][-1]["actions"][-1])


def mid_hand(preset: str = "five-up", lang: str = "en",
             answers: tuple[str, ...] = ()) -> tuple[PlaySession, Recorder]:
    """Seat 0 to move with three moves or more on a table of tiles."""
    s, ui = start(preset, lang=lang, answers=answers)
    play_until(s, lambda s: s.game.turn == 0 and s.game.layout.count > 1 and len(listed(s)) >= 3)
    return s, ui


@pytest.mark.parametrize("which", ["first", "second", "last"])
def test_a_number_plays_that_line_of_the_list(which: str) -> None:
    s, ui = mid_hand()
    moves = listed(s)
    index = {"first": 1, "second": 2, "last": len(moves)}[which]
    assert typed(s, str(index)) is True
    assert last_action(s) == moves[index - 1].notation(explicit=True)
    assert ui.said == []


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "No move number {n}: choose 1 to {count}."),
    ("fr", "Pas de coup numéro {n} : choisissez entre 1 et {count}."),
])
def test_numbers_outside_the_list_are_refused(lang: str, message: str) -> None:
    s, ui = mid_hand(lang=lang)
    count = len(listed(s))
    before = s.game.to_record()
    for n in (0, count + 1, 99):
        assert typed(s, str(n)) is False
    assert ui.errors == [message.format(n=n, count=count) for n in (0, count + 1, 99)]
    assert s.game.to_record() == before


def claims_turn(lang: str = "en", answers: tuple[str, ...] = ()) -> tuple[PlaySession, Recorder]:
    """Muggins claims (§9 O1): seat 0 to place a tile, with two moves or more."""
    s, ui = start("muggins-1868", lang=lang, answers=answers)
    play_until(s, lambda s: s.game.turn == 0 and window(s) is None
               and len(listed(s)) >= 2 and all(m.kind == "place" for m in listed(s)))
    return s, ui


@pytest.mark.parametrize(("line", "claim"), [
    ("2=7", 7), ("2 = 0", 0), ("2=12", 12), (f"2={CLAIM_MAX + 5}", CLAIM_MAX),
])
def test_a_number_with_a_claim_plays_that_move_claiming_it(line: str, claim: int) -> None:
    s, ui = claims_turn()
    move = listed(s)[1]
    assert typed(s, line) is True
    assert last_action(s) == move.with_claim(claim).notation(explicit=True)
    assert ui.asked == []  # the claim typed is not asked again


def test_a_lead_by_its_number_carries_its_claim() -> None:
    s, ui = start("muggins-1868")
    play_until(s, lambda s: s.game.turn == 0 and s.game.layout.count == 0)
    move = listed(s)[0]
    assert move.kind == "lead"
    assert typed(s, "1=5") is True
    assert last_action(s) == move.with_claim(5).notation(explicit=True)
    assert ui.said == [] and ui.asked == []


def test_the_muggins_call_has_no_number() -> None:
    """With a short claim to call, the numbers are the tile moves only: the call is typed."""
    s, ui = short_claim()
    legal = list(s.game.view(0).legal_moves)
    assert Move.muggins(0) in legal
    tiles = [m for m in legal if m.kind != "muggins"]
    assert listed(s) == tiles
    before = s.game.to_record()
    assert typed(s, str(len(tiles) + 1)) is False
    assert ui.errors == [f"No move number {len(tiles) + 1}: choose 1 to {len(tiles)}."]
    assert s.game.to_record() == before


def test_the_claims_number_is_the_move_not_the_claim() -> None:
    s, _ui = claims_turn()
    moves = listed(s)
    assert typed(s, f"1={len(moves) + 1}") is True  # the claim is no move number
    assert last_action(s) == moves[0].with_claim(len(moves) + 1).notation(explicit=True)


def test_a_number_alone_under_claims_asks_the_claim() -> None:
    s, ui = claims_turn(answers=("x", "4"))
    move = listed(s)[0]
    assert typed(s, "1") is True
    assert ui.asked == ["How many points? ", "How many points? "]
    assert last_action(s) == move.with_claim(4).notation(explicit=True)


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "{value}: only a tile you place carries a claim (and only with muggins claims)."),
    ("fr", "{value} : seul un domino que vous posez porte une annonce (avec les annonces de "
           "muggins)."),
])
def test_a_claim_is_refused_without_claims_or_on_a_draw(lang: str, message: str) -> None:
    s, ui = mid_hand(lang=lang)
    before = s.game.to_record()
    assert typed(s, "1=5") is False
    assert ui.errors == [message.format(value="1=5")]
    assert s.game.to_record() == before

    s, ui = start("muggins-1868", lang=lang)
    play_until(s, lambda s: s.game.turn == 0 and [m.kind for m in listed(s)] == ["draw"])
    before = s.game.to_record()
    assert typed(s, "1=0") is False
    assert ui.errors == [message.format(value="1=0")]
    assert s.game.to_record() == before


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "No move number {value}: choose 1 to {count}."),
    ("fr", "Pas de coup numéro {value} : choisissez entre 1 et {count}."),
])
def test_a_claimed_number_outside_the_list_is_refused(lang: str, message: str) -> None:
    s, ui = claims_turn(lang=lang)
    count = len(listed(s))
    assert typed(s, f"{count + 1}=3") is False
    assert typed(s, "0=3") is False
    assert ui.errors == [message.format(value=f"{count + 1}=3", count=count),
                         message.format(value="0=3", count=count)]


ALL_WORDS = [(name, word) for name, words in COMMANDS.items() for word in words]


def test_every_command_word_is_listed() -> None:
    assert {name: set(words) for name, words in COMMANDS.items()} == {
        "help": {"help", "h", "?", "aide"},
        "hint": {"hint", "indice", "conseil"},
        "undo": {"undo", "u", "annuler"},
        "save": {"save", "sauver", "enregistrer"},
        "rules": {"rules", "regles", "règles"},
        "quit": {"quit", "q", "exit", "quitter"},
        "moves": {"moves", "coups", "board", "table"},
        "tally": {"tally", "scores", "marque"},
        "muggins": {"muggins", "m"},
    }


HELP_START = {"en": "Type the number of a move.", "fr": "Tapez le numéro d'un coup."}


@pytest.mark.parametrize("word", [*COMMANDS["help"], "HELP", "Aide"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_words_show_the_help_wrapped_at_200_columns(word: str, lang: str) -> None:
    from fives.i18n import text

    s, ui = mid_hand(lang=lang)
    assert typed(s, word) is False
    [lines] = ui.overlays
    # the session gives a paragraph a line (the app's panel wraps them at its width); the line
    # mode cuts them at 200 columns
    assert [line.plain for line in lines] == text("tui.help_text", lang).split("\n")
    plain = [part.plain for line in lines for part in cut_long(line)]
    assert plain[0].startswith(HELP_START[lang])
    assert all(len(line) <= 200 for line in plain)
    # words never cut, each line as full as the next word allows
    paragraphs = text("tui.help_text", lang).split("\n")
    assert " ".join(plain) == " ".join(paragraphs)
    assert any(len(line) > 150 for line in plain)  # long lines are kept long
    for line, after in itertools.pairwise(plain):
        if line and not any(p.endswith(line) for p in paragraphs):
            assert len(line) + 1 + len(after.split(" ")[0]) > 200, (line, after)
    assert ui.said == []


def test_no_help_line_is_wider_than_200_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    from fives.i18n import en

    words = ["w" * 21, *["v" * 9] * 18, "x"]  # 201 columns up to the last "v"
    monkeypatch.setitem(en.MESSAGES, "tui.help_text", " ".join(words))
    s, ui = mid_hand()
    assert typed(s, "help") is False
    printed = [part.plain for line in ui.overlays[0] for part in cut_long(line)]
    assert printed == [" ".join(words[:18]), "v" * 9 + " x"]
    assert len(printed[0]) == 191


@pytest.mark.parametrize("word", COMMANDS["rules"])
def test_rules_words_show_the_rules(word: str) -> None:
    from fives.i18n import text

    s, ui = mid_hand()
    assert typed(s, word.upper() if word == "rules" else word) is False
    assert [[line.plain for line in lines] for lines in ui.overlays] == [
        [text("preset.rules.five-up", "en")]]


@pytest.mark.parametrize("word", COMMANDS["tally"])
def test_tally_words_show_the_scores(word: str) -> None:
    s, ui = mid_hand()
    assert typed(s, word) is False
    [lines] = ui.overlays
    names = [f"You: {s.game.scores[0]}", f"North (greedy): {s.game.scores[1]}"]
    assert [line.plain for line in lines if line.plain in names] == names


@pytest.mark.parametrize("word", COMMANDS["moves"])
def test_moves_words_show_the_table_again_with_the_moves(word: str) -> None:
    s, ui = mid_hand()
    moves = listed(s)
    assert typed(s, word) is False
    [moment] = ui.shown
    assert moment.moves == moves and moment.viewer == 0
    assert ui.overlays == [] and ui.said == []


@pytest.mark.parametrize("word", COMMANDS["save"])
def test_save_words_save_to_the_file_named(word: str, tmp_path: Path) -> None:
    s, ui = mid_hand()
    target = tmp_path / "kept game.json"
    assert typed(s, f"{word} {target}") is False
    assert ui.lines == [f"Game saved to {target}"]
    assert json.loads(target.read_text(encoding="utf-8")) == s.record()


def test_save_expands_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    s, ui = mid_hand()
    assert typed(s, "save ~/mine.json") is False
    assert ui.lines == [f"Game saved to {tmp_path / 'mine.json'}"]
    assert (tmp_path / "mine.json").exists()


@pytest.mark.parametrize(("lang", "line", "message"), [
    ("en", "save", "save needs a file name: save FILE"),
    ("en", "save   ", "save needs a file name: save FILE"),
    ("fr", "sauver", "sauver demande un nom de fichier : sauver FICHIER"),
])
def test_save_without_a_file_name_is_refused(lang: str, line: str, message: str,
                                             tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    s, ui = mid_hand(lang=lang)
    assert typed(s, line) is False
    assert ui.errors == [message]
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("word", [*COMMANDS["quit"], "QUIT"])
def test_quit_words_leave_after_asking(word: str) -> None:
    s, ui = mid_hand(answers=("n",))
    with pytest.raises(SessionEnd) as end:
        typed(s, word)
    assert end.value.status == 0
    assert ui.asked == ["Save the game before leaving? [Y/n] > "]
    assert ui.byes == ["The game was not saved."] and ui.lines == []


def placed_in_this_hand(s: PlaySession) -> bool:
    """Seat 0 to move, and it has placed a tile in this hand already."""
    from fives.tui.session import last_choice

    record = s.game.to_record()
    found = last_choice(record, 0)
    return s.game.turn == 0 and found is not None and found[0] == len(record["hands"]) - 1


@pytest.mark.parametrize("word", COMMANDS["undo"])
def test_undo_words_go_back(word: str) -> None:
    s, _ui = start()
    play_until(s, placed_in_this_hand)
    before = s.game.to_record()
    assert typed(s, word) is True
    after = s.game.to_record()
    assert len(after["hands"][-1]["actions"]) < len(before["hands"][-1]["actions"])
    assert [line.plain for line in s.narrator.log] == ["Back to your previous turn."]


@pytest.mark.parametrize("word", COMMANDS["hint"])
def test_hint_words_give_a_hint(word: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from fives.tui import commands

    monkeypatch.setattr(commands, "HINT_SECONDS", 0.01)
    s, ui = mid_hand()
    assert typed(s, word) is False
    [lines] = ui.overlays
    assert lines[0].plain == "Hint from the strongest bot (best first):"
    assert lines[1].plain.endswith("  best")


@pytest.mark.parametrize("word", [*COMMANDS["muggins"], "M"])
def test_muggins_words_call(word: str) -> None:
    s, ui = start()
    play_until(s, lambda s: s.game.turn == 0)
    assert typed(s, word) is False
    assert ui.errors == [
        "No muggins to call now: a call comes right after an opponent's tile."]


@pytest.mark.parametrize("line", ["12abc", "1.5", "-1", "1=", "=3", "1=x"])
def test_what_only_looks_like_a_number_is_not_understood(line: str) -> None:
    s, ui = mid_hand()
    count = len(listed(s))
    before = s.game.to_record()
    assert typed(s, line) is False
    assert ui.errors == [f"{line!r} is neither a move nor a command: type a move's number "
                         f"(1 to {count}), or help."]
    assert s.game.to_record() == before


def test_a_line_is_read_into_a_command_before_anything_is_done() -> None:
    from fives.tui.commands import Command, read

    assert read("3") == Command("number", "3", 3)
    assert read("3=15") == Command("number", "3=15", 3, 15)
    assert read("save my game.json") == Command("save", "my game.json")
    assert read("AIDE") == Command("help")
    assert read("m") == Command("muggins")
    assert read("piocher") == Command("move", "draw")
    assert read("6-3@2") == Command("move", "6-3@2")
