"""The guard's parts on their own (``fives.web.guard``), on fake clocks: a bucket's refill,
give-back and wait, the per-address sockets and new tables, the sweep, the forwarded scheme and
who may read /metrics. test_guard.py has the forwarded addresses, Origin and the wrong-link
budget through the app."""

from __future__ import annotations

import asyncio
import functools
import math
from types import SimpleNamespace

import pytest
from starlette.datastructures import Headers

from fives.web import guard
from fives.web.config import Limits, ServerConfig
from fives.web.guard import (
    Bucket,
    Budgets,
    client_address,
    host_allowed,
    host_of,
    metrics_allowed,
    origin_allowed,
    request_scheme,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []  # the naps taken (the fixture's sleep moves the clock)

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The budgets' buckets and waits on a clock the test moves (the module's ``time`` and
    ``asyncio`` names stand in for the modules: nothing else is changed)."""
    c = Clock()

    async def sleep(seconds: float) -> None:
        c.slept.append(seconds)
        c.now += seconds

    monkeypatch.setattr(guard, "Bucket", functools.partial(Bucket, clock=c))
    monkeypatch.setattr(guard, "time", SimpleNamespace(monotonic=c))
    monkeypatch.setattr(guard, "asyncio", SimpleNamespace(sleep=sleep))
    return c


def spent(bucket: Bucket) -> int:
    """How many tries the bucket gives now."""
    n = 0
    while bucket.allow():
        n += 1
    return n


# --- buckets --------------------------------------------------------------------------------

def test_a_bucket_starts_full_and_refills_at_its_rate() -> None:
    clock = Clock()
    bucket = Bucket(rate=2.0, burst=4.0, clock=clock)
    assert bucket.full() and bucket.refill() == 4.0
    assert spent(bucket) == 4 and not bucket.full()
    clock.now += 0.25  # half a try
    assert bucket.refill() == 0.5 and not bucket.allow()
    clock.now += 0.25
    assert bucket.allow() and not bucket.allow()
    clock.now += 1.5  # three tries back
    assert spent(bucket) == 3


def test_a_try_given_back_after_a_refill_is_capped_at_the_burst() -> None:
    clock = Clock()
    bucket = Bucket(rate=1.0, burst=3.0, clock=clock)
    assert bucket.allow()
    clock.now += 10.0  # full again: the try given back now adds nothing
    bucket.give_back()
    assert bucket.allowance == 3.0 and spent(bucket) == 3
    clock.now += 0.5
    bucket.give_back()  # 0.5 refilled, then one back
    assert bucket.allowance == 1.5 and spent(bucket) == 1


def test_the_wait_for_one_try() -> None:
    clock = Clock()
    bucket = Bucket(rate=4.0, burst=2.0, clock=clock)
    assert bucket.wait_for_one() == 0.0  # full
    spent(bucket)
    assert bucket.wait_for_one() == 0.25  # one try at four a second
    clock.now += 0.125
    assert bucket.wait_for_one() == 0.125
    clock.now += 0.5
    assert bucket.wait_for_one() == 0.0
    slow = Bucket(rate=0.5, burst=1.0, clock=clock)
    assert slow.allow() and slow.wait_for_one() == 2.0
    never = Bucket(rate=0.0, burst=1.0, clock=clock)
    assert never.allow() and never.wait_for_one() == math.inf


# --- per-address budgets --------------------------------------------------------------------

def test_an_address_holds_at_most_its_sockets() -> None:
    budgets = Budgets(Limits(sockets_per_address=2))
    assert [budgets.open_socket("a") for _ in range(3)] == [True, True, False]
    assert budgets.open_socket("b")  # its own count


def test_closing_one_of_two_sockets_keeps_the_other_counted() -> None:
    budgets = Budgets(Limits(sockets_per_address=2))
    for _ in range(10):  # open two, close one, again and again: never more than two open
        budgets.open_socket("a")
        budgets.open_socket("a")
        budgets.close_socket("a")
    assert budgets.sockets == {"a": 1}
    assert budgets.open_socket("a") and not budgets.open_socket("a")
    budgets.close_socket("a")
    budgets.close_socket("a")
    assert budgets.sockets == {}  # back to none: forgotten
    budgets.close_socket("a")  # one close too many changes nothing
    assert budgets.sockets == {}
    assert [budgets.open_socket("a") for _ in range(3)] == [True, True, False]


def test_new_tables_per_minute_after_a_burst(clock: Clock) -> None:
    budgets = Budgets(Limits(tables_per_minute=6.0, tables_burst=2.0))
    assert [budgets.new_table("a") for _ in range(3)] == [True, True, False]
    assert budgets.new_table("b")
    clock.now += 5.0  # half a table at six a minute
    assert not budgets.new_table("a")
    clock.now += 5.0
    assert budgets.new_table("a") and not budgets.new_table("a")


def test_the_wrong_link_budget_per_minute(clock: Clock) -> None:
    budgets = Budgets(Limits(failed_links_per_minute=3.0))

    async def turns(n: int) -> list[bool]:
        return [await budgets.link_turn("a", wait=0.0) for _ in range(n)]

    assert asyncio.run(turns(4)) == [True, True, True, False]
    assert not budgets.links_left("a")
    clock.now += 19.0  # one try every 20 s
    assert not budgets.links_left("a")
    clock.now += 1.0
    assert budgets.links_left("a") and asyncio.run(turns(2)) == [True, False]
    budgets.link_right("a")  # a right link gives its try back
    assert budgets.links_left("a") and asyncio.run(turns(2)) == [True, False]


def test_a_link_turn_does_not_wait_past_its_wait(clock: Clock) -> None:
    budgets = Budgets(Limits(failed_links_per_minute=60.0))  # one back each second
    slept = clock.slept

    async def run() -> tuple[list[bool], bool, bool]:
        spent_all = [await budgets.link_turn("a", wait=0.0) for _ in range(61)]
        short = await budgets.link_turn("a", wait=0.5)  # the next try comes in a second
        waited = await budgets.link_turn("a", wait=1.0)
        return spent_all, short, waited

    spent_all, short, waited = asyncio.run(run())
    assert spent_all == [True] * 60 + [False]
    assert not short and waited
    assert slept and max(slept) <= 0.25  # short naps: a try given back is noticed soon
    assert sum(slept) == pytest.approx(1.0)


def test_the_sweep_forgets_only_the_addresses_back_to_full(clock: Clock) -> None:
    budgets = Budgets(Limits(tables_per_minute=6.0, tables_burst=2.0,
                             failed_links_per_minute=6.0))
    budgets.new_table("used")
    assert budgets.links_left("looked")  # a bucket looked at, never spent: full
    asyncio.run(budgets.link_turn("guessed", wait=0.0))
    budgets.sweep()
    assert set(budgets.tables) == {"used"}
    assert set(budgets.failed_links) == {"guessed"}
    # Their limits hold across the sweep.
    assert budgets.new_table("used") and not budgets.new_table("used")
    clock.now += 20.0  # both back to full
    budgets.sweep()
    assert budgets.tables == {} and budgets.failed_links == {}


# --- addresses, schemes, hosts, /metrics ----------------------------------------------------

def test_the_forwarded_scheme_is_the_nearest_proxys() -> None:
    proxied = ServerConfig(trusted_proxies=("10.0.0.1",))
    # The client wrote "http" itself; our proxy appended the scheme it was reached with.
    told = Headers({"x-forwarded-proto": "http, HTTPS "})
    assert request_scheme("http", "10.0.0.1", told, proxied) == "https"
    told = Headers({"x-forwarded-proto": "https,http"})
    assert request_scheme("https", "10.0.0.1", told, proxied) == "http"
    assert request_scheme("http", "10.0.0.1", Headers({"x-forwarded-proto": "gopher"}),
                          proxied) is None
    anyone = ServerConfig(trusted_proxies=("*",))
    assert request_scheme("http", "8.8.8.8", Headers({"x-forwarded-proto": "https"}),
                          anyone) == "https"
    assert request_scheme("wss", "8.8.8.8", told, ServerConfig()) == "https"
    assert request_scheme("https", None, told, proxied) == "https"  # no peer: not a proxy


def test_metrics_answer_loopback_only_not_private_addresses() -> None:
    config = ServerConfig()
    for private in ("10.1.2.3", "192.168.1.20", "172.16.0.9", "fd00::1", "169.254.1.1"):
        assert not metrics_allowed(private, Headers({}), config), private
    assert metrics_allowed("127.0.0.2", Headers({}), config)
    assert not metrics_allowed(None, Headers({}), config)
    token = ServerConfig(metrics_token="s3cret")
    assert not metrics_allowed("8.8.8.8", Headers({"authorization": "s3cret"}), token)
    assert not metrics_allowed("8.8.8.8", Headers({}), token)
    assert metrics_allowed("127.0.0.1", Headers({}), token)  # loopback needs no token
    # No token set: "Bearer " alone is not one.
    assert not metrics_allowed("8.8.8.8", Headers({"authorization": "Bearer "}), config)


def test_forwarded_addresses_behind_any_proxy_and_a_long_one() -> None:
    anyone = ServerConfig(trusted_proxies=("*",))
    headers = Headers({"x-forwarded-for": "1.1.1.1, 2.2.2.2"})
    assert client_address("9.9.9.9", headers, anyone) == "2.2.2.2"
    assert client_address("9.9.9.9", Headers({}), anyone) == "9.9.9.9"
    long = "a" * 100
    assert client_address("9.9.9.9", Headers({"x-forwarded-for": long}), anyone) == "a" * 64
    assert client_address(None, headers, ServerConfig()) == "-"
    # A plain mapping (no getlist): its one line.
    proxied = ServerConfig(trusted_proxies=("10.0.0.1",))
    assert client_address("10.0.0.1", {"x-forwarded-for": " 3.3.3.3 ,, "}, proxied) == "3.3.3.3"
    assert client_address("10.0.0.1", {}, proxied) == "10.0.0.1"


def test_host_names_and_the_allowed_hosts() -> None:
    assert host_of("Example.COM:8000") == "example.com"
    assert host_of("https://example.com:8443/path") == "example.com"
    assert host_of("[::1]:8000") == "[::1]"
    assert host_of("::1") == "::1"  # a bare IPv6 address keeps its colons
    assert host_of("localhost") == "localhost"
    assert host_of("https://example.com/path") == "example.com"
    assert host_of("http://a.example/b://c.example") == "a.example"  # the first scheme only
    assert host_of("[::1]x]") == "[::1]"  # up to the first bracket
    config = ServerConfig(allowed_hosts=("example.com",))
    assert host_allowed("example.com:80", config)
    assert not host_allowed("evil.com", config)
    assert not host_allowed(None, config)
    assert host_allowed(None, ServerConfig()) and host_allowed("any", ServerConfig())


def test_an_origin_with_a_path_or_without_a_host_header_is_refused() -> None:
    config = ServerConfig()
    assert origin_allowed("http://localhost:8000", "localhost:8000", config, "http")
    assert not origin_allowed("http://localhost:8000/", "localhost:8000", config, "http")
    assert not origin_allowed("http://localhost:8000/x", "localhost:8000", config, "http")
    for origin in ("http://localhost", "http://xxxx", "http://"):
        assert not origin_allowed(origin, None, config, "http"), origin


def test_a_peer_without_an_address_may_be_a_trusted_proxy() -> None:
    # A proxy on a UNIX socket has no address: it is "-", as in the connection counts.
    config = ServerConfig(trusted_proxies=("-",))
    told = Headers({"x-forwarded-proto": "https", "x-forwarded-for": "8.8.8.8"})
    assert request_scheme("http", None, told, config) == "https"
    assert client_address(None, told, config) == "8.8.8.8"
    assert request_scheme("http", "1.2.3.4", told, config) == "http"
