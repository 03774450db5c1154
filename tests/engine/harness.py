"""A checked random-game driver: plays seeded random legal moves through ``game.play`` and, at
every step, checks the engine against the rules and against the reference model.

What it checks (each can be switched off to keep a test fast):
- conservation: hands + layout + the rest of the dealt boneyard are the 28 tiles, each once,
  and every draw takes the top tile of the dealt boneyard;
- scores: every event's scores follow from the previous scores and that event's points or
  deltas, and the settlement matches an independent computation from RULES.md §2.5-§5.5 / §9;
- openers: who leads each hand and whether the lead is forced (§2.1, §3.1, §5.1);
- the reference model: legal moves (explicit notations), counted totals, playable ports and the
  end of the hand agree with ``refmodel.RefHand`` replaying the same moves;
- push/pop: pushing any legal move then popping restores the exact snapshot, and pushing gives
  the same position as ``play`` on a copy; random nested push sequences unwind exactly;
- views: no seat's view (nor a spectator's) names a tile that seat may not see.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from fives.errors import FivesError
from fives.events import DrawEvent, GameEndEvent, HandEndEvent, PassEvent, PlayEvent
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import ALL_TILES, Tile

from .helpers import layout_ends, notations, phase_of, snapshot, strings_in, tiles_in_text
from .refmodel import RefHand, highest_double_or_heaviest, norm

CONFIGS: list[tuple[str, int, bool | None]] = [
    ("five-up", 2, None), ("five-up", 3, None), ("five-up", 4, True), ("five-up", 4, False),
    ("all-fives", 2, None), ("all-fives", 3, None), ("all-fives", 4, False),
    ("all-fives", 4, True),
    ("five-up-solitaire", 1, None),
    ("multiples-of-five", 2, None), ("multiples-of-five", 3, None),
    ("multiples-of-five", 4, False), ("multiples-of-five", 4, True),
    ("draw", 2, None), ("draw", 3, None), ("draw", 4, False), ("draw", 4, True),
    ("block", 2, None), ("block", 3, None), ("block", 4, False), ("block", 4, True),
    ("fives-and-threes", 2, None), ("fives-and-threes", 3, None),
    ("fives-and-threes", 4, False), ("fives-and-threes", 4, True),
    ("cribbage-dominoes-1863", 2, None), ("cribbage-dominoes-1863", 4, True),
    ("muggins-1864", 3, None), ("muggins-1864", 4, False),
]


def config_id(cfg: tuple[str, int, bool | None]) -> str:
    preset, players, partners = cfg
    suffix = "" if partners is None else ("-teams" if partners else "-solo")
    return f"{preset}-{players}p{suffix}"


# Options of RULES.md §9 that change neither the opener nor the settlement's formula, run
# through the same checks (the reference model knows reserves and immediate branches).
OPTION_CONFIGS: list[tuple[str, int, bool | None, dict[str, Any]]] = [
    ("all-fives", 2, None, {"spinner_branches_immediate": True}),
    ("all-fives", 3, None, {"boneyard_reserve": 2}),
    ("all-fives", 3, None, {"blocked_tie": "split"}),
    ("all-fives", 2, None, {"target_exact": True}),
    ("all-fives", 2, None, {"target_check": "end_of_hand_unique"}),
    ("multiples-of-five", 2, None, {"boneyard_reserve": 1}),
    ("five-up", 3, None, {"hand_size": 7}),
    ("five-up", 2, None, {"target_check": "immediate"}),
    ("five-up-solitaire", 1, None, {"handicap": 10, "block_penalty": "rounded_fifths"}),
    ("five-up-solitaire", 1, None, {"draw_cost_on": "every_draw",
                                    "handicap_each_hand": False}),
    ("all-fives", 3, None, {"opener": "winner_leads"}),
    ("five-up", 2, None, {"opener": "highest_double_each_hand"}),
    ("all-fives", 2, None, {"sniff": "us"}),
    ("multiples-of-five", 3, None, {"sniff": "british"}),
    ("five-up", 2, None, {"sniff": "us"}),
    ("muggins-1864", 2, None, {"sniff": "british"}),
    ("all-fives", 2, None, {"sniff": "us", "sniff_orientation_choice": True}),
    ("five-up", 3, None, {"sniff": "british", "sniff_orientation_choice": True}),
]


def make_rules(preset: str, players: int, partnerships: bool | None,
               options: dict[str, Any] | None = None) -> Ruleset:
    values: dict[str, Any] = {"players": players, **(options or {})}
    if partnerships is not None:
        values["partnerships"] = partnerships
    return Ruleset.preset(preset, **values)



def random_game(preset: str, players: int, partners: bool | None, seed: int,
                max_actions: int = 100_000, options: dict[str, Any] | None = None,
                rng_offset: int = 99) -> Game:
    """A whole game of uniformly random legal moves through ``play`` (moves drawn from
    ``random.Random(seed + rng_offset)``), stopped after ``max_actions`` actions."""
    game = Game(make_rules(preset, players, partners, options), seed=seed)
    rng = random.Random(seed + rng_offset)
    for _ in range(max_actions):
        phase = phase_of(game)
        if phase == "game_over":
            break
        if phase == "hand_over":
            game.next_hand()
            continue
        game.play(rng.choice(list(game.legal_moves)))
    return game


def ref_tile(t: Tile) -> tuple[int, int]:
    return norm(t.high, t.low)


def r5(p: int) -> int:
    return 5 * ((p + 2) // 5)


# -------------------------------------------------------------- independent settlement rules

def side_of(preset: str, players: int, partnerships: bool, seat: int) -> int:
    if preset == "five-up-solitaire":
        return 0
    return seat % 2 if partnerships else seat


def expected_settlement(
    preset: str, players: int, partnerships: bool, result: str, out_seat: int | None,
    hands: list[list[Tile]], options: dict[str, Any] | None = None,
) -> tuple[int | None, list[int]]:
    """(winner side, deltas per side) from RULES.md §2.5, §3.5, §4.5, §5.5 and §9 O12, O13."""
    pips = [sum(t.pips for t in h) for h in hands]
    n_sides = 2 if (partnerships or preset == "five-up-solitaire") else players
    deltas = [0] * n_sides
    side = [side_of(preset, players, partnerships, s) for s in range(players)]
    out_side = side[out_seat] if out_seat is not None else None
    options = options or {}
    if preset == "five-up-solitaire":
        if result == "out":
            return 0, deltas
        rounded = options.get("block_penalty") == "rounded_fifths"
        deltas[1] = (pips[0] + 2) // 5 if rounded else pips[0]
        return None, deltas
    if preset == "five-up":
        for s in range(players):
            deltas[side[s]] -= (pips[s] + 2) // 5
        return out_side, deltas
    if preset == "fives-and-threes":
        return out_side, deltas
    if preset in ("multiples-of-five", "cribbage-dominoes-1863", "muggins-1864"):
        # §5.5; O14: the 1863 game counts in fifths, so D(p) stands for R5(p)
        rnd = (lambda p: r5(p) // 5) if preset == "cribbage-dominoes-1863" else r5
        if result == "out":
            assert out_side is not None
            deltas[out_side] = sum(rnd(pips[s]) for s in range(players) if side[s] != out_side)
            return out_side, deltas
        totals = [sum(pips[s] for s in range(players) if side[s] == k) for k in range(n_sides)]
        low = min(totals)
        if totals.count(low) > 1:
            return None, deltas
        low_side = totals.index(low)
        deltas[low_side] = sum(rnd(t) for k, t in enumerate(totals) if k != low_side) - rnd(low)
        return low_side, deltas
    # all-fives (rounded), draw and block (raw pips)
    value = r5 if preset == "all-fives" else (lambda p: p)
    w: int | None
    if result == "out":
        w = out_side
    else:
        keys = [
            (sum(pips[s] for s in range(players) if side[s] == k),
             sum(len(hands[s]) for s in range(players) if side[s] == k))
            for k in range(n_sides)
        ]
        best = min(keys)
        w = keys.index(best) if keys.count(best) == 1 else None
        if w is None and options.get("blocked_tie") == "split":
            # §9 O7: the tied players share the rounded hands of the others
            tied = [k for k in range(n_sides) if keys[k] == best]
            pot = sum(value(pips[s]) for s in range(players) if side[s] not in tied)
            for k in tied:
                deltas[k] = pot // len(tied)
            return None, deltas
    if w is not None:
        deltas[w] = sum(value(pips[s]) for s in range(players) if side[s] != w)
    return w, deltas


def lead_rule(preset: str, hand_number: int, prev_result: str | None,
              opener: str | None = None) -> str:
    """'highest' (the holder of the highest double, else heaviest tile, must lead it),
    'winner' (the out player leads any tile), 'lot', 'rotate' or 'solo'.

    ``opener`` is an `opener` option (§9 O9) overriding the preset's rule."""
    if opener == "highest_double_each_hand":
        return "highest"
    if opener == "winner_leads":  # Pagat: the out player leads; lot after a blocked hand
        return "winner" if prev_result == "out" else "lot"
    if preset in ("all-fives", "draw", "block"):
        return "highest"
    if preset in ("multiples-of-five", "cribbage-dominoes-1863", "muggins-1864"):
        return "winner" if prev_result == "out" else "highest"
    if preset == "five-up":
        return "winner" if prev_result == "out" else "lot"
    if preset == "five-up-solitaire":
        return "solo"
    return "lot" if hand_number == 1 else "rotate"


