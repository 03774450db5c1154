"""What one client must not be able to do to the others (issue "a server no single client can
jam"), tested below the app on uvicorn's protocols with fake transports and a fake clock: a
kicked socket aborted, its address barred at the door, the kernel's send buffer bounded, and a
connection budget that keeps room for newcomers."""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any

import pytest
import uvicorn
from uvicorn.server import ServerState

from fives.web.config import Limits, ServerConfig
from fives.web.endpoint import ABORT_KEY, close_socket, flood_bar
from fives.web.guard import address_key, client_address
from fives.web.protocol import CLOSE_FLOOD, CLOSE_TIMEOUT, CLOSE_TOO_SLOW
from fives.web.transport import IDLE_NEAR_LIMIT_S, guarded_protocol


class FakeSocket:
    def __init__(self, peer: tuple[str, int]) -> None:
        self.peer = peer
        self.options: dict[tuple[int, int], int] = {}

    def getpeername(self) -> tuple[str, int]:
        return self.peer

    def getsockname(self) -> tuple[str, int]:
        return ("127.0.0.1", 8000)

    def setsockopt(self, level: int, name: int, value: int) -> None:
        self.options[(level, name)] = value


class FakeTransport(asyncio.Transport):
    def __init__(self, peer: str = "203.0.113.9") -> None:
        super().__init__()
        self.sock = FakeSocket((peer, 40000))
        self.written = bytearray()
        self.closed = False
        self.aborted = False
        self.high: int | None = None
        self.protocol: Any = None

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.sock if name == "socket" else default

    def write(self, data: Any) -> None:
        self.written += data

    def close(self) -> None:
        self.closed = True

    def abort(self) -> None:
        self.aborted = self.closed = True

    def is_closing(self) -> bool:
        return self.closed

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def set_write_buffer_limits(self, high: int | None = None, low: int | None = None) -> None:
        self.high = high

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def get_protocol(self) -> Any:
        return self.protocol


async def idle_app(scope: Any, receive: Any, send: Any) -> None:
    """Waits: the tests drive the protocols by hand (and asyncio.run cancels what is left)."""
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_server(limits: Limits | None = None, max_connections: int | None = None,
                barred: dict[str, float] | None = None) -> tuple[Any, Any, ServerState, Clock]:
    config = uvicorn.Config(idle_app, ws="websockets-sansio", ws_ping_interval=None,
                            log_level="warning", lifespan="off")
    config.load()
    protocol = guarded_protocol(ServerConfig(limits=limits or Limits()), barred,
                                max_connections)
    clock = Clock()
    if protocol.budget is not None:  # type: ignore[attr-defined]
        protocol.budget.clock = clock  # type: ignore[attr-defined]
    return protocol, config, ServerState(), clock


def connect(protocol: Any, config: Any, state: ServerState, peer: str = "203.0.113.9",
            transport: FakeTransport | None = None) -> tuple[Any, FakeTransport]:
    """A connection of ``protocol`` on ``transport`` (a fresh ``FakeTransport`` from ``peer``
    by default)."""
    transport = transport or FakeTransport(peer)
    conn = protocol(config=config, server_state=state, app_state={},
                    _loop=asyncio.get_running_loop())
    transport.set_protocol(conn)
    conn.connection_made(transport)
    return conn, transport


UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n"
           b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
           b"Sec-WebSocket-Version: 13\r\n\r\n")


async def open_websocket(protocol: Any, config: Any, state: ServerState,
                         peer: str = "203.0.113.9", transport: FakeTransport | None = None
                         ) -> tuple[Any, FakeTransport]:
    """A websocket through the guarded HTTP protocol, accepted: its protocol and transport."""
    http, transport = connect(protocol, config, state, peer, transport)
    http.data_received(UPGRADE)
    ws = transport.protocol
    assert ws is not http, transport.written
    await ws.send({"type": "websocket.accept"})
    assert transport.written.startswith(b"HTTP/1.1 101")
    return ws, transport


# --- D1: a kicked socket is aborted, and its address barred past any linger ----------------

