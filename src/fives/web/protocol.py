"""Every schema of the web protocol, in one place: what a client may send and what it gets.

In: a websocket message is one JSON object of at most ``MAX_MESSAGE_BYTES`` (UTF-8 bytes, not
characters), with a known ``type`` and exactly the fields that type allows (``SCHEMAS``); a table
request (``POST /api/tables``) follows ``TABLE_FIELDS`` and ``parse_table_request``. Anything else
is rejected with a ``ProtocolError`` whose key and parameters the client shows in its language.

Out: every frame follows ``FRAME_SCHEMAS`` (``check_frame``): ``{"type": "state", ...}`` frames
(built by ``fives.web.service``), ``{"type": "record"}``, ``{"type": "pong"}`` and
``error_frame`` / ``engine_error_frame`` errors, every text in English and French. A state
frame's ``seq`` is the table's log position: it grows by one with each action and stays the
same for a frame that only says who is connected. A client that sees it jump (a frame it
missed) asks for a full frame with ``{"type": "resync"}`` (lila-ws's resync) and shows nothing
built on the frame it lacks until that full frame comes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import UnionType
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import orjson

from fives.errors import FivesError
from fives.i18n import LANGS, error_text, has, text
from fives.projection import PublicJSON, SeatPartJSON

MAX_MESSAGE_BYTES = 8192

# Close codes of the websocket, besides the standard ones.
CLOSE_GOING_AWAY = 1001  # the server stops: reconnect in a moment
CLOSE_TOO_SLOW = 4008  # frames piled up unread: the client fell behind
CLOSE_FORBIDDEN = 4403  # Host or Origin not allowed
CLOSE_TIMEOUT = 4408  # no join in time
CLOSE_TOO_MANY = 4429  # too many sockets, or too many wrong links, from one address
CLOSE_FLOOD = 4430  # kept sending past its message rate for several seconds
MAX_MOVE_CHARS = 32
SHOWN_CHARS = 40  # the most of a bad value that an error message quotes


def encode(value: Any) -> str:
    """Compact JSON text of what the server sends (frames, replies, messages between
    processes). orjson rather than the standard library: it encodes a table's frame about ten
    times faster (18 against 204 us for a 3.6 KB frame), and every action encodes one frame per
    seat; msgspec is as fast only with typed structs, and frames are plain dicts."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        # An integer past 64 bits (a client's huge number echoed in an error's parameters):
        # the standard library writes it; nothing the server builds itself takes this path.
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


# No message or request nests deeper than a few levels: a deeper one is refused before its
# depth can cost anything (Python's parser would raise RecursionError past ~1,000).
MAX_JSON_DEPTH = 8

# type -> {field: (python type, required)}
SCHEMAS: dict[str, dict[str, tuple[type, bool]]] = {
    # name: the nickname, if any; deltas: true asks for delta frames after the first full one
    # (fives.web.delta)
    "join": {"token": (str, True), "name": (str, False), "deltas": (bool, False)},
    # claim: what the tile scores as its placer counts it, under muggins claims only (RULES.md
    # §9 O1; fives.web.claims_window): required with a lead or placement there, refused elsewhere
    "play": {"move": (str, True), "claim": (int, False)},
    "muggins": {},  # this seat calls muggins on the last placement (§9 O1)
    "next_hand": {},  # this seat is ready for the next hand
    "rematch": {},  # this seat offers (or accepts) a rematch
    "bot_now": {"seat": (int, True)},  # let a bot play now for the player who left this seat
    "hint": {},  # a bot's advice for this turn (against bots only)
    "undo": {},  # back before this seat's last placement (against bots only)
    "record": {"game": (int, False)},
    "ping": {},
    "resync": {},  # a frame was missed (its seq jumped): send me a full frame
}


