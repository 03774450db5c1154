"""In-process tests of the HTTP and websocket API: bad requests and messages, turns, reconnect,
the turn timer, and the record of a finished game."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fives.events import GameEndEvent
from fives.record import load_record
from fives.web.protocol import check_frame
from fives.web.service import TableService
from fives.web.table_types import Wake

from .helpers import create, execute_sql, recv, seat_tokens, service_of, token_of, view_of

JSON = {"content-type": "application/json"}
TWO_HUMANS = {"preset": "all-fives", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]}


def server_of(client: TestClient) -> Any:
    return client.app.state.server  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("body", "key", "named"),
    [
        ({"preset": "chess", "players": 2, "seats": [{"kind": "me"}] * 2}, "unknown_preset",
         "chess"),
        ({"preset": "five-up", "players": 9, "seats": [{"kind": "me"}] * 9}, None, "9"),
        ({"preset": "five-up", "players": "2", "seats": []}, "bad_players", "2"),
        ({"preset": "five-up", "players": 2, "seats": [{"kind": "me"}] * 2, "colour": "red"},
         "unknown_field", "colour"),
        ({"preset": "five-up", "players": 2, "seats": [{"kind": "me"}]}, "bad_seats", "2 seats"),
        ({"preset": "five-up", "players": 2,
          "seats": [{"kind": "me"}, {"kind": "bot", "level": "godlike"}]}, "bad_level",
         "godlike"),
        ({"preset": "five-up", "players": 2, "timer": 10, "seats": [{"kind": "me"}] * 2},
         "bad_timer", "10"),
        ({"preset": "five-up", "players": 2, "seats": [{"kind": "me"}, {"kind": "alien"}]},
         "bad_seat", "alien"),
        ({"preset": "five-up", "players": 2, "target": -5, "seats": [{"kind": "me"}] * 2},
         None, "-5"),
        ({"preset": "five-up", "players": 2, "partnerships": "yes",
          "seats": [{"kind": "me"}] * 2}, "bad_partnerships", "yes"),
        ({"preset": "all-fives", "players": 2, "sniff": 3, "seats": [{"kind": "me"}] * 2},
         "bad_sniff", "3"),
        ({"preset": "all-fives", "players": 2, "sniff": "sideways",
          "seats": [{"kind": "me"}] * 2}, "invalid_option", "sideways"),
        ({"preset": "five-up-solitaire", "players": 1, "sniff": "us",
          "seats": [{"kind": "me"}]}, "invalid_option", "sniff"),
        ({"preset": "all-fives", "players": 2, "sniff_orientation_choice": "yes",
          "seats": [{"kind": "me"}] * 2}, "bad_sniff_choice", "yes"),
        ({"preset": "all-fives", "players": 2, "sniff_orientation_choice": True,
          "seats": [{"kind": "me"}] * 2}, "invalid_option", "sniff_orientation_choice"),
    ],
)
def test_create_rejects_bad_requests(
    make_client: Any, body: dict[str, Any], key: str | None, named: str
) -> None:
    client = make_client()
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    error = response.json()
    if key is not None:
        assert error["key"] == key
    assert named in error["message"]["en"]
    assert error["message"]["fr"]
    assert server_of(client).storage.table_ids() == []


def test_a_message_just_under_the_limit_in_bytes_is_read(make_client: Any) -> None:
    """8,000 UTF-8 bytes in 4,000 characters: under the limit, so parsed (and refused only as
    a move that is too long), not called too large."""
    client = make_client()
    pair = Pair(client)
    raw = json.dumps({"type": "play", "move": "é" * 3990}, ensure_ascii=False)
    assert len(raw.encode()) <= 8192
    pair.ws[0].send_text(raw)
    assert recv(pair.ws[0])["key"] == "bad_move_text"
    pair.close()


def test_create_needs_json_from_this_site(make_client: Any) -> None:
    client = make_client()
    form = client.post("/api/tables", content=json.dumps(TWO_HUMANS),
                       headers={"content-type": "text/plain", "origin": "http://evil.example"})
    assert form.status_code == 415 and form.json()["key"] == "web.err.json_only"
    foreign = client.post("/api/tables", json=TWO_HUMANS, headers={"origin": "http://evil.example"})
    assert foreign.status_code == 403 and foreign.json()["message"]["fr"]
    assert server_of(client).storage.table_ids() == []
    made = client.post("/api/tables", json=TWO_HUMANS, headers={"origin": "http://testserver"})
    assert made.status_code == 201 and made.headers["cache-control"] == "no-store"


def test_static_files_are_cached_by_content_hash(make_client: Any) -> None:
    client = make_client()
    page = client.get("/").text
    link = next(part.split('"')[0] for part in page.split('src="')[1:] if "app.js" in part)
    assert "?v=" in link
    assert client.get(link).headers["cache-control"] == "public, max-age=31536000, immutable"
    assert client.get("/static/app.js").headers["cache-control"] == "no-cache"
    assert client.get("/static/app.js?v=0123").headers["cache-control"] == "no-cache"
    assert client.get("/static/nope.js").status_code == 404


def test_a_page_that_loads_once(make_client: Any) -> None:
    """Issue 40, D12: text gzipped; every module imports the others by the release's version
    (cached for a year); the page, a file asked for without its version, the presets and the
    catalog revalidate with their ETag (304, no body); one language's page keys."""
    client = make_client()
    page = client.get("/")
    assert page.headers["content-encoding"] == "gzip" and page.headers["etag"]
    release = page.text.split("/static/app.js?v=", 1)[1].split('"', 1)[0]
    app = client.get(f"/static/app.js?v={release}")
    assert app.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert app.headers["content-encoding"] == "gzip"
    imports = [line for line in app.text.splitlines() if line.startswith("import ")]
    assert imports and all(f'.js?v={release}";' in line for line in imports), imports
    for path in ("/", "/static/hand.js", "/api/presets", "/api/messages?lang=fr"):
        first = client.get(path)
        assert first.status_code == 200 and first.headers["etag"], path
        again = client.get(path, headers={"if-none-match": first.headers["etag"]})
        assert again.status_code == 304 and again.content == b"", path
        other = client.get(path, headers={"if-none-match": '"0123"'})
        assert other.status_code == 200, path
    plain = client.get("/static/style.css", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.text.startswith("/*")
    # each form has its own tag: a gzipped copy does not revalidate a plain one
    zipped = client.get("/static/style.css").headers["etag"]
    assert zipped != plain.headers["etag"]
    assert client.get("/static/style.css", headers={
        "accept-encoding": "identity", "if-none-match": zipped}).status_code == 200
    french = client.get("/api/messages?lang=fr").json()
    assert list(french) == ["fr"]
    assert all(k.startswith("web.") and not k.startswith("web.not_found.") for k in french["fr"])
    assert len(client.get("/api/messages?lang=fr").content) < 40_000


@pytest.mark.parametrize("make_client", ["sqlite"], indirect=True)  # one process
def test_health_and_metrics(make_client: Any) -> None:
    client = make_client(metrics_token="s3cret")
    create(client, **TWO_HUMANS)
    assert client.get("/healthz").json() == {"status": "ok", "tables": 1}
    client.post("/api/tables", content=b"{}", headers={"content-type": "text/plain"})
    # The test client is not on loopback: the token opens /metrics, nothing else does.
    assert client.get("/metrics").status_code == 403
    assert client.get("/metrics", headers={"authorization": "Bearer wrong"}).status_code == 403
    metrics = client.get("/metrics", headers={"authorization": "Bearer s3cret"}).text
    assert "fives_tables_live 1.0" in metrics
    assert 'fives_refusals_total{kind="content_type"} 1.0' in metrics
    assert "fives_actions_total 1.0" in metrics and "fives_commit_seconds_count 1.0" in metrics


@pytest.mark.parametrize("make_client", ["sqlite"], indirect=True)  # one process
def test_tables_leave_memory_and_come_back_from_the_log(make_client: Any) -> None:
    client = make_client(limits={"table_idle": 0.3})
    hub = server_of(client)
    created = create(client, **TWO_HUMANS)
    tokens = seat_tokens(created)
    assert tokens[0] is not None
    ws, first = join(client, tokens[0])
    ws.__exit__(None, None, None)
    deadline = time.monotonic() + 10
    while created["table"] in hub.tables and time.monotonic() < deadline:
        time.sleep(0.1)
    assert created["table"] not in hub.tables  # idle and nobody connected: dropped
    again, fresh = join(client, tokens[0])  # the link brings it back, as it was
    assert created["table"] in hub.tables
    assert view_of(fresh) == view_of(first) and fresh["seq"] == first["seq"]
    again.__exit__(None, None, None)


@pytest.mark.parametrize("make_client", ["sqlite"], indirect=True)  # one process
def test_a_finished_table_leaves_memory_once_everyone_left(make_client: Any) -> None:
    client = make_client()
    hub = server_of(client)
    pair = Pair(client)
    play_out(pair)
    assert hub.evict_idle() == 0  # finished, but people are still there
    pair.close()
    deadline = time.monotonic() + 5
    while hub.evict_idle() == 0 and time.monotonic() < deadline:
        time.sleep(0.05)  # the sockets' leaving reaches the server
    assert pair.table.id not in hub.tables


def test_create_rejects_non_json_and_oversized_bodies(make_client: Any) -> None:
    client = make_client()
    assert client.post("/api/tables", content=b"{nope", headers=JSON).json()["key"] == "bad_json"
    assert client.post("/api/tables", json=[1, 2]).json()["key"] == "bad_json"
    big = client.post("/api/tables", content=b" " * 9000 + b"{}", headers=JSON)
    assert big.status_code == 413 and big.json()["key"] == "too_large"
    # 4,200 characters, 8,400 UTF-8 bytes: over the 8,192-byte limit.
    wide = json.dumps({**TWO_HUMANS, "preset": "é" * 4200}, ensure_ascii=False).encode()
    assert len(wide.decode()) < 8192 < len(wide)
    refused = client.post("/api/tables", content=wide, headers=JSON)
    assert refused.status_code == 413 and refused.json()["params"]["size"] > 8192
    assert server_of(client).storage.table_ids() == []


def test_pages_send_no_referrer_and_no_third_party(make_client: Any) -> None:
    client = make_client()
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["referrer-policy"] == "no-referrer"
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert "http" not in page.text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    presets = client.get("/api/presets").json()
    assert {p["id"] for p in presets["presets"]} >= {"five-up", "all-fives"}
    messages = client.get("/api/messages?lang=fr").json()
    assert messages["fr"]["web.spinner"] == "double pivot"


def join(client: TestClient, token: str) -> tuple[Any, dict[str, Any]]:
    ws = client.websocket_connect("/ws")
    ws.__enter__()
    client.open_sockets = [*getattr(client, "open_sockets", []), ws]
    ws.send_json({"type": "join", "token": token})
    frame = recv(ws)
    assert frame["type"] == "state", frame
    return ws, frame


def quiet(ws: Any) -> bool:
    """True when nothing is waiting for this socket (a ping's pong comes back first)."""
    ws.send_json({"type": "ping"})
    return bool(recv(ws)["type"] == "pong")


class Pair:
    """Two human seats and a spectator at one all-fives table."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        created = create(client, **TWO_HUMANS)
        self.table = service_of(client, created["table"])
        tokens = seat_tokens(created)
        self.ws: list[Any] = []
        self.frames: list[dict[str, Any]] = []
        for token in tokens:
            assert token is not None
            ws, frame = join(client, token)
            self.ws.append(ws)
            self.frames.append(frame)
            # A seat's join tells the others, in a small presence message: drain those.
            for other in self.ws[:-1]:
                assert recv(other)["type"] == "presence"
        self.watch, _ = join(client, token_of(created["watch"]))  # a spectator: no message

    def mover(self) -> int:
        return int(view_of(self.frames[0])["turn"])

    def play(self, seat: int, move: str) -> None:
        self.send(seat, {"type": "play", "move": move})

    def send(self, seat: int, message: dict[str, Any]) -> None:
        """Send as this seat; every socket gets the one frame it gives."""
        self.ws[seat].send_json(message)
        for i, ws in enumerate(self.ws):
            self.frames[i] = recv(ws)
            assert self.frames[i]["type"] == "state", self.frames[i]
        assert recv(self.watch)["type"] == "state"

    def close(self) -> None:
        for ws in [*self.ws, self.watch]:
            ws.__exit__(None, None, None)


BAD_MESSAGES = [
    ("not json", "bad_json"),
    ("[1, 2]", "bad_json"),
    ('"play"', "bad_json"),
    ('{"type": "fly"}', "unknown_type"),
    ('{"move": "6-6"}', "unknown_type"),
    ('{"type": "play"}', "missing_field"),
    ('{"type": "play", "move": 5}', "bad_field"),
    ('{"type": "play", "move": true}', "bad_field"),
    ('{"type": "play", "move": "6-6", "seat": 1}', "unknown_field"),
    ('{"type": "next_hand", "force": true}', "unknown_field"),
    (json.dumps({"type": "play", "move": "x" * 9000}), "too_large"),
    # 4,500 characters but 9,000 UTF-8 bytes: the limit counts bytes.
    (json.dumps({"type": "play", "move": "é" * 4500}, ensure_ascii=False), "too_large"),
    (json.dumps({"type": "play", "move": "6-6@1" * 10}), "bad_move_text"),
    ('{"type": "play", "move": ""}', "bad_move_text"),
    ('{"type": "play", "move": "zz"}', None),
    ('{"type": "play", "move": "6-6@9"}', None),
    ('{"type": "play", "move": "9-9"}', None),
    ('{"type": "next_hand"}', "not_hand_over"),
    ('{"type": "rematch"}', "not_game_over"),
    ('{"type": "record"}', "record_not_ready"),
    ('{"type": "join", "token": "abc"}', "already_joined"),
]


@pytest.mark.parametrize(("raw", "key"), BAD_MESSAGES)
def test_bad_message_gets_an_error_to_its_sender_only(
    make_client: Any, raw: str, key: str | None
) -> None:
    client = make_client()
    pair = Pair(client)
    seat = pair.mover()
    seq, log_length = pair.table.seq, len(server_of(client).storage.log(pair.table.id))
    view_before = pair.table.game.view(seat).to_json()
    pair.ws[seat].send_text(raw)
    error = recv(pair.ws[seat])
    assert error["type"] == "error"
    if key is not None:
        assert error["key"] == key
    assert error["message"]["en"] and error["message"]["fr"]
    assert "\n" not in error["message"]["en"]
    # Nobody else heard of it, and nothing changed.
    assert quiet(pair.ws[1 - seat]) and quiet(pair.watch) and quiet(pair.ws[seat])
    assert pair.table.seq == seq
    assert len(server_of(client).storage.log(pair.table.id)) == log_length
    assert pair.table.game.view(seat).to_json() == view_before
    pair.close()


def test_a_resync_gets_the_asker_alone_its_full_frame(make_client: Any) -> None:
    """A client that missed a frame sends ``resync``: it gets its own seat's full frame (the
    hand's story, the current seq) and nobody else hears of it; a spectator gets its own."""
    client = make_client()
    pair = Pair(client)
    seat = pair.mover()
    legal = view_of(pair.frames[seat])["legal_moves"]
    pair.play(seat, legal[0])
    played = pair.frames[seat]
    for ws, you in ((pair.ws[seat], seat), (pair.watch, None)):
        ws.send_json({"type": "resync"})
        full = recv(ws)
        check_frame(full)
        assert full["full"] is True and full["you"] == you
        assert full["seq"] == played["seq"] == pair.table.seq
        assert [e["kind"] for e in full["events"]] == ["lead"]
        assert view_of(full)["layout"] == view_of(played)["layout"]
    assert quiet(pair.ws[1 - seat]) and quiet(pair.ws[seat]) and quiet(pair.watch)
    pair.close()


def test_illegal_move_error_says_what_is_legal(make_client: Any) -> None:
    client = make_client()
    pair = Pair(client)
    seat = pair.mover()
    pair.ws[seat].send_json({"type": "play", "move": "6-6@9"})
    error = recv(pair.ws[seat])
    assert "6-6@9" in error["message"]["en"]
    # Players' words in both languages: no 0-based seat number from the engine's own message.
    assert "seat" not in error["message"]["en"] and "place" not in error["message"]["fr"]
    pair.close()


def test_illegal_move_error_names_draw_and_pass_in_the_readers_language(
        make_client: Any) -> None:
    client = make_client()
    pair = Pair(client)
    seat = pair.mover()
    pair.ws[seat].send_json({"type": "play", "move": "pass"})  # a lead is due: no pass
    error = recv(pair.ws[seat])
    assert error["key"] == "illegal_move", error
    assert "« passer »" in error["message"]["fr"], error["message"]
    assert "pass" not in error["message"]["fr"].replace("passer", "")
    assert "'pass'" in error["message"]["en"]
    pair.close()


def test_out_of_turn_and_spectator_moves_are_refused(make_client: Any) -> None:
    client = make_client()
    pair = Pair(client)
    seat = pair.mover()
    other = 1 - seat
    seq = pair.table.seq
    their_tile = view_of(pair.frames[other])["hand"][0]
    pair.ws[other].send_json({"type": "play", "move": their_tile})
    error = recv(pair.ws[other])
    assert error["key"] == "not_your_turn"
    assert error["params"]["turn"] == seat + 1
    # The mover's own legal move, sent by the other seat, is refused too: seats come from tokens.
    legal = view_of(pair.frames[seat])["legal_moves"][0]
    pair.ws[other].send_json({"type": "play", "move": legal})
    assert recv(pair.ws[other])["key"] == "not_your_turn"
    pair.watch.send_json({"type": "play", "move": legal})
    assert recv(pair.watch)["key"] == "spectator"
    assert quiet(pair.ws[seat])
    assert pair.table.seq == seq
    pair.play(seat, legal)
    assert pair.table.seq == seq + 1
    pair.close()


def test_join_first_bad_token_and_foreign_origin(make_client: Any) -> None:
    client = make_client()
    create(client, **TWO_HUMANS)
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "play", "move": "6-6"})
        assert recv(ws)["key"] == "join_first"
        ws.send_json({"type": "join", "token": "A" * 32})
        assert recv(ws)["key"] == "bad_token"
        ws.send_json({"type": "join", "token": ""})
        assert recv(ws)["key"] == "bad_token"
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
        "/ws", headers={"origin": "http://evil.example"}
    ) as ws:
        recv(ws)
    assert closed.value.code == 4403