def test_a_close_that_asks_for_it_aborts_the_connection_at_once() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, transport = await open_websocket(protocol, config, state)
        sent = len(transport.written)
        await ws.send({"type": "websocket.close", "code": CLOSE_FLOOD, "reason": "flood",
                       ABORT_KEY: True})
        assert transport.aborted  # no close timer reading the flooder's frames for 10 s
        assert ws.close_timer is None
        assert transport.written[sent:sent + 2] == b"\x88\x07"  # its close frame, 4430
        assert int.from_bytes(transport.written[sent + 2:sent + 4], "big") == CLOSE_FLOOD

        # Without the key, the close stays polite (a client that answers says goodbye).
        ws, transport = await open_websocket(protocol, config, state, "203.0.113.10")
        await ws.send({"type": "websocket.close", "code": CLOSE_TIMEOUT, "reason": "late"})
        assert not transport.aborted and ws.close_timer is not None
        ws.close_timer.cancel()

    asyncio.run(run())


def test_the_app_aborts_flooders_and_slow_readers_only() -> None:
    sent: list[dict[str, Any]] = []

    class Ws:
        async def send(self, message: dict[str, Any]) -> None:
            sent.append(message)

    for code in (CLOSE_FLOOD, CLOSE_TOO_SLOW, CLOSE_TIMEOUT):
        asyncio.run(close_socket(Ws(), code, "why"))  # type: ignore[arg-type]
    assert [m.get(ABORT_KEY, False) for m in sent] == [True, True, False]
    assert [m["code"] for m in sent] == [CLOSE_FLOOD, CLOSE_TOO_SLOW, CLOSE_TIMEOUT]


def test_a_flooders_address_is_barred_longer_than_a_socket_lingers() -> None:
    # uvicorn's polite close waits 10 s for the client's answer, the app 2 s for the close.
    assert flood_bar(3.0) > 12.0 and flood_bar(0.5) > 12.0


def test_a_barred_address_opens_no_websocket() -> None:
    async def run() -> None:
        barred: dict[str, float] = {}
        protocol, config, state, _ = make_server(barred=barred)
        barred["203.0.113.9"] = asyncio.get_running_loop().time() + 1e6
        # time.monotonic and the loop's clock are the same clock on Linux
        http, transport = connect(protocol, config, state)
        http.data_received(UPGRADE)
        assert transport.aborted and transport.protocol is http  # no websocket made
        assert not transport.written
        page, page_t = connect(protocol, config, state)  # its pages still load
        page.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert page.cycle is not None and not page_t.closed
        await open_websocket(protocol, config, state, "203.0.113.10")

    asyncio.run(run())


