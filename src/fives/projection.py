"""What a front end shows, computed once from a game and a seat (boardgame.io's ``playerView``).

``project(game, seat)`` gives a ``Projection``: its ``public`` part is the same for every seat
and every spectator (the table, the scores, the score sheet, the last action's events, the
reveal), so a server encodes it once per action; its ``seat`` part is what only that seat sees
(its hand, its legal moves with what each would do, its own draws). Front ends render it and
keep no rule of their own: the counted parts of the total, the ends in words, the settlement's
rounding, the sides, the tally and the default target all come from here. Everything is plain
JSON (the ``...JSON`` TypedDicts of ``fives.projection_json``, re-exported here, for the web's
outgoing schema).

Secrecy: the seat part reads only the seat's own tiles; the public part reads no hand and no
boneyard tile before the rules reveal them (tests/engine/test_projection.py re-deals every
tile a seat cannot see and demands the same projection). Event kinds are open: a variant may
add its own (a ``key`` a front end does not know is shown by its ``kind``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from fives.claims import callers
from fives.errors import UsageError
from fives.events import (
    DrawEvent,
    Event,
    GameEndEvent,
    HandEndEvent,
    MugginsEvent,
    PassEvent,
    PenaltyEvent,
    PlayEvent,
)
from fives.game import Game, new_layout
from fives.layout import CountedPart, Layout
from fives.moves import CLAIM_MAX, DRAW, Move
from fives.projection_json import (
    CallWindowJSON,
    DrawnJSON,
    EventEntryJSON,
    EventParamsJSON,
    HandScoreJSON,
    MoveJSON,
    OpenEndJSON,
    PartJSON,
    ProjectionJSON,
    PublicJSON,
    RevealJSON,
    RevealSeatJSON,
    RevealSideJSON,
    RulesJSON,
    SeatPartJSON,
    SideJSON,
    TableLayoutJSON,
    TallyJSON,
)
from fives.record_writer import PublicAction
from fives.rules import Ruleset
from fives.settlement import score_rules
from fives.solitaire import deck_sources
from fives.tiles import Tile
from fives.views import ActionJSON, action_json

FORMAT = "fives-projection/1"


@dataclass(frozen=True, slots=True)
class Projection:
    """A game as one seat (or a spectator, ``None``) may see it; see the module's note."""

    public: PublicJSON
    seat: SeatPartJSON

    def to_json(self) -> ProjectionJSON:
        return {"public": self.public, "seat": self.seat}


def project(game: Game, seat: int | None, *, deadline: float | None = None) -> Projection:
    """The projection of ``game`` for ``seat`` (``deadline``: the timer's, as the server
    wants it shown). Raises ``UsageError`` for a seat that is not at the table."""
    return Projection(public_part(game, deadline=deadline), seat_part(game, seat))


# ---------------------------------------------------------------------------- public part
def public_part(game: Game, *, deadline: float | None = None,
                events: bool = True, history: bool = True) -> PublicJSON:
    """The part of every seat's projection that is the same for all (encode it once);
    ``events=False`` leaves ``events`` empty, for a caller that explains each action itself
    (``explain_events``); ``history=False`` leaves ``history`` empty, for a caller that keeps
    the hand's entries itself (``public_history_entry``: each is built once)."""
    rules = game.rules
    scores = list(game.scores)
    playing = game.phase == "play"
    return {
        "format": FORMAT,
        "rules": rules_json(rules),
        "hand_number": game.hand_number,
        "phase": game.phase_name,
        "turn": game.turn if playing else None,
        "leader": game.leader,
        "deadline": deadline,
        "layout": layout_json(game.layout, count_shown=count_shown(rules),
                              count=not players_count(game)),
        "scores": scores,
        "seat_scores": [scores[rules.side_of(s)] for s in range(rules.players)],
        "sides": [side_json(rules, side, score) for side, score in enumerate(scores)],
        "hand_sizes": list(game.hand_sizes),
        "boneyard_size": game.boneyard_size,
        "score_sheet": score_sheet(game),
        "start_scores": list(game.start_scores),
        "deck": deck_sources(game),
        # Every draw's tile is left out: a seat's own are in its part (``drawn``).
        "history": [public_history_entry(a) for a in game.history] if history else [],
        "events": last_events(game) if events else [],
        "reveal": None if playing else reveal(game),
        "winner": game.winner,
        "call_window": _call_window(game),
    }


