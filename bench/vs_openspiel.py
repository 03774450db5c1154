"""A `fives` bot against OpenSpiel's IS-MCTS at equal time per move (by hand; rl extra).

    python bench/vs_openspiel.py --games 200 --seconds 0.1 [--level expert] [--out FILE]

2-player All Fives to 150 (or ``--preset``), played through the OpenSpiel game
``python_fives`` (``episode=game``). Duplicate deals: deal k is played twice, the `fives` bot
in seat 0 then in seat 1, with the same tiles to each seat, the same leader lots and the same
boneyard order (hand i of deal k uses a permutation of the 28 tiles drawn from
``random.Random(f"{seed}-{k}-{i}")``: seat 0's tiles first, then seat 1's, then the boneyard
in drawing order). The `fives` bot plays from its ``SeatView`` with ``Budget(seconds=S)``;
OpenSpiel's IS-MCTS (``fives.envs.openspiel_bots.TimedISMCTSBot``: the Python port of
OpenSpiel's IS-MCTS with random rollouts, searching the current hand) gets the same S seconds
of wall-clock time per move. Moves with one legal choice are played at once by both.

A progress line per game on stderr (score, win rate, decision times, load average, ETA); at
the end the `fives` bot's win rate with its 95% (Wilson) interval, points per hand, each
bot's median and worst decision time and the load averages; ``--out`` writes it all as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import pyspiel

import fives.envs.openspiel_game  # noqa: F401  (registers python_fives)
from fives.bots import Budget, make_player
from fives.bots.arena import wilson_interval
from fives.envs.encoding import action_of_code
from fives.envs.openspiel_bots import DEFAULT_UCT_C, TimedISMCTSBot
from fives.envs.openspiel_game import FivesState


def play_game(game: Any, deal: int, fives_seat: int, args: argparse.Namespace,
              times: dict[str, list[float]]) -> dict[str, Any]:
    """One game; the `fives` bot in ``fives_seat``. Returns its result."""
    rules = game.rules
    n, h = rules.players, rules.hand_size
    player = make_player(args.level, seed=deal * 2 + fives_seat)
    budget = Budget(seconds=args.seconds)
    ismcts = TimedISMCTSBot(game, seconds=args.seconds, uct_c=args.uct_c,
                            seed=deal * 2 + fives_seat)
    state: FivesState = game.new_initial_state()
    hand = -1
    order: list[int] = []
    lot = 0
    sims: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            if state.drawing:  # the first tile of the order still in the boneyard
                left = set(state.table.game.boneyard_ids)
                outcome = next(t for t in order if t in left)
            elif len(state.dealt) == n * h:
                outcome = lot
            else:
                if not state.dealt:  # a new hand: its own tile order and lot
                    hand += 1
                    rng = random.Random(f"{args.seed}-{deal}-{hand}")
                    order = list(range(28))
                    rng.shuffle(order)
                    lot = rng.randrange(n)
                outcome = order[len(state.dealt)]
            state.apply_action(outcome)
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.perf_counter()
        if seat == fives_seat:
            move = player.choose(state.table.game.view(seat), budget)
            action = action_of_code(move.code)
            times["fives"].append(time.perf_counter() - start)
        else:
            action = ismcts.choose(state)
            times["ismcts"].append(time.perf_counter() - start)
            sims.append(ismcts.simulations)
        if action not in legal:
            raise RuntimeError(f"illegal action {action} by seat {seat}")
        state.apply_action(action)
    g = state.table.game
    fives_side, other = rules.side_of(fives_seat), rules.side_of(1 - fives_seat)
    winner = g.winner
    return {
        "deal": deal, "fives_seat": fives_seat, "hands": g.hand_number,
        "score": [g.scores[fives_side], g.scores[other]],
        "result": 1.0 if winner == fives_side else 0.0 if winner == other else 0.5,
        "ismcts_simulations_median": statistics.median(sims) if sims else 0.0,
    }


def summarise(args: argparse.Namespace, results: list[dict[str, Any]],
              times: dict[str, list[float]], loads: list[tuple[float, float, float]],
              started: float) -> dict[str, Any]:
    """The results so far (written to ``--out`` after every game: a stopped run keeps them)."""
    wins = sum(r["result"] for r in results)
    low, high = wilson_interval(wins, len(results))
    hands = sum(r["hands"] for r in results)
    return {
        "level": args.level, "preset": args.preset, "target": args.target,
        "seconds_per_move": args.seconds, "uct_c": args.uct_c, "seed": args.seed,
        "games": len(results), "wins": wins, "win_rate": wins / len(results),
        "ci95": [low, high],
        "points_per_hand": [sum(r["score"][0] for r in results) / hands,
                            sum(r["score"][1] for r in results) / hands],
        "decision_ms": {who: {"median": statistics.median(t) * 1000, "max": max(t) * 1000,
                              "count": len(t)} for who, t in times.items() if t},
        "ismcts_simulations_per_move": statistics.median(
            r["ismcts_simulations_median"] for r in results),
        "load_averages": [*loads, os.getloadavg()],
        "wall_seconds": time.monotonic() - started,
        "games_detail": results,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200, help="games (pairs of duplicate deals)")
    p.add_argument("--seconds", type=float, default=0.1, help="wall-clock seconds per move")
    p.add_argument("--level", default="expert", help="the fives bot level")
    p.add_argument("--preset", default="all-fives")
    p.add_argument("--target", type=int, default=150)
    p.add_argument("--uct-c", type=float, default=DEFAULT_UCT_C)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    if args.games < 2 or args.games % 2:
        p.error(f"invalid --games {args.games}: expected an even number, 2 or more")
    game = pyspiel.load_game("python_fives", {
        "preset": args.preset, "players": 2, "options": f"target={args.target}",
        "episode": "game", "reward": "win_loss", "max_hands": 200})
    times: dict[str, list[float]] = {"fives": [], "ismcts": []}
    results: list[dict[str, Any]] = []
    loads: list[tuple[float, float, float]] = [os.getloadavg()]
    started = time.monotonic()
    print(f"{args.level} vs OpenSpiel IS-MCTS, {args.preset} to {args.target}, "
          f"{args.games} games, {args.seconds} s a move, seed {args.seed}, "
          f"load {loads[0][0]:.2f}", file=sys.stderr)
    for k in range(args.games):
        deal, seat = divmod(k, 2)
        results.append(play_game(game, deal, seat, args, times))
        wins = sum(r["result"] for r in results)
        done = len(results)
        elapsed = time.monotonic() - started
        load = os.getloadavg()
        if k % 10 == 9:
            loads.append(load)
        r = results[-1]
        print(f"[{done:>4}/{args.games}] deal {deal} seat {seat}: "
              f"{r['score'][0]}-{r['score'][1]} | {args.level} {wins:g}/{done} "
              f"({wins / done:.1%}) | median move fives "
              f"{statistics.median(times['fives']) * 1000:.0f} ms, ismcts "
              f"{statistics.median(times['ismcts']) * 1000:.0f} ms "
              f"({r['ismcts_simulations_median']:g} sims) | load {load[0]:.1f} | "
              f"eta {elapsed / done * (args.games - done) / 60:.1f} min",
              file=sys.stderr, flush=True)
        if args.out:
            args.out.write_text(json.dumps(summarise(args, results, times, loads, started),
                                           indent=1))
    summary = summarise(args, results, times, loads, started)
    wins = summary["wins"]
    low, high = summary["ci95"]
    print(f"{args.level} vs IS-MCTS: {wins:g}/{len(results)} = {wins / len(results):.1%} "
          f"[{low:.1%}, {high:.1%}]; points per hand {summary['points_per_hand'][0]:.1f} vs "
          f"{summary['points_per_hand'][1]:.1f}; decision ms median/max: "
          + ", ".join(f"{w} {d['median']:.0f}/{d['max']:.0f}"
                      for w, d in summary["decision_ms"].items())
          + f"; IS-MCTS simulations a move (median) {summary['ismcts_simulations_per_move']:g}"
          + f"; load {loads[0][0]:.1f} -> {summary['load_averages'][-1][0]:.1f}; "
          f"{summary['wall_seconds'] / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
