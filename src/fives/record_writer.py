"""The record format (RULES.md §12.3) and what the checked path keeps of a hand, with the
history and the record written from it.

``Game.play`` keeps each action raw (seat, move code, drawn tile, the open ports before it);
the public history (``Game.history``) and the record (``Game.to_record``) are written from those
entries only when first asked for. ``fives.record`` reads records back and replays them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import NamedTuple, NotRequired, TypedDict

from fives.errors import RecordError
from fives.moves import BASE_MASK, LEAD_PORT, Move
from fives.rules import OptionValue, Ruleset
from fives.tiles import TILE_BY_ID, Tile, tiles_of

FORMAT = "fives-record/1"

JSONObject = dict[str, object]  # a JSON object as read: checked field by field before use


class HandRecordJSON(TypedDict):
    """One hand of a record as ``Game.to_record`` writes it (§12.3)."""

    hands: list[list[str]]
    boneyard: list[str]
    leader: NotRequired[int]  # always written; a reader needs it only where lots choose
    actions: list[str]
    meta: NotRequired[JSONObject]


class RecordJSON(TypedDict):
    """A record as ``Game.to_record`` writes it (§12.3)."""

    format: str
    rules: str
    options: dict[str, OptionValue]
    start_scores: list[int]
    hands: list[HandRecordJSON]
    meta: NotRequired[JSONObject]


Action = tuple[int, int, int, list[int]]  # seat, move code, drawn id or -1, playable ports


class PublicAction(NamedTuple):
    """One action of the current hand as the table saw it (``tile``: the drawn tile)."""

    seat: int
    kind: str
    move: Move | None
    tile: Tile | None
    open_values: tuple[int, ...]


class HandDeal(TypedDict):
    """The deal of a hand as the record keeps it: masks and ids."""

    hands: list[int]
    boneyard: list[int]
    leader: int


class HandLog(HandDeal):
    """One hand of the record as the game keeps it (notation is written only when asked for)."""

    actions: list[Action]  # the hand's actions as ``play`` keeps them (see ``Game._actions``)
    sniff_at: int  # the action placing a sniff whose form its placer chose (§9 O4), or -1


_TEXTS: dict[int, tuple[str, str]] = {}  # move code -> (event notation, record notation)
# Event notation by placement code (the checked path's lookup; "" until first needed).
EVENT_TEXT: list[str] = [""] * ((LEAD_PORT + 1) << 6)


def texts(code: int) -> tuple[str, str]:
    """A move's notation in events (``str``) and in records (explicit port), cached by code."""
    found = _TEXTS.get(code)
    if found is None:
        move = Move.from_code(code)
        found = _TEXTS[code] = (str(move), move.notation(explicit=move.kind == "place"))
        if 0 <= code < len(EVENT_TEXT):  # not a claimed action code (see CLAIM_SHIFT)
            EVENT_TEXT[code] = found[0]
    return found


def sniff_move(code: int) -> Move:
    """The sniff's lead or placement ``code`` with the form its placer chose (bit 0: British;
    §9 O4), as events, the history and the record write it."""
    return Move.from_code(code).with_form("british" if code & 1 else "us")


def hand_log(deal: HandDeal, actions: list[Action], sniff_at: int) -> HandLog:
    """A hand's deal and actions for the record (the actions list is never changed after a hand
    is archived: the next hand starts a new one)."""
    return {"hands": deal["hands"], "boneyard": deal["boneyard"], "leader": deal["leader"],
            "actions": actions, "sniff_at": sniff_at}


def extend_history(done: list[PublicAction], actions: Sequence[Action], sniff_at: int,
                   value: Sequence[int]) -> None:
    """Append to ``done`` the public actions of ``actions`` it lacks (``value``: the layout's
    port values). Built once per action: a port's value is fixed once its tile is placed, and
    the tiles of a checked move are never taken back, so the values read now are those the
    action saw."""
    for k in range(len(done), len(actions)):
        seat, code, drawn, ends = actions[k]
        move = sniff_move(code) if k == sniff_at else Move.from_code(code)
        # The open ends in Layout.ends_list order (by node, in-line before branch).
        done.append(PublicAction(
            seat, move.kind, move if move.code >= 0 else None,
            TILE_BY_ID[drawn] if drawn >= 0 else None,
            tuple(map(value.__getitem__, sorted(ends)))))


def write_record(rules: Ruleset, start_scores: Sequence[int],
                 logs: Sequence[HandLog]) -> RecordJSON:
    """The record (§12.3) of a game of ``rules`` with these hands."""
    return {
        "format": FORMAT,
        "rules": rules.name,
        "options": rules.options(),
        "start_scores": list(start_scores),
        "hands": [
            {"hands": [[str(t) for t in tiles_of(m)] for m in log["hands"]],
             "boneyard": [str(TILE_BY_ID[i]) for i in log["boneyard"]],
             "leader": log["leader"], "actions": [
                 sniff_move(c).notation(explicit=(c & BASE_MASK) >> 6 != LEAD_PORT)
                 if k == log["sniff_at"] else texts(c)[1]
                 for k, (_, c, _, _) in enumerate(log["actions"])]}
            for log in logs
        ],
    }


def field_error(field: str, message: str) -> RecordError:
    return RecordError(f"{field}: {message}", key="record_field", field=field)


def check_meta(value: object, where: str = "meta") -> JSONObject:
    """A ``meta`` object as §12.3 allows it: a JSON object (text keys, JSON values). Replay
    ignores what it says; anything else there is an error naming the field."""
    if not isinstance(value, dict):
        raise field_error(where, f"expected an object (names and values), got {value!r:.60}")
    bad = [k for k in value if not isinstance(k, str)]
    if bad:
        raise field_error(where, f"key {bad[0]!r} is not text")
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise field_error(where, f"holds a value JSON cannot carry ({exc})") from None
    return value


def add_meta(
    record: RecordJSON,
    meta: Mapping[str, object] | None = None,
    hand_meta: Sequence[Mapping[str, object] | None] | Mapping[int, Mapping[str, object]]
    | None = None,
) -> RecordJSON:
    """Put ``meta`` objects into a record (§12.3): ``meta`` at the top level, ``hand_meta`` per
    hand (a list aligned with the hands, ``None`` for none, or a mapping of 0-based hand
    indexes). Checked first: a bad value raises ``RecordError`` and changes nothing."""
    top = (check_meta(dict(meta) if isinstance(meta, Mapping) else meta, "meta")
           if meta is not None else None)
    hands = record.get("hands", [])
    per_hand: dict[int, JSONObject] = {}
    if hand_meta is not None:
        items = (hand_meta.items() if isinstance(hand_meta, Mapping)
                 else enumerate(hand_meta))
        for k, value in items:
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(hands):
                raise field_error("hand_meta", f"no hand {k!r} in a record of "
                                   f"{len(hands)} hand(s)")
            if value is not None:
                per_hand[k] = check_meta(dict(value) if isinstance(value, Mapping) else value,
                                         f"hands[{k}].meta")
    if top is not None:
        record["meta"] = top
    for k, value in per_hand.items():
        hands[k]["meta"] = value
    return record