def _call_window(game: Game) -> CallWindowJSON | None:
    window = game.call_window
    if window is None:
        return None
    return {"placer": window.placer, "claim": window.claim,
            "callers": list(callers(game.rules, window.placer))}


def count_shown(rules: Ruleset) -> bool:
    """Whether a table shows the layout's count: not under muggins claims (§9 O1: the players
    count, and a shown count would give every claim away), nor where the ends never score."""
    return rules.scoring != "none" and not rules.muggins_claims


def rules_json(rules: Ruleset) -> RulesJSON:
    """The ruleset as the projection shows it (a new dict each call: the caller may change it)."""
    kept = _rules_json(rules)
    return {**kept, "options": dict(kept["options"])}


# A server builds the public part at every action: these parts repeat (one ruleset per table,
# a hand's actions once each), so they are built once and copied, which is several times cheaper.
@lru_cache(maxsize=64)
def _rules_json(rules: Ruleset) -> RulesJSON:
    return {
        "preset": rules.name,
        "options": rules.options(),
        "players": rules.players,
        "partnerships": rules.partnerships,
        "hand_size": rules.hand_size,
        "sides": rules.sides,
        "solitaire": rules.is_solitaire,
        "unit": rules.unit,
        "scoring": rules.scoring,
        "settlement": rules.settlement,
        "drawing": rules.drawing,
        "target": rules.target,
        "default_target": rules.default_target,
        "target_check": rules.target_check,
        "sniff": rules.sniff,
        "sniff_choice": rules.sniff_orientation_choice and rules.sniff != "none",
        "paper_tally": rules.paper_tally,
        "overdraw_cost": rules.draw_cost if rules.overdraw_allowed else 0,
        "muggins_claims": rules.muggins_claims,
        "muggins_overclaim": rules.muggins_overclaim,
        # What a claim's - and + buttons step by (every play score is a multiple of it: 5
        # where the scores are raw multiples of five), and the largest claim notation writes.
        "score_step": math.gcd(*score_rules(rules).score_table) or 1,
        "claim_max": CLAIM_MAX,
    }


def public_history_entry(action: PublicAction) -> ActionJSON:
    """One action of the public history, its drawn tile (if any) left out: a new dict."""
    move = action.move
    # Moves compare by code and claim; a sniff's form is written apart, so it joins the key.
    entry = _public_action_json(action.seat, action.kind, move,
                                "" if move is None else move.form, action.open_values)
    return {**entry, "open_values": list(entry["open_values"])}


@lru_cache(maxsize=4096)
def _public_action_json(seat: int, kind: str, move: Move | None, form: str,
                        open_values: tuple[int, ...]) -> ActionJSON:
    return action_json(PublicAction(seat, kind, move, None, open_values))


def _part_json(part: CountedPart) -> PartJSON:
    return {"node": part.node, "port": part.port, "value": part.value, "times": part.times}


def players_count(game: Game) -> bool:
    """Whether the count is the players' to make: under muggins claims (§9 O1), while a hand
    is played, nothing a front end gets carries it (the layout's total, its counted parts,
    which ends count; a play's total and its sum), since an opponent who reads it needs not
    count to call, nor a placer to claim. A play's ``points`` stay: they are what it scored,
    as public as the scores."""
    return game.rules.muggins_claims and game.phase == "play"


def layout_json(
    layout: Layout, *, count_shown: bool = True, count: bool = True
) -> TableLayoutJSON:
    """The layout with its counted parts and its open ends in words; ``count_shown``: whether
    a front end shows its count (see ``count_shown``); ``count=False``: with neither its total
    nor what counts (see ``players_count``)."""
    base = layout.to_json()
    parts = layout.counted_parts() if count else []
    counted = {(p.node, p.port) for p in parts}
    doubles = {p.node for p in parts if p.times == 2}  # both in-line halves of a double count
    nodes = base["nodes"]
    ends: list[OpenEndJSON] = []
    for e in base["ends"]:
        node = nodes[e["node"] - 1]
        branch = e["port"] in ("N", "S", "L", "R")
        ends.append({
            "node": e["node"], "port": e["port"], "value": e["value"],
            "tile": f"{node['touching']}-{node['outer']}", "lead": e["node"] == 1,
            "branch": branch, "spinner": node["spinner"],
            "counted": None if not count else (e["node"], e["port"]) in counted or (
                e["node"] in doubles and not branch),
        })
    out: TableLayoutJSON = {"nodes": nodes, "ends": base["ends"],
                            "total": base["total"] if count else None,
                            "parts": [_part_json(p) for p in parts], "open_ends": ends,
                            "count_shown": count_shown}
    if "sniff" in base:
        out["sniff"] = base["sniff"]
    return out


