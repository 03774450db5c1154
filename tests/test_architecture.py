"""The layers of docs/ARCHITECTURE.md are those the import contract checks (pyproject
[tool.importlinter], run by ``lint-imports``), the contract holds and fails on a planted
crossing, and the module graph of ``fives`` has no import cycle but the one known exception.

Imports are counted as grimp (import-linter's graph) finds them: every ``import`` and ``from``
statement of every module, those inside functions and under ``TYPE_CHECKING`` included."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import grimp

import fives

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = Path(fives.__file__).resolve().parent
# The one cycle allowed, listed in the tui contract's ignore_imports (issue 39 removes it).
KNOWN_CYCLES = [["fives.tui.commands", "fives.tui.session"]]


def contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    found: list[dict[str, Any]] = config["contracts"]
    return found


def doc_layers() -> dict[str, list[str]]:
    """The ```layers CONTAINER``` blocks of docs/ARCHITECTURE.md, top layer first."""
    doc = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
    blocks = re.findall(r"^```layers (\S+)\n(.*?)^```", doc, flags=re.M | re.S)
    return {name: [re.sub(r"\s+", " ", line.split("#")[0]).strip()
                   for line in body.splitlines() if line.split("#")[0].strip()]
            for name, body in blocks}


def import_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every set of modules that import each other in a ring (strongly connected, 2 or more),
    sorted; Tarjan's algorithm over the direct imports."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            ring = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                ring.append(w)
                if w == v:
                    break
            if len(ring) > 1:
                found.append(sorted(ring))

    for m in modules:
        if m not in index:
            visit(m)
    return sorted(found)


def lint_imports(src: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the repository's contracts over the package found in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command as c; c()",
         "--no-cache"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)


def test_the_documented_layers_are_the_checked_ones() -> None:
    documented = doc_layers()
    checked = {c["containers"][0]: [re.sub(r"\s+", " ", layer) for layer in c["layers"]]
               for c in contracts() if c["type"] == "layers"}
    assert set(checked) == {"fives", "fives.web", "fives.tui"}
    assert documented == checked


def test_type_only_imports_count() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    assert config["exclude_type_checking_imports"] is False


def test_no_import_cycle_but_the_known_one() -> None:
    graph = grimp.build_graph("fives", exclude_type_checking_imports=False)
    assert import_cycles(graph) == KNOWN_CYCLES
    ignored = [line for c in contracts() for line in c.get("ignore_imports", [])]
    assert ignored == [" -> ".join(KNOWN_CYCLES[0])]


def test_the_cycle_finder_finds_a_hidden_cycle() -> None:
    graph = grimp.build_graph("fives", exclude_type_checking_imports=False)
    graph.add_import(importer="fives.tiles", imported="fives.game", line_number=1,
                     line_contents="from fives.game import Game  # planted")
    assert ["fives.game", "fives.moves", "fives.tiles"] in [
        [m for m in ring if m in ("fives.game", "fives.moves", "fives.tiles")]
        for ring in import_cycles(graph)]


def test_the_contract_holds() -> None:
    kept = lint_imports(PACKAGE.parent)
    assert kept.returncode == 0, kept.stdout + kept.stderr
    assert "Contracts: 4 kept, 0 broken." in kept.stdout


def test_a_planted_crossing_breaks_the_contract(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(PACKAGE, src / "fives", ignore=shutil.ignore_patterns("__pycache__", "static"))
    # A type-only import of a front end, in an engine module, hidden in TYPE_CHECKING.
    events = src / "fives" / "events.py"
    events.write_text(events.read_text().replace(
        "from fives.tiles import Tile\n",
        "from fives.tiles import Tile\n\nif TYPE_CHECKING:\n    from fives.web import protocol\n",
    ).replace("from typing import ", "from typing import TYPE_CHECKING, "))
    broken = lint_imports(src)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    # The engine's layers, and the front ends' independence through the engine.
    assert "Contracts: 2 kept, 2 broken." in broken.stdout
    assert re.search(r"^fives: front ends.* BROKEN$", broken.stdout, flags=re.M)
    assert "fives.events -> fives.web.protocol (l.12)" in broken.stdout
