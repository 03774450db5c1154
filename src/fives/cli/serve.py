"""`fives serve`: the browser game on an embedded SQLite database.

Every limit of the server (``fives.web.config.Limits``) is an option here with a safe default.
The port is bound before "serving on" is printed; SIGTERM or Ctrl-C closes every socket with
"going away", lets the commits in flight finish and stops the bot workers.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import socket
import sqlite3
from pathlib import Path
from typing import Any

from fives.cli.common import fail
from fives.i18n import default_lang, os_error_text, text

LOOPBACK = ("127.0.0.1", "localhost", "::1")
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
METRICS_TOKEN_ENV = "FIVES_METRICS_TOKEN"
LIMIT_OPTIONS: list[tuple[str, str, type]] = [
    # (option, Limits field, type); the help is the catalog's cli.serve.limit.<field>
    ("--message-rate", "message_rate", float),
    ("--message-burst", "message_burst", float),
    ("--flood-seconds", "flood_seconds", float),
    ("--tables-burst", "tables_burst", float),
    ("--sockets-per-address", "sockets_per_address", int),
    ("--bot-tables-per-address", "bot_tables_per_address", int),
    ("--joins-per-minute", "joins_per_minute", float),
    ("--joins-burst", "joins_burst", float),
    ("--table-joins-per-minute", "table_joins_per_minute", float),
    ("--table-joins-burst", "table_joins_burst", float),
    ("--connections-per-address", "connections_per_address", int),
    ("--failed-links-per-minute", "failed_links_per_minute", float),
    ("--max-message-bytes", "max_message_bytes", int),
    ("--queue-frames", "queue_frames", int),
    ("--send-buffer-bytes", "send_buffer_bytes", int),
    ("--join-timeout", "join_timeout", float),
    ("--ping-interval", "ping_interval", float),
    ("--header-timeout", "header_timeout", float),
    ("--body-timeout", "body_timeout", float),
    ("--table-idle", "table_idle", float),
    ("--shutdown-grace", "shutdown_grace", float),
    ("--lobby-seats-per-address", "lobby_seats_per_address", int),
    ("--lobby-rooms-per-address", "lobby_rooms_per_address", int),
    ("--hints-per-minute", "hints_per_minute", float),
    ("--undos-per-minute", "undos_per_minute", float),
    ("--lobby-reads-per-second", "lobby_reads_per_second", float),
]


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/fives/fives.sqlite3`` (``~/.local/share`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fives" / "fives.sqlite3"


def _say(key: str, **params: Any) -> str:
    """A message of ``fives serve`` in the environment's language (it has no ``--lang``)."""
    return text(key, default_lang(), **params)


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(_say("cli.serve.err_port_number", value=value)) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(_say("cli.serve.err_port_range", value=value))
    return port


def register(subparsers: Any, lang: str) -> None:
    from fives.web.config import Limits

    def h(key: str, **params: Any) -> str:
        return text(key, lang, **params)

    defaults = Limits()
    parser = subparsers.add_parser("serve", help=h("cli.serve.help"),
                                   description=h("cli.serve.description"))
    parser.add_argument("--host", default="127.0.0.1", help=h("cli.serve.host"))
    parser.add_argument("--port", type=_port, default=8000, help=h("cli.serve.port"))
    parser.add_argument("--db", default=None, help=h("cli.serve.db", path=default_db_path()))
    parser.add_argument("--bot-delay", type=float, default=0.6, help=h("cli.serve.bot_delay"))
    parser.add_argument("--bot-workers", type=int, default=2, help=h("cli.serve.bot_workers"))
    parser.add_argument("--retention-days", type=float, default=0.0,
                        help=h("cli.serve.retention_days"))
    parser.add_argument("--table-rate", type=float, default=defaults.tables_per_minute,
                        help=h("cli.serve.table_rate",
                               default=f"{defaults.tables_per_minute:g}"))
    for option, name, kind in LIMIT_OPTIONS:
        parser.add_argument(option, type=kind, default=getattr(defaults, name),
                            help=h("cli.serve.default", text=h(f"cli.serve.limit.{name}"),
                                   default=f"{getattr(defaults, name):g}"))
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help=h("cli.serve.trusted_proxy"))
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help=h("cli.serve.allowed_host"))
    parser.add_argument("--max-connections", type=int, default=2000,
                        help=h("cli.serve.max_connections"))
    parser.add_argument("--metrics-token", default=os.environ.get(METRICS_TOKEN_ENV, ""),
                        metavar="TOKEN",
                        help=h("cli.serve.metrics_token", env=METRICS_TOKEN_ENV))
    parser.add_argument("--loop", choices=("auto", "asyncio", "uvloop"), default="auto",
                        help=h("cli.serve.loop"))
    parser.add_argument("--no-gc-tuning", action="store_true", help=h("cli.serve.no_gc_tuning"))
    parser.add_argument("--gc-full-every", type=float, default=0.0, metavar="SECONDS",
                        help=h("cli.serve.gc_full_every"))
    from fives.cli import serve_shared

    serve_shared.add_options(parser, lang)
    parser.set_defaults(func=run)


