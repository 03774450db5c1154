"""The table service: one table's rules of play, with no sockets, no asyncio and no storage.

Commands in, log entries and per-seat frames out:

- ``check_*`` methods take a client's (or a bot's, or the clock's) intention and return the
  ``Entry`` to append to the table's log, or raise ``ProtocolError`` / ``FivesError``; nothing
  changes. ``first_deal`` gives a new table's first entry.
- once the runtime has stored the entry durably (``Storage.append``, keyed by table and seq),
  ``apply`` plays it through the engine and returns the frame of every connection (each seat's
  own view, encoded once per seat) with the public explanation of what happened.
- ``join`` / ``leave`` track who is connected (connections are plain ids) and return the frames
  that tell them and the others: the joiner's full view, and for the others a small
  ``presence`` message when a seat came or went (nothing when a spectator did). What the
  people at the table say to each other and that no replay needs (each seat's nickname,
  "ready for the next hand", a rematch offer, when a bot takes the seat of a player who
  left) is kept here in memory, and shown in ``meta``.
- Together: the next hand is dealt once every connected human seat pressed "Next hand" (bots
  and seats whose player left are ready at once), or ``Policy.hand_break`` seconds after the
  first press; a rematch starts once every connected human seat offered or accepted it.
- A seat whose player left (its last connection closed) gets a stand-in after the table's
  grace (``config["grace"]``, else ``Policy.away_grace``), shown to the others as a countdown;
  another player may cut it short ("bot_now"); the seat's link takes it back at any time.
- Against bots only (every other seat a bot): ``check_undo`` takes the player back before
  their last placement, as an "undo" entry of the log (the log stays append-only and replays),
  and ``hint_view`` gives what a bot needs to advise them.
- ``wake`` is what must happen next without a client, as data: a bot's move, a turn timer, a
  stand-in for a player who left, or the next deal of an all-bot table, each with its time and
  the seq it was computed for. A table of bots alone plays only while someone watches it, and
  stops for good after ``MAX_BOT_TABLE_SEQ`` entries. The runtime sleeps until then, asks a
  bot process when a move is needed, and hands the answer back through ``check_wake``; a
  stale wake is refused there.
- Under muggins claims (RULES.md §9 O1) a ``play`` carries its claim and a ``muggins``
  command calls (``fives.web.claims_window``); the bots claim as the table's counting says.
- ``replay`` rebuilds the table from its log, which is how a restarted or reloading process
  gets it back. Every deal is drawn from a secret seed committed to before the hand and
  revealed after it (``fives.web.fairdeal``).
"""

from __future__ import annotations

import json
import random
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import orjson

from fives.game import Game
from fives.projection import explain_events, public_history_entry, public_part, seat_part
from fives.record_writer import PublicAction, RecordJSON
from fives.rules import Ruleset
from fives.views import SeatView
from fives.web import fairdeal, table_wakes
from fives.web.claims_window import (
    bot_call,
    call_move,
    claimed_move,
    closes_in,
    hold_until,
)
from fives.web.protocol import CALL_WINDOW_S, COUNTING_DEFAULT, ProtocolError, encode, shown_value
from fives.web.table_record import hand_commitment, parse_deal, table_record
from fives.web.table_types import (
    STAND_IN_LEVEL,
    BotTurn,
    ConnId,
    Entry,
    Frames,
    Played,
    Policy,
    SeatConfig,
    Wake,
)

_encode = encode


