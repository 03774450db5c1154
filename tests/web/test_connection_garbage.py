"""Connections leave no reference cycles behind.

The server's collector settings (``fives.web.pauses``) freeze what survives each second, and a
reference cycle made of frozen objects is never collected (unless ``--gc-full-every``). So any
cycle a connection leaves after it closes is memory the server keeps for good: a soak of an
hour grew by the cycles of its sockets (a protocol and its fired header timer; a session and
its connection's kick; asyncio's own socket transport and its read callback). Here a real
server in this process takes HTTP requests and websockets that join, ping and close, and the
collector then finds no garbage of the server's own types nor any of its transports; and the
count of open connections by peer (``fives.web.transport``) holds none of them any more (it
kept every closed websocket's transport: an idle flood of 200 sockets left 200 for good).

The collector alone cannot see every such cycle: one that a finalizer breaks (a suspended
generator's, closed when collected) is freed during the collection and never reaches
``gc.garbage``. So the connections here run with the collector off, as frozen objects live,
and what of the server's is still alive after they all closed is a leak too: websockets'
sans-I/O connection and its frame parser (a suspended generator) were one, about 20 objects
a socket, left by every websocket and most by a flood of idle ones that never join.
"""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import weakref
from pathlib import Path

import httpx
import pytest
import uvicorn
from websockets.asyncio.client import connect

from fives.web.config import Limits, ServerConfig
from fives.web.server import create_app
from fives.web.transport import guarded_protocol

from .tcp import TABLE, raw_ws

# Types of these modules belong to the server side (the clients here run in this process too:
# their own garbage is not the server's).
SERVER_MODULES = ("fives.web", "uvicorn", "starlette", "websockets.server")


def server_garbage(garbage: list[object], port: int) -> dict[str, int]:
    """Count the collected objects of the server's own types, by type, and the transports of
    its connections (those whose local port is the server's; the clients' are their own)."""
    counts: dict[str, int] = {}
    for obj in garbage:
        if isinstance(obj, weakref.ProxyTypes):  # a proxy's attributes are its referent's
            continue
        kind = type(obj)
        module = kind.__module__ or ""
        # uvloop's transports are not asyncio's classes: a transport is what tells its sockname
        extra = getattr(obj, "get_extra_info", None)
        ours = module.startswith(SERVER_MODULES) or (
            (isinstance(obj, asyncio.BaseTransport) or module.startswith("uvloop"))
            and callable(extra) and (extra("sockname") or ("", 0))[1] == port)
        if ours:
            name = f"{module}.{kind.__qualname__}"
            counts[name] = counts.get(name, 0) + 1
    return counts


async def exercise(db: Path, sockets: int, requests: int, idle: int
                   ) -> tuple[dict[str, int], dict[str, int], dict[str, int], int]:
    """The server's garbage after the connections closed, what of the server's they left
    alive, its count of open connections by peer then, and the most that count held while a
    websocket was open. ``idle`` websockets never join: the server ends them."""
    # Short request and join timeouts, so that each connection's timer fires before the count
    # (a fired timer that nothing drops keeps its protocol in a cycle).
    config = ServerConfig(bot_delay=0.0, limits=Limits(header_timeout=0.3, body_timeout=0.3,
                                                       join_timeout=0.3))
    protocol = guarded_protocol(config)
    open_by_peer: dict[str, set[asyncio.BaseTransport]] = \
        protocol.open_by_peer  # type: ignore[attr-defined]
    counted_while_open = 0
    server = uvicorn.Server(uvicorn.Config(
        create_app(db, config), log_level="warning", http=protocol,
        ws_per_message_deflate=False, lifespan="on"))
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    try:
        while not server.started:
            await asyncio.sleep(0.01)
        base = f"http://127.0.0.1:{port}"
        async with httpx.AsyncClient(base_url=base) as http:
            created = (await http.post("/api/tables", json=TABLE)).json()
        token = created["me"].split("=", 1)[1]

        # A first round warms every lazy import and cache up; only the second is counted.
        for counted in (False, True):
            if counted:
                # What lives now is out of sight (the server's own state); with the collector
                # off, what the round leaves alive stays where gc.get_objects() lists it.
                gc.collect()
                gc.freeze()
                gc.disable()
                gc.set_debug(gc.DEBUG_SAVEALL)
            idlers = [await raw_ws(port) for _ in range(idle)]
            for _ in range(sockets):
                async with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=10) as ws:
                    await ws.send(json.dumps({"type": "join", "token": token}))
                    kinds = set()
                    while "state" not in kinds:
                        kinds.add(json.loads(await asyncio.wait_for(ws.recv(), 10))["type"])
                    await ws.send(json.dumps({"type": "ping"}))
                    while json.loads(await asyncio.wait_for(ws.recv(), 10))["type"] != "pong":
                        pass
                    counted_while_open = max(counted_while_open,
                                             sum(map(len, open_by_peer.values())))
            for _ in range(requests):
                # A new connection each time: each request is its own protocol object.
                async with httpx.AsyncClient(base_url=base) as http:
                    assert (await http.get("/api/presets")).status_code == 200
            await asyncio.sleep(0.8)  # the timers fire and the server's side of each close runs
            for _, writer, _ in idlers:  # ended by the server by now: the peer goes too
                writer.transport.abort()
            del idlers
            await asyncio.sleep(0.2)
        alive_after = server_garbage(gc.get_objects(), port)
        # The table's own next wake (its player left: "away"), made by the last close: the
        # table's state, not a connection's.
        alive_after.pop("fives.web.table_types.Wake", None)
        gc.collect()
        left = {peer: len(alive) for peer, alive in open_by_peer.items()}
        return server_garbage(gc.garbage, port), alive_after, left, counted_while_open
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
        gc.unfreeze()
        server.should_exit = True
        await asyncio.wait_for(serving, 10)
        listener.close()


@pytest.mark.parametrize("loop", ["asyncio", "uvloop"])
def test_closed_connections_leave_no_cycles(tmp_path: Path, loop: str) -> None:
    # uvloop is the loop `fives serve` runs on where it is installed (the web extra's default);
    # its transports are its own, not asyncio's.
    factory = __import__("uvloop").new_event_loop if loop == "uvloop" else None
    with asyncio.Runner(loop_factory=factory) as runner:
        garbage, alive_after, left, counted_while_open = runner.run(
            exercise(tmp_path / "fives.sqlite3", sockets=8, requests=8, idle=8))
    assert garbage == {}
    assert alive_after == {}
    assert counted_while_open >= 1  # an open websocket counts against its peer
    assert left == {}
