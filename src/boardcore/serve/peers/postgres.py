"""Server processes over one PostgreSQL database: each one's heartbeat, the bot leases, and who is online where.

Three tables beside the store and the seat book (created on first use):

- ``boardcore_serve_processes``: one row per server process, its ``owner`` id and when it ``expires``; a process
  renews its row every sweep, and one whose row has expired is **dead** to the others (database time throughout,
  so the machines' clocks never matter);
- ``boardcore_serve_leases``: one row per match whose bots a process plays. A lease is **live** while its owner is;
  a live process takes a lease only when there is none or its owner is dead (one statement, so exactly one taker
  wins), and gives it up when it no longer holds the match (only if the match is still at the revision it last saw,
  so a step it has not followed yet never leaves bots without a player);
- ``boardcore_serve_presence``: one row per seat with a connection open on a process (``online`` across processes).

A heartbeat per process, rather than an expiry per lease, keeps renewal one statement per process whatever the
number of matches: a dead process's leases all fall free at once. Session advisory locks would free them when the
connection closes, faster after a crash, but they live on one connection that must stay open for the process's
whole life, a dropped connection would free every lock while the process still believes it holds them, and a
machine that vanishes without closing its socket holds them until the server's TCP keepalive gives up (two hours by
default): a lease with an expiry bounds takeover by the lease time in every case.

Notifications (``NOTIFY``, at commit) carry a match id only: on :attr:`PostgresPeers.seats_channel` when a seat is
claimed or a seat's presence changes, and on :attr:`PostgresPeers.leases_channel` when a lease is given up.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterable, Sequence

from boardcore.store.postgres_db import PostgresDatabase

__all__ = ["LEASES_CHANNEL", "SCHEMA", "SEATS_CHANNEL", "PostgresPeers"]

SEATS_CHANNEL = "boardcore_seats"
"""Notified with a match id when one of its seats was claimed or came online or went offline on some process."""
LEASES_CHANNEL = "boardcore_leases"
"""Notified with a match id when its bots' lease was given up (a process holding the match may take it at once)."""

SCHEMA_LOCK = 0x626F617264706565
"""The advisory lock taken while creating the tables, so servers starting together do not race."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS boardcore_serve_processes (
    owner TEXT PRIMARY KEY,
    expires TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS boardcore_serve_leases (
    match_id TEXT PRIMARY KEY,
    owner TEXT NOT NULL,
    taken TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS boardcore_serve_leases_by_owner ON boardcore_serve_leases (owner);
CREATE TABLE IF NOT EXISTS boardcore_serve_presence (
    match_id TEXT NOT NULL,
    seat INTEGER NOT NULL,
    owner TEXT NOT NULL,
    PRIMARY KEY (match_id, seat, owner)
);
CREATE INDEX IF NOT EXISTS boardcore_serve_presence_by_owner ON boardcore_serve_presence (owner);
"""
"""``owner`` is a process's id (host, pid and random bits); ``expires`` its heartbeat's end; ``taken`` when a lease
last changed hands."""

_LIVE = "SELECT 1 FROM boardcore_serve_processes p WHERE p.owner = {owner} AND p.expires > now()"
"""A subquery that is non-empty while ``{owner}``'s process is live."""

HEARTBEAT = """
WITH before AS (SELECT expires > now() AS alive FROM boardcore_serve_processes WHERE owner = %(me)s)
INSERT INTO boardcore_serve_processes (owner, expires) VALUES (%(me)s, now() + %(ttl)s * interval '1 second')
ON CONFLICT (owner) DO UPDATE SET expires = EXCLUDED.expires
RETURNING (SELECT alive FROM before)
"""
"""Renew this process's row (creating it if it was reaped); returns whether it was live until now."""

TAKE = f"""
INSERT INTO boardcore_serve_leases AS l (match_id, owner, taken)
SELECT DISTINCT unnest(%(ids)s::text[]), %(me)s, now()
ON CONFLICT (match_id) DO UPDATE SET owner = EXCLUDED.owner, taken = EXCLUDED.taken
WHERE l.owner = EXCLUDED.owner OR NOT EXISTS ({_LIVE.format(owner="l.owner")})
RETURNING match_id
"""
"""Take the leases of these matches that are free or held by a dead process (and keep those already ours)."""

