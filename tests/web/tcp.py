"""Tools for tests and benchmarks against a real `fives serve` over TCP: the server process,
raw websocket clients (for the hostile ones) and a well-behaved client that times its pings.
Every read has a timeout."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import select
import signal
import socket
import statistics
import struct
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

TABLE = {"preset": "all-fives", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]}
BOTS = {"preset": "multiples-of-five", "players": 4,
        "seats": [{"kind": "bot", "level": "random"}] * 4}


def free_port() -> int:
    """A free port for a server that must listen on a known port (a restart on the same port,
    nginx's upstreams, two workers sharing one port).

    A port the kernel hands out for a bind to port 0 could be handed out again, to another test
    or another pytest-xdist worker, before the server binds it. So the port is drawn below the
    kernel's ephemeral range, where no bind to port 0 lands, from a band of its own for each
    xdist worker (gw0, gw1...), and checked free.
    """
    try:
        ephemeral_low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        ephemeral_low = 32768
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    band = 1000
    low = 10000 + (int(worker) if worker.isdigit() else 0) % 20 * band
    if low + band > ephemeral_low:  # an unusual ephemeral range: let the kernel choose
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            return int(s.getsockname()[1])
    rng = random.Random()
    for _ in range(200):
        port = rng.randrange(low, low + band)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {low}-{low + band - 1}")


def rss_mib(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (children, their children ...), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat[1])
    found: list[int] = []
    todo = [pid]
    while todo:
        parent = todo.pop()
        kids = [p for p, pp in parents.items() if pp == parent]
        found += kids
        todo += kids
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Server:
    """A `fives serve` process on a temporary database. With ``port=None`` it binds port 0
    and learns the port from its "serving on" line; else it polls the given port. ``launch``
    is the command that runs fives' CLI (bench/servers.py's, for another server)."""

    def __init__(self, folder: Path, *args: str, port: int | None = None,
                 src: Path | None = None, launch: tuple[str, ...] = (sys.executable, "-m",
                                                                        "fives")) -> None:
        env = dict(os.environ)
        if src is not None:
            env["PYTHONPATH"] = str(src)
        self.log = folder / "server.log"
        self.proc = subprocess.Popen(
            [*launch, "serve", "--port", str(port or 0), "--db",
             str(folder / "db.sqlite3"), "--bot-delay", "0", *args],
            stdout=subprocess.PIPE, stderr=self.log.open("wb"), env=env,
        )
        self.port = port or 0
        deadline = time.monotonic() + 30
        if port is None:
            assert self.proc.stdout is not None
            line = b""
            while not line.endswith(b"\n") and time.monotonic() < deadline:
                ready, _, _ = select.select([self.proc.stdout], [], [], 0.5)
                if ready:
                    byte = os.read(self.proc.stdout.fileno(), 1)
                    if not byte:
                        break
                    line += byte
            text = line.decode()
            if "serving on http://" not in text:
                self.kill()
                raise AssertionError(f"no 'serving on' line: {text!r} "
                                     f"{self.log.read_text()[-500:]}")
            self.port = int(text.split("serving on http://", 1)[1].split("/", 1)[0]
                            .rsplit(":", 1)[1])
        self.base = f"http://127.0.0.1:{self.port}"
        while time.monotonic() < deadline:
            try:
                httpx.get(self.base + "/api/presets", timeout=2)
                return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise AssertionError("the server did not answer")

    def create(self, body: dict[str, Any], **headers: str) -> httpx.Response:
        return httpx.post(self.base + "/api/tables", json=body, headers=headers, timeout=30)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 15) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        return int(self.proc.returncode)


class GoodClient:
    """A player at its own table who pings every 50 ms and times each pong; a socket the
    server drops counts as a 10 s round trip."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.samples: list[float] = []
        self.stop = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    async def __aenter__(self) -> GoodClient:
        created = self.server.create(TABLE)
        assert created.status_code == 201, created.text
        self.table: dict[str, Any] = created.json()  # its links (the spectators' too)
        token = self.table["me"].split("=", 1)[1]
        self.ws = await connect(f"ws://127.0.0.1:{self.server.port}/ws", open_timeout=10)
        await self.ws.send(json.dumps({"type": "join", "token": token}))
        await asyncio.wait_for(self.ws.recv(), 10)
        self.task = asyncio.create_task(self._run())
        await asyncio.sleep(0.3)
        return self

    async def _run(self) -> None:
        while not self.stop.is_set():
            started = time.perf_counter()
            try:
                await self.ws.send(json.dumps({"type": "ping"}))
                while json.loads(await asyncio.wait_for(self.ws.recv(), 10))["type"] != "pong":
                    pass
            except (TimeoutError, ConnectionClosed):
                self.samples.append(10.0)
                if self.ws.state.name != "OPEN":
                    return
                continue
            self.samples.append(time.perf_counter() - started)
            await asyncio.sleep(0.05)

    async def __aexit__(self, *exc: object) -> None:
        self.stop.set()
        if self.task is not None:
            await asyncio.wait_for(self.task, 15)
        await self.ws.close()

    def p99(self) -> float:
        return self.percentile(99)

    def percentile(self, p: int) -> float:
        lat = sorted(self.samples)
        return statistics.quantiles(lat, n=100)[p - 1] if len(lat) > 2 else float("inf")


def ws_frame(text: str, opcode: int = 0x1) -> bytes:
    """One masked client frame."""
    data = text.encode()
    mask = os.urandom(4)
    head = bytes([0x80 | opcode])
    if len(data) < 126:
        head += bytes([0x80 | len(data)])
    else:
        head += bytes([0x80 | 126]) + struct.pack(">H", len(data))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


async def raw_ws(port: int, rcvbuf: int | None = None, host: str | None = None,
                 source: str | None = None
                 ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter, bytes]:
    """A websocket opened by hand (no library reading for us), from the loopback address
    ``source`` if given: reader, writer, the reply."""
    sock = socket.socket()
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    if source:
        sock.bind((source, 0))
    sock.setblocking(False)
    await asyncio.wait_for(asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", port)), 10)
    reader, writer = await asyncio.open_connection(sock=sock)
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        f"GET /ws HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        .encode())
    await writer.drain()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
    return reader, writer, head


async def close_code(reader: asyncio.StreamReader, timeout: float = 10) -> int | None:
    """Read frames until the server's close frame; its code (None: the socket just ended)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            head = await asyncio.wait_for(reader.readexactly(2), deadline - time.monotonic())
            size = head[1] & 0x7F
            if size == 126:
                size = struct.unpack(">H", await reader.readexactly(2))[0]
            elif size == 127:
                size = struct.unpack(">Q", await reader.readexactly(8))[0]
            body = await reader.readexactly(size)
        except (asyncio.IncompleteReadError, ConnectionError):
            return None
        if head[0] & 0x0F == 0x8:
            return int(struct.unpack(">H", body[:2])[0]) if len(body) >= 2 else 1005
    raise TimeoutError("no close frame in time")


def random_token() -> str:
    return base64.urlsafe_b64encode(os.urandom(24)).decode()
