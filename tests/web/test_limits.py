"""In-process tests of what no single client may ask of the server: bad text and odd types in
requests, targets out of range, tables of bots alone (few per address, paused while nobody
watches), sockets that keep flooding, and joins and leaves that only change presence."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from fives.web.protocol import CLOSE_FLOOD

from .helpers import create, recv, seat_tokens, service_of, token_of

JSON = {"content-type": "application/json"}
HUMANS = {"preset": "five-up", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]}
BOTS = {"preset": "five-up", "players": 2,
        "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}


def table_body(**changes: Any) -> str:
    body: dict[str, Any] = json.loads(json.dumps(HUMANS))
    for key, value in changes.items():
        if key == "level":
            body["seats"][1] = {"kind": "bot", "level": value}
        else:
            body[key] = value
    return json.dumps(body)


# (path, raw body, refusal key, what the message must name)
BAD_BODIES = [
    ("/api/tables", table_body(preset="\ud800"), "bad_text", "preset"),
    ("/api/tables", table_body(players="\ud800"), "bad_text", "players"),
    ("/api/tables", table_body(level="\ud800"), "bad_text", "seats.1.level"),
    ("/api/tables", table_body(level=[]), "bad_level", "[]"),
    ("/api/tables", table_body(level={}), "bad_level", "{}"),
    ("/api/tables", table_body(preset="five\x00up"), "bad_text", "preset"),
    ("/api/tables", "[" * 4000 + "]" * 4000, "too_deep", "8"),
    ("/api/tables", '{"a":' * 1200 + "1" + "}" * 1200, "too_deep", "8"),
    ("/api/lobby/play", '{"preset": "five-up", "players": 2, "level": []}',
     "web.err.lobby_level", "[]"),
    ("/api/lobby/play", '{"preset": "five-up", "players": 2, "level": {}}',
     "web.err.lobby_level", "{}"),
    ("/api/lobby/play", '{"preset": "\\ud800", "players": 2}', "bad_text", "preset"),
    ("/api/lobby/wait", '{"room": "ab\\u0000cd", "token": "x"}', "bad_text", "room"),
    ("/api/lobby/wait", '{"room": "abcd", "token": "\\udfff"}', "bad_text", "token"),
    # The sender's key is named with its control characters escaped: the message stays one line.
    ("/api/tables", '{"preset": {"a\\nb\\u0007": "\\u0000"}}', "bad_text", "preset.a\\nb\\x07"),
]


@pytest.mark.parametrize(("path", "body", "key", "named"), BAD_BODIES)
def test_bad_text_and_odd_types_answer_400_with_their_key(
        make_client: Any, path: str, body: str, key: str, named: str) -> None:
    client = make_client()
    response = client.post(path, content=body.encode("utf-8", "surrogatepass"), headers=JSON)
    assert response.status_code == 400, response.text
    error = response.json()
    assert error["key"] == key
    assert named in error["message"]["en"] and error["message"]["fr"]
    assert "Traceback" not in response.text
    assert not any(c in m for c in "\n\x07" for m in error["message"].values())


@pytest.mark.parametrize(("raw", "key", "named"), [
    ('{"type": "join", "token": "\\ud800"}', "bad_text", "token"),
    ('{"type": "join", "token": "a\\u0000b"}', "bad_text", "token"),
    ('{"type": "ping", "\\ud800": 1}', "bad_text", "?"),
    ("[" * 4000, "too_deep", "8"),
    ('{"type": "record", "game": []}', "bad_field", "game"),
])
def test_bad_text_on_the_socket_gets_an_error_frame(
        make_client: Any, raw: str, key: str, named: str) -> None:
    client = make_client()
    with client.websocket_connect("/ws") as ws:
        ws.send_text(raw)
        error = recv(ws)
        assert error["type"] == "error" and error["key"] == key
        assert named in error["message"]["en"] + json.dumps(error["params"])
        ws.send_json({"type": "ping"})  # the socket still works
        assert recv(ws)["type"] == "pong"


@pytest.mark.parametrize(("preset", "players", "target", "high"), [
    ("five-up", 2, 245, 244),
    ("five-up", 2, 10 ** 4000, 244),
    ("all-fives", 2, 601, 600),
    ("multiples-of-five", 2, 1001, 1000),
    ("multiples-of-five", 4, 801, 800),
])
def test_a_target_out_of_range_is_refused(
        make_client: Any, preset: str, players: int, target: int, high: int) -> None:
    client = make_client()
    body = {"preset": preset, "players": players, "target": target,
            "seats": [{"kind": "me"}] + [{"kind": "friend"}] * (players - 1)}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    error = response.json()
    assert error["key"] == "bad_target_range"
    assert f"1 to {high}" in error["message"]["en"] and f"1 à {high}" in error["message"]["fr"]
    assert len(response.content) < 2000
    body["target"] = high
    assert client.post("/api/tables", json=body).status_code == 201


def test_tables_of_bots_alone_are_few_per_address(make_client: Any) -> None:
    client = make_client(limits={"bot_tables_per_address": 2})
    for _ in range(2):
        create(client, **BOTS)
    response = client.post("/api/tables", json=BOTS)
    assert response.status_code == 429
    error = response.json()
    assert error["key"] == "bot_tables" and "at most 2" in error["message"]["en"]
    assert "au plus 2" in error["message"]["fr"]
    create(client, **HUMANS)  # a table with a person is not limited by it


def seq_of(client: Any, created: dict[str, Any]) -> int:
    return int(service_of(client, created["table"]).seq)


def test_bots_alone_play_only_while_someone_watches(make_client: Any) -> None:
    client = make_client(auto_next=0.0)
    created = create(client, **BOTS)
    time.sleep(0.5)
    assert seq_of(client, created) == 1  # dealt, and nobody watches: no move
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": token_of(created["watch"])})
        reply = recv(ws)
        assert reply["type"] == "state", reply
        deadline = time.monotonic() + 10
        while seq_of(client, created) < 4:
            assert time.monotonic() < deadline, "the bots did not play for their watcher"
            time.sleep(0.02)
    time.sleep(0.3)  # the leave has been handled; a move in flight may still land
    paused = seq_of(client, created)
    time.sleep(0.5)
    assert seq_of(client, created) == paused


def test_a_socket_that_keeps_flooding_is_closed(make_client: Any) -> None:
    client = make_client(limits={"message_rate": 5.0, "message_burst": 10.0,
                                 "flood_seconds": 0.5})
    created = create(client, **HUMANS)
    token = seat_tokens(created)[0]
    assert token is not None
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": token})
        reply = recv(ws)
        assert reply["type"] == "state", reply
        started = time.monotonic()
        code = None
        while time.monotonic() - started < 5:
            try:
                for _ in range(20):
                    ws.send_json({"type": "ping"})
                while True:
                    reply = recv(ws, timeout=0.01)
                    assert reply["type"] in ("pong", "error")
            except WebSocketDisconnect as exc:
                code = exc.code
                break
            except TimeoutError:
                continue
        assert code == CLOSE_FLOOD
        assert time.monotonic() - started < 3
    # Its address opens no socket for a moment (on that process; the shared mode's sockets
    # alternate between two): reconnecting at once gains nothing.
    codes = []
    for _ in range(2):
        with client.websocket_connect("/ws") as again:
            again.send_json({"type": "join", "token": token})
            try:
                recv(again)
            except WebSocketDisconnect as exc:
                codes.append(exc.code)
    assert CLOSE_FLOOD in codes


def test_a_socket_at_its_rate_is_not_closed(make_client: Any) -> None:
    client = make_client(limits={"message_rate": 20.0, "message_burst": 10.0,
                                 "flood_seconds": 0.3})
    created = create(client, **HUMANS)
    token = seat_tokens(created)[0]
    assert token is not None
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": token})
        reply = recv(ws)
        assert reply["type"] == "state", reply
        for _ in range(15):  # 10 a second, half the rate
            ws.send_json({"type": "ping"})
            assert recv(ws)["type"] == "pong"
            time.sleep(0.1)


def test_joins_and_leaves_send_presence_only(make_client: Any) -> None:
    client = make_client()
    created = create(client, **HUMANS)
    first, second = seat_tokens(created)
    assert first is not None and second is not None
    with client.websocket_connect("/ws") as player:
        player.send_json({"type": "join", "token": first})
        assert recv(player)["type"] == "state"
        for _ in range(20):  # a spectator's join/leave loop: nothing reaches the table
            with client.websocket_connect("/ws") as spectator:
                spectator.send_json({"type": "join", "token": token_of(created["watch"])})
                assert recv(spectator)["full"] is True
        player.send_json({"type": "ping"})
        assert recv(player)["type"] == "pong"  # nothing was waiting before it
        for _ in range(3):  # the other seat comes and goes: a small presence message each
            with client.websocket_connect("/ws") as other:
                other.send_json({"type": "join", "token": second})
                assert recv(other)["type"] == "state"
                came = recv(player)
                assert came["type"] == "presence" and came["seats"][1]["connected"]
                assert len(json.dumps(came)) < 600
            gone = recv(player)
            assert gone["type"] == "presence" and not gone["seats"][1]["connected"]
        player.send_json({"type": "ping"})
        assert recv(player)["type"] == "pong"


def test_a_join_loop_is_refused_past_its_rate(make_client: Any) -> None:
    client = make_client(limits={"joins_per_minute": 0.6, "joins_burst": 5.0})
    # 0.6 a minute: no join comes back during the test, however slowly a loaded machine runs it.
    created = create(client, **HUMANS)
    outcomes = []
    for _ in range(12):
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "token": token_of(created["watch"])})
            reply = recv(ws)
            outcomes.append(reply.get("key", reply["type"]))
            if reply["type"] == "error":
                with pytest.raises(WebSocketDisconnect) as closed:
                    recv(ws)
                assert closed.value.code == 4429
                assert "en" in reply["message"] and "fr" in reply["message"]
    # Each process counts its own joins (the shared mode's sockets alternate between two).
    assert outcomes[:5] == ["state"] * 5 and outcomes[-1] == "joins_rate"
    assert outcomes.count("joins_rate") >= 2


def test_a_bots_time_says_nothing_about_its_choice() -> None:
    from fives.web.hub import THINK_S, think_pad

    for level, think in THINK_S.items():
        forced = [0.001 + think_pad(level, 0.001) for _ in range(200)]  # no choice to make
        searched = [think * 0.9 + think_pad(level, think * 0.9) for _ in range(200)]
        for times in (forced, searched):
            assert think <= min(times) and max(times) <= think * 4 / 3 + 0.002, level


@pytest.mark.slow  # seconds: a game of bots played out
def test_finished_tables_past_the_retention_are_deleted(make_client: Any) -> None:
    client = make_client(retention_days=1.0, auto_next=0.0)
    finished = create(client, preset="five-up", players=2, target=1,
                      seats=BOTS["seats"])
    going_on = create(client, **HUMANS)
    server = client.app.state.server
    with client.websocket_connect("/ws") as ws:  # watched: the bots play the game out
        ws.send_json({"type": "join", "token": token_of(finished["watch"])})
        deadline = time.monotonic() + 20
        while True:
            frame = recv(ws)
            if frame["type"] == "state" and frame["public"]["phase"] == "game_over":
                break
            assert time.monotonic() < deadline, "the game did not end"
    time.sleep(0.2)
    # Both leave memory; one game goes on. On the server's own loop: the shared mode's
    # eviction starts tasks there.
    client.portal.call(server.evict_idle, time.time() + 10 ** 6)
    time.sleep(0.2)
    assert finished["table"] not in server.tables and going_on["table"] not in server.tables
    assert client.portal.call(server.delete_old_tables, time.time() + 0.5 * 86400) == 0
    assert client.portal.call(server.delete_old_tables, time.time() + 2 * 86400) == 1
    ids = server.storage.table_ids()
    assert finished["table"] not in ids and going_on["table"] in ids
    assert server.storage.log(finished["table"]) == []
    assert server.storage.log(going_on["table"])  # its log is whole
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": token_of(finished["watch"])})
        assert recv(ws)["key"] == "bad_token"
