"""The terminal game's turn loop (``fives.tui.session``) driven in-process through a scripted UI:
who is called what in both languages, what each seat is shown and asked, in which order, the
hands' ends, the game's end and its results, the bots' turns, a forced draw, the hot seat."""

from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from rich.text import Text

from fives.bots import Budget, make_player
from fives.bots.greedy import GreedyPlayer
from fives.events import HandEndEvent
from fives.game import Game
from fives.rules import Ruleset
from fives.tui.commands import own_moves
from fives.tui.screen import HandSummary
from fives.tui.session import PlaySession, seat_names, side_names
from tui.scripted_ui import ScriptedUI, advance, first_moves, lines, plain, random_moves

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.tui.ui import Moment
    from fives.views import SeatView

MOVE_PROMPT = "You, your move (number, notation, or help) > "
NEXT_HAND = "Press Enter for the next hand > "
RESULTS = "Press Enter for the results > "
END_SAVE = "Save the record of this game? [y/N] > "


@pytest.fixture
def save_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The folder games are saved in when no file is named (empty at the start)."""
    folder = tmp_path / "saved"
    monkeypatch.setenv("FIVES_SAVE_DIR", str(folder))
    return folder


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Every pause the session makes, in seconds (none is waited)."""
    slept: list[float] = []
    monkeypatch.setattr("fives.tui.session.time.sleep", slept.append)
    return slept


def five_up(target: int = 15, **options: object) -> Ruleset:
    return Ruleset.preset("five-up", target=target, **options)


def session(game: Game, seats: list[str], ui: ScriptedUI, **kwargs: object) -> PlaySession:
    bots = {seat: make_player(kind, seed=seat) for seat, kind in enumerate(seats)
            if kind != "human"}
    return PlaySession(game, seats, bots, ui=ui, **kwargs)  # type: ignore[arg-type]


def saved_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json")) if folder.exists() else []


# ---------------------------------------------------------------------- names


@pytest.mark.parametrize(("players", "seats", "lang", "names"), [
    (1, ["human"], "en", ["You"]),
    (1, ["greedy"], "fr", ["Sud (glouton)"]),
    (2, ["human", "greedy"], "en", ["You", "North (greedy)"]),
    (2, ["human", "greedy"], "fr", ["Vous", "Nord (glouton)"]),
    (2, ["human", "human"], "en", ["South", "North"]),
    (2, ["random", "human"], "fr", ["Sud (hasard)", "Vous"]),
    (3, ["human", "random", "human"], "en", ["South", "West (random)", "North"]),
    (3, ["heuristic", "human", "search"], "fr",
     ["Sud (heuristique)", "Vous", "Nord (recherche)"]),
    (4, ["heuristic", "search", "expert", "human"], "en",
     ["South (heuristic)", "West (search)", "North (expert)", "You"]),
    (4, ["human", "human", "greedy", "human"], "fr", ["Sud", "Ouest", "Nord (glouton)", "Est"]),
    (4, ["greedy", "greedy", "greedy", "greedy"], "en",
     ["South (greedy)", "West (greedy)", "North (greedy)", "East (greedy)"]),
])
def test_seat_names_in_both_languages(players: int, seats: list[str], lang: str,
                                      names: list[str]) -> None:
    """Compass places clockwise from the first seat; a bot says its level; the one person at
    the table is 'You', several people are called by their places."""
    assert seat_names(players, seats, lang) == names


def test_side_names() -> None:
    solitaire = Game(Ruleset.preset("five-up-solitaire"), seed=1)
    assert side_names(solitaire, ["You"], "en") == ["You", "The deck"]
    assert side_names(solitaire, ["Vous"], "fr") == ["Vous", "La pioche"]
    partners = Game(Ruleset.preset("all-fives", players=4, partnerships=True), seed=1)
    names = ["S", "W", "N", "E"]
    assert side_names(partners, names, "en") == ["S & N", "W & E"]
    assert side_names(partners, names, "fr") == ["S et N", "W et E"]
    three = Game(Ruleset.preset("all-fives", players=3), seed=1)
    assert side_names(three, ["a", "b", "c"], "fr") == ["a", "b", "c"]