TAKE_ORPHANS = f"""
UPDATE boardcore_serve_leases AS l SET owner = %(me)s, taken = now()
WHERE l.match_id IN (
    SELECT o.match_id FROM boardcore_serve_leases o
    WHERE NOT EXISTS ({_LIVE.format(owner="o.owner")})
    ORDER BY o.taken LIMIT %(limit)s FOR UPDATE SKIP LOCKED
) AND NOT EXISTS ({_LIVE.format(owner="l.owner")})
RETURNING l.match_id
"""
"""Take up to ``limit`` leases whose owner is dead (oldest first; rows another taker is on are skipped)."""

RELEASE = """
WITH gone AS (
    DELETE FROM boardcore_serve_leases l
    WHERE l.match_id = %(id)s AND l.owner = %(me)s
    AND EXISTS (SELECT 1 FROM boardcore_matches m WHERE m.match_id = l.match_id AND m.revision = %(revision)s)
    RETURNING l.match_id
)
SELECT pg_notify(%(channel)s, match_id) FROM gone
"""
"""Give up a lease, only if the match is still at the revision its holder last saw; notify when it was given up."""

REAP = f"""
WITH gone AS (
    DELETE FROM boardcore_serve_presence pr WHERE NOT EXISTS ({_LIVE.format(owner="pr.owner")}) RETURNING pr.match_id
)
SELECT pg_notify(%(channel)s, match_id) FROM (SELECT DISTINCT match_id FROM gone) AS changed
"""
"""Drop the presence rows of dead processes, notifying each match whose seats that changed."""

ONLINE_ELSEWHERE = f"""
SELECT pr.match_id, pr.seat FROM boardcore_serve_presence pr
WHERE pr.match_id = ANY(%(ids)s) AND pr.owner <> %(me)s AND EXISTS ({_LIVE.format(owner="pr.owner")})
"""


