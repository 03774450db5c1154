"""What the server processes of the shared mode tell each other, through Redis.

- A **lease** per live table names the one process that owns it (holds its game, runs its
  timers and bots, appends to its log). Taking a lease hands out a **fencing token** from a
  per-table counter that only goes up; the owner writes it to the table's row in PostgreSQL,
  and the log then refuses any older token (``fives.web.pgstore``). The owner renews its
  leases every third of their length. A process that dies stops listening to its inbox at
  once, and its leases may then be taken without waiting (a paused process still listens, and
  keeps them until they run out after ``lease_s`` seconds): the next command for the table,
  or the sweeper of any other process, takes it and rebuilds the table from the log.
- Each process has an inbox channel (pub/sub): commands routed to the owner, the owner's
  frames for the sockets of that process, replies. One more channel, ``owners``, tells every
  process that a table changed hands, so that its sockets join the new owner.

Pub/sub rather than streams: a frame is worth nothing once the next one exists, and the log in
PostgreSQL is the durable record, so there is nothing to keep in Redis; pub/sub costs one
PUBLISH per process and message, needs no trimming, and PUBLISH answers how many processes
heard it (0: the owner is gone, do not wait for it). A process that misses messages (its
Redis connection dropped) gets a full view again when its sockets rejoin.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Callable
from typing import Any

import orjson

from fives.web.protocol import encode

log = logging.getLogger("fives.web")

Handler = Callable[[dict[str, Any]], None]
# Connections of a process's pool for everything but the leases' renewals, and how long a
# command may wait for one of them.
POOL_SIZE = 32
POOL_WAIT_S = 20.0

# Take a lease that nobody holds, or whose holder no longer listens to its inbox (the process
# died: the kernel closed its Redis connections, so this needs no waiting for the lease to run
# out): bump the table's token and store "process token". A process that is only paused still
# listens, and keeps its lease until it runs out. A lease the asking process holds itself is
# taken anew: a process asks only for a table it does not hold in memory, so such a lease is
# one it let go whose release has not landed yet (or that a renewal in flight revived).
ACQUIRE = """
local held = redis.call('GET', KEYS[1])
if held then
    local holder = string.match(held, '^(%S+) ')
    if holder == nil then return 0 end
    if holder ~= ARGV[1]
            and redis.call('PUBSUB', 'NUMSUB', ARGV[3] .. holder)[2] > 0 then return 0 end
end
local token = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. token, 'PX', ARGV[2])
return token
"""
# Extend each lease while it is still ours (KEYS: lease and epoch of each table; ARGV: the
# lease's length, then "process token" and token of each). One that ran out (the process was
# too busy to renew in time) is ours again if nobody has taken the table since: its token is
# still the newest.
RENEW = """
local out = {}
for i = 1, #KEYS, 2 do
    local n = (i + 1) / 2
    local mine, token = ARGV[2 * n], ARGV[2 * n + 1]
    local held = redis.call('GET', KEYS[i])
    if held == mine then
        out[n] = redis.call('PEXPIRE', KEYS[i], ARGV[1])
    elseif not held and redis.call('GET', KEYS[i + 1]) == token then
        redis.call('SET', KEYS[i], mine, 'PX', ARGV[1])
        out[n] = 1
    else
        out[n] = 0
    end
