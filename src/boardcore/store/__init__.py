"""Durable matches: one store protocol, three backends (memory, SQLite, PostgreSQL), export to logs.

``open_store("matches.sqlite3")`` opens (or creates) a SQLite file, the embedded
default; ``open_store("postgresql://...")`` a PostgreSQL database (the
``[postgres]`` extra). A :class:`~boardcore.table.Table` writes each step to its
store as it is played and resumes from it after a restart. The schema and the
guarantees are in ``docs/serving.md``.
"""

from __future__ import annotations

from pathlib import Path

from boardcore.store.export import export_log, live_records
from boardcore.store.memory import MemoryStore
from boardcore.store.protocol import (
    STATUSES,
    Entry,
    InvalidEntry,
    MatchExists,
    MatchInfo,
    MatchRejected,
    RevisionConflict,
    SeedSecret,
    Status,
    StepEntry,
    Store,
    StoreError,
    StoreUnavailable,
    UndoEntry,
    UnknownMatch,
)
from boardcore.store.sqlite import SqliteStore

try:
    from boardcore.store.postgres import PostgresStore
except ImportError as exc:  # the [postgres] extra (psycopg) is not installed
    _POSTGRES_MISSING: str | None = f"PostgreSQL stores need psycopg 3: pip install 'boardcore[postgres]' ({exc})"
else:
    _POSTGRES_MISSING = None

__all__ = [
    "STATUSES",
    "Entry",
    "InvalidEntry",
    "MatchExists",
    "MatchInfo",
    "MatchRejected",
    "MemoryStore",
    "RevisionConflict",
    "SeedSecret",
    "SqliteStore",
    "Status",
    "StepEntry",
    "Store",
    "StoreError",
    "StoreUnavailable",
    "UndoEntry",
    "UnknownMatch",
    "export_log",
    "is_postgres_url",
    "live_records",
    "open_store",
]


def is_postgres_url(location: str | Path) -> bool:
    """``location`` is a ``postgresql://`` (or ``postgres://``) URL rather than a file path."""
    return isinstance(location, str) and location.startswith(("postgresql://", "postgres://"))


def open_store(location: str | Path) -> Store:
    """The store at ``location``: a PostgreSQL URL, else the path of a SQLite file (created if missing).

    Raises:
        StoreUnavailable: the database cannot be opened (or psycopg is not installed for a URL).
        StoreError: it holds a boardcore schema of another version.
    """
    if is_postgres_url(location):
        if _POSTGRES_MISSING is not None:
            raise StoreUnavailable(_POSTGRES_MISSING)
        return PostgresStore(str(location))
    return SqliteStore(location)
