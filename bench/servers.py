"""`fives serve` under another ASGI server, for the benches that compare them (run by hand).

    .venv/bin/python bench/servers.py SERVER serve [any `fives serve` option]

The app, its storage, its settings and its loop (uvloop where installed, as `--loop` says) are
those `fives serve` builds from the same options, shared mode included; only the server that
carries the app's HTTP and websockets changes:

- ``uvicorn``: `fives serve` as shipped (this script just runs it): uvicorn's h11 protocol with
  the guards of ``fives.web.transport``, and the websocket stack of websockets (sans-I/O).
- ``uvicorn-wsproto``: the same, with uvicorn's wsproto stack (``pip install wsproto``).
- ``granian``: granian's Rust HTTP/1 and websocket server (``pip install granian``), ASGI,
  embedded in this process's event loop (``granian.server.embed``: the same Rust worker and
  ASGI glue as its worker processes; one process, like `fives serve`, so that the CPU the
  benches read is the whole server's), one runtime thread.

The bench extra of pyproject installs both; neither is a dependency of the package.

What each keeps of the guards below the app (``fives.web.transport``; the app's own guards,
message rates, socket and join budgets, per-socket frame queues, the flood bar, hold under
every server). uvicorn-wsproto keeps them all (the guards sit on uvicorn's HTTP protocol and
wrap whichever websocket protocol it upgrades to), but that a kicked socket's close frame is
not written before the abort (the abort itself holds). Granian keeps none of them:

- connections per address (IPv6 by /64): none;
- a request head within --header-timeout: granian's own header read timeout, set to it;
  a request body within --body-timeout: none;
- the connection budget (room for pages, /healthz and /metrics near --max-connections): none;
  granian's cap on concurrent requests, set to --max-connections, counts websockets and
  queues the rest;
- SO_SNDBUF and the transport's write buffer (--send-buffer-bytes): none;
- a flooder or slow reader aborted, not closed politely: none (the app's close is polite);
- a flooder's address dropped at the door, before its handshake: none (accepted, then
  closed by the app);
- a flooder's input parsed only as fast as the app takes its messages: granian reads and
  frames in Rust, how far ahead of the app is not known here;
- a websocket message over 8 x --max-message-bytes refused before it is buffered: no setting;
- keepalive pings (--ping-interval), a dead peer dropped: none.

A server that drops a guard can only replace uvicorn with that guard written again for it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import functools
import importlib.util
import signal
import socket
import sys
from pathlib import Path
from typing import Any

SERVERS = ("uvicorn", "uvicorn-wsproto", "granian")
# What each server needs beyond the web extra.
NEEDS = {"uvicorn-wsproto": "wsproto", "granian": "granian"}


def command(server: str) -> list[str]:
    """The command that runs fives' CLI with ``server`` carrying `fives serve`."""
    if server not in SERVERS:
        raise ValueError(f"unknown server {server!r}: expected one of {', '.join(SERVERS)}")
    if server == "uvicorn":
        return [sys.executable, "-m", "fives"]
    return [sys.executable, str(Path(__file__).resolve()), server]


def missing(server: str) -> str | None:
    """The package ``server`` needs that is not installed (None: nothing missing)."""
    name = NEEDS.get(server)
    return name if name and importlib.util.find_spec(name) is None else None


def serve_granian(app: Any, sock: socket.socket, args: argparse.Namespace, config: Any,
                  label: str, announce: bool = True) -> int:
    """``fives.cli.serve.serve``'s part under granian: ``app`` on ``sock``'s address."""
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels
    from granian.server.embed import Server

    host, port = sock.getsockname()[:2]
    sock.close()  # granian binds the address itself
    server = Server(
        app, address=host, port=port, interface=Interfaces.ASGI, http=HTTPModes.http1,
        websockets=True, runtime_threads=1, backlog=2048,
        # Granian's concurrency cap counts websockets too: the connection budget's size.
        backpressure=args.max_connections,
        http1_settings=HTTP1Settings(
            header_read_timeout=int(config.limits.header_timeout * 1000)),
        log_level=LogLevels.warning)

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, server.stop)
        serving = asyncio.ensure_future(server.serve())
        if announce:
            await _wait_listening(host, port, serving)
            print(f"fives: serving on http://{args.host}:{port}/ ({label}, granian)", flush=True)
        await serving

    if args.loop != "asyncio" and importlib.util.find_spec("uvloop") is not None:
        import uvloop

        uvloop.run(run())
    else:
        asyncio.run(run())
    return 0


async def _wait_listening(host: str, port: int, serving: asyncio.Future[None]) -> None:
    while not serving.done():
        with contextlib.suppress(OSError):
            _, writer = await asyncio.open_connection(host, port)
            writer.close()
            return
        await asyncio.sleep(0.05)


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in SERVERS:
        print(f"servers.py: expected a server ({', '.join(SERVERS)}), then `fives` arguments",
              file=sys.stderr)
        return 2
    server, argv = sys.argv[1], sys.argv[2:]
    if missing(server):
        print(f"servers.py: {server} needs {missing(server)}: pip install {missing(server)}",
              file=sys.stderr)
        return 2
    import fives.cli.serve as cli_serve
    from fives.cli.main import main as fives_main

    # `fives serve` builds the app, binds the socket, then hands both to its ``serve``.
    if server == "uvicorn-wsproto":
        setattr(cli_serve, "serve", functools.partial(cli_serve.serve, ws="wsproto"))  # noqa: B010
    elif server == "granian":
        setattr(cli_serve, "serve", serve_granian)  # noqa: B010
    return fives_main(argv)


if __name__ == "__main__":
    sys.exit(main())
