"""The probes of the defects one client could do to the others (D2-D9 of the issue "a server no
single client can jam"), each reporting what the attacker achieved and what the others felt.
``bench/attacks.py`` runs them (``--only d2_non_readers,...``) like its other attacks, against
this tree or another version's source (``--src``), so that the figures before and after a fix
come from the same probe on the same machine.

Every attacker and victim speaks from an address of its own on the loopback network (127.x.y.z:
Linux answers the whole 127/8), as the server counts budgets by address.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import statistics
import subprocess
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
from tests.web.attacks import refusals
from tests.web.tcp import Server, raw_ws, rss_mib, ws_frame
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

# Tables: a person against bots (its seat's link), and a person with a turn timer beside three.
ME_AND_BOT = {"preset": "five-up", "players": 2,
              "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}
ME_AND_EXPERT = {"preset": "all-fives", "players": 2,
                 "seats": [{"kind": "me"}, {"kind": "bot", "level": "expert"}]}
ME_AND_THREE = {"preset": "all-fives", "players": 4, "timer": 15,
                "seats": [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * 3}
HINTED = {"preset": "five-up", "players": 4,
          "seats": [{"kind": "me"}] + [{"kind": "bot", "level": "random"}] * 3}
SPECTATORS = 400
TWO_PEOPLE = {"preset": "all-fives", "players": 2, "seats": [{"kind": "me"}, {"kind": "friend"}]}


def address(block: int, i: int) -> str:
    """The ``i``-th loopback address of probe ``block`` (one block per probe)."""
    return f"127.{block}.{i // 250}.{i % 250 + 1}"


def create(server: Server, body: dict[str, Any], source: str) -> dict[str, Any] | None:
    """A table created from ``source`` (None: refused, e.g. over a budget)."""
    with httpx.Client(transport=httpx.HTTPTransport(local_address=source), timeout=30) as http:
        response = http.post(server.base + "/api/tables", json=body)
    return response.json() if response.status_code == 201 else None


def tokens(created: dict[str, Any]) -> list[str]:
    return [s["url"].split("=", 1)[1] for s in created["seats"] if s["url"]]


def watch_token(created: dict[str, Any]) -> str:
    return str(created["watch"].split("=", 1)[1])


async def join(server: Server, token: str, source: str) -> ClientConnection:
    ws = await connect(f"ws://127.0.0.1:{server.port}/ws", local_addr=(source, 0),
                       open_timeout=10, max_size=None, ping_interval=None)
    await ws.send(json.dumps({"type": "join", "token": token}))
    return ws


async def frame(ws: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    return data


async def state_frame(ws: ClientConnection, timeout: float = 2.0) -> dict[str, Any] | None:
    """The next frame if it is a state frame; None for another frame or none in ``timeout``
    (the caller's loop looks at its clock again)."""
    try:
        state = await frame(ws, timeout)
    except TimeoutError:
        return None
    return state if state.get("type") == "state" else None


def my_moves(state: dict[str, Any]) -> list[str]:
    return [m["notation"] for m in state["seat"]["legal_moves"]] \
        if state["public"]["phase"] == "play" else []


def follow_up(state: dict[str, Any]) -> dict[str, Any] | None:
    """What a seat says to a frame that does not ask for a move (the next hand, a rematch)."""
    phase = state["public"]["phase"]
    return {"type": "next_hand"} if phase == "hand_over" else \
        {"type": "rematch"} if phase == "game_over" else None


def log_rows(server: Server) -> int:
    """The server's log entries (its SQLite file, read-only beside the writer)."""
    db = server.log.parent / "db.sqlite3"
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)) as con:
        return int(con.execute("SELECT count(*) FROM log").fetchone()[0])


def send_queue_bytes(port: int) -> tuple[int, int]:
    """The kernel's unsent bytes on the server's established connections (Send-Q), and how
    many connections hold some."""
    out = subprocess.run(["ss", "-tnH", "state", "established", f"( sport = :{port} )"],
                         capture_output=True, text=True, check=False).stdout
    queues = [int(line.split()[1]) for line in out.splitlines() if line.split()]
    return sum(queues), sum(1 for q in queues if q)


def ms(samples: list[float], p: int) -> float | None:
    if len(samples) < 3:
        return None
    return round(statistics.quantiles(sorted(samples), n=100)[p - 1] * 1000, 1)


# --- D2: sockets that never read --------------------------------------------------------------