def test_a_barred_addresss_websocket_is_dropped_before_its_head_is_parsed() -> None:
    """A barred flooder reconnects as fast as it can (about 1,500 times a second on loopback):
    its upgrade is dropped on its first bytes, before the HTTP parser (half the cost of each
    reconnection was parsing a head only to drop it)."""
    async def run() -> None:
        barred: dict[str, float] = {}
        protocol, config, state, _ = make_server(barred=barred)
        barred["203.0.113.9"] = asyncio.get_running_loop().time() + 1e6
        http, transport = connect(protocol, config, state)
        parsed: list[bytes] = []
        http.conn.receive_data = parsed.append  # h11's parser: what reaches it
        http.data_received(UPGRADE)
        assert transport.aborted and not parsed and not transport.written
        page, page_t = connect(protocol, config, state)  # its pages still load
        page.data_received(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert page.cycle is not None and not page_t.closed

    asyncio.run(run())


PING = bytes([0x81, 0x8F, 1, 2, 3, 4]) + bytes(
    b ^ (1, 2, 3, 4)[i % 4] for i, b in enumerate(b'{"type":"ping"}'))


def test_a_flood_is_parsed_only_as_fast_as_the_app_takes_its_messages() -> None:
    """One read of a flooding socket holds up to 256 KiB: about 12,000 pings, which uvicorn
    parsed and queued in one go (a 100 ms stall of the loop, every other player's move behind
    it) however slowly the app then took them. The input is parsed a slice at a time, only
    while the app has no message waiting; the rest waits as bytes, and none is lost."""
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, _ = await open_websocket(protocol, config, state)
        assert (await ws.receive())["type"] == "websocket.connect"
        ws.data_received(PING * 12_000)
        assert 0 < ws.queue.qsize() <= 100, ws.queue.qsize()
        got = 0
        while got < 12_000:
            message = await asyncio.wait_for(ws.receive(), 1)
            assert message == {"type": "websocket.receive", "text": '{"type":"ping"}'}
            got += 1
            assert ws.queue.qsize() <= 100
        assert ws.queue.empty()

    asyncio.run(run())


def test_a_polite_close_still_hears_the_answer_behind_unread_messages() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, transport = await open_websocket(protocol, config, state)
        await ws.receive()
        close_reply = bytes([0x88, 0x82, 0, 0, 0, 0]) + (1000).to_bytes(2, "big")
        ws.data_received(PING * 1000)
        await ws.send({"type": "websocket.close", "code": CLOSE_TIMEOUT, "reason": "late"})
        ws.data_received(close_reply)
        assert transport.closed and ws.close_timer is None  # not 10 s later

    asyncio.run(run())


# --- D2: the send buffer is applied ---------------------------------------------------------

def test_each_connection_gets_the_configured_send_buffer() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server(Limits(send_buffer_bytes=32768))
        _, transport = connect(protocol, config, state)
        assert transport.sock.options[(socket.SOL_SOCKET, socket.SO_SNDBUF)] == 32768
        assert transport.high == 32768

    asyncio.run(run())


# --- D7: a connection budget that keeps room for newcomers ---------------------------------

def test_websockets_leave_room_for_http() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server(max_connections=40)
        budget = protocol.budget
        assert budget.reserve == 16  # at least 16, at most half
        sockets = []
        for i in range(40):
            http, transport = connect(protocol, config, state, f"198.51.100.{i}")
            http.data_received(UPGRADE)
            sockets.append(transport)
        upgraded = [t for t in sockets if t.protocol.__class__.__name__.startswith("Counted")]
        assert len(upgraded) == 40 - 16
        refused = [t for t in sockets if t not in upgraded]
        assert all(t.written.startswith(b"HTTP/1.1 503") and t.closed for t in refused)
        assert budget.websockets == 24
        for t in upgraded[:4]:  # websockets that end are counted out
            t.protocol.connection_lost(None)
        assert budget.websockets == 20

    asyncio.run(run())


def test_near_the_limit_idle_and_slow_http_connections_make_room() -> None:
    async def run() -> None:
        protocol, config, state, clock = make_server(max_connections=40)
        idle = [connect(protocol, config, state, f"198.51.100.{i}") for i in range(40)]
        assert not any(t.closed for _, t in idle)
        # One more, at once: nobody is idle long enough to be closed, and there is no room.
        _, late = connect(protocol, config, state, "192.0.2.1")
        assert late.closed
        for conn, t in idle:
            if t.closed:
                conn.connection_lost(None)
        late_conn = next(c for c in list(state.connections) if c.transport is late)
        late_conn.connection_lost(None)
        # A request in progress is left alone; the idle ones are closed to make room.
        busy, busy_t = idle[0]
        busy.data_received(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                           b"\r\n")
        clock.now += IDLE_NEAR_LIMIT_S + 0.1
        newcomer, newcomer_t = connect(protocol, config, state, "192.0.2.2")
        assert not newcomer_t.closed
        closed = [t for _, t in idle if t.closed]
        assert closed and busy_t in closed  # its body is slow too: it came a second ago
        newcomer.data_received(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert newcomer.cycle is not None  # its request is under way, not refused

    asyncio.run(run())


def test_far_from_the_limit_nobody_is_closed_early() -> None:
    async def run() -> None:
        protocol, config, state, clock = make_server(max_connections=100)
        idle = [connect(protocol, config, state, f"198.51.100.{i}") for i in range(50)]
        clock.now += 5
        connect(protocol, config, state, "192.0.2.1")
        assert not any(t.closed for _, t in idle)

    asyncio.run(run())


# --- D7: per-address budgets count an IPv6 /64 as one address ------------------------------

def test_an_ipv6_slash_64_is_one_address() -> None:
    assert address_key("2001:db8:1:2:aaaa::1") == address_key("2001:db8:1:2:bbbb::9")
    assert address_key("2001:db8:1:2::1") != address_key("2001:db8:1:3::1")
    assert address_key("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_key("192.0.2.7") == "192.0.2.7"
    assert client_address("2001:db8:1:2:aaaa::1", {}, ServerConfig()) == "2001:db8:1:2::/64"


def test_connections_per_address_count_an_ipv6_slash_64_together() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server(Limits(connections_per_address=3))
        opened = [connect(protocol, config, state, f"2001:db8:1:2::{i + 1:x}")[1]
                  for i in range(5)]
        assert [t.closed for t in opened] == [False, False, False, True, True]

    asyncio.run(run())


@pytest.mark.parametrize("peer", ["203.0.113.9", "2001:db8::1"])
def test_a_websocket_that_ends_leaves_its_peers_count(peer: str) -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, _ = await open_websocket(protocol, config, state, peer)
        assert protocol.open_by_peer
        ws.connection_lost(None)
        assert not protocol.open_by_peer

    asyncio.run(run())


# --- D1 over a real socket --------------------------------------------------------------------

def cpu_seconds(pid: int) -> float:
    import os
    from pathlib import Path

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def flood_until_cut(port: int, watch: str, seconds: float) -> float | None:
    """Write pre-masked pings as fast as TCP takes them, never reading, never answering the
    close: seconds until the server cut the connection (None: still open after ``seconds``)."""
    import json
    import time

    from .tcp import raw_ws, ws_frame

    started = time.monotonic()
    try:
        _, writer, _ = await raw_ws(port, rcvbuf=4096)
    except (OSError, asyncio.IncompleteReadError):
        return time.monotonic() - started  # dropped before its handshake's answer
    writer.write(ws_frame(json.dumps({"type": "join", "token": watch})))
    pings = ws_frame('{"type":"ping"}') * 500
    try:
        while time.monotonic() - started < seconds:
            writer.write(pings)
            await asyncio.wait_for(writer.drain(), max(0.1, seconds - (time.monotonic()
                                                                      - started)))
            if writer.transport.is_closing():
                break
    except (OSError, TimeoutError):
        pass
    cut = time.monotonic() - started
    writer.transport.abort()
    return cut if cut < seconds else None


@pytest.mark.slow  # seconds: a real server, a flood and its bar
def test_a_flooding_socket_is_cut_at_once_and_cannot_come_back(tmp_path: Any) -> None:
    import httpx

    from .tcp import TABLE, Server

    server = Server(tmp_path, "--flood-seconds", "1", "--message-rate", "20",
                    "--message-burst", "40")
    try:
        watch = server.create(TABLE).json()["watch"].split("=", 1)[1]
        cpu = cpu_seconds(server.proc.pid)
        cut = asyncio.run(flood_until_cut(server.port, watch, 9.0))
        used = cpu_seconds(server.proc.pid) - cpu
        print(f"flood: cut after {cut} s, server CPU {used:.2f} s")
        # Cut about flood_seconds in (plus the loaded machine's slack), not 10 s later after
        # a polite close that goes on reading.
        assert cut is not None and cut < 6.0, f"the flooder's socket lived {cut} s"
        assert used < 6.0, f"the flood cost the server {used:.1f} s of CPU"
        again = asyncio.run(flood_until_cut(server.port, watch, 3.0))
        assert again is not None and again < 1.0  # barred: dropped as it connects
        assert httpx.get(server.base + "/healthz", timeout=10).status_code == 200
    finally:
        server.stop()


# --- D9: players' frames before spectators' -----------------------------------------------

def test_players_frames_are_queued_before_spectators(tmp_path: Any) -> None:
    from fives.web.hub import Connection, GameServer, LiveTable
    from fives.web.metrics import Metrics
    from fives.web.storage import SqliteStorage

    order: list[int] = []
    seats: list[int] = []

    class Recorded(Connection):
        def send(self, text: str) -> None:
            order.append(self.id)

    async def run() -> None:
        hub = GameServer(SqliteStorage(tmp_path / "db.sqlite3"), ServerConfig(), Metrics())
        table = LiveTable(service=None)  # type: ignore[arg-type]
        # Spectators joined first, a player (seat 0) after them: a player who reconnected.
        kinds = [None] * 5 + [0, None, 1]
        conns = [Recorded("a", 8, lambda c, r: None, seat=seat) for seat in kinds]
        seats.extend(c.id for c in conns if c.seat is not None)
        table.conns = {c.id: c for c in conns}
        hub.deliver(table, {c.id: "frame" for c in conns})
        hub.storage.close()

    asyncio.run(run())
    assert len(order) == 8 and order[:2] == seats


# --- D8: spectators and seats have separate join budgets -----------------------------------

def test_spectators_joining_and_leaving_never_lock_out_a_seat(make_client: Any) -> None:
    from .helpers import create, recv, seat_tokens, token_of

    client = make_client(limits={"joins_per_minute": 0.6, "joins_burst": 4.0,
                                 "table_joins_per_minute": 0.6, "table_joins_burst": 6.0})
    created = create(client, preset="five-up", players=2,
                     seats=[{"kind": "me"}, {"kind": "friend"}])
    refused = 0
    for _ in range(20):  # the public watch link, joined and dropped (one address here)
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "token": token_of(created["watch"])})
            refused += recv(ws).get("key") == "joins_rate"
    assert refused >= 4
    for token in seat_tokens(created):  # both seats still come in, from the same address
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "token": token})
            assert recv(ws)["type"] == "state"


