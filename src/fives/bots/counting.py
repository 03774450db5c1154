"""How the bots count under muggins claims (RULES.md §9 O1): whole games at a table that asks
every seat for its call, and the counts of short claims and calls they give.

``bench/muggins_rates.py`` measures each level's rates with these over many games; the tests
check them against ``HUMAN_COUNTING`` (docs/BOTS.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fives.bots.base import Budget, Player, table_call
from fives.events import MugginsEvent, PlayEvent
from fives.game import Game
from fives.rules import Ruleset

MAX_ACTIONS = 20_000  # a game stops here whatever happens (no preset needs so many)


def play_claims_game(rules: Ruleset, players: Mapping[int, Player], seed: int,
                     budget: Budget | None = None) -> Game:
    """A whole game of bots (one per seat): after every placement each seat that may call is
    asked in turn order (``table_call``), then the seat to play chooses and claims."""
    game = Game(rules, seed=seed)
    actions = 0
    while not game.is_over and actions < MAX_ACTIONS:
        if game.phase_name == "hand_over":
            game.next_hand()
            continue
        actions += 1
        call = table_call(game, players)
        if call is not None:
            game.play(call)
            continue
        seat = game.turn
        game.play(players[seat].choose(game.view(seat), budget))
    return game


@dataclass
class CountingStats:
    """What one group of seats did with claims and calls in some games."""

    scoring: int = 0  # its placements that scored (short counts are possible only there)
    short: int = 0  # of which it claimed short
    over: int = 0  # placements it claimed above their score
    windows: int = 0  # short claims by another side that it alone could still call first
    calls: int = 0  # of which it called
    mistaken: int = 0  # calls on a claim that was not short

    def add(self, other: CountingStats) -> None:
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def short_rate(self) -> float:
        return self.short / self.scoring if self.scoring else 0.0

    @property
    def call_rate(self) -> float:
        return self.calls / self.windows if self.windows else 1.0


def counting_stats(game: Game, seats: set[int]) -> CountingStats:
    """The claims and calls of ``seats`` in ``game``'s events. A window counts for them when the
    placer is of another side and the first seat asked to call is one of them (two-player
    games: always the other seat)."""
    rules = game.rules
    stats = CountingStats()
    events = game.events
    for k, event in enumerate(events):
        if not isinstance(event, PlayEvent) or event.claim is None:
            continue
        score = rules.score_of_total(event.total)
        if event.seat in seats:
            stats.scoring += score > 0
            stats.short += event.claim < score
            stats.over += event.claim > score
        nxt = events[k + 1] if k + 1 < len(events) else None
        first = (event.seat + 1) % rules.players
        if (event.claim < score and first in seats
                and rules.side_of(first) != rules.side_of(event.seat)
                and (nxt is None or nxt.type not in ("hand_end", "penalty"))):
            stats.windows += 1
            stats.calls += isinstance(nxt, MugginsEvent) and nxt.seat in seats
        if isinstance(nxt, MugginsEvent) and nxt.seat in seats and nxt.points == 0:
            stats.mistaken += 1
    return stats