def test_a_session_names_its_seats_and_sides_and_keeps_its_settings_in_the_record() -> None:
    game = Game(Ruleset.preset("all-fives", players=4, partnerships=True), seed=3)
    s = session(game, ["greedy", "random", "human", "expert"], ScriptedUI(), lang="fr",
                think=0.5, seed=3)
    assert s.names.seats == ["Sud (glouton)", "Ouest (hasard)", "Vous", "Est (expert)"]
    assert s.names.sides == ["Sud (glouton) et Vous", "Ouest (hasard) et Est (expert)"]
    assert s.names.you == 2 and s.names.lang == "fr"
    assert s.humans == [2] and s.who(3) == "Est (expert)" and s.viewer() == 2
    assert s.narrator.lang == "fr" and s.narrator.names is s.names
    meta = s.record()["meta"]
    assert meta["seats"] == [
        {"player": "bot", "level": "greedy", "seconds": 0.5},
        {"player": "bot", "level": "random", "seconds": 0.5},
        {"player": "human"},
        {"player": "bot", "level": "expert", "seconds": 0.5},
    ]
    assert (meta["lang"], meta["seed"], meta["client"]) == ("fr", 3, "fives play")
    assert s.safe_record == s.record()
    hot = session(Game(five_up(), seed=1), ["human", "human"], ScriptedUI())
    assert hot.names.you is None and hot.humans == [0, 1] and hot.viewer() is None
    hot.facing = 1
    assert hot.viewer() == 1


def test_the_defaults_are_english_the_tally_and_no_pause(sleeps: list[float],
                                                        save_dir: Path) -> None:
    game = Game(five_up(), seed=4)
    ui = ScriptedUI(lines(["1", "1"]))
    s = PlaySession(game, ["human", "greedy"], {1: make_player("greedy", seed=1)}, ui=ui)
    assert s.run() == 0
    assert s.lang == "en" and s.names.lang == "en" and s.record()["meta"]["lang"] == "en"
    assert "seed" not in s.record()["meta"] and s.think is None and s.save_to is None
    shown = [c.moment for c in ui.of("show")]
    assert shown and all(m is not None and m.tally and m.lang == "en" for m in shown)
    assert sleeps and set(sleeps) == {0.0}
    assert ui.texts("ask")[:2] == [MOVE_PROMPT, MOVE_PROMPT]


# ---------------------------------------------------------------------- whole games


def hand_summaries_of(game: Game) -> list[HandSummary]:
    return [HandSummary(e.hand, e.result, e.winner, tuple(e.scores))
            for e in game.events if isinstance(e, HandEndEvent)]


def test_a_game_between_bots_asks_nothing_and_pauses_between_actions(
        sleeps: list[float], save_dir: Path) -> None:
    game = Game(five_up(), seed=5)
    ui = ScriptedUI(lambda ui, prompt: pytest.fail(f"asked {prompt!r}"))
    s = session(game, ["greedy", "random"], ui, delay=0.25, seed=5)
    assert s.run() == 0
    assert game.is_over and ui.of("ask") == []
    hands = hand_summaries_of(game)
    ends = ui.of("hand_end")
    assert len(hands) > 2 and len(ends) == len(hands)
    assert all(c.prompt is None for c in ends)
    # nobody's hand on the table: every moment is a spectator's
    seen = [c.moment for c in ui.of("show") + ends]
    assert seen and all(m is not None and m.viewer is None and m.view.hand == () for m in seen)
    assert [c.headline is None for c in ends] == [True] * (len(hands) - 1) + [False]
    # a pause after each action while the hand goes on, three between two hands
    bot_moves = sum(len(h["actions"]) for h in game.to_record()["hands"])
    assert sleeps.count(0.75) == len(hands) - 1
    assert sleeps.count(0.25) == bot_moves - len(hands)
    assert len(sleeps) == bot_moves - 1
    # each bot is named while it thinks, then nobody
    thinking = ui.texts("thinking")
    assert len(thinking) == 2 * bot_moves
    assert set(thinking[0::2]) == {"South (greedy)", "North (random)"}
    assert set(thinking[1::2]) == {""}
    winner = ["South (greedy)", "North (random)"][game.winner or 0]
    (results,) = ui.of("results")
    assert results.parts is not None
    won = results.parts[1]
    assert isinstance(won, Text) and won.plain == f"{winner} wins the game!"
    assert str(won.style) == "bold green"
    assert ends[-1].headline is won
    assert ui.of("bye") == [] and saved_files(save_dir) == []


