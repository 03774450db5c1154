"""`fives serve --database postgresql://... --redis redis://... [--workers N]`: the shared mode.

Any number of such processes, on one host or several, serve the same tables: PostgreSQL keeps
the log, Redis says which process owns which table (``fives.web.shared``). ``--workers N``
starts N processes on one port: the parent binds the socket, then forks the workers, which all
accept on it (the kernel spreads the connections), and starts a new one when one dies.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from typing import Any

DATABASE_ENV = "FIVES_DATABASE_URL"
REDIS_ENV = "FIVES_REDIS_URL"


def add_options(parser: argparse.ArgumentParser, lang: str) -> None:
    from fives.i18n import text

    def h(key: str, **params: Any) -> str:
        return text(key, lang, **params)

    group = parser.add_argument_group(h("cli.serve.shared_title"),
                                      h("cli.serve.shared_description"))
    group.add_argument("--database", default=os.environ.get(DATABASE_ENV), metavar="URL",
                       help=h("cli.serve.database", env=DATABASE_ENV))
    group.add_argument("--redis", default=os.environ.get(REDIS_ENV), metavar="URL",
                       help=h("cli.serve.redis", env=REDIS_ENV))
    group.add_argument("--workers", type=int, default=1, help=h("cli.serve.workers"))
    group.add_argument("--redis-prefix", default="fives:", help=h("cli.serve.redis_prefix"))
    group.add_argument("--lease", type=float, default=3.0, help=h("cli.serve.lease"))


def requested(args: argparse.Namespace) -> bool:
    return bool(args.database or args.redis or args.workers != 1)


def _safe(url: str) -> str:
    """A URL without its user and password, for messages."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{parts.hostname or ''}{port}{parts.path}"


def run(
    args: argparse.Namespace,
    config: Any,
    bind: Callable[[str, int], socket.socket],
    serve: Callable[..., int],
    fail: Callable[[str], int],
) -> int:
    from fives.i18n import default_lang, os_error_text, text

    lang = default_lang()
    if not args.database or not args.redis:
        option, env = ("--database", DATABASE_ENV) if not args.database else \
            ("--redis", REDIS_ENV)
        return fail(text("cli.serve.err_shared_missing", lang, option=option, env=env))
    if not 1 <= args.workers <= 256:
        return fail(text("cli.serve.err_workers", lang, value=args.workers))
    if not 0.5 <= args.lease <= 300:
        return fail(text("cli.serve.err_lease", lang, value=args.lease))
    try:
        import psycopg

        from fives.web import coordination, pgstore
        from fives.web.server import create_shared_app
    except ModuleNotFoundError as exc:
        return fail(text("cli.serve.err_no_scale", lang, name=exc.name))
    try:
        pgstore.check_url(args.database)
        coordination.check_url(args.redis)
        pgstore.migrate(args.database)  # once, before the workers start
    except ValueError as exc:
        return fail(str(exc))
    except psycopg.Error as exc:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else str(exc)
        return fail(text("cli.serve.err_shared_database", lang, url=_safe(args.database),
                         reason=reason))
    try:
        sock = bind(args.host, args.port)
    except OSError as exc:
        return fail(text("cli.serve.err_listen", lang, host=args.host, port=args.port,
                         reason=os_error_text(exc, lang)))
    label = f"database {_safe(args.database)}, redis {_safe(args.redis)}"

    def serve_one(announce: bool) -> int:
        app = create_shared_app(args.database, args.redis, config, prefix=args.redis_prefix,
                                lease_s=args.lease)
        return int(serve(app, sock, args, config, label, announce))

    if args.workers == 1:
        return serve_one(True)
    return _supervise(args.workers, serve_one, label, sock)


def _supervise(workers: int, serve_one: Callable[[bool], int], label: str,
               sock: socket.socket) -> int:
    """Fork the workers, start a new one when one dies, stop them all on SIGTERM/Ctrl-C."""
    children: dict[int, int] = {}  # pid -> worker number
    stopping = False

    def spawn(number: int) -> None:
        pid = os.fork()
        if pid == 0:  # the worker: its own event loop, its own connections
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            code = 1
            try:
                code = serve_one(number == 0)
            finally:
                os._exit(code)
        children[pid] = number

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True
        if signum == signal.SIGTERM:  # Ctrl-C reaches the workers by itself
            for pid in list(children):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for number in range(workers):
        spawn(number)
    print(f"fives: {workers} workers ({label}): {' '.join(map(str, children))}", flush=True)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        except InterruptedError:
            continue
        number = children.pop(pid, -1)
        if number < 0 or stopping:
            continue
        print(f"fives: worker {pid} ended ({_status(status)}); starting another",
              file=sys.stderr, flush=True)
        time.sleep(0.2)
        spawn(number)
    sock.close()
    return 0


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit {os.waitstatus_to_exitcode(status)}"
