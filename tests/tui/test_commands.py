"""Commands at the prompt: bad input, help, rules, hint, undo, save, quit, Ctrl-C / Ctrl-D,
resume; hot seat; French; the setup questions."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from fives.events import GameEndEvent, HandEndEvent, PlayEvent
from fives.record import load_record
from tui.helpers import (
    Driver,
    Policy,
    is_move_prompt,
    random_mover,
    scripted,
    summary_rows,
)

BASE = ["--preset", "five-up", "--seats", "human,greedy", "--seed", "21", "--lang", "en"]


def saved_path(out: str) -> Path:
    line = next(x for x in out.splitlines() if x.startswith("Game saved to "))
    return Path(line.removeprefix("Game saved to ").strip())


def actions(path: Path) -> list[list[str]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return [hand["actions"] for hand in data["hands"]]


def placements_by(path: Path, seat: int) -> int:
    events = load_record(path.read_text(encoding="utf-8")).replay()
    return sum(isinstance(e, PlayEvent) and e.seat == seat for e in events)


def first_moves(count: int) -> Policy:
    """Plays move 1 at the first ``count`` move prompts, then presses Ctrl-D."""
    played = [0]

    def policy(driver: Driver, prompt: str) -> str | None:
        if is_move_prompt(prompt):
            if played[0] == count:
                return None
            played[0] += 1
            return "1"
        return ""

    return policy


@pytest.mark.slow  # tens of seconds: whole games, the fast suite leaves it out
def test_ctrl_d_saves_and_resume_finishes(drive: Callable[[Policy], Driver],
                                          tmp_path: Path) -> None:
    first = drive(first_moves(25))
    assert first.run(BASE) == 0
    path = saved_path(first.out + "\n" + first.err)
    assert path.parent == tmp_path / "autosave"
    # On standard output on a terminal, else on standard error (the session's bye()).
    assert f"fives play --resume {path}" in first.out + first.err
    assert placements_by(path, 0) == 25
    before = actions(path)
    assert len(before) >= 2  # saved in a later hand: the resumed summary must show hand 1

    second = drive(random_mover(seed=2))
    record = tmp_path / "done.json"
    assert second.run(["--resume", str(path), "--seats", "human,greedy", "--lang", "en",
                       "--save", str(record)]) == 0
    after = actions(record)
    # The resumed game went on from the saved position, then to the end.
    assert after[: len(before) - 1] == before[:-1]
    assert after[len(before) - 1][: len(before[-1])] == before[-1]
    events = list(load_record(record.read_text(encoding="utf-8")).replay())
    assert isinstance(events[-1], GameEndEvent)
    # The summary counts the hands played before the game was saved too.
    hand_ends = [e for e in events if isinstance(e, HandEndEvent)]
    rows = summary_rows(second.out)
    assert [r[0] for r in rows] == [e.hand for e in hand_ends]
    assert rows[-1][1:] == list(events[-1].scores)


def test_ctrl_c_saves(drive: Callable[[Policy], Driver]) -> None:
    def policy(driver: Driver, prompt: str) -> str | None:
        raise KeyboardInterrupt

    driver = drive(policy)
    assert driver.run(BASE) == 130
    # the output is not a terminal (it may be a pipe that died with the same Ctrl-C): the
    # file saved is said on standard error
    assert "Game saved to " in driver.err
    path = saved_path(driver.out + "\n" + driver.err)
    assert load_record(path.read_text(encoding="utf-8")) is not None
    assert "Traceback" not in driver.out + driver.err


def test_bad_input_changes_nothing(drive: Callable[[Policy], Driver]) -> None:
    clean = drive(scripted([None]))
    clean.run(BASE)
    bad_lines = ["xyz", "99", "0", "6-6@9", "7-7", "save", "pass", "draw", "undo"]
    noisy = drive(scripted([*bad_lines, None]))
    assert noisy.run(BASE) == 0
    assert actions(saved_path(noisy.out + "\n" + noisy.err)) == actions(
        saved_path(clean.out + "\n" + clean.err))
    out = noisy.out
    assert "'xyz' is neither a move nor a command: type a move's number (1 to" in out
    assert "'7-7' is neither a move nor a command" in out  # the input is named
    # Player words, never engine notation or seats from 0: the tile and the numbers to type.
    assert re.search(r"You do not hold \[6\|6\]|\[6\|6\] cannot be played there", out)
    assert "You cannot pass now" in out
    said = [line for line in out.splitlines() if "your move" not in line]  # not the echo
    assert not [line for line in said if "seat 0" in line or "6-6@9" in line]
    assert "No move number 99" in out and "No move number 0" in out
    assert "save needs a file name" in out
    assert "Nothing to undo" in out
    assert "Traceback" not in out + noisy.err
    # Every bad line got the prompt again.
    assert sum(is_move_prompt(p) for p in noisy.prompts) == len(bad_lines) + 1


def test_rules_name_the_options(drive: Callable[[Policy], Driver]) -> None:
    driver = drive(scripted(["rules", None]))
    assert driver.run(["--preset", "muggins", "--option", "target=100", "--seats",
                       "human,greedy", "--seed", "1", "--lang", "fr"]) == 0
    assert "Options en jeu : target=100" in driver.out


def test_help_rules_hint(drive: Callable[[Policy], Driver]) -> None:
    driver = drive(scripted(["help", "rules", "hint", None]))
    assert driver.run(BASE) == 0
    assert "Commands: hint" in driver.out
    assert "61" in driver.out  # the rules text names the target
    hint = driver.out[driver.out.index("Hint from the strongest bot"):]
    numbers = driver.moves_on_screen()
    first_hint = hint.splitlines()[1].split(")")[0].strip()
    assert int(first_hint) in numbers
    # the values are the game's own points (Five Up scores fifths), with a word saying so
    behind = [line for line in hint.splitlines()[2:4] if "points against the best" in line]
    assert behind, hint
    for line in behind:
        value = float(line.split("points against the best")[0].split()[-1])
        assert -13 <= value <= 0, line  # a hand scores a few points, not raw pips


def test_undo_goes_back_to_the_previous_turn(drive: Callable[[Policy], Driver],
                                             tmp_path: Path) -> None:
    played = drive(first_moves(2))
    played.run(BASE)
    two = saved_path(played.out + "\n" + played.err)
    assert placements_by(two, 0) == 2

    undone = drive(scripted(["1", "1", "undo", None]))
    undone.run(BASE)
    back = saved_path(undone.out + "\n" + undone.err)
    assert "Back to your previous turn." in undone.out
    assert placements_by(back, 0) == 1
    # The record is the earlier one cut just before the human's second placement.
    flat_two = [a for hand in actions(two) for a in hand]
    flat_back = [a for hand in actions(back) for a in hand]
    assert flat_back == flat_two[: len(flat_back)]
    assert len(flat_back) < len(flat_two)

    record = tmp_path / "after-undo.json"
    finished = drive(scripted(["1", "1", "undo"], after=random_mover(seed=5)))
    assert finished.run([*BASE, "--save", str(record)]) == 0
    assert isinstance(list(load_record(record.read_text()).replay())[-1], GameEndEvent)


def test_quit_offers_to_save(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    driver = drive(scripted(["1", "quit", "y", ""]))
    assert driver.run(BASE) == 0
    path = saved_path(driver.out + "\n" + driver.err)
    assert placements_by(path, 0) == 1
    missing = tmp_path / "missing" / "x.json"
    retried = drive(scripted(["quit", "maybe", "y", str(missing), ""]))
    assert retried.run(BASE) == 0
    assert "'maybe': answer y (yes) or n (no)." in retried.out
    assert f"Cannot save to {missing}" in retried.out
    assert not missing.parent.exists()
    assert saved_path(retried.out + "\n" + retried.err).parent.name == "autosave"
    declined = drive(scripted(["quit", "n"]))
    assert declined.run(BASE) == 0
    # a last word: on standard error when the output is not a terminal, as "Game saved to"
    assert "The game was not saved." in declined.err
    assert "Game saved" not in declined.out


def test_save_command_then_resume(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    target = tmp_path / "mine.json"
    driver = drive(scripted(["1", f"save {target}", "quit", "n"]))
    assert driver.run(BASE) == 0
    assert f"Game saved to {target}" in driver.out
    assert placements_by(target, 0) == 1
    # the file is there now: saved again only on a yes
    before = target.read_text()
    refused = drive(scripted([f"save {target}", "", f"save {target}", "n", None]))
    refused.run(BASE)
    assert refused.out.count("was left as it was") == 2
    assert sum("[y/N]" in p for p in refused.prompts) == 2
    assert "Game saved to" not in refused.out and target.read_text() == before
    replaced = drive(scripted(["1", "1", f"save {target}", "y", None]))
    replaced.run(BASE)
    assert f"Game saved to {target}" in replaced.out
    assert placements_by(target, 0) == 2
    unwritable = drive(scripted([f"save {tmp_path}/no/such/dir/\0x.json", None]))
    unwritable.run(BASE)
    assert "Cannot save to" in unwritable.out
    assert "Traceback" not in unwritable.out + unwritable.err
    directory = drive(scripted([f"save {tmp_path}", None]))
    directory.run(BASE)
    assert f"Cannot save to {tmp_path}" in directory.out


@pytest.mark.slow  # tens of seconds: whole games, the fast suite leaves it out
def test_hot_seat(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    record = tmp_path / "hot.json"
    driver = drive(random_mover(seed=8))
    assert driver.run(["--preset", "multiples-of-five", "--seats", "human,human", "--seed",
                       "2", "--lang", "en", "--save", str(record)]) == 0
    handovers = [p for p in driver.prompts if "Pass the keyboard to" in p]
    assert len(handovers) > 2
    assert {p.split("to ")[1].split(",")[0] for p in handovers} == {"South", "North"}
    # The screen shown while the keyboard changes hands holds nobody's tiles.
    chunks = driver.out.split("Pass the keyboard to")
    for chunk in chunks[1:]:
        before_next = chunk.split("your move")[0]
        assert before_next.count("Your hand:") <= 1
    for chunk in chunks[:-1]:
        tail = chunk[chunk.rfind("───"):]
        assert "Your hand:" not in tail
    undo = drive(scripted(["", "undo", None]))
    undo.run(["--preset", "five-up", "--seats", "human,human", "--seed", "2", "--lang", "en"])
    assert "Undo is only for games against bots." in undo.out
    assert isinstance(list(load_record(record.read_text()).replay())[-1], GameEndEvent)


def test_french_game(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    record = tmp_path / "fr.json"
    driver = drive(random_mover(seed=4))
    assert driver.run(["--preset", "five-up", "--seats", "human,greedy", "--seed", "6",
                       "--lang", "fr", "--save", str(record)]) == 0
    out = driver.out
    assert "Vos coups :" in out and "Votre main :" in out and "Manche 1" in out
    assert "gagne la partie" in out or "Vous gagnez la partie" in out
    assert "Your hand" not in out and "wins the game" not in out
    assert "Scores après chaque manche" in out


def test_setup_questions(drive: Callable[[Policy], Driver]) -> None:
    # Game 2 (All Fives), a bad answer, 3 players (the number typed is the number of
    # players), greedy opponents; then Ctrl-D.
    driver = drive(scripted(["2", "9", "3", "2", None]))
    assert driver.run(["--lang", "en"]) == 0
    out = driver.out
    assert "Which game?" in out and "Five Up - every double is a spinner" in out
    # the historical presets (RULES.md §9 O14) last, under their heading
    menu = out[out.index("Which game?"):out.index("How many players")]
    assert menu.index(" Historical:") < menu.index("Cribbage dominoes (1863)") < menu.index(
        "Muggins (1864)")
    assert menu.index("Block") < menu.index(" Historical:")
    assert "How many players (2-4)?" in out
    assert "'9' is not a number from 2 to 4" in out
    path = saved_path(out + "\n" + driver.err)
    data = json.loads(path.read_text())
    assert data["rules"] == "all-fives"
    assert data["options"]["players"] == 3


def test_setup_defaults_with_enter(drive: Callable[[Policy], Driver]) -> None:
    driver = drive(scripted(["", "", "", None]))
    assert driver.run(["--lang", "en"]) == 0
    data = json.loads(saved_path(driver.out + "\n" + driver.err).read_text())
    assert data["rules"] == "five-up" and data["options"]["players"] == 2
    assert "North (heuristic)" in driver.out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--preset", "nope"], "'nope'"),
        (["--seats", "human,wizard"], "'wizard'"),
        (["--players", "2", "--seats", "human,greedy,greedy"], "'human,greedy,greedy'"),
        (["--players", "x"], "'x'"),
        (["--players", "7"], "7"),
        (["--option", "target"], "'target'"),
        (["--option", "colour=blue"], "'colour'"),
        (["--lang", "de"], "'de'"),
        (["--resume", "/no/such/file.json"], "/no/such/file.json"),
        (["--seed", "abc"], "'abc'"),
        (["--think", "-1"], "'-1'"),
    ],
)
def test_command_line_errors(drive: Callable[[Policy], Driver], argv: list[str],
                             named: str) -> None:
    driver = drive(scripted([]))
    assert driver.run(argv) == 2
    lines = driver.err.strip().splitlines()
    assert len(lines) == 1, driver.err
    assert named in lines[0]
    assert driver.answers == []


def test_bad_record_file(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    driver = drive(scripted([]))
    assert driver.run(["--resume", str(bad)]) == 2
    assert len(driver.err.strip().splitlines()) == 1


def test_move_by_notation(drive: Callable[[Policy], Driver]) -> None:
    """A tile typed as 'a|b' (or 'a-b') is played where it fits; when it fits in more than one
    place the player is told which numbers to type."""
    typed: list[str] = []

    def policy(driver: Driver, prompt: str) -> str | None:
        if not is_move_prompt(prompt):
            return ""
        if typed:
            return None
        listing = driver.out[driver.out.rindex("Your moves:"):]
        first = next(line for line in listing.splitlines() if line.strip().startswith("1)"))
        tile = re.search(r"\[(\d)\|(\d)\]", first)
        assert tile is not None
        typed.append(f"{tile.group(1)}|{tile.group(2)}")  # a|b is accepted on input too
        return typed[-1]

    driver = drive(policy)
    assert driver.run(BASE) == 0
    path = saved_path(driver.out + "\n" + driver.err)
    human_actions = [
        e.move for e in load_record(path.read_text()).replay()
        if isinstance(e, PlayEvent) and e.seat == 0
    ]
    if "fits in more than one place: type the number of one" in driver.out:
        assert human_actions == []
    else:
        assert [a.split("@")[0] for a in human_actions] == [typed[0].replace("|", "-")]


@pytest.mark.parametrize(("env", "expected"), [("fr_FR.UTF-8", "Sans option, il demande"),
                                               ("en_GB.UTF-8", "Without options it asks")])
def test_help_in_the_user_language(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch, env: str,
                                   expected: str) -> None:
    from fives.cli.main import main

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--help"])
    assert exit_info.value.code == 0
    assert expected in capsys.readouterr().out.replace("\n", " ").replace("  ", " ")


def test_undo_never_goes_back_past_a_reveal(drive: Callable[[Policy], Driver]) -> None:
    """At the first turn of hand 2 the bots' tiles of hand 1 have been shown: undo refuses."""
    state = {"undone": False}

    def policy(driver: Driver, prompt: str) -> str | None:
        if not is_move_prompt(prompt):
            return ""
        if "Hand 2:" in driver.out and not state["undone"]:
            state["undone"] = True
            return "undo"
        if state["undone"]:
            return None
        return "1"

    driver = drive(policy)
    assert driver.run(BASE) == 0
    assert "Undo cannot go back past the end of a hand" in driver.out
    assert "Back to your previous turn." not in driver.out
    data = json.loads(saved_path(driver.out + "\n" + driver.err).read_text())
    assert len(data["hands"]) == 2  # still in hand 2
    events = list(load_record(data).replay())
    assert sum(isinstance(e, HandEndEvent) for e in events) == 1


