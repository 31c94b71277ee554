"""A file that is not a boardcore store is refused with a clear message, never started as an empty lobby."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from boardcore.store import SqliteStore, StoreError


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
