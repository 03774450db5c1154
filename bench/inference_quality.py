"""How much of the other seats' hands the expert's belief finds (run by hand).

Plays games of bots (``--me`` at seat 0, ``--opponent`` at every other seat) and, at seat 0's
decisions (more than one legal move, a non-empty boneyard), draws ``--samples`` deals from each
sampler and measures the belief about every other seat holding at least 3 tiles:

- true: the mean probability the samples give to the tiles the seat really holds (the share
  of samples that deal each of its real tiles to it, averaged over its tiles);
- late: the same at the decisions where that seat had already made 3 placements this hand;
- false: the mean probability given to the unseen tiles it does not hold (lower is sharper);
- brier: the mean squared error of those probabilities over every unseen tile (a proper
  score, lowest for the true posterior: unlike ``true``, an over-confident belief does not
  gain by it);
- us/sample: the sampler's time per deal (this process, this machine).

Samplers:
- none: no evidence at all, uniform over the unseen tiles (computed: hand size / unseen);
- hard: the hard evidence only (voids, forced leads): ``sample_deal``;
- soft: the soft evidence with learned keep rates (``sample_soft``: ``expert``, ``expert-v2``);
- policy: policy-based inference (``belief.PolicyBelief``: ``expert-pbi``);
- strict: every soft event taken as hard (a model of greedy itself);
- exact: 2 players only, rejection sampling of the strict model (is the sequential sampler
  biased?); slow, so only with ``--samplers``.

With ``--counting human`` (a preset with muggins claims, e.g. muggins-1868) the bots claim and
call like people (``base.HUMAN_COUNTING``), the table asking every seat for its call.

    python bench/inference_quality.py --games 30 --samples 40
    python bench/inference_quality.py --opponent expert-v2 --budget 30it --games 20
    python bench/inference_quality.py --preset muggins-1868 --counting human --opponent heuristic
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from fives.bots import Budget, make_player
from fives.bots.base import table_call
from fives.bots.belief import PolicyBelief
from fives.bots.inference import Knowledge, infer, sample_deal, sample_soft, strict_slots
from fives.cli.tournament import parse_budget
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import ids_of
from fives.views import SeatView

SAMPLERS = ("none", "hard", "soft", "policy", "strict")
LATE = 3  # placements of the seat this hand, from which a decision counts as late


def _strict_sample(know: Knowledge, rng: random.Random) -> list[int]:
    hard = Knowledge(know.seat, know.hand, know.unseen, strict_slots(know), know.boneyard_size,
                     know.players)
    return sample_deal(hard, rng)[0]


def _exact_sample(know: Knowledge, rng: random.Random, tries: int = 50_000) -> list[int]:
    other = 1 - know.seat
    slots = strict_slots(know)[other]
    pick: list[int] = []
    for _ in range(tries):
        ids = ids_of(know.unseen)
        rng.shuffle(ids)
        pick = ids[: len(slots)]
        if all(not forbidden >> tid & 1 for forbidden, tid in zip(slots, pick, strict=True)):
            break
    hands = [0, 0]
    hands[other] = sum(1 << t for t in pick)
    return hands


def _sampler(name: str, know: Knowledge) -> Callable[[random.Random], list[int]]:
    if name == "hard":
        return lambda rng: sample_deal(know, rng)[0]
    if name == "soft":
        return lambda rng: sample_soft(know, rng)[0]
    if name == "policy":
        belief = PolicyBelief(know)
        return lambda rng: belief.sample(rng)[0]
    if name == "strict":
        return lambda rng: _strict_sample(know, rng)
    return lambda rng: _exact_sample(know, rng)


def _square_error(hits: int, samples: int, held: int) -> float:
    """(p - held)^2 for the belief p that ``hits`` of ``samples`` estimate, without the
    sampling noise (an unbiased estimate: minus p(1 - p) / (samples - 1)), so that the score
    does not depend on the number of samples."""
    p = hits / samples
    noise = p * (1 - p) / (samples - 1) if samples > 1 else 0.0
    return (p - held) ** 2 - noise


class Tally:
    """Per sampler: the probabilities given to true tiles (all, late) and to false ones, and
    the time spent."""

    def __init__(self, samplers: list[str]) -> None:
        self.samplers = samplers
        self.true: dict[str, list[float]] = {name: [] for name in samplers}
        self.late: dict[str, list[float]] = {name: [] for name in samplers}
        self.false: dict[str, list[float]] = {name: [] for name in samplers}
        self.brier: dict[str, list[float]] = {name: [] for name in samplers}
        self.spent = dict.fromkeys(samplers, 0.0)
        self.drawn = dict.fromkeys(samplers, 0)
        self.decisions = 0

    def measure(self, game: Game, view: SeatView, samples: int, rng: random.Random) -> None:
        """Every sampler's belief at seat 0's decision ``view`` about the other seats holding
        at least 3 tiles."""
        players = len(view.hand_sizes)
        know = infer(view, soft=True)
        placed = {s: sum(1 for a in view.history if a.seat == s and a.kind == "place")
                  for s in range(players)}
        truths = {s: game.hand_masks[s] for s in range(1, players)
                  if game.hand_masks[s].bit_count() >= 3}
        if not truths:
            return
        self.decisions += 1
        for name in self.samplers:
            if name == "none":
                for s, truth in truths.items():
                    p = truth.bit_count() / know.unseen.bit_count()
                    self._add(name, p, None, placed[s] >= LATE)
                    self.brier[name].append(p * (1 - p))  # the expected square error
                continue
            began = time.perf_counter()
            sample = _sampler(name, know)
            hits = {s: [0] * 28 for s in truths}
            for _ in range(samples):
                hands = sample(rng)
                for s in truths:
                    for t in ids_of(hands[s]):
                        hits[s][t] += 1
            self.spent[name] += time.perf_counter() - began
            self.drawn[name] += samples
            for s, truth in truths.items():
                others = ids_of(know.unseen & ~truth)
                self._add(name, statistics.mean(hits[s][t] for t in ids_of(truth)) / samples,
                          statistics.mean(hits[s][t] for t in others) / samples
                          if others else None, placed[s] >= LATE)
                self.brier[name].append(statistics.mean(
                    _square_error(hits[s][t], samples, truth >> t & 1)
                    for t in ids_of(know.unseen)))

    def _add(self, name: str, true: float, false: float | None, late: bool) -> None:
        self.true[name].append(true)
        self.false[name].append(true if false is None else false)
        if late:
            self.late[name].append(true)

    def report(self) -> None:
        print(f"{'sampler':8s} {'true':>6s} {'late':>6s} {'false':>6s} {'brier':>6s} "
              f"{'us/sample':>9s}")
        for name in self.samplers:
            per = 1e6 * self.spent[name] / self.drawn[name] if self.drawn[name] else 0.0
            print(f"{name:8s} {100 * statistics.mean(self.true[name]):5.1f}% "
                  f"{100 * statistics.mean(self.late[name] or [0.0]):5.1f}% "
                  f"{100 * statistics.mean(self.false[name] or [0.0]):5.1f}% "
                  f"{statistics.mean(self.brier[name] or [0.0]):6.4f} {per:9.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="all-fives")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--me", default="greedy", help="the level at seat 0 (default greedy)")
    parser.add_argument("--opponent", default="greedy",
                        help="the level at every other seat (default greedy)")
    parser.add_argument("--budget", default="30it", help="search levels' budget (default 30it)")
    parser.add_argument("--counting", choices=("exact", "human"), default="exact")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--samples", type=int, default=40, help="samples per decision")
    parser.add_argument("--samplers", default=",".join(SAMPLERS),
                        help=f"comma-separated, of {', '.join(SAMPLERS)}, exact")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.games < 1 or args.samples < 2:
        parser.error("--games must be at least 1 and --samples at least 2")
    samplers = [s.strip() for s in args.samplers.split(",") if s.strip()]
    for s in samplers:
        if s not in (*SAMPLERS, "exact"):
            parser.error(f"unknown sampler {s!r}: expected {', '.join(SAMPLERS)}, exact")
    if "exact" in samplers and args.players != 2:
        parser.error("the exact sampler is for 2 players only")
    options: dict[str, object] = {"players": args.players}
    if args.counting == "human":
        options["muggins_claims"] = True
    rules = Ruleset.preset(args.preset, **options)
    budget: Budget | None = parse_budget(args.budget)
    rng = random.Random(args.seed)
    tally = Tally(samplers)
    for g in range(args.games):
        players = {0: make_player(args.me, seed=g, counting=args.counting)}
        for seat in range(1, args.players):
            players[seat] = make_player(args.opponent, seed=1000 * seat + g,
                                        counting=args.counting)
        game = Game(rules, seed=args.seed * 100_003 + g)
        while not game.is_over:
            if game.phase_name == "hand_over":
                game.next_hand()
                continue
            call = table_call(game, players)
            if call is not None:
                game.play(call)
                continue
            view = game.view(game.turn)
            if game.turn == 0 and len(view.legal_moves) > 1 and view.boneyard_size:
                tally.measure(game, view, args.samples, rng)
            game.play(players[game.turn].choose(view, budget))
        print(f"  ... {g + 1} games", flush=True)
    print(f"# {args.preset}, {args.players} players, {args.me} (seat 0) vs {args.opponent} "
          f"(budget {args.budget}, counting {args.counting}): {tally.decisions} decisions of "
          f"seat 0, {args.samples} samples each, {len(tally.true[samplers[0]])} (decision, "
          f"seat) pairs, {len(tally.late[samplers[0]])} late")
    tally.report()


if __name__ == "__main__":
    main()
