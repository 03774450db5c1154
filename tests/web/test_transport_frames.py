"""The direct way out of a websocket's text frames (``fives.web.transport.DirectFrames``): our
sans-I/O protocol offers the app a frame writer in the scope (``FRAMES_KEY``), which writes
each frame to the transport at once; the endpoint uses it where it is offered and its queue and
writer task elsewhere (another ASGI server, Starlette's TestClient).

Below the app, with fake transports: the frames' bytes (read back by websockets' own parser),
nothing written once the socket closes, and a client that does not read kicked (4008) after
``queue_frames`` frames over the transport's high-water mark. Over loopback, a real server of
this process: frames go out through the writer, and keepalive pings still go through
websockets' connection."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from websockets.asyncio.client import connect
from websockets.frames import Close, Frame, Opcode
from websockets.streams import StreamReader

from fives.web.config import Limits, ServerConfig
from fives.web.endpoint import ABORT_KEY, FRAMES_KEY, frame_writer
from fives.web.hub import Connection
from fives.web.protocol import CLOSE_FLOOD, CLOSE_TIMEOUT, CLOSE_TOO_SLOW
from fives.web.server import create_app
from fives.web.transport import guarded_protocol, text_frame

from .helpers import create, recv
from .tcp import TABLE
from .test_no_jam import UPGRADE, FakeTransport, idle_app, make_server, open_websocket
from .test_no_jam import connect as connect_http


def parse_frames(data: bytes) -> list[Frame]:
    """Every frame in ``data`` as a client reads them (unmasked), read by websockets' parser;
    fails on bytes left over."""
    reader = StreamReader()
    reader.feed_data(data)
    reader.feed_eof()
    frames = []
    while reader.buffer:
        parser: Generator[None, None, Frame] = Frame.parse(reader.read_exact, mask=False)
        try:
            while True:
                next(parser)
        except StopIteration as done:
            frames.append(done.value)
    return frames


def writer_of(ws: Any) -> Any:
    write = frame_writer(ws.scope)
    assert write is not None
    return write


TEXTS = ["", "x", "a" * 125, "b" * 126, "c" * 65535, "d" * 65536, "e" * 200_000,
         '{"type":"state","name":"Zoë 🂡 ドミノ"}', "é" * 70, "🂡" * 40_000]


def test_the_protocol_offers_the_writer_in_the_scope_and_others_do_not() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, _ = await open_websocket(protocol, config, state)
        offered = ws.scope["extensions"][FRAMES_KEY]
        assert callable(offered["write"]) and frame_writer(ws.scope) is not None
        assert "websocket.http.response" in ws.scope["extensions"]  # uvicorn's own stays

        # uvicorn's wsproto stack frames its own way: no writer (the endpoint's queue).
        config = uvicorn.Config(idle_app, ws="wsproto", ws_ping_interval=None,
                                log_level="warning", lifespan="off")
        config.load()
        http, transport = connect_http(guarded_protocol(ServerConfig()), config,
                                       uvicorn.server.ServerState())
        http.data_received(UPGRADE)
        other = transport.protocol
        assert other is not http and not hasattr(other, "write_frame")
        assert frame_writer(other.scope) is None
        assert frame_writer({"type": "websocket"}) is None  # no extensions at all

    asyncio.run(run())


@pytest.mark.parametrize("text", TEXTS, ids=lambda t: f"{len(t.encode())}B")
def test_each_frame_is_one_write_of_one_whole_unmasked_text_frame(text: str) -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, transport = await open_websocket(protocol, config, state)
        writes: list[bytes] = []
        transport.write = writes.append  # type: ignore[method-assign,assignment]
        assert writer_of(ws)(text) == 0
        assert len(writes) == 1
        [frame] = parse_frames(writes[0])
        assert frame.opcode is Opcode.TEXT and frame.fin
        assert not (frame.rsv1 or frame.rsv2 or frame.rsv3)
        assert frame.data == text.encode() and bytes(frame.data).decode() == text
        # and by hand: the length in 7, 7+16 or 7+64 bits, and no mask bit
        size = len(text.encode())
        head = writes[0][:len(writes[0]) - size]
        if size < 126:
            assert head == bytes([0x81, size])
        elif size < 65536:
            assert head == bytes([0x81, 126]) + size.to_bytes(2, "big")
        else:
            assert head == bytes([0x81, 127]) + size.to_bytes(8, "big")

    asyncio.run(run())


def test_frames_in_a_row_read_back_in_order_with_the_keepalive_between() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, transport = await open_websocket(protocol, config, state)
        start = len(transport.written)
        write = writer_of(ws)
        for text in TEXTS[:5]:
            write(text)
        ws.send_keepalive_ping()  # through websockets' own connection, in between
        for text in TEXTS[5:]:
            write(text)
        frames = parse_frames(bytes(transport.written[start:]))
        assert [f.opcode for f in frames] == [Opcode.TEXT] * 5 + [Opcode.PING] + \
            [Opcode.TEXT] * 5
        texts = [bytes(f.data).decode() for f in frames if f.opcode is Opcode.TEXT]
        assert texts == TEXTS
        assert frames[5].data == ws.pending_ping_payload
        # websockets' connection still closes cleanly after data it never saw
        await ws.send({"type": "websocket.close", "code": CLOSE_TIMEOUT, "reason": "late"})
        [close] = parse_frames(bytes(transport.written[start:]))[-1:]
        assert close.opcode is Opcode.CLOSE
        assert Close.parse(close.data).code == CLOSE_TIMEOUT
        assert ws.close_timer is not None
        ws.close_timer.cancel()

    asyncio.run(run())


def test_nothing_is_written_once_the_socket_closes() -> None:
    async def run() -> None:
        protocol, config, state, _ = make_server()
        # Not yet accepted: no frame before the handshake's answer.
        http, transport = connect_http(protocol, config, state)
        http.data_received(UPGRADE)
        ws = transport.protocol
        assert writer_of(ws)("early") == -1 and not transport.written
        await ws.send({"type": "websocket.accept"})
        assert writer_of(ws)("now") == 0

        # After a polite close: its close frame is the last thing written.
        await ws.send({"type": "websocket.close", "code": CLOSE_TIMEOUT, "reason": "late"})
        sent = len(transport.written)
        assert writer_of(ws)("late") == -1 and len(transport.written) == sent
        ws.close_timer.cancel()

        # After an abort (a flooder, a slow reader).
        ws, transport = await open_websocket(protocol, config, state, "203.0.113.10")
        write = writer_of(ws)
        await ws.send({"type": "websocket.close", "code": CLOSE_FLOOD, "reason": "flood",
                       ABORT_KEY: True})
        sent = len(transport.written)
        assert transport.aborted
        assert write("after the abort") == -1 and len(transport.written) == sent

        # A transport closing under it (the client went), then the connection lost: the
        # scope no longer holds the writer (a cycle of the protocol's), and it writes nothing.
        ws, transport = await open_websocket(protocol, config, state, "203.0.113.11")
        write = writer_of(ws)
        transport.closed = True
        assert write("closing") == -1
        ws.connection_lost(None)
        assert FRAMES_KEY not in ws.scope["extensions"]
        sent = len(transport.written)
        transport.closed = False  # even so
        assert write("lost") == -1 and len(transport.written) == sent

    asyncio.run(run())


def test_a_frame_that_cannot_be_written_fails_its_socket_only() -> None:
    """A text with a lone surrogate is no UTF-8: the writer task stopped its socket's frames
    on it; the writer says the socket is gone, and a broadcast goes on to the others."""
    async def run() -> None:
        protocol, config, state, _ = make_server()
        ws, transport = await open_websocket(protocol, config, state)
        sent = len(transport.written)
        assert writer_of(ws)("bad \ud800") == -1 and len(transport.written) == sent
        conn = Connection("203.0.113.9", 4, lambda c, r: None)
        conn.write = writer_of(ws)
        conn.send("bad \ud800")
        assert conn.stopped and len(transport.written) == sent

    asyncio.run(run())


class UnreadTransport(FakeTransport):
    """A client that reads nothing: the transport's buffer grows, and the transport pauses
    its protocol past the high-water mark and resumes it below a quarter of it, as asyncio's
    and uvloop's do."""

    def __init__(self, peer: str = "203.0.113.9") -> None:
        super().__init__(peer)
        self.buffered = 0
        self.paused = False

    def write(self, data: Any) -> None:
        super().write(data)
        if self.protocol is None or not hasattr(self.protocol, "write_frame"):
            return  # the HTTP protocol's handshake answer: sent at once
        self.buffered += len(data)
        if self.high is not None and self.buffered > self.high and not self.paused:
            self.paused = True
            self.protocol.pause_writing()

    def get_write_buffer_size(self) -> int:
        return self.buffered

    def drain(self, size: int) -> None:
        """The client reads ``size`` bytes."""
        self.buffered = max(0, self.buffered - size)
        if self.paused and self.high is not None and self.buffered <= self.high // 4:
            self.paused = False
            self.protocol.resume_writing()


