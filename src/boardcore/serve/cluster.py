"""Several ``boardcore serve`` processes over one PostgreSQL database: the hub's :class:`~boardcore.serve.hub.Coordinator`.

PostgreSQL is the only shared part; any process serves any match and any seat.

- **Fan-out.** Each append notifies the store's channel with the match id and
  the new revision, never more (:mod:`boardcore.store.postgres`). The
  :class:`~boardcore.serve.listener.Listener` hears it and, when this process
  holds the match and is behind, calls :meth:`Master.refresh`: the table follows
  the store's journal from its own revision, gapless, so the order in which
  notifications arrive never matters and none is needed per revision. After
  every (re)connection of the listener, and every sweep (the safety net), each
  held match is checked against the store's revision. A write that loses the race
  to another process is refused as ``table/stale_revision`` and its client gets
  the winner's revision, as with one process.
- **Bots.** A lease per match (:mod:`boardcore.serve.peers.postgres`) says which
  process plays its bots; only that master has ``plays_bots``. A process takes a
  free lease when it loads a match with bots, gives it up when it retires the
  master, and takes over the leases of a dead process at its next sweep
  (``lease_seconds`` after the dead one's last heartbeat, plus a sweep at most).
  Exactly one move per decision does not rest on the lease: the store lets one
  writer win each revision, and a bot that loses follows the winner and decides
  again. A process that cannot renew its heartbeat for ``lease_seconds - sweep_seconds``
  stops its bots until it can.
- **Presence.** A seat is online while one of its connections is open on some
  live process: each process records its own in a table and notifies the match;
  the others read it and tell their connections (``seats``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Awaitable, Iterable, Sequence
from typing import Any

import anyio
import anyio.to_thread
import attrs

from boardcore.serve.hub import Hub
from boardcore.serve.listener import Listener
from boardcore.serve.master import Master, Settings
from boardcore.serve.peers.postgres import PostgresPeers
from boardcore.store import MatchRejected, StoreError, StoreUnavailable, UnknownMatch
from boardcore.store.postgres import PostgresStore

__all__ = ["Cluster", "check_timing"]

log = logging.getLogger("boardcore.serve")

PENDING = 10.0
"""Seconds a lease taken for a match being created stays out of the sweep's loading (its creator loads it)."""
LISTEN_WAIT = 10.0
"""Seconds :meth:`Cluster.start` waits for the listener before the server starts answering anyway."""


def check_timing(settings: Settings) -> None:
    """Raises ``ValueError`` unless a sweep is shorter than the lease (a heartbeat must land within each lease)."""
    if not 0 < settings.sweep_seconds < settings.lease_seconds:
        msg = f"sweep_seconds ({settings.sweep_seconds}) must be positive and below lease_seconds ({settings.lease_seconds})"
        raise ValueError(msg)


@attrs.frozen
class _Swept:
    """What one sweep read from the database."""

    alive: bool
    held: frozenset[str]
    revisions: dict[str, int]
    elsewhere: dict[str, frozenset[int]]


