"""What bench/load.py and bench/soak.py share: the servers they start, the tables they create,
and the seat clients that play them.

A seat client is a fast bot on one websocket: when its seat is to move it waits THINK seconds
(times 0.5 to 1.5), then sends a random legal move; seat 0 also deals the next hand and asks
for a rematch, so tables never stop. It times each action from the moment it was sent to the
moment each of the table's clients receives the frame with it, and reconnects (to the next
server of its list) when its socket closes. It is written on asyncio's bare protocol, with
only the websocket framing a client needs (masked text out; text, ping and close in), because
thousands of them share one or two cores with the servers they measure: a client library's
per-frame coroutines would make the harness, not the server, the bottleneck.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import signal
import socket
import struct
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

SERVER_LIMITS = ["--bot-delay", "0", "--table-rate", "100000", "--tables-burst", "100000",
                 "--max-connections", "100000",
                 # Every client of a bench shares one address: players need more than one
                 # household's share of sockets.
                 "--sockets-per-address", "100000", "--connections-per-address", "100000",
                 "--joins-per-minute", "1000000", "--joins-burst", "100000",
                 # Thousands of one address's clients reconnecting to a saturated server would
                 # spend its budget of link lookups (closed with 4429): that is no player's case.
                 "--failed-links-per-minute", "1000000"]
FOUR_FRIENDS = {"preset": "five-up", "players": 4, "seats": [{"kind": "friend"}] * 4}


@dataclass
class TableRun:
    tokens: list[str]
    table_id: str = ""
    sent_at: dict[int, float] = field(default_factory=dict)  # expected seq -> send time
    seen_seq: int = 0  # the highest step any client saw
    last_frame: float = 0.0  # perf_counter of the newest frame any of its clients got
    longest_gap: float = 0.0  # the longest time without a frame, during the measurement


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: list[str] = field(default_factory=list)
    games: int = 0
    reconnects: int = 0
    closes: dict[str, int] = field(default_factory=dict)  # why clients had to reconnect
    measuring: bool = False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def proc_stats(pid: int) -> tuple[float, float]:
    """(resident MiB, CPU seconds) of a process, from /proc."""
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


async def wait_ready(base: str, seconds: float = 30.0) -> None:
    """Wait until the server at ``base`` answers HTTP."""
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=base, timeout=5) as http:
        while True:
            try:
                await http.get("/api/presets")
                return
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.1)


async def create_tables(bases: list[str], count: int,
                        request: dict[str, Any] = FOUR_FRIENDS) -> list[TableRun]:
    """``count`` tables of four friends' seats, created round-robin on ``bases``."""
    for base in bases:
        await wait_ready(base)
    clients = [httpx.AsyncClient(base_url=base, timeout=30) for base in bases]
    gate = asyncio.Semaphore(8)  # a few at a time: each waits mostly on the server's commits

    async def one(i: int) -> TableRun:
        async with gate:
            created = (await clients[i % len(clients)].post("/api/tables", json=request)).json()
        return TableRun([s["url"].split("=", 1)[1] for s in created["seats"]],
                        table_id=created["table"])

    try:
        return list(await asyncio.gather(*(one(i) for i in range(count))))
    finally:
        for client in clients:
            await client.aclose()