async def d2_non_readers(server: Server) -> dict[str, Any]:
    """64 spectators (16 addresses) that ask for full frames 15 times a second (under the
    message rate) and never read: what the server holds for them after 20 and 40 s."""
    table = create(server, TWO_PEOPLE, address(2, 0))
    assert table is not None
    token = watch_token(table)
    rss0 = rss_mib(server.proc.pid)
    sockets = []
    for i in range(64):
        reader, writer, _ = await raw_ws(server.port, rcvbuf=4096, source=address(2, 1 + i // 4))
        writer.write(ws_frame(json.dumps({"type": "join", "token": token})))
        sockets.append((reader, writer))
    resync = ws_frame('{"type":"resync"}')
    started = time.monotonic()
    peak_queue = 0
    at_20s: dict[str, Any] = {}
    while time.monotonic() - started < 40:
        if not at_20s and time.monotonic() - started >= 20:
            at_20s = {"send_q_mib": round(send_queue_bytes(server.port)[0] / 2**20, 1),
                      "closed_4008": refusals(server, "close_4008"),
                      "rss_growth_mib": round(rss_mib(server.proc.pid) - rss0, 1)}
        for _, writer in sockets:
            if not writer.transport.is_closing():
                with contextlib.suppress(OSError):
                    writer.write(resync * 3)
        await asyncio.sleep(0.2)
        peak_queue = max(peak_queue, send_queue_bytes(server.port)[0])
    queued, holding = send_queue_bytes(server.port)
    established = len([line for line in subprocess.run(
        ["ss", "-tnH", "state", "established", f"( sport = :{server.port} )"],
        capture_output=True, text=True, check=False).stdout.splitlines() if line.strip()])
    result = {"sockets": 64, "at_20s": at_20s,
              "server_send_q_mib_after_40s": round(queued / 2**20, 1),
              "peak_send_q_mib": round(peak_queue / 2**20, 1),
              "connections_holding_bytes": holding,
              "server_connections_open": established,
              "closed_4008": refusals(server, "close_4008"),
              "rss_growth_mib": round(rss_mib(server.proc.pid) - rss0, 1)}
    for _, writer in sockets:
        writer.transport.abort()
    return result


# --- D3: a person's table that plays on with nobody there --------------------------------------

async def d3_absent_tables(server: Server) -> dict[str, Any]:
    """Three addresses each create up to 10 tables of a person and three bots with a 15 s turn
    timer, join each once and leave: the log entries written in the next 60 s, and the tables
    that wrote some."""
    created = []
    for a in range(3):
        for _ in range(10):
            table = create(server, ME_AND_THREE, address(3, a))
            if table is None:
                break
            ws = await join(server, tokens(table)[0], address(3, a))
            await frame(ws)
            await ws.close()
            created.append(table["table"])
    await asyncio.sleep(2)
    before = log_rows(server)
    per_table_before = table_rows(server)
    await asyncio.sleep(60)
    after = log_rows(server)
    grew = sum(1 for t, n in table_rows(server).items() if n > per_table_before.get(t, 0))
    return {"tables_created": len(created), "log_rows_in_60s": after - before,
            "rows_per_hour": (after - before) * 60, "tables_still_playing": grew}


def table_rows(server: Server) -> dict[str, int]:
    db = server.log.parent / "db.sqlite3"
    with contextlib.closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=10)) as con:
        return dict(con.execute("SELECT table_id, count(*) FROM log GROUP BY table_id"))


# --- D4: undo as a log writer ------------------------------------------------------------------

