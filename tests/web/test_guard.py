"""The guard's edge cases: forwarded addresses, Origin, buckets after idle, the wrong-link
budget behind one address, who may read /metrics, and a deeply nested message."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from starlette.datastructures import Headers
from starlette.websockets import WebSocketDisconnect

from fives.web.config import Limits, ServerConfig
from fives.web.guard import (
    Bucket,
    Budgets,
    client_address,
    metrics_allowed,
    origin_allowed,
    request_scheme,
)

from .helpers import create, recv, seat_tokens

PROXIES = ServerConfig(trusted_proxies=("10.0.0.1", "10.0.0.2"))


def xff(*lines: str) -> Headers:
    return Headers(raw=[(b"x-forwarded-for", line.encode()) for line in lines])


def test_the_right_most_untrusted_forwarded_address_is_the_client() -> None:
    # The client wrote "6.6.6.6, 7.7.7.7" itself; the outer proxy appended the client's real
    # address (8.8.8.8), the inner one the outer proxy's (10.0.0.2).
    headers = xff("6.6.6.6, 7.7.7.7, 8.8.8.8, 10.0.0.2")
    assert client_address("10.0.0.1", headers, PROXIES) == "8.8.8.8"
    # The same list in several header lines.
    assert client_address("10.0.0.1", xff("6.6.6.6", "7.7.7.7, 8.8.8.8", "10.0.0.2"),
                          PROXIES) == "8.8.8.8"
    # Only the proxies' own headers: the peer stays the client when it is not a proxy.
    assert client_address("9.9.9.9", headers, PROXIES) == "9.9.9.9"
    # Nothing but proxies in the list: the peer.
    assert client_address("10.0.0.1", xff("10.0.0.2"), PROXIES) == "10.0.0.1"


def test_origin_null_is_refused() -> None:
    config = ServerConfig()
    assert not origin_allowed("null", "localhost:8000", config, "http")
    assert not origin_allowed("null", "localhost:8000", config, None)
    assert origin_allowed(None, "localhost:8000", config, "http")  # not a browser


def test_the_origin_must_match_scheme_host_and_port() -> None:
    config = ServerConfig(allowed_hosts=("localhost", "127.0.0.1"))
    assert origin_allowed("http://localhost:8000", "localhost:8000", config, "http")
    assert origin_allowed("http://LOCALHOST:8000", "localhost:8000", config, "http")
    assert not origin_allowed("http://localhost:9999", "localhost:8000", config, "http")
    assert not origin_allowed("https://localhost:8000", "localhost:8000", config, "http")
    assert not origin_allowed("http://127.0.0.1:8000", "localhost:8000", config, "http")
    assert not origin_allowed("ftp://localhost:8000", "localhost:8000", config, None)
    # Default ports: written or not, the same site.
    assert origin_allowed("https://example.com", "example.com:443", ServerConfig(), "https")
    assert origin_allowed("https://example.com:443", "example.com", ServerConfig(), None)
    assert not origin_allowed("http://example.com", "example.com:443", ServerConfig(), None)
    # Behind a trusted proxy the scheme is the proxy's X-Forwarded-Proto.
    proxied = ServerConfig(trusted_proxies=("127.0.0.1",))
    told = Headers({"x-forwarded-proto": "https"})
    assert request_scheme("ws", "127.0.0.1", told, proxied) == "https"
    assert request_scheme("ws", "127.0.0.1", Headers({}), proxied) is None
    assert request_scheme("ws", "8.8.8.8", told, proxied) == "http"  # not a proxy: ignored


def test_a_bucket_never_holds_more_than_its_burst_after_idle() -> None:
    now = [1000.0]
    bucket = Bucket(rate=2.0, burst=5.0, clock=lambda: now[0])
    assert [bucket.allow() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 3600.0  # an hour idle: refilled to the burst, not to 7,200
    assert [bucket.allow() for _ in range(6)] == [True] * 5 + [False]
    now[0] += 0.5  # half a second: one more
    assert [bucket.allow() for _ in range(2)] == [True, False]
    bucket.give_back()
    bucket.give_back()
    now[0] += 3600.0
    assert bucket.refill() == 5.0 and bucket.full()


def test_wrong_links_do_not_lock_out_right_links_from_the_same_address() -> None:
    # A budget of 60 wrong links a minute (one try comes back each second).
    budgets = Budgets(Limits(failed_links_per_minute=60))

    async def run() -> tuple[list[bool], float, bool]:
        spent = [await budgets.link_turn("1.2.3.4", wait=0.0) for _ in range(61)]
        # Someone else behind the same address with a right link: a turn within the second.
        started = time.monotonic()
        turn = await budgets.link_turn("1.2.3.4", wait=5.0)
        waited = time.monotonic() - started
        assert turn
        budgets.link_right("1.2.3.4")  # it was right: its try comes back
        return spent, waited, await budgets.link_turn("1.2.3.4", wait=0.0)

    spent, waited, again = asyncio.run(run())
    assert spent == [True] * 60 + [False]  # the wrong ones are counted, as before
    assert waited < 2.0  # not a minute
    assert again  # a right link spends nothing


def test_a_right_link_joins_after_the_address_spent_its_wrong_links(make_client: Any) -> None:
    client = make_client(limits={"failed_links_per_minute": 60.0})
    created = create(client, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    tokens = seat_tokens(created)
    wrong = 0
    with pytest.raises(WebSocketDisconnect) as closed, \
            client.websocket_connect("/ws") as guesser:
        for _ in range(61):
            guesser.send_json({"type": "join", "token": "A" * 32})
            assert recv(guesser)["key"] == "bad_token"
            wrong += 1
    assert closed.value.code == 4429 and wrong >= 55  # the budget is spent: the guesser is out
    with client.websocket_connect("/ws") as player:  # the same address (the test client's)
        player.send_json({"type": "join", "token": tokens[1]})
        assert recv(player)["type"] == "state"


def test_metrics_answer_loopback_or_the_token() -> None:
    open_config = ServerConfig()
    assert metrics_allowed("127.0.0.1", Headers({}), open_config)
    assert metrics_allowed("::1", Headers({}), open_config)
    assert not metrics_allowed("8.8.8.8", Headers({}), open_config)
    assert not metrics_allowed("testclient", Headers({}), open_config)
    token = ServerConfig(metrics_token="s3cret")
    assert metrics_allowed("8.8.8.8", Headers({"authorization": "Bearer s3cret"}), token)
    assert not metrics_allowed("8.8.8.8", Headers({"authorization": "Bearer s3cre"}), token)
    # A proxy on this host does not make its clients local.
    proxied = ServerConfig(trusted_proxies=("127.0.0.1",))
    assert not metrics_allowed("127.0.0.1", xff("8.8.8.8"), proxied)
    assert metrics_allowed("127.0.0.1", xff("127.0.0.1"), proxied)


def test_deeply_nested_json_gets_a_clear_error_and_the_socket_stays(make_client: Any) -> None:
    client = make_client()
    create(client, preset="five-up", players=2, seats=[{"kind": "me"}, {"kind": "friend"}])
    with client.websocket_connect("/ws") as ws:
        nested = "[" * 3000 + "]" * 3000  # 6,000 bytes: under the size limit
        ws.send_text(nested)
        reply = recv(ws)
        assert reply["type"] == "error" and reply["key"] == "too_deep"
        ws.send_text('{"type": ' + "[" * 3000 + "]" * 3000 + "}")
        assert recv(ws)["key"] == "too_deep"
        ws.send_json({"type": "ping"})  # the socket stays
        assert recv(ws) == {"type": "pong"}


def test_a_number_past_64_bits_gets_its_error_and_the_socket_stays(make_client: Any) -> None:
    # The error echoes the number; the fast encoder refuses integers past 64 bits, and the
    # reply once never came (the socket went silent, the fuzzer's record request with 2**70).
    client = make_client()
    created = create(client, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": seat_tokens(created)[0]})
        assert recv(ws)["type"] == "state"
        ws.send_text('{"type": "record", "game": 848662628539397046272}')
        reply = recv(ws)
        assert reply["type"] == "error" and reply["key"] == "bad_game_no"
        assert reply["params"]["value"] == 848662628539397046272
        ws.send_json({"type": "ping"})
        assert recv(ws)["type"] == "pong"
