"""A websocket fuzzer: random and mutated protocol messages, a few thousand steps in all, from
two seats and a spectator. The server never fails, every reply is a valid message of the
protocol, and the game only ever moves by legal moves: its whole log replays through the
engine to the state the server shows."""

from __future__ import annotations

import contextlib
import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from fives.web.config import Limits, ServerConfig
from fives.web.protocol import SCHEMAS, check_frame
from fives.web.server import create_app
from fives.web.service import TableService

from .conftest import FAST
from .helpers import create, recv, seat_tokens, token_of, view_of

LEGAL = "<a legal move>"
MARKER = -1000
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=8,
)
MUTATED = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(sorted(SCHEMAS)),
    st.dictionaries(st.sampled_from(["move", "token", "game", "seat", "type", "x"]), JSON,
                    max_size=2),
)
MESSAGES = st.one_of(
    st.just(LEGAL), st.just(LEGAL), st.just(LEGAL),
    st.builds(lambda m: {"type": "play", "move": m}, st.text(max_size=40)),
    st.builds(lambda m: {"type": "play", "move": m},
              st.from_regex(r"[0-6]-[0-6](@[0-9]{1,2}(\.(out|[NSEWLR]))?)?|draw|pass",
                            fullmatch=True)),
    st.sampled_from([{"type": "next_hand"}, {"type": "rematch"}, {"type": "ping"},
                     {"type": "record"}]),
    st.builds(lambda g: {"type": "record", "game": g}, st.integers(-5, 2**70)),
    st.builds(lambda t: {"type": "join", "token": t}, st.text(max_size=120)),
    MUTATED,
    JSON,
    st.binary(max_size=64),
    st.text(max_size=64),
)
STEPS = st.lists(st.tuples(st.integers(0, 2), MESSAGES), min_size=150, max_size=250)


def check_reply(frame: Any) -> None:
    # presence: a seat joined or left (no state); hint: advice asked for (refused here, where
    # the other seat is a person, but a well-formed frame type all the same).
    assert isinstance(frame, dict) and frame.get("type") in (
        "state", "error", "pong", "record", "presence", "hint")
    check_frame(frame)
    if frame["type"] == "error":
        assert isinstance(frame["key"], str) and isinstance(frame["params"], dict)
        for lang in ("en", "fr"):
            text = frame["message"][lang]
            assert isinstance(text, str) and text and "\n" not in text and "Traceback" not in text
    elif frame["type"] == "state":
        assert set(frame) >= {"seq", "you", "table", "public", "seat", "events", "deal"}
    elif frame["type"] == "presence":
        assert [set(seat) >= {"kind", "connected"} for seat in frame["seats"]]
    elif frame["type"] == "record":
        assert frame["record"]["format"] == "fives-record/1"


@pytest.mark.slow  # seconds: eight random message sequences
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=STEPS)
def test_random_messages_never_break_the_table(steps: list[tuple[int, Any]]) -> None:
    with tempfile.TemporaryDirectory() as folder, contextlib.ExitStack() as stack:
        limits: dict[str, Any] = dict(FAST)
        config = ServerConfig(bot_delay=0.0, limits=Limits(**limits))
        client = stack.enter_context(TestClient(create_app(Path(folder) / "fuzz.sqlite3",
                                                           config)))
        created = create(client, preset="five-up", players=2,
                         seats=[{"kind": "me"}, {"kind": "friend"}])
        tokens = [*seat_tokens(created), token_of(created["watch"])]
        sockets = [client.websocket_connect("/ws") for _ in tokens]
        last: list[dict[str, Any]] = []
        for ws, token in zip(sockets, tokens, strict=True):
            stack.enter_context(ws)  # closed even when an assertion fails
            ws.send_json({"type": "join", "token": token})
            last.append(recv(ws))
        seqs = [f["seq"] for f in last]

        def sync(first: int = 0) -> None:
            """Read every socket up to the answer to a marker (a record request for game
            MARKER, which no fuzzed message sends), the sender's first: once its marker is
            answered, its message was handled, and every frame it caused is queued before
            the others' markers."""
            for i in [first, *(j for j in range(len(sockets)) if j != first)]:
                ws = sockets[i]
                ws.send_json({"type": "record", "game": MARKER})
                while True:
                    frame = recv(ws)
                    check_reply(frame)
                    if frame["type"] == "error" and frame["params"].get("value") == MARKER:
                        break
                    if frame["type"] == "state":
                        assert frame["seq"] >= seqs[i]
                        seqs[i] = frame["seq"]
                        last[i] = frame

        sync()
        for sender, message in steps:
            ws = sockets[sender]
            if message == LEGAL:
                view = view_of(last[sender])
                if view["phase"] == "hand_over":
                    message = {"type": "next_hand"}
                elif view["phase"] == "game_over":
                    message = {"type": "rematch"}
                elif view["legal_moves"]:
                    message = {"type": "play", "move": view["legal_moves"][0]}
                else:
                    message = {"type": "ping"}
            if isinstance(message, bytes):
                ws.send_bytes(message)
            elif isinstance(message, str):
                ws.send_text(message)
            else:
                ws.send_text(json.dumps(message))
            sync(sender)
        sync()
        hub = client.app.state.server  # type: ignore[attr-defined]
        live = hub.tables[created["table"]].service
        replayed = TableService(created["table"], live.config)
        replayed.replay(hub.storage.log(created["table"]))  # raises on any illegal move
        entries = hub.storage.log(created["table"])
        assert replayed.seq == live.seq == len(entries), [(e.seq, e.payload.get("by"))
                                                          for e in entries]
        assert min(seqs) == max(seqs) == live.seq, (seqs, [(e.seq, e.kind) for e in entries])
        assert replayed.game is not None and live.game is not None
        for seat in (0, 1, None):
            assert replayed.game.view(seat).to_json() == live.game.view(seat).to_json()
        again = replayed.frame_for(0, [])
        assert last[0]["seat"] == again["seat"] and last[0]["deal"] == again["deal"]
        assert {k: v for k, v in last[0]["public"].items() if k != "deadline"} == \
            {k: v for k, v in again["public"].items() if k != "deadline"}
