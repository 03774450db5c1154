"""`fives random-game`: write the record of a seeded game of random legal moves."""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from fives.claims import with_exact_claim
from fives.cli.common import add_option, check_consistent
from fives.errors import FivesError
from fives.game import Game
from fives.i18n import text
from fives.rules import PRESETS, Ruleset


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``KEY=VALUE`` strings from the command line into rule overrides."""
    options: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise FivesError(f"invalid option {pair!r}: expected KEY=VALUE, e.g. target=100",
                             key="invalid_option_syntax", text=pair)
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def register(sub: Any, lang: str) -> None:
    p = sub.add_parser("random-game", help=text("cli.random_game.help", lang),
                       description=text("cli.random_game.description", lang))
    p.add_argument("preset", nargs="?", default="five-up",
                   help=text("cli.random_game.preset", lang, presets=", ".join(PRESETS)))
    p.add_argument("--seed", type=int, default=0, help=text("cli.random_game.seed", lang))
    p.add_argument("--players", type=int, default=None, help=text("cli.arg_players", lang))
    add_option(p, lang)
    p.add_argument("--max-hands", type=int, default=500,
                   help=text("cli.random_game.max_hands", lang))
    p.add_argument("--out", default="-", help=text("cli.random_game.out", lang))
    p.set_defaults(func=run)


def play_random_game(rules: Ruleset, seed: int, max_hands: int = 500) -> Game:
    rng = random.Random(seed)
    game = Game(rules, rng=random.Random(rng.getrandbits(64)))
    while not game.is_over:
        if game.phase_name == "hand_over":
            if game.hand_number >= max_hands:
                break
            game.next_hand()
            continue
        moves = list(game.legal_moves)
        # Under muggins claims (§9 O1) every lead and placement claims exactly.
        game.play(with_exact_claim(game, moves[rng.randrange(len(moves))]))
    return game


def run(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    check_consistent(options, "players", args.players, "--players")
    if args.players is not None:
        options["players"] = str(args.players)
    if args.max_hands < 1:
        raise FivesError(f"invalid --max-hands {args.max_hands}: expected 1 or more",
                         key="invalid_argument")
    rules = Ruleset.preset(args.preset, **options)
    game = play_random_game(rules, args.seed, args.max_hands)
    # Who played (random legal moves at every seat) and from which seed; no date, so that a
    # seed always writes the same record.
    meta: dict[str, object] = {"client": "fives random-game",
                               "seats": [{"player": "random"}] * rules.players}
    if args.seed is not None:
        meta["seed"] = args.seed
    data = json.dumps(game.to_record(meta=meta), indent=1) + "\n"
    if args.out == "-":
        sys.stdout.write(data)
    else:
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(data)
        except OSError as exc:
            raise FivesError(f"cannot write {args.out!r}: {exc.strerror}",
                             key="cannot_write") from None
    return 0
