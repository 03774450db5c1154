"""The web's game review (fives.web.review): a finished game only, computed once, every job in
the bot workers (never on the event loop), and the limits: one review per address at a time,
a bounded queue per server, each refusal with its message."""

from __future__ import annotations

import asyncio
import json
import os
import zlib
from dataclasses import dataclass, field
from typing import Any

import pytest

from bots.helpers import play_game
from fives.bots import Player, make_player
from fives.rules import Ruleset
from fives.web.botworker import BotPool
from fives.web.protocol import ProtocolError
from fives.web.review import (
    REVIEW_NICE,
    STORED_FORMAT,
    Done,
    ReviewDesk,
    ReviewPool,
    pack,
    prepare,
    unpack,
)

from .helpers import ask_review, create, watch_to_the_end


def finished_record(seed: int) -> dict[str, Any]:
    players: list[Player] = [make_player("greedy", seed=1), make_player("random", seed=2)]
    return dict(play_game(Ruleset.preset("all-fives", target=30), players, seed, None).to_record())


@dataclass
class FakeService:
    record_json: dict[str, Any] | None
    game_no: int = 1

    def record(self, number: int) -> dict[str, Any]:
        if self.record_json is None:
            raise ProtocolError("the record can be downloaded once the game is over",
                                "record_not_ready")
        return self.record_json


@dataclass
class FakeTable:
    service: FakeService


@dataclass
class FakeStorage:
    tokens: dict[str, tuple[str, int | None]]
    reviews: dict[tuple[str, int], bytes] = field(default_factory=dict)
    reads: int = 0

    async def find_token(self, token: str) -> tuple[str, int | None] | None:
        return self.tokens.get(token)

    async def stored_review(self, table_id: str, game: int) -> bytes | None:
        self.reads += 1
        await asyncio.sleep(0)  # a read takes a while: other requests come meanwhile
        return self.reviews.get((table_id, game))

    async def store_review(self, table_id: str, game: int, body: bytes) -> None:
        self.reviews[table_id, game] = body


@dataclass
class FakeBots:
    """The worker pool: records every job, and holds them until ``gate`` opens."""

    gate: asyncio.Event
    jobs: list[str] = field(default_factory=list)

    async def run(self, label: str, job: Any, *args: Any) -> Any:
        self.jobs.append(job.__name__)
        await self.gate.wait()
        return job(*args)


class FakeHub:
    def __init__(self, tables: dict[str, dict[str, Any] | None]) -> None:
        self.tables = {tid: FakeTable(FakeService(rec)) for tid, rec in tables.items()}
        self.storage = FakeStorage({f"tok-{tid}-xxxxxxxxxx": (tid, 0) for tid in tables})
        self.bots = FakeBots(asyncio.Event())

    async def readable(self, table_id: str) -> FakeService | None:
        table = self.tables.get(table_id)
        return None if table is None else table.service


def tok(tid: str) -> str:
    return f"tok-{tid}-xxxxxxxxxx"


async def answer(desk: ReviewDesk, token: str, game: int | None,
                 address: str) -> tuple[int, dict[str, Any]]:
    """The desk's answer with a finished review's bytes read as JSON."""
    status, body = await desk.ask(token, game, address)
    if isinstance(body, Done):
        return status, json.loads(bytes(body))
    return status, body


def test_limits_and_refusals() -> None:
    async def run() -> None:
        hub = FakeHub({"a": finished_record(1), "b": finished_record(2),
                       "c": finished_record(3), "d": finished_record(4), "live": None})
        desk = ReviewDesk(hub, running=1, queued=1, budget=4,  # type: ignore[arg-type]
                          pool=hub.bots)  # type: ignore[arg-type]
        status, body = await answer(desk, tok("live"), 1, "1.1.1.1")
        assert status == 409 and body["message"]["en"] == "A game can be reviewed once it is over."
        assert (await desk.ask("nope-xxxxxxxxxxxxxxxx", 1, "1.1.1.1"))[0] == 404
        assert (await desk.ask(tok("a"), "two", "1.1.1.1"))[0] == 400
        status, body = await answer(desk, tok("a"), 1, "1.1.1.1")
        assert status == 202 and body["status"] in ("queued", "running")
        # The same address asks for another game while its first runs: refused, with why.
        status, body = await answer(desk, tok("b"), 1, "1.1.1.1")
        assert status == 429
        assert "still being computed" in body["message"]["en"]
        assert "encore en calcul" in body["message"]["fr"]
        # Asking again for the same game is not a second review: how far it has got.
        assert (await desk.ask(tok("a"), 1, "1.1.1.1"))[0] == 202
        # Other addresses: one runs, one waits, then the server is full.
        assert (await desk.ask(tok("b"), 1, "2.2.2.2"))[0] == 202
        status, body = await answer(desk, tok("c"), 1, "3.3.3.3")
        assert status == 503 and "try again in a minute" in body["message"]["en"]
        await asyncio.sleep(0)
        assert hub.bots.jobs == ["prepare"]  # the first review's first job, held by the gate
        hub.bots.gate.set()
        for _ in range(400):
            await asyncio.sleep(0.01)
            if not desk.jobs:
                break
        assert not desk.jobs
        done = await answer(desk, tok("a"), 1, "1.1.1.1")
        assert done[0] == 200
        decisions = len(done[1]["review"]["decisions"])
        # Every piece of the work went to the workers: for each review one preparation, one
        # job per decision and one to sum up.
        assert hub.bots.jobs.count("prepare") == hub.bots.jobs.count("finish") == 2
        assert hub.bots.jobs.count("value") == decisions + len(
            (await answer(desk, tok("b"), 1, "9.9.9.9"))[1]["review"]["decisions"])
        assert set(hub.bots.jobs) == {"prepare", "value", "finish"}
        # Computed once: asked again, the same review, no new job.
        jobs = len(hub.bots.jobs)
        assert (await answer(desk, tok("a"), 1, "5.5.5.5"))[1]["review"] == done[1]["review"]
        assert len(hub.bots.jobs) == jobs

    asyncio.run(run())


