"""Playing with people: the next hand and the rematch wait for every player, a player who leaves
is stood in for after a grace shown to the others, nicknames, hint and undo against bots."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from fives.web.protocol import ProtocolError, check_frame
from fives.web.service import TableService
from fives.web.table_types import Entry, Policy
from web.helpers import create, recv, seat_tokens, service_of, token_of, view_of

TWO = {"preset": "all-fives", "options": {"players": 2}, "timer": 0,
       "seats": [{"kind": "human"}, {"kind": "human"}]}
SOLO = {"preset": "all-fives", "options": {"players": 2}, "timer": 0,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "greedy"}]}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def table(config: dict[str, Any], clock: Clock) -> TableService:
    service = TableService("t", config, Policy(bot_delay=0.5), clock=clock)
    commit(service, service.first_deal(), clock)
    return service


def commit(service: TableService, entry: Entry | None, clock: Clock) -> dict[int, str]:
    assert entry is not None
    return service.apply(entry, service.seq + 1, clock.now)


def play_to_hand_end(service: TableService, clock: Clock, seed: int = 1) -> None:
    rng = random.Random(seed)
    while service.game is not None and service.game.phase_name == "play":
        game = service.game
        legal = [m.notation(explicit=True) for m in game.view(game.turn).legal_moves]
        commit(service, service.check_play(game.turn, rng.choice(legal)), clock)


def two_at_hand_end(clock: Clock) -> TableService:
    """Two people at a table, the first hand just over."""
    service = table(TWO, clock)
    service.join(1, 0)
    service.join(2, 1)
    play_to_hand_end(service, clock)
    return service


def seats_meta(service: TableService) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = service.meta()["seats"]
    return seats


def test_the_next_hand_waits_for_both_players() -> None:
    clock = Clock()
    service = two_at_hand_end(clock)
    assert service.game is not None and service.game.phase_name == "hand_over"
    hands = len(service.deals[-1])
    assert service.check_command(0, "next_hand", {}) is None  # seat 1 is still reading
    assert [s["ready"] for s in seats_meta(service)] == [True, False]
    assert service.deadline() == clock.now + Policy().hand_break  # shown as a countdown
    assert service.check_command(0, "next_hand", {}) is None  # pressing twice is once
    entry = service.check_command(1, "next_hand", {})
    assert entry is not None and entry.kind == "deal" and not entry.payload["new_game"]
    commit(service, entry, clock)
    assert len(service.deals[-1]) == hands + 1
    assert [s["ready"] for s in seats_meta(service)] == [False, False]


def test_the_hand_break_ends_by_itself_after_its_delay() -> None:
    clock = Clock()
    service = two_at_hand_end(clock)
    assert service.wake is None  # nobody pressed: the table waits for its players
    service.check_command(1, "next_hand", {})
    wake = service.wake
    assert wake is not None and wake.action == "deal"
    assert wake.at == clock.now + Policy().hand_break
    clock.now = wake.at
    entry = service.check_wake(wake)
    assert entry is not None and entry.kind == "deal"


def test_a_player_who_leaves_the_hand_break_does_not_hold_it_up() -> None:
    clock = Clock()
    service = two_at_hand_end(clock)
    service.check_command(0, "next_hand", {})
    service.leave(2)
    wake = service.wake
    assert wake is not None and wake.action == "deal" and wake.at == clock.now


def test_a_rematch_needs_the_other_players_yes_and_bots_say_yes_at_once() -> None:
    clock = Clock()
    for config, humans in ((TWO, 2), (SOLO, 1)):
        service = table({**config, "options": {"players": 2, "target": 5}}, clock)
        service.join(1, 0)
        if humans == 2:
            service.join(2, 1)
        for _ in range(50):
            play_to_hand_end(service, clock)
            assert service.game is not None
            if service.game.is_over:
                break
            for seat in range(humans):
                entry = service.check_command(seat, "next_hand", {})
            commit(service, entry, clock)
        assert service.game is not None and service.game.is_over
        winner = service.game.winner
        assert service.meta()["match"] == [int(side == winner) for side in (0, 1)]
        offered = service.check_command(0, "rematch", {})
        if humans == 2:
            assert offered is None and seats_meta(service)[0]["rematch"]
            offered = service.check_command(1, "rematch", {})
        assert offered is not None and offered.payload["new_game"]
        commit(service, offered, clock)
        assert service.game_no == 2 and not service.game.is_over
        assert service.meta()["match"] == [int(side == winner) for side in (0, 1)]


def test_refusals_of_the_new_commands_change_nothing() -> None:
    clock = Clock()
    service = table(TWO, clock)
    service.join(1, 0)
    service.join(2, 1)
    for seat, kind, fields, key in [
        (0, "bot_now", {"seat": 1}, "not_away"),  # seat 1 is here
        (0, "undo", {}, "undo_with_people"),
        (None, "next_hand", {}, "spectator"),
        (0, "rematch", {}, "not_game_over"),
    ]:
        with pytest.raises(ProtocolError) as info:
            service.check_command(seat, kind, fields)
        assert info.value.key == key
    with pytest.raises(ProtocolError) as info:
        service.hint_view(0)
    assert info.value.key == "hint_with_people"
    assert [s["ready"] or s["rematch"] for s in seats_meta(service)] == [False, False]


def test_a_seat_left_gets_a_bot_after_the_grace_and_the_link_takes_it_back() -> None:
    clock = Clock()
    service = table({**TWO, "grace": 30}, clock)
    service.join(1, 0)
    service.join(2, 1)
    assert service.game is not None
    gone = service.game.turn
    stays = 1 - gone
    left_at = clock.now
    frames = service.leave(1 + gone)
    seat = json.loads(frames[1 + stays])["seats"][gone]  # a presence message
    assert seat["away_in"] == 30.0 and not seat["connected"]
    wake = service.wake
    assert wake is not None and wake.action == "away" and wake.at == left_at + 30
    assert service.deadline() == left_at + 30  # the others see the countdown
    clock.now += 10
    assert seats_meta(service)[gone]["away_in"] == 20.0
    # "Let a bot play now"
    assert service.check_command(stays, "bot_now", {"seat": gone}) is None
    wake = service.wake
    assert wake is not None and wake.action == "away" and wake.at == clock.now + 0.5
    turn = service.bot_turn(wake)
    assert turn is not None
    clock.now = wake.at
    commit(service, service.check_wake(wake, turn.move or turn.legal[0]), clock)
    assert service.recent[-1]["by"] == "away"
    # The same link takes the seat back: no stand-in any more.
    service.join(3, gone)
    assert seats_meta(service)[gone]["away_in"] is None
    if service.game.phase_name == "play" and service.game.turn == gone:
        assert service.wake is None


def test_undo_against_bots_is_logged_and_replays() -> None:
    clock = Clock()
    rng = random.Random(3)
    for _ in range(50):  # deals are secret and random: most give two placements in a hand
        service = table(SOLO, clock)
        service.join(1, 0)
        entries: list[tuple[str, dict[str, Any]]] = [("deal", service.deals[-1][0])]
        placed = 0
        while placed < 2 and service.game is not None and service.game.phase_name == "play":
            game = service.game
            legal = [m.notation(explicit=True) for m in game.view(game.turn).legal_moves]
            move = rng.choice(legal)
            entry = service.check_play(game.turn, move, by="seat" if game.turn == 0 else "bot")
            if game.turn == 0 and move not in ("draw", "pass"):
                placed += 1
                before = (game.view(0).to_json(), len(service.moves[-1]))
            commit(service, entry, clock)
            entries.append((entry.kind, entry.payload))
        if placed == 2 and service.game is not None and service.game.phase_name == "play":
            break
    else:
        raise AssertionError("no hand with two placements in 50 deals")
    undo = service.check_command(0, "undo", {})
    assert undo is not None and undo.kind == "undo"
    frames = commit(service, undo, clock)
    entries.append((undo.kind, undo.payload))
    assert service.game is not None
    # The page takes the hand's story anew: the undone moves leave "What happened" (issue 40).
    frame = json.loads(frames[1])
    plays = [e for e in frame["events"] if e["kind"] in ("lead", "place")]
    assert frame.get("full") is True
    assert len(plays) == len(frame["public"]["layout"]["nodes"]) > 0
    view, count = before
    assert service.game.view(0).to_json() == view  # back before the last placement
    assert len(service.moves[-1]) == count
    # The log (deal, moves, undo) rebuilds the same table.
    again = TableService("t", SOLO, Policy(), clock=clock)
    again.replay([_Logged(i + 1, kind, payload, clock.now)
                  for i, (kind, payload) in enumerate(entries)])
    assert again.game is not None
    assert again.game.view(None).to_json() == service.game.view(None).to_json()
    assert again.game.to_record()["hands"] == service.game.to_record()["hands"]


class _Logged:
    def __init__(self, seq: int, kind: str, payload: dict[str, Any], at: float) -> None:
        self.seq, self.kind, self.payload, self.at = seq, kind, payload, at


def test_undo_is_refused_once_the_hand_is_over_or_with_nothing_to_undo() -> None:
    clock = Clock()
    service = table(SOLO, clock)
    service.join(1, 0)
    assert service.game is not None
    with pytest.raises(ProtocolError) as info:
        service.check_command(0, "undo", {})
    assert info.value.key == "undo_nothing"
    play_to_hand_end(service, clock)
    with pytest.raises(ProtocolError) as info:
        service.check_command(0, "undo", {})
    assert info.value.key in ("undo_hand_over", "undo_nothing")
    assert service.meta()["assist"] is True
    assert table(TWO, clock).meta()["assist"] is False


# --- over the websocket, in both modes ---------------------------------------------------


def join_as(client: Any, token: str, name: str | None = None) -> tuple[Any, dict[str, Any]]:
    ws = client.websocket_connect("/ws")
    ws.__enter__()
    client.open_sockets = [*getattr(client, "open_sockets", []), ws]
    ws.send_json({"type": "join", "token": token, **({"name": name} if name else {})})
    return ws, recv(ws)


def test_a_nickname_reaches_the_other_players_as_plain_text(make_client: Any) -> None:
    client = make_client()
    created = create(client, preset="all-fives", players=2,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    tokens = seat_tokens(created)
    assert tokens[0] is not None and tokens[1] is not None
    markup = "<i>Bo</i>&lt;"  # shown as these characters, never as markup
    first, _ = join_as(client, tokens[0], "  Zoé 🂡  ")
    _, frame = join_as(client, tokens[1], markup)
    assert [s["name"] for s in frame["table"]["seats"]] == ["Zoé 🂡", markup]
    assert recv(first)["seats"][1]["name"] == markup  # the presence of seat 2
    _, seen = join_as(client, token_of(created["watch"]), "ignored")
    assert [s["name"] for s in seen["table"]["seats"]] == ["Zoé 🂡", markup]
    for bad, key in [("x" * 21, "bad_name_length"), ("a\u202eb", "bad_name_char"),
                     ("a\nb", "bad_name_char")]:
        ws = client.websocket_connect("/ws")
        with ws:
            ws.send_json({"type": "join", "token": tokens[0], "name": bad})
            error = recv(ws)
        assert error["type"] == "error" and error["key"] == key
        assert error["message"]["en"] != error["message"]["fr"]


def test_hint_and_undo_against_a_bot(make_client: Any) -> None:
    client = make_client()
    created = create(client, preset="all-fives", players=2,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}])
    token = seat_tokens(created)[0]
    assert token is not None
    ws, frame = join_as(client, token)
    placed = 0
    hinted = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        view = view_of(frame)
        if view["phase"] != "play":
            ws.send_json({"type": "next_hand"} if view["phase"] == "hand_over"
                         else {"type": "rematch"})
            placed = 0
        elif view["legal_moves"] and view["turn"] == 0:
            if not hinted:
                ws.send_json({"type": "hint"})
                hint = recv(ws)
                assert hint["type"] == "hint", hint
                check_frame(hint)  # the outgoing schema knows it
                assert hint["unit"] == view["rules"]["unit"] and hint["seq"] == frame["seq"]
                assert {m["move"] for m in hint["moves"]} <= set(view["legal_moves"])
                assert hint["moves"][0]["behind"] == 0.0
                hinted = True
            placements = [m for m in view["legal_moves"] if m not in ("draw", "pass")]
            if placed == 1 and placements:
                break
            move = (placements or view["legal_moves"])[0]
            ws.send_json({"type": "play", "move": move})
            placed += move in placements
        frame = recv(ws)
    else:
        raise AssertionError("no second placement in time")
    before = frame
    ws.send_json({"type": "undo"})
    undone = recv(ws)
    while view_of(undone)["phase"] != "play" or view_of(undone)["turn"] != 0:
        undone = recv(ws)
    assert undone["seq"] > before["seq"]
    assert len(view_of(undone)["hand"]) > len(view_of(before)["hand"]) or \
        view_of(undone)["layout"] != view_of(before)["layout"]


def test_undo_and_hint_are_refused_where_another_person_sits(make_client: Any) -> None:
    client = make_client()
    created = create(client, preset="all-fives", players=2,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    tokens = seat_tokens(created)
    assert tokens[0] is not None
    ws, frame = join_as(client, tokens[0])
    for kind, key in (("undo", "undo_with_people"), ("hint", "hint_with_people")):
        ws.send_json({"type": kind})
        error = recv(ws)
        assert error["type"] == "error" and error["key"] == key
        assert "bot" in error["message"]["en"] and "robot" in error["message"]["fr"]
    assert service_of(client, created["table"]).seq == frame["seq"]


def test_the_grace_is_a_table_option(make_client: Any) -> None:
    client = make_client()
    created = create(client, preset="all-fives", players=2, grace=60,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    assert service_of(client, created["table"]).meta()["grace"] == 60.0
    response = client.post("/api/tables", json={"preset": "all-fives", "players": 2,
                                                 "grace": 7, "seats": [{"kind": "me"}] * 2})
    assert response.status_code == 400 and response.json()["key"] == "bad_grace"
    assert "7" in response.json()["message"]["fr"]


def test_the_score_sheet_matches_the_record_hand_by_hand(make_client: Any) -> None:
    """Every hand's scores in the frames, during the game and after it, are those of the record
    the table gives (replayed by the engine)."""
    from fives.events import HandEndEvent
    from fives.record import load_record

    client = make_client()
    created = create(client, preset="all-fives", players=2, target=60,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}])
    token = seat_tokens(created)[0]
    assert token is not None
    ws, frame = join_as(client, token)
    sheets: list[list[dict[str, Any]]] = []
    deadline = time.monotonic() + 60
    while frame["public"]["phase"] != "game_over":
        assert time.monotonic() < deadline, "the game did not end in time"
        view = view_of(frame)
        if view["phase"] == "hand_over":
            sheets.append(frame["public"]["score_sheet"])
            ws.send_json({"type": "next_hand"})
        elif view["turn"] == 0 and view["legal_moves"]:
            ws.send_json({"type": "play", "move": view["legal_moves"][0]})
        frame = recv(ws)
    final = frame["public"]["score_sheet"]
    ws.send_json({"type": "record"})
    record = recv(ws)["record"]
    ends = [e for e in load_record(record).replay() if isinstance(e, HandEndEvent)]
    assert final == [{"hand": e.hand, "result": e.result, "winner": e.winner,
                      "deltas": list(e.deltas), "scores": list(e.scores)} for e in ends]
    assert len(final) == len(record["hands"])
    for number, sheet in enumerate(sheets, start=1):  # hand by hand, as the game went
        assert sheet == final[:number]
