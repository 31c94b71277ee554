"""One SQLite connection as every SQLite-backed part of boardcore holds it (stdlib ``sqlite3``).

The store and the server's seat book each hold one :class:`SqliteDatabase` on the
same file: a lock so threads take turns on the connection, commits on disk before
they return (``synchronous=FULL``), writes that take the file's write lock with
their first statement (``BEGIN IMMEDIATE``, so racing writers queue for up to
``timeout`` seconds instead of failing half way through), reads that see one
snapshot, and every ``OperationalError`` (locked, disk failing) turned into
:class:`~boardcore.store.interface.StoreUnavailable`, whose message names the part.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from boardcore.store.interface import StoreUnavailable

__all__ = ["SqliteDatabase"]

T = TypeVar("T")


class SqliteDatabase:
    """One part's connection to a SQLite file, thread-safe (``what`` names the part in error messages).

    Raises (on opening):
        StoreUnavailable: the file cannot be opened.
    """

    def __init__(self, path: str | Path, *, timeout: float, what: str) -> None:
        self.path = str(path)
        self.what = what
        self._lock = threading.Lock()
        try:
            connection = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
            connection.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        except sqlite3.Error as exc:
            raise StoreUnavailable(f"cannot open {what}: {exc}") from None
        self.connection = connection
        """The connection itself, for the part's own checks and settings while it opens (no other thread has it yet)."""

    def __repr__(self) -> str:
        return f"SqliteDatabase({self.path!r})"

    def set_up(self, script: str, then: Callable[[sqlite3.Connection], T]) -> T:
        """Make every commit durable before it returns (``synchronous=FULL``), then run the ``;``-separated statements
        of ``script`` (the part's tables, created if missing) and ``then`` in one write transaction; what ``then``
        returns (the schema version found, say). Called once, on opening, after the part's own checks of the file.

        Raises:
            StoreUnavailable: the file stayed locked past the timeout, or failed meanwhile.
            sqlite3.Error: the file is not a usable database (the part says what that means for it).
        """
        self.connection.execute("PRAGMA synchronous = FULL")
        with self.write() as db:
            for statement in script.split(";"):
                if statement.strip():
                    db.execute(statement)
            return then(db)

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction that holds the file's write lock from its first statement, committed when the block
        ends and rolled back if it raises.

        Raises:
            StoreUnavailable: the file stayed locked past the timeout, or failed meanwhile.
        """
        with self._lock:
            db = self.connection
            try:
                db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(f"{self.what} stayed locked: {exc}") from None
            try:
                yield db
                db.execute("COMMIT")
            except BaseException as exc:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError):
                    raise StoreUnavailable(f"{self.what} failed: {exc}") from exc
                raise

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every statement in it sees the same snapshot.

        Raises:
            StoreUnavailable: the file failed.
        """
        with self._lock:
            db = self.connection
            try:
                db.execute("BEGIN")
                yield db
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(f"{self.what} failed: {exc}") from exc
            finally:
                if db.in_transaction:
                    db.execute("COMMIT")

    def rows(self, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one statement, run on its own.

        Raises:
            StoreUnavailable: the file failed.
        """
        with self._lock:
            try:
                return self.connection.execute(query, params).fetchall()
            except sqlite3.OperationalError as exc:
                raise StoreUnavailable(f"{self.what} failed: {exc}") from exc

    def close(self) -> None:
        """Close the connection (the data stays)."""
        with self._lock:
            self.connection.close()
