#!/usr/bin/env bash
# Install everything the tests need, then lint, type-check and run the whole test suite.
# Works on a fresh machine with Python 3.11, pip and gcc; run it from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium drives the end-to-end browser tests (Playwright cannot download browsers here).
if [ ! -x /usr/bin/chromium ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'

.venv/bin/python -m ruff check src tests bench
.venv/bin/python -m mypy
.venv/bin/python -m pytest -q "$@"