async def unread_websocket(protocol: Any, config: Any, state: Any, peer: str
                           ) -> tuple[Any, UnreadTransport]:
    """A websocket through the guarded HTTP protocol, accepted, whose client reads nothing."""
    unread = UnreadTransport(peer)
    ws, _ = await open_websocket(protocol, config, state, peer, unread)
    return ws, unread


def test_a_client_that_does_not_read_is_kicked_after_queue_frames_over_the_mark() -> None:
    async def run() -> None:
        limits = Limits(send_buffer_bytes=4096, queue_frames=4)
        protocol, config, state, _ = make_server(limits)
        ws, unread = await unread_websocket(protocol, config, state, "203.0.113.9")
        assert unread.high == 4096  # the guard's mark: send_buffer_bytes
        kicks: list[tuple[int, str]] = []
        conn = Connection("203.0.113.9", limits.queue_frames, lambda c, r: kicks.append((c, r)))
        conn.write = writer_of(ws)
        frame = "f" * 1000
        while not unread.paused:  # the buffer up to the mark: no frame waits yet
            conn.send(frame)
        assert not kicks and ws.frames_over == 1  # the frame that went over
        for _ in range(limits.queue_frames - 1):
            conn.send(frame)
        assert not kicks  # queue_frames over the mark: still there
        conn.send(frame)
        assert kicks == [(CLOSE_TOO_SLOW, "falling behind: frames were not read")]
        assert conn.stopped
        written = len(unread.written)
        conn.send(frame)  # nothing more once it is kicked
        assert len(unread.written) == written and len(kicks) == 1

        # A client that catches up starts again from nothing over the mark.
        ws2, unread2 = await unread_websocket(protocol, config, state, "203.0.113.12")
        kicks.clear()
        conn = Connection("203.0.113.12", limits.queue_frames,
                          lambda c, r: kicks.append((c, r)))
        conn.write = writer_of(ws2)
        for _ in range(3):
            while not unread2.paused:
                conn.send(frame)
            for _ in range(limits.queue_frames - 1):
                conn.send(frame)
            unread2.drain(unread2.buffered)  # it reads everything: resumed
            assert ws2.frames_over == 0
        assert not kicks and not conn.stopped

    asyncio.run(run())


