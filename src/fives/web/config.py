"""Every setting of the web server, with safe defaults; ``fives serve`` exposes each one.

A limit protects the others from one client: message rates per socket, sockets, new tables and
wrong links per client address, the outgoing queue of each socket, request sizes, and the time
a socket or a request may take. The client address is the TCP peer's, or the one a configured
trusted proxy names in ``X-Forwarded-For``.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Limits:
    message_rate: float = 20.0  # messages a socket may send per second on average ...
    message_burst: float = 40.0  # ... and in a burst
    flood_seconds: float = 3.0  # a socket still over its message rate after this long is closed
    tables_per_minute: float = 12.0  # new tables per client address, per minute ...
    tables_burst: float = 20.0  # ... after a burst of this many
    sockets_per_address: int = 32  # open websockets per client address
    bot_tables_per_address: int = 3  # unfinished tables of bots alone per client address
    joins_per_minute: float = 120.0  # joins one client address may make per minute ...
    joins_burst: float = 40.0  # ... after a burst of this many
    table_joins_per_minute: float = 1200.0  # joins one table may take per minute ...
    table_joins_burst: float = 400.0  # ... after a burst (a restart's reconnecting crowd)
    connections_per_address: int = 64  # open TCP connections per peer address (not proxies)
    failed_links_per_minute: float = 10.0  # wrong seat links per address, across reconnects
    max_message_bytes: int = 8192  # a websocket message or a request body, in UTF-8 bytes
    queue_frames: int = 64  # frames waiting for a slow reader before its socket is closed
    send_buffer_bytes: int = 131072  # the kernel's send buffer of each connection
    join_timeout: float = 10.0  # seconds a new socket has to join a table
    ping_interval: float = 20.0  # websocket pings; a peer that does not answer is dropped
    header_timeout: float = 10.0  # seconds a client has to send a whole request head
    body_timeout: float = 10.0  # seconds a client has to send a request body after its head
    table_idle: float = 600.0  # a table nobody watches leaves memory after this long idle
    shutdown_grace: float = 5.0  # seconds a stopping server gives commits in flight
    lobby_seats_per_address: int = 4  # "Play now" seats one address may hold while they wait ...
    lobby_rooms_per_address: int = 2  # ... in this many waiting rooms at most
    hints_per_minute: float = 12.0  # hints one address, and one table, may ask per minute
    undos_per_minute: float = 30.0  # undos one address, and one table, may ask per minute
    lobby_reads_per_second: float = 5.0  # lobby listings and waits one address may ask


@dataclass(frozen=True, slots=True)
class ServerConfig:
    bot_delay: float = 0.6
    bot_workers: int = 2
    away_grace: float = 20.0  # a bot plays for a player who left this long ago (tables choose)
    auto_next: float = 2.0
    # Finished tables whose last action is older than this many days are deleted (their links
    # stop working, their records go); 0: kept for ever.
    retention_days: float = 0.0
    hand_break: float = 30.0  # after one player's "Next hand", the others' time to read
    limits: Limits = field(default_factory=Limits)
    # Peers whose X-Forwarded-For is believed (addresses, or "*" for any).
    trusted_proxies: tuple[str, ...] = ()
    # Host names the server answers to (Host and Origin headers); empty: the bound host only
    # for Origin, any Host.
    allowed_hosts: tuple[str, ...] = ()
    # The garbage collector tuned for short pauses (``fives.web.pauses``): process-wide, so
    # ``fives serve`` turns it on, not a library user's app.
    gc_tuning: bool = False
    # ... and every this many seconds, a full collection of everything (0: never); what the
    # freezes keep from the collector is small (0.5 objects a socket measured), see pauses.py
    gc_full_every: float = 0.0
    # /metrics answers loopback clients, and others that send "Authorization: Bearer TOKEN".
    metrics_token: str = ""
