"""The PostgreSQL store, for servers (psycopg 3; ``pip install 'boardcore[postgres]'``).

Each append is one statement (one round trip): a compare-and-set ``UPDATE`` of
the match's row on its revision and step count, the journal row, and a ``NOTIFY``
on :attr:`PostgresStore.channel` with the match id and the new revision (never a
secret). Writers to one match queue on that row and the first wins each revision;
the journal's primary key ``(match_id, revision)`` is the backstop. PostgreSQL
delivers the notification at commit, so a listener that reads the journal on
notification always finds the entry.
Revisions of one match commit in order (writers are serialised on the row), so a
reader that has seen revision ``r`` never misses one below it.
"""

from __future__ import annotations

import json
import time

import psycopg

from boardcore.log import Header
from boardcore.store.interface import (
    Entry,
    MatchExists,
    MatchInfo,
    RevisionConflict,
    SeedSecret,
    Status,
    StoreError,
    UnknownMatch,
    check_append,
    check_match_id,
    check_since,
    check_status,
    entry_bounds,
)
from boardcore.store.postgres_db import PostgresDatabase
from boardcore.store.rows import (
    INFO_COLUMNS,
    JOURNAL_COLUMNS,
    entry_from_row,
    entry_row,
    header_from_text,
    header_text,
    info_from_row,
    newest_query,
    players_text,
    secret_from_row,
    secret_row,
)
from boardcore.store.tables import POSTGRES, schema_version, version_mismatch

__all__ = ["CHANNEL", "PostgresStore"]

CHANNEL = "boardcore_revisions"
"""The ``NOTIFY`` channel (suffixed with ``.SCHEMA`` for a store in its own schema); payload ``{"match_id": ..., "revision": ...}``."""

SCHEMA_LOCK = 0x626F617264636F72
"""The advisory lock key taken while creating the tables, so servers starting together do not race."""

APPEND = f"""
WITH moved AS (
    UPDATE boardcore_matches
    SET revision = %(revision)s, steps = %(steps_after)s, status = %(status)s, updated = %(now)s
    WHERE match_id = %(match_id)s AND revision = %(revision_before)s AND steps = %(steps_before)s
    RETURNING {INFO_COLUMNS}
), stored AS (
    INSERT INTO boardcore_journal (match_id, {JOURNAL_COLUMNS})
    SELECT match_id, %(revision)s, %(kind)s, %(step)s, %(player)s, %(action)s, %(events)s, %(state)s, %(chain)s, %(forced)s
    FROM moved
    RETURNING match_id
)
SELECT moved.*, pg_notify(%(channel)s, %(payload)s) FROM moved JOIN stored USING (match_id)
"""
"""One append in one statement (one round trip): a compare-and-set on the match's revision and step count, the journal
row only if it succeeded, and the notification only if both did. Concurrent appends queue on the match's row; the
losers find the revision moved on and change nothing."""