def test_a_game_against_a_bot_from_the_first_lead_to_the_results(
        sleeps: list[float], save_dir: Path) -> None:
    game = Game(five_up(), seed=4)
    ui = ScriptedUI(first_moves)
    s = session(game, ["human", "greedy"], ui, seed=4)
    assert s.run() == 0
    assert game.is_over and game.winner == 1
    assert ui.calls[0].kind == "actions" and ui.calls[0].log == ["Hand 1: North (greedy) leads."]
    asks = ui.texts("ask")
    assert asks[-1] == END_SAVE
    assert set(asks[:-1]) == {MOVE_PROMPT, NEXT_HAND}
    hands = hand_summaries_of(game)
    assert asks.count(NEXT_HAND) == len(hands) - 1
    ends = ui.of("hand_end")
    assert [c.prompt for c in ends] == [NEXT_HAND] * (len(hands) - 1) + [RESULTS]
    for k, end in enumerate(ends, start=1):
        assert end.moment is not None and end.moment.history == hands[:k]
        assert end.moment.viewer == 0
    assert ends[-1].headline is not None
    assert ends[-1].headline.plain == "North (greedy) wins the game!"
    # the results: a blank line, who won, the scores, the score sheet
    (results,) = ui.of("results")
    assert results.parts is not None and len(results.parts) == 4
    assert plain(results.parts[0]) == "\n"
    assert results.parts[1] is ends[-1].headline
    assert "North (greedy)      15" in plain(results.parts[2])
    sheet = plain(results.parts[3])
    assert "Scores after each hand" in sheet and "North (greedy)" in sheet
    assert f"{len(hands)}   out" in sheet or f"{len(hands)}   blocked" in sheet
    assert saved_files(save_dir) == [] and ui.of("bye") == []


def check_outcomes(moment: Moment) -> None:
    """What the list says each move would count and score: the layout's total after it, and
    the rules' points for that total (nothing for a draw or a pass)."""
    view: SeatView = moment.view
    assert len(moment.outcomes) == len(moment.moves)
    for move, outcome in zip(moment.moves, moment.outcomes, strict=True):
        if move.kind in ("draw", "pass"):
            assert outcome is None, move
            continue
        total = view.layout.copy().place_code(move.code)
        assert outcome == (total, view.rules.score_of_total(total)), move


def test_each_move_prompt_comes_after_the_players_table_and_its_moves(
        sleeps: list[float], save_dir: Path) -> None:
    game = Game(five_up(target=61), seed=8)
    played: list[str] = []

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        if prompt != MOVE_PROMPT:
            return ""
        if len(played) == 12:
            return None
        played.append("2" if len(ui.last("show").moment.moves) > 1 else "1")  # type: ignore[union-attr]
        return played[-1]

    ui = ScriptedUI(answer)
    s = session(game, ["human", "greedy"], ui, seed=8)
    assert s.run() == 0
    prompts = [i for i, c in enumerate(ui.calls) if c.kind == "ask" and c.text == MOVE_PROMPT]
    assert len(prompts) == 13
    drawn_seen = False
    for i in prompts:
        before = ui.calls[i - 1]
        assert before.kind == "show" and before.moment is not None
        moment = before.moment
        assert moment.viewer == 0 and moment.view.seat == 0 and moment.view.turn == 0
        assert moment.moves == own_moves(moment.view) and moment.moves
        check_outcomes(moment)
        assert moment.deck is None and moment.public is not None
        assert moment.names is s.names and moment.lang == "en"
        assert moment.last_node == (len(moment.public["layout"]["nodes"]) or None)
        drawn_seen = drawn_seen or moment.drawn is not None
    # after the bot's move, the table without moves (the line mode prints nothing then)
    after_bot = [c.moment for c in ui.of("show") if c.moment is not None and not c.moment.moves]
    assert after_bot and all(m.viewer == 0 and m.outcomes == [] for m in after_bot)


