"""Who is asking, and may they: client addresses, Host and Origin checks, per-address budgets.

The client address is the TCP peer's, unless the peer is a configured trusted proxy: then it
is the right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy (as
uvicorn's ``forwarded_allow_ips``). ``Budgets`` keeps the per-address counters (open sockets,
new tables, wrong links) and forgets an address once it is back to a full allowance.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from fives.web.config import Limits, ServerConfig


@dataclass(eq=False)
class Bucket:
    """A token bucket: ``rate`` events a second on average, bursts of ``burst``."""

    rate: float
    burst: float
    allowance: float = -1.0
    checked_at: float = field(default_factory=time.monotonic)

    def refill(self) -> None:
        now = time.monotonic()
        if self.allowance < 0:
            self.allowance = self.burst
        self.allowance = min(self.burst, self.allowance + (now - self.checked_at) * self.rate)
        self.checked_at = now

    def allow(self) -> bool:
        self.refill()
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    def full(self) -> bool:
        self.refill()
        return self.allowance >= self.burst


def client_address(peer: str | None, headers: Mapping[str, str], config: ServerConfig) -> str:
    peer = peer or "-"
    trusted = config.trusted_proxies
    if not trusted or ("*" not in trusted and peer not in trusted):
        return peer
    forwarded = [a.strip() for a in headers.get("x-forwarded-for", "").split(",") if a.strip()]
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


def origin_allowed(origin: str | None, host: str | None, config: ServerConfig) -> bool:
    """Browsers always send Origin on sockets and POSTs: it must be this site. Clients that
    are not browsers send none, and are not the cross-site threat."""
    if origin is None:
        return True
    if origin == "null":
        return False
    if config.allowed_hosts:
        return host_of(origin) in config.allowed_hosts
    return origin.split("://", 1)[-1].rstrip("/") == (host or "")


class Budgets:
    """Per-address counters and buckets."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.sockets: dict[str, int] = {}
        self.tables: dict[str, Bucket] = {}
        self.failed_links: dict[str, Bucket] = {}

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

    def failed_link(self, address: str) -> bool:
        """Count a wrong link; False once the address has used up its allowance."""
        limit = self.limits.failed_links_per_minute
        return self.failed_links.setdefault(address, Bucket(limit / 60, limit)).allow()

    def links_blocked(self, address: str) -> bool:
        bucket = self.failed_links.get(address)
        if bucket is None:
            return False
        bucket.refill()
        return bucket.allowance < 1.0

    def sweep(self) -> None:
        """Forget addresses whose buckets are full again (memory stays bounded)."""
        for buckets in (self.tables, self.failed_links):
            for address in [a for a, b in buckets.items() if b.full()]:
                del buckets[address]