async def d4_undo_writer(server: Server) -> dict[str, Any]:
    """One address, 20 tables against a bot: play, then undo, 10 times a second on each, for
    20 s: the log entries a second, and the undos refused."""
    source = address(4, 0)
    tables = [t for t in (create(server, ME_AND_BOT, source) for _ in range(20)) if t]
    refused = 0
    undone = 0

    async def loop(table: dict[str, Any], until: float) -> None:
        nonlocal refused, undone
        ws = await join(server, tokens(table)[0], source)
        try:
            state = await frame(ws)
            while time.monotonic() < until:
                began = time.monotonic()
                moves = my_moves(state) if state.get("type") == "state" else []
                if not moves:
                    reply = follow_up(state) if state.get("type") == "state" else None
                    if reply:
                        await ws.send(json.dumps(reply))
                    state = await frame(ws)
                    continue
                await ws.send(json.dumps({"type": "play", "move": moves[0]}))
                state = await frame(ws)
                await ws.send(json.dumps({"type": "undo"}))
                answer = await frame(ws)
                if answer.get("type") == "error":
                    refused += 1
                else:
                    undone += 1
                    state = answer
                await asyncio.sleep(max(0.0, 0.1 - (time.monotonic() - began)))
                with contextlib.suppress(TimeoutError):
                    while True:  # the latest frame
                        state = await frame(ws, 0.01)
        except (TimeoutError, ConnectionClosed):
            pass
        finally:
            await ws.close()

    until = time.monotonic() + 25
    rows: list[int] = []
    tasks = [asyncio.create_task(loop(t, until)) for t in tables]
    await asyncio.sleep(5)  # the loops under way
    rows.append(log_rows(server))
    await asyncio.sleep(20)
    rows.append(log_rows(server))
    await asyncio.gather(*tasks)
    per_s = (rows[1] - rows[0]) / 20
    return {"tables": len(tables), "log_rows_per_s": round(per_s, 1),
            "rows_per_day_m": round(per_s * 86400 / 1e6, 1),
            "undos_done": undone, "undos_refused": refused}


# --- D5: hints against another table's bot -----------------------------------------------------

async def d5_hint_storm(server: Server) -> dict[str, Any]:
    """A victim plays an expert (bot delay 0: its reply time is its thinking) for 15 s alone,
    then 15 s while 5 addresses, each at a table of its own (Five Up, 4 players, against
    random bots), ask a hint at each of their turns and then play: the expert's reply time
    before and during, and the hints answered."""
    victim = create(server, ME_AND_EXPERT, address(5, 0))
    assert victim is not None
    replies: list[tuple[float, float]] = []  # (when, seconds)
    stop = asyncio.Event()

    async def play() -> None:
        ws = await join(server, tokens(victim)[0], address(5, 0))
        sent: float | None = None
        try:
            while not stop.is_set():
                state = await state_frame(ws)
                if state is None:
                    continue
                moves = my_moves(state)
                if moves:
                    now = time.monotonic()
                    if sent is not None:
                        replies.append((now, now - sent))
                    await asyncio.sleep(0.1)  # under the message rate
                    sent = time.monotonic()
                    await ws.send(json.dumps({"type": "play", "move": moves[0]}))
                elif follow_up(state):
                    sent = None
                    await asyncio.sleep(0.1)
                    await ws.send(json.dumps(follow_up(state)))
        finally:
            await ws.close()

    answered = refused = 0

    async def ask(i: int, until: float) -> None:
        nonlocal answered, refused
        table = create(server, HINTED, address(5, 1 + i))
        assert table is not None
        ws = await join(server, tokens(table)[0], address(5, 1 + i))
        try:
            while time.monotonic() < until:
                state = await frame(ws, 30)
                if state.get("type") != "state":
                    continue
                moves = my_moves(state)
                if not moves:
                    if follow_up(state):
                        await ws.send(json.dumps(follow_up(state)))
                    continue
                await ws.send(json.dumps({"type": "hint"}))
                answer = await frame(ws, 30)
                while answer.get("type") == "state":  # a frame on its way before the answer
                    answer = await frame(ws, 30)
                answered += answer.get("type") == "hint"
                refused += answer.get("type") == "error"
                await ws.send(json.dumps({"type": "play", "move": moves[0]}))
        except (TimeoutError, ConnectionClosed):
            pass
        finally:
            await ws.close()

    player = asyncio.create_task(play())
    await asyncio.sleep(15)
    attack_at = time.monotonic()
    await asyncio.gather(*(ask(i, attack_at + 15) for i in range(5)))
    stop.set()
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        await asyncio.wait_for(player, 5)
    before = [s for when, s in replies if when < attack_at]
    during = [s for when, s in replies if when >= attack_at]
    med = [statistics.median(x) if x else None for x in (before, during)]
    return {"bot_replies_before": len(before), "bot_replies_during": len(during),
            "reply_median_ms_before": round(med[0] * 1000, 1) if med[0] else None,
            "reply_median_ms_during": round(med[1] * 1000, 1) if med[1] else None,
            "reply_p90_ms_before": ms(before, 90), "reply_p90_ms_during": ms(during, 90),
            "reply_ratio": round(med[1] / med[0], 2) if med[0] and med[1] else None,
            "hints_answered": answered, "hints_refused": refused}


# --- D6: a lobby room filled with seats nobody looks at ---------------------------------------

