from __future__ import annotations

from collections.abc import Iterator

import pytest

from .services import fresh_database, fresh_redis_prefix


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from fresh_database()


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    yield from fresh_redis_prefix()
