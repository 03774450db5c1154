"""What ``/metrics`` reports, in the Prometheus text format (one registry per app)."""

from __future__ import annotations

import sys

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST


class Metrics:
    content_type = CONTENT_TYPE_LATEST

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.sockets = Gauge("fives_open_sockets", "Open websockets", registry=self.registry)
        self.tables = Gauge("fives_tables_live", "Tables in memory", registry=self.registry)
        self.actions = Counter("fives_actions", "Actions committed to table logs",
                               registry=self.registry)
        self.commit_seconds = Histogram(
            "fives_commit_seconds", "Time to commit one action durably",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=self.registry,
        )
        self.refusals = Counter("fives_refusals", "Requests and messages refused, by kind",
                                ["kind"], registry=self.registry)
        # The event loop's pauses (``fives.web.pauses``).
        self.loop_gap = Gauge("fives_loop_gap_seconds",
                              "Longest gap between two loop timer callbacks in the last second",
                              registry=self.registry)
        self.loop_busy = Gauge(
            "fives_loop_busy_seconds", "Most CPU time of the loop thread between two loop "
            "timer callbacks in the last second", registry=self.registry)
        self.loop_gap_max = Histogram(
            "fives_loop_gap_max_seconds", "Each second's longest gap between two loop timer "
            "callbacks", buckets=(0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0),
            registry=self.registry)
        self.gc_pause = Histogram(
            "fives_gc_pause_seconds", "Garbage collector runs, by generation", ["generation"],
            buckets=(0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5),
            registry=self.registry)
        # Read at each scrape: what the live objects hold, apart from the process's RSS (which
        # also keeps the allocators' high-water mark), so that a soak can tell a leak from it.
        self.python_blocks = Gauge(
            "fives_python_blocks", "Memory blocks the Python allocator holds for live objects",
            registry=self.registry)
        self.python_blocks.set_function(sys.getallocatedblocks)

    def refuse(self, kind: str) -> None:
        self.refusals.labels(kind=kind).inc()

    def render(self) -> bytes:
        return bytes(generate_latest(self.registry))