def tally_json(score: int) -> TallyJSON:
    """A displayed score as the paper tally draws it (§9 O8)."""
    fifties, strokes = divmod(abs(score), 10)
    return {"negative": score < 0, "fifties": fifties, "strokes": strokes}


def side_json(rules: Ruleset, side: int, score: int) -> SideJSON:
    return {"side": side, "members": list(rules.members(side)),
            "deck": rules.is_solitaire and side == 1, "score": score,
            "tally": tally_json(score) if rules.paper_tally else None}


def score_sheet(game: Game) -> list[HandScoreJSON]:
    """Every finished hand of the game, from its events (a copy of a game has none)."""
    return [{"hand": e.hand, "result": e.result, "winner": e.winner, "deltas": list(e.deltas),
             "scores": list(e.scores)} for e in game.hand_ends]


def reveal(game: Game) -> RevealJSON | None:
    """The hand's end as its reveal shows it, once the hand is over (else None)."""
    end, how = game.last_hand_end, game.hand_end
    if end is None or how is None:
        return None
    sr = score_rules(game.rules)
    counted = sr.counted_hands(end.result, how.out_seat, end.pips,
                               [len(h) for h in end.hands])
    side_pips = [0] * game.rules.sides
    for s, p in enumerate(end.pips):
        side_pips[game.rules.side_of(s)] += p
    return {
        "hand": end.hand, "result": end.result, "winner": end.winner, "out_seat": how.out_seat,
        "settlement": "target" if end.result == "target" else game.rules.settlement,
        "seats": [{"seat": s, "tiles": [str(t) for t in tiles], "pips": end.pips[s],
                   "counted": counted.seats[s],
                   "rounded": counted.rounded and counted.seats[s] is not None}
                  for s, tiles in enumerate(end.hands)],
        "sides": [] if all(v is None for v in counted.sides) else [
            {"side": i, "pips": side_pips[i], "counted": v,
             "rounded": counted.rounded and v is not None}
            for i, v in enumerate(counted.sides)],
        "before": [s - d for s, d in zip(end.scores, end.deltas, strict=True)],
        "deltas": list(end.deltas),
        "scores": list(end.scores),
    }


# ---------------------------------------------------------------------------- events
# The events an action begins with (one per entry of ``game.history``); what the action ended
# (a penalty, the hand, the game) follows them.
_ACTION_EVENTS = (PlayEvent, DrawEvent, PassEvent, MugginsEvent)


def last_events(game: Game) -> list[EventEntryJSON]:
    """The public events of the game's last action (a play, draw, pass or muggins call and what
    it ended), or the start of the hand when nothing has been played in it yet."""
    events = game.events
    k = len(events)
    while k and not isinstance(events[k - 1], _ACTION_EVENTS):
        k -= 1
    if not game.history:
        return [{"kind": "hand_start", "key": "hand_start",
                 "params": {"hand": game.hand_number, "leader": game.leader}}]
    if not k:
        return []
    return explain_events(game, events[k - 1:])


def explain_events(game: Game, events: Sequence[Event],
                   before: Sequence[int] | None = None) -> list[EventEntryJSON]:
    """``events``, what the game's last action caused (``game.play``'s result), as public
    entries; ``game`` is the game just after it. ``before``: the scores before the action
    (for what a draw cost; read from the events when not given)."""
    history = game.history
    return _explain(game, events, game.layout, history[-1] if history else None, before)


def hand_events(game: Game) -> list[EventEntryJSON]:
    """Every public event of the hand in play (or just ended), from its start: what a
    narrator's log or a full frame shows; each play with the sum behind its total then."""
    number = game.hand_number
    events = game.events
    first = next((k for k, e in enumerate(events) if getattr(e, "hand", None) == number),
                 len(events))
    out: list[EventEntryJSON] = [{"kind": "hand_start", "key": "hand_start",
                                  "params": {"hand": number, "leader": game.leader}}]
    layout = new_layout(game.rules)  # the layout rebuilt action by action
    groups: list[list[Event]] = []  # each action's events
    for event in events[first:]:
        if isinstance(event, _ACTION_EVENTS) or not groups:
            groups.append([])
        groups[-1].append(event)
    for action, group in zip(game.history, groups, strict=False):
        if action.move is not None:
            layout.apply(action.move)
        out += _explain(game, group, layout, action, None)
    return out


