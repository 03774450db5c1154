"""The message catalogs: the same keys in both languages, none written twice, the same
parameters, no English left in French, every key the code asks for exists; and the bugs the
merged catalogs caused (``fives replay``'s result, preset names, engine errors in French)."""

from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

import pytest

from fives import errors
from fives.bots import make_player
from fives.cli.main import main
from fives.errors import FivesError, UsageError
from fives.game import Game
from fives.i18n import LANGS, catalog, en, error_text, fr, has, os_error_text, text
from fives.rules import CHOICES, PRESETS, Ruleset

SRC = Path(__file__).resolve().parents[1] / "src" / "fives"
NAMESPACES = ("preset", "option", "rules", "replay", "error", "cli", "tui", "web", "bots",
              "review")

# Common English words that a French message should not contain. Kept to words that are not
# also French ("on", "a", "as", "est", "score", "table", "points", "options" are French too).
ENGLISH_WORDS = frozenset(
    """
    the and of to is are was were be been you your yours with for not this that these those
    it its if then than when which who what there their they them we our he she his her
    has have had will would should must can cannot could from by at or but all any some
    no yes one two three four five six seven first last next new old
    tile tiles hand hands player players game games win wins won winner target reached
    move moves seat seats side sides end ends left right open blocked out spinner boneyard
    deck draw draws drew pass passes passed play plays played lead leads led
    scored count counts settlement invalid expected unknown error file read write
    save saved undo hint help quit rules round team teams partner partners bot bots level
    search random greedy heuristic expert human none
    """.split()  # noqa: SIM905 (a word list reads better as text)
)

# Words allowed in French messages: proper names (the games' English names, Elo) and what a
# player types or reads as code (the move words of the notation, the --seats values, option
# values); each is checked in a French message only where it is such a literal.
ALLOWED = {
    "Five Up", "Five-Up", "All Fives", "Muggins", "Elo",
    "draw", "pass",  # the notation's words, typed as such in both languages
    "human", "random", "greedy", "heuristic", "search", "expert",  # --seats values
    "none", "first_double", "every_double",  # option values
    "fives",  # the command's name
    "X-Forwarded-For", "Authorization", "Bearer", "Host", "Origin",  # HTTP headers (serve)
    *PRESETS,  # preset ids, typed after --preset
}

# French messages that are the English text itself: names, numbers and formats with nothing to
# translate. Any other French message equal to its English one is an untranslated copy.
SAME_IN_BOTH = {
    "rules.title", "tui.col_score", "tui.bot_name", "tui.level_expert", "tui.number_prompt",
    "web.seconds", "web.level.expert", "web.scores", "bots.col_elo", "preset.name.muggins-1864",
    "preset.name.muggins-1868",
    "cli.argparse.options",
    "web.term.sniff.word", "web.term.handicap.word",  # the same word in both
}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_both_languages_have_the_same_keys() -> None:
    assert sorted(set(en.MESSAGES) - set(fr.MESSAGES)) == []
    assert sorted(set(fr.MESSAGES) - set(en.MESSAGES)) == []
    assert set(LANGS) == {"en", "fr"}


@pytest.mark.parametrize("lang", LANGS)
def test_no_key_is_written_twice(lang: str) -> None:
    """A dict literal keeps the last of two equal keys silently: read the source instead."""
    path = SRC / "i18n" / f"{lang}.py"
    seen: dict[str, int] = {}
    twice = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Dict):
            for key in node.keys:
                assert isinstance(key, ast.Constant) and isinstance(key.value, str)
                if key.value in seen:
                    twice.append((key.value, seen[key.value], key.lineno))
                seen[key.value] = key.lineno
    assert twice == []
    assert len(seen) == len(catalog(lang)) > 300


def test_keys_are_namespaced() -> None:
    bad = [k for k in en.MESSAGES if k.split(".")[0] not in NAMESPACES or "." not in k]
    assert bad == []


@pytest.mark.parametrize("key", sorted(en.MESSAGES))
def test_message_is_complete_in_both_languages(key: str) -> None:
    english, french = en.MESSAGES[key], fr.MESSAGES[key]
    assert english.strip() and french.strip()
    assert fields(french) == fields(english)
    for lang in LANGS:  # formats with its own parameters
        params = {name: 1 for name in fields(catalog(lang)[key])}
        text(key, lang, **params)


def test_no_french_message_is_a_copy_of_the_english() -> None:
    same = {key for key, english in en.MESSAGES.items() if fr.MESSAGES.get(key) == english}
    assert sorted(same - SAME_IN_BOTH) == []
    assert sorted(SAME_IN_BOTH - same) == []  # the list stays exact


