"""Drive a whole game of human seats over websockets (any client with ``send_json`` and a
``recv`` function), and check what a spectator saw against the stored log."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import psycopg

from web.helpers import view_of

Recv = Callable[[Any], dict[str, Any]]


def until(ws: Any, seq: int, plays: list[str], recv: Recv) -> dict[str, Any]:
    """Frames until the one of step ``seq``; the moves played in them go to ``plays``."""
    while True:
        frame = recv(ws)
        if frame["type"] == "presence":  # a seat joined or left: no step
            continue
        assert frame["type"] == "state", frame
        plays += [e["params"]["move"] for e in frame["events"] if e["kind"] in ("lead", "place")]
        if frame["seq"] >= seq:
            assert frame["seq"] == seq
            return frame


def play_to_the_end(sockets: list[Any], watch: Any, first: list[dict[str, Any]],
                    recv: Recv) -> list[str]:
    """Each seat plays its first legal move (every seat asks for the next hand) until the game is
    over; every socket must hear every step. The moves the spectator saw."""
    seen_by_watch: list[str] = []
    last = list(first)
    seq = first[0]["seq"]
    while view_of(last[0])["winner"] is None:
        view = view_of(last[0])
        if view["phase"] == "hand_over":
            for ws in sockets:  # the next hand is dealt once every seat is ready
                ws.send_json({"type": "next_hand"})
        else:
            mover = view["turn"]
            sockets[mover].send_json(
                {"type": "play", "move": view_of(last[mover])["legal_moves"][0]})
        seq += 1
        for seat, ws in enumerate(sockets):
            last[seat] = until(ws, seq, [], recv)
        until(watch, seq, seen_by_watch, recv)
    return seen_by_watch


def assert_seen_is_logged(seen: list[str], pg_url: str, table_id: str) -> None:
    """The spectator saw every placement of the log, in order (events leave out the side)."""
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT kind, payload FROM log WHERE table_id = %s ORDER BY seq",
                            (table_id,)).fetchall()
    plays = [m for m in (json.loads(p).get("move") for k, p in rows if k == "move")
             if m not in ("draw", "pass")]
    assert len(plays) > 10 and len(seen) == len(plays)
    for move, stored in zip(seen, plays, strict=True):
        assert stored == move or stored.startswith(move + "."), (move, stored)
