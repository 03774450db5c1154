"""Every command's ``--help`` in French: its description, its argument groups and every
option's help come from the catalogs, so that a French help has no English sentence left.

An option added with a help written in the code (the same text in both languages) or with no
help at all fails ``test_every_help_text_differs_between_the_languages``."""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from fives.cli.main import build_parser, main


@pytest.fixture(autouse=True)
def _argparse_words(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``build_parser`` sets argparse's translation function: put it back after each test."""
    monkeypatch.setattr(argparse, "_", argparse._)  # type: ignore[attr-defined]
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    yield


def subcommands(parser: argparse.ArgumentParser
                ) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def parsers(lang: str) -> dict[str, argparse.ArgumentParser]:
    """The ``fives`` parser (as ``""``) and every subcommand's, built in ``lang``."""
    root = build_parser(lang)
    return {"": root, **subcommands(root).choices}


def help_texts(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    """What ``--help`` says in sentences, by where it says it: the description, each argument
    group's title and description, each argument's help (and, for ``fives``, each command's
    line in the list)."""
    texts: dict[str, str | None] = {"description": parser.description}
    for i, group in enumerate(parser._action_groups):
        if group not in (parser._positionals, parser._optionals):  # argparse's own, translated
            texts[f"group {i} title"] = group.title
            texts[f"group {i} description"] = group.description
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                texts[f"command {choice.dest}"] = choice.help
        elif action.help != argparse.SUPPRESS:
            texts["/".join(action.option_strings) or action.dest] = action.help
    return texts


def test_every_command_is_checked() -> None:
    names = set(parsers("en")) - {""}
    assert {"serve", "play", "rules", "replay", "random-game", "tournament", "match",
            "verify", "analyse"} <= names
    assert set(parsers("fr")) - {""} == names


@pytest.mark.parametrize("command", sorted(parsers("en")))
def test_every_help_text_differs_between_the_languages(command: str) -> None:
    english, french = help_texts(parsers("en")[command]), help_texts(parsers("fr")[command])
    assert sorted(english) == sorted(french)
    assert len(english) >= 3  # a description, -h and --version at least
    missing = sorted(where for where, words in english.items() if not words)
    assert missing == [], f"fives {command}: no help text for {missing}"
    same = sorted(where for where, words in english.items() if words == french[where])
    assert same == [], f"fives {command}: the same text in English and French for {same}"


@pytest.mark.parametrize("command", sorted(set(parsers("en")) - {""}))
def test_the_french_help_has_no_english_sentence_left(command: str,
                                                      capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    def flat(words: str) -> str:
        return " ".join(words.split())

    english = [flat(words) for words in help_texts(parsers("en")[command]).values() if words]
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    shown = flat(capsys.readouterr().out)
    assert shown.startswith(f"utilisation : fives {command}")
    assert [words for words in english if words in shown] == []


def test_lang_on_the_command_line_chooses_the_help_language(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``--lang`` is read before the help is built: it wins over the environment."""
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    for argv, expected in ((["verify", "--lang", "fr", "--help"], "Recalculer chaque donne"),
                           (["verify", "--lang=fr_FR.UTF-8", "--help"], "Recalculer"),
                           (["verify", "--help"], "Recompute every deal")):
        with pytest.raises(SystemExit):
            main(argv)
        assert expected in capsys.readouterr().out, argv
    assert main(["rules", "--lang", "fr", "--bogus"]) == 2
    assert capsys.readouterr().err.startswith("fives : erreur : arguments non reconnus : --bogus")
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    with pytest.raises(SystemExit):
        main(["tournament", "--lang", "en", "--help"])
    assert "Round robin between bot levels" in capsys.readouterr().out