def english_words(french: str) -> list[str]:
    plain = re.sub(r"\{[^}]*\}", " ", french)  # parameters
    # Code a player types: commands (fives rules), options (--seats, KEY=VALUE), notation
    # (6-3@2), budgets (250ms), placeholders in capitals (FICHIER).
    plain = re.sub(r"fives [a-z-]+|(?<!\S)--?[\w-]+|\S*[=@0-9_]\S*|[A-Z]{2,}\S*", " ", plain)
    for name in sorted(ALLOWED, key=len, reverse=True):
        plain = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", " ", plain)
    words = re.findall(r"[A-Za-zÀ-ÿ']+", plain)
    return [w for w in words if w.lower() in ENGLISH_WORDS]


@pytest.mark.parametrize("key", sorted(fr.MESSAGES))
def test_no_english_left_in_french(key: str) -> None:
    assert english_words(fr.MESSAGES[key]) == []


def test_the_english_word_check_can_fail() -> None:
    assert english_words("Le coup {move} : the hand is over") == ["the", "hand", "is"]
    assert english_words("Jouer au Five Up : tapez draw ou 6-3@2") == []
    assert english_words("double spinner") == ["spinner"]


def test_every_key_the_code_names_exists() -> None:
    names = "|".join(NAMESPACES)
    pattern = re.compile(rf"""["']((?:{names})\.[\w.-]+)["']""")
    used: set[str] = set()
    for path in SRC.rglob("*.py"):
        if path.parent.name != "i18n":
            used |= set(pattern.findall(path.read_text(encoding="utf-8")))
    used = {k for k in used if not k.endswith((".", "_"))}
    assert len(used) > 100
    assert sorted(k for k in used if not has(k)) == []


ERROR_CLASSES = {name for name in dir(errors) if name.endswith("Error")}