def test_a_resumed_hand_is_not_announced_again(sleeps: list[float], save_dir: Path) -> None:
    game = advance(Game(five_up(), seed=4), 2, lambda g: len(g.history) >= 3 and g.turn == 0)
    ui = ScriptedUI(lines([None]))
    s = session(game, ["human", "greedy"], ui)
    assert s.run() == 0
    assert ui.kinds()[:2] == ["show", "ask"] and ui.of("actions") == []


def test_a_forced_draw_is_made_for_the_player_and_shown_only_to_them(
        sleeps: list[float], save_dir: Path) -> None:
    def only_a_draw(g: Game) -> bool:
        if g.phase_name != "play" or g.turn != 0:
            return False
        return [m.kind for m in own_moves(g.view(0))] == ["draw"]

    game = advance(Game(five_up(target=61), seed=3), 1, only_a_draw)
    hand = set(game.view(0).hand)
    ui = ScriptedUI(lines([None]))
    s = session(game, ["human", "greedy"], ui, delay=0.5)
    assert s.run() == 0
    drawn = game.view(0).hand
    new = [t for t in drawn if t not in hand]
    assert len(new) == 1
    tile = new[0]
    kinds = ui.kinds()
    # drawn for the player: no question before the draw, then the table with the tile marked
    assert kinds[:2] == ["actions", "show"]
    log = ui.calls[0].log
    assert log is not None and log[-1] == f"You cannot play: you draw [{tile.high}|{tile.low}]."
    shown = ui.calls[1].moment
    assert shown is not None and shown.drawn == tile and shown.moves == []
    assert sleeps[0] == 0.5
    assert s.last_drawn == {0: tile}


def test_hands_end_with_the_reveal_then_the_next_hand_starts_afresh(
        sleeps: list[float], save_dir: Path) -> None:
    def human_leads_next(g: Game) -> bool:
        return g.phase_name == "hand_over" and not g.is_over and g.hand_number == 1

    game = advance(Game(five_up(target=61), seed=1), 1, human_leads_next)
    ended = game.last_hand_end
    assert ended is not None
    ui = ScriptedUI(lines(["", None]))
    s = session(game, ["greedy", "human"], ui)
    s.last_node = 7
    assert s.run() == 0
    end = ui.calls[0]
    assert end.kind == "hand_end" and end.headline is None and end.prompt == NEXT_HAND
    assert end.moment is not None and end.moment.view.phase == "hand_over"
    assert end.moment.history == hand_summaries_of(game)[:1]
    assert ui.calls[1].kind == "ask" and ui.calls[1].text == NEXT_HAND
    # the log starts again with the new hand's first line
    first_log = ui.calls[2].log
    assert ui.calls[2].kind == "actions" and first_log is not None
    assert first_log[0].startswith("Hand 2: ")
    assert all("Hand 1" not in line for line in first_log)
    assert game.hand_number == 2
    # what is saved on leaving is the new hand, whoever played in it
    (saved,) = saved_files(save_dir)
    record = s.record()
    assert saved.read_text(encoding="utf-8").count('"actions"') == 2
    assert len(record["hands"]) == 2
    assert game.leader == 1  # the player leads hand 2: nothing is on the table yet
    shown = [c.moment for c in ui.of("show") if c.moment is not None]
    assert shown[0].last_node is None and shown[0].drawn is None
    assert record["hands"][1]["actions"] == []