class ProtocolError(Exception):
    """A message that breaks the protocol; ``str`` is the English one-line message."""

    def __init__(self, message: str, key: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def shown_value(value: object) -> str:
    """A bad value as an error message quotes it: on one line (a text with its control
    characters escaped, any other value as its ``repr``), at most ``SHOWN_CHARS`` long."""
    text = repr(value)[1:-1] if isinstance(value, str) else repr(value)
    return text[:SHOWN_CHARS]


@dataclass(frozen=True, slots=True)
class Message:
    type: str
    fields: dict[str, Any]


def _too_deep(raw: str | bytes) -> bool:
    """Whether the JSON text opens more than ``MAX_JSON_DEPTH`` brackets at once (strings'
    brackets count too: a false alarm costs only a refusal of an odd message)."""
    text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= MAX_JSON_DEPTH:
        return False
    depth = 0
    for char in text:
        if char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def check_text(value: Any, where: str = "") -> None:
    """Every string of a parsed JSON value (keys too) is text that can be stored and shown:
    valid Unicode (no lone surrogate, such as the escape of U+D800) and no NUL; else a
    ``ProtocolError`` naming the key (``seats.1.level``)."""
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{where}.{key}" if where else str(key)
            check_text(key, path)
            check_text(item, path)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_text(item, f"{where}.{i}" if where else str(i))
    elif isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            ok = False
        else:
            ok = "\x00" not in value
        if not ok:
            # The key path is the sender's text: its control characters are shown escaped, so
            # that the message stays one line (a key may hold a newline).
            path = where.encode("utf-8", "replace").decode()
            shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in path)[:60] or "-"
            raise ProtocolError(
                f"{shown}: not valid text (a lone surrogate or a NUL): expected plain Unicode",
                "bad_text", field=shown,
            )


def parse_json(raw: str | bytes) -> Any:
    """One JSON value of a message or request body, checked by ``check_text`` and no deeper
    than ``MAX_JSON_DEPTH``; ``ProtocolError`` otherwise."""
    if _too_deep(raw):
        raise ProtocolError(f"JSON nested more than {MAX_JSON_DEPTH} levels deep: expected one "
                            "flat JSON object", "too_deep", limit=MAX_JSON_DEPTH)
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise ProtocolError("message is not valid JSON: expected one JSON object", "bad_json") \
            from None
    check_text(data)
    return data


