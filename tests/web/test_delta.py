"""Delta frames (``fives.web.delta``): every seat and a spectator hold two sockets, one plain
and one that asked for deltas at its join; over whole games of every preset, in both modes,
the delta socket's frame after each message (``DeltaReader``, and the page's static/delta.js
fed the same messages) is exactly the plain socket's frame, and a gap asks for a resync."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from fives.web.delta import DeltaReader, DeltaWriter, apply, diff
from fives.web.protocol import check_frame, encode

from .helpers import create, recv, seat_tokens, token_of, view_of
from .test_leak import GAMES, TARGETS

DELTA_JS = Path(__file__).parents[2] / "src" / "fives" / "web" / "static" / "delta.js"


def test_diff_and_apply() -> None:
    old: dict[str, Any] = {"seq": 1, "view": {"history": [1, 2], "hand": ["6-6"], "x": 1},
                           "full": True}
    new = {"seq": 2, "view": {"history": [1, 2, 3], "hand": [], "y": None}}
    ops = diff(old, new)
    assert ["a", ["view", "history"], [3]] in ops and ["d", ["full"]] in ops
    assert ["d", ["view", "x"]] in ops and ["s", ["view", "y"], None] in ops
    assert apply(old, ops) == new
    assert old["view"]["history"] == [1, 2]  # left as it was
    assert diff(new, new) == []
    with pytest.raises(ValueError, match="expected s, a or d"):
        apply(old, [["x", ["seq"]]])


class Sockets:
    """A table's sockets, joined one at a time (in the shared mode two processes could
    otherwise join them in either order): the joiner gets its view, every earlier socket a
    presence update. Each socket's messages go through its reader (plain ones are state
    frames, which a reader takes as they are)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.sockets: list[Any] = []
        self.readers: list[DeltaReader] = []
        self.last: list[dict[str, Any]] = []  # each socket's latest message
        self.log: list[list[tuple[dict[str, Any], Any]]] = []  # (message, frame) of each

    def join(self, token: str, deltas: bool, seat: bool = True) -> int:
        """Join a socket (``seat``: on a seat's link; a spectator's join tells nobody)."""
        ws = self.client.websocket_connect("/ws")
        ws.__enter__()
        self.client.open_sockets = [*getattr(self.client, "open_sockets", []), ws]
        ws.send_json({"type": "join", "token": token, **({"deltas": True} if deltas else {})})
        self.sockets.append(ws)
        self.readers.append(DeltaReader())
        self.last.append({})
        self.log.append([])
        self.read(len(self.sockets) - 1)
        if seat:  # a presence message for every earlier socket
            for i in range(len(self.sockets) - 1):
                self.read(i)
                assert self.last[i]["type"] == "presence", self.last[i]
        return len(self.sockets) - 1

    def read(self, i: int) -> dict[str, Any] | None:
        message = recv(self.sockets[i])
        check_frame(message)
        self.last[i] = message
        frame = self.readers[i].take(message)
        self.log[i].append((message, frame))
        return frame

    def frame(self, i: int) -> dict[str, Any]:
        held = self.readers[i].held
        assert held is not None
        return held

    def act(self, rng: random.Random, seats: list[int]) -> None:
        """The next action: a random legal move of the seat to play, or the next hand
        (``seats``: each seat's socket number)."""
        frame = self.frame(seats[0])
        view = view_of(frame)
        if view["phase"] == "hand_over":  # each seat in turn: the last one deals
            ready = [s["ready"] for s in frame["table"]["seats"]]
            self.sockets[seats[ready.index(False)]].send_json({"type": "next_hand"})
        else:
            mine = seats[view["turn"]]
            move = rng.choice(self.frame(mine)["seat"]["legal_moves"])
            message = {"type": "play", "move": move["notation"]}
            if view["rules"]["muggins_claims"] and move["kind"] in ("lead", "place"):
                message["claim"] = rng.randrange(0, 30)  # under claims the player counts
            self.sockets[mine].send_json(message)


