"""Game reviews on the web: "Review the game" once a game is over (``fives.bots.review``).

``POST /api/review`` with a seat's or the spectators' token (the link's, as on the table page)
and the game's number asks for the review of that finished game: the answer is the review when
it is ready (200), how far it has got (202: queued, or running with the decisions valued so
far), or a refusal with its message. Every piece of a review is a job in worker processes of
the bot workers' kind (``ReviewPool``, at a lower CPU priority than the server and the bots):
one to replay the record, one per decision, one to judge and encode the result, so that the
event loop only passes bytes along and neither a player nor a bot waits behind a review. The
desk is bounded: at most ``running`` reviews at once and ``queued`` more waiting, one per
address (a second review asked from the same address while one is under way is refused, 429),
and the server refuses more than that (503). A finished review is stored with the game's
record (``Storage.store_review``: in the SQLite file or in PostgreSQL) and read back before
anything is computed, so it is computed once: a restarted server, or another process of the
shared mode, serves the stored one. Within a process a second request for a game whose review
is under way is told how far it has got; two processes of the shared mode asked at the same
moment may each compute it, and both store the same bytes (a review is seeded). Stored bytes
that are not a review (damaged, or of another format) count as none: the review is computed
anew and replaces them. The most recent reviews (``keep``) are also kept in memory.

Only a finished game is reviewed, and a finished game's record is already given to anyone
holding the table's link; each decision is valued from its own seat's view (``review``), so
no seat learns from a review anything its record did not show.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import pickle
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from fives.web.botworker import BotPool, init_worker
from fives.web.protocol import ProtocolError, error_frame
from fives.web.routes import NO_STORE, Body, Routes
from fives.web.storage import storage_faults

if TYPE_CHECKING:
    from fives.bots.review import Pending
    from fives.moves import Move
    from fives.web.hub import GameServer

log = logging.getLogger("fives.web")

Key = tuple[str, int]  # (table id, game number)


Prepared = tuple[list["Pending"], list[bytes], list[Any], dict[str, Any]]


def prepare(record: dict[str, Any]) -> Prepared:
    """In a worker: the record's decisions (every seat; each one's view apart, pickled, so that
    the server's process only passes bytes on to the next job), side 0's win chances, and what
    the page draws: each action as people write it with the tile it lays and the scores before
    it, and per decision where each of its legal placements would go (a ghost tile)."""
    from fives.bots.review import find_decisions, labels_of, tile_moves
    from fives.record import load_record

    rec = load_record(record)
    pending, curve = find_decisions(rec, list(range(rec.rules.players)), seed=0)
    wanted = {(d.hand, d.index) for d in pending}
    steps: list[dict[str, Any]] = []
    ghosts: dict[str, dict[str, Any]] = {}
    game = None
    for step in rec.steps():
        game = step.game
        move = game.parse_move(step.text)
        node = None
        if move.kind in ("lead", "place"):
            move = move.unclaimed if move.claim >= 0 else move
            layout = game.layout.copy()
            layout.place_code(move.code)
            node = dict(layout.to_json()["nodes"][-1])
        steps.append({"hand": step.hand, "index": step.index, "seat": game.turn,
                      "scores": list(game.scores), "move": move.notation(), "node": node})
        if (step.hand, step.index) in wanted:
            view = game.view(game.turn)
            ghosts[f"{step.hand}:{step.index}"] = {
                label: ghost(m, label) for m, label in labels_of(tile_moves(view)).items()
                if m.kind == "place"}
    last = steps[-1] if steps else {"hand": 1, "index": 0}
    steps.append({"hand": last["hand"], "index": last["index"] + 1, "seat": None,
                  "scores": list(game.scores) if game is not None else [], "move": None,
                  "node": None})
    rules = rec.rules
    page = {"steps": steps, "ghosts": ghosts, "preset": rules.name, "players": rules.players,
            "partnerships": rules.partnerships, "sides": rules.sides, "unit": rules.unit,
            "target": rules.target}
    views = [pickle.dumps(d.view) for d in pending]
    light = [dataclasses.replace(d, view=None) for d in pending]
    return light, views, [list(w) for w in curve], page


def value(view: bytes, seed: int, budget: int) -> list[tuple[Move, float]]:
    """In a worker: one decision's values (``review.value_decision``)."""
    from fives.bots.review import value_decision

    return value_decision((pickle.loads(view), seed, budget, "expert"))


def finish(pending: list[Pending], ranked: list[list[tuple[Move, float]]], curve: list[Any],
           page: dict[str, Any]) -> bytes:
    """In a worker: the review judged and summed up, as the JSON body the page receives (less
    its first fields, which depend on the reader)."""
    from fives.bots.review import Review, judge, summarise

    scale = 5 if page["unit"] == "displayed" else 1
    decisions = tuple(judge(d, r, scale) for d, r in zip(pending, ranked, strict=True))
    result = Review(tuple(summarise(s, decisions) for s in range(page["players"])), decisions,
                    tuple((int(h), int(i), float(p)) for h, i, p in curve), page["unit"])
    body = result.to_json()
    del body["record"]
    return json.dumps({"review": body, "page": page}, separators=(",", ":")).encode()


