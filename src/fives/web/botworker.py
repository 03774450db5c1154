"""Bot moves in worker processes the server owns.

Bots think outside the server's process, so a slow search never holds the event loop or the
GIL that other tables need. The workers are the server's own: each one exits by itself when
the server dies, even by SIGKILL (the kernel signals it on Linux, and it watches its parent's
pid everywhere), and ``BotPool.close`` terminates and reaps them. A move that a broken or
closing pool cannot give is reported as None: the caller tries again later or drops it, and
never plays a stand-in move instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import secrets
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger("fives.web")


def choose(level: str, seed: int, view: Any, counting: str = "exact") -> str:
    """The bot's move for ``view`` (a ``SeatView``), in explicit notation (under muggins
    claims with its claim, counted as ``counting`` says, or its call)."""
    from fives.bots import make_player

    move = make_player(level, seed=seed, counting=counting).choose(view)
    return str(move.notation(explicit=True))


HINT_SECONDS = 0.5
HINT_LEVEL = "expert"


def hint(seed: int, view: Any) -> list[dict[str, Any]]:
    """The best moves for ``view``, best first, as the page shows them: each move with how
    far it is behind the best, and the expert's expectations, in the rules' score unit."""
    from fives.bots import Budget, make_player

    ranked = make_player(HINT_LEVEL, seed=seed).explain(view, top=3,
                                                        budget=Budget(seconds=HINT_SECONDS))
    best = ranked[0].value if ranked else 0.0
    return [{"move": c.move.notation(explicit=True), "behind": round(c.value - best, 1),
             "points": None if c.points is None else round(c.points, 1),
             "against": None if c.against is None else round(c.against, 1),
             "odds": None if c.odds is None else round(c.odds, 2)} for c in ranked]


def _watch_parent(parent: int) -> None:
    while True:
        if os.getppid() != parent:
            os._exit(0)
        time.sleep(0.5)


def init_worker(parent: int) -> None:
    """In each worker: ignore the terminal's Ctrl-C (the server decides), die with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(Exception):  # Linux: the kernel sends SIGKILL when the parent dies
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != parent:
        os._exit(0)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


class BotPool:
    """A pool of worker processes, started on first use ("spawn": no fork of a threaded
    server), replaced when one breaks, terminated and reaped on ``close``."""

    # What each worker runs first (given the server's pid); a subclass may set its own.
    initializer: Callable[[int], None] = staticmethod(init_worker)

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool: ProcessPoolExecutor | None = None
        self.closing = False

    def _get(self) -> ProcessPoolExecutor:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=self.initializer, initargs=(os.getpid(),),
            )
        return self.pool

    async def choose(self, level: str, view: Any, counting: str = "exact") -> str | None:
        """The bot's move, or None if no worker could give one (the pool broke or closes)."""
        move: str | None = await self._run(level, choose, level, secrets.randbits(32), view,
                                           counting)
        return move

    async def hint(self, view: Any) -> list[dict[str, Any]] | None:
        """The expert's advice (``hint``), or None if no worker could give it."""
        ranked: list[dict[str, Any]] | None = await self._run(
            HINT_LEVEL, hint, secrets.randbits(32), view)
        return ranked

    async def run(self, label: str, job: Any, *args: Any) -> Any:
        """Any other job for the workers (``job`` a module-level function, picklable
        arguments), e.g. one decision of a game review; None if no worker could do it."""
        return await self._run(label, job, *args)

    async def _run(self, level: str, job: Any, *args: Any) -> Any:
        if self.closing:
            return None
        pool = self._get()
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(pool, job, *args)
        except asyncio.CancelledError:
            if self.closing:  # the pool dropped the job at shutdown: so is the move
                return None
            raise
        except (BrokenProcessPool, OSError, RuntimeError) as exc:
            if not self.closing:
                log.error("bot %s failed (%s); its worker pool is replaced", level,
                          type(exc).__name__)
                if self.pool is pool:
                    self.pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
            return None
        return None if self.closing else move  # a move that arrives at shutdown is dropped

    def close(self) -> None:
        """Drop the moves in flight, terminate the workers and wait for them."""
        self.closing = True
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
        children = multiprocessing.active_children()
        for child in children:
            child.terminate()
        for child in children:
            child.join(timeout=3)
            if child.is_alive():
                child.kill()
                child.join(timeout=3)