def _limits(args: argparse.Namespace) -> Any:
    from fives.web.config import Limits

    values: dict[str, Any] = {"tables_per_minute": args.table_rate}
    for option, name, _ in LIMIT_OPTIONS:
        values[name] = getattr(args, option[2:].replace("-", "_"))
    for name, value in values.items():
        if not value > 0 or value > 1e9:
            option = "--table-rate" if name == "tables_per_minute" else \
                "--" + name.replace("_", "-")
            raise ValueError(_say("cli.serve.err_limit", option=option, value=value))
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
        return fail(_say("cli.serve.err_no_web", name=exc.name))
    if args.bot_delay < 0 or args.bot_delay > 60:
        return fail(_say("cli.serve.err_bot_delay", value=args.bot_delay))
    if not 1 <= args.bot_workers <= 64:
        return fail(_say("cli.serve.err_bot_workers", value=args.bot_workers))
    if not 0 <= args.gc_full_every <= 1e6:
        return fail(_say("cli.serve.err_gc_full_every", value=args.gc_full_every))
    if not 0 <= args.retention_days <= 36500:
        return fail(_say("cli.serve.err_retention_days", value=args.retention_days))
    if not 1 <= args.max_connections <= 1_000_000:
        return fail(_say("cli.serve.err_max_connections", value=args.max_connections))
    if args.loop == "uvloop" and importlib.util.find_spec("uvloop") is None:
        return fail(_say("cli.serve.err_no_uvloop"))
    try:
        limits = _limits(args)
    except ValueError as exc:
        return fail(str(exc))
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
        return serve_shared.run(args, config, _bind, serve, fail)
    db = Path(args.db) if args.db else default_db_path()
    try:
        app = create_app(db, config)
    except DatabaseLocked as exc:
        return fail(str(exc))
    except (OSError, sqlite3.Error) as exc:
        return fail(_say("cli.serve.err_database", path=str(db), reason=exc))
    try:
        sock = _bind(args.host, args.port)
    except OSError as exc:
        return fail(_say("cli.serve.err_listen", host=args.host, port=args.port,
                          reason=os_error_text(exc, default_lang())))
    return serve(app, sock, args, config, f"database {db}")


def serve(app: Any, sock: socket.socket, args: argparse.Namespace, config: Any, label: str,
          announce: bool = True, ws: str = "auto") -> int:
    """Run ``app`` on the bound socket until SIGTERM or Ctrl-C; ``ws`` names uvicorn's
    websocket stack ("auto": websockets' sans-I/O one; bench/servers.py compares others)."""
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
        # "auto": uvloop where it is installed (the web extra installs it, but on Windows).
        loop=args.loop,
        # The connection budget (``--max-connections``) is the guard's: uvicorn's own
        # ``limit_concurrency`` answers 503 to every request, /healthz and /metrics included,
        # once websockets fill it.
        http=guarded_protocol(config, app.state.server.flooders, args.max_connections),
        ws=ws,
        ws_per_message_deflate=False,
        # Messages over the limit get an error reply from the server; only past 8 times the
        # limit does the connection itself close.
        ws_max_size=limits.max_message_bytes * 8,
        ws_ping_interval=limits.ping_interval,
        ws_ping_timeout=limits.ping_interval,
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
