"""Failover between real server processes: SIGKILL of owners while bots play, and a paused
owner that comes back after another process took its table."""

from __future__ import annotations

import json
import random
import signal
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import psycopg
import pytest

from fives.web.service import TableService
from fives.web.storage import LogEntry

from .processes import ServerProcess, Watcher, owner_pid
from .services import REDIS_URL

BOTS = {"preset": "five-up", "players": 2,
        "seats": [{"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "random"}]}


def stored_log(pg_url: str, table_id: str) -> tuple[dict[str, Any], list[LogEntry], list[int]]:
    with psycopg.connect(pg_url) as conn:
        config = conn.execute("SELECT config FROM tables WHERE id = %s", (table_id,)).fetchone()
        rows = conn.execute(
            "SELECT seq, kind, payload, at, epoch FROM log WHERE table_id = %s ORDER BY seq",
            (table_id,)).fetchall()
    assert config is not None
    entries = [LogEntry(s, k, json.loads(p), a) for s, k, p, a, _ in rows]
    return json.loads(config[0]), entries, [e for *_, e in rows]


def same(seen: str, stored: str | None) -> bool:
    """A move as a client saw it is the logged one (events leave out the end's side)."""
    return stored is not None and (stored == seen or stored.startswith(seen + "."))


def check_against_log(pg_url: str, table_id: str, watchers: list[Watcher]) -> int:
    """The log replays through the engine, and every action a client saw is the logged one."""
    config, entries, epochs = stored_log(pg_url, table_id)
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert epochs == sorted(epochs)  # once a new owner wrote, no older one did
    TableService(table_id, config).replay(entries)  # raises if any step is not legal
    moves = {e.seq: e.payload.get("move") for e in entries if e.kind == "move"}
    for watcher in watchers:
        for frame in watcher.frames:
            assert frame["seq"] <= len(entries), "a client saw a step that is not in the log"
            plays = [e["params"]["move"] for e in frame["events"]
                     if e["kind"] in ("lead", "place")]
            if frame.get("full"):  # a (re)joining client's view: this hand's story so far
                earlier = [m for s, m in moves.items() if s <= frame["seq"]]
                assert all(any(same(p, m) for m in earlier) for p in plays)
            else:  # one step: the move logged at its seq
                assert all(same(p, moves.get(frame["seq"])) for p in plays), frame["seq"]
    return len(entries)


def wait_until(done: Callable[[], bool], what: str, seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


# Not marked slow: the fast suite's one sample of real processes sharing tables (a few seconds,
# the processes start together), so that a routing, connection-id or lease bug fails it too.
# The slow tests below and tests/scale/test_nginx.py go further.
def test_fast_sample_routing_connection_ids_and_a_takeover(
        pg_url: str, redis_prefix: str) -> None:
    with ThreadPoolExecutor(3) as pool:
        owner, b, c = pool.map(lambda _: ServerProcess(pg_url, redis_prefix), range(3))
    watchers: list[Watcher] = []
    try:
        created = owner.post("/api/tables", BOTS | {"target": 200})
        table_id = created["table"]
        assert owner_pid(redis_prefix, table_id) == owner.pid
        token = created["watch"].split("=", 1)[1]
        # Each is the first socket of its process, the same local id in both: the owner must
        # still see two spectators (each process adds its own block of ids).
        on_b = Watcher(token, lambda: [b.port]).start()
        on_c = Watcher(token, lambda: [c.port]).start()
        watchers = [on_b, on_c]
        wait_until(lambda: on_b.seq() > 2 and on_c.seq() > 2, "the table did not start")
        seen_b, seen_c = on_b.seq(), on_c.seq()
        wait_until(lambda: on_b.seq() > seen_b + 1 and on_c.seq() > seen_c + 1,
                   "a spectator on another process stopped getting frames")
        on_b.stop()  # its leave, routed to the owner, must not drop the other one
        seen_c = on_c.seq()
        wait_until(lambda: on_c.seq() > seen_c + 1, "one spectator's leave dropped the other")
        owner.kill()
        killed = on_c.seq()
        wait_until(lambda: on_c.seq() > killed, "no process took the dead owner's table")
        assert owner_pid(redis_prefix, table_id) in (b.pid, c.pid)
    finally:
        for watcher in watchers:
            watcher.stop()
        for server in (owner, b, c):
            server.stop()
    assert on_c.errors == [] and on_c.reconnects == 0
    assert check_against_log(pg_url, table_id, [on_c]) > 5
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    try:
        assert int(client.get(f"{redis_prefix}ids") or 0) == 3  # one block of ids a process
    finally:
        client.close()


@pytest.mark.slow  # tens of seconds: whole games, the fast suite leaves it out
def test_sigkill_of_owners_while_bots_play(pg_url: str, redis_prefix: str) -> None:
    servers = [ServerProcess(pg_url, redis_prefix) for _ in range(3)]
    watchers: list[Watcher] = []
    try:
        tables = []
        for i in range(6):
            created = servers[i % 3].post("/api/tables", BOTS)
            tables.append(created["table"])
            token = created["watch"].split("=", 1)[1]
            watchers.append(Watcher(token, lambda: [s.port for s in servers
                                                    if s.proc.poll() is None]).start())
        time.sleep(1.0)
        stalls: list[float] = []
        rng = random.Random()
        for _ in range(3):
            time.sleep(rng.uniform(0.3, 1.2))
            table = rng.choice(tables)
            pid = owner_pid(redis_prefix, table)
            victim = next(s for s in servers if s.pid == pid)
            owned = [t for t in tables if owner_pid(redis_prefix, t) == pid]
            before = {t: watchers[tables.index(t)].seq() for t in owned}
            victim.kill()
            killed_at = time.monotonic()
            # every table of the dead process goes on elsewhere within a few seconds
            # (a frame the victim sent just before it died may still arrive after the kill:
            # what counts is a frame after another process took the table over)
            for t in owned:
                watcher = watchers[tables.index(t)]
                while owner_pid(redis_prefix, t) == pid:
                    assert time.monotonic() - killed_at < 20, f"table {t} never taken over"
                    time.sleep(0.02)
                taken_over = max(before[t], watcher.seq())
                while watcher.seq() <= taken_over:
                    assert time.monotonic() - killed_at < 20, f"table {t} stalled"
                    time.sleep(0.02)
                stalls.append(time.monotonic() - killed_at)
            servers[servers.index(victim)] = ServerProcess(pg_url, redis_prefix)
        time.sleep(0.5)
    finally:
        for watcher in watchers:
            watcher.stop()
        for server in servers:
            server.stop()
    print(f"stalls after SIGKILL (s): {sorted(round(x, 2) for x in stalls)}")
    assert max(stalls) < 10
    for table_id, watcher in zip(tables, watchers, strict=True):
        assert check_against_log(pg_url, table_id, [watcher]) > 5


@pytest.mark.slow  # several seconds: a whole table's takeover
def test_a_dead_owner_is_replaced_long_before_its_lease_runs_out(
        pg_url: str, redis_prefix: str) -> None:
    # A 30 s lease: only the dead owner's silent inbox can explain a takeover within seconds.
    first = ServerProcess(pg_url, redis_prefix, "--lease", "30")
    second = ServerProcess(pg_url, redis_prefix, "--lease", "30")
    watcher: Watcher | None = None
    try:
        created = first.post("/api/tables", BOTS)
        table_id = created["table"]
        assert owner_pid(redis_prefix, table_id) == first.pid
        watcher = Watcher(created["watch"].split("=", 1)[1], lambda: [second.port]).start()
        deadline = time.monotonic() + 15
        while watcher.seq() < 3:
            assert time.monotonic() < deadline, "the table did not start"
            time.sleep(0.02)
        first.kill()
        killed_at, before = time.monotonic(), watcher.seq()
        while watcher.seq() <= before:
            assert time.monotonic() - killed_at < 15, "the table stalled"
            time.sleep(0.02)
        stall = time.monotonic() - killed_at
        assert owner_pid(redis_prefix, table_id) == second.pid
        time.sleep(0.5)
    finally:
        if watcher is not None:
            watcher.stop()
        first.stop()
        second.stop()
    print(f"stall after SIGKILL with a 30 s lease: {stall:.2f} s")
    assert stall < 10
    assert check_against_log(pg_url, table_id, [watcher]) > 3


@pytest.mark.slow  # several seconds: a lease runs out
def test_a_paused_owner_cannot_append_after_a_takeover(pg_url: str, redis_prefix: str) -> None:
    first = ServerProcess(pg_url, redis_prefix)
    second = ServerProcess(pg_url, redis_prefix)
    try:
        created = first.post("/api/tables", BOTS)
        table_id = created["table"]
        assert owner_pid(redis_prefix, table_id) == first.pid
        watcher = Watcher(created["watch"].split("=", 1)[1], lambda: [second.port]).start()
        time.sleep(0.5)
        first.proc.send_signal(signal.SIGSTOP)  # past its 1 s lease
        stopped = watcher.seq()
        deadline = time.monotonic() + 15
        while owner_pid(redis_prefix, table_id) != second.pid or watcher.seq() < stopped + 3:
            assert time.monotonic() < deadline, "the second process did not take the table"
            time.sleep(0.05)
        first.proc.send_signal(signal.SIGCONT)  # its bot's move and its renewal are overdue
        time.sleep(2.0)
        assert owner_pid(redis_prefix, table_id) == second.pid
        watcher.stop()
    finally:
        first.stop()
        second.stop()
    _, _, epochs = stored_log(pg_url, table_id)
    assert epochs == sorted(epochs) and epochs[0] < epochs[-1]  # written by two owners, in turn
    assert "lost to another process" in "".join(first.read_stderr())
    check_against_log(pg_url, table_id, [watcher])