def js_frames(messages: list[dict[str, Any]]) -> list[Any]:
    """What static/delta.js's reader gives for each message, run by node."""
    script = (f"import {{ deltaReader }} from {json.dumps(DELTA_JS.as_uri())};\n"
              "const r = deltaReader(); let text = '';\n"
              "process.stdin.on('data', (d) => { text += d; });\n"
              "process.stdin.on('end', () => { const out = JSON.parse(text).map((m) => r.take(m));"
              " process.stdout.write(JSON.stringify(out)); });\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script], check=True,
                          input=json.dumps(messages), capture_output=True, text=True, timeout=60)
    result: list[Any] = json.loads(done.stdout)
    return result


@pytest.mark.parametrize(("preset", "players"), GAMES)
@pytest.mark.slow  # whole games
def test_a_delta_socket_holds_the_full_frame_at_every_step(make_client: Any, preset: str,
                                                            players: int) -> None:
    client = make_client()
    target = {"target": TARGETS[preset, players]} if (preset, players) in TARGETS else {}
    created = create(client, preset=preset, players=players, **target,
                     seats=[{"kind": "me"}] + [{"kind": "friend"}] * (players - 1))
    table = Sockets(client)
    pairs = []  # (plain, delta) socket numbers of each seat, then of a spectator
    for i, token in enumerate([*seat_tokens(created), token_of(created["watch"])]):
        assert token is not None
        pairs.append((table.join(token, deltas=False, seat=i < players),
                      table.join(token, deltas=True, seat=i < players)))
    rng = random.Random(f"delta/{preset}/{players}")
    kinds: dict[str, int] = {}
    sent = full = 0
    for _ in range(5000):
        if view_of(table.frame(0))["phase"] == "game_over":
            break
        table.act(rng, [plain for plain, _ in pairs])
        for plain, delta in pairs:
            frame = table.read(plain)
            got = table.read(delta)
            message = table.last[delta]
            assert got == frame, (preset, message)  # exactly the server's full frame
            kinds[message["type"]] = kinds.get(message["type"], 0) + 1
            sent += len(encode(message))
            full += len(encode(frame))
    assert view_of(table.frame(0))["phase"] == "game_over"
    assert kinds.get("delta", 0) > 0.9 * sum(kinds.values())  # deltas, not full frames
    assert sent < full / 2  # and much smaller (a fifth to a third measured)
    if (preset, players) == GAMES[0] and shutil.which("node") is not None:
        # The page's reader, fed every message of seat 0's delta socket, gives the same frames.
        messages, frames = zip(*table.log[pairs[0][1]], strict=True)
        assert js_frames(list(messages)) == list(frames)


def test_a_gap_asks_for_a_resync(make_client: Any) -> None:
    client = make_client()
    created = create(client, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    tokens = seat_tokens(created)
    assert tokens[0] is not None and tokens[1] is not None
    table = Sockets(client)
    table.join(tokens[0], deltas=False)
    table.join(tokens[1], deltas=False)
    mine = table.join(tokens[0], deltas=True)
    rng = random.Random(3)

    def step() -> dict[str, Any]:
        table.act(rng, [0, 1])
        table.read(1)
        return table.read(0) or {}

    step()
    lost = recv(table.sockets[mine])  # lost on the way: never given to the reader
    assert lost["type"] == "delta" and lost["n"] == 1
    step()
    assert table.read(mine) is None  # n == 2 after n == 0: a gap
    table.sockets[mine].send_json({"type": "resync"})
    assert table.read(mine) is not None and table.last[mine]["full"] is True
    frame = step()
    assert table.read(mine) == frame  # deltas again, counted from the full frame
    assert table.last[mine]["type"] == "delta" and table.last[mine]["n"] == 1


def test_the_writer_sends_a_state_frame_when_a_delta_would_not_be_smaller() -> None:
    writer = DeltaWriter()
    first = encode({"type": "state", "seq": 1, "a": 1})
    assert writer.text(first) == first
    second = encode({"type": "state", "seq": 2, "a": 2})
    assert writer.text(second) == second  # the delta is longer than the frame
    assert writer.n == 0
    numbers = list(range(200))
    big = encode({"type": "state", "seq": 3, "a": 2, "b": numbers})
    assert writer.text(big) == big
    bigger = encode({"type": "state", "seq": 4, "a": 2, "b": [*numbers, 7]})
    out = json.loads(writer.text(bigger))
    assert out["type"] == "delta" and out["n"] == 1
    assert writer.text('{"type":"pong"}') == '{"type":"pong"}'  # not part of the frame
