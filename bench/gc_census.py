"""`fives ...` with a census of frozen cyclic garbage on SIGUSR1 (run by hand; not a test).

The server freezes what survives a young collection once a second (fives.web.pauses), so a
reference cycle that was alive when frozen and dies later is never collected unless a full
collection unfreezes it. On SIGUSR1 this unfreezes, runs that full collection with the garbage
kept (``gc.DEBUG_SAVEALL``), appends the count of each garbage type and the collection's pause to
the file ``GC_CENSUS_OUT`` names (default: gc-census.txt), frees it and freezes again.

    python bench/gc_census.py serve --port 8000 &   # then: kill -USR1 <pid>
    python bench/soak.py --duration 300 --tables 30 --gc-census   # one census a sample

With ``GC_CENSUS_EDGES=1`` it also counts the references between garbage types (the edges that
close the cycles); with ``GC_CENSUS_TRACEMALLOC=N`` it traces allocations (N frames deep) and
writes the lines whose live memory grew most since the previous census (what memory that is
not garbage keeps growing: tracing slows the server, so its latencies mean nothing then).
"""

from __future__ import annotations

import collections
import gc
import os
import signal
import sys
import time
import tracemalloc
from types import FrameType

previous: list[tracemalloc.Snapshot] = []


def census(signum: int, frame: FrameType | None) -> None:
    frozen = gc.get_freeze_count()
    gc.unfreeze()
    gc.set_debug(gc.DEBUG_SAVEALL)
    started = time.perf_counter()
    found = gc.collect()
    pause = time.perf_counter() - started
    kinds = collections.Counter(name(o) for o in gc.garbage)
    edges = links(gc.garbage) if os.environ.get("GC_CENSUS_EDGES") else []
    gc.garbage.clear()
    gc.set_debug(0)
    gc.collect()  # what the list kept is garbage again: free it, not freeze it
    gc.freeze()
    with open(os.environ.get("GC_CENSUS_OUT", "gc-census.txt"), "a", encoding="utf-8") as out:
        out.write(f"=== t={time.time():.0f} frozen={frozen} garbage={found} "
                  f"full_collection_ms={pause * 1000:.0f}\n")
        out.writelines(f"{count:8d} {kind}\n" for kind, count in kinds.most_common(40))
        out.writelines(f"    edge {count:6d} {edge}\n" for edge, count in edges)
        if tracemalloc.is_tracing():
            out.writelines(growth())


def growth() -> list[str]:
    """The 30 places whose live memory grew most since the previous census."""
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)])
    lines = [f"    traced {tracemalloc.get_traced_memory()[0] / 2**20:.1f} MiB\n"]
    if previous:
        for stat in snapshot.compare_to(previous[0], "traceback")[:30]:
            where = " < ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}"
                               for f in stat.traceback)
            lines.append(f"    grew {stat.size_diff / 1024:9.1f} KiB {stat.count_diff:+7d} "
                         f"blocks  {where}\n")
    previous[:] = [snapshot]
    return lines


def name(o: object) -> str:
    return f"{type(o).__module__}.{type(o).__qualname__}"


def links(garbage: list[object]) -> list[tuple[str, int]]:
    """Which garbage type refers to which (GC_CENSUS_EDGES=1): the edges that close the cycles."""
    ids = {id(o) for o in garbage}
    counts: collections.Counter[str] = collections.Counter()
    for o in garbage:
        for r in gc.get_referents(o):
            if id(r) in ids:
                counts[f"{name(o)} -> {name(r)}"] += 1
    return counts.most_common(120)


def main() -> int:
    depth = int(os.environ.get("GC_CENSUS_TRACEMALLOC", "0"))
    if depth:
        tracemalloc.start(depth)
    signal.signal(signal.SIGUSR1, census)
    from fives.cli.main import main as fives

    return fives(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
