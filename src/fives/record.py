"""Game records (RULES.md §12.3) and their replay (§12.4).

A record is JSON: the ruleset, the start scores, and for each hand the deal (every seat's
tiles and the boneyard, top first), the leader where the rules choose by lot, and the actions
in notation. ``Record.replay()`` plays it through the engine and yields the events; an
illegal or malformed part stops it after the events before it, with a ``RecordError`` that
names the hand, the action or field, and what was expected.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from fives.dealing import Deal, opening_method
from fives.errors import FivesError, RecordError
from fives.events import GAME_OVER, PLAY, Event, HandEnd
from fives.game import Game
from fives.record_writer import FORMAT, JSONObject, check_meta, field_error
from fives.rules import Ruleset, find_preset
from fives.tiles import TILE_COUNT, Tile


@dataclass(eq=False)
class Step:
    """One action of a record, from ``Record.steps``: the hand (1-based), the action's index
    in that hand's ``actions`` (1-based), its text, the game it is played from, and once played
    its events."""

    hand: int
    index: int
    text: str
    game: Game
    events: list[Event] = field(default_factory=list)
    played: bool = False


@dataclass(frozen=True)
class Record:
    rules: Ruleset
    start_scores: tuple[int, ...] | None
    hands: tuple[JSONObject, ...]  # raw hand entries, checked as the replay reaches them
    meta: JSONObject = field(default_factory=dict)  # the record's ``meta`` (§12.3)

    def hand_meta(self, k: int) -> JSONObject:
        """The ``meta`` object of the k-th hand (0-based), empty when it has none."""
        entry = self.hands[k] if 0 <= k < len(self.hands) else None
        meta = entry.get("meta") if isinstance(entry, dict) else None
        return meta if isinstance(meta, dict) else {}

    def replay(self) -> Iterator[Event]:
        """Yield every event of the record, in order (see ``run``)."""
        holder: list[Game] = []
        yield from self._run(holder)

    def steps(self) -> Iterator[Step]:
        """Yield a ``Step`` before each action of the record is played: its game is the
        position the action is played from (read it, never change it); once the generator
        goes on, the step's ``events`` hold what the action did. Errors as ``replay``."""
        for step in self._walk([]):
            if not step.played:
                yield step

    def to_game(self) -> Game:
        """The game at the end of the record, ready to go on (resume a saved game)."""
        holder: list[Game] = []
        for _ in self._run(holder):
            pass
        return holder[0]

    def _run(self, holder: list[Game]) -> Iterator[Event]:
        for step in self._walk(holder):
            if step.played:
                yield from step.events

    def _walk(self, holder: list[Game]) -> Iterator[Step]:
        """Each action's step twice: before it is played, and once played."""
        game: Game | None = None
        for k, entry in enumerate(self.hands):
            where = f"hands[{k}]"
            deal = _deal(entry, where, self.rules)
            leader = entry.get("leader")
            if leader is not None and (not isinstance(leader, int) or isinstance(leader, bool)):
                raise RecordError(
                    f"{where}.leader: {leader!r} is not a seat number", key="record_field",
                    field=f"{where}.leader",
                )
            previous: HandEnd | None = game.hand_end if game is not None else None
            if opening_method(self.rules, k, previous) == "lot" and leader is None:
                raise RecordError(
                    f"{where}.leader: required, since the rules choose this hand's leader by lot",
                    key="record_field", field=f"{where}.leader",
                )
            try:
                if game is None:
                    game = Game(self.rules, deal=deal, leader=leader,
                                start_scores=self.start_scores)
                    holder.append(game)
                elif game.phase == GAME_OVER:
                    raise RecordError(
                        f"{where}: hand {k + 1} comes after the game ended", key="record_field",
                        field=where,
                    )
                elif game.phase == PLAY:
                    raise RecordError(
                        f"{where}: hand {k} stops before its end, so hand {k + 1} cannot follow",
                        key="record_field", field=where,
                    )
                else:
                    game.next_hand(deal, leader)
            except RecordError:
                raise
            except FivesError as exc:
                raise RecordError(f"{where}: {exc}", key="record_field", field=where) from None
            actions = entry.get("actions", [])
            if not isinstance(actions, list):
                raise RecordError(f"{where}.actions: expected a list of moves",
                                  key="record_field", field=f"{where}.actions")
            for i, text in enumerate(actions):
                label = f"hand {k + 1}, action {i + 1} ({where}.actions[{i}])"
                if not isinstance(text, str):
                    raise RecordError(f"{label}: {text!r} is not a move in notation",
                                      key="record_action", field=f"{where}.actions[{i}]")
                if game.phase != PLAY:
                    state = "the game ended" if game.phase == GAME_OVER else "the hand ended"
                    raise RecordError(f"{label} {text!r}: comes after {state}",
                                      key="record_action", field=f"{where}.actions[{i}]")
                step = Step(k + 1, i + 1, text, game)
                yield step
                try:
                    step.events = game.play(text)
                except FivesError as exc:
                    raise RecordError(f"{label} {text!r}: {exc}", key="record_action",
                                      field=f"{where}.actions[{i}]") from None
                step.played = True
                yield step