# -------------------------------------------------------------- the driver

@dataclass
class Checks:
    reference: bool = True
    push_pop: bool = True
    views: bool = True
    settlement: bool = True


EVENT_KEYS = {  # RULES.md §12.4
    "play": {"type", "hand", "seat", "move", "total", "points", "scores"},
    "draw": {"type", "hand", "seat", "tile", "scores"},
    "pass": {"type", "hand", "seat"},
    "hand_end": {"type", "hand", "result", "winner", "pips", "deltas", "scores"},
    "game_end": {"type", "winner", "scores"},
}

ALLOWED_VIEW_KEYS = {"seat", "rules", "hand", "hand_sizes", "boneyard_size", "scores", "turn",
                     "phase", "hand_number", "leader", "layout", "legal_moves", "history",
                     "last_hand_end", "winner"}


# One action of the current hand as the harness saw it: (seat, kind, explicit notation or
# None, drawn tile or None, the playable end values before it, sorted).
Action = tuple[int, str, str | None, Tile | None, list[int]]


def check_views(game: Game, players: int, actions: list[Action] | None = None) -> None:
    layout_tiles = {n.tile for n in game.layout.nodes}
    playing = phase_of(game) == "play"
    for seat in [*range(players), None]:
        view = game.view(seat)
        data = view.to_json()
        text = json.dumps(data)  # must be plain JSON
        assert set(data) <= ALLOWED_VIEW_KEYS, set(data) - ALLOWED_VIEW_KEYS
        own = set(game.hand(seat)) if seat is not None else set()
        assert {Tile.parse(t) for t in data["hand"]} == own
        assert len(data["hand"]) == len(own)
        assert (data["hand_sizes"], data["boneyard_size"], data["scores"], data["turn"],
                data["phase"], data["hand_number"], data["leader"]) == (
            list(game.hand_sizes), game.boneyard_size, list(game.scores), game.turn,
            phase_of(game), game.hand_number, game.leader)
        if not playing:
            # the hand has ended: the reveal shows every hand
            reveal = data["last_hand_end"]
            assert reveal is not None and reveal["hand"] == game.hand_number
            assert [sorted(Tile.parse(t) for t in h) for h in reveal["hands"]] == [
                sorted(game.hand(s)) for s in range(players)]
            continue
        assert data["last_hand_end"] is None
        if seat is not None and seat == game.turn:
            assert set(data["legal_moves"]) == notations(game.legal_moves)
        if actions is not None:
            history = data["history"]
            assert len(history) == len(actions)
            for entry, (who, kind, move, drawn, values) in zip(history, actions, strict=True):
                assert (entry["seat"], entry["kind"]) == (who, kind)
                if move is not None:
                    assert entry["move"] == move
                if drawn is not None and who == seat:
                    assert entry.get("tile") == str(drawn)
                else:
                    assert "tile" not in entry
                assert sorted(entry["open_values"]) == values
        visible = own | layout_tiles
        seen = set()
        for s in strings_in(data):
            seen |= tiles_in_text(s)
        leaked = seen - visible
        assert not leaked, (seat, sorted(map(str, leaked)), text[:300])
        if seat is None or game.turn != seat:
            assert data["legal_moves"] == []


