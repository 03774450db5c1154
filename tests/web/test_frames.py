"""Each seat's frame is built once per action for all seats (``TableService.encode_frames``):
it must say exactly what the one-seat reference (``TableService.frame_for``) says, and never
show a seat a tile it may not see."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from fives.tiles import Tile
from fives.web import fairdeal
from fives.web.protocol import ProtocolError, check_frame
from fives.web.service import TableService
from fives.web.storage import LogEntry
from fives.web.table_types import Entry

from .helpers import tiles_in

CONFIGS: list[dict[str, Any]] = [
    {"preset": "five-up", "options": {"players": 4}, "timer": 15},
    {"preset": "all-fives", "options": {"players": 3}, "timer": 0},
    {"preset": "muggins-1864", "options": {"players": 2}, "timer": 30},
    {"preset": "five-up-solitaire", "options": {}, "timer": 0},
]


def _next_entry(service: TableService, rng: random.Random) -> Entry:
    game = service.game
    assert game is not None
    if game.phase_name == "play":
        legal = [m.notation(explicit=True) for m in game.view(game.turn).legal_moves]
        return service.check_play(game.turn, rng.choice(legal))
    kind = "next_hand" if game.phase_name == "hand_over" else "rematch"
    # Every human seat says it (the next deal waits for all of them); the last one's gives it.
    for seat in range(game.players):
        entry = service.check_command(seat, kind, {})
        if entry is not None:
            return entry
    raise AssertionError(f"{kind} from every seat gave no entry")


def _hidden_from(service: TableService, seat: int | None) -> set[str]:
    """The tiles ``seat`` may not see now: the others' hands and the boneyard (until the hand
    is over, when the reveal makes them public)."""
    game = service.game
    assert game is not None
    if game.phase_name != "play":
        return set()
    hidden = {str(t) for other in range(game.players) if other != seat
              for t in game.hand(other)}
    return hidden | {str(Tile.from_id(i)) for i in game.boneyard_ids}


def _tiles_shown(frame: dict[str, Any]) -> set[str]:
    """The tiles a frame names (its whole text read for tiles: hands, draws, the reveal)."""
    return tiles_in(json.dumps(frame))


@pytest.mark.parametrize("config", CONFIGS, ids=[str(c["preset"]) for c in CONFIGS])
def test_frames_built_once_say_what_each_seat_s_own_frame_says(config: dict[str, Any]) -> None:
    now = [1000.0]
    players = config["options"].get("players", 1)
    service = TableService("t", {**config, "seats": [{"kind": "human"}] * players},
                           clock=lambda: now[0])
    service.apply(service.first_deal(), 1, now[0])
    seats: list[int | None] = [*range(players), None]
    rng = random.Random(players)
    draws_seen = 0
    for step in range(200):
        events = service.recent[-3:]
        texts = service.encode_frames(set(seats), events, full=step % 7 == 0)
        for seat in seats:
            frame = json.loads(texts[seat])
            check_frame(frame)
            reference = service.frame_for(seat, events)
            if step % 7 == 0:
                reference["full"] = True
            assert frame == reference
            assert not _tiles_shown(frame) & _hidden_from(service, seat)
            draws_seen += len(frame["seat"]["drawn"])
        now[0] += 1.5
        service.apply(_next_entry(service, rng), service.seq + 1, now[0])
    assert draws_seen > 0  # own draws (with their tiles) were among the frames compared


def test_the_outgoing_schema_refuses_a_frame_that_breaks_it() -> None:
    service = TableService("t", {"preset": "five-up", "options": {"players": 2}, "timer": 0,
                                 "seats": [{"kind": "human"}] * 2})
    service.apply(service.first_deal(), 1, 1000.0)
    good = json.loads(service.full_frame(0))
    check_frame(good)
    check_frame({"type": "pong"})
    broken: list[tuple[dict[str, Any], str]] = [
        ({**good, "secret": 1}, "unknown field 'secret'"),
        ({k: v for k, v in good.items() if k != "seq"}, "missing field 'seq'"),
        ({**good, "seq": "7"}, "field 'seq' is \"7\": expected int"),
        ({**good, "seq": True}, "expected int"),
        ({**good, "you": 0.5}, "expected int or null"),
        ({**good, "public": {**good["public"], "boneyard": []}}, "state.public: unknown field"),
        ({**good, "seat": {k: v for k, v in good["seat"].items() if k != "hand"}},
         "state.seat: missing field 'hand'"),
        ({**good, "public": {**good["public"], "turn": "0"}}, "field 'turn' is \"0\""),
        ({**good, "table": {**good["table"], "id": None}}, "state.table: field 'id'"),
        ({"type": "status"}, "frame type 'status'"),
        ({"type": "pong", "x": 1}, "pong: unknown field 'x'"),
    ]
    for frame, said in broken:
        with pytest.raises(ValueError, match=re.escape(said)):
            check_frame(frame)


def test_connections_get_their_seat_s_frame() -> None:
    service = TableService("t", {"preset": "five-up", "options": {"players": 2}, "timer": 0,
                                 "seats": [{"kind": "human"}] * 2})
    service.apply(service.first_deal(), 1, 1000.0)
    for conn, seat in ((1, 0), (2, 1), (3, None), (4, 0)):
        service.join(conn, seat)
    frames = service.frames([], skip=2)
    assert set(frames) == {1, 3, 4}
    assert frames[1] == frames[4]
    assert [json.loads(frames[c])["you"] for c in (1, 3)] == [0, None]


def test_a_table_rebuilt_from_its_log_sends_the_same_frames() -> None:
    """``replay`` explains only the current hand's moves; the frames are the same."""
    config = {"preset": "five-up", "options": {"players": 4}, "timer": 0,
              "seats": [{"kind": "human"}] * 4}
    live = TableService("t", config, clock=lambda: 1000.0)
    log: list[LogEntry] = []
    rng = random.Random(7)
    entry = live.first_deal()
    while len(log) < 120 or live.recent == []:
        log.append(LogEntry(len(log) + 1, entry.kind, entry.payload, 1000.0))
        live.apply(entry, len(log), 1000.0)
        entry = _next_entry(live, rng)
    assert sum(e.kind == "deal" for e in log) > 1
    rebuilt = TableService("t", config, clock=lambda: 1000.0)
    rebuilt.replay(log)
    seats: set[int | None] = {0, 1, 2, 3, None}
    assert rebuilt.recent == live.recent
    assert rebuilt.encode_frames(seats, [], full=True) == live.encode_frames(seats, [], full=True)