def test_the_answer_carries_the_review_and_the_page() -> None:
    async def run() -> None:
        hub = FakeHub({"a": finished_record(5)})
        hub.bots.gate.set()
        desk = ReviewDesk(hub, budget=4, pool=hub.bots)  # type: ignore[arg-type]
        assert (await desk.ask(tok("a"), None, "1.1.1.1"))[0] == 202
        for _ in range(400):
            await asyncio.sleep(0.01)
            if not desk.jobs:
                break
        status, body = await answer(desk, tok("a"), None, "1.1.1.1")
        assert status == 200 and body["status"] == "done" and body["you"] == 0
        assert set(body["review"]) == {"seats", "decisions", "win"}
        assert [s["seat"] for s in body["review"]["seats"]] == [0, 1]
        page = body["page"]
        record = finished_record(5)
        actions = sum(len(h["actions"]) for h in record["hands"])
        assert len(page["steps"]) == actions + 1  # before each action, and the end
        for d in body["review"]["decisions"]:
            if d["best"] != d["played"] and "@" in d["best"]:
                assert d["best"] in page["ghosts"][f"{d['hand']}:{d['index']}"]

    asyncio.run(run())


async def until_idle(desk: ReviewDesk) -> None:
    for _ in range(400):
        await asyncio.sleep(0.01)
        if not desk.jobs:
            return
    raise AssertionError("the review did not finish")


def test_a_review_is_stored_and_read_back_before_anything_is_computed() -> None:
    async def run() -> None:
        hub = FakeHub({"a": finished_record(7)})
        hub.bots.gate.set()
        first = ReviewDesk(hub, budget=4, pool=hub.bots)  # type: ignore[arg-type]
        assert (await first.ask(tok("a"), 1, "1.1.1.1"))[0] == 202
        await until_idle(first)
        computed = await answer(first, tok("a"), 1, "1.1.1.1")
        assert unpack(hub.storage.reviews["a", 1]) is not None
        jobs = len(hub.bots.jobs)
        # A restarted server (or another process): nothing in memory, the stored review.
        again = ReviewDesk(hub, budget=4, pool=hub.bots)  # type: ignore[arg-type]
        assert await answer(again, tok("a"), 1, "2.2.2.2") == computed
        assert await answer(again, tok("a"), None, "2.2.2.2") == computed
        assert len(hub.bots.jobs) == jobs and not again.jobs
        reads = hub.storage.reads
        await answer(again, tok("a"), 1, "3.3.3.3")
        assert hub.storage.reads == reads  # kept in memory once read

    asyncio.run(run())


def test_two_requests_at_once_start_one_computation() -> None:
    async def run() -> None:
        hub = FakeHub({"a": finished_record(8)})
        desk = ReviewDesk(hub, budget=4, pool=hub.bots)  # type: ignore[arg-type]
        answers = await asyncio.gather(*(desk.ask(tok("a"), game, f"10.0.0.{n}")
                                         for n, game in enumerate([1, None, 1])))
        assert [status for status, _ in answers] == [202, 202, 202]
        await asyncio.sleep(0.05)
        assert hub.bots.jobs == ["prepare"] and len(desk.jobs) == 1
        hub.bots.gate.set()
        await until_idle(desk)
        assert hub.bots.jobs.count("prepare") == 1

    asyncio.run(run())


@pytest.mark.parametrize("stored", [
    b"", b"garbage", STORED_FORMAT, STORED_FORMAT + b"not zlib",
    STORED_FORMAT + zlib.compress(b'{"review": {"seats": []'),  # cut short
    STORED_FORMAT + zlib.compress(b'[1, 2]'),
    STORED_FORMAT + zlib.compress(b'{"review": {}, "page": {}}'),
    STORED_FORMAT + zlib.compress(b' {"review": {"seats": [], "decisions": [], "win": []}, '
                                  b'"page": {}}'),
    STORED_FORMAT + zlib.compress(b'{"review": {"seats": [], "decisions": [], "win": []}, '
                                  b'"page": {}}')[:-3],
    b"fives-review/0\n" + zlib.compress(b'{"review": {"seats": [], "decisions": [], '
                                        b'"win": []}, "page": {}}'),
], ids=["empty", "not-ours", "tag-only", "not-zlib", "cut-json", "a-list", "no-fields",
        "leading-space", "cut-zlib", "other-format"])
