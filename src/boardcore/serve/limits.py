"""Per-client limits on creating matches: a token bucket for the rate, and a cap on matches still open.

Counted per client address in this server process (several processes over one PostgreSQL
database each count their own). A client that creates and abandons matches fills neither the
store nor the lobby faster than :attr:`Settings.create_rate` allows.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

__all__ = ["CreateLimits"]

_FORGET = 4096
"""Clients remembered before the idle ones (full bucket, nothing open) are forgotten."""


@attrs.define
class _Client:
    tokens: float
    stamp: float
    created: list[str] = attrs.field(factory=list)
    """Matches this client created that were still active when last counted."""


class CreateLimits:
    """How many matches each client address may create now (thread-safe enough: called on the event loop only)."""

    def __init__(self, rate: float, burst: int, open_cap: int, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.open_cap = open_cap
        self._clock = clock
        self._clients: dict[str, _Client] = {}

    def wait(self, client: str) -> float:
        """Seconds until ``client`` may create a match (0: now; the token is not taken yet)."""
        found = self._refill(client)
        return 0.0 if found.tokens >= 1 else (1 - found.tokens) / self.rate

    def open_matches(self, client: str) -> list[str]:
        """The matches ``client`` created that were active when last counted (the caller prunes with :meth:`still_open`)."""
        found = self._clients.get(client)
        return [] if found is None else list(found.created)

    def still_open(self, client: str, match_ids: list[str]) -> None:
        """Record which of the client's matches are still active."""
        found = self._clients.get(client)
        if found is not None:
            found.created = [match_id for match_id in found.created if match_id in match_ids]

    def took(self, client: str, match_id: str) -> None:
        """``client`` created ``match_id``: one token spent, one open match more."""
        found = self._refill(client)
        found.tokens -= 1
        found.created.append(match_id)

    def _refill(self, client: str) -> _Client:
        now = self._clock()
        found = self._clients.get(client)
        if found is None:
            if len(self._clients) >= _FORGET:
                self._forget(now)
            found = self._clients[client] = _Client(tokens=float(self.burst), stamp=now)
        found.tokens = min(float(self.burst), found.tokens + (now - found.stamp) * self.rate)
        found.stamp = now
        return found

    def _forget(self, now: float) -> None:
        for client, found in list(self._clients.items()):
            if not found.created and found.tokens + (now - found.stamp) * self.rate >= self.burst:
                del self._clients[client]
