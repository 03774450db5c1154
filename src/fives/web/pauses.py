"""Pauses of the event loop: what keeps them short, and a probe that shows them.

Every socket of a process waits while its event loop runs anything else, so one long pause
is felt by every player at once. The longest came from CPython's cyclic garbage collector:
a full (generation 2) collection walks every container object the process tracks, and a
server holding 500 tables tracks well over a million (each table's game, history and
records), so each one stopped the loop for 125-450 ms, several times a minute.

``Collector`` keeps every collection small: after start-up (and after the tables of a restart
are loaded) and then once a second, it collects the young generations (a few ms: the cyclic
garbage made since, such as an exception's traceback) and then freezes what survived
(``gc.freeze``: moved out of the collector's sight, in constant time). A full collection
then only walks what was made since the last freeze. Frozen objects are still freed by
reference counting as usual; only a reference cycle made of frozen objects waits for
``unfreeze_every`` (``fives serve --gc-full-every``: a full collection then; 0, the default,
never does it). So a closed connection must leave no reference cycle (the protocol's fired
timer and the session's kick were two, cut in ``fives.web.transport`` and
``fives.web.endpoint``; ``tests/web/test_connection_garbage.py`` checks): a 60 s soak of 5
tables then left 7 objects of cyclic garbage where it had left 7,718. A third, websockets'
frame parser (a generator that stays suspended and holds its connection, about 20 objects a
websocket), never showed as garbage: a full collection frees it by closing the generator, so
the test also counts what of the server's stays alive with the collector off. The young
generation's threshold is raised too, so that it runs a tenth as often (each run still about a
millisecond).

``LoopLag`` is the probe: a timer every ``interval`` seconds that notes the longest gap between
two of its callbacks in each second (``/metrics``: ``fives_loop_gap_seconds``, the last
second's, and ``fives_loop_gap_max_seconds``, a histogram of every second's), the loop thread's
own CPU time within one gap (``fives_loop_busy_seconds``: what the process itself held the loop,
as opposed to a loaded host not running it), and the collector's own pauses
(``fives_gc_pause_seconds`` by generation).
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

from fives.web.metrics import Metrics

# gen0 after this many new container objects (CPython's default: 700), gen1 after 10 gen0
# runs, gen2 after 10 gen1 runs (CPython adds its own rule: only once the survivors since the
# last full run are a quarter of the long-lived ones).
THRESHOLDS = (7000, 10, 10)


class Collector:
    """The garbage collector's settings for a server (process-wide: one per process)."""

    def __init__(self, metrics: Metrics, freeze_every: float = 1.0,
                 unfreeze_every: float = 0.0) -> None:
        self.metrics = metrics
        self.freeze_every = freeze_every
        self.unfreeze_every = unfreeze_every
        self.task: asyncio.Task[None] | None = None
        self.started: dict[int, float] = {}
        self.previous: tuple[int, int, int] | None = None

    def start(self) -> None:
        """Apply the settings and freeze what start-up made (call after loading tables)."""
        self.previous = gc.get_threshold()
        gc.set_threshold(*THRESHOLDS)
        gc.collect()
        gc.freeze()
        self.task = asyncio.ensure_future(self._run())

    def freeze_survivors(self) -> None:
        gc.collect(1)
        gc.freeze()

    async def _run(self) -> None:
        unfrozen_at = time.monotonic()
        while True:
            await asyncio.sleep(self.freeze_every)
            if self.unfreeze_every and time.monotonic() - unfrozen_at >= self.unfreeze_every:
                unfrozen_at = time.monotonic()
                gc.unfreeze()
                gc.collect()
                gc.freeze()
            else:
                self.freeze_survivors()

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
        if self.previous is not None:
            gc.set_threshold(*self.previous)
            gc.unfreeze()
            self.previous = None


class LoopLag:
    """The longest gap between two timer callbacks, per second (see the module doc)."""

    def __init__(self, metrics: Metrics, interval: float = 0.01) -> None:
        self.metrics = metrics
        self.interval = interval
        self.worst = 0.0  # the longest gap since start (or since ``reset``)
        # The loop thread's own CPU time within one gap, at most (since start or ``reset``):
        # what this process's own work held the loop, whatever else the machine ran. A gap
        # with little of it is the host not running the process (a loaded machine).
        self.worst_busy = 0.0
        self._busy_max = 0.0
        self._last_cpu = 0.0
        self._window_max = 0.0
        self._window_start = 0.0
        self._last = 0.0
        self._handle: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._gc_started = 0.0

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._last = self._window_start = self._loop.time()
        self._last_cpu = time.thread_time()
        self._handle = self._loop.call_later(self.interval, self._tick)
        gc.callbacks.append(self._gc_callback)

    def reset(self) -> None:
        self.worst = self.worst_busy = 0.0

    def _tick(self) -> None:
        assert self._loop is not None
        now = self._loop.time()
        cpu = time.thread_time()
        gap, busy = now - self._last, cpu - self._last_cpu
        self._last, self._last_cpu = now, cpu
        if gap > self._window_max:
            self._window_max = gap
        if busy > self._busy_max:
            self._busy_max = busy
        if now - self._window_start >= 1.0:
            self.worst = max(self.worst, self._window_max)
            self.worst_busy = max(self.worst_busy, self._busy_max)
            self.metrics.loop_gap.set(self._window_max)
            self.metrics.loop_busy.set(self._busy_max)
            self.metrics.loop_gap_max.observe(self._window_max)
            self._window_max = self._busy_max = 0.0
            self._window_start = now
        self._handle = self._loop.call_later(self.interval, self._tick)

    def _gc_callback(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.metrics.gc_pause.labels(generation=str(info["generation"])).observe(
                time.perf_counter() - self._gc_started)

    def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        if self._gc_callback in gc.callbacks:
            gc.callbacks.remove(self._gc_callback)
