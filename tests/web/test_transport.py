"""The connection guard below the app (``fives.web.transport``), without sockets or sleeps:
``guarded_protocol(config)``'s protocol driven by hand over fake transports, its timers on a
fake loop whose clock the tests move. The per-peer connection cap and who it spares, the head
timer (at the start and again after each response of a kept-alive connection), the body timer,
and the log limiter on a fake clock. tests/web/test_hostile.py runs the same attacks against a
real server (slow)."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any, ClassVar, cast

import pytest
import uvicorn
from uvicorn.server import ServerState

from fives.web import transport
from fives.web.config import Limits, ServerConfig
from fives.web.transport import LogLimiter, guarded_protocol

HEAD_S = 0.25  # the head and body timeouts: exact in binary, and told apart
BODY_S = 0.5


class Timer:
    def __init__(self, when: float, callback: Callable[..., None], args: tuple[Any, ...]) -> None:
        self.when, self.callback, self.args = when, callback, args
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Task:
    def add_done_callback(self, callback: Callable[..., None]) -> None:
        pass


class Loop:
    """The parts of an event loop the protocol uses: timers on a clock the test moves, and the
    app's tasks, run to their end only when the test says."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[Timer] = []
        self.tasks: list[Coroutine[Any, Any, None]] = []

    def time(self) -> float:
        return self.now

    def call_later(self, delay: float, callback: Callable[..., None], *args: Any) -> Timer:
        timer = Timer(self.now + delay, callback, args)
        self.timers.append(timer)
        return timer

    def create_task(self, coro: Coroutine[Any, Any, None], **_: Any) -> Task:
        self.tasks.append(coro)
        return Task()

    def pending(self) -> list[Timer]:
        return [t for t in self.timers if not t.cancelled]

    def advance(self, seconds: float) -> None:
        """Move the clock and fire the timers that are due, in order."""
        self.now += seconds
        for timer in sorted(self.pending(), key=lambda t: t.when):
            if timer.when <= self.now and not timer.cancelled:
                self.timers.remove(timer)
                timer.callback(*timer.args)

    def run_apps(self) -> None:
        """Run the app of every request received (the test app never waits)."""
        while self.tasks:
            coro = self.tasks.pop(0)
            with pytest.raises(StopIteration):
                coro.send(None)

    def close(self) -> None:
        for coro in self.tasks:
            coro.close()


class Transport:
    """A TCP connection's transport as the protocol sees it."""

    def __init__(self, peer: str) -> None:
        self.extra = {"peername": (peer, 40000), "sockname": ("127.0.0.1", 8000)}
        self.closing = False
        self.written = b""
        self.protocol: Any = None
        self._read_ready_cb: object = object()  # asyncio's, which the end lets go

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.extra.get(name, default)

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def write(self, data: bytes) -> None:
        self.written += data

    def get_protocol(self) -> Any:
        return self.protocol

    def set_protocol(self, protocol: Any) -> None:
        self.protocol = protocol

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass


async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Answers every request at once (it never reads the body)."""
    await send({"type": "http.response.start", "status": 200,
                "headers": [(b"content-length", b"2")]})
    await send({"type": "http.response.body", "body": b"ok"})


class Server:
    """One server's protocol class and what its connections share."""

    def __init__(self, config: ServerConfig) -> None:
        self.protocol = guarded_protocol(config)
        self.uvicorn = uvicorn.Config(app=app, lifespan="off", proxy_headers=False, ws="none",
                                      log_level="critical")
        self.uvicorn.load()
        self.state = ServerState()
        self.loop = Loop()

    def connect(self, peer: str) -> tuple[Any, Transport]:
        protocol: Any = self.protocol(self.uvicorn, self.state, {}, _loop=cast(Any, self.loop))
        t = Transport(peer)
        t.protocol = protocol
        protocol.connection_made(t)
        return protocol, t

    def end(self, protocol: Any, t: Transport) -> None:
        """The connection is gone (what asyncio tells the protocol after a close)."""
        t.closing = True
        protocol.connection_lost(None)


@pytest.fixture
def server() -> Any:
    made: list[Server] = []

    def make(**limits: Any) -> Server:
        trusted = limits.pop("trusted_proxies", ())
        s = Server(ServerConfig(trusted_proxies=trusted, limits=Limits(
            header_timeout=HEAD_S, body_timeout=BODY_S, **limits)))
        made.append(s)
        return s

    yield make
    for s in made:
        s.loop.close()


GET = b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"


