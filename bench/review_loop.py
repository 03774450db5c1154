"""A player's move time on a real server, without and while 4 game reviews are asked for.

Starts ``fives serve`` (SQLite, 2 bot workers, behind a "proxy" so that the 4 reviews come from
4 addresses), lets 4 games of bots run to their end (All Fives to 150), then two people play
at one table over websockets: the time from a move sent to the mover's next state frame, for
``--moves`` moves with nothing else to do (before), then from the moment the 4 reviews are
asked for until all 4 are done (the desk runs one at a time and queues the others, each
decision a job in the bot workers).
The reviews' progress is polled throughout, so the run says whether they really ran.

    python bench/review_loop.py --moves 150
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx
import websockets
from websockets.typing import Origin

from webload import free_port, stop_servers, wait_ready


async def watch_to_end(ws_url: str, token: str) -> None:
    async with websockets.connect(ws_url, origin=Origin(ws_url.replace("ws://", "http://")[:-3])
                                  ) as ws:
        await ws.send(json.dumps({"type": "join", "token": token}))
        while True:
            frame = json.loads(await ws.recv())
            if frame.get("type") == "state" and frame["public"]["phase"] == "game_over":
                return


class Seat:
    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.frames: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.last: dict[str, Any] | None = None

    async def read(self) -> None:
        async for raw in self.ws:
            frame = json.loads(raw)
            if frame.get("type") == "state":
                self.last = frame
                await self.frames.put(frame)


async def people_play(base: str, ws_url: str, moves: int, origin: dict[str, str],
                      stop: asyncio.Event | None = None) -> list[float]:
    """Two people at a table (a new one when a game ends): each move's time from sent to the
    mover's next state frame, for ``moves`` moves or until ``stop`` is set."""
    times: list[float] = []
    while len(times) < moves and not (stop is not None and stop.is_set()):
        await one_table(base, ws_url, moves, origin, stop, times)
    return times


async def one_table(base: str, ws_url: str, moves: int, origin: dict[str, str],
                    stop: asyncio.Event | None, times: list[float]) -> None:
    async with httpx.AsyncClient() as client:
        created = (await client.post(base + "/api/tables", headers=origin, json={
            "preset": "all-fives", "players": 2,
            "seats": [{"kind": "me"}, {"kind": "friend"}]})).json()
    tokens = [s["url"].split("=", 1)[1] for s in created["seats"]]
    async with websockets.connect(ws_url, origin=Origin(base)) as a, \
            websockets.connect(ws_url, origin=Origin(base)) as b:
        seats = [Seat(a), Seat(b)]
        readers = [asyncio.ensure_future(s.read()) for s in seats]
        for seat, token in zip(seats, tokens, strict=True):
            await seat.ws.send(json.dumps({"type": "join", "token": token}))
            await seat.frames.get()
        while len(times) < moves and not (stop is not None and stop.is_set()):
            frame = seats[0].last
            assert frame is not None
            phase = frame["public"]["phase"]
            if phase == "game_over":
                break
            if phase == "hand_over":
                for seat in seats:
                    await seat.ws.send(json.dumps({"type": "next_hand"}))
                await asyncio.sleep(0.2)
                continue
            mover = seats[frame["public"]["turn"]]
            while not mover.frames.empty():
                mover.frames.get_nowait()
            view = mover.last
            assert view is not None
            legal = [m["notation"] for m in view["seat"]["legal_moves"]]
            if not legal:
                await asyncio.sleep(0.05)
                continue
            started = time.perf_counter()
            await mover.ws.send(json.dumps({"type": "play", "move": legal[0]}))
            await mover.frames.get()
            times.append(time.perf_counter() - started)
            await asyncio.sleep(0.05)  # people play far slower; this keeps the loop busy
        for r in readers:
            r.cancel()


def pct(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000


async def main_async(args: argparse.Namespace) -> int:
    port = free_port()
    folder = tempfile.mkdtemp()
    proc = subprocess.Popen(
        [sys.executable, "-m", "fives", "serve", "--port", str(port), "--db",
         os.path.join(folder, "fives.sqlite3"), "--bot-delay", "0", "--trusted-proxy",
         "127.0.0.1"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    ws_url = f"ws://127.0.0.1:{port}/ws"
    origin = {"origin": base}
    try:
        await wait_ready(base)
        async with httpx.AsyncClient() as client:
            watch = []
            for i in range(4):  # each from its own address: bot tables are few per address
                created = (await client.post(base + "/api/tables", headers={
                    **origin, "x-forwarded-for": f"10.0.1.{i + 1}"}, json={
                    "preset": "all-fives", "players": 2,
                    "seats": [{"kind": "bot", "level": "greedy"},
                              {"kind": "bot", "level": "heuristic"}]})).json()
                watch.append(created["watch"].split("=", 1)[1])
            started = time.perf_counter()
            await asyncio.gather(*(watch_to_end(ws_url, t) for t in watch))
            print(f"4 games of bots played in {time.perf_counter() - started:.0f} s")
            before = await people_play(base, ws_url, args.moves, origin)
            print(f"before: {len(before)} moves, median {pct(before, 50):.1f} ms, "
                  f"p99 {pct(before, 99):.1f} ms, worst {max(before) * 1000:.1f} ms "
                  f"(load {os.getloadavg()[0]:.2f})")

            async def ask(i: int) -> dict[str, Any]:
                response = await client.post(
                    base + "/api/review", json={"token": watch[i], "game": 1},
                    headers={**origin, "x-forwarded-for": f"10.0.0.{i + 1}"})
                data: dict[str, Any] = response.json()
                data["code"] = response.status_code
                return data

            answers = await asyncio.gather(*(ask(i) for i in range(4)))
            print("asked:", [a["code"] for a in answers])
            stop = asyncio.Event()
            play = asyncio.ensure_future(people_play(base, ws_url, 100_000, origin, stop))
            log: list[str] = []
            began = time.perf_counter()
            ready: set[int] = set()
            while not play.done():
                # As the page does: ask each second until the review comes, then no more.
                waiting = [i for i in range(4) if i not in ready]
                answers = await asyncio.gather(*(ask(i) for i in waiting))
                ready |= {i for i, a in zip(waiting, answers, strict=True) if a["code"] == 200}
                log.append(" ".join(f"{i}:{a['code']}:{a.get('status', '?')}:{a.get('done', '-')}"
                                    for i, a in zip(waiting, answers, strict=True)))
                if len(ready) == 4:
                    stop.set()  # every review is done: the moves measured ran beside them
                await asyncio.sleep(1.0)
            print(f"the 4 reviews took {time.perf_counter() - began:.0f} s")
            during = play.result()
            print("reviews while the people played (review:code:status:decisions valued, "
                  "every 5 s):")
            for line in log[::5]:
                print("  " + line)
            print(f"during: {len(during)} moves, median {pct(during, 50):.1f} ms, "
                  f"p99 {pct(during, 99):.1f} ms, worst {max(during) * 1000:.1f} ms "
                  f"(load {os.getloadavg()[0]:.2f})")
    finally:
        stop_servers([proc], wait=10)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=150)
    return asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    sys.exit(main())
