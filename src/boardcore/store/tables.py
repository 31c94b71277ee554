"""The store's tables, written once for both SQL backends (``docs/serving.md`` documents them).

The text is one template; each backend fills in its own words for the three column
kinds the two databases spell differently, so the tables are the same in both.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from boardcore.store.rows import SCHEMA_VERSION

__all__ = ["POSTGRES", "SQLITE", "Dialect", "schema_version", "tables", "version_mismatch"]

Dialect = Literal["sqlite", "postgres"]

_TEMPLATE = """
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
    created {seconds} NOT NULL,
    updated {seconds} NOT NULL
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
    forced {flag} NOT NULL,
    PRIMARY KEY (match_id, revision)
){journal_options};
CREATE TABLE IF NOT EXISTS boardcore_secrets (
    match_id TEXT PRIMARY KEY REFERENCES boardcore_matches (match_id),
    seed TEXT NOT NULL,
    salt TEXT
);
"""
"""``seconds``: Unix time as a float; ``flag``: a boolean; ``journal_options``: how the journal is laid out on disk."""

_WORDS: dict[Dialect, dict[str, str]] = {
    "sqlite": {"seconds": "REAL", "flag": "INTEGER", "journal_options": " WITHOUT ROWID", "mark": "?"},
    "postgres": {"seconds": "DOUBLE PRECISION", "flag": "BOOLEAN", "journal_options": "", "mark": "%s"},
}
"""Each dialect's words for the template, and ``mark``: its driver's placeholder."""


class _Connection(Protocol):
    """What :func:`schema_version` needs of a connection: ``sqlite3``'s and psycopg's both have it."""

    def execute(self, query: str, params: tuple[Any, ...], /) -> Any: ...


def tables(dialect: Dialect) -> str:
    """The ``;``-separated statements that create the store's tables (if missing) in ``dialect``."""
    return _TEMPLATE.format(**_WORDS[dialect])


SQLITE = tables("sqlite")
POSTGRES = tables("postgres")


def schema_version(db: _Connection, dialect: Dialect) -> object:
    """Record this engine's schema version in a new store (in the transaction that created its tables); the version
    the store holds (``None``: none)."""
    mark = _WORDS[dialect]["mark"]
    db.execute(f"INSERT INTO boardcore_meta (key, value) VALUES ('schema_version', {mark}) ON CONFLICT (key) DO NOTHING", (str(SCHEMA_VERSION),))
    row = db.execute("SELECT value FROM boardcore_meta WHERE key = 'schema_version'", ()).fetchone()
    return None if row is None else row[0]


def version_mismatch(found: object, where: str) -> str | None:
    """Why a database whose ``boardcore_meta`` holds schema version ``found`` cannot be used (``None``: it can)."""
    if found == str(SCHEMA_VERSION):
        return None
    return f"{where} holds boardcore store schema version {found}; this engine reads version {SCHEMA_VERSION}"