def ghost(move: Move, label: str) -> dict[str, Any]:
    """A legal placement drawn as a ghost tile where it would go (board.js's extras)."""
    assert move.tile is not None
    return {"key": label, "parent": move.node, "port": move.port,
            "double": move.tile.is_double, "touching": move.touching, "outer": move.outer,
            "endwise": move.form == "british"}


# What a stored review starts with: bytes written by another format (or none) are no review.
STORED_FORMAT = b"fives-review/1\n"


def pack(body: bytes) -> bytes:
    """A review's JSON body as stored (compressed: about a sixth of its size)."""
    return STORED_FORMAT + zlib.compress(body)


def unpack(stored: bytes | None) -> bytes | None:
    """The JSON body of a stored review, or None when the bytes are not one."""
    if stored is None or not stored.startswith(STORED_FORMAT):
        return None
    try:
        body = zlib.decompress(stored[len(STORED_FORMAT):])
        data = json.loads(body)
    except (zlib.error, ValueError):
        return None
    if not (isinstance(data, dict) and body[:1] == b"{" and body[-1:] == b"}"
            and isinstance(data.get("page"), dict) and isinstance(data.get("review"), dict)
            and {"seats", "decisions", "win"} <= set(data["review"])):
        return None
    return body


REVIEW_NICE = 10  # the review workers' CPU priority below the server's and the bots'


def init_review_worker(parent: int) -> None:
    """A review worker: as a bot worker (``init_worker``), at a lower CPU priority."""
    init_worker(parent)
    with contextlib.suppress(OSError):
        os.nice(REVIEW_NICE)


class ReviewPool(BotPool):
    """The reviews' own worker processes: the bot workers' kind (spawned, dying with the
    server), at a lower CPU priority, so that a review takes only the CPU that the server and
    the bots leave (a player's move does not wait behind it: bench/review_loop.py)."""

    initializer = staticmethod(init_review_worker)

    def close(self) -> None:
        """Drop the jobs in flight; the workers exit (``BotPool.close`` would end every child
        process, the bots' too: the server's own shutdown does that)."""
        self.closing = True
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None


class Done(bytes):
    """A finished review's JSON body, written once (no JSON encoding on the event loop)."""


@dataclass
class Job:
    key: Key
    address: str
    state: str = "queued"  # queued, then running
    done: int = 0  # decisions valued so far
    total: int = 0
    task: asyncio.Task[None] | None = field(default=None, repr=False)


