"""Mutation testing of one module against the few fast test files that cover it (run by hand).

    python scripts/mutation.py settlement          # one module, from scratch
    python scripts/mutation.py settlement --resume  # go on where an interrupted run stopped
    python scripts/mutation.py --list               # the modules and their test files
    python scripts/mutation.py lobby --resume --mutants 'fives.web.lobby.x_parse_play_request*'
                                                    # one part of a long run (mutmut's globs)

Each run works in its own folder, ``.mutation/<module>/`` (ignored by git): a copy of the
repository's pyproject.toml whose ``[tool.mutmut]`` table names the module and its tests, and
links to src/ and tests/. mutmut (3.x) copies them under ``mutants/`` there, so the worktree is
never changed, and keeps its results: ``cd .mutation/<module> && mutmut show <mutant>`` prints a
surviving mutant's diff. The settings every run shares (timeouts, pytest's options) are the
repository's ``[tool.mutmut]`` table. docs/MUTATION.md says how to read the results.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutation"

# module key -> (the file to mutate, the fast test files that cover it). Keep the test lists
# short: every mutant runs the tests of its function, and the stats run runs them all once.
MODULES: dict[str, tuple[str, list[str]]] = {
    "settlement": ("src/fives/settlement.py", [
        "tests/engine/test_settlement.py",
        "tests/engine/test_scoring_and_rules.py",
    ]),
    "fairdeal": ("src/fives/web/fairdeal.py", [
        "tests/web/test_fair_deal_vectors.py",
    ]),
    "verify": ("src/fives/cli/verify.py", [
        "tests/web/test_fair_deal_vectors.py",
    ]),
    "inference": ("src/fives/bots/inference.py", [
        "tests/bots/test_inference.py",
        "tests/bots/test_soft_evidence.py",
        "tests/bots/test_inference_reference.py",
    ]),
    # Not the exact values of Five Up (target 500) and All Fives (target 70) against a plain
    # minimax: each takes seconds to find its endgames; the playouts' values test has both.
    "endgame": ("src/fives/bots/endgame.py", [
        *(f"tests/bots/test_endgame.py::test_exact_values_equal_plain_minimax[{case}]"
          for case in ("all-fives-500", "draw-500", "multiples-of-five-500")),
        "tests/bots/test_endgame.py::test_the_expert_plays_the_exact_values",
        "tests/bots/test_endgame.py::test_a_solve_past_its_node_limit_gives_up",
        "tests/bots/test_endgame.py::test_it_applies_only_when_nothing_is_hidden",
        "tests/bots/test_endgame.py::test_exact_values_are_the_playouts_values",
        "tests/bots/test_endgame.py::test_a_solve_past_its_deadline_gives_up",
        "tests/bots/test_endgame.py::test_views_that_hide_a_tile_are_refused",
        "tests/bots/test_endgame.py::test_the_node_limit_is_exact",
        "tests/bots/test_endgame.py::test_the_table_changes_no_value_in_a_larger_endgame",
        "tests/bots/test_endgame_windows.py",
    ]),
    # Four of the whole games (2 players, whose endgames are solved; 4 individuals; partners;
    # the solitaire's overdraw), not every preset's: each mutant would play them all.
    "ismcts": ("src/fives/bots/ismcts.py", [
        *(f"tests/bots/test_ismcts.py::test_legal_moves_in_whole_games_of_every_preset[{case}]"
          for case in ("five-up,target=21", "five-up,players=4,partnerships=False,target=21",
                       "all-fives,players=4,partnerships=True,target=60", "five-up-solitaire")),
        "tests/bots/test_ismcts.py::test_a_bench_level_not_offered_to_players",
        "tests/bots/test_ismcts.py::test_reproducible_with_a_seed_and_an_iteration_budget",
        "tests/bots/test_ismcts.py::test_a_tiny_time_budget_is_honoured",
        "tests/bots/test_ismcts.py::test_the_tree_finds_the_exact_values_when_nothing_is_hidden",
        "tests/bots/test_ismcts.py::test_the_overdraw_is_a_first_move_like_the_others",
        "tests/bots/test_ismcts_tree.py",
    ]),
    # Every step of one episode set per kind of table (not all 42 configurations: each
    # mutant would replay them all), the action round trip and the kept vectors catching up.
    "encoding": ("src/fives/envs/encoding.py", [
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[five-up-players=2]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[all-fives-players=4-partnerships=True]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[draw-players=3]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[block-players=2]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[fives-and-threes-players=2]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[five-up-solitaire-default]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[five-up-spinners=none]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[five-up-sniff=us]",
        "tests/envs/test_observation.py::test_every_step_of_many_episodes[all-fives-players=3-sniff=british]",
        "tests/envs/test_observation.py::test_the_check_catches_a_leak",
        "tests/envs/test_observation.py::test_actions_round_trip",
        "tests/envs/test_observation.py::test_observations_kept_between_steps_catch_up",
        "tests/envs/test_encoding_values.py",
    ]),
    "pettingzoo_env": ("src/fives/envs/pettingzoo_env.py", [
        # One case of PettingZoo's own api_test, not every preset's, nor the reward sums over
        # every preset: each mutant of step() would run them all.
        "tests/envs/test_pettingzoo.py::test_api_test[five-up-players=2]",
        "tests/envs/test_pettingzoo.py::test_win_loss_pays_the_winner_at_the_end",
        "tests/envs/test_pettingzoo.py::test_hand_episode_ends_with_the_hand",
        "tests/envs/test_pettingzoo.py::test_illegal_action_is_refused_and_changes_nothing",
        "tests/envs/test_pettingzoo.py::test_bad_constructor_arguments_are_named",
        "tests/envs/test_pettingzoo.py::test_terminated_or_truncated",
        "tests/envs/test_pettingzoo.py::test_the_parallel_env_itself",
        "tests/envs/test_pettingzoo.py::test_ansi_render",
        "tests/envs/test_pettingzoo.py::test_defaults_spaces_and_seeding",
        "tests/envs/test_pettingzoo.py::test_a_finished_agent_takes_only_none",
    ]),
    # Several SharedGameServers in the test's own event loop on PostgreSQL and Redis (fractions
    # of a second a test); not test_shared.py's nor test_eviction.py's apps (seconds a test,
    # and a mutant that hangs one waits for its timeouts), nor the subprocesses of
    # test_failover.py (mutmut sees no function they reach).
    "shared": ("src/fives/web/shared.py", [
        "tests/scale/test_shared_routing.py",
        "tests/scale/test_shared_ownership.py",
        "tests/scale/test_shared_loops.py",
        "tests/scale/test_shared_edges.py",
    ]),
    "lobby": ("src/fives/web/lobby.py", [
        "tests/web/test_lobby_store.py",
        "tests/scale/test_lobby.py",
        "tests/scale/test_lobby_answers.py",
        "tests/scale/test_lobby_room_ends.py",
        "tests/scale/test_lobby_store_contract.py",
    ]),
    # The server's own defences (client addresses, budgets; connections and request timers
    # below the app), unit-tested with fake clocks and fake transports: no sockets, no sleeps.
    "guard": ("src/fives/web/guard.py", [
        "tests/web/test_guard.py",
        "tests/web/test_guard_units.py",
    ]),
    # Not test_connection_garbage.py: real servers, seconds a mutant (the unit tests check the
    # same references let go).
    "transport": ("src/fives/web/transport.py", [
        "tests/web/test_transport.py",
    ]),
    "claims_window": ("src/fives/web/claims_window.py", [
        "tests/web/test_claims.py",
        "tests/web/test_claims_window.py",
    ]),
    "projection": ("src/fives/projection.py", [
        "tests/engine/test_projection.py",
        "tests/engine/test_projection_kept_parts.py",
        "tests/engine/test_projection_reveal.py",
    ]),
    "delta": ("src/fives/web/delta.py", [
        "tests/web/test_delta.py",
        "tests/web/test_delta_units.py",
    ]),
    # The terminal game: the turn loop (session.py) and the commands typed at its prompt
    # (commands.py), played through the line mode in-process (no pty, no full-screen app).
    "session": ("src/fives/tui/session.py", [
        "tests/tui/test_commands.py",
        "tests/tui/test_hot_seat_draws.py",
        "tests/tui/test_session_flow.py",
        "tests/tui/test_session_saving.py",
        "tests/tui/test_session_muggins.py",
    ]),
    "commands": ("src/fives/tui/commands.py", [
        "tests/tui/test_commands.py",
        "tests/tui/test_commands_numbers.py",
        "tests/tui/test_commands_notation.py",
        "tests/tui/test_commands_hint_undo.py",
        "tests/tui/test_commands_overlays.py",
    ]),
}


def _without_mutmut_table(text: str) -> str:
    """The pyproject text less its ``[tool.mutmut]`` table (the run writes its own)."""
    return re.sub(r"(?ms)^\[tool\.mutmut\]\n.*?(?=^\[|\Z)", "", text)


def _toml_value(value: object) -> str:
    # The settings are strings, numbers, booleans and lists of strings: JSON spells them as TOML.
    return json.dumps(value)


def prepare(key: str, resume: bool, tests: list[str]) -> Path:
    """The run's folder, with its pyproject.toml (fresh unless ``resume``)."""
    module = MODULES[key][0]
    for path in [module, *(t.split("::")[0] for t in tests)]:  # a test may be a node id
        if not (ROOT / path).exists():
            raise SystemExit(f"{key}: {path} does not exist (fix MODULES in {__file__})")
    work = WORK / key
    if work.exists() and not resume:
        shutil.rmtree(work)
    work.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    shared = tomllib.loads(text)["tool"]["mutmut"]
    settings = {
        **shared,
        "source_paths": ["src"],
        "only_mutate": [module],
        "pytest_add_cli_args_test_selection": tests,
    }
    table = "".join(f"{name} = {_toml_value(value)}\n" for name, value in settings.items())
    (work / "pyproject.toml").write_text(
        _without_mutmut_table(text) + "\n[tool.mutmut]\n" + table, "utf-8")
    for name in ("src", "tests"):
        link = work / name
        if not link.exists():
            link.symlink_to(ROOT / name)
    # mutmut copies src/ under mutants/ itself, skipping what is there. Copied first, it can be
    # on PYTHONPATH from the start (the subprocesses some tests start import the mutants too); a
    # folder missing when Python starts stays unimportable for the whole run.
    mutated_src = work / "mutants" / "src"
    if not mutated_src.exists():
        shutil.copytree(ROOT / "src", mutated_src, copy_function=shutil.copy2,
                        ignore=shutil.ignore_patterns("__pycache__"))
    return work


