"""Muggins claims (RULES.md §9 O1) in the terminal game's turn loop: a person counts the tile
they place (asked with no hint, until the answer is a whole number), is offered muggins once
after an opponent's short claim, and a bot calls a person's short claim; both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from fives.bots.greedy import GreedyPlayer
from fives.events import MugginsEvent
from fives.game import Game
from fives.moves import CLAIM_MAX, Move
from fives.rules import Ruleset
from fives.tui.session import PlaySession
from fives.views import SeatView
from tui.scripted_ui import ScriptedUI

OFFER = {"en": "North (greedy) claimed 0. Call muggins? [y/n] ",
         "fr": "Nord (glouton) a annoncé 0. Crier muggins ? [o/n] "}
CLAIM = {"en": "How many points? ", "fr": "Combien de points ? "}
BAD = {"en": "Write the points as a whole number (0 if the tile scores nothing), not {v!r}.",
       "fr": "Écrivez les points en nombre entier (0 si le domino ne rapporte rien), pas {v!r}."}


@pytest.fixture(autouse=True)
def save_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "saved"
    monkeypatch.setenv("FIVES_SAVE_DIR", str(folder))
    return folder


class ShortCounter(GreedyPlayer):
    """Claims 0 for every tile it places (short whenever the tile scores)."""

    def claim(self, view: SeatView, move: Move) -> Move:
        move = super().claim(view, move)
        return move.with_claim(0) if move.kind in ("lead", "place") else move


def claims_session(ui: ScriptedUI, bot: GreedyPlayer, lang: str = "en",
                   seed: int = 2) -> PlaySession:
    return PlaySession(Game(Ruleset.preset("muggins-1868"), seed=seed), ["human", "greedy"],
                       {1: bot}, ui=ui, lang=lang)


def calls_in(s: PlaySession) -> list[MugginsEvent]:
    return [e for e in s.game.events if isinstance(e, MugginsEvent)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_player_counts_the_tile_until_the_answer_is_a_number(lang: str) -> None:
    typed = ["abc", "", "-3", str(CLAIM_MAX + 1), " 1.5", f" {CLAIM_MAX} "]
    answers = ["1", *typed]

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        return answers.pop(0) if answers else None

    ui = ScriptedUI(answer)
    s = claims_session(ui, GreedyPlayer(seed=1), lang)
    before = len(s.game.history)
    assert s.run() == 0
    asks = ui.texts("ask")
    assert asks[1:] == [CLAIM[lang]] * len(typed) + asks[len(typed) + 1:]
    assert ui.texts("say")[:4] == [BAD[lang].format(v=v.strip())
                                   for v in ("abc", "-3", str(CLAIM_MAX + 1), "1.5")]
    assert {c.style for c in ui.of("say")} == {"bold red"}
    played = s.game.history[before]
    assert played.seat == 0 and played.move is not None and played.move.claim == CLAIM_MAX
    # nothing on the screen says what a tile would count or score
    for call in ui.of("show"):
        assert call.moment is not None and set(call.moment.outcomes) <= {None}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_short_claim_is_offered_once_and_enter_lets_it_go(lang: str) -> None:
    offers: list[str] = []

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt == CLAIM[lang]:
            return "0"
        if prompt == OFFER[lang]:
            offers.append(prompt)
            return "" if len(offers) == 1 else "y"
        if len(offers) == 2 and ui.calls[-2].kind != "ask":
            return None  # Ctrl-D at the move prompt after the call
        return "1"

    ui = ScriptedUI(answer)
    s = claims_session(ui, ShortCounter(seed=1), lang)
    assert s.run() == 0
    assert len(offers) == 2
    # the first window was let go: asked once, then the player's move prompt
    first = ui.texts("ask").index(OFFER[lang])
    assert "your move" in ui.texts("ask")[first + 1] or "votre coup" in ui.texts("ask")[first + 1]
    mine = [e for e in calls_in(s) if e.seat == 0]
    assert len(mine) == 1 and mine[0].points > 0
    took = {"en": f"You call muggins and take {mine[0].points}",
            "fr": f"Vous criez muggins et prenez {mine[0].points}"}[lang]
    assert any(line.startswith(took) for line in ui.log())


def test_an_exact_claim_is_never_offered() -> None:
    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt == CLAIM["en"]:
            return "0"
        return "1" if len(ui.of("ask")) < 60 else None

    ui = ScriptedUI(answer)
    s = claims_session(ui, GreedyPlayer(seed=1))
    assert s.run() == 0
    assert OFFER["en"] not in ui.texts("ask")
    assert all("muggins" not in prompt for prompt in ui.texts("ask"))
    assert any(e.seat == 1 and e.points > 0 for e in calls_in(s))  # the bot calls the player's
    assert any(line.startswith("North (greedy) calls muggins and takes") for line in
               (c for call in ui.of("actions") for c in call.log or []))


def test_a_claim_typed_with_the_move_is_not_asked_again() -> None:
    """'1=0' plays move 1 claiming 0: the claim was given, no question follows."""
    ui = ScriptedUI(lambda ui, prompt: None if ui.of("ask")[1:] else "1=0")
    s = claims_session(ui, GreedyPlayer(seed=1))
    before = len(s.game.history)
    assert s.run() == 0
    assert CLAIM["en"] not in ui.texts("ask")
    played = s.game.history[before]
    assert played.seat == 0 and played.move is not None and played.move.claim == 0
    assert ui.texts("ask")[-1] == "You, your move (number, notation, or help) > "


@pytest.mark.parametrize(("target", "bot", "caller", "won"), [
    (15, ShortCounter, 0, "You win the game! (You)"),
    (5, GreedyPlayer, 1, "North (greedy) wins the game!"),
])
def test_a_call_that_reaches_the_target_ends_the_game_at_once(
        target: int, bot: type[GreedyPlayer], caller: int, won: str) -> None:
    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt == CLAIM["en"]:
            return "0"
        if prompt == OFFER["en"]:
            return "y"
        return "1" if "your move" in prompt else ""

    ui = ScriptedUI(answer, limit=400)
    game = Game(Ruleset.preset("muggins-1868", target=target), seed=2)
    s = PlaySession(game, ["human", "greedy"], {1: bot(seed=1)}, ui=ui)
    assert s.run() == 0
    assert game.is_over
    last_call = game.events[-3]
    assert isinstance(last_call, MugginsEvent) and last_call.seat == caller
    end = ui.last("hand_end")
    assert end.headline is not None and end.headline.plain == won
    asks = ui.texts("ask")
    last = max(i for i, p in enumerate(asks) if "your move" in p or p == OFFER["en"])
    if caller == 0:  # the person's call was the last question before the results
        assert asks[last] == OFFER["en"]
    after = asks[last + 1:] if caller == 0 else [p for p in asks[last + 1:] if p != CLAIM["en"]]
    assert after == ["Save the record of this game? [y/N] > "]


def test_a_call_typed_at_the_prompt_keeps_the_turn_and_its_moves() -> None:
    """The offer let go, 'muggins' typed at the move prompt calls all the same; the player's
    moves are still theirs to choose from (by number), and the hint still reads the table."""
    script = iter(["", "muggins", "hint", "1", "0"])
    offered: list[str] = []

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt == OFFER["en"]:
            offered.append(prompt)
        if not offered:
            return "0" if prompt == CLAIM["en"] else "1" if "your move" in prompt else ""
        return next(script, None)

    ui = ScriptedUI(answer)
    s = claims_session(ui, ShortCounter(seed=1))
    assert s.run() == 0
    mine = [e for e in calls_in(s) if e.seat == 0]
    assert len(mine) == 1 and mine[0].points > 0
    start = ui.texts("ask").index(OFFER["en"])
    move_prompt = "You, your move (number, notation, or help) > "
    assert ui.texts("ask")[start + 1:start + 5] == [move_prompt] * 3 + [CLAIM["en"]]
    at = next(i for i, c in enumerate(ui.calls) if c.kind == "ask" and c.text == OFFER["en"])
    shown = [c.moment for c in ui.calls[at:] if c.kind == "show" and c.moment is not None]
    assert shown[0].moves == shown[1].moves  # before the call and after it
    listed = shown[1].moves
    tile = listed[0].tile
    assert tile is not None
    (hint,) = ui.texts("overlay")
    assert hint.startswith("Hint from the strongest bot (best first):\n  1) ")
    assert f"[{tile.high}|{tile.low}]" in hint.splitlines()[1] or \
        f"[{tile.low}|{tile.high}]" in hint.splitlines()[1]
    played = [a for a in s.game.history if a.seat == 0 and a.move is not None
              and a.move.kind in ("lead", "place")][-1]
    assert played.move is not None and played.move.tile == tile and played.move.claim == 0


def test_a_bot_after_the_person_calls_the_short_claim_they_let_go() -> None:
    """Three players: South's (a bot's) short claim is offered first to the person at West, the
    next seat; let go, North (a bot, after them) calls it before the person plays."""
    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt == CLAIM["en"]:
            return "0"
        if "Call muggins?" in prompt:
            return ""
        return "1" if "your move" in prompt and len(ui.of("ask")) < 40 else None

    ui = ScriptedUI(answer)
    game = Game(Ruleset.preset("muggins-1868", players=3), seed=2)
    s = PlaySession(game, ["greedy", "human", "greedy"],
                    {0: ShortCounter(seed=1), 2: GreedyPlayer(seed=2)}, ui=ui)
    assert s.run() == 0
    offers = [p for p in ui.texts("ask") if "Call muggins?" in p]
    assert offers and all(p.startswith("South (greedy) claimed 0.") for p in offers)
    by_bot = [e for e in calls_in(s) if e.seat == 2]
    assert len(by_bot) >= len(offers) and all(e.points > 0 for e in by_bot)
    assert any(line.startswith("North (greedy) calls muggins and takes")
               for call in ui.of("actions") for line in call.log or [])


def test_a_call_typed_at_the_prompt_that_reaches_the_target_ends_the_game() -> None:
    """The offer let go, 'muggins' typed at the move prompt takes the player to the target:
    the game is over there (no move is asked on a finished game), the results follow."""
    called: list[str] = []

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt == CLAIM["en"]:
            return "0"
        if prompt == OFFER["en"]:
            return ""
        if "your move" in prompt:
            if not called and Move.muggins(0) in s.game.view(0).legal_moves:
                called.append(prompt)
                return "muggins"
            return "1"
        return ""

    ui = ScriptedUI(answer, limit=400)
    game = Game(Ruleset.preset("muggins-1868", target=5), seed=9)
    s = PlaySession(game, ["human", "greedy"], {1: ShortCounter(seed=1)}, ui=ui)
    assert s.run() == 0
    assert called and game.is_over and game.winner == 0
    last_call = game.events[-3]
    assert isinstance(last_call, MugginsEvent) and last_call.seat == 0
    asks = ui.texts("ask")
    assert asks[asks.index(called[0]) + 1:] == ["Save the record of this game? [y/N] > "]
    end = ui.last("hand_end")
    assert end.headline is not None and end.headline.plain == "You win the game! (You)"