def test_stored_bytes_that_are_no_review_count_as_none(stored: bytes) -> None:
    assert unpack(stored) is None


def test_a_damaged_stored_review_is_computed_anew_and_replaced() -> None:
    async def run() -> None:
        hub = FakeHub({"a": finished_record(9)})
        hub.bots.gate.set()
        hub.storage.reviews["a", 1] = STORED_FORMAT + b"\x78\x9c damaged"
        desk = ReviewDesk(hub, budget=4, pool=hub.bots)  # type: ignore[arg-type]
        assert (await desk.ask(tok("a"), 1, "1.1.1.1"))[0] == 202
        await until_idle(desk)
        status, body = await answer(desk, tok("a"), 1, "1.1.1.1")
        assert status == 200 and body["review"]["decisions"]
        assert hub.storage.reviews["a", 1] == pack(bytes(desk.done["a", 1]))

    asyncio.run(run())


def test_nothing_stored_is_read_before_the_game_is_over() -> None:
    """A review stored for a game still being played (it cannot be, but were it there) is not
    served: other seats' decisions stay unseen until the game is over."""
    async def run() -> None:
        hub = FakeHub({"a": finished_record(10), "live": None})
        hub.bots.gate.set()
        desk = ReviewDesk(hub, budget=4, pool=hub.bots)  # type: ignore[arg-type]
        await desk.ask(tok("a"), 1, "1.1.1.1")
        await until_idle(desk)
        hub.storage.reviews["live", 1] = hub.storage.reviews["a", 1]
        for game in (1, None):
            status, body = await answer(desk, tok("live"), game, "1.1.1.1")
            assert status == 409 and "review" not in body
        assert hub.bots.jobs.count("prepare") == 1

    asyncio.run(run())


def test_prepare_names_each_move_and_the_tile_it_lays() -> None:
    record = finished_record(6)
    pending, views, curve, page = prepare(record)
    assert len(views) == len(pending) and all(d.view is None for d in pending)
    first = page["steps"][0]
    assert first["move"] == record["hands"][0]["actions"][0]  # the lead
    assert first["node"]["n"] == 1 and first["node"]["parent"] == 0
    draws = [s for s in page["steps"] if s["move"] == "draw"]
    assert all(s["node"] is None for s in draws)
    assert {(d.hand, d.index) for d in pending} == {
        tuple(map(int, k.split(":"))) for k in page["ghosts"]} | {
        (d.hand, d.index) for d in pending if d.played.kind == "lead"}
    assert isinstance(curve, list)


@pytest.mark.parametrize("make_client", ["sqlite"], indirect=True)
def test_a_server_reviews_a_finished_bot_game(make_client: Any) -> None:
    """Through HTTP: a game of bots watched to its end, then its review (202, then 200)."""
    client = make_client(auto_next=0.0)
    created = create(client, preset="all-fives", players=2, target=30,
                     seats=[{"kind": "bot", "level": "greedy"},
                            {"kind": "bot", "level": "random"}])
    token = created["watch"].split("=", 1)[1]
    origin = {"origin": "http://testserver"}
    early = client.post("/api/review", json={"token": token, "game": 1}, headers=origin)
    assert early.status_code == 409
    watch_to_the_end(client, created)
    statuses, response = ask_review(client, token)
    assert statuses[0] == 202 and statuses[-1] == 200, response.text
    body = response.json()
    assert body["review"]["decisions"] and body["page"]["steps"]
    assert client.post("/api/review", json={"token": token}, headers={
        "origin": "http://elsewhere.example"}).status_code == 403
    page = client.get("/review")
    assert page.status_code == 200 and "game-review.js" in page.text


@pytest.mark.parametrize("body", [[1, 2], "token"])
def test_a_request_that_is_not_an_object(make_client: Any, body: Any) -> None:
    client = make_client()
    response = client.post("/api/review", json=body, headers={"origin": "http://testserver"})
    assert response.status_code == 400
    assert "token" in response.json()["message"]["en"]


def worker_niceness() -> int:
    """In a worker: its CPU priority (a module-level function, so that it pickles)."""
    return os.nice(0)


@pytest.mark.parametrize("kind", ["bot", "review"])
def test_review_workers_run_below_the_bots_priority(kind: str) -> None:
    pool = ReviewPool(1) if kind == "review" else BotPool(1)

    async def ask() -> int:
        try:
            return int(await pool.run("nice", worker_niceness))
        finally:
            pool.close()

    expected = os.nice(0) + (REVIEW_NICE if kind == "review" else 0)
    assert asyncio.run(ask()) == min(expected, 19)
