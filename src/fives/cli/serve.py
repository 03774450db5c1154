"""`fives serve`: the browser game on an embedded SQLite database."""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
from pathlib import Path
from typing import Any


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/fives/fives.sqlite3`` (``~/.local/share`` when the variable is unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "fives" / "fives.sqlite3"


def _port(value: str) -> int:
    try:
        port = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"invalid port {value!r}: expected a whole number from 1 to 65535"
        ) from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {value!r}: expected 1 to 65535")
    return port


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="play in the browser: serve the game on http://HOST:PORT",
        description="Serve the browser game. Tables, links and every accepted action are kept "
        "in an SQLite file, so a restarted server goes on where it was.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8000, help="port (default 8000)")
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
    parser.add_argument(
        "--table-rate",
        type=float,
        default=12.0,
        help="new tables one address may create per minute, after a burst of 20 (default 12)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from fives.web.server import create_app
    except ModuleNotFoundError as exc:
        print(
            f"fives: error: the web extra is not installed (missing {exc.name!r}): "
            "expected `pip install 'fives[web]'`",
            file=sys.stderr,
        )
        return 2
    if args.bot_delay < 0 or args.bot_delay > 60:
        print(
            f"fives: error: invalid --bot-delay {args.bot_delay!r}: expected 0 to 60 seconds",
            file=sys.stderr,
        )
        return 2
    if not 0 < args.table_rate <= 1e6:
        print(
            f"fives: error: invalid --table-rate {args.table_rate!r}: expected a number of "
            "tables per minute above 0",
            file=sys.stderr,
        )
        return 2
    db = Path(args.db) if args.db else default_db_path()
    try:
        app = create_app(
            db, bot_delay=args.bot_delay, create_rate=(args.table_rate / 60, 20.0)
        )
    except (OSError, sqlite3.Error) as exc:
        print(f"fives: error: cannot open database {str(db)!r}: {exc}", file=sys.stderr)
        return 2
    print(f"fives: serving on http://{args.host}:{args.port}/ (database {db})", flush=True)
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_per_message_deflate=False,
        # Messages over 8 KiB get an error reply from the server; only past 64 KiB does the
        # connection itself close.
        ws_max_size=65536,
    )
    return 0
