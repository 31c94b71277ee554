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
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psycopg
from psycopg import sql

from boardcore.log import Header
from boardcore.store.protocol import (
    Entry,
    MatchExists,
    MatchInfo,
    RevisionConflict,
    SeedSecret,
    Status,
    StoreError,
    StoreUnavailable,
    UnknownMatch,
    check_append,
    check_match_id,
    check_since,
    check_status,
    entry_bounds,
)
from boardcore.store.rows import (
    INFO_COLUMNS,
    JOURNAL_COLUMNS,
    SCHEMA_VERSION,
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

__all__ = ["CHANNEL", "PostgresStore", "create_tables", "reconnect"]

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

SCHEMA = """
CREATE TABLE IF NOT EXISTS boardcore_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS boardcore_matches (
    match_id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    header TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'finished')),
    revision INTEGER NOT NULL CHECK (revision >= 0),
    steps INTEGER NOT NULL CHECK (steps >= 0),
    created DOUBLE PRECISION NOT NULL,
    updated DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS boardcore_matches_by_game ON boardcore_matches (game, status, created);
CREATE INDEX IF NOT EXISTS boardcore_matches_by_status ON boardcore_matches (status, created);
CREATE INDEX IF NOT EXISTS boardcore_matches_newest ON boardcore_matches (created, match_id);
CREATE INDEX IF NOT EXISTS boardcore_matches_newest_by_status ON boardcore_matches (status, created, match_id);
CREATE TABLE IF NOT EXISTS boardcore_journal (
    match_id TEXT NOT NULL REFERENCES boardcore_matches (match_id),
    revision INTEGER NOT NULL CHECK (revision >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('step', 'undo')),
    step INTEGER NOT NULL,
    player INTEGER NOT NULL,
    action TEXT,
    events TEXT,
    state TEXT,
    chain TEXT,
    forced BOOLEAN NOT NULL,
    PRIMARY KEY (match_id, revision)
);
CREATE TABLE IF NOT EXISTS boardcore_secrets (
    match_id TEXT PRIMARY KEY REFERENCES boardcore_matches (match_id),
    seed TEXT NOT NULL,
    salt TEXT
);
"""


Connection = psycopg.Connection[tuple[Any, ...]]
"""One open connection (rows as tuples), as every PostgreSQL-backed part holds it."""


def reconnect(db: Connection | None, conninfo: str, *, schema: str | None, timeout: float, what: str) -> Connection:
    """``db`` while it is usable, else a fresh autocommit connection with ``schema`` (made if missing) as its search path.

    Every PostgreSQL-backed part of boardcore (the store, the server's seats and peers) holds one connection this way.

    Raises:
        StoreUnavailable: the server cannot be reached (``what`` names the part, for the message).
    """
    if db is not None and not db.closed and not db.broken:
        return db
    if db is not None:
        db.close()
    try:
        db = psycopg.connect(conninfo, autocommit=True, connect_timeout=max(1, int(timeout)))
        if schema is not None:
            db.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(schema)))
            db.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(schema)))
    except psycopg.OperationalError as exc:
        raise StoreUnavailable(f"cannot reach {what}: {exc}") from None
    return db


def create_tables(db: Connection, lock: int, script: str) -> None:
    """Run the ``;``-separated statements of ``script`` in the caller's transaction, behind the advisory lock ``lock``
    (so processes starting together do not race to create the same tables)."""
    db.execute("SELECT pg_advisory_xact_lock(%s)", (lock,))
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