def post_head(length: int) -> bytes:
    return (b"POST / HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n"
            b"Content-Length: " + str(length).encode() + b"\r\n\r\n")


# --- the connection cap --------------------------------------------------------------------

def test_a_peer_holds_at_most_its_limit_of_connections(server: Any) -> None:
    s = server(connections_per_address=2)
    first = [s.connect("1.2.3.4") for _ in range(2)]
    assert not any(t.closing for _, t in first)
    _, third = s.connect("1.2.3.4")
    assert third.closing  # one more than the limit: closed at once
    assert not s.connect("5.6.7.8")[1].closing  # another peer has its own count
    s.end(*first[0])  # one ends: its place is free again
    _, again = s.connect("1.2.3.4")
    assert not again.closing
    assert s.connect("1.2.3.4")[1].closing


def test_a_closing_connection_not_yet_lost_leaves_its_place(server: Any) -> None:
    s = server(connections_per_address=1)
    _, first = s.connect("1.2.3.4")
    first.close()  # closing: connection_lost not heard yet
    _, second = s.connect("1.2.3.4")
    assert not second.closing
    assert s.connect("1.2.3.4")[1].closing


def test_a_peer_whose_connections_all_ended_is_forgotten(server: Any) -> None:
    s = server(connections_per_address=3)
    opened = [s.connect("1.2.3.4") for _ in range(2)]
    assert {p: len(ts) for p, ts in s.protocol.open_by_peer.items()} == {"1.2.3.4": 2}
    s.end(*opened[0])
    assert {p: len(ts) for p, ts in s.protocol.open_by_peer.items()} == {"1.2.3.4": 1}
    s.end(*opened[1])
    assert s.protocol.open_by_peer == {}  # no entry left for an address gone
    assert opened[1][1]._read_ready_cb is None  # the transport's own cycle is undone


def test_refused_connections_are_not_counted(server: Any) -> None:
    s = server(connections_per_address=1)
    kept = s.connect("1.2.3.4")
    for _ in range(3):
        s.connect("1.2.3.4")
    s.end(*kept)
    assert not s.connect("1.2.3.4")[1].closing


def test_only_the_trusted_proxies_are_spared_the_cap(server: Any) -> None:
    s = server(connections_per_address=1, trusted_proxies=("10.0.0.1",))
    assert not any(s.connect("10.0.0.1")[1].closing for _ in range(5))
    assert "10.0.0.1" not in s.protocol.open_by_peer  # not counted at all
    assert not s.connect("1.2.3.4")[1].closing
    assert s.connect("1.2.3.4")[1].closing  # a list of proxies spares nobody else
    anyone = server(connections_per_address=1, trusted_proxies=("*",))
    assert not any(anyone.connect("1.2.3.4")[1].closing for _ in range(3))


def test_the_cap_counts_connections_of_unknown_peers_together(server: Any) -> None:
    s = server(connections_per_address=1)
    protocol: Any = s.protocol(s.uvicorn, s.state, {}, _loop=cast(Any, s.loop))
    t = Transport("x")
    t.extra = {}  # no peer address (a UNIX socket)
    t.protocol = protocol
    protocol.connection_made(t)
    assert not t.closing and set(s.protocol.open_by_peer) == {"-"}
    del t._read_ready_cb  # uvloop's transports have no such callback: nothing to let go
    s.end(protocol, t)
    assert s.protocol.open_by_peer == {}


# --- the head timer ------------------------------------------------------------------------