def test_the_connection_stops_writing_once_its_socket_is_gone() -> None:
    written: list[str] = []
    answers = [0, -1]

    def write(text: str) -> int:
        written.append(text)
        return answers.pop(0)

    kicks: list[tuple[int, str]] = []
    conn = Connection("203.0.113.9", 4, lambda c, r: kicks.append((c, r)))
    conn.write = write
    conn.send("one")
    conn.send("two")  # the socket is gone: -1
    conn.send("three")
    assert written == ["one", "two"] and conn.stopped and not kicks
    assert conn.queue.empty()  # the queue is the fallback's only


# --- the endpoint, over a real server or Starlette's TestClient ---------------------------

async def join_and_ping(tmp_path: Path) -> dict[str, Any]:
    """A real server (our protocol) in this process; a client joins a table with a non-ASCII
    name and pings. What the server side used and what the client got."""
    config = ServerConfig(bot_delay=0.0)
    app = create_app(tmp_path / "fives.sqlite3", config)
    server = uvicorn.Server(uvicorn.Config(
        app, log_level="warning", http=guarded_protocol(config),
        ws_per_message_deflate=False, lifespan="on", ws_ping_interval=0.2,
        ws_ping_timeout=5.0))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    got: dict[str, Any] = {}
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        import httpx

        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            created = (await http.post("/api/tables", json=TABLE)).json()
        token = created["me"].split("=", 1)[1]
        name = "Zoë 🂡 ドミノ"
        async with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
            await ws.send(json.dumps({"type": "join", "token": token, "name": name}))
            frames: list[dict[str, Any]] = []
            while not any(f["type"] == "state" for f in frames):
                frames.append(json.loads(await asyncio.wait_for(ws.recv(), 10)))
            await ws.send(json.dumps({"type": "ping"}))
            while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "pong":
                pass
            hub = app.state.server
            [conn] = [c for t in hub.tables.values() for c in t.conns.values()]
            got["direct"] = conn.write is not None
            got["writer_tasks"] = [t for t in asyncio.all_tasks()
                                   if getattr(t.get_coro(), "__qualname__", "") == "_writer"]
            got["name_seen"] = name in json.dumps(frames, ensure_ascii=False)
            await asyncio.sleep(0.5)  # keepalive pings come and the client answers them
            latency = await asyncio.wait_for(await ws.ping(), 5)
            got["open_after_pings"] = latency is not None and ws.state.name == "OPEN"
            proto: Any = next(p for p in server.server_state.connections
                              if hasattr(p, "write_frame"))
            # Its keepalive sent a ping and had its pong (none in flight), over frames of ours.
            for _ in range(200):
                if proto.ping_sent_at > 0 and proto.pending_ping_payload is None:
                    break
                await asyncio.sleep(0.01)
            got["server_pinged"] = proto.ping_sent_at > 0 and proto.pending_ping_payload is None
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, 10)
        listener.close()
    return got


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_the_endpoint_writes_directly_where_the_server_offers_it(tmp_path: Path,
                                                                 loop: str) -> None:
    factory = __import__("uvloop").new_event_loop if loop == "uvloop" else None
    with asyncio.Runner(loop_factory=factory) as runner:
        got = runner.run(join_and_ping(tmp_path))
    assert got["direct"] and got["writer_tasks"] == []
    assert got["name_seen"]
    assert got["open_after_pings"] and got["server_pinged"]


def test_without_the_extension_frames_go_through_the_queue(tmp_path: Path) -> None:
    """Starlette's TestClient offers no writer: the connection's queue and writer task."""
    app = create_app(tmp_path / "fives.sqlite3", ServerConfig(bot_delay=0.0))
    with TestClient(app) as client:
        created = create(client, **TABLE)
        token = created["me"].split("=", 1)[1]
        with client.websocket_connect("/ws") as ws:
            ws.send_text(json.dumps({"type": "join", "token": token, "name": "Zoë"}))
            while recv(ws)["type"] != "state":
                pass
            hub = client.app.state.server  # type: ignore[attr-defined]
            [conn] = [c for t in hub.tables.values() for c in t.conns.values()]
            assert conn.write is None
            ws.send_text(json.dumps({"type": "ping"}))
            while recv(ws)["type"] != "pong":
                pass


def test_text_frame_is_what_websockets_would_send() -> None:
    for text in TEXTS:
        frame = Frame(Opcode.TEXT, text.encode())
        assert text_frame(text) == frame.serialize(mask=False)
