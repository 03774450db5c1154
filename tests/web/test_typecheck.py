"""The page's ES modules (src/fives/web/static/*.js) pass TypeScript's check of their JSDoc
(`npm run typecheck`, as scripts/test.sh runs it), and the same check fails on a type error: a
copy of the modules with one wrong assignment is refused, naming the file and the error."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "fives" / "web" / "static"
TSC = ROOT / "node_modules" / ".bin" / "tsc"

pytestmark = pytest.mark.slow  # a few seconds of tsc each


def tsc(project: Path) -> subprocess.CompletedProcess[str]:
    assert TSC.exists(), f"{TSC} is missing: run `npm ci` at the repository root (test.sh does)"
    return subprocess.run([str(TSC), "-p", str(project)], capture_output=True, text=True,
                          timeout=300, check=False)


def test_the_page_modules_type_check() -> None:
    done = tsc(ROOT / "tsconfig.json")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_type_error_in_a_module_fails_the_check(tmp_path: Path) -> None:
    shutil.copytree(STATIC, tmp_path / "static")
    state = tmp_path / "static" / "state.js"
    # A string given where the JSDoc asks for a number.
    state.write_text(state.read_text(encoding="utf-8") +
                     '\n/** @type {number} */\nexport const wrong = "seven";\n', encoding="utf-8")
    config = tmp_path / "tsconfig.json"
    config.write_text(json.dumps({"extends": str(ROOT / "tsconfig.json"),
                                  "include": ["static/*.js"]}), encoding="utf-8")
    done = tsc(config)
    assert done.returncode != 0
    assert "state.js" in done.stdout and "TS2322" in done.stdout, done.stdout
