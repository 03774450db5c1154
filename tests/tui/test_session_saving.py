"""How a terminal game is kept (``fives.tui.session``): the save command's file and its question
before replacing one, quit, Ctrl-D, Ctrl-C, a closed output and a fault (each saving the game
as of the last action), the end-of-game save, and the exact words of each in both languages."""

from __future__ import annotations

import json
import shlex
import signal
from pathlib import Path
from typing import Any

import pytest

from fives.bots import make_player
from fives.bots.greedy import GreedyPlayer
from fives.game import Game
from fives.i18n import os_error_text
from fives.record import load_record
from fives.rules import Ruleset
from fives.tui.saving import command_name
from fives.tui.session import PlaySession, SessionEnd
from tui.scripted_ui import Answer, ScriptedUI, advance, lines

BASE_SEATS = ["human", "greedy"]


@pytest.fixture
def save_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "saved"
    monkeypatch.setenv("FIVES_SAVE_DIR", str(folder))
    return folder


def saved_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.exists() else []


def new_session(answer: Answer, *, lang: str = "en", save_to: Path | None = None,
                seed: int = 4, game: Game | None = None,
                seats: list[str] | None = None) -> tuple[PlaySession, ScriptedUI]:
    ui = ScriptedUI(answer)
    game = game or Game(Ruleset.preset("five-up", target=15), seed=seed)
    seats = seats or BASE_SEATS
    bots = {s: make_player(k, seed=s) for s, k in enumerate(seats) if k != "human"}
    return PlaySession(game, seats, bots, ui=ui, lang=lang, save_to=save_to, seed=seed), ui


def hint(path: Path, lang: str = "en") -> str:
    lead = {"en": "Continue it with:", "fr": "Pour la reprendre :"}[lang]
    return f"{lead} {command_name()} play --resume {shlex.quote(str(path))}"


