"""`fives serve`: the browser game on an embedded SQLite database.

Every limit of the server (``fives.web.config.Limits``) is an option here with a safe default.
The port is bound before "serving on" is printed; SIGTERM or Ctrl-C closes every socket with
"going away", lets the commits in flight finish and stops the bot workers.
"""

from __future__ import annotations

import argparse
import os
import socket
import sqlite3
import sys
from pathlib import Path
from typing import Any

LOOPBACK = ("127.0.0.1", "localhost", "::1")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
METRICS_TOKEN_ENV = "FIVES_METRICS_TOKEN"
LIMIT_OPTIONS: list[tuple[str, str, type, str]] = [
    # (option, Limits field, type, help)
    ("--message-rate", "message_rate", float, "messages one socket may send per second"),
    ("--message-burst", "message_burst", float, "burst of messages one socket may send"),
    ("--flood-seconds", "flood_seconds", float,
     "seconds a socket may keep sending over its message rate before it is closed"),
    ("--tables-burst", "tables_burst", float, "new tables one address may create at once"),
    ("--sockets-per-address", "sockets_per_address", int, "open websockets per client address"),
    ("--bot-tables-per-address", "bot_tables_per_address", int,
     "unfinished tables of bots alone (no person seated) one address may have"),
    ("--joins-per-minute", "joins_per_minute", float, "joins one client address may make"),
    ("--joins-burst", "joins_burst", float, "burst of joins one client address may make"),
    ("--table-joins-per-minute", "table_joins_per_minute", float,
     "joins one table may take, from all addresses"),
    ("--table-joins-burst", "table_joins_burst", float, "burst of joins one table may take"),
    ("--connections-per-address", "connections_per_address", int,
     "open TCP connections per peer address (trusted proxies excepted)"),
    ("--failed-links-per-minute", "failed_links_per_minute", float,
     "wrong seat links one address may try per minute, across reconnects"),
    ("--max-message-bytes", "max_message_bytes", int,
     "largest websocket message or request body, in bytes"),
    ("--queue-frames", "queue_frames", int,
     "frames waiting for a slow reader before its socket is closed"),
    ("--send-buffer-bytes", "send_buffer_bytes", int,
     "kernel send buffer of each connection (with --queue-frames, what a slow reader may hold)"),
    ("--join-timeout", "join_timeout", float, "seconds a new socket has to join a table"),
    ("--ping-interval", "ping_interval", float,
     "seconds between websocket pings; a peer silent for as long is dropped"),
    ("--header-timeout", "header_timeout", float,
     "seconds a client has to send a whole request head (each one, on a kept-alive "
     "connection too)"),
    ("--body-timeout", "body_timeout", float,
     "seconds a client has to send a request body once its head is in"),
    ("--table-idle", "table_idle", float,
     "seconds before an idle table nobody watches leaves memory (finished ones leave at once)"),
    ("--shutdown-grace", "shutdown_grace", float,
     "seconds a stopping server gives the commits in flight"),
    ("--lobby-seats-per-address", "lobby_seats_per_address", int,
     "Play now seats one address may hold while they wait (a family, a NAT)"),
    ("--lobby-rooms-per-address", "lobby_rooms_per_address", int,
     "waiting Play now rooms one address may hold seats in"),
]


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/fives/fives.sqlite3`` (``~/.local/share`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fives" / "fives.sqlite3"


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid port {value!r}: expected a whole number from 0 to 65535"
        ) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {value!r}: expected 0 to 65535")
    return port


def register(subparsers: Any) -> None:
    from fives.web.config import Limits

    defaults = Limits()
    parser = subparsers.add_parser(
        "serve",
        help="play in the browser: serve the game on http://HOST:PORT",
        description="Serve the browser game. Tables, links and every accepted action are kept "
        "in an SQLite file, so a restarted server goes on where it was.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8000,
                        help="port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--db",
        default=None,
        help=f"SQLite database file (default {default_db_path()})",
    )
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        help="seconds a bot waits before it moves, so people can follow (default 0.6)",
    )
    parser.add_argument("--bot-workers", type=int, default=2,
                        help="bot worker processes (default 2)")
    parser.add_argument("--retention-days", type=float, default=0.0,
                        help="delete finished tables idle for this many days, with their links "
                        "and records (default 0: keep them for ever)")
    parser.add_argument(
        "--table-rate",
        type=float,
        default=defaults.tables_per_minute,
        help="new tables one address may create per minute, after a burst of --tables-burst "
        f"(default {defaults.tables_per_minute:g})",
    )
    for option, name, kind, text in LIMIT_OPTIONS:
        parser.add_argument(option, type=kind, default=getattr(defaults, name),
                            help=f"{text} (default {getattr(defaults, name):g})")
    parser.add_argument(
        "--trusted-proxy", action="append", default=[], metavar="ADDRESS",
        help="a reverse proxy whose X-Forwarded-For names the client (repeat for several; "
        "'*' trusts any peer: only behind a proxy that sets the header). Default: none, the "
        "TCP peer is the client",
    )
    parser.add_argument(
        "--allowed-host", action="append", default=[], metavar="NAME",
        help="a host name the server answers to, in Host and Origin (repeat for several). "
        "Default: on a loopback --host, localhost, 127.0.0.1 and [::1] only (no DNS "
        "rebinding); on another --host, any Host, and an Origin must match the Host",
    )
    parser.add_argument("--max-connections", type=int, default=2000,
                        help="open connections in all, past which new ones get 503 "
                        "(default 2000)")
    parser.add_argument(
        "--metrics-token", default=os.environ.get(METRICS_TOKEN_ENV, ""), metavar="TOKEN",
        help="/metrics answers loopback clients, and others that send 'Authorization: Bearer "
        f"TOKEN' (default ${METRICS_TOKEN_ENV}; unset: loopback only)")
    parser.add_argument(
        "--no-gc-tuning", action="store_true",
        help="leave the garbage collector as Python sets it (by default it is tuned for short "
        "pauses, see docs/DEPLOY.md)")
    parser.add_argument(
        "--gc-full-every", type=float, default=0.0, metavar="SECONDS",
        help="with the tuned collector, a full collection of everything this often (one long "
        "pause each time; default 0: never)")
    from fives.cli import serve_shared

    serve_shared.add_options(parser)
    parser.set_defaults(func=run)


def _fail(message: str) -> int:
    print(f"fives: error: {message}", file=sys.stderr)
    return 2


def _limits(args: argparse.Namespace) -> Any:
    from fives.web.config import Limits

    values: dict[str, Any] = {"tables_per_minute": args.table_rate}
    for option, name, _, _ in LIMIT_OPTIONS:
        values[name] = getattr(args, option[2:].replace("-", "_"))
    for name, value in values.items():
        if not value > 0 or value > 1e9:
            option = "--table-rate" if name == "tables_per_minute" else \
                "--" + name.replace("_", "-")
            raise ValueError(f"invalid {option} {value!r}: expected a number above 0")
    return Limits(**values)


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def run(args: argparse.Namespace) -> int:
    try:
        from fives.web.config import ServerConfig
        from fives.web.server import create_app
        from fives.web.storage import DatabaseLocked
        from fives.web.transport import guarded_protocol  # noqa: F401 (needs uvicorn)
    except ModuleNotFoundError as exc:
        return _fail(f"the web extra is not installed (missing {exc.name!r}): "
                     "expected `pip install 'fives[web]'`")
    if args.bot_delay < 0 or args.bot_delay > 60:
        return _fail(f"invalid --bot-delay {args.bot_delay!r}: expected 0 to 60 seconds")
    if not 1 <= args.bot_workers <= 64:
        return _fail(f"invalid --bot-workers {args.bot_workers!r}: expected 1 to 64")
    if not 0 <= args.gc_full_every <= 1e6:
        return _fail(f"invalid --gc-full-every {args.gc_full_every!r}: expected 0 (never) or "
                     "a number of seconds")
    if not 0 <= args.retention_days <= 36500:
        return _fail(f"invalid --retention-days {args.retention_days!r}: expected 0 (off) to "
                     "36500 days")
    if not 1 <= args.max_connections <= 1_000_000:
        return _fail(f"invalid --max-connections {args.max_connections!r}: expected at least 1")
    try:
        limits = _limits(args)
    except ValueError as exc:
        return _fail(str(exc))
    allowed = tuple(h.lower() for h in args.allowed_host)
    if not allowed and args.host in LOOPBACK:
        allowed = LOOPBACK_NAMES
    config = ServerConfig(
        bot_delay=args.bot_delay, bot_workers=args.bot_workers, limits=limits,
        retention_days=args.retention_days,
        trusted_proxies=tuple(args.trusted_proxy), allowed_hosts=allowed,
        gc_tuning=not args.no_gc_tuning, gc_full_every=args.gc_full_every,
        metrics_token=args.metrics_token,
    )
    from fives.cli import serve_shared

    if serve_shared.requested(args):
        return serve_shared.run(args, config, _bind, serve, _fail)
    db = Path(args.db) if args.db else default_db_path()
    try:
        app = create_app(db, config)
    except DatabaseLocked as exc:
        return _fail(str(exc))
    except (OSError, sqlite3.Error) as exc:
        return _fail(f"cannot open database {str(db)!r}: {exc}")
    try:
        sock = _bind(args.host, args.port)
    except OSError as exc:
        return _fail(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
    return serve(app, sock, args, config, f"database {db}")


def serve(app: Any, sock: socket.socket, args: argparse.Namespace, config: Any, label: str,
          announce: bool = True) -> int:
    """Run ``app`` on the bound socket until SIGTERM or Ctrl-C."""
    import uvicorn

    from fives.web.transport import guarded_protocol

    limits = config.limits
    bound = sock.getsockname()[1]

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if not self.should_exit and announce:
                print(f"fives: serving on http://{args.host}:{bound}/ ({label})", flush=True)

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            await app.state.server.going_away()
            await super().shutdown(sockets)

    server = Server(uvicorn.Config(
        app,
        log_level="warning",
        http=guarded_protocol(config),
        ws_per_message_deflate=False,
        # Messages over the limit get an error reply from the server; only past 8 times the
        # limit does the connection itself close.
        ws_max_size=limits.max_message_bytes * 8,
        ws_ping_interval=limits.ping_interval,
        ws_ping_timeout=limits.ping_interval,
        limit_concurrency=args.max_connections,
        timeout_graceful_shutdown=int(limits.shutdown_grace) + 1,
        forwarded_allow_ips="",
        proxy_headers=False,
    ))
    import logging

    from fives.web.transport import LogLimiter

    logging.getLogger("uvicorn.error").addFilter(LogLimiter())
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0
