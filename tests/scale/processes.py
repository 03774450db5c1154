"""Real `fives serve` processes in the shared mode, and websocket clients that watch tables."""

from __future__ import annotations

import json
import selectors
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from .services import REDIS_URL


class ServerProcess:
    """One `fives serve --database ... --redis ...` on a free port (or several workers)."""

    def __init__(self, pg_url: str, prefix: str, *extra: str, redis_url: str = REDIS_URL) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "fives", "serve", "--port", "0", "--database", pg_url,
             "--redis", redis_url, "--redis-prefix", prefix, "--lease", "1",
             "--bot-delay", "0.05", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.port = 0
        self.workers: list[int] = []
        self.stderr: list[str] = []
        self.drain: threading.Thread | None = None
        deadline = time.monotonic() + 60
        selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        selector.register(self.proc.stdout, selectors.EVENT_READ)
        while not self.port:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.stop()
                assert self.proc.stderr is not None
                raise RuntimeError("server did not start: " + self.proc.stderr.read())
            if selector.select(timeout=0.2):
                line = self.proc.stdout.readline()
                if " workers (" in line:
                    self.workers = [int(p) for p in line.rsplit(":", 1)[1].split()]
                if "serving on http://" in line:
                    self.port = int(line.split("http://", 1)[1].split("/")[0].rsplit(":", 1)[1])
        selector.close()
        self.drain = threading.Thread(target=self._drain, daemon=True)
        self.drain.start()

    def _drain(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self.stderr.append(line)

    def read_stderr(self) -> list[str]:
        """What the server wrote to stderr (all of it once it has ended)."""
        if self.proc.poll() is not None and self.drain is not None:
            self.drain.join(timeout=5)
        return self.stderr

    @property
    def pid(self) -> int:
        return self.proc.pid

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.url(path), data=json.dumps(body).encode(), method="POST",
            headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            data: dict[str, Any] = json.loads(response.read())
        return data

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()


def owner_pid(prefix: str, table_id: str) -> int | None:
    """The pid of the process holding the table's lease (proc ids start with it)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    try:
        value = client.get(f"{prefix}lease:{table_id}")
    finally:
        client.close()
    if value is None:
        return None
    text = value.decode() if isinstance(value, bytes) else value
    return int(text.split("-", 1)[0])


@dataclass
class Watcher:
    """A spectator socket kept open on one of ``ports()``, reconnecting to another when its
    process dies; every frame it receives is kept."""

    token: str
    ports: Any  # () -> list of live ports
    frames: list[dict[str, Any]] = field(default_factory=list)
    reconnects: int = 0
    stopping: bool = False
    errors: list[str] = field(default_factory=list)

    def start(self) -> Watcher:
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        return self

    def _run(self) -> None:
        from websockets.sync.client import connect

        turn = 0
        while not self.stopping:
            ports = self.ports()
            port = ports[(hash(self.token) + turn) % len(ports)]
            turn += 1
            try:
                with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=5) as ws:
                    ws.send(json.dumps({"type": "join", "token": self.token}))
                    while not self.stopping:
                        try:
                            raw = ws.recv(timeout=0.5)
                        except TimeoutError:
                            continue
                        frame = json.loads(raw)
                        if frame.get("type") == "state":
                            frame["_at"] = time.monotonic()
                            self.frames.append(frame)
                        elif frame.get("type") == "error":
                            self.errors.append(frame.get("key", "?"))
            except Exception:
                self.reconnects += 1
                time.sleep(0.1)

    def stop(self) -> None:
        self.stopping = True
        self.thread.join(timeout=5)

    def seq(self) -> int:
        return self.frames[-1]["seq"] if self.frames else 0