class ReviewDesk:
    """The reviews one server computes and keeps (see the module's doc)."""

    def __init__(self, hub: GameServer, *, running: int = 1, queued: int = 4,
                 budget: int | None = None, keep: int = 200,
                 pool: BotPool | None = None) -> None:
        from fives.bots.review import DEFAULT_BUDGET

        self.hub = hub
        self.pool = pool if pool is not None else ReviewPool(running)
        self.running = running
        self.queued = queued
        self.budget = budget or DEFAULT_BUDGET
        self.keep = keep
        self.slots = asyncio.Semaphore(running)
        self.jobs: dict[Key, Job] = {}
        self.done: OrderedDict[Key, bytes] = OrderedDict()  # each review's JSON body

    async def ask(self, token: object, game: object,
                  address: str) -> tuple[int, dict[str, Any] | Done]:
        """The review of the game (``game`` None: the table's current one) for the holder of
        ``token``: (HTTP status, body)."""
        found = (await self.hub.storage.find_token(token)
                 if isinstance(token, str) and 0 < len(token) <= 100 else None)
        if found is not None and isinstance(game, int) and not isinstance(game, bool):
            key = (found[0], game)
            if key in self.done:  # (only a finished game's review is ever kept)
                return self._send(key, found[1])
            if key in self.jobs:
                return 202, self._progress(self.jobs[key], found[1])
        service = await self.hub.readable(found[0]) if found is not None else None
        if found is None or service is None:
            return 404, error_frame("bad_token", "unknown link: expected the full link of a "
                                    "seat or of a table's spectators")
        if game is not None and (isinstance(game, bool) or not isinstance(game, int)):
            return 400, error_frame("bad_game_no", f"game {game!r}: expected a whole number",
                                    value=str(game)[:20], count=service.game_no)
        number = service.game_no if game is None else game
        try:
            record = service.record(number)
        except ProtocolError as exc:  # not over yet (or no such game): nothing stored is read
            if exc.key == "record_not_ready":
                return 409, error_frame("web.review.not_over",
                                        "a game can be reviewed once it is over")
            return 409, error_frame(exc.key, str(exc), **exc.params)
        key = (found[0], number)
        you = found[1]
        if key not in self.done and key not in self.jobs:
            body = unpack(await self.hub.storage.stored_review(*key))
            if body is not None and key not in self.done:
                self._keep(key, body)
        if key in self.done:
            return self._send(key, you)
        job = self.jobs.get(key)
        if job is None:
            if any(j.address == address for j in self.jobs.values()):
                return 429, error_frame("web.review.busy", "a review you asked for is still "
                                        "being computed: wait until it is ready")
            if len(self.jobs) >= self.running + self.queued:
                return 503, error_frame("web.review.full", "the server is reviewing as many "
                                        "games as it can: try again in a minute")
            job = self.jobs[key] = Job(key, address)
            job.task = asyncio.ensure_future(self._run(job, dict(record)))
        return 202, self._progress(job, you)

    def _send(self, key: Key, you: int | None) -> tuple[int, Done]:
        """A finished review's answer: its reader's fields, then the stored body."""
        self.done.move_to_end(key)
        head = json.dumps({"status": "done", "you": you, "game": key[1]})
        return 200, Done(head[:-1].encode() + b"," + self.done[key][1:])

    def _progress(self, job: Job, you: int | None) -> dict[str, Any]:
        return {"status": job.state, "you": you, "game": job.key[1], "done": job.done,
                "total": job.total, "ahead": self._ahead(job)}

    def _keep(self, key: Key, body: bytes) -> None:
        self.done[key] = body
        while len(self.done) > self.keep:
            self.done.popitem(last=False)

    def _ahead(self, job: Job) -> int:
        """Reviews waiting before this one (0 once it runs)."""
        if job.state != "queued":
            return 0
        order = list(self.jobs)
        return sum(1 for k in order[:order.index(job.key)] if self.jobs[k].state == "queued")

    async def _run(self, job: Job, record: dict[str, Any]) -> None:
        """The review, every piece of it a job in the bot workers: the event loop only passes
        bytes along and counts."""
        try:
            async with self.slots:
                job.state = "running"
                prepared: Prepared | None = await self.pool.run("review", prepare, record)
                if prepared is None:
                    return
                pending, views, curve, page = prepared
                job.total = len(pending)
                ranked = []
                for d, view in zip(pending, views, strict=True):
                    values = await self.pool.run("review", value, view, d.seed, self.budget)
                    if values is None:
                        return  # the pool broke or closes: asked again, it starts afresh
                    ranked.append(values)
                    job.done += 1
                body = await self.pool.run("review", finish, pending, ranked, curve, page)
                if body is None:
                    return
            try:  # stored before it is served: a review once seen is one that is kept
                await self.hub.storage.store_review(*job.key, await asyncio.to_thread(pack, body))
            except storage_faults() as exc:  # served from memory here; computed anew elsewhere
                log.warning("review of table %s game %d not stored (%s)", *job.key,
                            type(exc).__name__)
            self._keep(job.key, body)
        except Exception:  # a fault of the program: logged, and asked again it starts afresh
            log.exception("review of table %s game %d failed", *job.key)
        finally:
            self.jobs.pop(job.key, None)

    def close(self) -> None:
        for job in list(self.jobs.values()):
            if job.task is not None:
                job.task.cancel()
        self.pool.close()


class ReviewRoutes:
    """``GET /review`` (the page; the link's token and the game in its address after ``#``)
    and ``POST /api/review`` (``{"token": ..., "game": N}``: see ``ReviewDesk.ask``)."""

    def __init__(self, desk: ReviewDesk, routes: Routes) -> None:
        self.desk = desk
        self.routes = routes
        static = routes.static
        page = (static.folder / "game-review.html").read_text(encoding="utf-8")
        for name in static.bodies:  # versioned by the release, as the table's page
            page = page.replace(f'"/static/{name}"', f'"/static/{name}?v={static.release}"')
        self.html = Body.of(page.encode(), "text/html")

    async def page(self, request: Request) -> Response:
        return self.html.send(request, "no-cache")

    async def api(self, request: Request) -> Response:
        from fives.web.guard import client_address

        data = await self.routes.json_request(request, charge=False)
        if isinstance(data, Response):
            return data
        if not isinstance(data, dict):
            return JSONResponse(error_frame("web.review.bad_request", "expected a JSON object "
                                            "with the link's token and the game"),
                                status_code=400, headers=NO_STORE)
        address = client_address(request.client.host if request.client else None,
                                 request.headers, self.desk.hub.config)
        status, body = await self.desk.ask(data.get("token"), data.get("game"), address)
        if isinstance(body, Done):
            return Response(bytes(body), media_type="application/json", headers=NO_STORE)
        if status >= 400:
            self.desk.hub.metrics.refuse(f"review_{status}")
        return JSONResponse(body, status_code=status, headers=NO_STORE)
