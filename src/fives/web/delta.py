"""Delta frames: a socket that asks for them at its join (``{"type": "join", ..., "deltas":
true}``) gets, after its first full frame, only what changed since the state frame it holds.

A socket is one ordered stream, so what the server sent on it is what the client holds, in
order: the last frame sent is the one a delta builds on (the socket's acknowledgment is the
stream's order, and a client that finds a gap asks again). A delta is
``{"type": "delta", "n": N, "seq": S, "ops": [...]}``: ``n`` counts the deltas since the last
state frame of the socket (1, 2, ...: a client that sees another number missed one and sends
``resync``, which answers with a full frame), ``seq`` is the table's log position it brings the
frame to, and each op changes the held frame at a path of keys:

- ``["s", path, value]``: set the value at ``path`` (a new key, or a changed one);
- ``["a", path, items]``: append ``items`` to the list at ``path`` (the hand's history, the
  layout's tiles: they grow by one or two items an action);
- ``["d", path]``: delete the key at ``path``.

Applying every op in order gives exactly the state frame the server would have sent
(``apply``; ``static/delta.js`` is the page's copy, the tests hold both to the frames). A state
frame (a join's or a resync's full one, or any frame whose delta would not be smaller) replaces
the held frame and restarts ``n``. Deltas are computed where the socket is, from the frame
texts the table's owner built, so that both modes and every kind of frame share one path; each
frame text is parsed once however many sockets hold its seat.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from typing import Any

import orjson

from fives.web.protocol import encode

STATE_PREFIX = '{"type":"state"'
# Frame texts parsed lately (the sockets of one seat, and the spectators, share theirs).
_parsed: OrderedDict[str, dict[str, Any]] = OrderedDict()
_PARSED_KEPT = 64


def _parse(text: str) -> dict[str, Any]:
    frame = _parsed.get(text)
    if frame is None:
        frame = orjson.loads(text)
        _parsed[text] = frame
        if len(_parsed) > _PARSED_KEPT:
            _parsed.popitem(last=False)
    return frame


def diff(old: dict[str, Any], new: dict[str, Any], path: list[str] | None = None,
         ops: list[list[Any]] | None = None) -> list[list[Any]]:
    """The ops that turn ``old`` into ``new`` (both parsed JSON objects)."""
    path = path or []
    ops = [] if ops is None else ops
    for key, value in new.items():
        where = [*path, key]
        if key not in old:
            ops.append(["s", where, value])
            continue
        before = old[key]
        if before == value:
            continue
        if isinstance(value, dict) and isinstance(before, dict):
            diff(before, value, where, ops)
        elif (isinstance(value, list) and isinstance(before, list) and len(value) > len(before)
              and value[:len(before)] == before):
            ops.append(["a", where, value[len(before):]])
        else:
            ops.append(["s", where, value])
    ops.extend(["d", [*path, key]] for key in old if key not in new)
    return ops


def apply(frame: dict[str, Any], ops: list[list[Any]]) -> dict[str, Any]:
    """The frame after ``ops`` (a new object: ``frame`` is left as it was)."""
    out = copy.deepcopy(frame)
    for op in ops:
        kind, path = op[0], op[1]
        target = out
        for key in path[:-1]:
            target = target[key]
        if kind == "s":
            target[path[-1]] = copy.deepcopy(op[2])
        elif kind == "a":
            target[path[-1]].extend(copy.deepcopy(op[2]))
        elif kind == "d":
            del target[path[-1]]
        else:
            raise ValueError(f"delta op {kind!r}: expected s, a or d")
    return out


class DeltaWriter:
    """One socket's side: what it holds, and the text to send it instead of each frame."""

    def __init__(self) -> None:
        self.held: dict[str, Any] | None = None
        self.n = 0

    def text(self, text: str) -> str:
        if not text.startswith(STATE_PREFIX):
            return text  # replies, records, errors: not part of the held frame
        frame = _parse(text)
        held, self.held = self.held, frame
        if held is None or frame.get("full"):
            self.n = 0
            return text
        self.n += 1
        delta = encode({"type": "delta", "n": self.n, "seq": frame["seq"],
                        "ops": diff(held, frame)})
        if len(delta) >= len(text):
            self.n = 0
            return text
        return delta


class DeltaReader:
    """A client's side (the tests' and the bench's; the page's is static/delta.js)."""

    def __init__(self) -> None:
        self.held: dict[str, Any] | None = None
        self.n = 0

    def take(self, message: dict[str, Any]) -> dict[str, Any] | None:
        """The state frame after ``message`` (a state frame or a delta); None when a delta
        does not follow the one held (send ``resync`` and wait for a state frame); any other
        message as it is."""
        if message["type"] not in ("state", "delta"):
            return message
        if message["type"] == "state":
            self.held, self.n = message, 0
            return message
        if self.held is None or message["n"] != self.n + 1:
            self.held = None
            return None
        self.held, self.n = apply(self.held, message["ops"]), message["n"]
        return self.held
