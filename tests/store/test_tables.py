"""The store's tables, written once for both SQL dialects, and the schema version a store must hold."""

from __future__ import annotations

import sqlite3

from boardcore.store.tables import POSTGRES, SCHEMA_VERSION, SQLITE, schema_version, tables, version_mismatch


def test_one_template_gives_each_dialect_its_own_words() -> None:
    """The same tables in both dialects, each with its own types and placeholders."""
    assert tables("sqlite") == SQLITE and tables("postgres") == POSTGRES
    assert "DOUBLE PRECISION" in POSTGRES and "DOUBLE PRECISION" not in SQLITE
    names = [s.split("(")[0].split()[-1] for s in SQLITE.split(";") if "CREATE TABLE" in s]
    assert names == [s.split("(")[0].split()[-1] for s in POSTGRES.split(";") if "CREATE TABLE" in s]
    assert {"boardcore_matches", "boardcore_meta"} <= set(names)


def test_a_new_store_records_this_engine_s_version_and_an_old_one_keeps_its_own() -> None:
    """The first opening writes the version; a store holding another version is named with both versions."""
    db = sqlite3.connect(":memory:")
    db.executescript(SQLITE)
    assert schema_version(db, "sqlite") == str(SCHEMA_VERSION) and version_mismatch(str(SCHEMA_VERSION), "x") is None
    db.execute("UPDATE boardcore_meta SET value = '0' WHERE key = 'schema_version'")
    found = schema_version(db, "sqlite")
    assert found == "0"
    assert version_mismatch(found, "store.db") == f"store.db holds boardcore store schema version 0; this engine reads version {SCHEMA_VERSION}"
