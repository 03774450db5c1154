"""What a table tells of its deals: its game record (RULES.md §12.3) with the table, the seats
and the day in its meta and each finished hand's revealed seed, and the current hand's
commitment (``fives.web.fairdeal``)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from fives.dealing import Deal
from fives.game import Game
from fives.record_writer import RecordJSON
from fives.tiles import Tile
from fives.web.table_types import SeatConfig


def table_record(table_id: str, number: int, seats: Sequence[SeatConfig],
                 deals: Sequence[dict[str, Any]], game: Game, now: float) -> RecordJSON:
    """Game ``number`` of the table, whose hands were dealt from ``deals`` (the log's deal
    payloads, in order); a hand's seed shows once that hand is over."""
    record = game.to_record()
    # What a reader wants to know (RULES.md §12.3 meta): the table and game, who sat where
    # (a person, or a bot and its level) and the day it was written (UTC).
    record["meta"] = {
        "table": table_id, "game": number,
        "seats": [{"kind": s.kind, **({"level": s.level} if s.level else {})} for s in seats],
        "date": time.strftime("%Y-%m-%d", time.gmtime(now)),
    }
    for i, (hand, payload) in enumerate(zip(record["hands"], deals, strict=False)):
        if "commitment" not in payload:
            continue
        over = i < len(deals) - 1 or game.phase_name != "play"
        hand["meta"] = {"deal": {"commitment": payload["commitment"],
                                 "seed": payload["seed"] if over else None}}
    return record


def hand_commitment(table_id: str, game_no: int, deals: Sequence[dict[str, Any]],
                    game: Game) -> dict[str, Any] | None:
    """The current hand's commitment (``deals``: this game's deal payloads so far); once the
    hand is over, its seed and dealt tiles too (``fives.web.fairdeal``)."""
    if not deals:
        return None
    payload = deals[-1]
    if "commitment" not in payload:
        return None  # a deal stored before deals were committed to
    out: dict[str, Any] = {
        "table": table_id, "game": game_no, "hand": len(deals),
        "commitment": payload["commitment"], "seed": None,
    }
    if game.phase_name != "play":
        out.update(seed=payload["seed"], hands=payload["hands"], boneyard=payload["boneyard"])
    return out


def parse_deal(hands: Sequence[Sequence[str]], boneyard: Sequence[str]) -> Deal:
    """The deal of a log's deal payload (each seat's tiles and the boneyard, as text)."""
    return Deal(tuple(tuple(Tile.parse(t) for t in hand) for hand in hands),
                tuple(Tile.parse(t) for t in boneyard))
