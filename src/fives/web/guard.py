"""Who is asking, and may they: client addresses, Host and Origin checks, per-address budgets.

The client address is the TCP peer's, unless the peer is a configured trusted proxy: then it
is the right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy (as
uvicorn's ``forwarded_allow_ips``). ``Budgets`` keeps the per-address counters (open sockets,
new tables, wrong links) and forgets an address once it is back to a full allowance.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

from fives.web.config import Limits, ServerConfig
from fives.web.protocol import ProtocolError


@dataclass(eq=False)
class Bucket:
    """A token bucket: ``rate`` events a second on average, bursts of ``burst``. It starts full
    and never holds more than ``burst``, however long it sat idle."""

    rate: float
    burst: float
    allowance: float | None = None  # None: not used yet (full)
    checked_at: float = 0.0
    clock: Callable[[], float] = time.monotonic

    def refill(self) -> float:
        now = self.clock()
        if self.allowance is None:
            self.allowance = self.burst
        else:
            self.allowance = min(self.burst, self.allowance + (now - self.checked_at) * self.rate)
        self.checked_at = now
        return self.allowance

    def allow(self) -> bool:
        left = self.refill()
        if left < 1.0:
            return False
        self.allowance = left - 1.0
        return True

    def give_back(self) -> None:
        """Undo one ``allow`` (the event turned out not to count)."""
        self.allowance = min(self.burst, self.refill() + 1.0)

    def wait_for_one(self) -> float:
        """Seconds until ``allow`` can succeed (0: now)."""
        return max(0.0, (1.0 - self.refill()) / self.rate) if self.rate > 0 else float("inf")

    def full(self) -> bool:
        return self.refill() >= self.burst


def address_key(address: str) -> str:
    """What per-address budgets count: an IPv4 address as it is, an IPv6 address by its /64
    (one subscriber is routinely given a whole /64: counting each of its 2^64 addresses apart
    would give one client endless budgets); an IPv4-mapped IPv6 address as its IPv4 address.
    Anything else (a test client's name) as it is."""
    if ":" not in address:
        return address
    try:
        ip = ipaddress.IPv6Address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return f"{ipaddress.IPv6Network((int(ip) >> 64 << 64, 64))}"


def client_address(peer: str | None, headers: Mapping[str, str], config: ServerConfig) -> str:
    """The budgets' key (``address_key``) of the peer, or behind a trusted proxy of the
    right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy: each proxy
    appends the address it got the request from, so what lies left of that is whatever the
    client chose to write there."""
    return address_key(_client_ip(peer, headers, config))


def _client_ip(peer: str | None, headers: Mapping[str, str], config: ServerConfig) -> str:
    peer = peer or "-"
    trusted = config.trusted_proxies
    if not trusted or ("*" not in trusted and peer not in trusted):
        return peer
    # Several header lines count as one list, in order (RFC 9110 §5.3).
    getlist = getattr(headers, "getlist", None)
    lines: list[str] = getlist("x-forwarded-for") if getlist else \
        [headers.get("x-forwarded-for", "")]
    forwarded = [a.strip() for line in lines for a in line.split(",") if a.strip()]
    for address in reversed(forwarded):
        if "*" in trusted or address not in trusted:
            return address[:64]
    return peer


def host_of(value: str) -> str:
    """The host name of a Host header or an Origin (no scheme, no port, lower case)."""
    value = value.split("://", 1)[-1].split("/", 1)[0].lower()
    if value.startswith("["):  # IPv6 literal
        return value.split("]", 1)[0] + "]"
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def host_allowed(host: str | None, config: ServerConfig) -> bool:
    if not config.allowed_hosts:
        return True
    return host is not None and host_of(host) in config.allowed_hosts


DEFAULT_PORTS = {"http": 80, "https": 443}


def _authority(value: str, scheme: str) -> tuple[str, int] | None:
    """(host, port) of a Host header or an Origin's authority, the scheme's port when none
    is given; None when it does not parse."""
    try:
        parts = urlsplit(f"{scheme}://{value}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return parts.hostname.lower(), port if port is not None else DEFAULT_PORTS[scheme]


def origin_allowed(origin: str | None, host: str | None, config: ServerConfig,
                   scheme: str | None = None) -> bool:
    """Browsers always send Origin on sockets and POSTs: it must be this site, the same
    scheme, host and port as the page (``http://localhost:9999`` is another site than
    ``http://localhost:8000``). ``scheme`` is the one the browser used (the request's, or a
    trusted proxy's ``X-Forwarded-Proto``); None when unknown (behind a proxy that does not
    say): http or https then. Clients that are not browsers send none, and are not the
    cross-site threat. ``Origin: null`` (a sandboxed or local page) is never this site."""
    if origin is None:
        return True
    parts = origin.split("://", 1)
    if len(parts) != 2 or parts[0].lower() not in DEFAULT_PORTS or "/" in parts[1]:
        return False  # "null", or not a web origin
    origin_scheme = parts[0].lower()
    if scheme is not None and origin_scheme != scheme:
        return False
    mine = _authority(parts[1], origin_scheme)
    theirs = _authority(host or "", origin_scheme)
    if mine is None or theirs is None or mine != theirs:
        return False
    return not config.allowed_hosts or host_of(host or "") in config.allowed_hosts


def request_scheme(scope_scheme: str, peer: str | None, headers: Mapping[str, str],
                   config: ServerConfig) -> str | None:
    """The scheme the browser used: ``X-Forwarded-Proto`` from a trusted proxy, None behind a
    trusted proxy that does not send it, else the connection's own (ws counts as http)."""
    trusted = config.trusted_proxies
    if trusted and ("*" in trusted or (peer or "-") in trusted):
        proto = headers.get("x-forwarded-proto", "").split(",")[-1].strip().lower()
        return proto if proto in DEFAULT_PORTS else None
    return {"ws": "http", "wss": "https"}.get(scope_scheme, scope_scheme)


def metrics_allowed(peer: str | None, headers: Mapping[str, str], config: ServerConfig) -> bool:
    """``/metrics`` tells the load and the refusals: loopback clients (the client address, so
    that a proxy on the same host does not make everyone local) or the configured token."""
    token = config.metrics_token
    if token:
        given = headers.get("authorization", "")
        if hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
            return True
    address = _client_ip(peer, headers, config)
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


# The commands that cost the server more than a message, each budgeted per address and per
# table: a hint (half a second of the hint worker), an undo (a log entry, and the game rebuilt).
COSTLY = ("hint", "undo")


def command_bucket(buckets: dict[str, Bucket], key: str, command: str,
                   limits: Limits) -> Bucket:
    """The budget of ``key`` (an address, or a table) for one of ``COSTLY``: its limit per
    minute, in bursts of a quarter of that (at least 2)."""
    bucket = buckets.get(key)
    if bucket is None:
        rate = limits.hints_per_minute if command == "hint" else limits.undos_per_minute
        bucket = buckets[key] = Bucket(rate / 60, max(2.0, rate / 4))
    return bucket


def command_refused(command: str) -> ProtocolError:
    return ProtocolError(f"too many {command}s: wait a little before the next one",
                         f"{command}_rate")


class Budgets:
    """Per-address counters and buckets."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets: dict[str, int] = {}
        self.tables: dict[str, Bucket] = {}
        self.failed_links: dict[str, Bucket] = {}
        self.commands: dict[str, dict[str, Bucket]] = {c: {} for c in COSTLY}
        self.lobby_reads: dict[str, Bucket] = {}

    def open_socket(self, address: str) -> bool:
        count = self.sockets.get(address, 0)
        if count >= self.limits.sockets_per_address:
            return False
        self.sockets[address] = count + 1
        return True

    def close_socket(self, address: str) -> None:
        count = self.sockets.get(address, 0) - 1
        if count > 0:
            self.sockets[address] = count
        else:
            self.sockets.pop(address, None)

    def new_table(self, address: str) -> bool:
        bucket = self.tables.setdefault(
            address, Bucket(self.limits.tables_per_minute / 60, self.limits.tables_burst)
        )
        return bucket.allow()

    def command(self, command: str, address: str) -> None:
        """Count one of ``COSTLY`` asked from this address; ``ProtocolError`` past its budget."""
        if command in COSTLY and not command_bucket(self.commands[command], address, command,
                                                    self.limits).allow():
            raise command_refused(command)

    def lobby_read(self, address: str, clock: Callable[[], float] = time.monotonic) -> bool:
        """Count a lobby listing or a waiting page's ask (each a database transaction), on
        ``clock`` (the lobby's)."""
        bucket = self.lobby_reads.get(address)
        if bucket is None:
            rate = self.limits.lobby_reads_per_second
            bucket = self.lobby_reads[address] = Bucket(rate, 6 * rate, clock=clock)
        return bucket.allow()

    def _links(self, address: str) -> Bucket:
        limit = self.limits.failed_links_per_minute
        return self.failed_links.setdefault(address, Bucket(limit / 60, limit))

    async def link_turn(self, address: str, wait: float) -> bool:
        """Take one try of the address's wrong-link budget before a link is looked up (so that
        concurrent sockets cannot try more than it holds); False when none is left and none
        comes back within ``wait`` seconds. A link that turns out right gives its try back
        (``link_right``): players behind one address (a NAT) whose neighbour guessed wrong
        wait a few seconds at most for their turn, never a minute."""
        bucket = self._links(address)
        deadline = time.monotonic() + wait
        while not bucket.allow():
            delay = bucket.wait_for_one()
            if time.monotonic() + delay > deadline:
                return False
            await asyncio.sleep(min(delay, 0.25))  # a try given back is noticed soon
        return True

    def link_right(self, address: str) -> None:
        self._links(address).give_back()

    def links_left(self, address: str) -> bool:
        return self._links(address).refill() >= 1.0

    def sweep(self) -> None:
        """Forget addresses whose buckets are full again (memory stays bounded)."""
        for buckets in (self.tables, self.failed_links, self.lobby_reads,
                        *self.commands.values()):
            for address in [a for a, b in buckets.items() if b.full()]:
                del buckets[address]