def test_the_hot_seat_hands_the_keyboard_over_between_players(
        sleeps: list[float], save_dir: Path) -> None:
    game = Game(five_up(), seed=2)
    ui = ScriptedUI(lambda ui, p: "1" if "your move" in p else "" if len(ui.of("ask")) < 12
                    else None)
    s = session(game, ["human", "human"], ui)
    assert s.run() == 0
    handovers = ui.of("handover")
    assert len(handovers) >= 4
    for call in handovers:
        assert call.moment is not None and call.moment.viewer is None
        assert call.moment.view.hand == () or not call.moment.view.hand
        assert call.moment.moves == []
    prompts = [c.prompt for c in handovers]
    assert set(prompts) == {"Pass the keyboard to South, then press Enter > ",
                            "Pass the keyboard to North, then press Enter > "}
    moves = [c for c in ui.of("ask") if "your move" in c.text]
    assert {c.text for c in moves} == {"South, your move (number, notation, or help) > ",
                                       "North, your move (number, notation, or help) > "}
    # each player sees their own hand once the keyboard is theirs
    for i, call in enumerate(ui.calls):
        if call.kind == "ask" and "your move" in call.text:
            shown = ui.calls[i - 1].moment
            assert shown is not None and shown.viewer == shown.view.turn
            assert shown.view.seat == shown.viewer


def test_a_bots_thinking_time_is_its_budget(sleeps: list[float], save_dir: Path) -> None:
    budgets: list[Budget | None] = []

    class Recording(GreedyPlayer):
        def choose(self, view: SeatView, budget: Budget | None = None) -> Move:
            budgets.append(budget)
            return super().choose(view, budget)

    for think in (0.25, None):
        budgets.clear()
        game = Game(five_up(), seed=4)
        ui = ScriptedUI(lines(["1", None]))
        s = PlaySession(game, ["human", "greedy"], {1: Recording(seed=1)}, ui=ui, think=think)
        assert s.run() == 0
        assert len(budgets) == 2
        if think is None:
            assert budgets == [None, None]
        else:
            assert all(b is not None and b.seconds == 0.25 for b in budgets)
        assert ui.texts("thinking")[:2] == ["North (greedy)", ""]


def test_an_empty_line_shows_the_table_again(sleeps: list[float], save_dir: Path) -> None:
    game = Game(five_up(), seed=4)
    ui = ScriptedUI(lines(["", "  ", None]))
    s = session(game, ["human", "greedy"], ui)
    assert s.run() == 0
    tail = ui.kinds()[-7:]
    assert tail == ["show", "ask", "show", "ask", "show", "ask", "bye"]
    shows = [c.moment for c in ui.of("show")][-3:]
    assert all(m is not None and m.moves == shows[0].moves and m.moves for m in shows
               if shows[0] is not None)
    assert len(s.game.to_record()["hands"][0]["actions"]) == 1  # the bot's lead only


def test_the_hot_seat_hands_over_at_each_new_hand_even_to_the_last_player(
        sleeps: list[float], save_dir: Path) -> None:
    """The player who made the last move of a hand often leads the next one: their new hand is
    shown only after the handover, as at every change of player."""
    game = Game(five_up(), seed=3)
    ui = ScriptedUI(random_moves(3))
    s = session(game, ["human", "human"], ui)
    assert s.run() == 0
    ended = [i for i, c in enumerate(ui.calls) if c.kind == "hand_end"]
    assert len(ended) > 3
    same_player_again = 0
    for i in ended[:-1]:
        after = ui.calls[i + 1:]
        first_move = next(c for c in after if c.kind == "ask" and "your move" in c.text)
        player = first_move.text.split(",")[0]
        handover = next(c for c in after if c.kind in ("handover", "ask") and (
            c.kind == "handover" or "your move" in c.text))
        assert handover.kind == "handover", f"no handover after the hand's end before {player}"
        assert handover.prompt == f"Pass the keyboard to {player}, then press Enter > "
        before = [c for c in ui.calls[:i] if c.kind == "ask" and "your move" in c.text]
        same_player_again += before[-1].text.split(",")[0] == player
    assert same_player_again > 0