# The page's socket.js in Node with a fake WebSocket and timers: three joins refused in a row
# (the refusal's error frame, then close 4429), then the delays it waited before each retry.
BACKOFF_HARNESS = r"""
import { pathToFileURL } from "node:url";
const delays = [];
globalThis.location = { protocol: "http:", host: "x", hash: "" };
globalThis.localStorage = { getItem() { return null; }, setItem() {} };
globalThis.document = { body: { dataset: {}, classList: { add() {}, remove() {} } },
  getElementById() { return {}; }, documentElement: { lang: "en" } };
globalThis.setTimeout = (f, ms) => { delays.push(ms); };
class FakeWs {
  constructor() { this.on = {}; FakeWs.last = this; }
  addEventListener(kind, f) { this.on[kind] = f; }
  send() {}
}
globalThis.WebSocket = FakeWs;
const base = pathToFileURL(process.argv[2]).href;
const { connect } = await import(base + "/socket.js");
connect(() => {});
for (let i = 0; i < 3; i++) {
  const ws = FakeWs.last;
  ws.on.open();
  ws.on.message({ data: JSON.stringify({ type: "error", key: "joins_rate" }) });
  ws.on.close({ code: 4429, reason: "" });
  connect(() => {});
}
console.log(JSON.stringify(delays));
"""


