"""The SQLite store passes the store contract, and keeps the promises of its file format."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardcore.store import SqliteStore, Store, StoreError, open_store
from boardcore.testing.store_contract import StoreContract


class TestSqliteStore(StoreContract):
    @pytest.fixture
    def store(self, tmp_path: Path) -> Iterator[SqliteStore]:
        store = SqliteStore(tmp_path / "matches.sqlite3")
        yield store
        store.close()

    def reopen(self, store: Store) -> Store:
        assert isinstance(store, SqliteStore)
        store.close()
        return SqliteStore(store.path)


def test_the_file_is_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    """WAL (readers never block the writer) is set in the file; synchronous=FULL on the store's connection."""
    store = SqliteStore(tmp_path / "m.sqlite3")
    with sqlite3.connect(tmp_path / "m.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store._db.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    store.close()


def test_a_file_of_another_schema_version_is_refused(tmp_path: Path) -> None:
    """A database written by a future boardcore is refused rather than misread."""
    SqliteStore(tmp_path / "m.sqlite3").close()
    with sqlite3.connect(tmp_path / "m.sqlite3") as db:
        db.execute("UPDATE boardcore_meta SET value = '99' WHERE key = 'schema_version'")
    db.close()
    with pytest.raises(StoreError, match="schema version 99"):
        SqliteStore(tmp_path / "m.sqlite3")


def test_open_store_takes_a_path_for_sqlite(tmp_path: Path) -> None:
    """open_store opens a SQLite file for anything that is not a postgresql:// URL."""
    store = open_store(str(tmp_path / "x.sqlite3"))
    assert isinstance(store, SqliteStore)
    store.close()


def test_a_zero_byte_file_is_refused(tmp_path: Path) -> None:
    """A 0-byte file (a failed copy) is not silently made a new store."""
    path = tmp_path / "empty.sqlite3"
    path.touch()
    with pytest.raises(StoreError, match="empty"):
        SqliteStore(path)
    assert path.stat().st_size == 0


def test_a_file_that_is_not_sqlite_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list\n" * 100)
    with pytest.raises(StoreError, match="not a usable boardcore store"):
        SqliteStore(path)


def test_another_applications_database_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE contacts (name TEXT)")
    db.close()
    with pytest.raises(StoreError, match="another application"):
        SqliteStore(path)
    with sqlite3.connect(path) as db:
        assert [row[0] for row in db.execute("SELECT name FROM sqlite_master")] == ["contacts"]
    db.close()


def test_a_missing_file_is_a_new_store(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / "new.sqlite3")
    try:
        assert store.matches() == []
    finally:
        store.close()
