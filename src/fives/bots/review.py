"""Game review: every decision of a record valued by the expert from what its player knew.

``review(record, seats=..., budget=...)`` replays a record (RULES.md §12.3) and, for each
decision of the chosen seats, asks a fresh expert for the value of every legal tile move from
that seat's ``SeatView`` at that moment (the contract in docs/BOTS.md, "What the review asks of
the expert"): nothing else is read, so a decision is judged by what the player could know, never
by the tiles revealed later. A *decision* is a turn with more than one legal tile move that are
not the same move for the future (placements that leave the same total and open ends, such as
the two free arms of a spinner, count as one); draws, passes, forced moves and muggins calls are
not decisions.

Per decision: the values (in the game's points: raw points, or fives where the game scores in
fives), the best move, the loss (best minus played, never negative), its class (``classify``)
and the side's win chance before and after it (``fives.bots.winchance``). Under muggins claims
the claim is part of the decision: what the claim left short of the tile's exact score, and
what an opponent's call or an over-claim's penalty gave the other sides, is added to the loss.

Each decision's expert is seeded from the review's seed and the decision's place in the record
(hand, action, seat), never from hidden tiles, and thinks for an iteration budget: the same
review comes out on any machine, and decisions can be valued in parallel processes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

from fives.bots import make_player
from fives.bots.base import Budget
from fives.bots.expert import move_groups
from fives.bots.winchance import win_chance
from fives.errors import UsageError
from fives.events import MugginsEvent, PenaltyEvent, PlayEvent
from fives.record import Record, load_record

if TYPE_CHECKING:
    from fives.moves import Move
    from fives.rules import Ruleset
    from fives.views import SeatView

DEFAULT_BUDGET = 200  # iterations of the expert per decision (about 0.1 s of one core)
CLASSES = ("best", "good", "inaccuracy", "mistake", "blunder")
# Upper bounds of the loss (raw points, or fives x 5) of the first four classes: a loss up to
# 0.5 is "best" (within the search's noise), up to 2 "good", ... above 10 "blunder". Chosen from
# the measured loss distributions of the bot levels (docs/BOTS.md, "Game review").
THRESHOLDS = (0.5, 2.0, 4.0, 10.0)


class ClaimJSON(TypedDict):
    claimed: int
    exact: int
    loss: float


class SeatJSON(TypedDict):
    seat: int
    decisions: int
    mean_loss: float | None
    accuracy: float | None
    classes: dict[str, int]


@dataclass(frozen=True)
class Decision:
    """One reviewed decision. ``hand`` and ``index`` are 1-based: the action is
    ``hands[hand - 1].actions[index - 1]`` of the record. Values and losses are in the game's
    points; ``win_before``/``win_after`` are the deciding seat's side's win chance (None when
    no model covers the rules)."""

    hand: int
    index: int
    seat: int
    played: str
    best: str
    values: tuple[tuple[str, float], ...]  # every legal tile move, best first
    loss: float
    klass: str
    accuracy: float  # 0-1: how much of the gap from the worst move to the best was closed
    win_before: float | None = None
    win_after: float | None = None
    claim: ClaimJSON | None = None  # under muggins claims: the claim, the exact score, its loss

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "hand": self.hand, "index": self.index, "seat": self.seat, "played": self.played,
            "best": self.best, "values": dict(self.values), "loss": self.loss,
            "class": self.klass, "win_before": self.win_before, "win_after": self.win_after,
        }
        if self.claim is not None:
            out["claim"] = dict(self.claim)
        return out


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions summed up. ``accuracy`` (0-100) is the mean over its decisions of
    1 - loss / (best value - worst value), the share of the gap between the worst legal move and
    the best one that the move played closed (1 where every move is worth the same): a player
    who always plays the best move gets 100, one who always plays the worst 0. None (mean loss
    and accuracy) when the seat had no decision."""

    seat: int
    decisions: int
    mean_loss: float | None
    accuracy: float | None
    classes: dict[str, int]

    def to_json(self) -> SeatJSON:
        return {"seat": self.seat, "decisions": self.decisions, "mean_loss": self.mean_loss,
                "accuracy": self.accuracy, "classes": dict(self.classes)}


@dataclass(frozen=True)
class Review:
    seats: tuple[SeatSummary, ...]
    decisions: tuple[Decision, ...]
    # The win chance of side 0 after each action: (hand, actions played in it, chance); index
    # 0 is the position once the hand is dealt. Empty when no model covers the rules.
    win: tuple[tuple[int, int, float], ...] = ()
    unit: str = "raw"

    def to_json(self, record: object = None) -> dict[str, Any]:
        """The review as ``fives analyse --format json`` prints it (docs/BOTS.md)."""
        return {
            "record": record,
            "seats": [s.to_json() for s in self.seats],
            "decisions": [d.to_json() for d in self.decisions],
            "win": [list(w) for w in self.win],
        }