def test_the_page_backs_off_after_a_refused_join(tmp_path: Any) -> None:
    import json
    import subprocess
    from pathlib import Path

    from .test_fair_deal_vectors import node

    static = Path(__file__).parents[2] / "src" / "fives" / "web" / "static"
    script = tmp_path / "harness.mjs"
    script.write_text(BACKOFF_HARNESS, encoding="utf-8")
    done = subprocess.run([node(), str(script), str(static)], capture_output=True, text=True,
                          timeout=60, check=True)
    delays = json.loads(done.stdout.strip().splitlines()[-1])
    assert len(delays) == 3
    # At least 1.6 s after a refusal (it was 0.05 to 0.15 s: the count reset at each open),
    # and growing.
    assert min(delays) >= 1600 and delays[2] >= 3200


# --- D5: hints budgeted per address and per table, in a worker of their own ----------------

class HintPool:
    """A hint worker that answers at once (the tests count refusals, not advice)."""

    def __init__(self) -> None:
        self.asked = 0

    async def hint(self, view: Any) -> list[dict[str, Any]]:
        self.asked += 1
        return [{"move": "x", "behind": 0.0, "points": None, "against": None, "odds": None}]

    def close(self) -> None:
        pass


class NoBots:
    """The tables' bot pool, which a hint must never use."""

    async def hint(self, view: Any) -> Any:
        raise AssertionError("a hint went to the tables' bot workers")

    async def choose(self, *args: Any) -> Any:
        return None

    def close(self) -> None:
        pass


