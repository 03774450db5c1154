"""Games between bots: seat plans, duplicate deals, parallel workers and the statistics.

``fives tournament``, ``fives match`` and ``bench/strength.py`` are thin wrappers over this
module. A *game* is a whole game to the target. With duplicate deals each deal is played once
per seating (two sides: sides swapped; three or four individuals: the first bot rotated through
every seat), so the luck of the deal cancels out.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field

from fives.bots.base import Budget
from fives.rules import OptionValue, Ruleset

# A game that runs this long is abandoned as a no-result (a safety net: it never happens with
# the shipped presets, whose games end in a few dozen hands at most).
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Entrant:
    """One bot in a match: its level, the label shown in tables, and its thinking budget."""

    level: str
    label: str
    budget: Budget | None = None


@dataclass(frozen=True)
class Task:
    """One game to play: the rules, who sits where, and the seeds."""

    index: int
    preset: str
    options: tuple[tuple[str, OptionValue], ...]
    seats: tuple[Entrant, ...]
    deal_seed: int
    bot_seed: int
    pair: tuple[str, str]  # the two labels this game compares (the same label twice in SOL)
    counting: str = "exact"  # how the bots count their claims under muggins claims (§9 O1)


@dataclass
class GameOutcome:
    index: int
    deal_seed: int
    seats: list[str]
    pair: tuple[str, str]
    winner_label: str | None  # "deck" when the deck beats the solitaire player
    scores: list[int]
    hands: int
    actions: int
    side_points: dict[str, float]  # label -> points its side(s) gained over the game
    move_times: dict[str, list[float]] = field(default_factory=dict)


def parse_option(text: str) -> tuple[str, OptionValue]:
    """``key=value`` with the value read as a bool, an int or a string."""
    if not isinstance(text, str) or "=" not in text:
        raise ValueError(f"invalid option {text!r}: expected KEY=VALUE, e.g. players=4")
    key, _, raw = text.partition("=")
    key = key.strip().replace("-", "_")
    raw = raw.strip()
    if not key or not raw:
        raise ValueError(f"invalid option {text!r}: expected KEY=VALUE, e.g. players=4")
    value: OptionValue
    if raw.lower() in ("true", "yes", "on"):
        value = True
    elif raw.lower() in ("false", "no", "off"):
        value = False
    else:
        try:
            value = int(raw)
        except ValueError:
            value = raw
    return key, value


def build_rules(preset: str, options: Sequence[tuple[str, OptionValue]]) -> Ruleset:
    return Ruleset.preset(preset, **dict(options))


def plan_games(
    preset: str,
    options: Sequence[tuple[str, OptionValue]],
    first: Entrant,
    second: Entrant | None,
    games: int,
    *,
    seed: int = 1,
    duplicate: bool = True,
    start_index: int = 0,
    counting: str = "exact",
) -> list[Task]:
    """The games of one pairing (``second`` is None for a lone solitaire player).

    With ``duplicate`` the games come in groups on the same deal: one per seating. ``games`` is
    the number of games (a partial last group is kept, so the count is exact).
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"invalid number of games {games!r}: expected a positive integer")
    rules = build_rules(preset, options)
    n = rules.players
    opts = tuple(options)
    tasks: list[Task] = []
    seatings: list[tuple[Entrant, ...]]
    if rules.is_solitaire:
        # Each player meets the deck on the same deals: the solitaire form of duplicate.
        players = [first] if second is None else [first, second]
        seatings = [(p,) for p in players]
    else:
        if second is None:
            raise ValueError(f"preset {preset!r} needs two bots, got one")
        if rules.sides == 2:
            a_seats = [s for s in range(n) if rules.side_of(s) == 0]
            normal = tuple(first if s in a_seats else second for s in range(n))
            swapped = tuple(second if s in a_seats else first for s in range(n))
            seatings = [normal, swapped]
        else:  # individuals: the first bot against a field of the second, in every seat
            seatings = [
                tuple(first if s == r else second for s in range(n)) for r in range(n)
            ]
    group = len(seatings) if duplicate else 1
    deal = 0
    while len(tasks) < games:
        deal_seed = seed * 1_000_003 + deal  # the same deals for every pairing
        chosen = seatings if duplicate else [seatings[deal % len(seatings)]]
        for k, seating in enumerate(chosen[: max(0, min(group, games - len(tasks)))]):
            pair = (first.label, second.label if second is not None else first.label)
            if rules.is_solitaire:
                pair = (seating[0].label, seating[0].label)
            tasks.append(
                Task(
                    index=start_index + len(tasks),
                    preset=preset,
                    options=opts,
                    seats=seating,
                    deal_seed=deal_seed,
                    bot_seed=deal_seed * 7 + k,
                    pair=pair,
                    counting=counting,
                )
            )
        deal += 1
    return tasks