def _explain(game: Game, events: Sequence[Event], layout: Layout,
             action: PublicAction | None, before: Sequence[int] | None) -> list[EventEntryJSON]:
    """The entries of one action's ``events`` (``layout``: as that action left it)."""
    out: list[EventEntryJSON] = []
    for event in events:
        if isinstance(event, PlayEvent):
            out.append(_play_entry(game.rules, layout, event, action, players_count(game)))
        elif isinstance(event, DrawEvent):
            params: EventParamsJSON = {"seat": event.seat, "scores": list(event.scores)}
            message = "draw"
            if game.rules.is_solitaire:
                prior = before if before is not None else _scores_before(game, event)
                params["cost"] = event.scores[1] - prior[1]
                if params["cost"]:
                    message = "draw_charged"
            out.append({"kind": "draw", "key": message, "params": params})
        elif isinstance(event, PassEvent):
            out.append({"kind": "pass", "key": "pass", "params": {"seat": event.seat}})
        elif isinstance(event, HandEndEvent):
            how = game.hand_end if event.hand == game.hand_number else None
            out_seat = how.out_seat if how is not None else None
            out.append({"kind": "hand_end", "key": f"hand_{event.result}", "params": {
                "hand": event.hand, "result": event.result, "winner": event.winner,
                "out_seat": out_seat, "deltas": list(event.deltas),
                "scores": list(event.scores),
                "settlement": "target" if event.result == "target" else game.rules.settlement,
            }})
        elif isinstance(event, GameEndEvent):
            out.append({"kind": "game_end", "key": "game_end",
                        "params": {"winner": event.winner, "scores": list(event.scores)}})
        elif isinstance(event, MugginsEvent):  # §9 O1: a call, mistaken when it took nothing
            out.append({"kind": "muggins", "key": "muggins" if event.points else
                        "muggins_mistaken", "params": {"seat": event.seat, "points": event.points,
                                                       "scores": list(event.scores)}})
        elif isinstance(event, PenaltyEvent):
            out.append({"kind": "penalty", "key": "penalty", "params": {
                "seat": event.seat, "points": event.points, "scores": list(event.scores)}})
    return out


def _scores_before(game: Game, event: DrawEvent) -> Sequence[int]:
    """The scores before ``event`` (one of ``game.events``, of this hand): those of the last
    event of the hand before it that has scores, else the scores the hand began with."""
    events = game.events
    k = next((i for i in range(len(events) - 1, -1, -1) if events[i] is event), 0)
    for prior in reversed(events[:k]):
        if getattr(prior, "hand", None) != event.hand:
            break
        if isinstance(prior, PlayEvent | DrawEvent):
            return prior.scores
    return game.hand_start_scores


def _play_entry(rules: Ruleset, layout: Layout, event: PlayEvent,
                action: PublicAction | None, hide_count: bool) -> EventEntryJSON:
    # The action behind the event: the last of the history when the game is just after it.
    move = action.move if action is not None and action.seat == event.seat and (
        action.kind in ("lead", "place")) and action.move is not None and (
        str(action.move) == event.move) else None
    params: EventParamsJSON = {"seat": event.seat, "move": event.move, "total": event.total,
                               "points": event.points, "scores": list(event.scores)}
    if hide_count:  # ``players_count``: neither the total nor its sum
        del params["total"]
    lead = move is None or move.kind == "lead"
    if move is not None and move.tile is not None:
        params["tile"] = _touching_first(move.tile, move.touching)
        params["node"] = move.node if not lead else 0
        if move.form:
            params["form"] = move.form
        if not lead:
            parent = layout.node(move.node)
            params["onto"] = f"{parent.touching}-{parent.outer}"
            params["port"] = move.port
            params["end"] = move.touching
    if rules.scoring != "none" and not hide_count:
        params["parts"] = [_part_json(p) for p in layout.counted_parts()]
    kind = "lead" if lead else "place"
    if event.claim is not None:  # §9 O1: what was claimed; a short or over claim is for the
        params["claim"] = event.claim  # players to see (or call)
        return {"kind": kind, "key": kind + "_claim", "params": params}
    return {"kind": kind, "key": kind + ("_scored" if event.points else ""), "params": params}


def _touching_first(tile: Tile, touching: int) -> str:
    return f"{touching}-{tile.other(touching)}"