SOLO = {"preset": "five-up-solitaire", "players": 1, "seats": [{"kind": "me"}]}


def ask_hints(client: Any, token: str, count: int, forwarded: str = "192.0.2.1") -> list[str]:
    """``count`` hints asked at once on a seat's socket: the replies' types or error keys."""
    from .helpers import recv

    with client.websocket_connect("/ws", headers={"x-forwarded-for": forwarded}) as ws:
        ws.send_json({"type": "join", "token": token})
        assert recv(ws)["type"] == "state"
        got = []
        for _ in range(count):
            ws.send_json({"type": "hint"})
            reply = recv(ws)
            got.append(reply.get("key") or reply["type"])
        return got


@pytest.fixture
def one_process(tmp_path: Any) -> Any:
    """``make_client``'s SQLite half only: a test of per-address counts, which each process of
    the shared mode keeps for its own sockets."""
    from starlette.testclient import TestClient

    from fives.web.server import create_app

    from .conftest import FAST

    clients: list[TestClient] = []

    def factory(limits: dict[str, Any] | None = None, **options: Any) -> TestClient:
        options.setdefault("bot_delay", 0.0)
        config = ServerConfig(limits=Limits(**{**FAST, **(limits or {})}), **options)
        client = TestClient(create_app(tmp_path / "fives.sqlite3", config))
        client.__enter__()
        clients.append(client)
        return client

    yield factory
    for client in clients:
        client.__exit__(None, None, None)


def test_hints_run_apart_from_the_tables_bots_and_are_budgeted(one_process: Any) -> None:
    from .helpers import create, seat_tokens

    client = one_process(limits={"hints_per_minute": 0.6},  # bursts of 2, then one a 100 s
                         trusted_proxies=("testclient",))
    server = client.app.state.server
    server.bots, server.hint_bots = NoBots(), HintPool()
    tables = [str(seat_tokens(create(client, **SOLO))[0]) for _ in range(3)]
    # One address, one table: two hints (the burst), then refused.
    assert ask_hints(client, tables[0], 3) == ["hint", "hint", "hint_rate"]
    # The same address at another table: its own budget is spent.
    assert ask_hints(client, tables[1], 1) == ["hint_rate"]
    # Another address at the first table: that table's budget is spent.
    assert ask_hints(client, tables[0], 1, forwarded="192.0.2.2") == ["hint_rate"]
    # Another address at a fresh table: answered.
    assert ask_hints(client, tables[2], 1, forwarded="192.0.2.3") == ["hint"]
    assert server.hint_bots.asked == 3


# --- D3/D4: tables that play with nobody connected, and undo -------------------------------

ME_AND_BOT = {"preset": "five-up", "players": 2, "timer": 15,
              "seats": [{"kind": "me"}, {"kind": "bot", "level": "random"}]}


def test_a_persons_table_with_nobody_connected_plays_on_only_when_granted() -> None:
    from fives.web.protocol import parse_table_request
    from fives.web.service import TableService
    from fives.web.table_types import MAX_BOT_TABLE_SEQ

    service = TableService("t1", parse_table_request(ME_AND_BOT).config)
    service.may_run_alone = False  # as the runtime makes it: it grants it at the last leave
    service.apply(service.first_deal(), 1, service.clock())
    assert service.wake is None  # nobody came yet
    service.join(1, 0)
    assert service.wake is not None  # someone is there: the timer or the bot runs
    service.leave(1)
    assert service.wake is None  # nobody, and not granted (a restart never grants it)
    service.may_run_alone = True
    service.join(2, None)  # a spectator comes and goes: the wake is computed again
    service.leave(2)
    assert service.wake is not None
    service.seq = MAX_BOT_TABLE_SEQ
    service.join(3, None)
    service.leave(3)
    assert service.wake is None  # granted, but not for ever