def summary(work: Path, module: str) -> Counter[str]:
    """The mutants of ``module`` by status, from mutmut's results file."""
    from mutmut.stats import status_by_exit_code

    meta = json.loads((work / "mutants" / (module + ".meta")).read_text("utf-8"))
    return Counter(status_by_exit_code[code] for code in meta["exit_code_by_key"].values())


def survivors(work: Path, module: str) -> list[str]:
    from mutmut.stats import status_by_exit_code

    meta = json.loads((work / "mutants" / (module + ".meta")).read_text("utf-8"))
    return sorted(name for name, code in meta["exit_code_by_key"].items()
                  if status_by_exit_code[code] in ("survived", "no tests"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("module", nargs="?", help=f"one of: {', '.join(MODULES)}")
    parser.add_argument("--resume", action="store_true", help="keep the results of a past run")
    parser.add_argument("--max-children", type=int, default=1,
                        help="mutants tested at once (default 1: the machine is shared)")
    parser.add_argument("--tests", nargs="+", metavar="FILE",
                        help="run against these test files (or node ids, file::test) instead "
                        "of the module's own")
    parser.add_argument("--mutants", nargs="+", metavar="PATTERN",
                        help="test only the mutants whose names match (mutmut's globs, e.g. "
                        "'fives.web.lobby.x_parse_play_request__mutmut_*'): a long run in parts, "
                        "with --resume to keep the other parts' results")
    parser.add_argument("--list", action="store_true", help="print the modules and their tests")
    args = parser.parse_args(argv)
    if args.list or args.module is None:
        for key, (module, tests) in MODULES.items():
            print(f"{key:15} {module}\n{'':15} {' '.join(tests)}")
        return 0
    if args.module not in MODULES:
        parser.error(f"unknown module {args.module!r}; expected one of: {', '.join(MODULES)}")
    module, tests = MODULES[args.module]
    work = prepare(args.module, args.resume, args.tests or tests)
    mutmut = Path(sys.executable).with_name("mutmut")
    env = {**os.environ, "PYTHONPATH": str(work / "mutants" / "src")}
    code = subprocess.call(
        ["nice", "-n", "19", str(mutmut), "run", "--max-children", str(args.max_children),
         *(args.mutants or [])],
        cwd=work, env=env)
    counts = summary(work, module)
    total = sum(counts.values())
    print(f"\n{module}: {total} mutants, "
          + ", ".join(f"{n} {status}" for status, n in counts.most_common()))
    for name in survivors(work, module):
        print("  not killed:", name)
        shown = subprocess.run([str(mutmut), "show", name], cwd=work, env=env,
                               capture_output=True, text=True, check=False).stdout
        print("".join(f"      {line}\n" for line in shown.splitlines()
                      if line[:1] in "+-" and line[:3] not in ("+++", "---")))
    return code


if __name__ == "__main__":
    sys.exit(main())