def new_owner() -> str:
    """A fresh process id: host and pid (for people reading the tables) and 32 random bits (a restarted pid differs)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class PostgresPeers:
    """This process among the server processes sharing one PostgreSQL database (its own connection, thread-safe).

    ``ttl`` is the lease time: a process whose heartbeat is older than that is dead to the others. A lost
    connection is reopened on the next call; every call raises :class:`~boardcore.store.StoreUnavailable` when
    the database cannot be reached (the connection: :mod:`boardcore.store.postgres_db`).
    """

    def __init__(self, conninfo: str, *, ttl: float, schema: str | None = None, connect_timeout: float = 10.0) -> None:
        self.schema = schema
        self.ttl = ttl
        self.owner = new_owner()
        self._db = PostgresDatabase(conninfo, schema=schema, connect_timeout=connect_timeout, what="the PostgreSQL server processes' tables")
        self.seats_channel = self._db.channel(SEATS_CHANNEL)
        self.leases_channel = self._db.channel(LEASES_CHANNEL)
        self._db.set_up(SCHEMA, SCHEMA_LOCK, lambda db: None)

    def __repr__(self) -> str:
        return f"PostgresPeers(owner={self.owner!r}, ttl={self.ttl})"

    # --- this process ----------------------------------------------------------------------------

    def heartbeat(self) -> bool:
        """Renew this process's row for ``ttl`` seconds; whether it was live until now (``False``: it had expired, or
        this is its first heartbeat: leases and presence rows it had may be gone, so the caller re-reads them)."""
        rows = self._db.rows(HEARTBEAT, {"me": self.owner, "ttl": self.ttl})
        return bool(rows and rows[0][0])

    def leave(self) -> None:
        """A clean shutdown: drop this process's presence rows (notified) and expire its row, so another process
        takes its leases at its next sweep instead of after the lease time."""
        with self._db.transaction() as db:  # dead first: the reap then drops (and notifies) this process's presence rows too
            db.execute("UPDATE boardcore_serve_processes SET expires = now() - interval '1 second' WHERE owner = %s", (self.owner,))
            db.execute(REAP, {"channel": self.seats_channel})

    def reap(self) -> None:
        """Drop dead processes' presence rows (each match whose seats changed is notified) and rows of processes dead
        for a minute; their leases stay, for :meth:`take_orphans`."""
        with self._db.transaction() as db:
            db.execute(REAP, {"channel": self.seats_channel})
            db.execute("DELETE FROM boardcore_serve_processes WHERE expires < now() - interval '1 minute'")

    # --- leases ------------------------------------------------------------------------------------

    def held(self) -> frozenset[str]:
        """The matches whose leases this process holds, as the database says now."""
        return frozenset(row[0] for row in self._db.rows("SELECT match_id FROM boardcore_serve_leases WHERE owner = %(me)s", {"me": self.owner}))

    def take(self, match_ids: Iterable[str]) -> frozenset[str]:
        """Take the leases of these matches that are free or whose holder is dead; the ones this process now holds."""
        ids = sorted(set(match_ids))
        if not ids:
            return frozenset()
        return frozenset(row[0] for row in self._db.rows(TAKE, {"ids": ids, "me": self.owner}))

    def take_orphans(self, limit: int = 100) -> frozenset[str]:
        """Take up to ``limit`` leases held by dead processes; the matches taken."""
        return frozenset(row[0] for row in self._db.rows(TAKE_ORPHANS, {"me": self.owner, "limit": limit}))

    def release(self, match_id: str, revision: int) -> bool:
        """Give up this match's lease if the store still holds it at ``revision``; whether it was given up."""
        rows = self._db.rows(RELEASE, {"id": match_id, "me": self.owner, "revision": revision, "channel": self.leases_channel})
        return bool(rows)

    def drop(self, match_id: str) -> None:
        """Give up this match's lease whatever its revision (a match that cannot be served: no seats, or rejected)."""
        self._db.rows("DELETE FROM boardcore_serve_leases WHERE match_id = %(id)s AND owner = %(me)s", {"id": match_id, "me": self.owner})

    # --- presence and seats ------------------------------------------------------------------------

    def set_presence(self, changes: Sequence[tuple[str, int, bool]]) -> None:
        """Record ``(match_id, seat, online here)`` for each change, and notify each match once, in one transaction."""
        if not changes:
            return
        with self._db.transaction() as db:
            for match_id, seat, online in changes:
                if online:
                    db.execute(
                        "INSERT INTO boardcore_serve_presence (match_id, seat, owner) VALUES (%s, %s, %s) ON CONFLICT DO NOTHING",
                        (match_id, seat, self.owner),
                    )
                else:
                    db.execute("DELETE FROM boardcore_serve_presence WHERE match_id = %s AND seat = %s AND owner = %s", (match_id, seat, self.owner))
            for match_id in dict.fromkeys(change[0] for change in changes):
                db.execute("SELECT pg_notify(%s, %s)", (self.seats_channel, match_id))

    def online_elsewhere(self, match_ids: Iterable[str]) -> dict[str, frozenset[int]]:
        """For each match, the seats with a connection open on another live process (matches without one left out)."""
        ids = sorted(set(match_ids))
        found: dict[str, set[int]] = {}
        if ids:
            for match_id, seat in self._db.rows(ONLINE_ELSEWHERE, {"ids": ids, "me": self.owner}):
                found.setdefault(match_id, set()).add(int(seat))
        return {match_id: frozenset(seats) for match_id, seats in found.items()}

    def notify_seats(self, match_id: str) -> None:
        """Tell every process that a seat of this match changed (a claim)."""
        self._db.rows("SELECT pg_notify(%(channel)s, %(id)s)", {"channel": self.seats_channel, "id": match_id})

    # --- the store's revisions ---------------------------------------------------------------------

    def revisions(self, match_ids: Iterable[str]) -> dict[str, int]:
        """The stored revision of each of these matches (one query: the safety net under notifications)."""
        ids = sorted(set(match_ids))
        if not ids:
            return {}
        rows = self._db.rows("SELECT match_id, revision FROM boardcore_matches WHERE match_id = ANY(%(ids)s)", {"ids": ids})
        return {match_id: int(revision) for match_id, revision in rows}

    def close(self) -> None:
        self._db.close()
