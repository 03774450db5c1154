"""scripts/mutation.py (the by-hand mutation runs, docs/MUTATION.md): every module it names and
every test file it runs exist, and the pyproject.toml a run writes keeps the project's settings
with its own ``[tool.mutmut]`` table in place of the repository's."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def script() -> ModuleType:
    path = ROOT / "scripts" / "mutation.py"
    spec = importlib.util.spec_from_file_location("mutation_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_module_and_test_file_exists() -> None:
    modules = script().MODULES
    assert "settlement" in modules and "lobby" in modules
    for module, tests in modules.values():
        assert (ROOT / module).is_file() and module.endswith(".py"), module
        assert tests and all((ROOT / t.split("::")[0]).is_file() for t in tests), tests


def test_a_run_writes_its_own_mutmut_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mutation = script()
    monkeypatch.setattr(mutation, "WORK", tmp_path)
    work = mutation.prepare("settlement", False, ["tests/engine/test_settlement.py"])
    written = tomllib.loads((work / "pyproject.toml").read_text("utf-8"))
    ours = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    table = written["tool"]["mutmut"]
    assert table["only_mutate"] == ["src/fives/settlement.py"]
    assert table["pytest_add_cli_args_test_selection"] == ["tests/engine/test_settlement.py"]
    assert all(table[k] == v for k, v in ours["tool"]["mutmut"].items())
    assert written["tool"]["pytest"] == ours["tool"]["pytest"]
    assert written["project"] == ours["project"]
    assert (work / "src").resolve() == ROOT / "src"
    assert (work / "mutants" / "src" / "fives" / "settlement.py").read_text("utf-8") == (
        ROOT / "src" / "fives" / "settlement.py").read_text("utf-8")
    with pytest.raises(SystemExit, match="does not exist"):
        mutation.prepare("settlement", False, ["tests/no_such_file.py"])