def parse_message(raw: str | bytes, limit: int = MAX_MESSAGE_BYTES) -> Message:
    size = len(raw.encode("utf-8", "replace") if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError(
            f"message too large ({size} bytes): expected at most {limit}",
            "too_large", size=size, limit=limit,
        )
    data = parse_json(raw)
    if not isinstance(data, dict):
        raise ProtocolError(
            f"message is a JSON {type(data).__name__}: expected a JSON object", "bad_json"
        )
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in SCHEMAS:
        raise ProtocolError(
            f"unknown message type '{shown_value(kind)}': expected one of {', '.join(SCHEMAS)}",
            "unknown_type", value=shown_value(kind), expected=", ".join(SCHEMAS),
        )
    schema = SCHEMAS[kind]
    fields = {k: v for k, v in data.items() if k != "type"}
    for name in fields:
        if name not in schema:
            allowed = ", ".join(schema) or "no other field"
            raise ProtocolError(
                f"unknown field '{shown_value(name)}' in {kind!r}: expected {allowed}",
                "unknown_field", field=shown_value(name), type=kind, expected=allowed,
            )
    for name, (ftype, required) in schema.items():
        if name not in fields:
            if required:
                raise ProtocolError(
                    f"missing field {name!r} in {kind!r}", "missing_field", field=name, type=kind
                )
            continue
        value = fields[name]
        if not isinstance(value, ftype) or (isinstance(value, bool) and ftype is not bool):
            raise ProtocolError(
                f"field {name!r} of {kind!r} is {shown_value(json.dumps(value))}: expected "
                f"{ftype.__name__}",
                "bad_field", field=name, type=kind, expected=ftype.__name__,
            )
    if kind == "join":
        check_name(fields.get("name"))
    if kind == "play" and not 0 < len(fields["move"]) <= MAX_MOVE_CHARS:
        raise ProtocolError(
            f"move '{shown_value(fields['move'])}' has {len(fields['move'])} characters: expected "
            f"1 to {MAX_MOVE_CHARS}, like '6-4@1' or 'draw'",
            "bad_move_text", value=shown_value(fields["move"]),
        )
    return Message(kind, fields)


NAME_CHARS = 20
# Format characters a name may hold: the joiners that emoji and several scripts need.
NAME_JOINERS = frozenset("\u200c\u200d")


def check_name(name: Any) -> str | None:
    """A nickname as the table shows it (NFC, trimmed), None for no name; ``ProtocolError``
    names what is wrong. Any script; no control, format (but the joiners), private or
    unassigned character, so that no name can reorder or hide the text around it."""
    import unicodedata

    if name is None:
        return None
    if not isinstance(name, str):
        raise ProtocolError(f"name {shown_value(json.dumps(name))}: expected text", "bad_name_type",
                            value=shown_value(json.dumps(name)))
    shown: str = unicodedata.normalize("NFC", name).strip()
    if not shown:
        return None
    if len(shown) > NAME_CHARS:
        raise ProtocolError(f"name of {len(shown)} characters: expected at most {NAME_CHARS}",
                            "bad_name_length", count=len(shown), limit=NAME_CHARS)
    for ch in shown:
        category = unicodedata.category(ch)
        if (category[0] == "C" and ch not in NAME_JOINERS) or category in ("Zl", "Zp"):
            raise ProtocolError(f"name holds the character U+{ord(ch):04X}: expected letters, "
                                "digits, marks, punctuation, symbols or spaces",
                                "bad_name_char", code=f"U+{ord(ch):04X}")
    return shown


# --- what the server sends --------------------------------------------------------------------

# The JSON kinds a field may hold: Python types, None for null.
Kinds = tuple[type | None, ...]


def _json_kinds(hint: Any) -> Kinds:
    """The JSON kinds of a TypedDict field's type (the projection's parts are TypedDicts):
    ``int | None`` -> (int, None), ``list[str]`` -> (list,), a TypedDict -> (dict,)."""
    out: list[type | None] = []
    for arm in get_args(hint) if get_origin(hint) in (Union, UnionType) else (hint,):
        if arm is type(None):
            out.append(None)
        elif is_typeddict(arm):
            out.append(dict)
        else:
            base = get_origin(arm) or arm
            out += [int, float] if base is float else [base]
    return tuple(out)


# type -> {field: (kinds, required)}; a frame holds no other field.
FRAME_SCHEMAS: dict[str, dict[str, tuple[Kinds, bool]]] = {
    "state": {
        "seq": ((int,), True),  # the table's log position (module docstring)
        "full": ((bool,), False),  # true on a join or a resync: the whole story of the hand
        "table": ((dict,), True),  # FRAME_PARTS["table"]
        "you": ((int, None), True),  # the reader's seat; null for a spectator
        # fives.projection's public part (its deadline: the seconds left to act), the same
        # for every reader, without its events: ``events`` say what happened since the last
        # frame (a full frame: this hand's story), each a projection entry with "by"
        "public": ((dict,), True),
        "seat": ((dict,), True),  # fives.projection's seat part: only the reader's
        "events": ((list,), True),
        "deal": ((dict, None), True),  # the fair deal's commitment, its seed once revealed
    },
    # what changed since the socket's last state frame (fives.web.delta)
    "delta": {"n": ((int,), True), "seq": ((int,), True), "ops": ((list,), True)},
    "record": {"game": ((int,), True), "record": ((dict,), True)},
    # a seat's player came or went: only ``table.seats`` of the frame at ``seq`` changed (a
    # spectator's join or leave sends nothing to the others)
    "presence": {"seq": ((int,), True), "seats": ((list,), True)},
    "pong": {},
    "error": {"key": ((str,), True), "params": ((dict,), True), "message": ((dict,), True)},
    # a bot's advice, to the asking seat only: the best moves first, each with how far it is
    # behind the best ("behind") and the expert's expectations, in the rules' "unit"
    "hint": {"seq": ((int,), True), "unit": ((str,), True), "moves": ((list,), True)},
}
# Each of ``table.seats``, checked the same way.
SEAT_FIELDS: dict[str, tuple[Kinds, bool]] = {
    "kind": ((str,), True), "level": ((str, None), True), "connected": ((bool,), True),
    "name": ((str, None), True),  # the nickname: text, never markup
    "away_in": ((int, float, None), True),  # seconds before a bot takes the seat of one who left
    "ready": ((bool,), True),  # pressed "Next hand" in this break
    "rematch": ((bool,), True),  # offered or accepted a rematch
}
# The parts of a state frame, checked the same way.
FRAME_PARTS: dict[str, dict[str, tuple[Kinds, bool]]] = {
    "table": {
        "id": ((str,), True), "preset": ((str,), True), "players": ((int,), True),
        "partnerships": ((bool,), True), "target": ((int,), True), "timer": ((int,), True),
        "game_no": ((int,), True), "seats": ((list,), True),
        "grace": ((int, float), True),  # seconds before a bot plays for a player who left
        "match": ((list,), True),  # games won by each side at this table
        "assist": ((bool,), True),  # one person against bots: hint and undo are offered
    },
    "public": {name: (_json_kinds(kind), True)
               for name, kind in get_type_hints(PublicJSON).items() if name != "events"},
    "seat": {name: (_json_kinds(kind), True)
             for name, kind in get_type_hints(SeatPartJSON).items()},
}


def _check_fields(where: str, data: Mapping[str, Any],
                  schema: Mapping[str, tuple[Kinds, bool]]) -> None:
    for name in data:
        if name not in schema:
            raise ValueError(f"{where}: unknown field {name!r}: expected {', '.join(schema)}")
    for name, (kinds, required) in schema.items():
        if name not in data:
            if required:
                raise ValueError(f"{where}: missing field {name!r}")
            continue
        value = data[name]
        ok = any(value is None if kind is None else
                 isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
                 for kind in kinds)
        if not ok:
            names = " or ".join("null" if k is None else k.__name__ for k in kinds)
            raise ValueError(f"{where}: field {name!r} is {shown_value(json.dumps(value))}: "
                             f"expected {names}")


def check_frame(frame: Mapping[str, Any]) -> None:
    """Check a frame the server sends against ``FRAME_SCHEMAS``; ValueError names what is
    wrong. The tests hold every frame of whole games to it."""
    kind = frame.get("type")
    if not isinstance(kind, str) or kind not in FRAME_SCHEMAS:
        raise ValueError(f"frame type {kind!r}: expected one of {', '.join(FRAME_SCHEMAS)}")
    _check_fields(kind, {k: v for k, v in frame.items() if k != "type"}, FRAME_SCHEMAS[kind])
    if kind == "state":
        for part, schema in FRAME_PARTS.items():
            _check_fields(f"state.{part}", frame[part], schema)
    if kind in ("state", "presence"):
        seats = frame["table"]["seats"] if kind == "state" else frame["seats"]
        for i, seat in enumerate(seats):
            _check_fields(f"{kind}.seats[{i}]", seat, SEAT_FIELDS)


def both_langs(key: str, **params: Any) -> dict[str, str]:
    return {lang: text(key, lang, **params) for lang in ("en", "fr")}


def error_frame(key: str, message: str, **params: Any) -> dict[str, Any]:
    """An error for the client: ``error.<key>`` (or ``key``) must be in the catalogs."""
    name = f"error.{key}" if has(f"error.{key}") else key
    texts = both_langs(name, **params) if has(name) else {"en": message, "fr": message}
    return {"type": "error", "key": key, "params": params, "message": texts}


# The engine's words among its notations (RULES.md §12.2), said in the reader's language.
MOVE_WORDS = ("draw", "pass", "none")


def _move_words(moves: str, lang: str) -> str:
    """``"6-4@1.E draw"`` as ``"6-4@1.E, piocher"`` in French."""
    return ", ".join(text(f"web.err.move_{m}", lang) if m in MOVE_WORDS else m
                     for m in moves.split())


def engine_error_frame(exc: FivesError) -> dict[str, Any]:
    """The engine's English one-line message, and the best French one its key allows."""
    params = {k: v if isinstance(v, int | float | str | bool) else str(v)
              for k, v in exc.params.items()}
    if exc.key == "illegal_move" and "move" in params and "legal" in params:
        texts = {lang: text("web.err.illegal_move", lang, **{
            **params, "move": _move_words(str(params["move"]), lang),
            "legal": _move_words(str(params["legal"]), lang)}) for lang in LANGS}
    else:
        texts = {lang: error_text(exc, lang) for lang in LANGS}
    return {"type": "error", "key": exc.key, "params": params, "message": texts}


# --- table requests ------------------------------------------------------------------------------

TIMER_CHOICES = (0, 15, 30, 60)
GRACE_CHOICES = (10, 20, 30, 60, 120)  # seconds before a bot plays for a player who left
SEAT_KINDS = ("me", "friend", "bot")
# Muggins claims (RULES.md §9 O1, fives.web.claims_window): how long bot and timer moves wait
# for a person's call, in seconds, and how the bots of a claims table count.
CALL_WINDOW_S = 5  # the default
CALL_WINDOW_MAX_S = 30
CALL_WINDOW_CHOICES = (0, 5, 10, 20, 30)  # what the start page offers
COUNTING_DEFAULT = "human"  # bots.base.HUMAN_COUNTING
# field -> (accepted Python type, required); values are then checked by parse_table_request.
TABLE_FIELDS: dict[str, tuple[type, bool]] = {
    "preset": (str, True),
    "players": (int, False),
    "partnerships": (bool, False),
    "target": (int, False),
    "timer": (int, False),
    "grace": (int, False),
    "seats": (list, True),
    "sniff": (str, False),  # RULES.md §9 O4
    "sniff_orientation_choice": (bool, False),
    "muggins_claims": (bool, False),  # RULES.md §9 O1
    "muggins_overclaim": (str, False),
    "bot_counting": (str, False),  # how the bots count under O1 (bots.base.COUNTING)
    "call_window_s": (int, False),  # seconds bots and timers wait for a person's call
}
# The refusal key and English wording of a field with the wrong type.
TABLE_FIELD_ERRORS: dict[str, tuple[str, str]] = {
    "preset": ("bad_preset", "expected one of {presets}"),
    "players": ("bad_players", "expected a whole number from 1 to 4"),
    "partnerships": ("bad_partnerships", "expected true or false"),
    "target": ("bad_target", "expected a whole number"),
    "timer": ("bad_timer", "expected one of 0 (off), 15, 30, 60 seconds"),
    "grace": ("bad_grace", "expected one of 10, 20, 30, 60, 120 seconds"),
    "sniff": ("bad_sniff", "expected none, us or british"),
    "sniff_orientation_choice": ("bad_sniff_choice", "expected true or false"),
    "muggins_claims": ("bad_muggins_claims", "expected true or false"),
    "muggins_overclaim": ("bad_overclaim", "expected void or foster_penalty"),
    "bot_counting": ("bad_counting", "expected exact or human"),
    "call_window_s": ("bad_call_window", "expected a whole number of seconds from 0 to 30"),
}
# The table request's fields that are options of the rules (RULES.md §6, §9).
RULE_FIELDS = ("players", "partnerships", "target", "sniff", "sniff_orientation_choice",
               "muggins_claims", "muggins_overclaim")


@dataclass(frozen=True, slots=True)
class TableRequest:
    """A checked table request: the config to store, and each seat's kind (me, friend, bot)."""

    config: dict[str, Any]
    kinds: list[str]


# A table's target may be at most this many times its variant's own. The presets' sources
# (RULES.md §6 and §9) play to 31 to 250 points, and the longest game they know of is twice
# round the board (121 for 61 in Fives and Threes); four times leaves room for such a long
# evening while a game still ends, and keeps every frame's scores a few digits long.
TARGET_FACTOR = 4


def check_target(rules: Any, options: dict[str, Any]) -> None:
    """A target chosen in ``options`` is from 1 to ``TARGET_FACTOR`` times the variant's own
    (the same preset and other options); ``ProtocolError`` naming the range otherwise."""
    from fives.rules import Ruleset

    if "target" not in options:
        return
    default = Ruleset.preset(rules.name, **{k: v for k, v in options.items()
                                           if k != "target"}).target
    low, high = 1, TARGET_FACTOR * default
    if not low <= rules.target <= high:
        shown = str(rules.target)[:12] + ("…" if len(str(rules.target)) > 12 else "")
        raise ProtocolError(
            f"target {shown}: expected {low} to {high} for {rules.name} (at most "
            f"{TARGET_FACTOR} times its {default})", "bad_target_range",
            value=shown, low=low, high=high,
        )


def _typed(value: Any, ftype: type) -> bool:
    return isinstance(value, ftype) and (ftype is bool or not isinstance(value, bool))


def _choice(req: dict[str, Any], name: str, choices: tuple[int, ...]) -> Any:
    """The request's ``name`` (None when not given), if it is one of ``choices``."""
    value = req.get(name)
    if value is not None and value not in choices:
        key, expected = TABLE_FIELD_ERRORS[name]
        raise ProtocolError(f"{name} {value!r}: {expected}", key, value=shown_value(value))
    return value


def claims_config(rules: Any, req: dict[str, Any]) -> dict[str, Any]:
    """Under muggins claims (RULES.md §9 O1), how the table's bots count and how long bots and
    timers wait for a person's call (``counting``, ``call_window``); these fields are refused
    at a table without claims."""
    from fives.bots.base import COUNTING

    counting, window = req.get("bot_counting"), req.get("call_window_s")
    if not rules.muggins_claims:
        for name in ("bot_counting", "call_window_s"):
            if req.get(name) is not None:
                raise ProtocolError(f"{name}: only at a table with muggins claims (set "
                                    "muggins_claims, or the preset muggins-1868)",
                                    "claims_only", field=name)
        return {}
    for name, value, ok in (("bot_counting", counting, counting is None or counting in COUNTING),
                            ("call_window_s", window, window is None
                             or 0 <= window <= CALL_WINDOW_MAX_S)):
        if not ok:
            key, expected = TABLE_FIELD_ERRORS[name]
            raise ProtocolError(f"{name} '{shown_value(value)}': {expected}", key,
                                value=shown_value(value))
    return {"counting": counting or COUNTING_DEFAULT,
            "call_window": CALL_WINDOW_S if window is None else window}


def parse_table_request(req: Any) -> TableRequest:
    """Check a table request against ``TABLE_FIELDS`` and the rules; nothing is created."""
    from fives.bots import LEVELS
    from fives.rules import PRESETS, Ruleset

    if not isinstance(req, dict):
        raise ProtocolError("expected one JSON object", "bad_json")
    allowed = sorted(TABLE_FIELDS)
    for name in req:
        if name not in TABLE_FIELDS:
            raise ProtocolError(
                f"unknown field '{shown_value(name)}': expected {', '.join(allowed)}",
                "unknown_field", field=shown_value(name), type="table", expected=", ".join(allowed),
            )
    for name, (ftype, required) in TABLE_FIELDS.items():
        value = req.get(name)
        if (value is None and not required) or name == "seats":  # seats: checked below
            continue
        if not _typed(value, ftype):
            key, expected = TABLE_FIELD_ERRORS[name]
            params: dict[str, Any] = {"value": shown_value(value)}
            if name == "preset":
                params["expected"] = ", ".join(PRESETS)
            raise ProtocolError(
                f"{name} {value!r}: {expected.format(presets=', '.join(PRESETS))}", key,
                **params,
            )
    options = {k: req[k] for k in RULE_FIELDS if req.get(k) is not None}
    rules = Ruleset.preset(req["preset"], **options)  # RulesError names what is wrong
    claims = claims_config(rules, req)
    check_target(rules, options)
    timer = _choice(req, "timer", TIMER_CHOICES) or 0
    grace = _choice(req, "grace", GRACE_CHOICES)
    seats = req.get("seats")
    if not isinstance(seats, list) or len(seats) != rules.players:
        raise ProtocolError(
            f"seats: expected a list of {rules.players} seats (one per player)", "bad_seats",
            count=rules.players,
        )
    kinds: list[str] = []
    stored: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        kind = seat.get("kind") if isinstance(seat, dict) else None
        extra = set(seat) - {"kind", "level"} if isinstance(seat, dict) else set()
        level = seat.get("level") if isinstance(seat, dict) else None
        if kind not in SEAT_KINDS or extra:
            raise ProtocolError(
                f"seat {i + 1}: {json.dumps(seat)[:60]}: expected {{\"kind\": \"me\" | "
                "\"friend\" | \"bot\", \"level\": LEVEL for a bot}",
                "bad_seat", seat=i + 1, value=json.dumps(seat)[:60],
            )
        if kind == "bot":
            if not isinstance(level, str) or level not in LEVELS:
                raise ProtocolError(
                    f"seat {i + 1}: bot level '{shown_value(level)}': expected one of "
                    f"{', '.join(LEVELS)}",
                    "bad_level", seat=i + 1, value=shown_value(level), expected=", ".join(LEVELS),
                )
            stored.append({"kind": "bot", "level": level})
        else:
            if level is not None:
                raise ProtocolError(
                    f"seat {i + 1}: a level is for bots only, not for {kind!r}", "bad_seat",
                    seat=i + 1, value=json.dumps(seat)[:60],
                )
            stored.append({"kind": "human"})
        kinds.append(kind)
    config = {"preset": rules.name, "options": options, "seats": stored, "timer": timer,
              **claims}
    if grace is not None:
        config["grace"] = grace
    return TableRequest(config, kinds)