def actions_in(path: Path) -> list[list[str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [hand["actions"] for hand in data["hands"]]


def finished_game(seed: int = 1, **options: Any) -> Game:
    preset = options.pop("preset", "five-up")
    return advance(Game(Ruleset.preset(preset, **options), seed=seed), seed,
                   lambda g: g.is_over)


# ---------------------------------------------------------------------- the save command


def test_save_writes_a_new_file_and_asks_before_replacing_one(tmp_path: Path,
                                                              save_dir: Path) -> None:
    target = tmp_path / "mine.json"
    s, ui = new_session(lines(["", "n", "y"]))
    assert s.drive(s.save(target)) == target
    assert ui.of("say")[-1].text == f"Game saved to {target}"
    assert ui.of("say")[-1].style == "bold"
    assert json.loads(target.read_text(encoding="utf-8")) == s.safe_record
    first = target.read_text(encoding="utf-8")
    s.game.play(s.game.view(s.game.turn).legal_moves[0])
    s.safe_record = s.record()
    question = f"{target} already exists: replace it? [y/N] > "
    for _ in range(2):  # Enter, then n: left as it was
        assert s.drive(s.save(target)) is None
        assert ui.of("ask")[-1].text == question
        assert ui.of("say")[-1].text == (
            f"{target} was left as it was; save FILE with another name.")
        assert target.read_text(encoding="utf-8") == first
    assert s.drive(s.save(target)) == target  # y
    assert json.loads(target.read_text(encoding="utf-8")) == s.safe_record
    assert target.read_text(encoding="utf-8") != first
    assert len(ui.of("ask")) == 3 and saved_files(save_dir) == []


def test_the_games_own_file_is_replaced_without_a_question(tmp_path: Path) -> None:
    own = tmp_path / "own.json"
    own.write_text("{}", encoding="utf-8")
    s, ui = new_session(lines([]), save_to=own)
    assert s.drive(s.save(own, quiet=True)) == own
    assert ui.calls == []  # no question, and quiet: not a word
    assert json.loads(own.read_text(encoding="utf-8")) == s.safe_record
    assert s.drive(s.save(own)) == own
    assert [c.text for c in ui.calls] == [f"Game saved to {own}"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_file_that_cannot_be_written_is_named_with_the_reason(tmp_path: Path,
                                                                lang: str) -> None:
    missing = tmp_path / "no" / "such" / "x.json"
    s, ui = new_session(lines([]), lang=lang)
    assert s.drive(s.save(missing)) is None
    err = FileNotFoundError(2, "No such file or directory")
    words = {"en": "Cannot save to {p}: {r}", "fr": "Impossible de sauvegarder dans {p} : {r}"}
    said = ui.last("say")
    assert said.text == words[lang].format(p=missing, r=os_error_text(err, lang))
    assert said.style == "bold red"
    assert not missing.parent.exists()
    bad = tmp_path / "nul\0.json"
    assert s.drive(s.save(bad)) is None
    reason = {"en": "embedded null byte", "fr": os_error_text(ValueError("x"), "fr")}[lang]
    assert ui.last("say").text == words[lang].format(p=bad, r=reason)
    own = tmp_path / "gone" / "own.json"
    s.save_to = own
    assert s.drive(s.save(own)) is None
    assert ui.last("say").text == words[lang].format(p=own, r=os_error_text(err, lang))


# ---------------------------------------------------------------------- yes or no


@pytest.mark.parametrize(("typed", "default", "expected"), [
    ("y", False, True), (" YES ", False, True), ("o", False, True), ("Oui", False, True),
    ("n", True, False), ("No", True, False), ("non", True, False),
    ("", True, True), ("", False, False), ("   ", True, True),
])
def test_yes_or_no(typed: str, default: bool, expected: bool) -> None:
    s, ui = new_session(lines([typed]))
    assert s.drive(s.yes("Sure? ", default=default)) is expected
    assert ui.texts("ask") == ["Sure? "] and ui.of("say") == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_anything_else_is_asked_again(lang: str) -> None:
    s, ui = new_session(lines(["maybe", "Peut-être", "n"]), lang=lang)
    assert s.drive(s.yes("Sure? ")) is False
    assert ui.texts("ask") == ["Sure? "] * 3
    words = {"en": "{v!r}: answer y (yes) or n (no).",
             "fr": "{v!r} : répondez o (oui) ou n (non)."}[lang]
    assert ui.texts("say") == [words.format(v="maybe"), words.format(v="peut-être")]
    assert {c.style for c in ui.of("say")} == {"bold red"}
    s2, _ = new_session(lines(["?"]))
    with pytest.raises(EOFError):
        s2.drive(s2.yes("Sure? "))


# ---------------------------------------------------------------------- quit


def test_quit_saves_where_the_player_says(tmp_path: Path, save_dir: Path) -> None:
    target = tmp_path / "left.json"
    s, ui = new_session(lines(["1", "quit", "", str(target)]))
    assert s.run() == 0
    asks = ui.texts("ask")
    assert asks[2] == "Save the game before leaving? [Y/n] > "
    assert asks[3].startswith(f"File name [{save_dir}/five-up-") and asks[3].endswith("] > ")
    assert ui.last("say").text == f"Game saved to {target}"
    assert ui.last("bye").text == hint(target)
    assert ui.kinds()[-1] == "bye"
    assert len(actions_in(target)[0]) >= 2  # the bot's lead, the player's move (and the bot's)
    assert saved_files(save_dir) == []


def test_quit_to_the_default_file_and_a_name_with_a_tilde(
        tmp_path: Path, save_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    s, ui = new_session(lines(["quit", "y", ""]))
    assert s.run() == 0
    (path,) = saved_files(save_dir)
    assert ui.texts("ask")[2] == f"File name [{path}] > "
    assert ui.last("bye").text == hint(path)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    s, ui = new_session(lines(["quit", "o", "~/mine.json"]), lang="fr")
    assert s.run() == 0
    assert ui.texts("ask")[1] == "Sauvegarder la partie avant de partir ? [O/n] > "
    assert ui.texts("ask")[2].startswith("Nom du fichier [")
    assert (home / "mine.json").exists()
    assert ui.last("say").text == f"Partie sauvegardée dans {home / 'mine.json'}"
    assert ui.last("bye").text == hint(home / "mine.json", "fr")


def test_quit_to_the_games_own_file_and_after_a_failed_save(tmp_path: Path,
                                                             save_dir: Path) -> None:
    own = tmp_path / "own.json"
    own.write_text("{}", encoding="utf-8")
    s, ui = new_session(lines(["quit", "", ""]), save_to=own)
    assert s.run() == 0
    assert ui.texts("ask")[2] == f"File name [{own}] > "
    assert json.loads(own.read_text(encoding="utf-8"))["rules"] == "five-up"
    assert ui.last("bye").text == hint(own)
    missing = tmp_path / "missing" / "x.json"
    s, ui = new_session(lines(["quit", "y", str(missing), str(missing), ""]))
    assert s.run() == 0
    assert [c.text for c in ui.of("say")][:2] == [
        f"Cannot save to {missing}: No such file or directory"] * 2
    assert sum(c.startswith("File name [") for c in ui.texts("ask")) == 3
    (path,) = saved_files(save_dir)
    assert ui.last("bye").text == hint(path)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_quit_without_saving(save_dir: Path, lang: str) -> None:
    s, ui = new_session(lines(["quit", "n"]), lang=lang)
    assert s.run() == 0
    said = {"en": "The game was not saved.", "fr": "La partie n'a pas été sauvegardée."}
    # Said as a last word: printed once the full-screen game has left (a line said on its
    # screen went with it, and quit then n left without a word).
    assert ui.texts("bye") == [said[lang]]
    assert ui.of("say") == [] and saved_files(save_dir) == []
    with pytest.raises(SessionEnd) as leaving:
        (lambda s: s.drive(s.quit()))(new_session(lines(["n"]))[0])
    assert leaving.value.status == 0 and leaving.value.args == (0,)


# ---------------------------------------------------------------------- leaving otherwise


@pytest.mark.parametrize(("lang", "leave", "status"), [
    ("en", EOFError, 0), ("fr", EOFError, 0), ("en", KeyboardInterrupt, 130)])
def test_ctrl_d_and_ctrl_c_save_as_of_the_last_action(save_dir: Path, lang: str,
                                                      leave: type[BaseException],
                                                      status: int) -> None:
    handlers: list[Any] = []

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if len(ui.of("ask")) == 3:
            raise leave
        return "1"

    class Watching(ScriptedUI):
        def bye(self, line: str) -> None:
            handlers.append(signal.getsignal(signal.SIGINT))
            super().bye(line)

    def mine(signum: int, frame: object) -> None:
        raise AssertionError("not called")

    s, _ = new_session(answer, lang=lang)
    s.ui = ui = Watching(answer)
    previous = signal.signal(signal.SIGINT, mine)
    try:
        assert s.run() == status
        assert signal.getsignal(signal.SIGINT) is mine  # the player's handler is back after
    finally:
        signal.signal(signal.SIGINT, previous)
    (path,) = saved_files(save_dir)
    assert path.name.startswith("five-up-")
    saved = {"en": "Game saved to {p}", "fr": "Partie sauvegardée dans {p}"}[lang]
    assert ui.last("bye").text == saved.format(p=path) + "\n" + hint(path, lang)
    assert json.loads(path.read_text(encoding="utf-8")) == s.safe_record
    assert handlers == [signal.SIG_IGN]  # a second Ctrl-C cannot cut the save short
    record = load_record(path.read_text(encoding="utf-8"))
    assert record is not None


def test_a_question_left_mid_move_saves_the_last_completed_action(save_dir: Path) -> None:
    """Ctrl-D at "How many points?" (muggins claims): the move was not made, the record is
    the one before it."""
    s, ui = new_session(lines(["1", None]), game=Game(Ruleset.preset("muggins-1868"), seed=2))
    before = s.game.to_record()
    assert s.run() == 0
    assert ui.texts("ask")[-1] == "How many points? "
    (path,) = saved_files(save_dir)
    assert actions_in(path) == [hand["actions"] for hand in before["hands"]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_save_on_leaving_that_fails_says_why(tmp_path: Path, lang: str) -> None:
    own = tmp_path / "missing" / "own.json"
    s, ui = new_session(lines([None]), lang=lang, save_to=own)
    assert s.run() == 0
    reason = os_error_text(FileNotFoundError(2, "No such file or directory"), lang)
    words = {"en": "Cannot save to {p}: {r}", "fr": "Impossible de sauvegarder dans {p} : {r}"}
    assert ui.texts("bye") == [words[lang].format(p=own, r=reason)]


def test_leaving_replaces_the_games_own_file(tmp_path: Path, save_dir: Path) -> None:
    own = tmp_path / "own.json"
    own.write_text("{}", encoding="utf-8")
    s, ui = new_session(lines(["1", None]), save_to=own)
    assert s.run() == 0
    assert json.loads(own.read_text(encoding="utf-8")) == s.safe_record
    assert ui.last("bye").text == f"Game saved to {own}\n" + hint(own)
    assert saved_files(save_dir) == []


def test_a_closed_output_keeps_the_game_without_a_word(tmp_path: Path, save_dir: Path) -> None:
    """The output gone (`| head`, a full disk): nothing said; the game is kept only once a
    person has played in it (a game nobody touched left a file behind)."""
    def closed(ui: ScriptedUI, prompt: str) -> str | None:
        raise BrokenPipeError

    def full(ui: ScriptedUI, prompt: str) -> str | None:
        raise OSError(28, "No space left on device")

    for gone in (closed, full):
        s, ui = new_session(gone)
        with pytest.raises(OSError):
            s.run()
        assert saved_files(save_dir) == []
        assert ui.of("bye") == [] and ui.of("say") == []

    s, ui = new_session(lines(["1"], closed))
    with pytest.raises(BrokenPipeError):
        s.run()
    (path,) = saved_files(save_dir)
    assert path.name.startswith("five-up-")
    assert json.loads(path.read_text(encoding="utf-8")) == s.safe_record
    assert ui.of("bye") == [] and ui.of("say") == []
    own = tmp_path / "own.json"
    own.write_text("{}", encoding="utf-8")
    s, ui = new_session(lines(["1"], closed), save_to=own)
    with pytest.raises(BrokenPipeError):
        s.run()
    assert json.loads(own.read_text(encoding="utf-8")) == s.safe_record
    for where in (tmp_path / "gone" / "x.json", tmp_path / "nul\0.json"):
        s, ui = new_session(lines(["1"], closed), save_to=where)  # a failed save: no error
        with pytest.raises(BrokenPipeError):
            s.run()
        assert ui.of("bye") == []
    assert len(saved_files(save_dir)) == 1


def test_a_fault_keeps_the_game_then_is_raised(save_dir: Path) -> None:
    class Broken(GreedyPlayer):
        def choose(self, *args: object, **kwargs: object) -> Any:
            raise RuntimeError("bot fault")

    game = Game(Ruleset.preset("five-up", target=15), seed=4)
    ui = ScriptedUI(lines([]))
    s = PlaySession(game, BASE_SEATS, {1: Broken(seed=1)}, ui=ui)
    with pytest.raises(RuntimeError, match="bot fault"):
        s.run()
    (path,) = saved_files(save_dir)
    assert ui.texts("bye") == [f"Game saved to {path}\n" + hint(path)]
    assert ui.texts("thinking") == ["North (greedy)", ""]


def test_the_resume_hint_quotes_the_path(tmp_path: Path) -> None:
    s, _ = new_session(lines([]), lang="fr")
    path = tmp_path / "a game's file.json"
    assert s.resume_hint(path) == (
        f"Pour la reprendre : {command_name()} play --resume {shlex.quote(str(path))}")
    assert "'\"'\"'" in s.resume_hint(path)


# ---------------------------------------------------------------------- the game's end


def end_of(game: Game, answer: Answer, **kwargs: Any) -> ScriptedUI:
    ui = ScriptedUI(answer)
    seats = kwargs.pop("seats", BASE_SEATS)
    bots = {s: make_player(k, seed=s) for s, k in enumerate(seats) if k != "human"}
    s = PlaySession(game, seats, bots, ui=ui, **kwargs)
    assert s.run() == 0
    return ui


@pytest.mark.parametrize(("seats", "lang", "won"), [
    (["human", "greedy"], "en", {0: "You win the game! (You)",
                                 1: "North (greedy) wins the game!"}),
    (["greedy", "human"], "fr", {0: "Sud (glouton) gagne la partie !",
                                 1: "Vous gagnez la partie ! (Vous)"}),
    (["human", "human"], "en", {0: "South wins the game!", 1: "North wins the game!"}),
])
def test_who_won_in_the_players_words(seats: list[str], lang: str, won: dict[int, str],
                                      save_dir: Path) -> None:
    for seed in (1, 2, 3, 5):
        game = finished_game(seed, target=10)
        ui = end_of(game, lines(["", ""]), seats=seats, lang=lang)
        assert game.winner is not None
        end = ui.last("hand_end")
        assert end.headline is not None and end.headline.plain == won[game.winner]
        assert str(end.headline.style) == "bold green"
        assert ui.last("results").parts is not None


def test_partners_win_together(save_dir: Path) -> None:
    game = finished_game(3, preset="all-fives", players=4, partnerships=True, target=20)
    assert game.winner is not None
    ui = end_of(game, lines([""]), seats=["greedy", "greedy", "human", "greedy"])
    sides = ["South (greedy) & You", "West (greedy) & East (greedy)"]
    expected = (f"You win the game! ({sides[0]})" if game.winner == 0
                else f"{sides[1]} wins the game!")
    end = ui.last("hand_end")
    assert end.headline is not None and end.headline.plain == expected
    assert end.prompt == "Press Enter for the results > "


def test_the_end_of_a_game_between_bots(save_dir: Path) -> None:
    game = finished_game(2, target=10)
    ui = end_of(game, lines([]), seats=["greedy", "random"])
    assert ui.kinds() == ["hand_end", "results"]
    assert ui.last("hand_end").prompt is None
    assert saved_files(save_dir) == []


def test_the_end_of_a_game_saves_its_own_file_without_a_question(tmp_path: Path,
                                                                 save_dir: Path) -> None:
    game = finished_game(1, target=10)
    own = tmp_path / "own.json"
    own.write_text("{}", encoding="utf-8")
    ui = end_of(game, lines([]), save_to=own, seats=["greedy", "random"])
    assert ui.kinds() == ["hand_end", "results", "say"]
    assert ui.texts("say") == [f"Game saved to {own}"]
    data = json.loads(own.read_text(encoding="utf-8"))
    assert [h["actions"] for h in data["hands"]] == [
        h["actions"] for h in game.to_record()["hands"]]
    assert data["meta"]["seats"][1]["level"] == "random"
    assert saved_files(save_dir) == []
    gone = tmp_path / "gone" / "own.json"
    ui = end_of(finished_game(1, target=10), lines([]), save_to=gone)
    (path,) = saved_files(save_dir)  # kept somewhere all the same
    assert path.name.startswith("five-up-")
    assert ui.texts("say") == [f"Cannot save to {gone}: No such file or directory",
                               f"Game saved to {path}"]
    assert "Save the record" not in " ".join(ui.texts("ask"))


def test_the_end_of_a_game_asks_whether_to_save(tmp_path: Path, save_dir: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    ask = "Save the record of this game? [y/N] > "
    ui = end_of(finished_game(1, target=10), lines(["", ""]))  # Enter: no
    assert ui.texts("ask") == [ask]  # the results' prompt waits only without a headline
    assert saved_files(save_dir) == []
    ui = end_of(finished_game(1, target=10), lines(["y", ""]))
    (path,) = saved_files(save_dir)
    assert path.name.startswith("five-up-")
    assert ui.texts("ask")[-1] == f"File name [{path}] > "
    assert ui.texts("say") == [f"Game saved to {path}"]
    path.unlink()
    left: list[list[str | None]] = [[None], ["y", None],
                                    ["o", str(tmp_path / "x" / "y.json"), None]]
    for answers in left:
        ui = end_of(finished_game(1, target=10), lines(answers), lang="fr")  # Ctrl-D: left
        assert saved_files(save_dir) == [] and ui.of("bye") == []
        assert len(ui.texts("ask")) == len(answers)  # nothing asked after Ctrl-D
    assert ui.texts("ask")[0] == "Enregistrer la partie ? [o/N] > "
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    end_of(finished_game(1, target=10), lines(["y", "~/end.json"]))
    assert json.loads((home / "end.json").read_text(encoding="utf-8"))["rules"] == "five-up"