@dataclass(frozen=True)
class Pending:
    """A decision found by the replay, before the expert values it."""

    hand: int
    index: int
    seat: int
    view: SeatView | None  # None once it has gone to the valuation (a web job carries it apart)
    played: Move
    seed: int
    claim: ClaimJSON | None = None
    win_before: float | None = None
    win_after: float | None = None
    labels: dict[Move, str] = field(default_factory=dict)


def classify(loss: float, unit_scale: int = 1) -> str:
    """The class of a loss in the game's points (``unit_scale`` 5 where it scores in fives)."""
    raw = loss * unit_scale
    for name, bound in zip(CLASSES, THRESHOLDS, strict=False):
        if raw <= bound + 1e-9:
            return name
    return CLASSES[-1]


def scale_of(rules: Ruleset) -> int:
    """Raw points per point of the game's score (5 where it scores in fives)."""
    return 5 if rules.unit == "displayed" else 1


def decision_seed(seed: int, hand: int, index: int, seat: int) -> int:
    """The seed of one decision's expert: from the review's seed and the decision's place only
    (never from a tile), so that hidden tiles cannot change the review."""
    digest = hashlib.sha256(f"review:{seed}:{hand}:{index}:{seat}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def default_seats(record: Record) -> list[int]:
    """Every seat that the record's ``meta`` does not name a bot (the web's ``kind``, the
    terminal's ``player``); every seat when it names none, or only bots."""
    players = record.rules.players
    seats = record.meta.get("seats")
    if isinstance(seats, list) and len(seats) == players:
        people = [s for s, entry in enumerate(seats)
                  if not (isinstance(entry, dict)
                          and "bot" in (entry.get("kind"), entry.get("player")))]
        if people:
            return people
    return list(range(players))


def check_seats(record: Record, seats: Iterable[int] | None) -> list[int]:
    """The seats to review, checked: a seat that does not exist is a one-line error."""
    if seats is None:
        return default_seats(record)
    players = record.rules.players
    out: list[int] = []
    for seat in seats:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise UsageError(
                f"invalid seat {seat!r}: expected a seat number from 0 to {players - 1}",
                key="invalid_seat", seat=repr(seat))
        if seat not in out:
            out.append(seat)
    return sorted(out)


def tile_moves(view: SeatView) -> tuple[Move, ...]:
    return tuple(m for m in view.legal_moves if m.kind != "muggins")


def labels_of(moves: Sequence[Move]) -> dict[Move, str]:
    """Each move's notation: the short form (``6-3@2``) unless another move shares it, then
    with its port (``6-3@2.L``)."""
    short = [m.notation() for m in moves]
    return {m: (s if short.count(s) == 1 else m.notation(explicit=True))
            for m, s in zip(moves, short, strict=True)}


WinCurve = tuple[tuple[int, int, float], ...]


def find_decisions(record: Record, seats: Sequence[int],
                   seed: int = 0) -> tuple[list[Pending], WinCurve]:
    """Replay the record and list the decisions of ``seats``, with their win chances and (under
    muggins claims) what each claim cost; and side 0's win chance after each action as
    (hand, actions played in it, chance), index 0 once the hand is dealt (empty when no model
    covers the rules)."""
    rules = record.rules
    wanted = set(seats)
    found: list[Pending] = []
    steps = []
    for step in record.steps():
        game = step.game
        steps.append((step, win_chance(game)))
        if game.turn not in wanted or step.text.startswith("muggins"):
            continue
        view = game.view(game.turn)
        moves = tile_moves(view)
        if len(moves) < 2 or len(move_groups(view, moves)) < 2:
            continue
        played = game.parse_move(step.text)
        if played.kind == "muggins":
            continue
        found.append(Pending(step.hand, step.index, game.turn, view, played,
                             decision_seed(seed, step.hand, step.index, game.turn),
                             labels=labels_of(moves)))
    # The win chance after each action is the one before the next (or at the record's end).
    final = win_chance(steps[-1][0].game) if steps else None
    after: dict[tuple[int, int], float | None] = {}
    claims: dict[tuple[int, int], ClaimJSON] = {}
    for n, (step, _) in enumerate(steps):
        nxt = steps[n + 1] if n + 1 < len(steps) else None
        after[(step.hand, step.index)] = nxt[1] if nxt is not None else final
        if rules.muggins_claims:
            follow = nxt[0].events if nxt is not None else []
            cost = claim_cost(rules, step.events, follow)
            if cost is not None:
                claims[(step.hand, step.index)] = cost
    before = {(s.hand, s.index): p for s, p in steps}
    curve: WinCurve = ()
    if steps and final is not None and any(p is not None for _, p in steps):
        curve = tuple((s.hand, s.index - 1, round(p, 3)) for s, p in steps if p is not None)
        last = steps[-1][0]
        curve += ((last.hand, last.index, round(final, 3)),)
    out = []
    for d in found:
        key = (d.hand, d.index)
        side = rules.side_of(d.seat)
        out.append(Pending(
            d.hand, d.index, d.seat, d.view, d.played, d.seed, claims.get(key),
            _for_side(before[key], side), _for_side(after[key], side), d.labels))
    return out, curve


def _for_side(p0: float | None, side: int) -> float | None:
    if p0 is None:
        return None
    return round(p0 if side == 0 else 1.0 - p0, 3)


def claim_cost(rules: Ruleset, events: Sequence[object],
               follow: Sequence[object]) -> ClaimJSON | None:
    """What a claimed placement cost its side (game's points): the exact score it did not
    score, plus what the other sides took from it (a call, an over-claim's penalty), per other
    side as the expert's values count them."""
    play = next((e for e in events if isinstance(e, PlayEvent)), None)
    if play is None or play.claim is None:
        return None
    exact = rules.score_of_total(play.total)
    others = max(1, rules.sides - 1)
    given = sum(e.points for e in events if isinstance(e, PenaltyEvent))
    given += sum(e.points for e in follow
                 if isinstance(e, MugginsEvent)
                 and rules.side_of(e.seat) != rules.side_of(play.seat))
    loss = (exact - play.points) + given / others  # claims and scores share the game's unit
    return {"claimed": play.claim, "exact": exact, "loss": round(loss, 2)}


def value_decision(task: tuple[SeatView, int, int, str]) -> list[tuple[Move, float]]:
    """Every tile move's value (raw points) by a fresh expert: the contract of docs/BOTS.md."""
    view, seed, iterations, level = task
    moves = tile_moves(view)
    player = make_player(level, seed=seed)
    ranked = player.explain(view, top=len(moves), budget=Budget(iterations=iterations))
    return [(c.move, c.value) for c in ranked]


def judge(d: Pending, ranked: Sequence[tuple[Move, float]], scale: int) -> Decision:
    """The decision's values, loss, class and accuracy from the expert's ranking."""
    values = {m: v for m, v in ranked}
    played = d.played.unclaimed if d.played.claim >= 0 else d.played
    if played not in values:  # the same placement named another way: match by notation
        text = played.notation(explicit=True)
        played = next(m for m in values if m.notation(explicit=True) == text)
    best_move = max(values, key=lambda m: values[m])
    best, worst, mine = values[best_move], min(values.values()), values[played]
    tile_loss = max(0.0, best - mine) / scale
    claim_loss = d.claim["loss"] if d.claim is not None else 0.0
    loss = round(tile_loss + claim_loss, 2)
    spread = (best - worst) / scale + claim_loss
    accuracy = 1.0 if spread <= 1e-9 else max(0.0, 1.0 - loss / spread)
    if values[played] >= best:
        best_move = played  # equal values: the move played is the best one
    return Decision(
        d.hand, d.index, d.seat, d.labels.get(played, played.notation()),
        d.labels.get(best_move, best_move.notation()),
        tuple((d.labels.get(m, m.notation()), round(v / scale, 2)) for m, v in ranked),
        loss, classify(loss, scale), accuracy, d.win_before, d.win_after, d.claim)


def summarise(seat: int, decisions: Sequence[Decision]) -> SeatSummary:
    mine = [d for d in decisions if d.seat == seat]
    classes = {name: sum(d.klass == name for d in mine) for name in CLASSES}
    if not mine:
        return SeatSummary(seat, 0, None, None, classes)
    return SeatSummary(seat, len(mine), round(sum(d.loss for d in mine) / len(mine), 2),
                       round(100 * sum(d.accuracy for d in mine) / len(mine), 1), classes)


def review(
    record: Record | str | bytes | Mapping[str, object],
    *,
    seats: Iterable[int] | None = None,
    budget: int = DEFAULT_BUDGET,
    level: str = "expert",
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> Review:
    """Review ``record`` for ``seats`` (default: the seats its meta does not name bots, else
    all) with ``budget`` iterations of ``level`` per decision; ``jobs`` processes value the
    decisions in parallel (the same review whatever their number); ``progress(done, total)`` is
    called as decisions are valued."""
    rec = record if isinstance(record, Record) else load_record(record)
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise UsageError(f"invalid budget {budget!r}: expected a positive number of iterations",
                         key="invalid_budget", value=repr(budget))
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise UsageError(f"invalid jobs {jobs!r}: expected a positive integer",
                         key="invalid_jobs", value=repr(jobs))
    make_player(level)  # an unknown level fails here, with its one-line error
    chosen = check_seats(rec, seats)
    pending, curve = find_decisions(rec, chosen, seed)
    scale = scale_of(rec.rules)
    tasks = [(d.view, d.seed, budget, level) for d in pending if d.view is not None]
    results: list[list[tuple[Move, float]]] = []
    assert len(tasks) == len(pending)  # find_decisions keeps every view
    if progress is not None:
        progress(0, len(tasks))
    if jobs == 1 or len(tasks) < 2:
        for task in tasks:
            results.append(value_decision(task))
            if progress is not None:
                progress(len(results), len(tasks))
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(tasks))) as pool:
            for ranked in pool.map(value_decision, tasks):
                results.append(ranked)
                if progress is not None:
                    progress(len(results), len(tasks))
    decisions = tuple(judge(d, r, scale) for d, r in zip(pending, results, strict=True))
    return Review(tuple(summarise(s, decisions) for s in chosen), decisions, curve,
                  rec.rules.unit)