class PostgresStore:
    """A :class:`~boardcore.store.protocol.Store` in a PostgreSQL database (tables created on first use).

    ``conninfo`` is a ``postgresql://`` URL or a libpq connection string; ``schema``
    keeps the tables in a schema of their own (created if missing). A lost
    connection is reopened on the next call.

    Raises (on opening):
        StoreError: the database holds a boardcore schema of another version.
        StoreUnavailable: the server cannot be reached.
    """

    def __init__(self, conninfo: str, *, schema: str | None = None, connect_timeout: float = 10.0) -> None:
        self._conninfo = conninfo
        self.schema = schema
        self.channel = CHANNEL if schema is None else f"{CHANNEL}.{schema}"
        self._timeout = connect_timeout
        self._lock = threading.Lock()
        self._db: psycopg.Connection[tuple[Any, ...]] | None = None
        with self._lock:
            db = self._connection()
            try:
                with db.transaction():
                    create_tables(db, SCHEMA_LOCK, SCHEMA)
                    db.execute(
                        "INSERT INTO boardcore_meta (key, value) VALUES ('schema_version', %s) ON CONFLICT (key) DO NOTHING",
                        (str(SCHEMA_VERSION),),
                    )
                    row = db.execute("SELECT value FROM boardcore_meta WHERE key = 'schema_version'").fetchone()
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"cannot set up the PostgreSQL store: {exc}") from None
        if row is None or row[0] != str(SCHEMA_VERSION):
            self.close()
            version = None if row is None else row[0]
            raise StoreError(f"the database holds boardcore store schema version {version}; this engine reads version {SCHEMA_VERSION}")

    def __repr__(self) -> str:
        where = "" if self.schema is None else f", schema={self.schema!r}"
        return f"PostgresStore(<connection>{where})"

    @property
    def conninfo(self) -> str:
        """The URL or connection string the store connects with (it may hold a password: never print it), for the
        server's other connections to the same database."""
        return self._conninfo

    def _connection(self) -> psycopg.Connection[tuple[Any, ...]]:
        """The open connection, reconnecting (and setting the search path) when it was lost."""
        self._db = reconnect(self._db, self._conninfo, schema=self.schema, timeout=self._timeout, what="the PostgreSQL store")
        return self._db

    @contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[tuple[Any, ...]]]:
        """One pipelined transaction on the (re)opened connection: statements go out without waiting for each other's
        results until a result is read or the transaction commits. Connection failures become :class:`StoreUnavailable`."""
        with self._lock:
            db = self._connection()
            try:
                with db.pipeline(), db.transaction():
                    yield db
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"the PostgreSQL store failed: {exc}") from exc

    def _query(self, query: str, params: tuple[Any, ...] | dict[str, Any]) -> list[tuple[Any, ...]]:
        """The rows of one read-only statement (its own snapshot, no explicit transaction: one round trip)."""
        with self._lock:
            db = self._connection()
            try:
                return db.execute(query, params).fetchall()
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"the PostgreSQL store failed: {exc}") from exc

    def create(self, match_id: str, header: Header, secret: SeedSecret) -> MatchInfo:
        check_match_id(match_id)
        now = time.time()
        try:
            with self._transaction() as db:
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
            rows = self._query(APPEND, params)
        except psycopg.errors.UniqueViolation:  # unreachable: the update above is the compare-and-set; the primary key is the backstop
            raise RevisionConflict(match_id, entry.revision, entry.revision) from None
        if rows:
            return info_from_row(rows[0][:-1])  # the last column is the notification
        found = self._query("SELECT revision, steps FROM boardcore_matches WHERE match_id = %s", (match_id,))
        if not found:
            raise UnknownMatch(match_id)
        check_append(match_id, found[0][0], found[0][1], entry, status)  # raises the precise refusal
        raise RevisionConflict(match_id, entry.revision, found[0][0])  # moved on and back is impossible; a race is a conflict

    def journal(self, match_id: str, since: int = 0) -> list[Entry]:
        check_since(since)
        rows = self._query(
            f"SELECT {JOURNAL_COLUMNS} FROM boardcore_journal WHERE match_id = %s AND revision > %s ORDER BY revision", (match_id, since)
        )
        if not rows:
            self.info(match_id)  # an empty journal, or no such match
        return [entry_from_row(match_id, row) for row in rows]

    def header(self, match_id: str) -> Header:
        rows = self._query("SELECT header FROM boardcore_matches WHERE match_id = %s", (match_id,))
        if not rows:
            raise UnknownMatch(match_id)
        return header_from_text(match_id, str(rows[0][0]))

    def info(self, match_id: str) -> MatchInfo:
        rows = self._query(f"SELECT {INFO_COLUMNS} FROM boardcore_matches WHERE match_id = %s", (match_id,))
        if not rows:
            raise UnknownMatch(match_id)
        return info_from_row(rows[0])

    def matches(self, *, game: str | None = None, status: Status | None = None) -> list[MatchInfo]:
        rows = self._query(
            f"SELECT {INFO_COLUMNS} FROM boardcore_matches"
            " WHERE (%(game)s::text IS NULL OR game = %(game)s) AND (%(status)s::text IS NULL OR status = %(status)s)"
            " ORDER BY created, match_id",
            {"game": game, "status": status},
        )
        return [info_from_row(row) for row in rows]

    def newest(self, *, status: Status | None = None, limit: int = 100, before: str | None = None) -> list[MatchInfo]:
        if before is not None and not self._query("SELECT 1 FROM boardcore_matches WHERE match_id = %s", (before,)):
            raise UnknownMatch(before)
        where, params = newest_query(status, before, "%s")
        rows = self._query(f"SELECT {INFO_COLUMNS} FROM boardcore_matches {where} ORDER BY created DESC, match_id DESC LIMIT %s", (*params, limit))
        return [info_from_row(row) for row in rows]

    def secret(self, match_id: str) -> SeedSecret:
        rows = self._query("SELECT seed, salt FROM boardcore_secrets WHERE match_id = %s", (match_id,))
        if not rows:
            raise UnknownMatch(match_id)
        return secret_from_row(match_id, rows[0])

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