def stop_servers(servers: list[subprocess.Popen[Any]], wait: float = 20.0) -> None:
    """SIGTERM every server still running, and SIGKILL the ones that do not end in time."""
    for server in servers:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
    for server in servers:
        try:
            server.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _frame(opcode: int, payload: bytes) -> bytes:
    """A client's (masked) websocket frame."""
    mask = os.urandom(4)
    size = len(payload)
    if size < 126:
        head = struct.pack("!BB", 0x80 | opcode, 0x80 | size)
    elif size < 65536:
        head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, size)
    else:
        head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, size)
    repeat = (mask * (size // 4 + 1))[:size]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(repeat, "big")).to_bytes(size, "big")
    return head + mask + masked


class SeatClient(asyncio.Protocol):
    """One seat's client (see the module doc): ``start`` it, ``close`` it at the end."""

    def __init__(self, urls: list[str], table: TableRun, seat: int, stats: Stats,
                 think: float, rng: random.Random) -> None:
        self.urls = urls
        self.table = table
        self.seat = seat
        self.stats = stats
        self.think = think
        self.rng = rng
        self.turn = 0
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = False
        self.acted_on = -1
        self.last_seen = -1
        self.pending: asyncio.TimerHandle | None = None
        self.closing = False
        self.why = ""
        self.connecting: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.connecting = asyncio.ensure_future(self._connect())

    def close(self) -> None:
        self.closing = True
        if self.pending is not None:
            self.pending.cancel()
        if self.transport is not None:
            self.transport.abort()

    async def _connect(self) -> None:
        while not self.closing:
            url = urlsplit(self.urls[self.turn % len(self.urls)])
            self.turn += 1
            try:
                await asyncio.wait_for(asyncio.get_running_loop().create_connection(
                    lambda: self, url.hostname or "127.0.0.1", url.port or 80), 60)
                return
            except (OSError, TimeoutError) as exc:
                self._count(type(exc).__name__)
                await asyncio.sleep(0.2 * self.rng.uniform(0.5, 1.5))

    def _count(self, why: str) -> None:
        self.stats.reconnects += 1
        self.stats.closes[why] = self.stats.closes.get(why, 0) + 1

    # --- asyncio.Protocol ---------------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.buffer.clear()
        self.upgraded = False
        self.acted_on = self.last_seen = -1
        self.why = ""
        host, port = transport.get_extra_info("peername")[:2]
        key = base64.b64encode(os.urandom(16)).decode()
        transport.write(
            f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode())

    def connection_lost(self, exc: Exception | None) -> None:
        self.transport = None
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self.closing:
            return
        self._count(self.why or (type(exc).__name__ if exc else "EOF"))
        asyncio.get_running_loop().call_later(0.2 * self.rng.uniform(0.5, 1.5), self.start)

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[:end]).split(b"\r\n", 1)[0]
            del self.buffer[:end + 4]
            if b" 101 " not in status:
                self.why = status.decode(errors="replace")
                self._abort()
                return
            self.upgraded = True
            self._send(json.dumps({"type": "join", "token": self.table.tokens[self.seat]}))
        buf = self.buffer
        while len(buf) >= 2:
            opcode, size = buf[0] & 0x0F, buf[1] & 0x7F
            start = 2
            if size == 126:
                if len(buf) < 4:
                    return
                size, start = struct.unpack_from("!H", buf, 2)[0], 4
            elif size == 127:
                if len(buf) < 10:
                    return
                size, start = struct.unpack_from("!Q", buf, 2)[0], 10
            if len(buf) < start + size:
                return
            payload = bytes(buf[start:start + size])
            del buf[:start + size]
            if opcode == 1:
                self._on_text(payload)
            elif opcode == 9 and self.transport is not None:  # ping
                self.transport.write(_frame(10, payload))
            elif opcode == 8:  # close
                code = struct.unpack_from("!H", payload)[0] if len(payload) >= 2 else 1005
                self.why = f"close {code}"
                if self.transport is not None:
                    self.transport.write(_frame(8, payload[:2]))
                self._abort()
                return

    def _abort(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def _send(self, text: str) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(_frame(1, text.encode()))

    # --- the bot ------------------------------------------------------------------------------

    def _on_text(self, raw: bytes) -> None:
        now = time.perf_counter()
        frame: dict[str, Any] = json.loads(raw)
        kind = frame["type"]
        if kind == "error":
            self.stats.errors.append(frame["key"])
            return
        if kind != "state":
            return
        table, stats = self.table, self.stats
        seq = frame["seq"]
        if table.last_frame and stats.measuring:
            table.longest_gap = max(table.longest_gap, now - table.last_frame)
        table.last_frame = now
        table.seen_seq = max(table.seen_seq, seq)
        sent = table.sent_at.get(seq)
        if sent is not None and seq > self.last_seen:
            stats.latencies.append(now - sent)
        self.last_seen = max(self.last_seen, seq)
        if frame.get("full"):
            # A (re)join: a command sent before it may have died with a table's owner.
            self.acted_on = -1
            if self.pending is not None:
                self.pending.cancel()
                self.pending = None
        if seq <= self.acted_on:
            return
        phase = frame["public"]["phase"]
        legal = [m["notation"] for m in frame["seat"]["legal_moves"]]
        message: dict[str, Any] | None = None
        if phase == "play" and legal:
            message = {"type": "play", "move": self.rng.choice(legal)}
        elif phase == "hand_over":  # every seat: the next hand waits for all
            message = {"type": "next_hand"}
        elif phase == "game_over":  # a rematch is every seat's yes
            message = {"type": "rematch"}
        if message is None:
            return
        self.acted_on = seq
        if self.pending is not None:
            self.pending.cancel()
        self.pending = asyncio.get_running_loop().call_later(
            self.think * self.rng.uniform(0.5, 1.5), self._act, seq, json.dumps(message))

    def _act(self, seq: int, text: str) -> None:
        self.pending = None
        self.table.sent_at[seq + 1] = time.perf_counter()
        self.stats.actions += 1
        if '"rematch"' in text:
            self.stats.games += 1
        self._send(text)


def seat_clients(urls: list[str], tables: list[TableRun], stats: Stats, think: float,
                 seed: int) -> list[SeatClient]:
    """A started client for each seat of each table; the four seats of a table start on
    different servers of ``urls`` (as a load balancer would spread them)."""
    rng = random.Random(seed)
    clients = []
    for t, table in enumerate(tables):
        for seat in range(len(table.tokens)):
            turn = (t + seat) % len(urls)
            client = SeatClient(urls[turn:] + urls[:turn], table, seat, stats, think,
                                random.Random(rng.random()))
            client.start()
            clients.append(client)
    return clients
