"""The SQLite connection every SQLite-backed part holds: durable commits, writes that queue or roll back whole, errors
that name the part."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from boardcore.store import StoreUnavailable
from boardcore.store.sqlite_db import SqliteDatabase

TABLE = "CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)"


def test_set_up_makes_commits_durable_and_creates_the_tables_once(tmp_path: Path) -> None:
    """set_up turns synchronous=FULL on, creates the tables (again harmlessly) and returns what its callback read."""
    db = SqliteDatabase(tmp_path / "a.sqlite3", timeout=1.0, what="the test table")
    try:
        assert db.set_up(TABLE, lambda c: c.execute("SELECT count(*) FROM t").fetchone()[0]) == 0
        assert db.set_up(TABLE, lambda c: None) is None
        assert db.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    finally:
        db.close()


def test_a_write_that_raises_is_rolled_back_whole(tmp_path: Path) -> None:
    """Rows written before an error in the same write are gone; the error itself is the caller's, unchanged."""
    db = SqliteDatabase(tmp_path / "a.sqlite3", timeout=1.0, what="the test table")
    try:
        db.set_up(TABLE, lambda c: None)
        with pytest.raises(sqlite3.IntegrityError), db.write() as c:
            c.execute("INSERT INTO t VALUES (1, 'one')")
            c.execute("INSERT INTO t VALUES (2, NULL)")
        assert db.rows("SELECT k FROM t") == []
        with db.write() as c:
            c.execute("INSERT INTO t VALUES (1, 'one')")
        with db.read() as c:
            assert c.execute("SELECT v FROM t").fetchall() == [("one",)]
    finally:
        db.close()


def test_a_write_behind_another_writer_waits_then_says_the_file_stayed_locked(tmp_path: Path) -> None:
    """While another connection holds the write lock past the timeout, a write is StoreUnavailable naming the part."""
    path = tmp_path / "a.sqlite3"
    db = SqliteDatabase(path, timeout=0.2, what="the test table")
    other = sqlite3.connect(path, isolation_level=None)
    try:
        db.set_up(TABLE, lambda c: None)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StoreUnavailable, match="the test table stayed locked"), db.write() as c:
            c.execute("INSERT INTO t VALUES (1, 'one')")
        other.execute("ROLLBACK")
        with db.write() as c:  # the lock is free again: the same connection writes
            c.execute("INSERT INTO t VALUES (1, 'one')")
    finally:
        other.close()
        db.close()


def test_a_file_that_cannot_be_opened_is_unavailable_naming_the_part(tmp_path: Path) -> None:
    """A path in a folder that does not exist cannot be opened: StoreUnavailable, not a bare sqlite3 error."""
    with pytest.raises(StoreUnavailable, match="cannot open the test table"):
        SqliteDatabase(tmp_path / "missing" / "a.sqlite3", timeout=0.2, what="the test table")