@dataclass
class TableService:
    """One table: its config, its game rebuilt from the log, and who is connected."""

    id: str
    config: dict[str, Any]
    policy: Policy = field(default_factory=Policy)
    clock: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        self.rules = Ruleset.preset(self.config["preset"], **self.config["options"])
        self.seats = [SeatConfig(s["kind"], s.get("level")) for s in self.config["seats"]]
        self.timer: int = self.config["timer"]
        self.grace: float = float(self.config.get("grace", self.policy.away_grace))
        self.game: Game | None = None
        # Records of this table's earlier games, as compressed JSON: a table that rematches for
        # hours keeps each game in about 5 KB (15 to 40 KB of JSON, 100 KB of Python objects).
        self.finished: list[bytes] = []
        self.deals: list[list[dict[str, Any]]] = []  # per game, each hand's deal payload
        self.game_no = 0
        self.seq = 0
        self.last_at = self.clock()
        self.recent: list[dict[str, Any]] = []  # public explanations of this hand's actions
        self.connections: dict[ConnId, int | None] = {}  # connection -> seat (None: spectator)
        self.seen: set[int] = set()  # seats that connected since this table was loaded
        self.wake: Wake | None = None
        self.moves: list[list[Played]] = []  # the current game's moves, hand by hand
        self.match: list[int] = [0] * self.rules.sides  # games won by each side at this table
        # Said at the table, never logged (see the module doc).
        self.names: dict[int, str] = {}
        self.away: dict[int, float] = {}  # seat -> when a bot takes it (its player left)
        self.ready: set[int] = set()  # seats that pressed "Next hand" in this break
        self.ready_at: float | None = None  # when the first of them did
        self.offers: set[int] = set()  # seats that offered or accepted a rematch
        # Muggins claims (§9 O1): how the bots count, how long a person's call is waited for,
        # and the seq at which the bots not to move were last asked to call.
        self.counting: str = self.config.get("counting", COUNTING_DEFAULT)
        self.call_window: float = float(self.config.get("call_window", CALL_WINDOW_S))
        self.calls_asked = -1
        # ``history_text``'s kept entries: the JSON text of each, and the last one encoded.
        self._history_texts: list[bytes] = []
        self._history_last: PublicAction | None = None
        self.bot_levels = {i: s.level or STAND_IN_LEVEL for i, s in enumerate(self.seats)
                           if s.kind == "bot"}

    # --- rebuilding -------------------------------------------------------------------------

    def replay(self, entries: list[Any]) -> None:
        """Apply stored log entries (``LogEntry``) in order, without frames. Only the current
        hand's moves are explained (``recent``: each deal starts it anew), which makes
        rebuilding a long-lived table about twice as fast."""
        current = max((i for i, e in enumerate(entries) if e.kind == "deal"), default=0)
        for i, entry in enumerate(entries):
            self._apply(entry.kind, entry.payload, explain=i > current)
            self.seq = entry.seq
            self.last_at = entry.at
        self._reschedule()

    def _apply(self, kind: str, payload: dict[str, Any], explain: bool = True) -> None:
        if kind == "deal":
            deal = parse_deal(payload["hands"], payload["boneyard"])
            leader = payload.get("leader")
            if payload.get("new_game") or self.game is None:
                if self.game is not None:  # a rematch: the finished game stays downloadable
                    self.finished.append(zlib.compress(
                        encode(self._record_of(self.game, self.game_no)).encode(), 6))
                    self.deals[-1] = []  # in its record now
                self.game = Game(self.rules, deal=deal, leader=leader, rng=random.Random(0))
                self.game_no += 1
                self.deals.append([])
                self.moves = []
            else:
                assert self.game is not None
                self.game.next_hand(deal=deal, leader=leader)
            self.deals[-1].append(payload)
            self.moves.append([])
            self.recent = []
            self.ready, self.ready_at, self.offers = set(), None, set()
            return
        if kind == "move":
            self._play(payload["move"], payload.get("by", "seat"), explain)
            return
        if kind == "undo":
            self._undo(int(payload["keep"]))
            return
        raise ValueError(f"unknown log entry kind {kind!r}")

    def _play(self, move: str, by: str, explain: bool) -> None:
        game = self.game
        assert game is not None
        parsed = game.parse_move(move)
        seat = parsed.caller if parsed.kind == "muggins" else game.turn
        before = list(game.scores)
        events = game.play(parsed)
        self.moves[-1].append((seat, move, by))
        if game.is_over and game.winner is not None:
            self.match[game.winner] += 1
        if explain:
            self._explain(events, by, before)

    def _undo(self, keep: int) -> None:
        """The current game rebuilt from its deals and moves, the current hand's first
        ``keep`` moves only (an undo entry of the log)."""
        deals, moves = self.deals[-1], self.moves
        if not 0 <= keep <= len(moves[-1]):
            raise ValueError(f"undo to move {keep} of a hand of {len(moves[-1])}")
        kept = moves[-1][:keep]
        for number, payload in enumerate(deals):
            deal = parse_deal(payload["hands"], payload["boneyard"])
            if number == 0:
                self.game = Game(self.rules, deal=deal, leader=payload.get("leader"),
                                 rng=random.Random(0))
            else:
                assert self.game is not None
                self.game.next_hand(deal=deal, leader=payload.get("leader"))
            if number < len(deals) - 1:
                for _, move, _ in moves[number]:
                    self.game.play(self.game.parse_move(move))
        self.moves[-1] = []
        self.recent = []
        for _, move, by in kept:
            self._play(move, by, explain=True)

    def _explain(self, events: list[Any], by: str, before: list[int]) -> None:
        """The projection's public entries for what an action caused (``before``: the scores
        before it), the action's own marked with who played it (``by``: the seat, its turn
        timer, or a stand-in for a player away)."""
        assert self.game is not None
        for entry in explain_events(self.game, events, before):
            item: dict[str, Any] = dict(entry)
            if entry["kind"] not in ("hand_end", "game_end"):
                item["by"] = by
            self.recent.append(item)

    # --- commands: each returns the entry to store, or raises; nothing changes --------------

    def check_play(self, seat: int, move_text: str, by: str = "seat",
                   claim: Any = None, client: bool = False) -> Entry:
        """A move of the seat to play (``client``: a client's, whose claim comes apart and
        is checked by ``claims_window.claimed_move``)."""
        game = self.game
        shown = shown_value(move_text)
        if game is None or game.phase_name != "play":
            raise ProtocolError(
                f"move '{shown}' refused: the hand is over", "hand_is_over", move=shown
            )
        if game.turn != seat:
            raise ProtocolError(
                f"move '{shown}' refused: it is seat {game.turn + 1}'s turn, not yours",
                "not_your_turn", move=shown, turn=game.turn + 1,
            )
        if client:
            move_text = claimed_move(game, move_text, claim)
        move = game.parse_move(move_text)  # FivesError when malformed or illegal
        return Entry("move", {"move": move.notation(explicit=True), "by": by})

    def check_command(self, seat: int | None, kind: str, fields: dict[str, Any]) -> Entry | None:
        """A client's ``play``, ``muggins``, ``next_hand``, ``rematch``, ``bot_now`` or ``undo``
        (the protocol checked its shape): the entry to store, or None when the command only
        changed what the table says (a seat ready, an offer, a stand-in now): then every
        connection gets ``frames([])``. Refused commands raise and change nothing."""
        if seat is None:
            raise ProtocolError("spectators watch: they cannot play", "spectator")
        game = self.game
        assert game is not None
        if kind in ("play", "muggins"):
            if self.seats[seat].kind == "bot":
                raise ProtocolError("this seat is played by a bot", "bot_seat")
            if kind == "play":
                return self.check_play(seat, fields["move"], claim=fields.get("claim"),
                                       client=True)
            call = call_move(game, seat)
            game.parse_move(call)  # the engine agrees (FivesError otherwise)
            return Entry("move", {"move": call, "by": "seat"})
        if kind == "next_hand":
            if game.phase_name != "hand_over":
                raise ProtocolError(
                    f"no next hand now: the game is in phase {game.phase_name!r}",
                    "not_hand_over", phase=game.phase_name,
                )
            if self.all_agree(self.ready | {seat}):  # the deal resets who was ready
                return self.next_deal(new_game=False)
            if self.ready_at is None:
                self.ready_at = self.clock()
            self.ready.add(seat)
            self._reschedule()
            return None
        if kind == "rematch":
            if not game.is_over:
                raise ProtocolError("a rematch starts once the game is over", "not_game_over")
            if self.all_agree(self.offers | {seat}):
                return self.next_deal(new_game=True)
            self.offers.add(seat)
            return None
        if kind == "bot_now":
            away = fields["seat"]
            if not isinstance(away, int) or away not in self.away:
                raise ProtocolError(
                    f"seat {json.dumps(away)[:12]}: expected the seat of a player who left",
                    "not_away", seat=json.dumps(away)[:12])
            self.away[away] = min(self.away[away], self.clock())
            self._reschedule()
            return None
        if kind == "undo":
            return self.check_undo(seat)
        raise ProtocolError(f"unknown command {kind!r}", "unknown_type", value=kind,
                            expected="play, muggins, next_hand, rematch, bot_now, undo")

    def _humans_here(self) -> set[int]:
        """The human seats whose player is at the table now (the others do not hold it up)."""
        return {s for s in self.connections.values()
                if s is not None and self.seats[s].kind == "human" and s not in self.away}

    def all_agree(self, said: set[int]) -> bool:
        return self._humans_here() <= said

    def _alone_with_bots(self, seat: int, what: str) -> None:
        if self.rules.muggins_claims:  # a hint would count for the player, an undo probe it
            raise ProtocolError(f"no {what} under muggins claims: you count your own points",
                                f"{what}_claims")
        if any(s.kind != "bot" for i, s in enumerate(self.seats) if i != seat):
            raise ProtocolError(f"{what} only where every other seat is a bot",
                                f"{what}_with_people")

    def check_undo(self, seat: int) -> Entry:
        """Back before this seat's last placement of this hand (and what followed it)."""
        game = self.game
        assert game is not None
        self._alone_with_bots(seat, "undo")
        if game.phase_name != "play":  # the hand's tiles are revealed: no going back
            raise ProtocolError("no undo once the hand is over", "undo_hand_over")
        mine = [i for i, (who, move, by) in enumerate(self.moves[-1])
                if who == seat and by == "seat" and move not in ("draw", "pass")]
        if not mine:
            raise ProtocolError("nothing to undo in this hand", "undo_nothing")
        return Entry("undo", {"seat": seat, "keep": mine[-1]})

    def hint_view(self, seat: int | None) -> SeatView:
        """The view a bot advises this seat on (its turn, against bots only)."""
        game = self.game
        if seat is None:
            raise ProtocolError("spectators watch: they cannot play", "spectator")
        assert game is not None
        self._alone_with_bots(seat, "hint")
        if game.phase_name != "play" or game.turn != seat:
            raise ProtocolError("a hint is for your turn", "hint_not_your_turn")
        return game.view(seat)

    def first_deal(self) -> Entry:
        return self.next_deal(new_game=True)

    def next_deal(self, new_game: bool) -> Entry:
        """The next hand (or a new game's first), shuffled from a fresh secret seed.

        The leader is found on a probe copy, so that a lot (where the rules draw one) is drawn
        once and logged with the deal; replaying the log then gives the same game.
        """
        seed = fairdeal.new_seed()
        hands_text, boneyard_text = fairdeal.deal_from_seed(
            seed, self.rules.players, self.rules.hand_size
        )
        deal = parse_deal(hands_text, boneyard_text)
        new_game = new_game or self.game is None
        lot = random.Random(fairdeal.lot_seed(seed))
        if new_game:
            probe = Game(self.rules, deal=deal, rng=lot)
            game_no, hand_no = self.game_no + 1, 1
        else:
            assert self.game is not None
            probe = self.game.copy(rng=lot)
            probe.next_hand(deal=deal)
            game_no, hand_no = self.game_no, len(self.deals[-1]) + 1
        return Entry("deal", {
            "hands": hands_text,
            "boneyard": boneyard_text,
            "leader": probe.leader,
            "new_game": new_game,
            "seed": seed,
            "commitment": fairdeal.commitment(seed, self.id, game_no, hand_no),
        })

    def check_wake(self, wake: Wake, move: str | None = None) -> Entry | None:
        """The entry a due wake gives (``move`` from the bot for bot, timer and away wakes);
        None when the table moved on meanwhile."""
        game = self.game
        if game is None or wake.seq != self.seq or wake != self.wake:
            return None
        if wake.action == "deal" or game.phase_name == "hand_over":
            return self.next_deal(new_game=False) if game.phase_name == "hand_over" else None
        if wake.action == "rematch":
            return self.next_deal(new_game=True) if game.is_over else None
        if wake.action == "call":  # the bots not to move, asked once whether they call
            call = bot_call(game, self.bot_levels, self.counting)
            self.calls_asked = self.seq
            if call is None:
                self._reschedule()
                return None
            return Entry("move", {"move": call, "by": "bot"})
        assert wake.seat is not None and move is not None
        return self.check_play(wake.seat, move, by=wake.action)

    def bot_turn(self, wake: Wake) -> BotTurn | None:
        """What a bot needs to move for a due wake, or None (no move needed, or stale)."""
        game = self.game
        if (game is None or wake != self.wake or wake.seat is None
                or game.phase_name != "play" or game.turn != wake.seat):
            return None
        view = game.view(wake.seat)
        legal = [m.notation(explicit=True) for m in view.legal_moves]
        # A draw, a pass, the only placement (under claims a placement needs its claim).
        claims = self.rules.muggins_claims
        forced = legal[0] if len(legal) == 1 and (
            not claims or legal[0] in ("draw", "pass")) else None
        # A bot seat counts as the table says; a stand-in for a person counts exactly.
        counting = self.counting if wake.action == "bot" and claims else "exact"
        return BotTurn(wake, wake.level or STAND_IN_LEVEL, view, legal, forced, counting)

    # --- applying what was stored ----------------------------------------------------------

    def apply(self, entry: Entry, seq: int, at: float) -> Frames:
        """Play a stored entry; every connection's frame with what it explained."""
        before = len(self.recent)
        self._apply(entry.kind, entry.payload)
        self.seq, self.last_at = seq, at
        events = self.recent[before:] if entry.kind == "move" else []
        self._reschedule()
        if entry.kind == "undo":  # the hand's story is rebuilt: every client takes it anew
            return self.frames(list(self.recent), full=True)
        return self.frames(events)

    # --- who is connected ------------------------------------------------------------------

    @property
    def bots_only(self) -> bool:
        return all(s.kind == "bot" for s in self.seats)

    def is_connected(self, seat: int) -> bool:
        return seat in self.connections.values()

    def join(self, conn: ConnId, seat: int | None, name: str | None = None) -> Frames:
        """The joiner's full view with this hand's story, and a presence frame for the others
        (``name``: the nickname it chose, already checked by ``check_name``)."""
        self.connections[conn] = seat
        if self.game is None:
            return {}
        if seat is not None:
            self.seen.add(seat)
            if name:
                self.names[seat] = name
            if self.away.pop(seat, None) is not None:
                self._reschedule()  # back in time, or back from the stand-in
        elif self.bots_only and len(self.connections) == 1:
            self._reschedule()  # the first watcher: the bots play on
        frames = self.presence(skip=conn) if seat is not None else {}
        frames[conn] = self.full_frame(seat)
        return frames

    def presence(self, skip: ConnId | None = None) -> Frames:
        """What a seat's join or leave changes for the others: the seats' part of the frame
        only (a few hundred bytes, where a full frame is kilobytes), the same text for all."""
        text = _encode({"type": "presence", "seq": self.seq, "seats": self.meta()["seats"]})
        return {conn: text for conn in self.connections if conn != skip}

    def full_frame(self, seat: int | None) -> str:
        """The seat's whole view with this hand's story (``"full": true``): what a joining
        client gets, and one that missed a frame (``resync``)."""
        return self.encode_frames({seat}, list(self.recent), full=True)[seat]

    def leave(self, conn: ConnId) -> Frames:
        seat = self.connections.pop(conn, None)
        game = self.game
        if game is None:
            return {}
        if seat is not None and self.seats[seat].kind == "human" \
                and not self.is_connected(seat):
            self.away[seat] = self.clock() + self.grace  # the grace before a stand-in
            self._reschedule()  # the player to move left, or the others were ready
        elif self.bots_only and not self.connections:
            self._reschedule()  # nobody watches any more: the bots pause
        return self.presence() if seat is not None else {}

    # --- frames ----------------------------------------------------------------------------

    def meta(self) -> dict[str, Any]:
        connected = {s for s in self.connections.values() if s is not None}
        return {
            "id": self.id,
            "preset": self.rules.name,
            "players": self.rules.players,
            "partnerships": self.rules.partnerships,
            "target": self.rules.target,
            "timer": self.timer,
            "game_no": self.game_no,
            "grace": self.grace,
            "seats": [self._seat_meta(i, s, i in connected) for i, s in enumerate(self.seats)],
            "match": self.match,
            # hint and undo: for the one person playing against bots (not under claims)
            "assist": sum(s.kind == "human" for s in self.seats) == 1
            and not self.rules.muggins_claims,
        }

    def _seat_meta(self, seat: int, config: SeatConfig, connected: bool) -> dict[str, Any]:
        away = self.away.get(seat)
        return {
            "kind": config.kind, "level": config.level,
            "connected": config.kind == "bot" or connected,
            "name": self.names.get(seat),
            # seconds before a bot takes the seat of a player who left (0: it plays now)
            "away_in": None if away is None else round(max(0.0, away - self.clock()), 1),
            "ready": seat in self.ready or (self.ready_at is not None and seat not in
                                            self._humans_here()),
            "rematch": seat in self.offers,
        }

    def deadline(self) -> float | None:
        """When the server acts for the seat to move (absolute time), or None."""
        return table_wakes.deadline(self)

    def hold(self) -> float | None:
        """Until when bot, timer and stand-in moves wait for a person's muggins call."""
        return hold_until(self.game, self._humans_here(), self.last_at, self.call_window)

    def fair_deal(self) -> dict[str, Any] | None:
        """The current hand's commitment; once the hand is over, its seed and dealt tiles."""
        if self.game is None or not self.deals:
            return None
        return hand_commitment(self.id, self.game_no, self.deals[-1], self.game)

    def public(self, kept_history: bool = False) -> dict[str, Any]:
        """The projection's public part as frames carry it: the timer's seconds left as its
        deadline, and without its own events (a frame's ``events`` say who did what since the
        frame before, a full frame's the whole hand's story). ``kept_history``: its history
        as JSON text ready to encode (``history_text``), not as a list."""
        assert self.game is not None
        due = self.deadline()
        part: dict[str, Any] = dict(public_part(
            self.game, deadline=None if due is None else max(0.0, due - self.clock()),
            events=False, history=not kept_history))
        del part["events"]
        if kept_history:
            part["history"] = orjson.Fragment(self.history_text())
        window = part["call_window"]
        if window is not None:  # when the table stops waiting for a person's call
            part["call_window"] = {**window, "closes_in": closes_in(self.hold(), self.clock())}
        return part

    def history_text(self) -> bytes:
        """The hand's public history as JSON text, each entry encoded once: every action's
        frames carry the whole hand's history, and building it anew each time took about 7%
        of the event loop's time in a profile at 500 tables. Kept while the hand's actions are
        the same objects (an undo rebuilds the game, a new hand starts a new history)."""
        assert self.game is not None
        history = self.game.history
        texts = self._history_texts
        n = len(texts)
        # The hand's actions are appended, never changed: the same last one, the same prefix.
        if n > len(history) or (n and history[n - 1] is not self._history_last):
            texts.clear()
            n = 0
        texts.extend(orjson.dumps(public_history_entry(a)) for a in history[n:])
        if history:
            self._history_last = history[-1]
        return b"[" + b",".join(texts) + b"]"

    def frame_for(self, seat: int | None, events: list[dict[str, Any]]) -> dict[str, Any]:
        """One seat's state frame (protocol.FRAME_SCHEMAS["state"]): what ``encode_frames``
        builds for many seats at once."""
        assert self.game is not None
        return {
            "type": "state",
            "seq": self.seq,
            "you": seat,
            "seat": seat_part(self.game, seat),
            "table": self.meta(),
            "public": self.public(),
            "events": events,
            "deal": self.fair_deal(),
        }

    def frames(self, events: list[dict[str, Any]], skip: ConnId | None = None,
               full: bool = False) -> Frames:
        """Each connection gets its own seat's frame (``encode_frames``: what the seats share
        is built and encoded once; ``full``: full frames, ``events`` the hand's story)."""
        seats = {seat for conn, seat in self.connections.items() if conn != skip}
        if not seats:
            return {}
        texts = self.encode_frames(seats, events, full)
        return {conn: texts[seat] for conn, seat in self.connections.items() if conn != skip}

    def encode_frames(self, seats: set[int | None], events: list[dict[str, Any]],
                      full: bool = False) -> dict[int | None, str]:
        """The frame text of each of ``seats``: the same JSON as ``_encode(frame_for(seat,
        events))`` (plus ``"full": true`` when ``full``). The projection's public part and the
        rest that every seat shares are encoded once per action; each seat adds only its own
        part (``projection.seat_part``: its hand, its legal moves, its own draws)."""
        game = self.game
        assert game is not None
        shared = _encode({
            "table": self.meta(),
            "public": self.public(kept_history=True),
            "events": events,
            "deal": self.fair_deal(),
            **({"full": True} if full else {}),
        })[1:]
        head = f'{{"type":"state","seq":{self.seq},"you":'
        out: dict[int | None, str] = {}
        for seat in seats:
            you = "null" if seat is None else seat
            out[seat] = f'{head}{you},"seat":{_encode(seat_part(game, seat))},{shared}'
        return out

    # --- records ---------------------------------------------------------------------------

    def _record_of(self, game: Game, number: int) -> RecordJSON:
        """The game's record, dated by the log's last entry: for an ended game (the only one
        asked for) its last action, the same whether it was played here or replayed from
        the log after a restart."""
        deals = self.deals[number - 1] if number <= len(self.deals) else []
        return table_record(self.id, number, self.seats, deals, game, self.last_at)

    def record(self, number: int | None) -> RecordJSON:
        number = self.game_no if number is None else number
        game = self.game
        if not 1 <= number <= self.game_no:
            raise ProtocolError(
                f"game {number} of this table: expected 1 to {self.game_no}", "bad_game_no",
                value=number, count=self.game_no,
            )
        if number == self.game_no and (game is None or not game.is_over):
            raise ProtocolError(
                "the record can be downloaded once the game is over", "record_not_ready"
            )
        if number < self.game_no:
            record: RecordJSON = json.loads(zlib.decompress(self.finished[number - 1]))
            return record
        assert game is not None
        return self._record_of(game, number)

    # --- what happens next without a client --------------------------------------------------

    def _reschedule(self) -> None:
        self.wake = table_wakes.next_wake(self)

    @property
    def is_finished(self) -> bool:
        return self.game is not None and self.game.is_over

