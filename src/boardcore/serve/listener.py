"""A PostgreSQL ``LISTEN`` connection of its own, kept open for a server process's life, reconnecting when lost.

It runs on the event loop (psycopg's async connection): notifications land where
the masters live, with no thread to hand them over from, and the task ends with
the server's lifespan like any other. It only ever listens, so nothing else
waits behind it on its connection. Notifications are lost while it is
disconnected, so after every (re)connection, once ``LISTEN`` is in place, it calls
``on_connect``, and the caller catches up from the store; anything committed
after that point is notified. A connection that stays quiet is asked ``SELECT 1``
every ``health_check`` seconds, so one that died without a word is noticed and
replaced.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence

import psycopg
from psycopg import sql

__all__ = ["Listener"]

log = logging.getLogger("boardcore.serve")

FIRST_RETRY = 0.1
"""Seconds before the first reconnection attempt; doubled after each failure, up to :data:`LAST_RETRY`."""
LAST_RETRY = 5.0


class Listener:
    """Listens on ``channels`` and hands each notification's channel and payload to ``on_notify``.

    Call :meth:`run` in a task; cancel the task to stop. ``connected`` is set while ``LISTEN`` is in place.
    """

    def __init__(
        self,
        conninfo: str,
        channels: Sequence[str],
        *,
        on_notify: Callable[[str, str], None],
        on_connect: Callable[[], None],
        health_check: float = 10.0,
        connect_timeout: float = 10.0,
    ) -> None:
        self._conninfo = conninfo
        self.channels = tuple(channels)
        self._on_notify = on_notify
        self._on_connect = on_connect
        self._health_check = health_check
        self._timeout = connect_timeout
        self.connected = asyncio.Event()
        self.connections = 0
        """Connections made so far (a reconnection adds one)."""
        self.backend_pid: int | None = None
        """The PostgreSQL backend serving the current connection (for operators and tests)."""

    def __repr__(self) -> str:
        return f"Listener(channels={self.channels!r}, connections={self.connections})"

    async def run(self) -> None:
        """Listen until cancelled, reconnecting after any failure (at once after a connection that worked, then
        backing off)."""
        delay = FIRST_RETRY
        while True:
            made = self.connections
            try:
                await self._listen()
            except psycopg.Error as exc:
                log.warning("the PostgreSQL listener lost its connection (%s); reconnecting", exc)
            finally:
                self.connected.clear()
                self.backend_pid = None
            if self.connections > made:
                delay = FIRST_RETRY
            await asyncio.sleep(delay)
            delay = min(delay * 2, LAST_RETRY)

    async def _listen(self) -> None:
        """One connection: ``LISTEN`` on every channel, ``on_connect``, then notifications until it fails."""
        db = await psycopg.AsyncConnection.connect(
            self._conninfo, autocommit=True, connect_timeout=max(1, int(self._timeout)), application_name="boardcore serve listener"
        )
        async with db:
            for channel in self.channels:
                await db.execute(sql.SQL("LISTEN {}").format(sql.Identifier(channel)))
            self.connections += 1
            self.backend_pid = db.info.backend_pid
            self.connected.set()
            self._call(self._on_connect)
            while True:
                async for note in db.notifies(timeout=self._health_check):
                    self._call(self._on_notify, note.channel, note.payload)
                await db.execute("SELECT 1")

    def _call(self, callback: Callable[..., None], *args: str) -> None:
        """Run a callback; a failure is logged and never ends the listener."""
        try:
            callback(*args)
        except Exception:
            log.exception("the PostgreSQL listener's handler failed")