def _tile(value: object, field: str) -> Tile:
    if not isinstance(value, str):
        raise field_error(field, f"{value!r} is not a tile (expected text like '6-3')")
    try:
        return Tile.parse(value)
    except FivesError:
        raise field_error(field, f"{value!r} is not a tile (expected text like '6-3')") from None


def _deal(entry: object, where: str, rules: Ruleset) -> Deal:
    if not isinstance(entry, dict):
        raise field_error(where, "expected an object with hands, boneyard and actions")
    unknown = set(entry) - {"hands", "boneyard", "leader", "actions", "meta"}
    if unknown:
        raise field_error(where, f"unknown field(s) {', '.join(sorted(unknown))}")
    if "meta" in entry:
        check_meta(entry["meta"], f"{where}.meta")
    hands = entry.get("hands")
    if not isinstance(hands, list) or len(hands) != rules.players:
        raise field_error(f"{where}.hands", f"expected {rules.players} list(s) of tiles")
    seen: dict[Tile, str] = {}
    parsed: list[tuple[Tile, ...]] = []
    for s, hand in enumerate(hands):
        field = f"{where}.hands[{s}]"
        if not isinstance(hand, list) or len(hand) != rules.hand_size:
            raise field_error(field, f"expected {rules.hand_size} tiles")
        tiles = tuple(_tile(v, f"{field}[{j}]") for j, v in enumerate(hand))
        for j, t in enumerate(tiles):
            if t in seen:
                raise field_error(f"{field}[{j}]", f"tile {t} already appears at {seen[t]}")
            seen[t] = f"{field}[{j}]"
        parsed.append(tiles)
    bone = entry.get("boneyard")
    expected = TILE_COUNT - rules.players * rules.hand_size
    if not isinstance(bone, list) or len(bone) != expected:
        raise field_error(f"{where}.boneyard", f"expected the other {expected} tiles")
    bone_tiles = tuple(_tile(v, f"{where}.boneyard[{j}]") for j, v in enumerate(bone))
    for j, t in enumerate(bone_tiles):
        if t in seen:
            raise field_error(f"{where}.boneyard[{j}]", f"tile {t} already appears at {seen[t]}")
        seen[t] = f"{where}.boneyard[{j}]"
    return Deal(tuple(parsed), bone_tiles)


def load_record(data: str | bytes | Mapping[str, object]) -> Record:
    """Read and check a record's header (the hands are checked as the replay reaches them)."""
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                key="record_json",
            ) from None
        except UnicodeDecodeError:
            raise RecordError("not valid JSON: the file is not UTF-8 text",
                              key="record_json") from None
    if not isinstance(data, dict):
        raise field_error("(top level)", "expected a JSON object")
    unknown = set(data) - {"format", "rules", "options", "start_scores", "hands", "meta"}
    if unknown:
        raise field_error("(top level)", f"unknown field(s) {', '.join(sorted(unknown))}")
    meta = check_meta(data["meta"], "meta") if "meta" in data else {}
    if data.get("format") != FORMAT:
        raise field_error("format", f"{data.get('format')!r}, expected {FORMAT!r}")
    try:
        preset = find_preset(data.get("rules"))
    except FivesError as exc:
        raise field_error("rules", str(exc)) from None
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise field_error("options", "expected an object of option names and values")
    try:
        rules = Ruleset.preset(preset, **options)
    except FivesError as exc:
        raise field_error("options", str(exc)) from None
    start = data.get("start_scores")
    start_scores: tuple[int, ...] | None = None
    if start is not None:
        if (not isinstance(start, list) or len(start) != rules.sides
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in start)):
            raise field_error("start_scores", f"expected {rules.sides} whole numbers")
        for v in start:
            if v >= rules.target:
                raise field_error("start_scores",
                                   f"{v} is not below the target {rules.target}")
        start_scores = tuple(start)
    hands = data.get("hands")
    if not isinstance(hands, list) or not hands:
        raise field_error("hands", "expected a non-empty list of hands")
    return Record(rules, start_scores, tuple(hands), meta)


def game_from_record(data: str | bytes | Mapping[str, object] | Record) -> Game:
    """The game a record leads to, ready to go on."""
    record = data if isinstance(data, Record) else load_record(data)
    return record.to_game()


def dumps(record: Mapping[str, object]) -> str:
    """A record as compact, readable JSON (one hand per line block)."""
    return json.dumps(record, ensure_ascii=False, indent=1)