# ---------------------------------------------------------------------------- seat part
def seat_part(game: Game, seat: int | None) -> SeatPartJSON:
    """What only ``seat`` sees: its hand, its legal moves (when it is to play), its draws."""
    rules = game.rules
    if seat is not None and (
        not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players
    ):
        raise UsageError(
            f"invalid seat {seat!r}: expected a seat number from 0 to {rules.players - 1}, "
            "or None for a spectator", key="invalid_seat", seat=repr(seat),
        )
    if seat is None:
        return {"seat": None, "side": None, "hand": [], "pips": 0, "to_play": False,
                "forced_lead": None, "legal_moves": [], "drawn": [], "muggins": None}
    hand = game.hand(seat)
    to_play = game.phase == "play" and game.turn == seat
    forced = game.forced_lead if seat == game.leader and not game.layout.count else None
    return {
        "seat": seat,
        "side": rules.side_of(seat),
        "hand": [str(t) for t in hand],
        "pips": sum(t.pips for t in hand),
        "to_play": to_play,
        "forced_lead": str(forced) if forced is not None else None,
        "legal_moves": legal_moves(game) if to_play else [],
        "drawn": [{"action": k, "tile": str(a.tile)} for k, a in enumerate(game.history)
                  if a.seat == seat and a.tile is not None],
        "muggins": next((str(m) for m in game.legal_moves
                         if m.kind == "muggins" and m.caller == seat), None),
    }


def legal_moves(game: Game) -> list[MoveJSON]:
    """The legal moves of the seat to play, each with what it would do (tried on a copy)."""
    trial = game.copy()
    rules = game.rules
    seat = game.turn
    overdraw = game.is_overdraw
    out: list[MoveJSON] = []
    claims = rules.muggins_claims
    for move in game.legal_moves:
        if move.kind == "muggins":  # a call is the seat part's ``muggins``, for any seat
            continue
        # A draw scores for the solitaire's deck; a placement for the seat's side.
        side = 1 if move.code == DRAW and rules.is_solitaire else rules.side_of(seat)
        before = trial.scores[side]
        trial.push(move)
        end = trial.hand_end
        after = trial.scores[side]
        if end is not None and end.result != "target":
            after -= end.deltas[side]  # what the move scored, not the settlement after it
        total = trial.layout.total if move.kind in ("lead", "place") else None
        trial.pop()
        # Only what the seat can know ends the hand here: going out or the target (whether
        # the move blocks everybody depends on hands it cannot see). Under muggins claims
        # (§9 O1) the player counts: no total, no points, and no target (its claim decides).
        if claims:
            out.append(_move_json(game, move, None, None, False,
                                  end is not None and end.result == "out"))
            continue
        out.append(_move_json(game, move, total, after - before,
                              overdraw and move.code == DRAW,
                              end is not None and end.result != "blocked"))
    return out


def _move_json(game: Game, move: Move, total: int | None, points: int | None, overdraw: bool,
               ends: bool) -> MoveJSON:
    tile = move.tile
    node = move.node if move.kind == "place" else 0
    onto = None
    if node:
        parent = game.layout.node(node)
        onto = f"{parent.touching}-{parent.outer}"
    return {
        "notation": move.notation(explicit=True),
        "kind": move.kind,
        "tile": _touching_first(tile, move.touching) if tile is not None else None,
        "node": node,
        "onto": onto,
        "port": move.port if move.kind == "place" else "",
        "end": move.touching if move.kind == "place" else None,
        "form": move.form,
        "total": total,
        "points": points,
        "overdraw": overdraw,
        "ends_hand": ends,
    }


__all__ = [
    "FORMAT",
    "CallWindowJSON",
    "DrawnJSON",
    "EventEntryJSON",
    "EventParamsJSON",
    "HandScoreJSON",
    "MoveJSON",
    "OpenEndJSON",
    "PartJSON",
    "Projection",
    "ProjectionJSON",
    "PublicJSON",
    "RevealJSON",
    "RevealSeatJSON",
    "RevealSideJSON",
    "RulesJSON",
    "SeatPartJSON",
    "SideJSON",
    "TableLayoutJSON",
    "TallyJSON",
    "explain_events",
    "hand_events",
    "layout_json",
    "legal_moves",
    "project",
    "public_history_entry",
    "public_part",
    "reveal",
    "rules_json",
    "score_sheet",
    "seat_part",
    "tally_json",
]
