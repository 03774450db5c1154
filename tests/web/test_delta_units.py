"""Delta frames (``fives.web.delta``) over fixed deals, without a server: each seat's and a
spectator's frames of whole games played from fixed seeds, written as deltas and read back,
give exactly the frames (``apply(old, diff(old, new)) == new`` at every step), and a list that
changed as it grew (a drawn tile sorted into the middle of a hand) is set, never appended to.
test_delta.py plays the same through the server's sockets (its whole games are slow)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fives.game import Game
from fives.projection import project
from fives.rules import Ruleset
from fives.web import delta
from fives.web.delta import DeltaReader, DeltaWriter, apply, diff
from fives.web.protocol import encode


def test_a_tile_drawn_into_the_middle_of_a_hand_is_set_not_appended() -> None:
    old = {"seat": {"hand": ["0-1", "5-5"]}}
    new = {"seat": {"hand": ["0-1", "3-4", "5-5"]}}
    ops = diff(old, new)
    assert ops == [["s", ["seat", "hand"], ["0-1", "3-4", "5-5"]]]
    assert apply(old, ops) == new
    grown = {"seat": {"hand": ["0-1", "5-5", "6-6"]}}  # grown at its end: appended
    assert diff(old, grown) == [["a", ["seat", "hand"], ["6-6"]]]
    shrunk = {"seat": {"hand": ["0-1"]}}
    assert diff(old, shrunk) == [["s", ["seat", "hand"], ["0-1"]]]
    assert diff(old, {"seat": {"hand": ["0-1", "5-6"]}}) == [
        ["s", ["seat", "hand"], ["0-1", "5-6"]]]


def test_every_kind_of_change_and_its_order() -> None:
    old: dict[str, Any] = {"a": 1, "b": {"c": [1], "d": 2, "e": {"f": 1}}, "g": "x", "h": [1]}
    new: dict[str, Any] = {"a": 1, "b": {"c": [1, 2], "d": 3, "e": 5}, "g": {"k": 1},
                           "i": None, "h": {"0": 1}}
    assert diff(old, new) == [
        ["a", ["b", "c"], [2]],
        ["s", ["b", "d"], 3],
        ["s", ["b", "e"], 5],  # a dict replaced by a number: set
        ["s", ["g"], {"k": 1}],
        ["s", ["i"], None],  # in the new frame's order
        ["s", ["h"], {"0": 1}],  # a list replaced by a dict: set
    ]
    assert apply(old, diff(old, new)) == new
    assert diff(new, old)[-1] == ["d", ["i"]]  # deletions last
    assert apply(new, diff(new, old)) == old
    assert diff({}, {}) == [] and diff(old, old) == []


def test_apply_leaves_its_frame_and_the_ops_as_they_were() -> None:
    frame: dict[str, Any] = {"v": {"history": [1, 2]}, "hand": ["a"]}
    ops: list[list[Any]] = [["a", ["v", "history"], [[3]]], ["s", ["hand"], [["b"]]]]
    out = apply(frame, ops)
    assert out == {"v": {"history": [1, 2, [3]]}, "hand": [["b"]]}
    out["v"]["history"][2].append(4)
    out["hand"][0].append("c")
    assert frame == {"v": {"history": [1, 2]}, "hand": ["a"]}
    assert ops == [["a", ["v", "history"], [[3]]], ["s", ["hand"], [["b"]]]]


CASES = [("five-up", {"players": 2}), ("all-fives", {"players": 3}),
         ("muggins", {"players": 4, "partnerships": True}), ("draw", {"players": 2}),
         ("five-up-solitaire", {})]


@pytest.mark.parametrize(("preset", "options"), CASES, ids=[c[0] for c in CASES])
def test_frames_of_fixed_deals_round_trip_through_deltas(preset: str,
                                                         options: dict[str, Any]) -> None:
    rules = Ruleset.preset(preset, **options)
    viewers: list[int | None] = [*range(rules.players), None]
    writers = {v: DeltaWriter() for v in viewers}
    readers = {v: DeltaReader() for v in viewers}
    held: dict[int | None, dict[str, Any]] = {}
    kinds = {"s": 0, "a": 0, "d": 0}
    set_lists = 0  # lists set whole although longer than before (changed as they grew)
    seq = 0
    for seed in (1, 2):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):  # most of a hand
            if game.phase != "play":
                break
            seq += 1
            for v in viewers:
                frame = {"type": "state", "seq": seq, **project(game, v).to_json()}
                if seq == 1:
                    frame["full"] = True
                frame = json.loads(encode(frame))  # the frame as the socket's text carries it
                old = held.get(v)
                if old is not None:
                    ops = diff(old, frame)
                    assert apply(old, ops) == frame
                    for op in ops:
                        kinds[op[0]] += 1
                        if op[0] == "s" and isinstance(op[2], list):
                            before = _at(old, op[1])
                            set_lists += isinstance(before, list) and len(op[2]) > len(before)
                held[v] = frame
                text = writers[v].text(encode(frame))
                assert readers[v].take(json.loads(text)) == frame
            game.play(rng.choice(list(game.legal_moves)))
    assert kinds["a"] and kinds["s"]  # the histories grow; the rest changes
    if rules.drawing:
        assert set_lists  # hands that grew by a tile drawn into their middle


def _at(frame: dict[str, Any], path: list[str]) -> Any:
    for key in path:
        if not isinstance(frame, dict) or key not in frame:
            return None
        frame = frame[key]
    return frame


def test_the_writer_counts_its_deltas_from_each_state_frame() -> None:
    writer = DeltaWriter()
    numbers = list(range(200))
    frames = [encode({"type": "state", "seq": s, "log": numbers[:s + 100]}) for s in range(1, 5)]
    assert writer.text(frames[0]) == frames[0] and writer.n == 0
    sent = [json.loads(writer.text(f)) for f in frames[1:3]]
    assert [(m["type"], m["n"], m["seq"]) for m in sent] == [("delta", 1, 2), ("delta", 2, 3)]
    assert sent[0]["ops"] == [["s", ["seq"], 2], ["a", ["log"], [101]]]
    full = encode({"type": "state", "seq": 4, "full": True, "log": numbers[:104]})
    assert writer.text(full) == full and writer.n == 0  # a full frame restarts the count
    nxt = encode({"type": "state", "seq": 5, "log": numbers[:105]})
    assert json.loads(writer.text(nxt))["n"] == 1
    assert writer.held == json.loads(nxt)


def test_the_reader_takes_state_frames_deltas_and_gaps() -> None:
    reader = DeltaReader()
    assert reader.take({"type": "pong"}) == {"type": "pong"}
    assert reader.take({"type": "delta", "n": 1, "seq": 2, "ops": []}) is None  # none held
    state = {"type": "state", "seq": 1, "a": [1]}
    assert reader.take(state) == state and reader.n == 0
    one = reader.take({"type": "delta", "n": 1, "seq": 2, "ops": [["a", ["a"], [2]]]})
    assert one == {"type": "state", "seq": 1, "a": [1, 2]} and reader.n == 1
    assert reader.take({"type": "delta", "n": 3, "seq": 4, "ops": []}) is None  # a gap
    assert reader.held is None
    assert reader.take({"type": "delta", "n": 1, "seq": 2, "ops": []}) is None  # until a state
    with pytest.raises(ValueError, match="delta op 'x': expected s, a or d"):
        apply({}, [["x", ["a"]]])


def test_parsed_frames_are_kept_a_while(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(delta, "_parsed", type(delta._parsed)())
    texts = [encode({"type": "state", "seq": s}) for s in range(delta._PARSED_KEPT + 5)]
    first = delta._parse(texts[0])
    assert delta._parse(texts[0]) is first  # parsed once
    for text in texts[1:]:
        delta._parse(text)
    assert len(delta._parsed) == delta._PARSED_KEPT == 64
    assert next(iter(delta._parsed)) == texts[5]  # the oldest went first
    assert delta._parse(texts[0]) is not first
