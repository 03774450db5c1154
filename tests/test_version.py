"""One version number: pyproject.toml's, seen by ``fives.__version__`` and ``fives --version``."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import fives
from fives.cli.main import main

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_version_comes_from_pyproject(capsys: pytest.CaptureFixture[str]) -> None:
    declared = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]["version"]
    assert fives.__version__ == declared
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.strip() == f"fives {declared}"


def test_no_other_file_writes_the_version() -> None:
    src = Path(fives.__file__).parent
    hits = [p for p in src.rglob("*.py") if f'"{fives.__version__}"' in p.read_text("utf-8")]
    assert hits == []
