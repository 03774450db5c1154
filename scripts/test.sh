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

# --- Shared mode (PostgreSQL + Redis) -------------------------------------------------------
# The shared-mode tests need a PostgreSQL server and a Redis server. Use the ones given by
# FIVES_TEST_DATABASE_URL / FIVES_TEST_REDIS_URL, or those on 127.0.0.1:5432 / :6379; when
# nothing answers there, install Debian's packages and start them. The tests create their own
# databases and Redis key prefixes, so several runs can share one server. Once they run, the
# shared-mode tests fail (never skip) if they cannot reach them.
port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [ -z "${FIVES_TEST_DATABASE_URL:-}" ] && ! port_open 5432; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    if ! ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1; then
        $SUDO apt-get update -q
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
    fi
    PG_VERSION="$(ls /usr/lib/postgresql | sort -n | tail -1)"
    if ! ls /etc/postgresql/"$PG_VERSION"/main >/dev/null 2>&1; then
        $SUDO pg_createcluster "$PG_VERSION" main
    fi
    $SUDO pg_ctlcluster "$PG_VERSION" main start
    for _ in $(seq 30); do port_open 5432 && break; sleep 1; done
    # Debian's cluster asks for a password over TCP: give the test account one.
    $SUDO runuser -u postgres -- psql -q -c "ALTER USER postgres PASSWORD 'fives-tests'"
    export FIVES_TEST_DATABASE_URL="postgresql://postgres:fives-tests@127.0.0.1:5432/postgres"
fi
if [ -z "${FIVES_TEST_REDIS_URL:-}" ] && ! port_open 6379; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    if ! command -v redis-server >/dev/null; then
        $SUDO apt-get update -q
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q redis-server
    fi
    redis-server --bind 127.0.0.1 --port 6379 --daemonize yes --save "" --appendonly no
    for _ in $(seq 30); do port_open 6379 && break; sleep 1; done
fi
# nginx in front of several processes (tests/scale/test_nginx.py runs deploy/nginx-fives.conf).
if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q nginx
fi
export FIVES_REQUIRE_SERVICES=1
# --- end of the shared-mode block ------------------------------------------------------------

# The web page's type check: its ES modules' JSDoc checked by TypeScript (tsc --checkJs, pinned in
# package-lock.json; tsconfig.json). Node and npm from Debian when missing; a type error stops here.
if ! command -v npm >/dev/null; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -q
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q nodejs npm
fi
npm ci --no-audit --no-fund --loglevel=error
npm run --silent typecheck

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'
# The research environments' extra (tests/envs); torch is the CPU build pinned in pyproject.
.venv/bin/python -m pip install -q -e '.[rl]'

.venv/bin/python -m ruff check src tests bench scripts
.venv/bin/python -m mypy  # src and tests (pyproject [tool.mypy] files)
.venv/bin/python -m mypy bench  # apart: see pyproject [tool.mypy]
.venv/bin/lint-imports  # the layers (pyproject [tool.importlinter], docs/ARCHITECTURE.md)
.venv/bin/python -m vulture  # dead code (config and whitelist: pyproject.toml [tool.vulture])
# Every test (the slow and browser ones included), on as many worker processes as the machine
# has cores (pytest-xdist; --dist loadgroup keeps each xdist_group-marked module on one worker,
# with its module-wide Chromium or model); --durations names the slowest tests in the log.
# Two passes: the quick tests under coverage, with the floor of pyproject
# [tool.coverage.report], then the slow and browser ones without it. Tracing made the slow
# tier's simulations and searches two to three times slower (tests/engine and tests/bots: 44 s
# without it, 115 s with it, on two cores) for about one point of coverage (91.7% from the quick
# tests alone, 92.9% from all).
# Both passes run even when the first fails; pytest's "no tests collected" (5) of one pass is
# no failure when the other ran tests (a path of quick tests only), but of both it is.
quick=0
.venv/bin/python -m pytest -q -n auto --dist loadgroup --durations=15 --cov=fives \
    --cov-report=term -m "not slow and not browser" "$@" || quick=$?
slow=0
.venv/bin/python -m pytest -q -n auto --dist loadgroup --durations=15 \
    -m "slow or browser" "$@" || slow=$?
if [ "$quick" -eq 5 ] && [ "$slow" -eq 5 ]; then exit 5; fi
[ "$quick" -eq 5 ] && quick=0
[ "$slow" -eq 5 ] && slow=0
if [ "$quick" -ne 0 ]; then exit "$quick"; fi
exit "$slow"