def check_error_messages(game: Game, rng: random.Random) -> None:
    """Refusing a move must not reveal tiles hidden from the mover (other hands, boneyard)."""
    seat = game.turn
    own = set(game.hand(seat))
    visible = own | {n.tile for n in game.layout.nodes}
    hidden = [t for t in ALL_TILES if t not in visible]
    legal = {m.notation(explicit=True) for m in game.legal_moves}
    attempts = [t for t in ("draw", "pass") if t not in legal]
    for t in rng.sample(hidden, min(3, len(hidden))):
        attempts.append(f"{t.high}-{t.low}@1" if len(game.layout) else f"{t.high}-{t.low}")
    before = snapshot(game, record=False)
    for text in attempts:
        try:
            game.play(text)
        except FivesError as exc:
            message = str(exc)
        else:
            raise AssertionError(f"{text!r} was accepted although it is not legal")
        leaked = tiles_in_text(message) - visible - tiles_in_text(text)
        assert not leaked, (message, sorted(map(str, leaked)))
        assert "\n" not in message
    assert snapshot(game, record=False) == before


def check_push_pop(game: Game, rng: random.Random) -> None:
    before = snapshot(game, record=False)
    for move in list(game.legal_moves):
        game.push(move)
        pushed = snapshot(game, record=False)
        game.pop()
        assert snapshot(game, record=False) == before, f"push/pop of {move} changed the state"
        played = game.copy()
        played.play(move)
        assert snapshot(played, record=False) == pushed, f"push({move}) differs from play"
    # a random line of nested pushes unwinds exactly
    stack = [before]
    for _ in range(rng.randint(1, 6)):
        moves = list(game.legal_moves)
        if not moves:
            break
        game.push(rng.choice(moves))
        stack.append(snapshot(game, record=False))
    while len(stack) > 1:
        stack.pop()
        game.pop()
        assert snapshot(game, record=False) == stack[-1]