def test_a_connection_that_sends_no_head_is_closed_at_the_header_timeout(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    [timer] = s.loop.pending()
    assert timer.when == HEAD_S
    s.loop.advance(HEAD_S / 2)
    protocol.data_received(b"GET / HTTP/1.1\r\n")  # a head that trickles in
    s.loop.advance(HEAD_S / 4)
    assert not t.closing
    s.loop.advance(HEAD_S / 4)  # the whole timeout since the start
    assert t.closing
    assert protocol.head_timer is None
    s.end(protocol, t)


def test_a_head_in_time_stops_the_head_timer(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.data_received(GET)
    s.loop.advance(HEAD_S * 1.5)  # past the head timeout: the app has not answered yet
    assert not t.closing


def test_a_kept_alive_connection_has_a_head_timer_after_each_response(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.data_received(GET)
    s.loop.advance(HEAD_S * 1.5)
    s.loop.run_apps()
    assert t.written.startswith(b"HTTP/1.1 200") and not t.closing
    # The next head has its own timeout from this response (uvicorn's keep-alive timer, 5 s,
    # would come much later; bytes that trickle in reset it, not this one).
    ours = [x for x in s.loop.pending() if x.callback == protocol.head_too_slow]
    assert [x.when for x in ours] == [s.loop.now + HEAD_S]
    protocol.data_received(b"GET / HT")
    s.loop.advance(HEAD_S / 2)
    assert not t.closing
    s.loop.advance(HEAD_S / 2)
    assert t.closing


def test_a_second_request_in_time_is_not_closed_by_the_first_ones_timer(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.data_received(GET)
    s.loop.run_apps()
    s.loop.advance(HEAD_S / 2)
    protocol.data_received(GET)  # the next request's head, in time
    s.loop.advance(HEAD_S)
    assert not t.closing
    s.loop.run_apps()
    assert t.written.count(b"HTTP/1.1 200") == 2 and not t.closing


def test_a_connection_gone_cancels_its_timer(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    s.end(protocol, t)
    assert s.loop.pending() == [] and protocol.head_timer is None
    protocol.connection_lost(None)  # told twice: nothing more to do
    assert s.loop.pending() == [] and protocol.head_timer is None


def test_the_end_of_a_connection_is_passed_on_with_its_error(server: Any) -> None:
    # uvicorn closes the transport itself only after a clean end (no error).
    s = server()
    closes: list[str] = []
    for peer, exc in (("1.1.1.1", ConnectionResetError()), ("2.2.2.2", None)):
        protocol, t = s.connect(peer)
        t.close = lambda peer=peer: closes.append(peer)
        protocol.connection_lost(exc)
    assert closes == ["2.2.2.2"]
    assert s.protocol.__name__ == "GuardedProtocol"


# --- the body timer ------------------------------------------------------------------------

def test_a_body_that_does_not_come_in_time_closes_the_connection(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.data_received(post_head(10) + b"abc")
    [timer] = s.loop.pending()  # the head timer gave way to the body's
    assert timer.when == BODY_S and timer.callback == protocol.body_too_slow
    s.loop.advance(HEAD_S)  # the head's timeout no longer applies
    protocol.data_received(b"def")  # more of the body, not all: the timer keeps running
    assert not t.closing
    s.loop.advance(BODY_S - HEAD_S)
    assert t.closing
    assert protocol.head_timer is None  # a fired handle is let go (it holds the protocol)
    s.end(protocol, t)


def test_a_whole_body_in_time_is_not_closed(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.data_received(post_head(6) + b"abc")
    s.loop.advance(BODY_S / 2)
    protocol.data_received(b"def")
    s.loop.advance(BODY_S)
    assert not t.closing


def test_the_body_timer_of_an_answered_request_does_not_close(server: Any) -> None:
    # The app answered before reading the body (a refusal): the body timer has nothing to do.
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.data_received(post_head(10) + b"abc")
    s.loop.run_apps()
    assert t.written.startswith(b"HTTP/1.1 200")
    protocol.body_too_slow(protocol.cycle)
    assert not t.closing


def test_a_stale_timer_leaves_a_newer_request_alone(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    protocol.head_too_slow(object())  # a timer of another request than the one going on
    protocol.body_too_slow(object())
    assert not t.closing
    protocol.data_received(post_head(10))
    protocol.body_too_slow(None)
    assert not t.closing


def test_a_timer_after_the_upgrade_leaves_the_transport_alone(server: Any) -> None:
    # After a websocket upgrade the transport belongs to another protocol.
    s = server()
    protocol, t = s.connect("1.2.3.4")
    t.protocol = object()
    protocol.head_too_slow(None)
    protocol.body_too_slow(None)
    assert not t.closing


def test_a_timer_on_a_closing_connection_closes_nothing_twice(server: Any) -> None:
    s = server()
    protocol, t = s.connect("1.2.3.4")
    closes: list[int] = []
    t.closing = True
    t.close = lambda: closes.append(1)
    protocol.head_too_slow(None)
    assert closes == []
    protocol.data_received(post_head(10))
    t.closing = True
    protocol.body_too_slow(protocol.cycle)
    assert closes == []


# --- the log limiter -----------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def monotonic(self) -> float:
        return self.now


def record(msg: str, traceback: bool = False) -> logging.LogRecord:
    exc_info = None
    if traceback:
        try:
            raise ValueError("bad frame")
        except ValueError:
            exc_info = sys.exc_info()
    return logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, msg, None, exc_info)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(transport, "time", SimpleNamespace(monotonic=c.monotonic))
    return c


def test_the_log_limiter_lets_its_lines_a_second_through(clock: Clock) -> None:
    limiter = LogLimiter(per_second=3)
    lines = [record(f"line {i}") for i in range(5)]
    assert [limiter.filter(line) for line in lines] == [True] * 3 + [False] * 2
    assert [line.msg for line in lines[:3]] == ["line 0", "line 1", "line 2"]  # as they were
    clock.now += 0.75
    assert not limiter.filter(record("still the same second"))
    clock.now += 0.25  # a full second since the window opened
    first = record("next")
    assert limiter.filter(first)
    assert first.msg == "next (3 more lines left out)"
    assert [limiter.filter(record("x")) for _ in range(3)] == [True, True, False]
    clock.now += 1.0
    quiet = record("after")
    assert limiter.filter(quiet) and quiet.msg == "after (1 more lines left out)"
    clock.now += 1.0
    calm = record("calm")
    assert limiter.filter(calm) and calm.msg == "calm"  # nothing left out: nothing said


def test_the_log_limiter_keeps_a_traceback_once_every_while(clock: Clock) -> None:
    limiter = LogLimiter(per_second=100, trace_every=10.0)
    first = record("boom", traceback=True)
    assert limiter.filter(first) and first.exc_info is not None
    clock.now += 9.5
    second = record("boom", traceback=True)
    second.exc_text = "cached"
    assert limiter.filter(second)  # the line, without its traceback
    assert second.exc_info is None and second.exc_text is None
    clock.now += 0.5
    third = record("boom", traceback=True)
    assert limiter.filter(third) and third.exc_info is not None
    assert limiter.filter(record("plain")) and limiter.traced == clock.now


def test_the_log_limiter_defaults() -> None:
    limiter = LogLimiter()
    assert (limiter.per_second, limiter.trace_every) == (5, 10.0)


# --- websockets ----------------------------------------------------------------------------

class WebSocketProtocol:
    """Stands in for uvicorn's websocket protocol: what the upgrade hands the connection to."""

    ended: ClassVar[list[Any]] = []

    def __init__(self, config: Any, server_state: Any, app_state: Any) -> None:
        self.transport: Any = None
        self.client: tuple[str, int] | None = None
        self.received = b""

        def frames() -> Any:  # websockets' frame parser: a generator that stays suspended
            while True:
                yield

        self.conn = SimpleNamespace(parser=frames())
        next(self.conn.parser)

    def connection_made(self, t: Any) -> None:
        self.transport = t
        self.client = t.get_extra_info("peername")

    def data_received(self, data: bytes) -> None:
        self.received += data

    def connection_lost(self, exc: Exception | None) -> None:
        WebSocketProtocol.ended.append((self, exc))


UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def upgraded(s: Server, peer: str) -> tuple[Any, Any, Transport]:
    protocol, t = s.connect(peer)
    protocol.ws_protocol_class = WebSocketProtocol
    protocol.data_received(UPGRADE)
    return protocol, t.protocol, t


def test_a_websocket_stays_counted_until_it_ends(server: Any) -> None:
    s = server(connections_per_address=2)
    WebSocketProtocol.ended.clear()
    http, ws, t = upgraded(s, "1.2.3.4")
    assert isinstance(ws, WebSocketProtocol) and ws is not http
    assert ws.received.startswith(b"GET /ws HTTP/1.1")
    assert [x for x in s.loop.pending() if x.callback in (http.head_too_slow,
                                                         http.body_too_slow)] == []
    assert http.head_timer is None  # the websocket has limits of its own
    other = upgraded(s, "1.2.3.4")[1]
    assert type(other) is type(ws)  # one counting class per websocket class
    assert s.connect("1.2.3.4")[1].closing  # two websockets: the peer's limit
    parser = ws.conn.parser
    t.closing = True
    error = ConnectionResetError()
    ws.connection_lost(error)  # the websocket ends: out of the count, its parser closed
    assert WebSocketProtocol.ended == [(ws, error)]
    assert parser.gi_frame is None  # closed
    assert t._read_ready_cb is None
    assert not s.connect("1.2.3.4")[1].closing


def test_a_websocket_ending_forgets_its_peer(server: Any) -> None:
    s = server()
    ws = upgraded(s, "1.2.3.4")[1]
    del ws.conn  # no sans-I/O connection (uvicorn's older websocket protocol): nothing to close
    ws.connection_lost(None)
    assert s.protocol.open_by_peer == {}
    assert s.protocol.counted_ws and all(
        issubclass(c, WebSocketProtocol) for c in s.protocol.counted_ws.values())
    assert server().protocol.counted_ws == {}  # each server its own
