"""Muggins claims at a web table (RULES.md §9 O1, §8 X-6; fives.web.claims_window): the table
request, a play's claim and a muggins call (every bad input refused and nothing changed), the
bots' claims and calls, the hold of bot and timer moves while a person may call, and the record
of such a game replaying."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest

from fives.bots import make_player
from fives.claims import with_exact_claim
from fives.errors import FivesError
from fives.events import MugginsEvent, PlayEvent
from fives.moves import CLAIM_MAX
from fives.record import load_record
from fives.web import fairdeal
from fives.web.protocol import ProtocolError, check_frame, parse_message, parse_table_request
from fives.web.service import TableService
from fives.web.table_types import Entry, Policy
from web.helpers import create, recv, seat_tokens, view_of

HUMAN = {"kind": "human"}


def bot(level: str = "greedy") -> dict[str, str]:
    return {"kind": "bot", "level": level}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def fixed_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deals from known seeds, so that each test meets the same positions."""
    seeds = (f"{n:032x}" for n in itertools.count(7))
    monkeypatch.setattr(fairdeal, "new_seed", lambda: next(seeds))


def table(seats: list[dict[str, Any]], clock: Clock, preset: str = "muggins-1868",
          **config: Any) -> TableService:
    full = {"preset": preset, "options": {"players": len(seats)}, "timer": 0, "seats": seats,
            **config}
    service = TableService("t", full, Policy(bot_delay=0.5), clock=clock)
    commit(service, service.first_deal(), clock)
    return service


def commit(service: TableService, entry: Entry | None, clock: Clock) -> dict[int, str]:
    assert entry is not None
    clock.now += 0.1
    return service.apply(entry, service.seq + 1, clock.now)


def refused(key: str, service: TableService, seat: int | None, kind: str,
            fields: dict[str, Any]) -> None:
    """The command is refused with ``key`` and changes nothing."""
    seq, scores = service.seq, list(service.game.scores) if service.game else []
    with pytest.raises(ProtocolError) as caught:
        service.check_command(seat, kind, fields)
    assert caught.value.key == key, str(caught.value)
    assert str(caught.value)
    assert service.seq == seq and service.game is not None
    assert list(service.game.scores) == scores


def placements(service: TableService) -> list[str]:
    game = service.game
    assert game is not None
    return [m.notation(explicit=True) for m in game.view(game.turn).legal_moves
            if m.kind in ("lead", "place")]


def scoring(service: TableService) -> str | None:
    """A placement of the seat to move that scores (without its claim), if any."""
    game = service.game
    assert game is not None
    for move in game.view(game.turn).legal_moves:
        if move.kind in ("lead", "place") and with_exact_claim(game, move).claim > 0:
            return move.notation(explicit=True)
    return None


def step(service: TableService, clock: Clock, claim: int | None = 0) -> None:
    """The seat to move plays: a placement claiming ``claim`` (None: exactly), else a draw or a
    pass; a bot seat through its wake, as the runtime does (the "call" wake first)."""
    game = service.game
    assert game is not None
    wake = service.wake
    if wake is not None and wake.action == "call":
        clock.now = max(clock.now, wake.at)
        entry = service.check_wake(wake)
        if entry is not None:
            commit(service, entry, clock)
        return
    seat = game.turn
    if service.seats[seat].kind == "bot":
        assert wake is not None and wake.action == "bot" and wake.seat == seat
        turn = service.bot_turn(wake)
        assert turn is not None
        text = turn.move or make_player(turn.level, seed=service.seq, counting=turn.counting
                                        ).choose(turn.view).notation(explicit=True)
        clock.now = max(clock.now, wake.at)
        commit(service, service.check_wake(wake, text), clock)
        return
    moves = game.view(seat).legal_moves
    own = [m for m in moves if m.kind != "muggins"]
    move = next((m for m in own if m.kind in ("lead", "place")), own[0])
    fields: dict[str, Any] = {"move": move.notation(explicit=True)}
    if move.kind in ("lead", "place"):
        fields["claim"] = with_exact_claim(game, move).claim if claim is None else claim
    commit(service, service.check_command(seat, "play", fields), clock)


# --- the table request ---------------------------------------------------------------------

def test_the_table_request_takes_claims_with_their_options() -> None:
    seats = [{"kind": "me"}, {"kind": "bot", "level": "greedy"}]
    config = parse_table_request({"preset": "muggins-1868", "seats": seats}).config
    assert config["counting"] == "human" and config["call_window"] == 5
    config = parse_table_request({"preset": "all-fives", "seats": seats, "muggins_claims": True,
                                  "muggins_overclaim": "foster_penalty", "bot_counting": "exact",
                                  "call_window_s": 0}).config
    assert config["options"]["muggins_overclaim"] == "foster_penalty"
    assert (config["counting"], config["call_window"]) == ("exact", 0)
    assert "counting" not in parse_table_request({"preset": "all-fives", "seats": seats}).config