def run_checked_game(
    preset: str, players: int, partnerships: bool | None, seed: int, *,
    max_hands: int = 1000, checks: Checks | None = None, options: dict[str, Any] | None = None,
) -> Game:
    checks = checks or Checks()
    rules = make_rules(preset, players, partnerships, options)
    teams = bool(rules.partnerships)
    game = Game(rules, seed=seed)
    rng = random.Random(seed * 7919 + 17)
    scores = list(game.scores)
    prev_result: str | None = None
    prev_leader: int | None = None
    last_placer: int | None = None
    for _ in range(max_hands):
        record_hand = game.to_record()["hands"][-1]
        dealt = [[Tile.parse(t) for t in h] for h in record_hand["hands"]]
        boneyard = [Tile.parse(t) for t in record_hand["boneyard"]]
        assert len({*boneyard, *(t for h in dealt for t in h)}) == 28
        assert all(len(h) == rules.hand_size for h in dealt)
        assert [set(game.hand(s)) for s in range(players)] == [set(h) for h in dealt]
        assert game.boneyard_size == len(boneyard)
        assert record_hand["leader"] == game.leader
        rule = lead_rule(preset, game.hand_number, prev_result, (options or {}).get("opener"))
        forced = None
        if rule == "highest":
            seat, forced_ref = highest_double_or_heaviest([{ref_tile(t) for t in h}
                                                           for h in dealt])
            forced = forced_ref
            assert game.leader == seat
        elif rule == "winner":
            assert game.leader == last_placer
        elif rule == "rotate":
            assert prev_leader is not None and game.leader == (prev_leader + 1) % players
        elif rule == "solo":
            assert game.leader == 0
        ref = RefHand(
            rules.spinners, [[ref_tile(t) for t in h] for h in dealt],
            [ref_tile(t) for t in boneyard], game.leader, drawing=rules.drawing,
            reserve=rules.boneyard_reserve, forced_lead=forced,
            branches_immediate=rules.spinner_branches_immediate,
            overdraw=rules.overdraw_allowed, sniff=rules.sniff,
            sniff_choice=rules.sniff_orientation_choice,
        )
        drawn = 0
        actions: list[Action] = []
        while phase_of(game) == "play":
            seat = game.turn
            assert seat == ref.turn
            # conservation
            held = [t for s in range(players) for t in game.hand(s)]
            placed = [n.tile for n in game.layout.nodes]
            rest = boneyard[drawn:]
            assert len(held) + len(placed) + len(rest) == 28
            assert set(held) | set(placed) | set(rest) == set(ALL_TILES)
            assert game.boneyard_size == len(rest)
            assert list(game.hand_sizes) == [len(game.hand(s)) for s in range(players)]
            legal = list(game.legal_moves)
            assert legal, "a hand in play always has a legal move"
            if checks.reference:
                assert notations(legal) == ref.legal()
                assert game.counted_total == ref.layout.total()
                assert {(e.node, e.port, e.value) for e in layout_ends(game.layout)} == set(
                    ref.layout.playable())
                assert all(game.is_legal(m) for m in legal)
            if checks.push_pop:
                check_push_pop(game, rng)
            if checks.views:
                check_views(game, players, actions)
                check_error_messages(game, rng)
            move = rng.choice(legal)
            values = sorted(e.value for e in layout_ends(game.layout))
            events = game.play(move)
            assert events, "play returns the events it caused"
            first = events[0]
            if move.kind in ("lead", "place"):
                assert isinstance(first, PlayEvent)
                assert (first.seat, first.move, first.hand) == (seat, str(move),
                                                                game.hand_number)
                points = rules.score_of_total(first.total)
                if rules.target_exact and scores[rules.side_of(seat)] + points > rules.target:
                    points = 0  # §9 O5: a score past the target is not applied
                assert first.points == points
                scores[rules.side_of(seat)] += first.points
                last_placer = seat
            elif move.kind == "draw":
                assert isinstance(first, DrawEvent)
                assert first.tile == boneyard[drawn], "a draw takes the top of the boneyard"
                drawn += 1
                # §4.3: an overdraw (a draw beside a placement) costs the deck; a forced draw
                # only under draw_cost_on=every_draw (§9 O15).
                if rules.is_solitaire and (rules.draw_cost_on == "every_draw"
                                           or len(legal) > 1):
                    scores[1] += rules.draw_cost
            else:
                assert isinstance(first, PassEvent) and first.seat == seat
            if not isinstance(first, PassEvent):
                assert list(first.scores) == scores
            actions.append((seat, move.kind,
                            move.notation(explicit=True) if move.kind in ("lead", "place")
                            else None,
                            first.tile if isinstance(first, DrawEvent) else None, values))
            for event in events:
                assert set(event.to_json()) == EVENT_KEYS[event.to_json()["type"]]
            ended_by_target = any(isinstance(e, HandEndEvent) and e.result == "target"
                                  for e in events)
            if checks.reference and not ended_by_target:
                ref.apply(move.notation(explicit=True))
                if isinstance(first, PlayEvent):
                    assert first.total == ref.layout.total()
            for event in events[1:]:
                if isinstance(event, HandEndEvent):
                    remaining = [list(game.hand(s)) for s in range(players)]
                    assert list(event.pips) == [sum(t.pips for t in h) for h in remaining]
                    if event.result == "target":
                        assert all(d == 0 for d in event.deltas)
                        assert event.winner is not None
                        assert scores[event.winner] >= rules.target
                    else:
                        if checks.reference:
                            assert event.result == ref.over, (event.result, ref.over)
                        out_seat = seat if event.result == "out" else None
                        if event.result == "out":
                            assert not game.hand(seat)
                        if checks.settlement:
                            winner, deltas = expected_settlement(
                                preset, players, teams, event.result, out_seat, remaining,
                                options)
                            if rules.target_exact:
                                deltas = [0 if d > 0 and sc + d > rules.target else d
                                          for sc, d in zip(scores, deltas, strict=True)]
                            assert list(event.deltas) == deltas, (event, deltas)
                            if not (preset == "fives-and-threes" and event.result == "blocked"):
                                assert event.winner == winner, (event, winner)
                        scores = [s + d for s, d in zip(scores, event.deltas, strict=True)]
                    assert list(event.scores) == scores
                    prev_result = event.result
                elif isinstance(event, GameEndEvent):
                    assert list(event.scores) == scores
                    assert scores[event.winner] == max(scores)
                    assert scores.count(max(scores)) == 1
                    assert scores[event.winner] >= rules.target
                    if rules.target_exact:
                        assert scores[event.winner] == rules.target
                else:
                    raise AssertionError(f"unexpected event after the move: {event}")
            assert list(game.scores) == scores
        assert ref.over is not None or not checks.reference or prev_result == "target"
        if checks.views:
            check_views(game, players)
        prev_leader = game.leader
        if phase_of(game) == "game_over":
            assert game.is_over and game.winner is not None
            assert isinstance(game.events[-1], GameEndEvent)
            return game
        # end-of-hand target test (§1.8): no side may be a unique top at or above the target
        top = max(scores)
        if rules.target_check == "end_of_hand_unique":
            assert not (top >= rules.target and scores.count(top) == 1)
        else:
            assert top < rules.target
        game.next_hand()
        if rules.is_solitaire and rules.handicap_each_hand:
            scores[1] += rules.handicap  # §4.1: the deck's handicap at the start of every hand
        assert list(game.scores) == scores, "dealing changes no score but the handicap"
    return game