def play_task(task: Task) -> GameOutcome:
    """Play one whole game (runs in a worker process)."""
    from fives.bots import make_player
    from fives.bots.base import table_call
    from fives.game import Game

    rules = build_rules(task.preset, task.options)
    game = Game(rules, seed=task.deal_seed)
    players = [
        make_player(e.level, seed=task.bot_seed * 16 + seat, counting=task.counting)
        for seat, e in enumerate(task.seats)
    ]
    start = list(game.scores)
    times: dict[str, list[float]] = {e.label: [] for e in task.seats}
    actions = 0
    clock = time.perf_counter
    while not game.is_over and actions < MAX_ACTIONS:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        if rules.muggins_claims:  # §9 O1: a seat whose turn it is not may call first
            call = table_call(game, dict(enumerate(players)))
            if call is not None:
                game.play(call)
                actions += 1
                continue
        seat = game.turn
        entrant = task.seats[seat]
        view = game.view(seat)
        t0 = clock()
        move = players[seat].choose(view, entrant.budget)
        if len(view.legal_moves) > 1:  # time real decisions, not forced draws and passes
            times[entrant.label].append(clock() - t0)
        game.play(move)
        actions += 1
    scores = list(game.scores)
    winner_label: str | None = None
    if game.is_over and game.winner is not None:
        winner_side = game.winner
        if rules.is_solitaire:
            winner_label = task.seats[0].label if winner_side == 0 else "deck"
        else:
            for seat, e in enumerate(task.seats):
                if rules.side_of(seat) == winner_side:
                    winner_label = e.label
                    break
    # Points per label: the mean gain of the sides it holds (each side counted once).
    side_points: dict[str, float] = {}
    seen: dict[str, set[int]] = {}
    for seat, e in enumerate(task.seats):
        seen.setdefault(e.label, set()).add(rules.side_of(seat))
    for label, sides in seen.items():
        side_points[label] = sum(scores[s] - start[s] for s in sides) / len(sides)
    return GameOutcome(
        index=task.index,
        deal_seed=task.deal_seed,
        seats=[e.label for e in task.seats],
        pair=task.pair,
        winner_label=winner_label,
        scores=scores,
        hands=game.hand_number,
        actions=actions,
        side_points=side_points,
        move_times=times,
    )