def test_same_link_works_after_reload_and_on_another_device(make_client: Any) -> None:
    client = make_client()
    created = create(client, **TWO_HUMANS)
    tokens = seat_tokens(created)
    assert tokens[0] is not None and tokens[1] is not None
    first, frame = join(client, tokens[0])
    other, _ = join(client, tokens[1])
    recv(first)
    seat = view_of(frame)["turn"]
    mover = first if seat == 0 else other
    moves = service_of(client, created["table"]).game.view(seat).to_json()["legal_moves"]
    mover.send_json({"type": "play", "move": moves[0]})
    after = recv(first)
    recv(other)
    first.__exit__(None, None, None)
    recv(other)  # seat 0 left
    again, fresh = join(client, tokens[0])
    assert fresh["full"] is True
    assert fresh["seq"] == after["seq"]
    assert view_of(fresh) == view_of(after)
    assert fresh["you"] == 0
    assert [e["params"]["move"] for e in fresh["events"]
            if e["kind"] in ("lead", "place")] == [moves[0]]
    recv(other)  # seat 0 is back
    second_device, twin = join(client, tokens[0])
    assert view_of(twin) == view_of(fresh)
    for ws in (again, second_device, other):
        ws.__exit__(None, None, None)


def test_timer_runs_out_and_the_server_plays() -> None:
    """Deadlines are data: a fake clock runs the 15 s turn timer out at once."""
    now = [1000.0]
    service = TableService("t", {"preset": "five-up", "options": {"players": 2}, "timer": 15,
                                 "seats": [{"kind": "human"}, {"kind": "human"}]},
                           clock=lambda: now[0])
    first = service.first_deal()
    service.apply(first, 1, now[0])
    service.join(1, 0)
    timed = 0
    for _ in range(4):
        wake = service.wake
        assert wake is not None and wake.action == "timer" and wake.at == service.last_at + 15
        assert service.frame_for(0, [])["public"]["deadline"] == 15.0
        now[0] = wake.at
        turn = service.bot_turn(wake)
        assert turn is not None and turn.level == "greedy"
        entry = service.check_wake(wake, turn.move or turn.legal[0])
        assert entry is not None and entry.payload["by"] == "timer"
        frames = service.apply(entry, service.seq + 1, now[0])
        event = json.loads(frames[1])["events"][0]
        assert event["by"] == "timer" and event["kind"] in ("lead", "place", "draw", "pass")
        timed += 1
        assert service.game is not None
        if service.game.phase_name != "play":
            break
    assert timed >= 1
    # A stale wake (the table moved on) gives nothing.
    assert service.check_wake(Wake(now[0], service.seq - 1, "timer", 0, "greedy"), "draw") is None