async def d6_room_fill(server: Server) -> dict[str, Any]:
    """A victim presses Play now (4 players); another address presses it 3 times and never
    looks at its seats. The victim's page asks every second: when its game starts, with how
    many seats of people, and how many moves the victim makes in its first 40 s."""
    body = {"preset": "all-fives", "players": 4, "wait": 10, "level": "random"}
    victim_http = httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(
        local_address=address(6, 0)), base_url=server.base, timeout=30)
    attacker_http = httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(
        local_address=address(6, 1)), base_url=server.base, timeout=30)
    async with victim_http, attacker_http:
        seat = (await victim_http.post("/api/lobby/play", json=body)).json()
        claims = [(await attacker_http.post("/api/lobby/play", json=body)).json()
                  for _ in range(3)]
        beside = sum(1 for c in claims if c.get("room") == seat["room"])
        asked_at = time.monotonic()
        waited: dict[str, Any] = {}
        while time.monotonic() - asked_at < 30:
            waited = (await victim_http.post("/api/lobby/wait", json={
                "room": seat["room"], "token": seat["token"]})).json()
            if waited.get("url"):
                break
            await asyncio.sleep(1)
    started_after = round(time.monotonic() - asked_at, 1)
    if not waited.get("url"):
        return {"attacker_seats_beside_victim": beside, "started": False}
    token = waited["url"].split("=", 1)[1]
    ws = await join(server, token, address(6, 0))
    moves = 0
    until = time.monotonic() + 40
    try:
        while time.monotonic() < until:
            state = await state_frame(ws, max(0.1, until - time.monotonic()))
            if state is None:
                continue
            legal = my_moves(state)
            if legal:
                await ws.send(json.dumps({"type": "play", "move": legal[0]}))
                moves += 1
            elif follow_up(state):
                await ws.send(json.dumps(follow_up(state)))
    finally:
        await ws.close()
    return {"attacker_seats_beside_victim": beside, "started_after_s": started_after,
            "people_seats_at_start": waited.get("taken"), "victim_moves_in_40s": moves}


# --- D7: a server full of connections, and the newcomers --------------------------------------

async def d7_full_house(server: Server) -> dict[str, Any]:
    """With ``--max-connections 400``: 16 addresses open 32 well-behaved websockets each (they
    join a table and answer pings) and 4 addresses 16 kept-alive HTTP connections each that
    asked once; then 19 newcomers from another address ask for the page, /healthz and
    /metrics: what each got."""
    tables = [create(server, TWO_PEOPLE, address(7, a)) for a in range(16)]
    sockets: list[ClientConnection] = []
    refused = 0

    async def open_one(a: int) -> None:
        nonlocal refused
        table = tables[a]
        try:
            assert table is not None
            ws = await join(server, watch_token(table), address(7, a))
            await frame(ws)
            sockets.append(ws)
        except (AssertionError, TimeoutError, ConnectionClosed, InvalidHandshake, OSError):
            refused += 1

    for a in range(16):
        await asyncio.gather(*(open_one(a) for _ in range(32)))
    idle = []
    for a in range(64):
        with contextlib.suppress(OSError, TimeoutError, asyncio.IncompleteReadError):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", server.port, local_addr=(address(7, 20 + a // 16), 0))
            writer.write(f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n"
                         .encode())
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
            idle.append(writer)
    await asyncio.sleep(1.5)
    statuses: dict[str, list[int | str]] = {"/": [], "/healthz": [], "/metrics": []}
    newcomer = httpx.AsyncHTTPTransport(local_address=address(7, 40))
    async with httpx.AsyncClient(transport=newcomer, base_url=server.base, timeout=10) as http:
        for _ in range(19):
            for path, got in statuses.items():
                try:
                    got.append((await http.get(path, headers={"connection": "close"}))
                               .status_code)
                except httpx.HTTPError as exc:
                    got.append(type(exc).__name__)
    for ws in sockets:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 2)
    for writer in idle:
        writer.transport.abort()
    return {"websockets_open": len(sockets), "websockets_refused": refused,
            "idle_http_open": len(idle),
            **{f"newcomers_served_{path}": got.count(200) for path, got in statuses.items()},
            "newcomer_statuses": {p: sorted({str(x) for x in got}) for p, got in statuses.items()}}


# --- D8: spectators churning the watch link against the table's own player -------------------