def test_frames_after_undos_carry_the_history_as_it_is_now(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand's history is encoded once per entry and kept (``history_text``); an undo
    rebuilds the game, and the next frames must not carry the entries taken back: not when
    built at once, nor when moves made since (no frame built in between, as in a replay)
    bring the hand back to as many entries as were kept."""
    config = {"preset": "five-up", "options": {"players": 2}, "timer": 0,
              "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}
    rng = random.Random(3)
    monkeypatch.setattr(fairdeal, "new_seed", lambda: rng.randbytes(fairdeal.SEED_BYTES).hex())
    service = TableService("t", config, clock=lambda: 1000.0)
    service.apply(service.first_deal(), 1, 1000.0)
    seats: set[int | None] = {0, 1, None}

    def step() -> None:
        game = service.game
        assert game is not None
        if game.phase_name == "play":
            legal = [m.notation(explicit=True) for m in game.view(game.turn).legal_moves]
            by = "seat" if game.turn == 0 else "bot"
            entry = Entry("move", {"move": rng.choice(legal), "by": by})
        else:
            entry = _next_entry(service, rng)
        service.apply(entry, service.seq + 1, 1000.0)

    def frames_agree() -> list[Any]:
        texts = service.encode_frames(seats, [])
        for seat in seats:
            assert json.loads(texts[seat]) == service.frame_for(seat, [])
        history: list[Any] = json.loads(texts[0])["public"]["history"]
        return history

    checked = {"at_once": 0, "caught_up": 0}
    for _ in range(400):
        step()
        game = service.game
        assert game is not None
        if game.phase_name != "play" or game.turn != 0 or len(game.history) < 4:
            frames_agree()
            continue
        try:
            undo = service.check_undo(0)
        except ProtocolError:  # nothing of the player's to take back yet
            continue
        kept = frames_agree()
        hand = game.hand_number
        service.apply(undo, service.seq + 1, 1000.0)
        if sum(checked.values()) % 2:  # frames at once: fewer entries than were kept
            assert len(frames_agree()) < len(kept)
            checked["at_once"] += 1
            continue
        while service.game is not None and service.game.phase_name == "play" and \
                service.game.hand_number == hand and len(service.game.history) < len(kept):
            step()
        if service.game is not None and service.game.hand_number == hand and \
                len(service.game.history) >= len(kept):
            frames_agree()  # the game's history, not the one kept before the undo
            checked["caught_up"] += 1
    assert checked["at_once"] >= 3 and checked["caught_up"] >= 3, checked


def test_earlier_games_are_kept_compressed_and_given_back_whole() -> None:
    """A table that rematches for hours keeps every earlier game's record: compressed, at a
    third of its JSON or less, and downloadable as it was when the game ended."""
    config = {"preset": "five-up", "options": {"players": 2}, "timer": 0,
              "seats": [{"kind": "human"}] * 2}
    service = TableService("t", config, clock=lambda: 1000.0)
    rng = random.Random(11)
    entry, seq = service.first_deal(), 0
    records: list[dict[str, Any]] = []
    while service.game_no < 3:
        seq += 1
        game_no = service.game_no
        service.apply(entry, seq, 1000.0)
        if service.game_no == game_no and service.is_finished and len(records) < game_no:
            records.append(dict(service.record(game_no)))  # as offered when the game ended
        entry = _next_entry(service, rng)
    assert len(service.finished) == 2
    for number, record in enumerate(records, 1):
        assert service.record(number) == record
        text = json.dumps(record, separators=(",", ":")).encode()
        assert len(service.finished[number - 1]) * 3 <= len(text)


def test_an_earlier_game_s_record_is_dated_by_its_last_action_even_after_a_restart() -> None:
    """The table is played on one day and rebuilt from its log on another: the first game's
    record keeps the day its last action was played, before and after the rebuild."""
    config = {"preset": "five-up", "options": {"players": 2}, "timer": 0,
              "seats": [{"kind": "human"}] * 2}
    played_on, rebuilt_on = 86400.0 * 10, 86400.0 * 400  # 1970-01-11 and 1971-02-05
    live = TableService("t", config, clock=lambda: played_on + 86400 * 2)  # read days later
    log: list[LogEntry] = []
    rng = random.Random(5)
    entry = live.first_deal()
    while live.game_no < 2:
        log.append(LogEntry(len(log) + 1, entry.kind, entry.payload, played_on))
        live.apply(entry, len(log), played_on)
        entry = _next_entry(live, rng)
    assert live.record(1)["meta"]["date"] == "1970-01-11"
    rebuilt = TableService("t", config, clock=lambda: rebuilt_on)
    rebuilt.replay(log)
    assert rebuilt.record(1) == live.record(1)