def test_the_results_in_the_players_language_with_the_tally_and_the_score_sheet(
        save_dir: Path) -> None:
    def results_of(game: Game, seats: list[str], **kwargs: object) -> list[str]:
        ui = ScriptedUI(lines([]))
        assert session(game, seats, ui, **kwargs).run() == 0
        parts = ui.last("results").parts
        assert parts is not None
        return [plain(p) for p in parts]

    game = advance(Game(five_up(10), seed=1), 1, lambda g: g.is_over)
    hands = hand_summaries_of(game)
    assert len(hands) >= 3
    french = results_of(game, ["human", "greedy"], lang="fr")
    assert french[2].splitlines()[0].split() == ["Camp", "Score", "Marque", "sur", "papier"]
    assert french[3].splitlines()[0].strip() == "Scores après chaque manche"
    assert french[3].splitlines()[2].split() == ["Manche", "Fin", "Vous", "Nord", "(glouton)"]
    rows = [line.split() for line in french[3].splitlines()[4:] if line.strip()]
    assert rows == [[str(h.hand), "domino" if h.result == "out" else h.result,
                     *map(str, h.scores)] for h in hands]
    plain_en = results_of(game, ["human", "greedy"], tally=False)
    assert plain_en[2].splitlines()[0].split() == ["Side", "Score"]
    assert "Scores after each hand" in plain_en[3] and "Manche" not in plain_en[3]
    solo = advance(Game(Ruleset.preset("five-up-solitaire"), seed=1), 1, lambda g: g.is_over)
    deck = [line for line in results_of(solo, ["human"])[2].splitlines()
            if line.startswith("The deck")]
    assert len(deck) == 1 and "(handicap " in deck[0] and " + overdraws " in deck[0]
    partners = advance(Game(Ruleset.preset("all-fives", players=4, partnerships=True,
                                           target=20), seed=3), 3, lambda g: g.is_over)
    sheet = results_of(partners, ["greedy", "greedy", "human", "greedy"])[3]
    heading = sheet.splitlines()[2]
    assert heading.rstrip().endswith("South (greedy) & You   West (greedy) & East (greedy)")


def test_a_resumed_game_brings_the_hands_played_before(sleeps: list[float],
                                                        save_dir: Path) -> None:
    game = advance(Game(five_up(61), seed=6), 6,
                   lambda g: g.hand_number == 3 and g.phase_name == "play" and g.turn == 0)
    before = hand_summaries_of(game)
    assert [h.hand for h in before] == [1, 2]
    ui = ScriptedUI(lines([None]))
    s = session(game, ["human", "greedy"], ui)
    assert s.history == before
    assert s.run() == 0
    shown = ui.last("show").moment
    assert shown is not None and shown.history == before
    assert [h.winner for h in before] == [e.winner for e in game.events
                                          if isinstance(e, HandEndEvent)]


def test_the_drawn_tile_is_marked_until_the_player_places_a_tile(
        sleeps: list[float], save_dir: Path) -> None:
    def only_a_draw(g: Game) -> bool:
        return (g.phase_name == "play" and g.turn == 0
                and [m.kind for m in own_moves(g.view(0))] == ["draw"])

    game = advance(Game(five_up(target=61), seed=3), 1, only_a_draw)
    nodes = len(game.layout.to_json()["nodes"])
    placed: list[int] = []

    def answer(ui: ScriptedUI, prompt: str) -> str | None:
        moment = ui.last("show").moment
        assert moment is not None
        if placed:
            return None
        placed.append(1)
        place = [i for i, m in enumerate(moment.moves, start=1) if m.kind == "place"]
        return str(place[0])

    ui = ScriptedUI(answer)
    s = session(game, ["human", "greedy"], ui)
    assert s.run() == 0
    asked = ui.kinds().index("ask")
    before = ui.calls[asked - 1].moment
    assert before is not None and before.drawn is not None  # marked until a tile is placed
    assert before.last_node is None  # nothing placed since the session began
    after = next(c.moment for c in ui.calls[asked:] if c.kind == "show")
    assert after is not None and after.drawn is None  # the player's tile, then the bot's
    assert after.last_node == nodes + 2