def play_out(pair: Pair) -> None:
    """Play the first legal move for whoever is to move until the game is over."""
    for _ in range(2000):
        view = view_of(pair.frames[0])
        if view["phase"] == "game_over":
            return
        if view["phase"] == "hand_over":
            for seat in (0, 1):  # the next hand waits for both players
                pair.send(seat, {"type": "next_hand"})
            continue
        seat = view["turn"]
        pair.play(seat, view_of(pair.frames[seat])["legal_moves"][-1])
    raise AssertionError("the game did not end")


def test_finished_game_gives_its_record_and_a_rematch(make_client: Any) -> None:
    client = make_client()
    pair = Pair(client)
    play_out(pair)
    final = view_of(pair.frames[0])
    pair.watch.send_json({"type": "record"})
    record = recv(pair.watch)["record"]
    assert record["format"] == "fives-record/1"
    # meta says who sat where and when (RULES.md §12.3); replay ignores it
    assert record["meta"]["seats"] == [{"kind": "human"}, {"kind": "human"}]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", record["meta"]["date"])
    replayed = list(load_record(record).replay())
    last = replayed[-1]
    assert isinstance(last, GameEndEvent)
    assert list(last.scores) == final["scores"]
    # A rematch is an offer: the other player sees it, and nothing starts without their yes.
    pair.send(1, {"type": "rematch"})
    offered = pair.frames[0]
    assert view_of(offered)["phase"] == "game_over" and offered["table"]["game_no"] == 1
    assert [s["rematch"] for s in offered["table"]["seats"]] == [False, True]
    winner = final["winner"]
    assert offered["table"]["match"] == [int(side == winner) for side in (0, 1)]
    pair.send(0, {"type": "rematch"})
    fresh = pair.frames[1]
    assert view_of(fresh)["phase"] == "play" and view_of(fresh)["hand_number"] == 1
    assert fresh["table"]["game_no"] == 2
    assert [s["rematch"] for s in fresh["table"]["seats"]] == [False, False]
    assert fresh["table"]["match"] == offered["table"]["match"]  # the match score runs on
    # The first game stays downloadable; the new one is not over yet.
    pair.ws[0].send_json({"type": "record", "game": 1})
    assert recv(pair.ws[0])["record"] == record
    pair.ws[0].send_json({"type": "record"})
    assert recv(pair.ws[0])["key"] == "record_not_ready"
    pair.ws[0].send_json({"type": "record", "game": 3})
    assert recv(pair.ws[0])["key"] == "bad_game_no"
    pair.close()