def error_keys(tree: ast.AST) -> list[tuple[int, str | None]]:
    """``(line, key)`` of every error of :mod:`fives.errors` built in ``tree``: its ``key=``
    argument, else its class's default key; ``None`` for a key computed at run time."""
    defaults = {name: getattr(errors, name)("").key for name in ERROR_CLASSES}
    found: list[tuple[int, str | None]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = getattr(func, "id", None) or getattr(func, "attr", None)
        if name not in ERROR_CLASSES:
            continue
        given = {kw.arg: kw.value for kw in node.keywords}
        value = given.get("key", node.args[1] if len(node.args) > 1 else None)
        if value is None:
            found.append((node.lineno, defaults[name]))
        elif isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.append((node.lineno, value.value))
        else:
            found.append((node.lineno, None))
    return found


def test_every_error_raised_has_a_message_in_both_languages() -> None:
    """An error whose key has no catalog entry shows its English message to a French player:
    every error built in src names a key (or its class's default) that both catalogs have."""
    missing, computed, count = [], [], 0
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, key in error_keys(tree):
            count += 1
            where = f"{path.relative_to(SRC)}:{line}"
            if key is None:
                computed.append(where)
                continue
            full = key if "." in key else f"error.{key}"
            if full not in en.MESSAGES or full not in fr.MESSAGES:
                missing.append((where, full))
    assert count > 80
    assert missing == []
    # The one helper that passes its caller's catalog key on (checked by the test above).
    assert [where.split(":")[0] for where in computed] == ["cli/common.py"]


def test_the_error_key_check_can_fail() -> None:
    tree = ast.parse("raise UsageError('x')\nraise RulesError('y', key='nope')\n"
                     "raise FivesError('z', key=name)")
    assert error_keys(tree) == [(1, "usage"), (2, "nope"), (3, None)]
    assert not has("error.nope")


def test_library_errors_are_told_in_french() -> None:
    """Errors of the bots and the engine that had no catalog entry (their English leaked)."""
    game = Game(Ruleset.preset("five-up"), seed=1)
    with pytest.raises(UsageError) as info:
        make_player("grandmaster")
    assert error_text(info.value, "fr").startswith("Niveau de robot inconnu 'grandmaster'")
    with pytest.raises(UsageError) as info:
        game.determinised([[]], [])
    assert error_text(info.value, "en") == str(info.value)
    assert error_text(info.value, "fr").startswith("Déterminisation invalide")
    with pytest.raises(UsageError) as info:
        raise UsageError("some misuse")
    assert error_text(info.value, "fr") == "Cet appel ou cette commande est mal employé."


def test_a_bad_bot_is_explained_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    """``bots.bad_bot`` in French keeps the reason (it used to drop it)."""
    assert main(["match", "grandmaster", "greedy", "--lang", "fr", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "robot invalide 'grandmaster'" in err
    assert "(Niveau de robot inconnu 'grandmaster' : attendu random (1)" in err
    assert english_words(err) == []
    assert main(["match", "greedy:fast", "greedy", "--lang", "fr", "--quiet"]) == 2
    assert "(budget invalide 'fast' : attendu par ex. 250ms" in capsys.readouterr().err


def test_every_literal_key_is_namespaced() -> None:
    """``text("x")`` with an unknown key prints the key itself: catch it here."""
    call = re.compile(
        r"""(?:(?:\btext|\bself\.t|\bboth_langs|\bh)\(\s*|\bkey = )f?["']([^"']*)["']""")
    bad = []
    for path in SRC.rglob("*.py"):
        if path.parent.name == "i18n":  # its docstring shows how to call text()
            continue
        for key in call.findall(path.read_text(encoding="utf-8")):
            if key.split(".")[0] not in NAMESPACES or "." not in key:
                bad.append((path.name, key))
    assert bad == []


def test_every_family_built_at_run_time_is_complete() -> None:
    for preset in PRESETS:
        for family in ("preset.name.", "preset.short.", "preset.rules.", "preset.blurb."):
            assert has(family + preset), family + preset
    for name in Ruleset.preset("five-up").options():
        assert has(f"option.{name}"), name
    for settlement in CHOICES["settlement"]:
        assert has(f"tui.settle_rule_{settlement}"), settlement
    for scoring in CHOICES["scoring"]:
        if scoring != "none":  # the draw and block games show no count
            assert has(f"tui.count_no_score_{scoring}"), scoring
    for result in ("out", "blocked", "target"):
        assert has(f"replay.result.{result}") and has(f"tui.result_{result}")


def test_a_preset_has_one_name_per_language() -> None:
    """Names were translated three times, with different French: now only preset.name.*."""
    for lang in LANGS:
        names = {text(f"preset.name.{preset}", lang) for preset in PRESETS}
        assert len(names) == len(PRESETS)
        elsewhere = [k for k, v in catalog(lang).items()
                     if v in names and not k.startswith("preset.name.")]
        assert elsewhere == []
    assert text("preset.name.five-up", "fr") == "Five Up (cinq en haut)"


def test_replay_says_target_reached(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    for seed in range(40):  # All Fives ends at once when a play reaches 150: find such a game
        assert main(["random-game", "all-fives", "--seed", str(seed), "--out", str(path)]) == 0
        assert main(["replay", str(path), "--format", "jsonl"]) == 0
        events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        if any(e.get("result") == "target" for e in events):
            break
    else:
        pytest.fail("no All Fives game ended on its target")
    assert main(["replay", str(path), "--lang", "en"]) == 0
    assert ": target reached, winner" in capsys.readouterr().out
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    assert " : objectif atteint, gagnant" in capsys.readouterr().out


def test_an_illegal_move_says_why_in_french() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=4)
    with pytest.raises(FivesError) as info:
        game.play("pass")
    error = info.value
    assert "a placement or a draw is possible" in str(error)
    assert error_text(error, "en") == str(error)
    french = error_text(error, "fr")
    assert french.startswith("pass n'est pas permis ici : on peut poser ou piocher. ")
    assert english_words(french.split("Coups permis")[0]) == []


def test_a_system_error_is_told_in_french() -> None:
    try:
        (Path("/") / "no" / "such" / "dir" / "f.json").read_text()
    except OSError as err:
        assert os_error_text(err, "fr") == "fichier ou dossier introuvable"
        assert os_error_text(err, "en") == err.strerror
    assert os_error_text(ValueError("embedded null byte"), "fr") == "nom de fichier invalide"


def test_french_has_one_word_for_the_boneyard_and_one_for_the_deck() -> None:
    """« talon » is the boneyard (its size) and nothing else; the solitaire's deck and its score
    are « la pioche »."""
    talon = {key for key, message in fr.MESSAGES.items() if "talon" in message.lower()}
    assert talon == {"tui.boneyard_one", "tui.boneyard_size"}
    for key in ("tui.the_deck", "web.deck", "bots.deck", "tui.deck_gains", "tui.move_overdraw",
                "tui.hint_expect"):
        assert "pioche" in fr.MESSAGES[key].lower(), key