def test_last_choice_finds_a_seats_last_tile_in_the_record() -> None:
    """(hand, action) of a seat's last lead or placement, counted as the record lists them:
    draws and passes are actions, each hand counts from 0."""
    from fives.tui.session import last_choice

    game = Game(Ruleset.preset("five-up", players=3, target=61), seed=5)
    placed: dict[int, tuple[int, int]] = {}
    hand, action = 0, 0
    steps = 0
    rng = random.Random(5)
    while hand < 3 or steps < 60:
        if game.phase_name == "hand_over":
            game.next_hand()
            hand, action = hand + 1, 0
            continue
        seat = game.turn
        move = rng.choice(list(game.view(seat).legal_moves))
        game.play(move)
        if move.kind in ("lead", "place"):
            placed[seat] = (hand, action)
        action += 1
        steps += 1
        record = game.to_record()
        for s in range(3):
            assert last_choice(record, s) == placed.get(s), (steps, s)
    assert hand == 3 and len(placed) == 3 and placed[0][0] == 2  # three hands counted


def test_a_refused_line_shows_nothing_more_and_undo_shows_the_table_once(
        sleeps: list[float], save_dir: Path) -> None:
    """A line that is neither a move nor a command: its message, then the prompt again (the
    table is not printed again); undo: the table of the earlier turn, once."""
    game = Game(five_up(), seed=4)
    ui = ScriptedUI(lines(["xyz", "1", "1", "undo", None]))
    s = session(game, ["human", "greedy"], ui)
    assert s.run() == 0
    refused = ui.texts("say").index(next(t for t in ui.texts("say") if "'xyz'" in t))
    said = [i for i, c in enumerate(ui.calls) if c.kind == "say"][refused]
    assert ui.kinds()[said - 1:said + 2] == ["ask", "say", "ask"]
    undone = max(i for i, c in enumerate(ui.calls) if c.kind == "actions")
    assert ui.calls[undone].log == ["Back to your previous turn."]
    assert ui.kinds()[undone:] == ["actions", "show", "ask", "bye"]
    shown = ui.calls[undone + 1].moment
    assert shown is not None and shown.moves == own_moves(s.game.view(0))
    assert len(s.game.to_record()["hands"][0]["actions"]) == 3  # lead, the first move, reply


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_forced_pass_is_made_for_the_player(sleeps: list[float], save_dir: Path,
                                              lang: str) -> None:
    def only_a_pass(g: Game) -> bool:
        return (g.phase_name == "play" and g.turn == 0
                and [m.kind for m in own_moves(g.view(0))] == ["pass"])

    game = advance(Game(Ruleset.preset("block"), seed=1), 1, only_a_pass)
    actions = len(game.history)
    ui = ScriptedUI(lines([None]))
    s = session(game, ["human", "greedy"], ui, lang=lang, delay=0.5)
    assert s.run() == 0
    assert ui.kinds()[:2] == ["actions", "show"]  # no question before the pass
    log = ui.calls[0].log
    assert log is not None
    assert log[-1] == {"en": "You pass: no tile fits and nothing to draw.",
                       "fr": "Vous passez : aucun domino ne va et plus rien à piocher."}[lang]
    assert game.history[actions].seat == 0 and game.history[actions].kind == "pass"
    assert sleeps[0] == 0.5


def test_the_solitaire_lists_what_each_lead_and_the_overdraw_would_score(
        sleeps: list[float], save_dir: Path) -> None:
    """The player leads every hand: each lead's count and points are on the list; the
    overdraw's price is the deck's, not a count (it has none)."""
    from fives.solitaire import deck_sources

    game = Game(Ruleset.preset("five-up-solitaire"), seed=3)
    ui = ScriptedUI(lines(["1", None]))
    s = session(game, ["human"], ui)
    assert s.run() == 0
    first, second = [c.moment for c in ui.of("show") if c.moment is not None and c.moment.moves]
    assert {m.kind for m in first.moves} == {"lead", "draw"}
    check_outcomes(first)
    assert all((o is not None) == (m.kind == "lead") for m, o in zip(
        first.moves, first.outcomes, strict=True))
    assert "draw" in [m.kind for m in second.moves]
    check_outcomes(second)
    assert second.deck == (deck_sources(s.game) or None) and second.deck is not None
