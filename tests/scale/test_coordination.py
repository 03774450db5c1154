"""Leases, fencing tokens and inboxes against a real Redis."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from fives.web.coordination import Coordinator, check_url

from .services import REDIS_URL


def test_one_lease_at_a_time_with_rising_tokens(redis_prefix: str) -> None:
    async def scenario() -> None:
        a = Coordinator(REDIS_URL, redis_prefix, lease_s=0.4)
        b = Coordinator(REDIS_URL, redis_prefix, lease_s=0.4)
        await a.start(lambda message: None)  # alive: listening to its inbox
        await b.start(lambda message: None)
        try:
            first = await a.acquire("t")
            assert first == 1
            assert await b.acquire("t") is None
            assert await b.owner("t") == a.proc
            await asyncio.sleep(0.25)
            assert await a.renew() == []  # renewed: still a's past the first 0.4 s
            await asyncio.sleep(0.25)
            assert await b.acquire("t") is None
            await asyncio.sleep(0.5)  # a stopped renewing: the lease runs out
            assert await a.owner("t") is None
            assert await a.renew() == []  # nobody took it meanwhile: a holds it again
            assert await a.owner("t") == a.proc
            assert await b.acquire("t") is None
            await asyncio.sleep(0.5)  # it runs out again, and b takes it first
            second = await b.acquire("t")
            assert second == 2
            assert await a.renew() == ["t"]  # a learns it lost the table
            assert "t" not in a.owned
            await b.release("t")
            assert await a.owner("t") is None
            await a.raise_epoch("t", 10)
            assert await a.acquire("t") == 11
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(scenario())


def test_a_lease_whose_holder_stopped_listening_is_taken_at_once(redis_prefix: str) -> None:
    async def scenario() -> None:
        a = Coordinator(REDIS_URL, redis_prefix, lease_s=60)
        b = Coordinator(REDIS_URL, redis_prefix, lease_s=60)
        c = Coordinator(REDIS_URL, redis_prefix, lease_s=60)
        await a.start(lambda message: None)
        await b.start(lambda message: None)
        try:
            assert await a.acquire("t") == 1
            assert await b.acquire("t") is None  # a listens: its lease holds for 60 s
            assert await b.unowned(["t"]) == []
            assert await c.acquire("u") == 1  # c never listened: as a process that died
            await a.mark_live("u", True)
            assert await b.orphans() == ["u"]
            assert await b.unowned(["t", "u"]) == ["u"]
            assert await b.acquire("u") == 2  # long before its 60 s ran out
            assert await b.owner("u") == b.proc
            assert await c.renew() == ["u"]  # the old holder learns it lost the table
            await a.stop()  # a stops listening (and gives its leases back)
            assert await b.acquire("t") == 2
        finally:
            await b.stop()
            await c.stop()

    asyncio.run(scenario())


def test_inbox_and_owners_channel(redis_prefix: str) -> None:
    async def scenario() -> None:
        a = Coordinator(REDIS_URL, redis_prefix)
        b = Coordinator(REDIS_URL, redis_prefix)
        got_a: list[dict[str, Any]] = []
        got_b: list[dict[str, Any]] = []
        await a.start(got_a.append)
        await b.start(got_b.append)
        try:
            assert await a.send(b.proc, {"op": "x", "n": 1}) == 1
            assert await a.send("nobody", {"op": "x"}) == 0  # a gone process hears nothing
            assert await a.gone([b.proc, "nobody"]) == ["nobody"]
            await a.announce({"op": "owner", "table": "t"})
            for _ in range(50):
                if len(got_b) == 2 and got_a:
                    break
                await asyncio.sleep(0.05)
            assert got_b == [{"op": "x", "n": 1}, {"op": "owner", "table": "t"}]
            assert got_a == [{"op": "owner", "table": "t"}]
            await a.mark_live("t1", True)
            await a.mark_live("t2", True)
            await a.acquire("t1")
            assert await b.orphans() == ["t2"]
            await a.mark_live("t2", False)
            assert await b.orphans() == []
            assert await a.next_id() < await b.next_id()
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(scenario())


def test_bad_redis_url_is_named_without_its_password() -> None:
    with pytest.raises(ValueError, match="expected redis://") as info:
        check_url("http://user:pw@host:6379")
    assert "pw" not in str(info.value)