def test_end_of_game_save(drive: Callable[[Policy], Driver], tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "end.json"
    good = tmp_path / "end.json"

    def at_end(driver: Driver, prompt: str) -> str | None:
        if "Save the record of this game? [y/N]" in prompt:
            # a stray answer is no answer (it is not a file name): asked again
            asked = sum("Save the record" in p for p in driver.prompts)
            return "1" if asked == 1 else "y"
        if driver.answers[-1:] in (["y"], [str(missing)]):  # "File name [...]" (wrapped)
            return str(good) if str(missing) in driver.answers else str(missing)
        return None

    driver = drive(random_mover(seed=1, then=at_end))
    assert driver.run([*BASE, "--option", "target=10"]) == 0
    assert "'1': answer y (yes) or n (no)." in driver.out
    assert "Game saved to 1" not in driver.out
    assert f"Cannot save to {missing}" in driver.out
    assert f"Game saved to {good}" in driver.out
    assert isinstance(list(load_record(good.read_text()).replay())[-1], GameEndEvent)


def test_a_fault_still_saves_the_game(drive: Callable[[Policy], Driver],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from fives.bots.greedy import GreedyPlayer

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("bot fault")

    driver = drive(scripted(["1"], after=scripted([])))
    monkeypatch.setattr(GreedyPlayer, "choose", broken)
    with pytest.raises(RuntimeError, match="bot fault"):
        driver.run(["--preset", "five-up", "--seats", "human,greedy", "--seed", "21",
                    "--lang", "en"])
    captured = driver.capsys.readouterr()
    driver.out += captured.out
    driver.err += captured.err
    assert load_record(saved_path(driver.out + "\n" + driver.err).read_text()) is not None


def test_without_rich(drive: Callable[[Policy], Driver], monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    for name in [m for m in sys.modules if m == "rich" or m.startswith(("rich.", "fives.tui"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)
    driver = drive(scripted([]))
    assert driver.run(["--seats", "human,greedy", "--lang", "en"]) == 2
    assert driver.err.strip() == (
        "fives: error: the terminal game needs the rich library: pip install 'fives[tui]'"
    )


def test_the_solitaire_offers_the_priced_overdraw_says_the_decks_sources_and_advises(
        drive: Callable[[Policy], Driver]) -> None:
    """RULES.md §4.3 in the terminal: beside the placements the overdraw is on the list, priced;
    the deck's score line says where its points came from; `hint` gives the expert's top
    moves with the expected points of each (the overdraw among the candidates it weighs)."""
    driver = drive(scripted(["hint", None]))
    assert driver.run(["--preset", "five-up-solitaire", "--seats", "human", "--seed", "3",
                       "--lang", "en", "--think", "0.2"]) == 0
    out = driver.out
    assert "draw anyway: +3 to the deck" in out
    assert "(handicap 5 + overdraws 0 + block 0)" in out
    hint = out[out.index("Hint from the strongest bot"):]
    lines = [line for line in hint.splitlines()[1:4] if ")" in line]
    assert lines and all("expected: you +" in line and "the deck +" in line for line in lines)


def test_a_typed_draw_beside_a_placement_is_asked_again(
        drive: Callable[[Policy], Driver]) -> None:
    """Typing "draw" in the solitaire while a tile fits would cost the deck 3 (an overdraw):
    the terminal asks first, and only a yes draws."""
    driver = drive(scripted(["draw", "n", "draw", "", "draw", "y", None]))
    assert driver.run(["--preset", "five-up-solitaire", "--seats", "human", "--seed", "3",
                       "--lang", "en"]) == 0
    out = driver.out
    assert out.count("A tile fits: draw anyway, +3 to the deck? [y/N]") == 3
    assert out.count("No draw: play a tile") == 2
    record = json.loads(Path(saved_path(out + "\n" + driver.err)).read_text())
    assert record["hands"][0]["actions"] == ["draw"]
    assert "(handicap 5 + overdraws 3 + block 0)" in out


def test_ctrl_c_in_the_setup_questions_is_status_130(drive: Callable[[Policy], Driver]) -> None:
    def policy(driver: Driver, prompt: str) -> str | None:
        raise KeyboardInterrupt

    assert drive(policy).run(["--lang", "en"]) == 130