def test_tables_left_alone_count_against_their_creators_bot_budget(one_process: Any) -> None:
    from .helpers import create, recv, seat_tokens

    client = one_process(limits={"bot_tables_per_address": 1})
    server = client.app.state.server
    tables = [create(client, **ME_AND_BOT) for _ in range(2)]
    for created in tables:  # joined once and left
        with client.websocket_connect("/ws") as ws:
            ws.send_json({"type": "join", "token": seat_tokens(created)[0]})
            assert recv(ws)["type"] == "state"
    time.sleep(0.2)
    alone = [server.tables[t["table"]].service for t in tables]
    assert [s.may_run_alone for s in alone] == [True, False]
    assert alone[1].wake is None
    # ... and a table of bots alone is now over the budget.
    response = client.post("/api/tables", json={
        "preset": "five-up", "players": 2, "seats": [{"kind": "bot", "level": "random"}] * 2})
    assert response.status_code == 429 and response.json()["key"] == "bot_tables"


def test_undo_is_budgeted_per_address_and_per_table(one_process: Any) -> None:
    from .helpers import create, recv, seat_tokens

    client = one_process(limits={"undos_per_minute": 0.6})  # bursts of 2
    token = seat_tokens(create(client, **SOLO))[0]
    with client.websocket_connect("/ws") as ws:
        ws.send_json({"type": "join", "token": token})
        assert recv(ws)["type"] == "state"
        keys = []
        for _ in range(3):
            ws.send_json({"type": "undo"})
            keys.append(recv(ws)["key"])
    assert keys == ["undo_nothing", "undo_nothing", "undo_rate"]


# --- D6: the lobby: no start with seats nobody looks at, no room filled by one address -----

def test_a_room_filled_by_claims_alone_never_starts_with_them(tmp_path: Any) -> None:
    from fives.web.lobby import FIRST_ASK_S, Caps, SqliteLobbyStore

    store = SqliteLobbyStore(tmp_path / "lobby.sqlite3")

    def claim(address: str, now: float) -> tuple[str, int]:
        return asyncio.run(store.claim("all-fives", 4, 60, "greedy", f"hash-{address}-{now}",
                                       address, Caps(seats=4, rooms=2), now))

    try:
        room, _ = claim("victim", 0.0)
        assert asyncio.run(store.room(room, "hash-victim-0.0", 0.5)) is not None  # it asks
        # Others claim the room's three other seats and never ask (three addresses here: one
        # address could not take them, below).
        for i, who in enumerate(("x", "y", "z")):
            assert claim(who, 1.0 + i / 10)[0] == room
        # Full: the victim's next ask starts it, if its seats had all been seen. They were not:
        # the room waits for those pages (a moment), then drops them.
        asyncio.run(store.room(room, "hash-victim-0.0", 1.5))
        assert asyncio.run(store.begin_start(room, 1.5)) is None
        asyncio.run(store.room(room, "hash-victim-0.0", 1.2 + FIRST_ASK_S))
        assert asyncio.run(store.begin_start(room, 1.2 + FIRST_ASK_S)) is None  # 1 left: waits
        found = asyncio.run(store.room(room, "hash-victim-0.0", 1.3 + FIRST_ASK_S))
        assert found is not None and found[0].taken == 1 and found[0].state == "open"
    finally:
        asyncio.run(store.close())


def test_one_address_cannot_fill_another_addresss_room(tmp_path: Any) -> None:
    from fives.web.lobby import Caps, SqliteLobbyStore

    store = SqliteLobbyStore(tmp_path / "lobby.sqlite3")

    def claim(address: str, n: int) -> str:
        return asyncio.run(store.claim("all-fives", 4, 60, "greedy", f"hash-{address}-{n}",
                                       address, Caps(seats=4, rooms=2), 1.0))[0]

    try:
        victims = claim("victim", 0)
        rooms = [claim("attacker", n) for n in range(3)]
        # One seat beside the victim, as anyone may take; the others in a room of its own,
        # which one address may fill (a family pressing Play now on each of its devices).
        assert rooms[0] == victims and rooms[1] == rooms[2] != victims
    finally:
        asyncio.run(store.close())


# --- the lobby's reads are budgeted -----------------------------------------------------------