async def d8_watch_churn(server: Server) -> dict[str, Any]:
    """While 200 addresses join and drop a table's watch link in turn as fast as they can for
    12 s, its second player rejoins 8 times with its own seat link: how many were refused."""
    table = create(server, TWO_PEOPLE, address(8, 0))
    assert table is not None
    watch, seat = watch_token(table), tokens(table)[1]
    stop = asyncio.Event()
    churned = watched = 0

    async def churn(k: int) -> None:
        nonlocal churned, watched
        i = k
        while not stop.is_set():
            with contextlib.suppress(TimeoutError, ConnectionClosed, InvalidHandshake, OSError):
                ws = await join(server, watch, address(8, 1 + i % 200))
                with contextlib.suppress(TimeoutError):
                    watched += (await frame(ws, 2)).get("type") == "state"
                await ws.close()
                churned += 1
            i += 4

    churners = [asyncio.create_task(churn(k)) for k in range(4)]
    await asyncio.sleep(2)
    refused = []
    for _ in range(8):
        try:
            ws = await join(server, seat, address(8, 250))
            answer = await frame(ws)
            await ws.close()
            refused.append(answer.get("type") != "state")
        except (TimeoutError, ConnectionClosed, InvalidHandshake):
            refused.append(True)
        await asyncio.sleep(1)
    stop.set()
    await asyncio.gather(*churners, return_exceptions=True)
    return {"spectator_joins": churned, "spectator_joins_served": watched,
            "seat_rejoins_refused_of_8": sum(refused)}


# --- D9: many spectators and a player's own frame ---------------------------------------------

async def d9_spectator_crowd(server: Server) -> dict[str, Any]:
    """Two people play each other, each timing its move to its own frame: 10 s alone, then
    with 400 spectators who joined before the players reconnected (they read everything)."""
    table = create(server, TWO_PEOPLE, address(9, 0))
    assert table is not None
    seats = tokens(table)

    async def play(seconds: float) -> list[float]:
        sockets = [await join(server, t, address(9, 1 + i)) for i, t in enumerate(seats)]
        samples: list[float] = []
        until = time.monotonic() + seconds

        async def seat(ws: ClientConnection) -> None:
            sent: float | None = None
            while time.monotonic() < until:
                state = await state_frame(ws)
                if state is None:
                    continue
                if sent is not None:
                    samples.append(time.perf_counter() - sent)
                    sent = None
                legal = my_moves(state)
                if legal:
                    await asyncio.sleep(0.05)
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "play", "move": legal[0]}))
                elif follow_up(state):
                    await ws.send(json.dumps(follow_up(state)))

        await asyncio.gather(*(seat(ws) for ws in sockets), return_exceptions=True)
        for ws in sockets:
            await ws.close()
        return samples

    alone = await play(10)
    readers = []
    for i in range(SPECTATORS):
        reader, writer, _ = await raw_ws(server.port, source=address(9, 10 + i // 25))
        writer.write(ws_frame(json.dumps({"type": "join", "token": watch_token(table)})))
        readers.append((reader, writer))

    received = [0]

    async def drain(reader: asyncio.StreamReader) -> None:
        with contextlib.suppress(Exception):
            while chunk := await reader.read(65536):
                received[0] += len(chunk)

    draining = [asyncio.create_task(drain(r)) for r, _ in readers]
    await asyncio.sleep(3)
    crowded = await play(10)
    for _, writer in readers:
        writer.transport.abort()
    for task in draining:
        task.cancel()
    return {"spectators": len(readers), "spectators_mib_read": round(received[0] / 2**20, 1),
            "moves_alone": len(alone),
            "own_frame_p50_ms_alone": ms(alone, 50), "own_frame_p90_ms_alone": ms(alone, 90),
            "moves_crowded": len(crowded), "own_frame_p50_ms_crowded": ms(crowded, 50),
            "own_frame_p90_ms_crowded": ms(crowded, 90)}


PROBES: dict[str, Callable[[Server], Awaitable[dict[str, Any]]]] = {
    "d2_non_readers": d2_non_readers, "d3_absent_tables": d3_absent_tables,
    "d4_undo_writer": d4_undo_writer, "d5_hint_storm": d5_hint_storm,
    "d6_room_fill": d6_room_fill, "d7_full_house": d7_full_house,
    "d8_watch_churn": d8_watch_churn,
    "d9_spectator_crowd": d9_spectator_crowd,
}
# The server's arguments each probe needs besides the bench's (its bots think as the web's do).
PROBE_ARGS: dict[str, tuple[str, ...]] = {"d3_absent_tables": ("--bot-delay", "0.6"),
                                          "d7_full_house": ("--max-connections", "400")}
