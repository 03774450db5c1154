"""How much of a greedy opponent's hand the expert's inference finds (run by hand).

Plays 2-player games between two greedy players and, at seat 0's decisions (more than one
legal move, a non-empty boneyard, the opponent holding at least 3 tiles), draws samples of the
opponent's hand from four samplers and reports the mean share of its true tiles in a sample:

- none: no evidence at all, uniform over the unseen tiles (computed: hand size / unseen);
- hard: the hard evidence only (voids, forced leads): ``sample_deal``;
- soft: the expert's sampler (soft evidence with learned keep rates): ``sample_soft``;
- strict: every soft event taken as hard (a model of greedy itself);
- exact: uniform over the slot assignments of the strict model (rejection sampling), which
  shows whether the sequential sampler is biased.

    python bench/inference_quality.py --games 30 --samples 40
"""

from __future__ import annotations

import argparse
import random
import statistics

from fives.bots import make_player
from fives.bots.inference import Knowledge, infer, sample_deal, sample_soft, strict_slots
from fives.game import Game
from fives.rules import Ruleset
from fives.tiles import ids_of

SAMPLERS = ("none", "hard", "soft", "strict", "exact")


def _strict_sample(know: Knowledge, rng: random.Random) -> int:
    slots = {seat: masks for seat, masks in strict_slots(know).items()}
    hard = Knowledge(know.seat, know.hand, know.unseen, slots, know.boneyard_size, know.players)
    return sample_deal(hard, rng)[0][1]


def _exact_sample(know: Knowledge, rng: random.Random, tries: int = 50_000) -> int:
    slots = strict_slots(know)[1]
    pick: list[int] = []
    for _ in range(tries):
        ids = ids_of(know.unseen)
        rng.shuffle(ids)
        pick = ids[: len(slots)]
        if all(not forbidden >> tid & 1 for forbidden, tid in zip(slots, pick, strict=True)):
            break
    return sum(1 << t for t in pick)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="all-fives")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--samples", type=int, default=40, help="samples per decision")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.games < 1 or args.samples < 1:
        parser.error("--games and --samples must be at least 1")
    rules = Ruleset.preset(args.preset, players=2)
    rng = random.Random(args.seed)
    shares: dict[str, list[float]] = {name: [] for name in SAMPLERS}
    players = [make_player("greedy", seed=1), make_player("greedy", seed=2)]
    for seed in range(args.games):
        game = Game(rules, seed=seed)
        while game.phase_name == "play":
            view = game.view(game.turn)
            if game.turn == 0 and len(view.legal_moves) > 1 and view.boneyard_size:
                truth = game.hand_masks[1]
                size = truth.bit_count()
                if size >= 3:
                    know = infer(view, soft=True)
                    shares["none"].append(size / know.unseen.bit_count())
                    for name in SAMPLERS[1:]:
                        total = 0
                        for _ in range(args.samples):
                            if name == "hard":
                                hand = sample_deal(know, rng)[0][1]
                            elif name == "soft":
                                hand = sample_soft(know, rng)[0][1]
                            elif name == "strict":
                                hand = _strict_sample(know, rng)
                            else:
                                hand = _exact_sample(know, rng)
                            total += (hand & truth).bit_count()
                        shares[name].append(total / (args.samples * size))
            game.play(players[game.turn].choose(view))
        print(f"  ... {seed + 1} games", flush=True)
    decisions = len(shares["hard"])
    print(f"# {args.preset}, 2 players, greedy vs greedy: {decisions} decisions of seat 0, "
          f"{args.samples} samples each")
    for name in SAMPLERS:
        print(f"{name:7s} share of the opponent's true tiles in a sample: "
              f"{100 * statistics.mean(shares[name]):.1f}%")


if __name__ == "__main__":
    main()
