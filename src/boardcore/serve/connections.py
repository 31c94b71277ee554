"""Bounds on TCP connections, applied by the HTTP protocol before any request is read.

uvicorn times out a connection only between two requests (keep-alive): a client that connects
and sends nothing, or sends its headers a byte at a time, would hold a descriptor for ever
(520 of them made a server with 1,024 descriptors unreachable). So each connection gets
``header_timeout`` seconds to send a request's headers (again after every response), and there
are caps on connections: in all, and per client address. A connection over a cap is answered
at once with a JSON 503 and closed. A connection that became a WebSocket is left to the
WebSocket's own pings and ``hello`` timeout.
"""

from __future__ import annotations

import asyncio
from typing import Any

import attrs
from uvicorn.protocols.http.h11_impl import H11Protocol

from boardcore import codes
from boardcore.serve.guard import error_response

__all__ = ["Bounds", "bounded_protocol"]


@attrs.frozen
class Bounds:
    """What one server process allows its TCP connections."""

    header_timeout: float = 10.0
    """Seconds a connection has to send a request's headers (from connecting, or from its last response)."""
    max_connections: int = 1000
    """Open connections (HTTP and WebSocket) in all; keep it under the process's descriptor limit."""
    max_per_client: int = 50
    """Open connections from one client address."""


def _refusal(message: str) -> bytes:
    start, body = error_response(codes.SERVER_BUSY, message, 503, extra=[(b"retry-after", b"5"), (b"connection", b"close")])
    lines = [b"HTTP/1.1 503 Service Unavailable"] + [name + b": " + value for name, value in start["headers"]]
    payload: bytes = body["body"]
    return b"\r\n".join(lines) + b"\r\n\r\n" + payload


def bounded_protocol(bounds: Bounds) -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol with ``bounds`` applied (one class per server: it counts that server's connections)."""
    live: dict[str, set[asyncio.BaseTransport]] = {}
    """Per client address, its transports (pruned of closed ones as connections come)."""

    def count() -> tuple[int, dict[str, int]]:
        for address, transports in list(live.items()):
            transports.difference_update([transport for transport in transports if transport.is_closing()])
            if not transports:
                del live[address]
        return sum(map(len, live.values())), {address: len(transports) for address, transports in live.items()}

    class Bounded(H11Protocol):
        _header_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            address = self.client[0] if self.client else ""
            total, per_address = count()
            if total >= bounds.max_connections or per_address.get(address, 0) >= bounds.max_per_client:
                full = total >= bounds.max_connections
                which = f"{bounds.max_connections} connections in all" if full else f"{bounds.max_per_client} connections from one address"
                transport.write(_refusal(f"The server holds at most {which}; try again shortly."))
                transport.close()
                return
            live.setdefault(address, set()).add(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._header_timer = self.loop.call_later(bounds.header_timeout, self._headers_late)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_late(self) -> None:
            """No request began within the timeout: close (unless the connection is now a WebSocket)."""
            self._header_timer = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return
            if self.cycle is None or self.cycle.response_complete:
                transport.close()

    return Bounded
