"""A socket on another process, as a table's owner sees it in the shared mode
(``fives.web.shared``): what the owner sends it goes to that process's inbox."""

from __future__ import annotations

from typing import Protocol

from fives.web.hub import Connection


class Owner(Protocol):
    """What a remote socket needs of its table's owner (``SharedGameServer``)."""

    def outbox(self, proc: str, conn_id: int, text: str) -> None: ...


class RemoteConnection(Connection):
    """A socket on process ``proc``, known to the owner by its connection id there."""

    def __init__(self, server: Owner, proc: str, conn_id: int,
                 seat: int | None, name: str | None = None) -> None:
        super().__init__("-", 1, _ignore_kick, id=conn_id, seat=seat, name=name)
        self.server = server
        self.proc = proc

    def send(self, text: str) -> None:
        self.server.outbox(self.proc, self.id, text)

    def end(self) -> None:
        pass  # the socket's own process closes it


def _ignore_kick(code: int, reason: str) -> None:
    pass  # the socket's own process enforces its limits
