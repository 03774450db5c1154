"""Hostile clients against the real server over TCP. Each test runs one attack from one
address while a well-behaved player pings its own table, and checks both the refusal and that
the player's round trip stays fast (p99 under P99_BOUND: generous, so a loaded two-core
machine does not flake; the unprotected server took 3 to 5 s under the non-reading client)."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus
from websockets.typing import Origin

from .attacks import (
    create_tables,
    cross_site,
    foreign_host,
    guess_links,
    keepalive_slowloris,
    never_read,
    oversize_bodies,
    refusals,
    slowloris,
    socket_flood,
)
from .tcp import GoodClient, Server, raw_ws, rss_mib

P99_BOUND = 1.0
LIMITS = ["--join-timeout", "2", "--header-timeout", "2", "--body-timeout", "2",
          "--sockets-per-address", "20",
          "--failed-links-per-minute", "5", "--queue-frames", "16", "--tables-burst", "5",
          "--connections-per-address", "60", "--send-buffer-bytes", "32768"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    started = Server(tmp_path, *LIMITS)
    yield started
    started.stop()


@pytest.mark.slow  # seconds: until the server gives up on the reader
def test_a_client_that_never_reads_is_closed(tmp_path: Path) -> None:
    # Small buffers, so that a bot table's frames (about 35 KB a second) fill them quickly.
    server = Server(tmp_path, *LIMITS, "--queue-frames", "4", "--send-buffer-bytes", "4096")

    async def attack() -> tuple[dict[str, object], float, float]:
        async with GoodClient(server) as good:
            rss0 = rss_mib(server.proc.pid)
            got = await never_read(server, 60, stop=lambda: refusals(server, "close_4008") >= 1)
            return got, rss_mib(server.proc.pid) - rss0, good.p99()

    try:
        got, growth, p99 = asyncio.run(attack())
    finally:
        server.stop()
    assert got["stopped_after_s"] is not None, "the slow reader was never closed with 4008"
    # The 4008 close frame waits behind the frames the client never read: what reaches it is
    # that frame, the keepalive's 1011, or the end of the connection.
    assert got["close_code"] in (None, 4008, 1011)
    assert growth < 40
    assert p99 < P99_BOUND


def test_oversize_bodies_are_refused_while_they_stream(server: Server) -> None:
    async def attack() -> tuple[bytes, bytes, float, float]:
        async with GoodClient(server) as good:
            rss0 = rss_mib(server.proc.pid)
            declared, streamed = await oversize_bodies(server)
            return declared, streamed, rss_mib(server.proc.pid) - rss0, good.p99()

    declared, streamed, growth, p99 = asyncio.run(attack())
    assert declared.startswith(b"HTTP/1.1 413"), declared
    assert streamed.startswith(b"HTTP/1.1 413"), streamed  # answered before the body ended
    assert growth < 20
    assert p99 < P99_BOUND


@pytest.mark.slow  # seconds: waits for the join timeout
def test_a_socket_flood_from_one_address_is_capped_and_timed_out(server: Server) -> None:
    async def attack() -> tuple[list[int | None], int, float]:
        async with GoodClient(server) as good:
            codes, refused = await socket_flood(server, 40, wait=8)
            # The good player's socket still works after the flood.
            await asyncio.sleep(0.5)
            return codes, refused, good.p99()

    codes, refused, p99 = asyncio.run(attack())
    assert refused == 0  # every socket is opened, then closed by the server
    assert codes[19:] == [4429] * 21  # past 20 sockets from one address (the player holds one)
    assert codes[:19] == [4408] * 19  # none of them joined within 2 s
    assert p99 < P99_BOUND


@pytest.mark.slow  # seconds: waits for the header timeout
def test_slowloris_connections_are_cut(server: Server) -> None:
    async def attack() -> tuple[int, int, float]:
        async with GoodClient(server) as good:
            opened, cut = await slowloris(server, 70, rounds=8, interval=0.5)
            return opened, cut, good.p99()

    opened, cut, p99 = asyncio.run(attack())
    assert cut == opened == 70  # cut at the 60-connection cap or after the 2 s head timeout
    assert p99 < P99_BOUND


@pytest.mark.slow  # seconds: waits for the header and body timeouts
@pytest.mark.parametrize("body", [False, True])
def test_keepalive_slowloris_is_cut_and_a_newcomer_gets_the_page(
        server: Server, body: bool) -> None:
    async def attack() -> tuple[int, int, int, float]:
        async with GoodClient(server) as good:
            opened, cut, newcomer = await keepalive_slowloris(server, 40, rounds=12,
                                                              interval=0.5, body=body)
            return opened, cut, newcomer, good.p99()

    opened, cut, newcomer, p99 = asyncio.run(attack())
    assert opened == 40
    assert cut == 40, f"{40 - cut} kept-alive connections outlived the 2 s timeouts"
    assert newcomer == 200
    assert p99 < P99_BOUND


@pytest.mark.slow  # seconds: thirty connections
def test_invalid_utf8_frames_get_no_traceback_each(server: Server) -> None:
    async def attack() -> list[bytes]:
        closes = []
        for _ in range(30):
            reader, writer, _ = await raw_ws(server.port)
            data = b'{"type":"ping","x":"\xff\xfe"}'  # not UTF-8, in a text frame
            mask = os.urandom(4)
            writer.write(bytes([0x81, 0x80 | len(data)]) + mask
                         + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
            closes.append(await asyncio.wait_for(reader.read(4), 5))
            writer.transport.abort()
        return closes

    closes = asyncio.run(attack())
    assert all(c[:1] == b"\x88" and c[2:4] == (1007).to_bytes(2, "big") for c in closes)
    time.sleep(0.3)
    log = server.log.read_text()
    assert log.count("Traceback") <= 1  # one kept, to say what it was; the rest left out
    assert log.count("Invalid UTF-8") <= 10


@pytest.mark.slow  # seconds: five seconds of guessing
def test_reconnecting_does_not_reset_the_wrong_link_budget(server: Server) -> None:
    async def attack() -> tuple[dict[str, object], float]:
        async with GoodClient(server) as good:
            return await guess_links(server, 5), good.p99()

    got, p99 = asyncio.run(attack())
    assert isinstance(got["wrong"], int) and got["wrong"] <= 6  # 5 a minute, whatever the sockets
    closes = got["closes"]
    assert isinstance(closes, list) and len(closes) > 3 and set(closes) == {4429}
    assert p99 < P99_BOUND


def test_a_foreign_host_is_refused(server: Server) -> None:
    async def attack() -> tuple[int, int, bytes, float]:
        async with GoodClient(server) as good:
            return (*await foreign_host(server), good.p99())

    foreign, local, head, p99 = asyncio.run(attack())
    assert foreign == 421 and local == 200
    assert head.startswith(b"HTTP/1.1 403")
    assert p99 < P99_BOUND


@pytest.mark.slow  # seconds: two servers
def test_a_spoofed_forwarding_header_buys_no_tables(server: Server, tmp_path: Path) -> None:
    async def attack(target: Server, spoof: bool) -> tuple[int, float]:
        async with GoodClient(target) as good:
            return await create_tables(target, 20, spoof), good.p99()

    made, p99 = asyncio.run(attack(server, spoof=True))
    assert made == 4  # the burst of 5, less the player's own table: the header is ignored
    assert p99 < P99_BOUND
    (tmp_path / "proxied").mkdir()
    proxied = Server(tmp_path / "proxied", *LIMITS, "--trusted-proxy", "127.0.0.1")
    try:
        assert asyncio.run(attack(proxied, spoof=True))[0] == 20  # one address each
        assert asyncio.run(attack(proxied, spoof=False))[0] == 5  # one address for all
    finally:
        proxied.stop()


def test_a_cross_site_form_post_creates_nothing(server: Server) -> None:
    async def attack() -> tuple[int, int, int, float]:
        async with GoodClient(server) as good:
            return (*await cross_site(server), good.p99())

    form, cors, tables, p99 = asyncio.run(attack())
    assert (form, cors) == (415, 403)
    assert tables == 1  # the player's own
    assert p99 < P99_BOUND


def test_a_link_of_a_foreign_site_page_cannot_open_a_seat(server: Server) -> None:
    with pytest.raises(InvalidStatus):
        asyncio.run(connect(f"ws://127.0.0.1:{server.port}/ws",
                            origin=Origin("http://evil.example"), open_timeout=10).__aenter__())