def test_lobby_reads_are_budgeted_per_address(one_process: Any) -> None:
    client = one_process(limits={"lobby_reads_per_second": 0.01},  # bursts of 0.06: none
                         trusted_proxies=("testclient",))
    far = {"x-forwarded-for": "192.0.2.1"}
    assert client.get("/api/lobby", headers=far).status_code == 429
    refused = client.post("/api/lobby/wait", headers=far,
                          json={"room": "0" * 16, "token": "a" * 20})
    assert refused.status_code == 429 and refused.json()["key"] == "web.err.lobby_rate"
    assert refused.headers["retry-after"] == "1"
    client = one_process(limits={"lobby_reads_per_second": 1.0},  # bursts of 6
                         trusted_proxies=("testclient",))
    codes = [client.get("/api/lobby", headers=far).status_code for _ in range(8)]
    assert codes[:6] == [200] * 6 and codes[-1] == 429
    # Another address is not refused.
    assert client.get("/api/lobby", headers={"x-forwarded-for": "192.0.2.2"}).status_code == 200


# --- D7 over real sockets ---------------------------------------------------------------------

@pytest.mark.slow  # seconds: a real server filled with connections
def test_a_full_server_still_answers_newcomers_and_its_health(tmp_path: Any) -> None:
    from .tcp import Server, raw_ws

    server = Server(tmp_path, "--max-connections", "40")  # websockets: 24 (16 kept for HTTP)
    request = f"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode()

    async def get(writer: Any, reader: Any) -> bytes:
        writer.write(request)
        head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 10)
        length = int(head.lower().split(b"content-length:")[1].split(b"\r\n")[0])
        await asyncio.wait_for(reader.readexactly(length), 10)
        return bytes(head)

    async def fill() -> tuple[list[bytes], list[bytes], bytes]:
        sockets = [await raw_ws(server.port) for _ in range(30)]
        heads = [head[:12] for _, _, head in sockets]
        idle = []
        for _ in range(16):  # kept-alive connections that ask once, then sit
            reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
            idle.append((await get(writer, reader))[:12])
        await asyncio.sleep(1.5)
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        newcomer = await get(writer, reader)
        writer.close()
        for _, w, _ in sockets:
            w.transport.abort()
        return heads, idle, newcomer

    try:
        heads, idle, newcomer = asyncio.run(fill())
    finally:
        server.stop()
    assert heads.count(b"HTTP/1.1 101") == 24 and heads.count(b"HTTP/1.1 503") == 6
    assert idle == [b"HTTP/1.1 200"] * 16
    assert newcomer.startswith(b"HTTP/1.1 200")  # an idle one made room


# --- D1: a socket over its rate is not read faster than its rate -------------------------------

def test_a_flooder_is_read_at_its_rate_until_it_is_closed(tmp_path: Any) -> None:
    """Over its rate, a socket's next message waits for the rate: uvicorn reads nothing more
    meanwhile, so the flood backs up into the flooder's own TCP buffers instead of being read
    and parsed (tens of thousands of messages a second) until the close."""
    from fives.web.endpoint import Session
    from fives.web.guard import Budgets
    from fives.web.hub import GameServer
    from fives.web.metrics import Metrics
    from fives.web.storage import SqliteStorage

    reads = 0

    class Flooder:
        async def receive(self) -> dict[str, Any]:
            nonlocal reads
            reads += 1
            await asyncio.sleep(0)
            return {"type": "websocket.receive", "text": '{"type":"ping"}'}

    async def run() -> tuple[float, Any]:
        limits = Limits(message_rate=20.0, message_burst=40.0, flood_seconds=1.0,
                        queue_frames=10_000, join_timeout=60.0)
        hub = GameServer(SqliteStorage(tmp_path / "db.sqlite3"), ServerConfig(limits=limits),
                         Metrics())
        session = Session(hub, Budgets(limits), Flooder(), "192.0.2.9")  # type: ignore[arg-type]
        started = time.monotonic()
        await asyncio.wait_for(session.read(), 10)
        hub.storage.close()
        return time.monotonic() - started, session.closing.result()

    took, (code, _) = asyncio.run(run())
    assert code == CLOSE_FLOOD and took < 3.0
    # The burst (40) and the rate (20 a second) for the second it took, and the refused ones
    # that waited for them; not everything the loop could read in a second.
    assert reads < 200, f"{reads} messages read in {took:.1f} s"
