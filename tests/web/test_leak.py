"""Hidden information stays hidden: take every frame sent to every seat and spectator during
full games of every preset, and check that no tile appears in a frame before the rules show it
to that recipient (own hand, the layout, the reveal at the end of a hand). What each recipient
may know at a frame's seq comes from replaying the table's log up to that seq."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from fives.projection import seat_part
from fives.rules import PRESETS
from fives.web.fairdeal import commitment, deal_from_seed
from fives.web.service import TableService
from fives.web.storage import LogEntry

from .helpers import create, recv, seat_tokens, tiles_in, token_of, view_of

GAMES = [(preset, 1 if preset == "five-up-solitaire" else 2) for preset in PRESETS] + [
    ("five-up", 4), ("all-fives", 3), ("all-fives", 4), ("multiples-of-five", 4),
    ("multiples-of-five", 3), ("muggins-1868", 3),  # muggins claims (RULES.md §9 O1)
]
# Shorter games where random play takes long to finish (the frames are the same kind).
TARGETS = {("five-up", 4): 21, ("five-up", 2): 31}


def known_to(table: TableService, seat: int | None) -> set[str]:
    """The tiles ``seat`` (None: a spectator) may know at the table's seq, from its game."""
    game = table.game
    assert game is not None
    known = {node["tile"] for node in game.layout.to_json()["nodes"]}
    if seat is not None:
        known |= {str(t) for t in game.hand(seat)}
    end = game.last_hand_end
    if game.phase_name != "play" and end is not None:
        known |= {tile for hand in end.reveal_json()["hands"] for tile in hand}
        known |= {t for hand in end.hands for t in map(str, hand)}
    return {tiles for t in known for tiles in tiles_in(t)}


def timeless(public: dict[str, Any]) -> dict[str, Any]:
    """The public part without what depends on the time (and who is connected): the seconds
    left to act, and those before the table stops waiting for a muggins call."""
    out = {k: v for k, v in public.items() if k != "deadline"}
    if out["call_window"] is not None:
        out["call_window"] = {k: v for k, v in out["call_window"].items() if k != "closes_in"}
    return out


def leaks(frame: dict[str, Any], known: set[str]) -> set[str]:
    return tiles_in(json.dumps(frame)) - known


def test_the_checker_finds_a_planted_tile() -> None:
    frame = {"seat": {"hand": ["6-3"]}, "public": {"layout": {"nodes": [{"tile": "5-5"}]}},
             "events": [{"kind": "place", "params": {"move": "4-1@2.out"}}]}
    assert leaks(frame, {"6-3", "5-5"}) == {"4-1"}
    assert leaks(frame, {"6-3", "5-5", "4-1"}) == set()


class Replayer:
    """The table as the log says it was at each seq."""

    def __init__(self, table_id: str, config: dict[str, Any], entries: list[LogEntry]) -> None:
        self.entries = entries
        self.table_id, self.config = table_id, config
        self.service = TableService(table_id, config)

    def at(self, seq: int) -> TableService:
        if self.service.seq > seq:
            self.service = TableService(self.table_id, self.config)
        while self.service.seq < seq:
            self.service.replay([self.entries[self.service.seq]])
        return self.service