@pytest.mark.parametrize(("extra", "key"), [
    ({"bot_counting": "sloppy"}, "bad_counting"),
    ({"bot_counting": 1}, "bad_counting"),
    ({"call_window_s": 31}, "bad_call_window"),
    ({"call_window_s": -1}, "bad_call_window"),
    ({"call_window_s": 2.5}, "bad_call_window"),
    ({"muggins_claims": "yes"}, "bad_muggins_claims"),
    ({"muggins_overclaim": 3}, "bad_overclaim"),
])
def test_bad_claims_options_are_refused(extra: dict[str, Any], key: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_table_request({"preset": "muggins-1868", "seats": [{"kind": "me"}, bot()],
                             **extra})
    assert caught.value.key == key
    assert str(extra[next(iter(extra))])[:5] in str(caught.value)


def test_claims_options_without_claims_and_claims_in_the_solitaire_are_refused() -> None:
    for extra in ({"bot_counting": "exact"}, {"call_window_s": 5}):
        with pytest.raises(ProtocolError) as caught:
            parse_table_request({"preset": "all-fives", "seats": [{"kind": "me"}, bot()],
                                 **extra})
        assert caught.value.key == "claims_only"
    with pytest.raises(FivesError):
        parse_table_request({"preset": "five-up-solitaire", "seats": [{"kind": "me"}],
                             "muggins_claims": True})
    with pytest.raises(FivesError):
        parse_table_request({"preset": "all-fives", "seats": [{"kind": "me"}, bot()],
                             "muggins_overclaim": "foster"})


@pytest.mark.parametrize("claim", ["15", 1.5, True, None, [15]])
def test_a_claim_that_is_not_a_whole_number_is_refused_by_the_protocol(claim: Any) -> None:
    with pytest.raises(ProtocolError) as caught:
        parse_message(json.dumps({"type": "play", "move": "6-4@1", "claim": claim}))
    assert caught.value.key == "bad_field" and caught.value.params["field"] == "claim"
    with pytest.raises(ProtocolError) as caught:
        parse_message(json.dumps({"type": "muggins", "seat": 1}))
    assert caught.value.key == "unknown_field"
    assert parse_message('{"type": "muggins"}').type == "muggins"


# --- a play's claim -------------------------------------------------------------------------

def test_every_bad_claim_is_refused_and_changes_nothing() -> None:
    clock = Clock()
    service = table([HUMAN, bot()], clock)
    game = service.game
    assert game is not None
    seat = game.turn
    if service.seats[seat].kind == "bot":  # the bot leads: let it, then it is the person's
        step(service, clock)
        seat = game.turn
    assert seat == 0
    move = placements(service)[0]
    refused("claim_missing", service, 0, "play", {"move": move})
    refused("bad_claim", service, 0, "play", {"move": move, "claim": -5})
    refused("bad_claim", service, 0, "play", {"move": move, "claim": 10**6})
    refused("claim_in_move", service, 0, "play", {"move": move + "=5"})
    refused("claim_in_move", service, 0, "play", {"move": move + "=5", "claim": 5})
    refused("claim_not_placement", service, 0, "play", {"move": "draw", "claim": 5})
    refused("claim_not_placement", service, 0, "play", {"move": "pass", "claim": 0})
    refused("muggins_by_play", service, 0, "play", {"move": "muggins:1"})
    refused("bot_seat", service, 1, "play", {"move": move, "claim": 5})
    refused("spectator", service, None, "play", {"move": move, "claim": 5})
    entry = service.check_command(0, "play", {"move": move, "claim": 35})
    assert entry is not None and entry.payload["move"] == move + "=35"


def test_the_claim_cap_is_the_engines() -> None:
    clock = Clock()
    service = table([HUMAN, bot()], clock)
    game = service.game
    assert game is not None
    if service.seats[game.turn].kind == "bot":
        step(service, clock)
    move = placements(service)[0]
    refused("bad_claim", service, 0, "play", {"move": move, "claim": CLAIM_MAX + 1})
    entry = service.check_command(0, "play", {"move": move, "claim": 1000})
    assert entry is not None and entry.payload["move"] == move + "=1000"
    entry = service.check_command(0, "play", {"move": move, "claim": CLAIM_MAX})
    assert entry is not None and entry.payload["move"] == f"{move}={CLAIM_MAX}"


def test_a_claim_at_a_table_without_claims_is_refused() -> None:
    clock = Clock()
    service = table([HUMAN, HUMAN], clock, preset="all-fives")
    game = service.game
    assert game is not None
    move = placements(service)[0]
    refused("claim_without_claims", service, game.turn, "play", {"move": move, "claim": 5})
    refused("muggins_no_claims", service, game.turn, "muggins", {})
    assert service.check_command(game.turn, "play", {"move": move}) is not None


def test_no_hint_nor_undo_under_claims() -> None:
    clock = Clock()
    service = table([HUMAN, bot()], clock)
    assert service.meta()["assist"] is False
    refused("undo_claims", service, 0, "undo", {})
    with pytest.raises(ProtocolError) as caught:
        service.hint_view(0)
    assert caught.value.key == "hint_claims"


# --- a muggins call -------------------------------------------------------------------------

def test_calls_refused_with_no_window_by_the_placers_side_and_the_second_call() -> None:
    clock = Clock()
    service = table([HUMAN, HUMAN, HUMAN], clock)
    game = service.game
    assert game is not None
    refused("muggins_closed", service, 0, "muggins", {})  # nothing placed yet
    placer = game.turn
    step(service, clock, claim=0)
    refused("muggins_own_side", service, placer, "muggins", {})
    refused("spectator", service, None, "muggins", {})
    first, second = [(placer + k) % 3 for k in (1, 2)]
    entry = service.check_command(second, "muggins", {})  # not the seat to move: it may call
    assert entry is not None and entry.payload == {"move": f"muggins:{second}", "by": "seat"}
    commit(service, entry, clock)
    assert game.turn == first  # a call does not change whose turn it is
    refused("muggins_called", service, first, "muggins", {})


def test_no_call_once_the_hand_is_over() -> None:
    clock = Clock()
    service = table([HUMAN, HUMAN], clock)
    game = service.game
    assert game is not None
    while game.phase_name == "play":
        step(service, clock, claim=None)
    refused("muggins_hand_over", service, 0, "muggins", {})


def test_the_call_takes_what_the_claim_missed_and_the_log_says_it() -> None:
    clock = Clock()
    service = table([HUMAN, HUMAN], clock)
    game = service.game
    assert game is not None
    while scoring(service) is None:  # exact claims until the seat to move can score
        step(service, clock, claim=None)
    placer = game.turn
    move = scoring(service)
    assert move is not None
    before = list(game.scores)
    commit(service, service.check_command(placer, "play", {"move": move, "claim": 0}), clock)
    assert service.recent[-1]["key"].endswith("_claim")
    assert service.recent[-1]["params"]["claim"] == 0
    caller = 1 - placer
    frames = commit(service, service.check_command(caller, "muggins", {}), clock)
    assert frames == {}  # nobody connected
    assert game.scores[caller] > before[caller]
    assert service.recent[-1]["kind"] == "muggins" and service.recent[-1]["by"] == "seat"
    assert service.recent[-1]["params"]["points"] == game.scores[caller] - before[caller]


# --- bots: claims, calls, and the hold while a person may call ------------------------------

def test_bots_claim_with_the_tables_counting_and_call_every_short_claim() -> None:
    """Exact-counting bots: the bot not to move is asked first (a "call" wake), and every short
    claim of the person is called before anything else happens."""
    clock = Clock()
    service = table([HUMAN, bot(), bot()], clock, counting="exact")
    service.join(1, 0)
    game = service.game
    assert game is not None
    short = 0
    for _ in range(3000):
        while service.wake is not None and service.wake.action == "call":
            step(service, clock)  # a bot's placement: the other bot says whether it calls
        if game.is_over or short >= 3:
            break
        if game.phase_name == "hand_over":
            commit(service, service.check_command(0, "next_hand", {}), clock)
            continue
        seat = game.turn
        wake = service.wake
        if service.seats[seat].kind == "bot" and wake is not None and wake.action == "bot":
            turn = service.bot_turn(wake)
            assert turn is not None and turn.counting == "exact"
            assert turn.move is None or turn.move in ("draw", "pass")
        missed = seat == 0 and scoring(service) is not None and \
            next(m for m in placements(service)) == scoring(service)
        step(service, clock, claim=0)
        if missed and game.phase_name == "play":
            short += 1
            while service.wake is not None and service.wake.action == "call":
                step(service, clock)
            if service.recent[-1]["kind"] != "muggins":  # the bot to move calls in its move
                step(service, clock)
            assert service.recent[-1]["kind"] == "muggins", service.recent[-3:]
            assert service.recent[-1]["params"]["points"] > 0
            assert service.recent[-1]["by"] == "bot"
    assert short >= 3
    plays = [e for e in service.recent if e["kind"] in ("lead", "place")]
    assert plays and all("claim" in e["params"] for e in plays)


def until_bot_one_placed(service: TableService, clock: Clock) -> None:
    """Play on (exact claims) until bot 1 has placed, the person among its callers and bot 2
    to move."""
    game = service.game
    assert game is not None
    for _ in range(200):
        step(service, clock, claim=None)
        last = game.history[-1] if game.history else None
        if last is not None and last.kind in ("lead", "place") and last.seat == 1 \
                and game.phase_name == "play" and game.turn == 2:
            return
    pytest.fail("bot 1 never placed before bot 2's turn")


def test_a_person_who_may_call_holds_the_next_bot_move_for_the_window() -> None:
    clock = Clock()
    service = table([HUMAN, bot(), bot()], clock, counting="exact", call_window=5)
    service.join(1, 0)
    game = service.game
    assert game is not None
    until_bot_one_placed(service, clock)
    wake = service.wake
    assert wake is not None and wake.action == "bot" and wake.seat == 2
    assert wake.at == pytest.approx(service.last_at + 5)  # not the bot's 0.5 s
    frame = json.loads(service.full_frame(0))
    check_frame(frame)
    assert frame["public"]["call_window"]["closes_in"] == pytest.approx(5.0)
    assert frame["public"]["call_window"]["callers"] == [2, 0]
    assert frame["seat"]["muggins"] == "muggins:0"
    clock.now += 2
    assert json.loads(service.full_frame(0))["public"]["call_window"]["closes_in"] == \
        pytest.approx(3.0)
    # The person's call comes in the window; then the bot moves at its own pace.
    commit(service, service.check_command(0, "muggins", {}), clock)
    assert service.recent[-1]["kind"] == "muggins"
    wake = service.wake
    assert wake is not None and wake.action == "bot"
    assert wake.at == pytest.approx(clock.now + 0.5)


def test_no_hold_when_the_person_is_away_or_the_window_is_zero() -> None:
    for connected, window in ((False, 5), (True, 0)):
        clock = Clock()
        service = table([HUMAN, bot(), bot()], clock, counting="exact", call_window=window)
        if connected:
            service.join(1, 0)
        game = service.game
        assert game is not None
        until_bot_one_placed(service, clock)
        wake = service.wake
        assert wake is not None and wake.action == "bot"
        assert wake.at == pytest.approx(clock.now + 0.5)
        assert service.public()["call_window"]["closes_in"] is None


def test_the_turn_timer_waits_for_another_persons_call() -> None:
    clock = Clock()
    service = table([HUMAN, HUMAN, HUMAN], clock, call_window=30)
    service.timer = 15
    for conn in range(3):
        service.join(conn, conn)
    game = service.game
    assert game is not None
    step(service, clock, claim=None)
    wake = service.wake
    assert wake is not None and wake.action == "timer"
    assert wake.at == pytest.approx(service.last_at + 30)  # not the timer's 15
    assert service.deadline() == pytest.approx(service.last_at + 30)


# --- the record ---------------------------------------------------------------------------

def test_a_whole_web_game_with_claims_and_calls_replays() -> None:
    clock = Clock()
    service = table([HUMAN, bot("random")], clock, counting="human")
    service.join(1, 0)
    game = service.game
    assert game is not None
    rng = random.Random(3)
    for _ in range(5000):
        if game.is_over:
            break
        if game.phase_name == "hand_over":
            commit(service, service.check_command(0, "next_hand", {}), clock)
            continue
        if game.turn == 0 and service.seats[0].kind == "human" and \
                game.view(0).legal_moves and "muggins:0" in [
                    str(m) for m in game.view(0).legal_moves]:
            commit(service, service.check_command(0, "muggins", {}), clock)  # every time
            continue
        step(service, clock, claim=rng.choice([0, None]))
    assert game.is_over
    record = service.record(None)
    events = list(load_record(json.dumps(record)).replay())
    assert events[-1].type == "game_end"
    calls = [e for e in events if isinstance(e, MugginsEvent)]
    assert any(c.seat == 1 and c.points > 0 for c in calls)  # the bot called the person
    assert any(c.seat == 0 and c.points > 0 for c in calls)  # the person called the bot
    assert all(e.claim is not None for e in events if isinstance(e, PlayEvent))


# --- through the websocket (SQLite, and the shared mode's two processes) ---------------------

def test_claims_and_calls_over_the_socket(make_client: Any) -> None:
    client = make_client()
    created = create(client, preset="muggins-1868", players=2, seats=[{"kind": "me"},
                                                                     {"kind": "friend"}])
    tokens = seat_tokens(created)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        a.send_json({"type": "join", "token": tokens[0]})
        frames = [recv(a)]
        b.send_json({"type": "join", "token": tokens[1]})
        first_b = recv(b)
        recv(a)  # b's presence
        sockets = {0: (a, frames[-1]), 1: (b, first_b)}
        view = view_of(frames[-1])
        seat = view["turn"]
        ws, frame = sockets[seat]
        assert all(m["points"] is None and m["total"] is None
                   for m in frame["seat"]["legal_moves"])
        move = frame["seat"]["legal_moves"][0]["notation"]
        ws.send_json({"type": "play", "move": move})
        error = recv(ws)
        assert error["type"] == "error" and error["key"] == "claim_missing"
        assert "claim" in error["message"]["en"] and error["message"]["fr"]
        ws.send_json({"type": "play", "move": move, "claim": 0})
        played = recv(ws)
        other, _ = sockets[1 - seat]
        seen = recv(other)
        assert played["events"][0]["key"] == "lead_claim"
        assert seen["seat"]["muggins"] == f"muggins:{1 - seat}"
        assert seen["public"]["call_window"]["placer"] == seat
        other.send_json({"type": "muggins"})
        called = recv(other)
        recv(ws)
        assert called["events"][0]["kind"] == "muggins"
        assert called["seat"]["muggins"] is None
        other.send_json({"type": "muggins"})
        error = recv(other)
        assert error["type"] == "error" and error["key"] == "muggins_called"
        assert error["message"]["fr"] != error["message"]["en"]


def test_the_start_page_is_offered_the_preset_and_the_option() -> None:
    from fives.web.routes import preset_catalog

    catalog = preset_catalog()
    presets = {p["id"]: p for p in catalog["presets"]}
    assert presets["muggins-1868"]["claims_on"] and presets["muggins-1868"]["claims"]
    assert presets["all-fives"]["claims"] and not presets["all-fives"]["claims_on"]
    assert not presets["five-up-solitaire"]["claims"]  # nobody could call
    assert catalog["countings"] == ["exact", "human"]
    assert 5 in catalog["call_windows"] and max(catalog["call_windows"]) <= 30


# --- the count is the players' to make (issue 40, D16) ----------------------------------------

def count_shown(frame: dict[str, Any]) -> list[str]:
    """Where a state frame carries the count: the layout's total, its counted parts, an end
    that says whether it counts, a play's total or its sum."""
    layout = frame["public"]["layout"]
    found = [f"layout.{k}" for k in ("total", "parts") if layout[k]]
    found += [f"end {e['node']}{e['port']}" for e in layout["open_ends"]
              if e["counted"] is not None]
    found += [f"{ev['params']['move']}.{k}" for ev in frame["events"]
              if ev["kind"] in ("lead", "place") for k in ("total", "parts")
              if k in ev["params"]]
    return found


@pytest.mark.parametrize("claims", [True, False])
def test_no_frame_carries_the_count_while_the_players_count(claims: bool) -> None:
    """Under muggins claims nobody's frame (a seat's, a spectator's, a full one) carries the
    count while the hand is played; without claims every frame does (the check can fail)."""
    clock = Clock()
    service = table([HUMAN, HUMAN], clock, preset="muggins-1868" if claims else "muggins-1864")
    service.join(1, 0)
    service.join(2, 1)
    service.join(3, None)
    game = service.game
    assert game is not None
    rng = random.Random(40)
    shown, plays = [], 0
    while game.phase_name == "play":
        seat = game.turn
        own = [m for m in game.view(seat).legal_moves if m.kind != "muggins"]
        move = rng.choice(own)
        fields: dict[str, Any] = {"move": move.notation(explicit=True)}
        if claims and move.kind in ("lead", "place"):
            fields["claim"] = rng.randrange(0, 5) * 5
        plays += move.kind in ("lead", "place")
        frames = commit(service, service.check_command(seat, "play", fields), clock)
        assert set(frames) == {1, 2, 3}
        texts = [*frames.values(), service.full_frame(None), service.full_frame(0)]
        for text in texts:
            frame = json.loads(text)
            if frame["public"]["phase"] == "play":
                shown += count_shown(frame)
    assert plays > 2
    if claims:
        assert shown == []
        # once the hand is over, the count is there again
        assert json.loads(service.full_frame(None))["public"]["layout"]["total"] is not None
    else:
        assert any(s.startswith("layout.total") for s in shown)
        assert any(".total" in s and not s.startswith("layout") for s in shown)