def run_tasks(
    tasks: Sequence[Task],
    jobs: int = 1,
    on_result: Callable[[GameOutcome], None] | None = None,
) -> list[GameOutcome]:
    """Play the tasks, ``jobs`` processes at a time; results come back in task order."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"invalid number of jobs {jobs!r}: expected a positive integer")
    results: list[GameOutcome] = []
    for outcome in _iterate(tasks, jobs):
        results.append(outcome)
        if on_result is not None:
            on_result(outcome)
    results.sort(key=lambda o: o.index)
    return results


def _iterate(tasks: Sequence[Task], jobs: int) -> Iterator[GameOutcome]:
    if jobs == 1 or len(tasks) <= 1:
        for task in tasks:
            yield play_task(task)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(play_task, tasks, chunksize=1)


# --- statistics -----------------------------------------------------------------------------


def wilson_interval(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (well behaved near 0 and 1)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_difference(score: float) -> float:
    """Elo difference implied by an expected score (clamped to +/-800 at 0% and 100%)."""
    if score <= 0:
        return -800.0
    if score >= 1:
        return 800.0
    return max(-800.0, min(800.0, -400 * math.log10(1 / score - 1)))


@dataclass
class SideStats:
    label: str
    games: int
    wins: int
    win_rate: float
    ci_low: float
    ci_high: float
    points_per_hand: float
    elo: float | None


@dataclass
class PairStats:
    first: str
    second: str
    games: int
    no_result: int
    sides: list[SideStats]


def pair_stats(
    outcomes: Sequence[GameOutcome], first: str, second: str, *, two_sided: bool = True
) -> PairStats:
    """Win rates of one pairing; Elo only where each game has one winner of two sides."""
    mine = [o for o in outcomes if o.pair == (first, second)]
    solitaire = first == second
    games = len(mine)
    no_result = sum(1 for o in mine if o.winner_label is None)
    labels = [first] if solitaire else [first, second]
    hands = sum(o.hands for o in mine) or 1
    sides: list[SideStats] = []
    for label in labels:
        wins = sum(1 for o in mine if o.winner_label == label)
        low, high = wilson_interval(wins, games)
        points = sum(o.side_points.get(label, 0.0) for o in mine) / hands
        elo: float | None = None
        if not solitaire and two_sided:
            # Two-sided games: a no-result counts as half a win for each side.
            score = (wins + 0.5 * no_result) / games if games else 0.5
            elo = elo_difference(score)
        sides.append(
            SideStats(label, games, wins, wins / games if games else 0.0, low, high, points, elo)
        )
    return PairStats(first, second, games, no_result, sides)


def fit_elo(
    results: dict[tuple[str, str], tuple[float, float]], labels: Sequence[str]
) -> dict[str, float]:
    """Ratings (mean 1500) fitted to pairwise (wins_first, wins_second) by Bradley-Terry.

    One virtual drawn game per pairing keeps the ratings finite when a side never lost.
    """
    wins: dict[tuple[str, str], float] = {}
    for (a, b), (wa, wb) in results.items():
        wins[(a, b)] = wins.get((a, b), 0.0) + wa + 0.5
        wins[(b, a)] = wins.get((b, a), 0.0) + wb + 0.5
    strength = {label: 1.0 for label in labels}
    for _ in range(500):
        new: dict[str, float] = {}
        for label in labels:
            won = sum(w for (a, _b), w in wins.items() if a == label)
            denom = 0.0
            for (a, b), w in wins.items():
                if a == label:
                    games = w + wins.get((b, a), 0.0)
                    denom += games / (strength[a] + strength[b])
            new[label] = won / denom if denom else strength[label]
        mean_log = statistics.fmean(math.log(v) for v in new.values())
        strength = {k: v / math.exp(mean_log) for k, v in new.items()}
    return {k: 1500 + 400 * math.log10(v) for k, v in strength.items()}


def time_stats(outcomes: Sequence[GameOutcome]) -> dict[str, dict[str, float]]:
    """Per label: number of moves, median, 99th percentile and worst seconds per move."""
    merged: dict[str, list[float]] = {}
    for o in outcomes:
        for label, ts in o.move_times.items():
            merged.setdefault(label, []).extend(ts)
    out: dict[str, dict[str, float]] = {}
    for label, ts in merged.items():
        if ts:
            out[label] = {
                "moves": float(len(ts)),
                "median_s": statistics.median(ts),
                "worst_s": max(ts),
                "p99_s": sorted(ts)[min(len(ts) - 1, int(0.99 * len(ts)))],
                "mean_s": statistics.fmean(ts),
            }
    return out


def outcomes_json(outcomes: Sequence[GameOutcome]) -> list[dict[str, object]]:
    rows = []
    for o in outcomes:
        row = asdict(o)
        row.pop("move_times")
        row["pair"] = list(o.pair)
        rows.append(row)
    return rows