@pytest.mark.parametrize(("preset", "players"), GAMES)
@pytest.mark.slow  # tens of seconds: whole games, the fast suite leaves it out
def test_no_frame_shows_a_hidden_tile(make_client: Any, preset: str, players: int) -> None:
    client = make_client()
    target = {"target": TARGETS[preset, players]} if (preset, players) in TARGETS else {}
    created = create(client, preset=preset, players=players, **target,
                     seats=[{"kind": "me"}] + [{"kind": "friend"}] * (players - 1))
    tokens = seat_tokens(created)
    sockets: list[Any] = []
    received: dict[int, list[dict[str, Any]]] = {}
    # One join at a time (in the shared mode, sockets on two processes could otherwise be
    # joined in either order): the joiner gets its view, every earlier socket a presence
    # message (the seats only, no tile; a spectator's join sends none).
    for token in [*tokens, token_of(created["watch"])]:
        assert token is not None
        ws = client.websocket_connect("/ws")
        ws.__enter__()
        client.open_sockets = [*getattr(client, "open_sockets", []), ws]
        ws.send_json({"type": "join", "token": token})
        received[len(sockets)] = [recv(ws)]
        if len(sockets) < len(tokens):
            for earlier in sockets:
                presence = recv(earlier)
                assert presence["type"] == "presence" and set(presence) == {
                    "type", "seq", "seats"}, presence
        sockets.append(ws)

    def drain(count: int) -> None:
        for i, ws in enumerate(sockets):
            for _ in range(count):
                frame = recv(ws)
                assert frame["type"] == "state", frame
                received[i].append(frame)

    rng = random.Random(f"{preset}/{players}")
    claims = preset == "muggins-1868"
    actions = 0
    while True:
        view = view_of(received[0][-1])
        if view["phase"] == "game_over":
            break
        if view["phase"] == "hand_over":  # each seat in turn: the last one deals
            seats = received[0][-1]["table"]["seats"]
            sockets[next(i for i, s in enumerate(seats) if not s["ready"])].send_json(
                {"type": "next_hand"})
        else:
            seat = view["turn"]
            callers = [i for i in range(players) if received[i][-1]["seat"]["muggins"]]
            if callers and rng.random() < 0.3:  # under claims, a call now and then
                sockets[rng.choice(callers)].send_json({"type": "muggins"})
            else:
                move = rng.choice(received[seat][-1]["seat"]["legal_moves"])
                message = {"type": "play", "move": move["notation"]}
                if claims and move["kind"] in ("lead", "place"):
                    message["claim"] = rng.randrange(0, 30)
                sockets[seat].send_json(message)
        drain(1)
        actions += 1
        assert actions < 5000
    storage = client.app.state.server.storage
    table_id = created["table"]
    config = client.app.state.server.tables[table_id].service.config
    replayer = Replayer(table_id, config, storage.log(table_id))
    problems: list[str] = []
    revealed_seen = 0
    for i in range(len(sockets)):
        seat = i if i < players else None
        for frame in received[i]:
            table = replayer.at(frame["seq"])
            assert table.game is not None
            # the log's own state, as the projection shows it to this seat
            assert frame["seat"] == seat_part(table.game, seat)
            assert timeless(frame["public"]) == timeless(table.public())
            if claims:  # what a move would score is for its player to count and claim
                assert all(m["points"] is None and m["total"] is None
                           for m in frame["seat"]["legal_moves"]), frame["seat"]
                if view_of(frame)["phase"] == "play":  # and so is the count (issue 40)
                    layout = frame["public"]["layout"]
                    if layout["total"] is not None or layout["parts"] or any(
                            e["counted"] is not None for e in layout["open_ends"]) or any(
                            "total" in e["params"] or "parts" in e["params"]
                            for e in frame["events"]):
                        problems.append(f"seat {seat} got the count in frame {frame['seq']}")
            else:
                assert frame["public"]["call_window"] is None
            known = known_to(table, seat)
            deal = frame["deal"]
            if deal is not None and deal["seed"] is not None:
                # After the hand its seed is revealed, and with it the whole deal it made.
                assert view_of(frame)["phase"] != "play"
                assert commitment(deal["seed"], table_id, deal["game"], deal["hand"]) == \
                    deal["commitment"]
                hands, boneyard = deal_from_seed(deal["seed"], players, table.rules.hand_size)
                assert (hands, boneyard) == (deal["hands"], deal["boneyard"])
                known |= {t for tiles in [*hands, boneyard] for t in tiles_in(" ".join(tiles))}
            extra = leaks(frame, known)
            if extra:
                problems.append(f"seat {seat} saw {sorted(extra)} in frame {frame['seq']}")
            if frame["public"]["reveal"] is not None:
                revealed_seen += 1
            for event in frame["events"]:  # each score is explained by the ends that make it
                p = event["params"]
                if event["kind"] in ("lead", "place") and p["points"] and "total" in p and (
                        sum(x["value"] * x["times"] for x in p["parts"]) != p["total"]):
                    problems.append(f"play {p['move']} explained as {p['parts']}")
            if deal is not None and view_of(frame)["phase"] == "play":
                assert deal["seed"] is None and "hands" not in deal
    assert not problems, problems[:5]
    assert revealed_seen > 0
    for ws in sockets:
        ws.__exit__(None, None, None)
    client.open_sockets = []
