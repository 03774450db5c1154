"""PostgreSQL and Redis faults under real server processes of the shared mode: after the
database drops every connection and refuses new ones for a while, and after Redis is killed and
started again empty, every table (all-bot ones included) goes on by itself within a few seconds
with nobody joining, every socket ends at the log's last step, and the log is whole.

The PostgreSQL "restart" is one of this test's database only (its connections are cut and new
ones refused, then allowed again), so that other tests sharing the server are not disturbed;
the Redis restart is a real one, of a redis-server of the test's own."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest

from .processes import ServerProcess, Watcher
from .services import ADMIN_URL
from .test_failover import check_against_log, stored_log

BOTS = {"preset": "five-up", "players": 2,
        "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}]}
WITHIN_S = 10.0  # what "a few seconds" may take on a loaded two-core machine


def database_outage(pg_url: str) -> tuple[Callable[[], None], Callable[[], None]]:
    """Two calls: cut every connection to the test's database and refuse new ones, and allow
    them again."""
    name = urlsplit(pg_url).path.strip("/")

    def down() -> None:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))

    def up() -> None:
        with psycopg.connect(ADMIN_URL, autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')

    return down, up


class OwnRedis:
    """A redis-server of this test's own, with no persistence: a restart starts it empty."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("redis-server is not installed")
        self.binary = binary
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def own_redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    yield server
    server.kill()


def steps_in_order(watcher: Watcher) -> None:
    """Each frame follows the one before (the same step, the next one), or is a full view
    (after a fault, the resync): no step was built on one the socket missed."""
    for before, after in zip(watcher.frames, watcher.frames[1:], strict=False):
        assert after.get("full") or after["seq"] in (before["seq"], before["seq"] + 1), \
            (before["seq"], after["seq"])


def run_fault(pg_url: str, prefix: str, fault: Callable[[], None], heal: Callable[[], None],
              outage_s: float, redis_url: str | None = None) -> float:
    """Two processes, a table of bots alone created on each, watched from both; ``fault``,
    ``outage_s`` seconds, ``heal``. How long after the heal the last table went on."""
    extra: dict[str, Any] = {} if redis_url is None else {"redis_url": redis_url}
    servers = [ServerProcess(pg_url, prefix, **extra) for _ in range(2)]
    watchers: list[Watcher] = []
    tables: list[str] = []
    try:
        for i in range(2):
            created = servers[i].post("/api/tables", BOTS)
            tables.append(created["table"])
            token = created["watch"].split("=", 1)[1]
            for server in servers:  # one on the owner, one on the other process
                watchers.append(Watcher(token, lambda s=server: [s.port]).start())
        deadline = time.monotonic() + 20
        while min(w.seq() for w in watchers) < 3:
            assert time.monotonic() < deadline, "the tables did not start"
            time.sleep(0.05)
        fault()
        time.sleep(outage_s)
        heal()
        healed = time.monotonic()
        at_heal = [w.seq() for w in watchers]
        while any(w.seq() <= seq for w, seq in zip(watchers, at_heal, strict=True)):
            if time.monotonic() - healed > WITHIN_S:
                logs = "".join(line for sv in servers for line in sv.read_stderr()
                               if "table" in line)[-3000:]
                raise AssertionError(f"a table stayed frozen: {[w.seq() for w in watchers]} "
                                     f"vs {at_heal}, tables {tables}, pids "
                                     f"{[sv.pid for sv in servers]}\n{logs}")
            time.sleep(0.02)
        frozen = time.monotonic() - healed
        # Every socket reaches the log's last step (the tables go on meanwhile).
        for i, table_id in enumerate(tables):
            last = len(stored_log(pg_url, table_id)[1])
            for watcher in watchers[2 * i:2 * i + 2]:
                deadline = time.monotonic() + WITHIN_S
                while watcher.seq() < last:
                    assert time.monotonic() < deadline, f"a socket stayed at {watcher.seq()}"
                    time.sleep(0.02)
        assert all(w.reconnects == 0 for w in watchers), "a socket had to join again"
    finally:
        for watcher in watchers:
            watcher.stop()
        for server in servers:
            server.stop()
    for i, table_id in enumerate(tables):
        for watcher in watchers[2 * i:2 * i + 2]:
            steps_in_order(watcher)
        check_against_log(pg_url, table_id, watchers[2 * i:2 * i + 2])
    return frozen


@pytest.mark.slow  # tens of seconds: real processes, an outage and the catch-up
def test_tables_go_on_by_themselves_after_postgresql_comes_back(
        pg_url: str, redis_prefix: str) -> None:
    down, up = database_outage(pg_url)
    try:
        frozen = run_fault(pg_url, redis_prefix, down, up, outage_s=3.0)
    finally:
        up()
    print(f"frozen after PostgreSQL came back: {frozen:.2f} s")


@pytest.mark.slow  # tens of seconds: real processes, a Redis restart and the catch-up
def test_tables_go_on_by_themselves_after_a_redis_restart(
        pg_url: str, redis_prefix: str, own_redis: OwnRedis) -> None:
    frozen = run_fault(pg_url, redis_prefix, own_redis.kill, own_redis.start, outage_s=2.0,
                       redis_url=own_redis.url)
    print(f"frozen after Redis came back: {frozen:.2f} s")