class Cluster:
    """Fan-out, bot leases and presence for one server process among several over one PostgreSQL database."""

    def __init__(self, peers: PostgresPeers, conninfo: str, revisions_channel: str, settings: Settings) -> None:
        """Raises ``ValueError`` unless a sweep is shorter than the lease (a heartbeat must land within each lease)."""
        check_timing(settings)
        self.peers = peers
        self.settings = settings
        self.revisions_channel = revisions_channel
        self.listener = Listener(
            conninfo,
            [revisions_channel, peers.seats_channel, peers.leases_channel],
            on_notify=self._notified,
            on_connect=self._reconnected,
            health_check=max(1.0, settings.lease_seconds),
        )
        self._hub: Hub | None = None
        self._lock = threading.Lock()
        """Guards ``_held`` and ``_pending``, which :meth:`claim_bots` changes from worker threads."""
        self._held: set[str] = set()
        """Matches whose bots' lease this process holds (as of its last look at the database)."""
        self._pending: dict[str, float] = {}
        """Leases just taken for a master its caller is about to load: when (monotonic)."""
        self._tasks: set[asyncio.Task[Any]] = set()
        self._catching_up: dict[str, int] = {}
        """Matches being refreshed: the highest revision notified meanwhile."""
        self._reading_seats: dict[str, bool] = {}
        """Matches whose seats are being read: whether to read them again once done."""
        self._loading: set[str] = set()
        self._presence: dict[tuple[str, int], None] = {}
        """Seats whose presence here changed since it was last written (in order)."""
        self._presence_due = asyncio.Event()
        self._beat_at = time.monotonic()
        """When the last heartbeat that succeeded was sent."""

    @classmethod
    def for_store(cls, store: PostgresStore, settings: Settings) -> Cluster:
        """The cluster of the processes serving ``store``'s database (and schema)."""
        check_timing(settings)
        peers = PostgresPeers(store.conninfo, ttl=settings.lease_seconds, schema=store.schema)
        return cls(peers, store.conninfo, store.channel, settings)

    def __repr__(self) -> str:
        return f"Cluster({self.peers.owner!r}, held={len(self._held)}, listener={self.listener!r})"

    @property
    def hub(self) -> Hub:
        assert self._hub is not None, "the cluster has not started"
        return self._hub

    def holds(self, match_id: str) -> bool:
        """This process holds the lease of the match's bots (as of its last look at the database)."""
        with self._lock:
            return match_id in self._held

    # --- the hub's coordinator ---------------------------------------------------------------------

    async def start(self, hub: Hub) -> None:
        self._hub = hub
        self._beat_at = time.monotonic()
        await anyio.to_thread.run_sync(self.peers.heartbeat)
        for job in (self.listener.run(), self._sweeping(), self._writing_presence()):
            self._spawn(job)
        with anyio.move_on_after(LISTEN_WAIT):
            await self.listener.connected.wait()

    async def close(self) -> None:
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:
            await anyio.to_thread.run_sync(self.peers.leave)
        except StoreUnavailable as exc:
            log.warning("could not tell the other server processes that this one stops (%s); they take over its bots in %s s", exc, self.settings.lease_seconds)
        await anyio.to_thread.run_sync(self.peers.close)

    def claim_bots(self, match_ids: Sequence[str]) -> list[str]:
        won = self.peers.take(match_ids)
        with self._lock:
            self._held |= won
            now = time.monotonic()
            self._pending.update(dict.fromkeys(won, now))
        return [match_id for match_id in match_ids if match_id in won]

    def loaded(self, master: Master) -> None:
        with self._lock:
            held = master.match_id in self._held
            self._pending.pop(master.match_id, None)
        master.plays_bots = held  # the hub wakes the bots next
        self._spawn(self._settle(master, held))

    def retired(self, master: Master) -> None:
        if self.holds(master.match_id):
            self._spawn(self._release(master.match_id, master.table.revision))

    def presence(self, master: Master, seat: int) -> None:
        self._presence[(master.match_id, seat)] = None
        self._presence_due.set()

    def claimed(self, match_id: str) -> None:
        try:
            self.peers.notify_seats(match_id)
        except StoreUnavailable as exc:
            log.warning("match %s: the other server processes were not told of a claim (%s); they see it when they next read the seats", match_id, exc)

    def online_elsewhere(self, match_ids: Iterable[str]) -> dict[str, frozenset[int]]:
        try:
            return self.peers.online_elsewhere(match_ids)
        except StoreUnavailable as exc:
            log.warning("presence on the other server processes is unavailable (%s)", exc)
            return {}

    # --- tasks -------------------------------------------------------------------------------------

    def _spawn(self, job: Awaitable[Any]) -> None:
        """Run ``job`` in a task the cluster cancels when it closes; a failure is logged."""

        async def guarded() -> None:
            try:
                await job
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("a server processes' coordination task failed")

        task = asyncio.get_running_loop().create_task(guarded())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # --- fan-out -----------------------------------------------------------------------------------

    def _notified(self, channel: str, payload: str) -> None:
        if channel == self.revisions_channel:
            try:
                note = json.loads(payload)
                match_id, revision = note["match_id"], note["revision"]
            except (ValueError, KeyError, TypeError):
                log.warning("a notification on %s is not a match id and revision: %r", channel, payload[:200])
                return
            if isinstance(match_id, str) and type(revision) is int:
                self._behind(match_id, revision)
        elif channel == self.peers.seats_channel:
            self._read_seats(payload)
        elif channel == self.peers.leases_channel:
            master = self.hub.loaded_master(payload)
            if master is not None and self._wants(master) and not self.holds(payload):
                self._spawn(self._take([master]))

    def _behind(self, match_id: str, revision: int) -> None:
        """The store holds ``match_id`` at ``revision`` or later: catch its master up (one catch-up at a time per match)."""
        master = self.hub.loaded_master(match_id)
        if master is None or master.table.revision >= revision:
            return
        wanted = self._catching_up.get(match_id)
        self._catching_up[match_id] = revision if wanted is None else max(wanted, revision)
        if wanted is None:
            self._spawn(self._catch_up(match_id))

    async def _catch_up(self, match_id: str) -> None:
        try:
            while True:
                master = self.hub.loaded_master(match_id)
                if master is None or master.table.revision >= self._catching_up[match_id]:
                    return
                before = master.table.revision
                if not await self._refresh(master) or master.table.revision == before:
                    return  # nothing more to read now: the next sweep looks again
        finally:
            del self._catching_up[match_id]

    async def _refresh(self, master: Master) -> bool:
        """Follow the store; whether it worked (a failure is logged, and the next sweep tries again)."""
        try:
            await master.refresh()
        except MatchRejected:
            log.exception("match %s: what another process stored fails verification; this process stops following it", master.match_id)
            return False
        except StoreError as exc:
            log.warning("match %s: could not follow the store (%s)", master.match_id, exc)
            return False
        return True

    def _reconnected(self) -> None:
        """The listener (re)connected: notifications sent while it was away are lost, so check every match here."""
        self._spawn(self._recheck())

    async def _recheck(self) -> None:
        masters = self.hub.masters()
        revisions = await anyio.to_thread.run_sync(self.peers.revisions, [master.match_id for master in masters])
        for match_id, revision in revisions.items():
            self._behind(match_id, revision)
        for master in masters:
            self._read_seats(master.match_id)

    # --- seats and presence ------------------------------------------------------------------------

    def _read_seats(self, match_id: str) -> None:
        """Read the match's seats (claims) and who is online elsewhere, if this process holds it (coalesced)."""
        if self.hub.loaded_master(match_id) is None:
            return
        if match_id in self._reading_seats:
            self._reading_seats[match_id] = True
            return
        self._reading_seats[match_id] = False
        self._spawn(self._reading(match_id))

    async def _reading(self, match_id: str) -> None:
        seats = self.hub.seats
        try:
            while True:
                rows, elsewhere = await anyio.to_thread.run_sync(lambda: (seats.seats(match_id), self.peers.online_elsewhere([match_id])))
                master = self.hub.loaded_master(match_id)
                if master is None:
                    return
                master.update_seats(rows=rows, elsewhere=elsewhere.get(match_id, frozenset()))
                if not self._reading_seats[match_id]:
                    return
                self._reading_seats[match_id] = False
        except StoreUnavailable as exc:
            log.warning("match %s: could not read its seats (%s)", match_id, exc)
        finally:
            del self._reading_seats[match_id]

    async def _writing_presence(self) -> None:
        """Write each seat's presence here as it is when written (one writer, so a quick connect and disconnect
        can never be written in the wrong order)."""
        while True:
            await self._presence_due.wait()
            self._presence_due.clear()
            keys = list(self._presence)
            self._presence.clear()
            changes = [(match_id, seat, self._online_here(match_id, seat)) for match_id, seat in keys]
            try:
                await anyio.to_thread.run_sync(self.peers.set_presence, changes)
            except Exception as exc:  # StoreUnavailable, or anything else: never lose a change, never end the writer
                log.warning("could not record who is online here (%s); trying again", exc)
                for key in keys:
                    self._presence.setdefault(key, None)
                await asyncio.sleep(self.settings.retry_delay)
                self._presence_due.set()

    def _online_here(self, match_id: str, seat: int) -> bool:
        master = self.hub.loaded_master(match_id)
        return master is not None and seat in master.local_seats

    # --- leases --------------------------------------------------------------------------------------

    @staticmethod
    def _wants(master: Master) -> bool:
        """The master has bots that may still have something to do."""
        return bool(master.bot_seats) and not master.closed and not master.table.match.is_over

    async def _settle(self, master: Master, held: bool) -> None:
        """After a load: follow what was stored while the master loaded, read the seats, take a free lease."""
        await self._refresh(master)
        self._read_seats(master.match_id)
        if not held and self._wants(master):
            await self._take([master])

    async def _take(self, masters: Sequence[Master]) -> None:
        ids = [master.match_id for master in masters if self._wants(master) and not self.holds(master.match_id)]
        if not ids:
            return
        try:
            won = await anyio.to_thread.run_sync(self.peers.take, ids)
        except StoreUnavailable as exc:
            log.warning("could not take the bots' leases of %s matches (%s); the next sweep tries again", len(ids), exc)
            return
        self._grant(won)

    def _grant(self, won: Iterable[str]) -> None:
        won = set(won)
        with self._lock:
            self._held |= won
        for match_id in won:
            master = self.hub.loaded_master(match_id)
            if master is not None and not master.plays_bots:
                master.hold_bots(True)

    async def _release(self, match_id: str, revision: int) -> None:
        """Give up a retired master's lease; if the store moved past what the master saw, load it again instead."""
        try:
            released = await anyio.to_thread.run_sync(self.peers.release, match_id, revision)
        except StoreUnavailable as exc:
            log.warning("match %s: could not give up the bots' lease (%s); the next sweep tries again", match_id, exc)
            return
        if not released:
            self._spawn(self._load(match_id))
            return
        with self._lock:
            self._held.discard(match_id)
        again = self.hub.loaded_master(match_id)
        if again is not None:  # loaded again while the lease was being given up
            again.hold_bots(False)
            await self._take([again])

    async def _load(self, match_id: str) -> None:
        """Load a match whose lease this process holds (taken over from a dead process, or not given up)."""
        if match_id in self._loading or self.hub.loaded_master(match_id) is not None:
            return
        self._loading.add(match_id)
        try:
            await self.hub.master(match_id)
        except (UnknownMatch, MatchRejected) as exc:
            log.warning("match %s cannot be served (%s); its bots' lease is dropped", match_id, exc)
            await anyio.to_thread.run_sync(self.peers.drop, match_id)
            with self._lock:
                self._held.discard(match_id)
        except StoreError as exc:
            log.warning("match %s could not be loaded (%s); the next sweep tries again", match_id, exc)
        finally:
            self._loading.discard(match_id)

    def _fence(self) -> None:
        """No heartbeat for almost a lease time: another process may take the leases any moment, so stop the bots."""
        with self._lock:
            self._held.clear()
        for master in self.hub.masters():
            if master.plays_bots:
                master.hold_bots(False)

    # --- the sweep -----------------------------------------------------------------------------------

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self._sweep()
            except Exception:  # the next sweep tries again: a failure must not end the heartbeat
                log.exception("a sweep of the server processes' tables failed")

    async def _sweep(self) -> None:
        """Heartbeat, leases (renewed, taken, taken over), dead processes reaped, and every match here checked
        against the store and against who is online elsewhere."""
        masters = self.hub.masters()
        ids = [master.match_id for master in masters]
        with self._lock:
            held_before = set(self._held)
        wanting = [master.match_id for master in masters if self._wants(master) and master.match_id not in held_before]
        sent = time.monotonic()
        try:
            swept = await anyio.to_thread.run_sync(self._sweep_database, ids, wanting)
        except StoreUnavailable as exc:
            silent = time.monotonic() - self._beat_at
            log.warning("the sweep could not reach PostgreSQL (%s); no heartbeat for %.1f s", exc, silent)
            if silent > self.settings.lease_seconds - self.settings.sweep_seconds:
                self._fence()
            return
        self._beat_at = sent
        now = time.monotonic()
        with self._lock:
            lost = held_before - swept.held
            self._held = set(swept.held) | (self._held - held_before)  # leases taken while the sweep ran are kept
            self._pending = {match_id: at for match_id, at in self._pending.items() if now - at < PENDING}
            pending = set(self._pending)
        taken_over = swept.held - held_before
        for master in self.hub.masters():
            if master.match_id in swept.held and not master.plays_bots:
                master.hold_bots(True)
            elif master.match_id in lost and master.plays_bots:
                log.warning("match %s: another process took over its bots", master.match_id)
                master.hold_bots(False)
            master.update_seats(elsewhere=swept.elsewhere.get(master.match_id, frozenset()))
            master.wake_bots()  # a wake-up lost between processes costs one sweep at most, never a stalled match
        loaded = {master.match_id for master in self.hub.masters()}
        for match_id in sorted(swept.held - loaded - pending):
            if match_id in taken_over:
                log.info("match %s: this process takes over its bots", match_id)
            self._spawn(self._load(match_id))
        for match_id, revision in swept.revisions.items():
            self._behind(match_id, revision)
        if not swept.alive:  # this process had been given up for dead: its presence rows may be gone
            for master in self.hub.masters():
                for seat in master.local_seats:
                    self.presence(master, seat)

    def _sweep_database(self, ids: Sequence[str], wanting: Sequence[str]) -> _Swept:
        """The sweep's statements (a worker thread)."""
        peers = self.peers
        alive = peers.heartbeat()
        held = peers.held() | peers.take(wanting) | peers.take_orphans()
        peers.reap()
        return _Swept(alive=alive, held=held, revisions=peers.revisions(ids), elsewhere=peers.online_elsewhere(ids))
