"""Real PostgreSQL and Redis for the shared-mode tests: a fresh database and key prefix each.

``scripts/test.sh`` starts both servers (installing them where they are missing) and sets
``FIVES_REQUIRE_SERVICES=1``; then, as on CI, a test that cannot reach them fails instead of
skipping. Run by hand without them, the shared-mode tests skip and ``-ra`` says why.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest

ADMIN_URL = os.environ.get(
    "FIVES_TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("FIVES_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def required() -> bool:
    return bool(os.environ.get("FIVES_REQUIRE_SERVICES")) or os.environ.get("CI") == "true"


def unavailable(what: str, url: str) -> None:
    parts = urlsplit(url)
    message = f"{what} is not reachable at {parts.hostname}:{parts.port}"
    if required():
        pytest.fail(message + " (FIVES_REQUIRE_SERVICES / CI: the shared mode must be tested)")
    pytest.skip(message)


def reachable(url: str, default_port: int) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1",
                                       parts.port or default_port), timeout=2):
            return True
    except OSError:
        return False


def database_url(name: str) -> str:
    return urlunsplit(urlsplit(ADMIN_URL)._replace(path="/" + name))


def fresh_database() -> Iterator[str]:
    """A new, empty database for one test (dropped afterwards)."""
    if not reachable(ADMIN_URL, 5432):
        unavailable("PostgreSQL", ADMIN_URL)
    import psycopg

    name = f"fives_scale_test_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield database_url(name)
    finally:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def fresh_redis_prefix() -> Iterator[str]:
    """A key prefix no other test uses; its keys are deleted afterwards."""
    if not reachable(REDIS_URL, 6379):
        unavailable("Redis", REDIS_URL)
    import redis

    prefix = f"fives-test-{os.getpid()}-{secrets.token_hex(4)}:"
    try:
        yield prefix
    finally:
        client = redis.Redis.from_url(REDIS_URL)
        keys = list(client.scan_iter(match=prefix + "*", count=1000))
        if keys:
            client.delete(*keys)
        client.close()
