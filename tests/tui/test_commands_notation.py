"""Moves typed in notation at the prompt (``fives.tui.commands.typed_move`` and ``bare_tile``):
``draw`` and ``pass`` in both languages, the overdraw asked again (RULES.md §4.3), a tile not held,
the exact notation, a bare tile played where it fits (its 6 first, the sniff's form), the claim
asked when it is left out (§9 O1), and the muggins call (``muggins``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from fives.claims import with_exact_claim
from fives.tiles import Tile
from fives.tui.session import PlaySession
from tui.prompt_session import Recorder, listed, play_until, short_claim, start, typed, window


def actions(s: PlaySession) -> list[str]:
    return [str(a) for a in s.game.to_record()["hands"][-1]["actions"]]


def at(preset: str, wanted: str, lang: str = "en", answers: tuple[str, ...] = (),
       options: dict[str, object] | None = None) -> tuple[PlaySession, Recorder]:
    """Seat 0 to move in ``preset`` at a position named by ``wanted``."""
    seats = ("human",) if "solitaire" in preset else ("human", "greedy")
    s, ui = start(preset, lang=lang, answers=answers, seats=seats, options=options)
    tests: dict[str, Callable[[PlaySession], bool]] = {
        "only draw": lambda s: [m.kind for m in listed(s)] == ["draw"],
        "only pass": lambda s: [m.kind for m in listed(s)] == ["pass"],
        "overdraw": lambda s: "draw" in [m.kind for m in listed(s)] and len(listed(s)) > 1,
        "tiles": lambda s: s.game.layout.count > 1 and len(listed(s)) >= 2
        and all(m.kind == "place" for m in listed(s)),
        "sniff": lambda s: s.game.layout.count > 0 and any(m.form for m in listed(s)),
    }
    play_until(s, lambda s: s.game.turn == 0 and tests[wanted](s))
    return s, ui


@pytest.mark.parametrize("line", ["draw", "DRAW", "piocher", "pioche", "Piocher"])
def test_draw_in_either_language_draws(line: str) -> None:
    s, ui = at("five-up", "only draw")
    before = len(actions(s))
    assert typed(s, line) is True
    assert actions(s)[before:] == ["draw"]
    assert ui.asked == [] and ui.said == []


@pytest.mark.parametrize("line", ["pass", "Pass", "passer", "passe", "PASSE"])
def test_pass_in_either_language_passes(line: str) -> None:
    s, _ui = at("block", "only pass")
    before = len(actions(s))
    assert typed(s, line) is True
    assert actions(s)[before:] == ["pass"]


@pytest.mark.parametrize(("lang", "line", "message"), [
    ("en", "draw", "You cannot draw a tile now: type a move's number (1 to {count})."),
    ("en", "pass", "You cannot pass now: type a move's number (1 to {count})."),
    ("fr", "piocher",
     "Vous ne pouvez pas piocher un domino maintenant : tapez le numéro d'un coup (1 à {count})."),
    ("fr", "passe", "Vous ne pouvez pas passer maintenant : tapez le numéro d'un coup "
                    "(1 à {count})."),
])
def test_draw_or_pass_when_the_rules_do_not_allow_it(lang: str, line: str,
                                                     message: str) -> None:
    s, ui = at("five-up", "tiles", lang=lang)
    before = s.game.to_record()
    assert typed(s, line) is False
    assert ui.errors == [message.format(count=len(listed(s)))]
    assert s.game.to_record() == before


@pytest.mark.parametrize(("lang", "no", "ask", "said"), [
    ("en", "n", "A tile fits: draw anyway, +3 to the deck? [y/N] > ",
     "No draw: play a tile (or type the overdraw's number)."),
    ("fr", "", "Un domino se pose : piocher quand même, +3 pour la pioche ? [o/N] > ",
     "Pas de pioche : posez un domino (ou tapez le numéro de la surpioche)."),
])
def test_a_typed_overdraw_is_asked_again(lang: str, no: str, ask: str, said: str) -> None:
    s, ui = at("five-up-solitaire", "overdraw", lang=lang, answers=(no, "y"))
    before = actions(s)
    assert typed(s, "draw") is False
    assert ui.asked == [ask]
    assert ui.lines == [said] and ui.errors == []
    assert actions(s) == before
    assert typed(s, "draw") is True
    assert ui.asked == [ask, ask]
    assert actions(s) == [*before, "draw"]


def test_a_draw_that_is_the_only_move_is_not_asked_again_in_the_solitaire() -> None:
    s, ui = at("five-up-solitaire", "only draw")
    before = actions(s)
    assert typed(s, "draw") is True
    assert ui.asked == []
    assert actions(s) == [*before, "draw"]


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "You do not hold {tile}: type a move's number (1 to {count})."),
    ("fr", "Vous n'avez pas {tile} : tapez le numéro d'un coup (1 à {count})."),
])
def test_a_tile_not_held_is_named_high_half_first(lang: str, message: str) -> None:
    s, ui = at("five-up", "tiles", lang=lang)
    hand = s.game.view(0).hand
    tile = next(Tile(a, b) for a in range(6, -1, -1) for b in range(a) if Tile(a, b) not in hand)
    before = s.game.to_record()
    for line in (f"{tile.low}-{tile.high}", f"{tile.high}-{tile.low}@1"):
        assert typed(s, line) is False
    shown = f"[{tile.high}|{tile.low}]"
    count = len(listed(s))
    assert ui.errors == [message.format(tile=shown, count=count)] * 2
    assert s.game.to_record() == before


def test_the_exact_notation_plays_that_move() -> None:
    s, ui = at("five-up", "tiles")
    move = listed(s)[-1]
    assert typed(s, move.notation(explicit=True)) is True
    assert actions(s)[-1] == move.notation(explicit=True)
    assert ui.said == []


def two_ways(s: PlaySession) -> bool:
    """Seat 0 holds a tile that fits with either half touching."""
    by_tile: dict[Tile, set[int]] = {}
    for m in listed(s):
        if m.tile is not None:
            by_tile.setdefault(m.tile, set()).add(m.touching)
    return s.game.turn == 0 and s.game.layout.count > 1 and any(
        len(v) > 1 for v in by_tile.values())


@pytest.mark.parametrize("first", ["high", "low"])
def test_a_bare_tile_goes_where_the_half_typed_first_touches(first: str) -> None:
    s, ui = start()
    play_until(s, two_ways)
    moves = listed(s)
    tile = next(m.tile for m in moves if m.tile is not None
                and len({n.touching for n in moves if n.tile == m.tile}) > 1)
    touching = tile.high if first == "high" else tile.low
    other = tile.low if first == "high" else tile.high
    move = next(m for m in moves if m.tile == tile and m.touching == touching)
    assert typed(s, f"{touching}-{other}") is True
    assert actions(s)[-1] == move.notation(explicit=True)
    assert ui.said == []


def one_place(s: PlaySession) -> bool:
    """Seat 0 holds a tile that fits in one place only, on a table of tiles."""
    tiles = [m.tile for m in listed(s)]
    return (s.game.turn == 0 and s.game.layout.count > 1
            and any(t is not None and tiles.count(t) == 1 for t in tiles))


def test_a_bare_tile_that_fits_once_is_played_there() -> None:
    s, _ui = start()
    play_until(s, one_place)
    moves = listed(s)
    tiles = [m.tile for m in moves]
    move = next(m for m in moves if m.tile is not None and tiles.count(m.tile) == 1)
    assert move.tile is not None
    assert typed(s, f"{move.tile.high}|{move.tile.low}") is True
    assert actions(s)[-1] == move.notation(explicit=True)


def same_touching_twice(s: PlaySession) -> bool:
    """Seat 0 holds a tile that fits in two places with the same half touching."""
    pairs = [(m.tile, m.touching) for m in listed(s) if m.tile is not None]
    return (s.game.turn == 0 and s.game.layout.count > 0
            and any(pairs.count(p) > 1 for p in pairs))


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "{tile} fits in more than one place: type the number of one ({numbers})."),
    ("fr", "{tile} peut aller à plusieurs endroits : tapez le numéro de l'un d'eux ({numbers})."),
])
def test_a_bare_tile_that_fits_twice_names_the_numbers(lang: str, message: str) -> None:
    s, ui = start(lang=lang)
    play_until(s, same_touching_twice)
    moves = listed(s)
    pairs = [(m.tile, m.touching) for m in moves]
    tile, touching = next(p for p in pairs if pairs.count(p) > 1)
    assert tile is not None
    numbers = [i + 1 for i, p in enumerate(pairs) if p == (tile, touching)]
    before = s.game.to_record()
    assert typed(s, f"{touching}-{tile.other(touching)}") is False
    assert ui.errors == [message.format(tile=f"[{tile.high}|{tile.low}]",
                                        numbers=", ".join(map(str, numbers)))]
    assert s.game.to_record() == before


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "{tile} cannot be played there: type a move's number (1 to {count})."),
    ("fr", "{tile} ne peut pas être posé là : tapez le numéro d'un coup (1 à {count})."),
])
def test_a_held_tile_that_does_not_fit_there_is_refused(lang: str, message: str) -> None:
    s, ui = at("five-up", "tiles", lang=lang)
    moves = listed(s)
    fitting = next(m for m in moves if m.tile is not None)
    assert fitting.tile is not None
    held = [t for t in s.game.view(0).hand if t not in {m.tile for m in moves}]
    lines = [f"{fitting.tile.high}-{fitting.tile.low}@{s.game.layout.count + 5}"]
    shown = [f"[{fitting.tile.high}|{fitting.tile.low}]"]
    if held:  # a tile held that fits nowhere, typed bare
        lines.append(f"{held[0].high}-{held[0].low}")
        shown.append(f"[{held[0].high}|{held[0].low}]")
    before = s.game.to_record()
    for line in lines:
        assert typed(s, line) is False
    assert ui.errors == [message.format(tile=t, count=len(moves)) for t in shown]
    assert s.game.to_record() == before


def test_a_tile_held_that_fits_nowhere_is_refused_bare() -> None:
    s, ui = start()
    play_until(s, lambda s: s.game.turn == 0 and s.game.layout.count > 1 and len(listed(s)) > 1
               and any(t not in {m.tile for m in listed(s)} for t in s.game.view(0).hand))
    tile = next(t for t in s.game.view(0).hand if t not in {m.tile for m in listed(s)})
    assert typed(s, f"{tile.low}-{tile.high}") is False
    assert ui.errors == [f"[{tile.high}|{tile.low}] cannot be played there: type a move's "
                         f"number (1 to {len(listed(s))})."]


@pytest.mark.parametrize(("line", "form"), [
    ("{d}-{d}", "us"), ("{d}-{d}:british", "british"), ("{d}-{d}:US", "us"),
])
def test_a_bare_sniff_takes_the_form_typed_else_the_options(line: str, form: str) -> None:
    s, ui = at("five-up", "sniff", options={"sniff": "us", "sniff_orientation_choice": True})
    moves = listed(s)
    double = next(m.tile for m in moves if m.form)
    assert double is not None
    move = next(m for m in moves if m.tile == double and m.form == form)
    assert typed(s, line.format(d=double.high)) is True
    assert actions(s)[-1] == move.notation(explicit=True)
    assert ui.said == []


@pytest.mark.parametrize(("lang", "line"), [
    ("en", "xyz"), ("en", "muggins:1"), ("fr", "7-7"), ("fr", "6-6@0"),
])
def test_what_is_no_move_is_not_understood(lang: str, line: str) -> None:
    s, ui = at("five-up", "tiles", lang=lang)
    count = len(listed(s))
    message = {
        "en": f"{line!r} is neither a move nor a command: type a move's number (1 to {count}), "
              "or help.",
        "fr": f"{line!r} n'est ni un coup ni une commande : tapez le numéro d'un coup (1 à "
              f"{count}), ou aide.",
    }[lang]
    before = s.game.to_record()
    assert typed(s, line) is False
    assert ui.errors == [message]
    assert s.game.to_record() == before


def claims_turn(answers: tuple[str, ...]) -> tuple[PlaySession, Recorder]:
    s, ui = start("muggins-1868", answers=answers)
    play_until(s, lambda s: s.game.turn == 0 and window(s) is None
               and s.game.layout.count > 1 and any(m.kind == "place" for m in listed(s)))
    return s, ui


def test_a_placement_typed_without_its_claim_asks_it() -> None:
    s, ui = claims_turn(("6",))
    move = next(m for m in listed(s) if m.kind == "place")
    assert typed(s, move.notation(explicit=True)) is True
    assert ui.asked == ["How many points? "]
    assert actions(s)[-1] == move.with_claim(6).notation(explicit=True)


def test_a_placement_typed_with_its_claim_is_not_asked() -> None:
    s, ui = claims_turn(())
    move = with_exact_claim(s.game, next(m for m in listed(s) if m.kind == "place"))
    assert typed(s, move.notation(explicit=True)) is True
    assert ui.asked == []
    assert actions(s)[-1] == move.notation(explicit=True)


def test_a_bare_tile_under_claims_is_placed_then_its_claim_asked() -> None:
    s, ui = start("muggins-1868", answers=("0",))
    play_until(s, lambda s: s.game.turn == 0 and window(s) is None
               and s.game.layout.count > 1 and one_place(s))
    moves = listed(s)
    tiles = [m.tile for m in moves]
    move = next(m for m in moves if m.tile is not None and tiles.count(m.tile) == 1)
    assert move.tile is not None
    assert typed(s, f"{move.touching}-{move.tile.other(move.touching)}") is True
    assert ui.asked == ["How many points? "]
    assert actions(s)[-1] == move.with_claim(0).notation(explicit=True)


def test_a_lead_typed_without_its_claim_asks_it() -> None:
    s, ui = start("muggins-1868", answers=("10",))
    play_until(s, lambda s: s.game.turn == 0 and s.game.layout.count == 0)
    move = listed(s)[0]
    assert move.tile is not None
    assert typed(s, f"{move.tile.high}-{move.tile.low}") is True
    assert ui.asked == ["How many points? "]
    assert actions(s)[-1] == move.with_claim(10).notation(explicit=True)


@pytest.mark.parametrize("word", ["muggins", "m", "Muggins"])
def test_muggins_calls_the_short_count_and_the_turn_goes_on(word: str) -> None:
    s, ui = short_claim()
    opened = window(s)
    assert opened is not None
    scores = list(s.game.scores)
    assert typed(s, word) is False
    assert actions(s)[-1] == "muggins:0"
    assert s.game.scores[0] == scores[0] + opened.missed
    assert [line.plain for line in s.narrator.log][-1] == (
        f"You call muggins and take {opened.missed}")
    [moment] = ui.shown
    assert moment.moves == listed(s) and moment.viewer == 0
    assert all(m.kind != "muggins" for m in moment.moves) and moment.moves
    assert ui.said == []


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "No muggins to call now: a call comes right after an opponent's tile."),
    ("fr", "Pas de muggins à crier maintenant : on crie juste après le domino d'un adversaire."),
])
def test_muggins_with_nothing_to_call_is_refused(lang: str, message: str) -> None:
    s, ui = claims_turn(())
    s.lang = lang
    before = s.game.to_record()
    assert typed(s, "muggins") is False
    assert ui.errors == [message]
    assert s.game.to_record() == before and ui.shown == []