def test_a_flooding_socket_is_slowed_down(make_client: Any) -> None:
    client = make_client(limits={"message_rate": 5.0, "message_burst": 10.0})
    created = create(client, **TWO_HUMANS)
    tokens = seat_tokens(created)
    assert tokens[0] is not None
    ws, _ = join(client, tokens[0])
    for _ in range(30):
        ws.send_json({"type": "ping"})
    time.sleep(1.5)  # the bucket refills: the next message is answered
    ws.send_json({"type": "record", "game": 99})
    replies = [recv(ws)]
    while replies[-1].get("key") != "bad_game_no":
        replies.append(recv(ws))
    limited = [r for r in replies if r["type"] == "error" and r["key"] == "rate_limited"]
    pongs = [r for r in replies if r["type"] == "pong"]
    # At most the burst (and what refilled meanwhile) got through; one "slow down" for the rest.
    assert 9 <= len(pongs) <= 13  # the join took one of the burst of 10
    assert len(limited) == 1


@pytest.mark.parametrize("level", ["random", "greedy", "heuristic", "search", "expert"])
def test_bots_fill_seats_and_answer(make_client: Any, level: str) -> None:
    client = make_client()
    created = create(client, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": level}])
    tokens = seat_tokens(created)
    assert tokens[0] is not None and tokens[1] is None
    ws, frame = join(client, tokens[0])
    bot_moves = 0
    deadline = time.monotonic() + 60
    while bot_moves < 3 and time.monotonic() < deadline:
        view = view_of(frame)
        if view["phase"] == "hand_over":
            ws.send_json({"type": "next_hand"})
        elif view["phase"] == "game_over":
            break
        elif view["legal_moves"]:
            ws.send_json({"type": "play", "move": view["legal_moves"][0]})
        frame = recv(ws)
        assert frame["type"] == "state", frame
        bot_moves += sum(1 for e in frame["events"] if e.get("by") == "bot")
    assert bot_moves >= 3
    # A bot seat cannot be driven from a socket (there is no link to it anyway).
    ws.__exit__(None, None, None)


def test_an_action_that_cannot_be_stored_is_not_applied(make_client: Any) -> None:
    client = make_client()
    pair = Pair(client)
    seat = pair.mover()
    seq = pair.table.seq
    before = pair.table.game.view(seat).to_json()
    storage = server_of(client).storage
    execute_sql(storage, "ALTER TABLE log RENAME TO log_away")  # every append now fails
    pair.ws[seat].send_json({"type": "play", "move": view_of(pair.frames[seat])["legal_moves"][0]})
    error = recv(pair.ws[seat])
    assert error["key"] == "server_error"
    assert quiet(pair.ws[1 - seat]) and quiet(pair.watch)
    assert pair.table.seq == seq
    assert pair.table.game.view(seat).to_json() == before
    execute_sql(storage, "ALTER TABLE log_away RENAME TO log")
    pair.play(seat, view_of(pair.frames[seat])["legal_moves"][0])
    assert pair.table.seq == seq + 1
    pair.close()


def test_a_player_who_leaves_is_stood_in_for_and_can_come_back(make_client: Any) -> None:
    client = make_client(away_grace=0.2)
    created = create(client, **TWO_HUMANS)
    tokens = seat_tokens(created)
    assert tokens[0] is not None and tokens[1] is not None
    stay, frame = join(client, tokens[0])
    leave, _ = join(client, tokens[1])
    recv(stay)  # seat 1 connected
    table = service_of(client, created["table"])
    if table.game.turn == 0:  # make it seat 1's turn
        stay.send_json({"type": "play", "move": table.game.view(0).to_json()["legal_moves"][0]})
        recv(stay)
        recv(leave)
    assert table.game.turn == 1
    seq = table.seq
    leave.__exit__(None, None, None)
    stood_in: list[dict[str, Any]] = []
    deadline = time.monotonic() + 10
    while not stood_in and time.monotonic() < deadline:
        frame = recv(stay)
        if frame["type"] == "state":  # the other seat's leave came as a presence message
            stood_in = [e for e in frame["events"] if e.get("by") == "away"]
    assert stood_in and stood_in[0]["params"]["seat"] == 1
    assert table.seq > seq
    # The same link takes the seat back.
    back, fresh = join(client, tokens[1])
    assert fresh["you"] == 1 and fresh["full"] is True
    assert any(e.get("by") == "away" for e in fresh["events"])
    for ws in (stay, back):
        ws.__exit__(None, None, None)


def test_one_address_cannot_create_tables_without_end(make_client: Any) -> None:
    client = make_client(limits={"tables_per_minute": 0.6, "tables_burst": 3.0})
    statuses = [client.post("/api/tables", json=TWO_HUMANS).status_code for _ in range(5)]
    assert statuses == [201, 201, 201, 429, 429]
    assert len(server_of(client).storage.table_ids()) == 3


def test_a_sniff_table_plays_its_form_and_explains_its_count(make_client: Any) -> None:
    """RULES.md §9 O4 from the start page's request: the table's rules carry the sniff and its
    choice, the legal moves name the sniff's forms, and every play's explained parts add up
    to the total (a British sniff by its free ends, a US sniff's free branch ends too)."""
    from fives.projection import layout_json

    client = make_client()
    created = create(client, preset="all-fives", players=2, sniff="british",
                     sniff_orientation_choice=True,
                     seats=[{"kind": "me"}, {"kind": "bot", "level": "greedy"}])
    tokens = seat_tokens(created)
    assert tokens[0] is not None
    ws, frame = join(client, tokens[0])
    rules = view_of(frame)["rules"]
    assert (rules["sniff"], rules["sniff_choice"]) == ("british", True)
    ws.__exit__(None, None, None)
    from fives.game import Game
    from fives.rules import Ruleset

    for options in ({"sniff": "us"}, {"sniff": "british"},
                    {"sniff": "us", "sniff_orientation_choice": True}):
        for seed in range(6):
            game = Game(Ruleset.preset("all-fives", **options), seed=seed)
            while game.phase_name == "play":
                moves = list(game.legal_moves)
                game.play(moves[(seed * 7 + len(game.layout)) % len(moves)])
                data = layout_json(game.layout)
                assert sum(p["value"] * p["times"] for p in data["parts"]) == data["total"], data
