"""One PostgreSQL connection as every PostgreSQL-backed part of boardcore holds it (psycopg 3, the ``[postgres]`` extra).

The store, the server's seat book and the server processes' tables each hold one
:class:`PostgresDatabase`: an autocommit connection reopened on the next call after
it was lost, a lock so threads take turns on it, tables created behind an advisory
lock (servers starting together do not race), and every connection failure turned
into :class:`~boardcore.store.interface.StoreUnavailable`, whose message names the part.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg import sql

from boardcore.store.interface import StoreUnavailable

__all__ = ["Connection", "Params", "PostgresDatabase"]

Connection = psycopg.Connection[tuple[Any, ...]]
"""One open connection (rows as tuples)."""
Params = Sequence[Any] | dict[str, Any]
"""A statement's parameters: positional (``%s``) or named (``%(name)s``)."""

T = TypeVar("T")


class PostgresDatabase:
    """One part's connection to a PostgreSQL database, thread-safe.

    ``conninfo`` is a ``postgresql://`` URL or a libpq connection string; ``schema``
    keeps the part's tables in a schema of their own (created if missing); ``what``
    names the part in error messages ("the PostgreSQL store").
    """

    def __init__(self, conninfo: str, *, schema: str | None, connect_timeout: float, what: str) -> None:
        self.conninfo = conninfo
        """The URL or connection string (it may hold a password: never print it)."""
        self.schema = schema
        self.what = what
        self._timeout = connect_timeout
        self._lock = threading.Lock()
        self._db: Connection | None = None

    def __repr__(self) -> str:
        where = "" if self.schema is None else f", schema={self.schema!r}"
        return f"PostgresDatabase({self.what!r}{where})"

    def channel(self, name: str) -> str:
        """The ``NOTIFY`` channel ``name`` of this schema (suffixed with ``.SCHEMA`` when there is one)."""
        return name if self.schema is None else f"{name}.{self.schema}"

    def connection(self) -> Connection:
        """The open connection, reconnecting (and setting the search path) when it was lost; call it holding the lock
        (inside :meth:`transaction`), or for a setting of one's own on a connection no other thread uses yet.

        Raises:
            StoreUnavailable: the server cannot be reached.
        """
        db = self._db
        if db is not None and not db.closed and not db.broken:
            return db
        if db is not None:
            db.close()
        self._db = None
        try:
            db = psycopg.connect(self.conninfo, autocommit=True, connect_timeout=max(1, int(self._timeout)))
        except psycopg.OperationalError as exc:
            raise StoreUnavailable(f"cannot reach {self.what}: {exc}") from None
        try:
            if self.schema is not None:
                db.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(self.schema)))
                db.execute(sql.SQL("SET search_path TO {}").format(sql.Identifier(self.schema)))
        except BaseException as exc:
            db.close()
            if isinstance(exc, psycopg.OperationalError):
                raise StoreUnavailable(f"cannot reach {self.what}: {exc}") from None
            raise
        self._db = db
        return db

    def set_up(self, script: str, lock: int, then: Callable[[Connection], T]) -> T:
        """Run the ``;``-separated statements of ``script`` and then ``then`` in one transaction, behind the advisory
        lock ``lock``; what ``then`` returns (the schema version found, say).

        Raises:
            StoreUnavailable: the server cannot be reached, or fails meanwhile.
        """
        with self._lock:
            db = self.connection()
            try:
                with db.transaction():
                    db.execute("SELECT pg_advisory_xact_lock(%s)", (lock,))
                    for statement in script.split(";"):
                        if statement.strip():
                            db.execute(statement)
                    return then(db)
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"cannot set up {self.what}: {exc}") from None

    @contextmanager
    def transaction(self, *, pipeline: bool = False) -> Iterator[Connection]:
        """One transaction on the (re)opened connection, committed when the block ends; ``pipeline`` sends statements
        without waiting for each other's results until a result is read or the transaction commits.

        Raises:
            StoreUnavailable: the server cannot be reached, or fails meanwhile.
        """
        with self._lock:
            db = self.connection()
            try:
                if pipeline:
                    with db.pipeline(), db.transaction():
                        yield db
                else:
                    with db.transaction():
                        yield db
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"{self.what} failed: {exc}") from exc

    def rows(self, query: str, params: Params = ()) -> list[tuple[Any, ...]]:
        """The rows of one statement, run on its own (its own snapshot, one round trip; none for a statement that
        returns none).

        Raises:
            StoreUnavailable: the server cannot be reached, or fails meanwhile.
        """
        return self._run(query, params)[0]

    def changed(self, query: str, params: Params = ()) -> int:
        """How many rows one statement, run on its own, changed.

        Raises:
            StoreUnavailable: the server cannot be reached, or fails meanwhile.
        """
        return self._run(query, params)[1]

    def _run(self, query: str, params: Params) -> tuple[list[tuple[Any, ...]], int]:
        with self._lock:
            db = self.connection()
            try:
                cursor = db.execute(query, params)
                return (cursor.fetchall() if cursor.description is not None else []), cursor.rowcount
            except psycopg.OperationalError as exc:
                raise StoreUnavailable(f"{self.what} failed: {exc}") from exc

    def close(self) -> None:
        """Close the connection (the next call opens a fresh one)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
