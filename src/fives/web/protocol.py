"""Strict schemas of the messages a browser may send, and the explanation of scores.

Every incoming websocket message is one JSON object of at most ``MAX_MESSAGE_BYTES``, with a
known ``type`` and exactly the fields that type allows; anything else is rejected with a
``ProtocolError`` whose key and parameters the client can show in its language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_MESSAGE_BYTES = 8192
MAX_MOVE_CHARS = 32

# type -> {field: (python type, required)}
SCHEMAS: dict[str, dict[str, tuple[type, bool]]] = {
    "join": {"token": (str, True)},
    "play": {"move": (str, True)},
    "next_hand": {},
    "rematch": {},
    "record": {"game": (int, False)},
    "ping": {},
}


class ProtocolError(Exception):
    """A message that breaks the protocol; ``str`` is the English one-line message."""

    def __init__(self, message: str, key: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True, slots=True)
class Message:
    type: str
    fields: dict[str, Any]


def parse_message(raw: str | bytes) -> Message:
    size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            f"message too large ({size} bytes): expected at most {MAX_MESSAGE_BYTES}",
            "too_large", size=size, limit=MAX_MESSAGE_BYTES,
        )
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("message is not valid JSON: expected one JSON object", "bad_json") \
            from None
    if not isinstance(data, dict):
        raise ProtocolError(
            f"message is a JSON {type(data).__name__}: expected a JSON object", "bad_json"
        )
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError(
            f"unknown message type {str(kind)[:40]!r}: expected one of {', '.join(SCHEMAS)}",
            "unknown_type", value=str(kind)[:40], expected=", ".join(SCHEMAS),
        )
    schema = SCHEMAS[kind]
    fields = {k: v for k, v in data.items() if k != "type"}
    for name in fields:
        if name not in schema:
            allowed = ", ".join(schema) or "no other field"
            raise ProtocolError(
                f"unknown field {name[:40]!r} in {kind!r}: expected {allowed}",
                "unknown_field", field=name[:40], type=kind, expected=allowed,
            )
    for name, (ftype, required) in schema.items():
        if name not in fields:
            if required:
                raise ProtocolError(
                    f"missing field {name!r} in {kind!r}", "missing_field", field=name, type=kind
                )
            continue
        value = fields[name]
        if not isinstance(value, ftype) or isinstance(value, bool) and ftype is not bool:
            raise ProtocolError(
                f"field {name!r} of {kind!r} is {json.dumps(value)[:40]}: expected "
                f"{ftype.__name__}",
                "bad_field", field=name, type=kind, expected=ftype.__name__,
            )
    if kind == "play" and not 0 < len(fields["move"]) <= MAX_MOVE_CHARS:
        raise ProtocolError(
            f"move {fields['move'][:40]!r} has {len(fields['move'])} characters: expected 1 to "
            f"{MAX_MOVE_CHARS}, like '6-4@1' or 'draw'",
            "bad_move_text", value=fields["move"][:40],
        )
    return Message(kind, fields)


def count_parts(layout_json: dict[str, Any]) -> list[int]:
    """The values that make up the counted total T (RULES.md §1.4), in node order.

    Free in-line ports of non-doubles count their value; a double with a free in-line side
    counts both halves (listed as two values, so the explanation reads ``6 + 6``).
    """
    nodes = layout_json.get("nodes", [])
    taken: dict[int, set[str]] = {}
    for node in nodes:
        if node["parent"]:
            taken.setdefault(node["parent"], set()).add(node["port"])
    parts: list[int] = []
    for node in nodes:
        used = taken.get(node["n"], set())
        inline = ("W", "E") if node["parent"] == 0 else ("out",)
        free = [port for port in inline if port not in used]
        if not free:
            continue
        if node["double"]:
            parts += [node["outer"], node["outer"]]
            continue
        for port in free:
            parts.append(node["touching"] if port == "W" else node["outer"])
    return parts