class PostgresStore:
    """A :class:`~boardcore.store.interface.Store` in a PostgreSQL database (tables created on first use).

    ``conninfo`` is a ``postgresql://`` URL or a libpq connection string; ``schema``
    keeps the tables in a schema of their own (created if missing). A lost
    connection is reopened on the next call.

    Raises (on opening):
        StoreError: the database holds a boardcore schema of another version.
        StoreUnavailable: the server cannot be reached.
    """

    def __init__(self, conninfo: str, *, schema: str | None = None, connect_timeout: float = 10.0) -> None:
        self._db = PostgresDatabase(conninfo, schema=schema, connect_timeout=connect_timeout, what="the PostgreSQL store")
        self.schema = schema
        self.channel = self._db.channel(CHANNEL)
        version = self._db.set_up(POSTGRES, SCHEMA_LOCK, lambda db: schema_version(db, "postgres"))
        refused = version_mismatch(version, "the database")
        if refused is not None:
            self.close()
            raise StoreError(refused)

    def __repr__(self) -> str:
        where = "" if self.schema is None else f", schema={self.schema!r}"
        return f"PostgresStore(<connection>{where})"

    @property
    def conninfo(self) -> str:
        """The URL or connection string the store connects with (it may hold a password: never print it), for the
        server's other connections to the same database."""
        return self._db.conninfo

    def create(self, match_id: str, header: Header, secret: SeedSecret) -> MatchInfo:
        check_match_id(match_id)
        now = time.time()
        try:
            with self._db.transaction(pipeline=True) as db:
                db.execute(
                    "INSERT INTO boardcore_matches (match_id, game, players, header, status, revision, steps, created, updated)"
                    " VALUES (%s, %s, %s, %s, 'active', 0, 0, %s, %s)",
                    (match_id, header.game, players_text(header.players), header_text(header), now, now),
                )
                db.execute("INSERT INTO boardcore_secrets (match_id, seed, salt) VALUES (%s, %s, %s)", (match_id, *secret_row(secret)))
        except psycopg.errors.UniqueViolation:
            raise MatchExists(match_id) from None
        return info_from_row((match_id, header.game, players_text(header.players), "active", 0, 0, now, now))

    def append(self, match_id: str, entry: Entry, status: Status) -> MatchInfo:
        check_status(status)
        revision_before, steps_before, steps_after = entry_bounds(entry)
        revision, kind, step, player, action, events, state, chain, forced = entry_row(entry)
        params = {
            "match_id": match_id, "revision_before": revision_before, "steps_before": steps_before, "steps_after": steps_after,
            "status": status, "now": time.time(), "revision": revision, "kind": kind, "step": step, "player": player,
            "action": action, "events": events, "state": state, "chain": chain, "forced": forced, "channel": self.channel,
            "payload": json.dumps({"match_id": match_id, "revision": revision}),
        }  # fmt: skip
        try:
            rows = self._db.rows(APPEND, params)
        except psycopg.errors.UniqueViolation:  # unreachable: the update above is the compare-and-set; the primary key is the backstop
            raise RevisionConflict(match_id, entry.revision, entry.revision) from None
        if rows:
            return info_from_row(rows[0][:-1])  # the last column is the notification
        found = self._db.rows("SELECT revision, steps FROM boardcore_matches WHERE match_id = %s", (match_id,))
        if not found:
            raise UnknownMatch(match_id)
        check_append(match_id, found[0][0], found[0][1], entry, status)  # raises the precise refusal
        raise RevisionConflict(match_id, entry.revision, found[0][0])  # moved on and back is impossible; a race is a conflict

    def journal(self, match_id: str, since: int = 0) -> list[Entry]:
        check_since(since)
        rows = self._db.rows(
            f"SELECT {JOURNAL_COLUMNS} FROM boardcore_journal WHERE match_id = %s AND revision > %s ORDER BY revision", (match_id, since)
        )
        if not rows:
            self.info(match_id)  # an empty journal, or no such match
        return [entry_from_row(match_id, row) for row in rows]

    def header(self, match_id: str) -> Header:
        rows = self._db.rows("SELECT header FROM boardcore_matches WHERE match_id = %s", (match_id,))
        if not rows:
            raise UnknownMatch(match_id)
        return header_from_text(match_id, str(rows[0][0]))

    def info(self, match_id: str) -> MatchInfo:
        rows = self._db.rows(f"SELECT {INFO_COLUMNS} FROM boardcore_matches WHERE match_id = %s", (match_id,))
        if not rows:
            raise UnknownMatch(match_id)
        return info_from_row(rows[0])

    def matches(self, *, game: str | None = None, status: Status | None = None) -> list[MatchInfo]:
        rows = self._db.rows(
            f"SELECT {INFO_COLUMNS} FROM boardcore_matches"
            " WHERE (%(game)s::text IS NULL OR game = %(game)s) AND (%(status)s::text IS NULL OR status = %(status)s)"
            " ORDER BY created, match_id",
            {"game": game, "status": status},
        )
        return [info_from_row(row) for row in rows]

    def newest(self, *, status: Status | None = None, limit: int = 100, before: str | None = None) -> list[MatchInfo]:
        if before is not None and not self._db.rows("SELECT 1 FROM boardcore_matches WHERE match_id = %s", (before,)):
            raise UnknownMatch(before)
        where, params = newest_query(status, before, "%s")
        rows = self._db.rows(f"SELECT {INFO_COLUMNS} FROM boardcore_matches {where} ORDER BY created DESC, match_id DESC LIMIT %s", (*params, limit))
        return [info_from_row(row) for row in rows]

    def secret(self, match_id: str) -> SeedSecret:
        rows = self._db.rows("SELECT seed, salt FROM boardcore_secrets WHERE match_id = %s", (match_id,))
        if not rows:
            raise UnknownMatch(match_id)
        return secret_from_row(match_id, rows[0])

    def close(self) -> None:
        self._db.close()
