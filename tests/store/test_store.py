"""``boardcore.store``: one way to open a store from a location, and the PostgreSQL backend loaded only when asked for."""

from __future__ import annotations

from pathlib import Path

import pytest

import boardcore.store as store_package
from boardcore.store import MemoryStore, SqliteStore, is_postgres_store, is_postgres_url, open_store, postgres_module


@pytest.mark.parametrize(
    ("location", "postgres"),
    [("postgresql://u@h/db", True), ("postgres://h/db", True), ("games.sqlite3", False), (Path("postgresql://x"), False), ("my-postgresql://x", False)],
)
def test_only_a_postgresql_url_string_is_a_postgres_location(location: str | Path, postgres: bool) -> None:
    """A ``postgresql://`` or ``postgres://`` string; a Path is always a file, whatever its name."""
    assert is_postgres_url(location) is postgres


def test_a_path_opens_a_sqlite_store_that_is_not_told_as_postgres(tmp_path: Path) -> None:
    """A file path (str or Path) opens SQLite, creating the file; neither it nor the memory store counts as PostgreSQL."""
    for location in (tmp_path / "a.sqlite3", str(tmp_path / "b.sqlite3")):
        opened = open_store(location)
        try:
            assert isinstance(opened, SqliteStore) and not is_postgres_store(opened) and Path(location).is_file()
        finally:
            opened.close()
    assert not is_postgres_store(MemoryStore())


def test_a_missing_module_other_than_psycopg_is_not_blamed_on_the_extra() -> None:
    """Only psycopg's absence becomes the "install boardcore[postgres]" message; any other missing module is raised."""
    with pytest.raises(ModuleNotFoundError, match="no_such_backend"):
        postgres_module("boardcore.store.no_such_backend")
    with pytest.raises(AttributeError, match="has no attribute 'Nothing'"):
        store_package.Nothing  # noqa: B018