end
return out
"""
# Leases renewed by one script call (a process may hold hundreds: one call per table cost the
# event loop several ms of client-side work every renewal, and Redis as many commands).
RENEW_AT_ONCE = 200
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def _text(value: bytes | str) -> str:
    return value if isinstance(value, str) else value.decode()


def check_url(url: str) -> str:
    if not url.startswith(("redis://", "rediss://", "unix://")):
        shown = url.split("@")[-1][:80]
        raise ValueError(f"invalid Redis URL {shown!r}: expected redis://HOST:PORT/DB")
    return url


class Coordinator:
    """This process's leases, inbox and messages to the others."""

    def __init__(self, url: str, prefix: str = "fives:", lease_s: float = 3.0) -> None:
        import redis.asyncio as aioredis

        # Commands wait for a free connection rather than fail when a burst (hundreds of
        # takeovers and rejoins at once) wants more than the pool holds.
        self.redis = aioredis.Redis(connection_pool=aioredis.BlockingConnectionPool.from_url(
            check_url(url), max_connections=POOL_SIZE, timeout=POOL_WAIT_S))
        # The leases' renewals have a connection of their own, so that no burst of other
        # commands can delay them past the leases' end.
        self.lease_redis = aioredis.Redis(connection_pool=aioredis.BlockingConnectionPool.from_url(
            url, max_connections=4, timeout=POOL_WAIT_S))
        self.prefix = prefix
        self.lease_ms = int(lease_s * 1000)
        self.lease_s = lease_s
        self.proc = f"{os.getpid()}-{secrets.token_hex(4)}"  # the pid helps operators
        self.owned: dict[str, int] = {}  # table -> fencing token of our lease
        self._acquire = self.redis.register_script(ACQUIRE)
        self._renew = self.lease_redis.register_script(RENEW)
        self._release = self.lease_redis.register_script(RELEASE)
        # Commands to send in order (``_queued``), each with who waits for its answer.
        self._outgoing: list[tuple[tuple[str, ...], asyncio.Future[Any]]] = []
        self._sender: asyncio.Task[None] | None = None
        self._listener: asyncio.Task[None] | None = None
        self._pubsub: Any = None

    def key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    # --- messages -------------------------------------------------------------------------

    async def start(self, handler: Handler, back: Callable[[], None] | None = None) -> None:
        """Listen to this process's inbox and the owners channel; ``handler`` gets each message
        (on the event loop, in order), ``back`` is called when the inbox works again after a
        fault (messages may have been lost meanwhile)."""
        self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.subscribe(self.key("inbox", self.proc), self.key("owners"))
        self._listener = asyncio.ensure_future(self._listen(handler, back))

    async def _listen(self, handler: Handler, back: Callable[[], None] | None) -> None:
        failed = 0
        while True:
            try:
                if failed:  # resubscribe on a fresh connection
                    await self._pubsub.subscribe(self.key("inbox", self.proc),
                                                 self.key("owners"))
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # Redis went away: keep trying
                if failed % 20 == 0:
                    log.error("redis inbox: %s", type(exc).__name__)
                failed += 1
                await asyncio.sleep(min(0.05 * failed, 0.5))
                continue
            if failed:
                failed = 0
                log.warning("redis inbox: back")
                if back is not None:
                    try:
                        back()
                    except Exception:
                        log.exception("resync after a Redis fault failed")
            if message is None or message.get("type") != "message":
                continue
            try:
                handler(orjson.loads(message["data"]))
            except Exception:
                log.exception("message handler failed")

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(BaseException):
                await self._listener
        for table_id in list(self.owned):
            with contextlib.suppress(Exception):
                await self.release(table_id)
        if self._pubsub is not None:
            with contextlib.suppress(Exception):
                await self._pubsub.aclose()
        for client in (self.redis, self.lease_redis):
            with contextlib.suppress(Exception):
                await client.aclose()

    async def send(self, proc: str, message: dict[str, Any]) -> int:
        """Publish to one process's inbox; how many listeners heard it (0: it is gone)."""
        heard = await self._queued("PUBLISH", self.key("inbox", proc),
                                   encode(message))
        return int(heard)

    async def _queued(self, *command: str) -> Any:
        """Run a Redis command after those queued before it: one sender sends whatever has
        queued up meanwhile in one pipelined round trip (messages keep their order, and a
        takeover of hundreds of tables costs a few round trips, not hundreds)."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._outgoing.append((command, future))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.ensure_future(self._send_queued())
        return await future

    async def _send_queued(self) -> None:
        while self._outgoing:
            batch, self._outgoing = self._outgoing, []
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for command, _ in batch:
                        pipe.execute_command(*command)
                    results = await pipe.execute()
            except Exception as exc:  # Redis away: every caller of the batch hears why
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), result in zip(batch, results, strict=True):
                if not future.done():
                    future.set_result(result)

    async def gone(self, procs: list[str]) -> list[str]:
        """Those of ``procs`` that no longer listen to their inbox (the process died)."""
        if not procs:
            return []
        counts = await self.redis.pubsub_numsub(*[self.key("inbox", p) for p in procs])
        listening = {_text(channel) for channel, count in counts if count}
        return [p for p in procs if self.key("inbox", p) not in listening]

    async def announce(self, message: dict[str, Any]) -> None:
        await self.redis.publish(self.key("owners"), encode(message))

    # --- leases ---------------------------------------------------------------------------

    async def acquire(self, table_id: str) -> int | None:
        """A fencing token if this process now holds the table's lease, else None. A lease whose
        holder has died (stopped listening to its inbox) is taken at once; safety does not rest
        on this test: a process that still runs without its inbox (cut off from Redis) has its
        renewals refused and its appends fenced off by the new token."""
        token = int(await self._acquire(
            keys=[self.key("lease", table_id), self.key("epoch", table_id)],
            args=[self.proc, self.lease_ms, self.key("inbox", "")],
        ))
        if token == 0:
            return None
        self.owned[table_id] = token
        return token

    async def raise_epoch(self, table_id: str, at_least: int) -> None:
        """Make the next token of a table at least ``at_least`` (after Redis lost its keys)."""
        key = self.key("epoch", table_id)
        current = int(await self.redis.get(key) or 0)
        if current < at_least:
            await self.redis.set(key, at_least)

    async def owner(self, table_id: str) -> str | None:
        """The process holding the table's lease, or None."""
        value = await self.redis.get(self.key("lease", table_id))
        return None if value is None else _text(value).split(" ")[0]

    async def renew(self) -> list[str]:
        """Extend every lease this process holds; the tables whose lease was lost."""
        owned = list(self.owned.items())
        if not owned:
            return []
        results: list[int] = []
        for start in range(0, len(owned), RENEW_AT_ONCE):
            keys: list[str] = []
            args: list[str | int] = [self.lease_ms]
            for table_id, token in owned[start:start + RENEW_AT_ONCE]:
                keys += [self.key("lease", table_id), self.key("epoch", table_id)]
                args += [f"{self.proc} {token}", token]
            results += [int(r) for r in await self._renew(keys=keys, args=args)]
        # A table let go or taken anew while the renewal was in flight is not lost: its lease
        # is no longer the one renewed.
        lost = [table_id for (table_id, token), kept in zip(owned, results, strict=True)
                if not kept and self.owned.get(table_id) == token]
        for table_id in lost:
            del self.owned[table_id]
        return lost

    async def release(self, table_id: str) -> None:
        """Give up the table's lease; it is no longer renewed even if Redis refuses this (it
        then runs out)."""
        token = self.owned.pop(table_id, None)
        if token is not None:
            await self._release(keys=[self.key("lease", table_id)],
                                args=[f"{self.proc} {token}"])

    # --- live tables (those that must run even with nobody connected) ------------------------

    async def mark_live(self, table_id: str, live: bool) -> None:
        if live:
            await self.redis.sadd(self.key("live"), table_id)
        else:
            await self.redis.srem(self.key("live"), table_id)

    async def mark_all_live(self, table_ids: list[str]) -> None:
        """Mark many tables live in one command (a shutdown's hundreds: all or none)."""
        if table_ids:
            await self.redis.sadd(self.key("live"), *table_ids)

    async def orphans(self) -> list[str]:
        """Live tables whose lease nobody holds, or whose holder died."""
        members = [_text(m) for m in await self.redis.smembers(self.key("live"))]
        return await self.unowned(members)

    async def unowned(self, table_ids: list[str]) -> list[str]:
        """Those of ``table_ids`` whose lease nobody holds, or whose holder died."""
        if not table_ids:
            return []
        values = await self.redis.mget([self.key("lease", t) for t in table_ids])
        holders = {t: None if v is None else _text(v).split(" ")[0]
                   for t, v in zip(table_ids, values, strict=True)}
        dead = set(await self.gone(sorted({h for h in holders.values() if h is not None})))
        return [t for t, h in holders.items() if h is None or h in dead]

    async def next_id(self) -> int:
        """A number no other process hands out (connection ids across processes)."""
        value: int = await self.redis.incr(self.key("ids"))
        return value
