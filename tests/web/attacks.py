"""Hostile clients against a real `fives serve` over TCP: one coroutine per attack, sized by its
arguments, that returns what the attacker achieved. ``tests/web/test_hostile.py`` runs them small
and checks the server's refusals; ``bench/attacks.py`` runs them large and reports the figures.
Every read has a timeout."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .tcp import BOTS, TABLE, Server, close_code, random_token, raw_ws, ws_frame


def refusals(server: Server, kind: str) -> float:
    """The server's count of refusals of ``kind`` (its /metrics)."""
    for line in httpx.get(server.base + "/metrics", timeout=10).text.splitlines():
        if line.startswith(f'fives_refusals_total{{kind="{kind}"}}'):
            return float(line.split()[-1])
    return 0.0


async def never_read(server: Server, seconds: float,
                     stop: Callable[[], bool] | None = None) -> dict[str, Any]:
    """Watch a busy bot table on a socket with a small receive buffer, send pings and never
    read. Ends when a write fails, when ``stop()`` is true (checked every 0.2 s) or after
    ``seconds``; then reads the close code (None: the connection ended without one)."""
    watch = server.create(BOTS).json()["watch"].split("=", 1)[1]
    reader, writer, _ = await raw_ws(server.port, rcvbuf=4096)
    writer.write(ws_frame(json.dumps({"type": "join", "token": watch})))
    ping = ws_frame('{"type":"ping"}')
    sent = 0
    started = time.monotonic()
    stopped_after = None
    while time.monotonic() - started < seconds:
        try:
            if writer.transport.get_write_buffer_size() < 65536:
                writer.write(ping * 10)
                sent += len(ping) * 10
        except OSError:
            break
        if stop is not None and stop():
            stopped_after = round(time.monotonic() - started, 1)
            break
        await asyncio.sleep(0.2)
    code = await close_code(reader, timeout=15)
    writer.transport.abort()
    return {"sent_kib": sent // 1024, "stopped_after_s": stopped_after, "close_code": code}


async def ping_flood(server: Server, sockets: int, seconds: float) -> dict[str, Any]:
    """``sockets`` spectator sockets of a table, each writing pings as fast as the connection
    takes them for ``seconds`` (reading only to see a close frame) and opening a new one when
    the server closes it: pings sent, after how many seconds the first socket was closed
    (None: never), how many were closed, and how many reconnections the server dropped
    before their handshake's answer (an address barred for flooding)."""
    watch = server.create(TABLE).json()["watch"].split("=", 1)[1]
    ping = ws_frame('{"type":"ping"}') * 200
    sent = 0
    dropped = 0

    async def flood(seconds: float) -> float | None:
        nonlocal sent, dropped
        started = time.monotonic()
        try:
            reader, writer, _ = await raw_ws(server.port)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            dropped += 1  # dropped at the door: it tries again at once, as a flooder would
            return round(time.monotonic() - started, 2)
        writer.write(ws_frame(json.dumps({"type": "join", "token": watch})))
        closed_after = None
        got = b""
        try:
            while time.monotonic() - started < seconds:
                writer.write(ping)
                await asyncio.wait_for(writer.drain(), 5)
                sent += 200
                with contextlib.suppress(TimeoutError):
                    got = (got + await asyncio.wait_for(reader.read(65536), 0.001))[-65536:]
                if b"\x88" in got or reader.at_eof():  # a close frame, or the end
                    closed_after = round(time.monotonic() - started, 2)
                    break
        except (OSError, TimeoutError):
            closed_after = round(time.monotonic() - started, 2)
        writer.transport.abort()
        return closed_after

    async def persist() -> list[float | None]:
        end = time.monotonic() + seconds
        closes = []
        while time.monotonic() < end - 0.1:
            closes.append(await flood(end - time.monotonic()))
        return closes

    closes = [c for each in await asyncio.gather(*(persist() for _ in range(sockets)))
              for c in each]
    return {"pings_sent": sent, "first_closed_after_s": closes[0],
            "sockets_closed": sum(c is not None for c in closes) - dropped,
            "reconnections_dropped": dropped}


async def join_leave_loop(server: Server, watch: str, spectators: int,
                          seconds: float) -> dict[str, Any]:
    """``spectators`` sockets watch a table (the one at link ``watch``) while one address joins
    it and leaves again as fast as it can for ``seconds``: joins made, joins refused, and the
    bytes a second each spectator got meanwhile."""
    got = [0] * spectators
    stop = asyncio.Event()

    async def spectate(i: int) -> None:
        reader, writer, _ = await raw_ws(server.port)
        writer.write(ws_frame(json.dumps({"type": "join", "token": watch})))
        while not stop.is_set():
            try:
                got[i] += len(await asyncio.wait_for(reader.read(65536), 0.2))
            except TimeoutError:
                continue
        writer.transport.abort()

    watchers = [asyncio.create_task(spectate(i)) for i in range(spectators)]
    await asyncio.sleep(0.5)
    before = sum(got)
    joins = refused = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            reader, writer, _ = await raw_ws(server.port)
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            refused += 1
            continue
        writer.write(ws_frame(json.dumps({"type": "join", "token": watch})))
        try:
            reply = await asyncio.wait_for(reader.read(2), 5)
            joins += reply[:1] == b"\x81"  # a text frame: the view (else a close)
            refused += reply[:1] != b"\x81"
        except (OSError, TimeoutError):
            refused += 1
        writer.transport.abort()
    stop.set()
    await asyncio.gather(*watchers)
    return {"joins": joins, "refused": refused,
            "spectator_kib_per_s": round((sum(got) - before) / spectators / seconds / 1024, 1)}


async def oversize_bodies(server: Server, declared: int = 300 * 2**20) -> tuple[bytes, bytes]:
    """Two POSTs that never send the rest of their body: one declaring ``declared`` bytes, one
    chunked past the limit. Returns the start of each reply."""
    async def post(head: str, first: bytes) -> bytes:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(head.encode() + first)  # and never the rest of the body
        await writer.drain()
        reply = await asyncio.wait_for(reader.read(200), 10)
        writer.close()
        return reply

    base = (f"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Content-Type: application/json\r\n")
    first = await post(base + f"Content-Length: {declared}\r\n\r\n", b" " * 65536)
    chunk = b"400\r\n" + b" " * 1024 + b"\r\n"
    streamed = await post(base + "Transfer-Encoding: chunked\r\n\r\n", chunk * 10)
    return first, streamed


async def socket_flood(server: Server, count: int, wait: float
                       ) -> tuple[list[int | None], int]:
    """Open ``count`` websockets from one address and never join: the close code of each
    socket opened within ``wait`` seconds (1006: ended without a close frame; None: still
    open), and how many could not be opened."""
    async def code(reader: asyncio.StreamReader) -> int | None:
        try:
            got = await close_code(reader, timeout=wait)
        except TimeoutError:
            return None
        return 1006 if got is None else got

    opened = []
    refused = 0
    for _ in range(count):
        try:
            opened.append(await asyncio.wait_for(raw_ws(server.port), 5))
        except (OSError, TimeoutError, asyncio.IncompleteReadError):
            refused += 1
    codes = await asyncio.gather(*(code(r) for r, _, _ in opened))
    for _, writer, _ in opened:
        writer.transport.abort()
    return list(codes), refused


async def slowloris(server: Server, count: int, rounds: int, interval: float) -> tuple[int, int]:
    """Open ``count`` connections that send a request head one byte every ``interval`` seconds
    for ``rounds`` rounds: how many were opened and how many the server had cut by then."""
    conns = [await asyncio.open_connection("127.0.0.1", server.port) for _ in range(count)]
    for _, writer in conns:
        writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    for _ in range(rounds):
        await asyncio.sleep(interval)
        for _, writer in conns:
            if not writer.is_closing():
                writer.write(b"X")

    async def ended(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        try:
            return await asyncio.wait_for(reader.read(1), 3) == b""
        except (ConnectionError, TimeoutError):
            return isinstance(writer.transport, asyncio.Transport) and \
                writer.transport.is_closing()
        finally:
            writer.transport.abort()

    cut = await asyncio.gather(*(ended(reader, writer) for reader, writer in conns))
    return len(conns), sum(cut)


async def keepalive_slowloris(server: Server, count: int, rounds: int, interval: float,
                              body: bool = False) -> tuple[int, int, int]:
    """``count`` kept-alive connections that each get a page, then send their next request one
    byte every ``interval`` seconds for ``rounds`` rounds: its head, or (``body``) a whole head
    and then a body that never ends. How many got their first page, how many the server had
    cut by then, and the status a newcomer got for the page meanwhile."""
    host = f"Host: 127.0.0.1:{server.port}\r\n"
    conns = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(f"GET /api/presets HTTP/1.1\r\n{host}\r\n".encode())
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        length = int(head.lower().split(b"content-length:", 1)[1].split(b"\r\n", 1)[0])
        await asyncio.wait_for(reader.readexactly(length), 10)
        conns.append((reader, writer))
    if body:
        for _, writer in conns:
            writer.write(f"POST /api/tables HTTP/1.1\r\n{host}Content-Type: application/json"
                         "\r\nContent-Length: 1000\r\n\r\n".encode())
    trickle = b"x" if body else b"GET / HTTP/1.1\r\nX-Slow: " + b"x" * 1000
    newcomer = 0
    for i in range(rounds):
        await asyncio.sleep(interval)
        for _, writer in conns:
            if not writer.is_closing():
                writer.write(trickle[i:i + 1] if not body else trickle)
        if i == rounds // 2:
            async with httpx.AsyncClient(timeout=10) as http:
                newcomer = (await http.get(server.base + "/")).status_code

    async def ended(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> bool:
        try:
            while True:  # a 400 or 408 may come before the end
                if not await asyncio.wait_for(reader.read(4096), 3):
                    return True
        except (ConnectionError, TimeoutError):
            return isinstance(writer.transport, asyncio.Transport) and \
                writer.transport.is_closing()
        finally:
            writer.transport.abort()

    cut = await asyncio.gather(*(ended(reader, writer) for reader, writer in conns))
    return len(conns), sum(cut), newcomer


async def guess_links(server: Server, seconds: float) -> dict[str, Any]:
    """Reconnect again and again for ``seconds``, trying random seat links on each socket until
    the server closes it: tries, replies that named a wrong link, and the close codes (None: the
    connection itself was refused)."""
    tries = wrong = 0
    closes: list[int | None] = []
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        try:
            async with connect(f"ws://127.0.0.1:{server.port}/ws", open_timeout=5) as ws:
                while True:
                    await ws.send(json.dumps({"type": "join", "token": random_token()}))
                    reply = json.loads(await asyncio.wait_for(ws.recv(), 5))
                    tries += 1
                    wrong += reply.get("key") == "bad_token"
        except ConnectionClosed as exc:
            closes.append(exc.rcvd.code if exc.rcvd else 1006)
        except (OSError, TimeoutError, InvalidHandshake):
            closes.append(None)
    return {"tries": tries, "wrong": wrong, "closes": closes}


async def foreign_host(server: Server) -> tuple[int, int, bytes]:
    """The page asked for with a foreign Host header and with the server's own name, and a
    websocket opened with a foreign Host: both statuses and the websocket's reply."""
    async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
        foreign = (await http.get("/", headers={"host": "evil.example"})).status_code
        local = (await http.get("/", headers={"host": f"localhost:{server.port}"})).status_code
    _, writer, head = await raw_ws(server.port, host="evil.example")
    writer.transport.abort()
    return foreign, local, head


async def create_tables(server: Server, count: int, spoof: bool) -> int:
    """``count`` table creations, each claiming another address in X-Forwarded-For (``spoof``)
    or all the same one: how many were made."""
    made = 0
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        for i in range(count):
            address = f"10.0.{i // 250}.{i % 250}" if spoof else "10.0.1.1"
            made += (await http.post("/api/tables", json=TABLE,
                                     headers={"x-forwarded-for": address})).status_code == 201
    return made


async def cross_site(server: Server) -> tuple[int, int, int]:
    """A form POST (text/plain) and a JSON POST from another site's page: both statuses and
    the number of tables the server then holds."""
    async with httpx.AsyncClient(base_url=server.base, timeout=10) as http:
        form = await http.post("/api/tables", content=json.dumps(TABLE), headers={
            "content-type": "text/plain", "origin": "http://evil.example"})
        cors = await http.post("/api/tables", json=TABLE, headers={
            "origin": "http://evil.example"})
        tables = (await http.get("/healthz")).json()["tables"]
    return form.status_code, cors.status_code, tables
