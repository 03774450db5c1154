"""RULES.md §9 O1 (muggins claims), §8 X-6 (who may call, when, a mistaken call), §10 V48 and
the notation and replay of §12.2 / §12.4.

Most cases start from V22's position (All Fives: 3-3 led, 3-6 on its east side, 3-5 on its
west side): seat 0 (A) then places 3-4 on the open north branch, T = 6 + 5 + 4 = 15.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from fives.claims import callers, claim_outcome, penalty_seat, with_exact_claim
from fives.cli.main import main
from fives.errors import IllegalMoveError, InvalidMoveError, RecordError, RulesError
from fives.events import HandEndEvent, MugginsEvent, PenaltyEvent, PlayEvent
from fives.game import Game
from fives.moves import Move, parse_notation
from fives.record import load_record
from fives.rules import PRESETS, Ruleset
from fives.tiles import Tile

T = Tile.parse
LEAD_3_3 = [Move.lead(T("3-3")), Move.place(T("6-3"), 1, "E", 3), Move.place(T("5-3"), 1, "W", 3)]
A_PLACES = "3-4@1.N"  # T = 15 after it


def af(**options: object) -> Ruleset:
    return Ruleset.preset("all-fives", muggins_claims=True, **options)


def v22(rules: Ruleset | None = None, *, a: Sequence[str] = ("4-3", "2-1", "6-0"),
        others: Sequence[Sequence[str]] = (("6-5", "1-0", "5-2"),),
        boneyard: Sequence[str] = ("0-0",), scores: Sequence[int] | None = None) -> Game:
    rules = rules or af()
    game = Game.from_position(
        rules, hands=[[T(t) for t in a], *[[T(t) for t in h] for h in others]],
        boneyard=[T(t) for t in boneyard], placements=LEAD_3_3, turn=0, scores=scores)
    assert type(game) is Game
    return game


def reason(exc: pytest.ExceptionInfo[IllegalMoveError]) -> object:
    return exc.value.params["reason"]


# ---------------------------------------------------------------- V48
def test_v48a_a_short_claim_called() -> None:
    game = v22()
    [play] = game.play(A_PLACES + "=10")
    assert play == PlayEvent(1, 0, "3-4@1=10", 15, 10, (10, 0), claim=10)
    assert play.to_json() == {"type": "play", "hand": 1, "seat": 0, "move": "3-4@1=10",
                              "total": 15, "claim": 10, "points": 10, "scores": [10, 0]}
    assert game.turn == 1 and Move.muggins(1) in game.legal_moves
    [call] = game.play("muggins:1")
    assert call == MugginsEvent(1, 1, 5, (10, 5))
    assert call.to_json() == {"type": "muggins", "hand": 1, "seat": 1, "points": 5,
                              "scores": [10, 5]}
    assert game.turn == 1  # a call does not change whose turn it is
    assert Move.muggins(1) not in game.legal_moves


def test_v48b_nobody_calls_before_the_next_placement() -> None:
    game = v22()
    game.play(A_PLACES + "=0")
    game.play("5-2@3=0")  # T = 6 + 2 + 4 = 12
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")  # the window open now is B's own placement's
    assert reason(exc) == "muggins_own_side"
    assert game.scores == (0, 0)  # the 15 points are lost


@pytest.mark.parametrize(("overclaim", "b_gets"), [("void", 0), ("foster_penalty", 20)])
def test_v48c_an_over_claim(overclaim: str, b_gets: int) -> None:
    game = v22(af(muggins_overclaim=overclaim))
    events = game.play(A_PLACES + "=20")
    assert events[0] == PlayEvent(1, 0, "3-4@1=20", 15, 0, (0, 0), claim=20)
    assert game.scores == (0, b_gets)
    if b_gets:
        assert events[1:] == [PenaltyEvent(1, 1, 20, (0, 20))]
        assert events[1].to_json() == {"type": "penalty", "hand": 1, "seat": 1, "points": 20,
                                       "scores": [0, 20]}
    else:
        assert events[1:] == []
    [call] = game.play("muggins:1")  # nothing was missed: a mistaken call
    assert call == MugginsEvent(1, 1, 0, (0, b_gets))


def test_v48d_a_mistaken_call_and_its_record() -> None:
    game = v22()
    game.play(A_PLACES + "=15")
    [call] = game.play("muggins:1")
    assert call == MugginsEvent(1, 1, 0, (15, 0))
    assert game.to_record()["hands"][0]["actions"] == ["3-4@1.N=15", "muggins:1"]


# ---------------------------------------------------------------- the window
def test_a_draw_closes_the_window() -> None:
    game = v22(others=[["1-0", "2-2"]], boneyard=["0-0", "6-6"])
    game.play(A_PLACES + "=10")
    assert game.view(1).legal_moves == (Move.draw(), Move.muggins(1))
    game.play("draw")
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")
    assert reason(exc) == "muggins_closed"


def test_a_pass_closes_the_window() -> None:
    game = v22(others=[["1-0", "2-2"]], boneyard=[])
    game.play(A_PLACES + "=10")
    assert game.view(1).legal_moves == (Move.pass_(), Move.muggins(1))
    game.play("pass")
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")
    assert reason(exc) == "muggins_closed"


def test_going_out_leaves_no_window() -> None:
    game = v22(a=["4-3"])
    events = game.play(A_PLACES + "=10")
    assert [e.type for e in events] == ["play", "hand_end"]
    assert game.phase_name == "hand_over" and game.call_window is None
    assert game.view(1).legal_moves == ()
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")
    assert reason(exc) == "hand_over"


def test_a_blocked_hand_leaves_no_window() -> None:
    game = v22(a=["4-3", "1-1"], others=[["1-0", "2-2"]], boneyard=[])
    end = game.play(A_PLACES + "=10")[-1]
    assert isinstance(end, HandEndEvent) and end.result == "blocked"
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")
    assert reason(exc) == "hand_over"


def test_a_placement_that_ends_the_game_leaves_no_window() -> None:
    game = v22(scores=(140, 0))
    events = game.play(A_PLACES + "=10")  # 150: the target, checked after the placer's score
    assert [e.type for e in events] == ["play", "hand_end", "game_end"]
    assert isinstance(events[1], HandEndEvent) and events[1].result == "target"
    assert game.winner == 0
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")
    assert reason(exc) == "game_over"


def test_the_placers_partner_may_not_call_an_opponent_may_out_of_turn() -> None:
    rules = af(players=4, partnerships=True)
    game = v22(rules, others=[["6-5", "1-0"], ["5-2", "2-2"], ["6-2", "1-1"]],
               boneyard=["0-0"])
    game.play(A_PLACES + "=10")
    assert callers(rules, 0) == (1, 3)
    assert game.view(2).legal_moves == ()
    assert game.view(3).legal_moves == (Move.muggins(3),)
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:2")
    assert reason(exc) == "muggins_own_side"
    [call] = game.play("muggins:3")
    assert call == MugginsEvent(1, 3, 5, (10, 5))
    assert game.turn == 1


def test_only_the_first_call_counts() -> None:
    rules = af(players=3)
    game = v22(rules, others=[["6-5", "1-0"], ["5-2", "2-2"]], boneyard=["0-0", "1-1"])
    game.play(A_PLACES + "=5")
    assert game.play("muggins:2") == [MugginsEvent(1, 2, 10, (5, 0, 10))]
    with pytest.raises(IllegalMoveError) as exc:
        game.play("muggins:1")
    assert reason(exc) == "muggins_called" and exc.value.params["caller"] == 2
    assert game.scores == (5, 0, 10)


def test_a_call_that_reaches_an_immediate_target() -> None:
    game = v22(scores=(0, 145))
    game.play(A_PLACES + "=10")
    events = game.play("muggins:1")
    assert [e.type for e in events] == ["muggins", "hand_end", "game_end"]
    assert isinstance(events[1], HandEndEvent)
    assert events[1].result == "target" and events[1].winner == 1
    assert game.is_over and game.winner == 1 and game.scores == (10, 150)


def test_a_penalty_that_reaches_the_target() -> None:
    game = v22(af(muggins_overclaim="foster_penalty"), scores=(0, 140))
    events = game.play(A_PLACES + "=20")
    assert [e.type for e in events] == ["play", "penalty", "hand_end", "game_end"]
    assert game.winner == 1 and game.scores == (0, 160)


def test_a_penalty_on_the_last_tile_comes_before_the_settlement() -> None:
    game = v22(af(muggins_overclaim="foster_penalty"), a=["4-3"])
    events = game.play(A_PLACES + "=25")
    assert [e.type for e in events] == ["play", "penalty", "hand_end"]
    play, penalty, end = events
    assert isinstance(play, PlayEvent) and isinstance(end, HandEndEvent)
    assert play.points == 0 and play.scores == (0, 0)
    assert penalty == PenaltyEvent(1, 1, 25, (0, 25))
    assert end.result == "out" and end.deltas == (20, 0)  # B's 6-5, 1-0, 5-2: 19 -> 20
    assert end.scores == (20, 25)


def test_a_call_under_an_end_of_hand_target_only_scores() -> None:
    game = v22(af(target_check="end_of_hand_unique"), scores=(0, 145))
    game.play(A_PLACES + "=10")
    assert [e.type for e in game.play("muggins:1")] == ["muggins"]
    assert game.scores == (10, 150) and game.phase_name == "play"


def test_exact_target_refuses_a_calls_overshoot() -> None:
    game = v22(af(target_exact=True), scores=(0, 148))
    game.play(A_PLACES + "=10")
    assert game.play("muggins:1") == [MugginsEvent(1, 1, 0, (10, 148))]
    assert game.scores == (10, 148)


# ---------------------------------------------------------------- moves, lists, errors
def test_legal_moves_carry_no_claim_any_claim_is_legal() -> None:
    game = v22()
    assert all(m.claim == -1 for m in game.legal_moves)
    move = game.parse_move(A_PLACES + "=7")
    assert move.claim == 7 and move in game.legal_moves and game.is_legal(move)
    assert game.view(1).legal_moves == ()  # no window before any placement of this game
    assert game.is_legal(Move.muggins(1)) is False


def test_a_missing_claim_is_malformed() -> None:
    game = v22()
    for bad in (A_PLACES, game.legal_moves[0]):
        with pytest.raises(InvalidMoveError) as exc:
            game.play(bad)
        assert exc.value.key == "missing_claim"
    assert game.layout.count == 3 and game.turn == 0  # refused: nothing changed


def test_claims_and_calls_without_the_option_are_malformed() -> None:
    game = Game(Ruleset.preset("all-fives"), seed=1)
    lead = game.legal_moves[0]
    for bad in (f"{lead}=0", "muggins:1"):
        with pytest.raises(InvalidMoveError) as exc:
            game.play(bad)
        assert exc.value.key == "no_claims"
    with pytest.raises(IllegalMoveError) as ill:
        game.play(lead.with_claim(0))
    assert reason(ill) == "no_claims"
    with pytest.raises(IllegalMoveError):
        game.play(Move.muggins(1))
    assert game.layout.count == 0


@pytest.mark.parametrize(("text", "kind", "claim"), [
    ("6-3@2=15", "place", 15), ("5-5=10", "lead", 10), ("6-3@2.out = 0", "place", 0),
    ("4-4@2:british=10", "place", 10), ("muggins:1", "muggins", -1), ("MUGGINS : 3", "muggins", -1),
])
def test_notation_of_claims_and_calls(text: str, kind: str, claim: int) -> None:
    parsed = parse_notation(text)
    assert (parsed.kind, parsed.claim) == (kind, claim)


@pytest.mark.parametrize("text", ["6-3@2=", "6-3@2=-5", "6-3=x", "6-3@2=1234567", "muggins:4",
                                  "muggins", "muggins:"])
def test_malformed_claims_and_calls(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_notation(text)


def test_moves_with_claims() -> None:
    move = Move.place(T("6-3"), 2, "out", 6)
    claimed = move.with_claim(15)
    assert str(claimed) == "6-3@2=15" and claimed.notation(explicit=True) == "6-3@2.out=15"
    assert claimed != move and claimed.unclaimed == move and claimed.code == move.code
    assert Move.from_code(claimed.action_code) == claimed
    assert str(Move.muggins(2)) == "muggins:2" and Move.muggins(2).caller == 2
    assert Move.from_code(Move.muggins(2).code) is Move.muggins(2)
    for bad in (-1, 1.5, True, 10**6):
        with pytest.raises(InvalidMoveError):
            move.with_claim(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        Move.draw().with_claim(0)


def test_the_unchecked_path_claims_exactly_and_opens_no_window() -> None:
    game = v22()
    before = (game.scores, game.turn, game.layout.total)
    code = game.parse_move(A_PLACES + "=0").code
    game.push_code(code)
    assert game.scores == (15, 0) and all(c >= -2 for c in game.legal_codes())
    game.pop()
    assert (game.scores, game.turn, game.layout.total) == before
    copy = game.copy()
    assert type(copy) is Game
    copy.play(A_PLACES + "=10")
    assert game.call_window is None and copy.call_window is not None


def test_play_code_claims_exactly() -> None:
    game = v22()
    game.play_code(game.parse_move(A_PLACES + "=0").code)
    assert game.scores == (15, 0)
    game.play_code(Move.muggins(1).code)
    assert game.scores == (15, 0)
    assert game.to_record()["hands"][0]["actions"] == ["3-4@1.N=15", "muggins:1"]


def test_claim_helpers() -> None:
    rules = af(players=4, partnerships=True, muggins_overclaim="foster_penalty")
    assert claim_outcome(rules, 10, 15) == (10, 5, 0)
    assert claim_outcome(rules, 15, 15) == (15, 0, 0)
    assert claim_outcome(rules, 20, 15) == (0, 0, 20)
    assert claim_outcome(af(), 20, 15) == (0, 0, 0)
    assert penalty_seat(rules, 3) == 0 and callers(rules, 3) == (0, 2)
    game = v22()
    assert with_exact_claim(game, game.parse_move("3-4@1.N=0").unclaimed).claim == 15


# ---------------------------------------------------------------- the option and the preset
def test_the_option_on_every_preset_but_the_solitaire() -> None:
    for preset in PRESETS:
        if preset == "five-up-solitaire":
            with pytest.raises(RulesError, match="muggins_claims"):
                Ruleset.preset(preset, muggins_claims=True)
        else:
            rules = Ruleset.preset(preset, muggins_claims=True)
            assert type(Game(rules, seed=1)) is Game
    with pytest.raises(RulesError, match="muggins_overclaim"):
        Ruleset.preset("all-fives", muggins_overclaim="foster_penalty")
    with pytest.raises(RulesError, match="muggins_overclaim"):
        Ruleset.preset("all-fives", muggins_claims=True, muggins_overclaim="double")


def test_muggins_1868_is_1864_with_claims() -> None:
    for players in (2, 3, 4):
        r1864 = Ruleset.preset("muggins-1864", players=players)
        r1868 = Ruleset.preset("muggins-1868", players=players)
        assert r1868.muggins_claims and not r1864.muggins_claims
        differ = {f for f in r1864.__dataclass_fields__ if getattr(r1864, f) != getattr(r1868, f)}
        assert differ == {"name", "muggins_claims"}
    assert Ruleset.preset("muggins-1868").options() == {"players": 2}
    assert Ruleset.preset("all-fives", muggins_claims=True).options()["muggins_claims"] is True


# ---------------------------------------------------------------- records and replay
def _claims_game(rules: Ruleset, seed: int) -> Game:
    """A whole game with short claims, over-claims, calls and mistaken calls."""
    import random

    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    while not game.is_over and game.hand_number < 40:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        moves = list(game.legal_moves)
        calls = [m for m in moves if m.kind == "muggins"]
        if calls and rng.random() < 0.4:
            game.play(rng.choice(calls))
            continue
        move = with_exact_claim(game, rng.choice([m for m in moves if m.kind != "muggins"]))
        if move.claim >= 0:
            move = move.with_claim(max(0, move.claim + rng.choice([0, 0, -5, 5])))
        game.play(move)
    return game


@pytest.mark.parametrize(("preset", "options"), [
    ("muggins-1868", {}),
    ("all-fives", {"players": 3, "muggins_claims": True, "muggins_overclaim": "foster_penalty"}),
    ("five-up", {"players": 4, "muggins_claims": True}),
    ("all-fives", {"sniff": "us", "sniff_orientation_choice": True, "muggins_claims": True}),
])
def test_records_with_claims_replay(preset: str, options: dict[str, object], tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    game = _claims_game(Ruleset.preset(preset, **options), 7)
    record = game.to_record()
    kinds = {e.type for e in game.events}
    assert {"play", "muggins"} <= kinds
    assert load_record(json.dumps(record)).to_game().scores == game.scores
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    capsys.readouterr()
    assert main(["replay", str(path), "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines == [e.to_json() for e in game.events]
    assert all("claim" in line for line in lines if line["type"] == "play")
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    assert "crie muggins" in capsys.readouterr().out


def _record_with(actions: list[str]) -> str:
    """A muggins-1868 record of a real deal whose first hand has these actions; ``{lead}`` is
    the forced lead (claimed exactly: a double counts 2v, 0 unless it is 5-5), ``{leader}``
    its seat, ``{other}`` the other seat."""
    game = Game(Ruleset.preset("muggins-1868"), seed=3)
    lead = with_exact_claim(game, game.legal_moves[0])
    record = game.to_record()
    names = {"lead": str(lead), "bare": str(lead.unclaimed), "leader": str(game.turn),
             "other": str(1 - game.turn)}
    record["hands"][0]["actions"] = [a.format(**names) for a in actions]
    return json.dumps(record)


@pytest.mark.parametrize(("actions", "why"), [
    (["{bare}"], "carries its claim"),
    (["{lead}", "muggins:{leader}"], "on the side of seat"),
    (["muggins:{other}"], "no muggins call is open"),
    (["{lead}", "muggins:{other}", "muggins:{other}"], "already called"),
    (["{lead}", "muggins:3"], "there is no seat 3"),
    (["{lead}x"], "expected a lead"),
])
def test_replay_errors_name_the_action(actions: list[str], why: str) -> None:
    record = load_record(_record_with(actions))
    with pytest.raises(RecordError, match=why) as exc:
        list(record.replay())
    assert f"action {len(actions)}" in str(exc.value)


def test_a_claim_without_the_option_stops_the_replay(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(Ruleset.preset("muggins-1864"), seed=3)
    record = game.to_record()
    record["hands"][0]["actions"] = [f"{game.legal_moves[0]}=0"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--format", "jsonl"]) == 2
    err = capsys.readouterr().err
    assert "muggins_claims" in err and "action 1" in err


def test_the_documented_muggins_1868_record_replays(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/examples/muggins-1868.json: a whole game of bots counting like people."""
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "muggins-1868.json"
    record = load_record(path.read_text(encoding="utf-8"))
    events = list(record.replay())
    kinds = [e.type for e in events]
    assert kinds[-1] == "game_end" and "muggins" in kinds
    over = [e for e in events if isinstance(e, PlayEvent) and e.claim is not None
            and e.points < e.claim]
    assert not over  # bots never claim more than a tile scores
    assert main(["replay", str(path), "--format", "jsonl"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(events)



@pytest.mark.parametrize(("lang", "words"), [
    ("en", ["announce what it scores", "Only the first call counts", "Foster's penalty"]),
    ("fr", ["vous annoncez ce qu'il rapporte", "Seul le premier cri compte", "pénalité de Foster"]),
])
def test_fives_rules_explains_the_claims(lang: str, words: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "muggins-1868", "-o", "muggins_overclaim=foster_penalty",
                 "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert all(w in out for w in words), out
    assert main(["rules", "muggins-1864", "--lang", lang]) == 0
    assert words[1] not in " ".join(capsys.readouterr().out.split())


# ---------------------------------------------------------------- what front ends are shown
def test_the_projection_shows_no_points_before_a_claim() -> None:
    """The leak test with claims: under O1 no legal move a seat is shown says what it would
    score or what total it would make; without claims they do."""
    from fives.projection import project

    for rules in (Ruleset.preset("muggins-1868", players=3), af(players=2)):
        game = Game(rules, seed=4)
        seen = 0
        while not game.is_over and seen < 60:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            part = project(game, game.turn).seat
            for entry in part["legal_moves"]:
                assert entry["points"] is None and entry["total"] is None, entry
                assert entry["kind"] != "muggins"
                seen += 1
            game.play(with_exact_claim(game, next(m for m in game.legal_moves
                                                  if m.kind != "muggins")))
    plain = Game(Ruleset.preset("muggins-1864"), seed=4)
    assert all(e["points"] is not None for e in project(plain, plain.turn).seat["legal_moves"])


def test_the_projection_of_a_window_a_call_and_a_penalty() -> None:
    from fives.projection import project

    game = v22(af(players=3, muggins_overclaim="foster_penalty"),
               others=[["6-5", "1-0"], ["5-2", "2-2"]], boneyard=["0-0", "1-1"])
    assert project(game, 1).public["call_window"] is None
    game.play(A_PLACES + "=10")
    public = project(game, 2).public
    assert public["call_window"] == {"placer": 0, "claim": 10, "callers": [1, 2]}
    assert public["rules"]["muggins_claims"] is True
    [play] = public["events"]
    assert play["key"] == "place_claim" and play["params"]["claim"] == 10
    assert project(game, 2).seat["muggins"] == "muggins:2"
    assert project(game, 0).seat["muggins"] is None  # the placer
    assert project(game, None).seat["muggins"] is None
    game.play("muggins:2")
    public = project(game, 0).public
    assert public["events"] == [{"kind": "muggins", "key": "muggins",
                                 "params": {"seat": 2, "points": 5, "scores": [10, 0, 5]}}]
    assert public["call_window"] is None and public["history"][-1]["kind"] == "muggins"
    game.play("6-5@2=0")  # seat 1: T = 5 + 4 + 5 ... whatever it is, claimed 0
    game.play("muggins:0")
    assert project(game, 1).public["events"][0]["key"] in ("muggins", "muggins_mistaken")
    over = v22(af(muggins_overclaim="foster_penalty"))
    over.play(A_PLACES + "=20")
    keys = [e["key"] for e in project(over, 1).public["events"]]
    assert keys == ["place_claim", "penalty"]


def test_a_fair_dealt_claims_record_verifies_and_replays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A muggins-1868 game of bots counting like people, dealt as a table deals (a committed
    seed per hand): ``fives verify`` checks its deals and ``fives replay`` its claims."""
    from fives.bots import make_player
    from fives.bots.base import table_call
    from fives.dealing import Deal
    from fives.web.fairdeal import commitment, deal_from_seed

    rules = Ruleset.preset("muggins-1868")
    players = {s: make_player(("heuristic", "greedy")[s], seed=s, counting="human")
               for s in range(2)}

    def deal(number: int) -> tuple[Deal, dict[str, object]]:
        seed = f"{number:064x}"
        hands, bone = deal_from_seed(seed, 2, rules.hand_size)
        meta: dict[str, object] = {
            "deal": {"seed": seed, "commitment": commitment(seed, "t1", 1, number)}}
        return Deal(tuple(tuple(map(T, h)) for h in hands), tuple(map(T, bone))), meta

    first, meta = deal(1)
    game = Game(rules, deal=first)
    metas = [meta]
    while not game.is_over:
        if game.phase_name == "hand_over":
            nxt, meta = deal(game.hand_number + 1)
            game.next_hand(nxt)
            metas.append(meta)
            continue
        move = table_call(game, players) or players[game.turn].choose(game.view(game.turn))
        game.play(move)
    assert any(e.type == "muggins" for e in game.events)
    path = tmp_path / "claims.json"
    path.write_text(json.dumps(game.to_record(meta={"table": "t1", "game": 1},
                                              hand_meta=metas)))
    capsys.readouterr()
    assert main(["verify", str(path), "--lang", "en"]) == 0
    assert f"All {len(metas)} deals verified." in capsys.readouterr().out
    assert main(["replay", str(path), "--format", "jsonl"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines == [e.to_json() for e in game.events]
