"""Durable matches: one store interface, three backends (memory, SQLite, PostgreSQL), export to logs.

``open_store("matches.sqlite3")`` opens (or creates) a SQLite file, the embedded
default; ``open_store("postgresql://...")`` a PostgreSQL database (the
``[postgres]`` extra, imported only then: ``import boardcore.store`` never loads
psycopg). A :class:`~boardcore.table.Table` writes each step to its store as it
is played and resumes from it after a restart. The schema and the guarantees are
in ``docs/serving.md``; each SQL backend's connection is in ``sqlite_db``/``postgres_db``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from boardcore.store.export import export_log, live_records
from boardcore.store.interface import (
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
from boardcore.store.memory import MemoryStore
from boardcore.store.sqlite import SqliteStore

if TYPE_CHECKING:
    from boardcore.store.postgres import PostgresStore as PostgresStore

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
    "is_postgres_store",
    "is_postgres_url",
    "live_records",
    "open_store",
    "postgres_module",
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
        store: Store = postgres_module("boardcore.store.postgres").PostgresStore(str(location))
        return store
    return SqliteStore(location)


def is_postgres_store(store: Store) -> bool:
    """``store`` is a :class:`~boardcore.store.postgres.PostgresStore`, told without importing psycopg (one exists only
    once its module was imported)."""
    module = sys.modules.get("boardcore.store.postgres")
    return module is not None and isinstance(store, module.PostgresStore)


def postgres_module(name: str) -> ModuleType:
    """The PostgreSQL backend module ``name`` (the store's, the seat book's), imported now: psycopg loads only when a
    PostgreSQL database is asked for, never with ``import boardcore.store``.

    Raises:
        StoreUnavailable: psycopg (the ``[postgres]`` extra) is not installed.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.partition(".")[0] not in ("psycopg", "psycopg_binary", "psycopg_c"):
            raise
        raise StoreUnavailable(f"PostgreSQL needs psycopg 3: pip install 'boardcore[postgres]' ({exc})") from None


def __getattr__(name: str) -> Any:
    """``PostgresStore``, imported on first use (it needs psycopg, the ``[postgres]`` extra: ``ImportError`` without it)."""
    if name == "PostgresStore":
        return importlib.import_module("boardcore.store.postgres").PostgresStore
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
