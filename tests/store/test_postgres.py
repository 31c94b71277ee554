"""The PostgreSQL store passes the store contract, and notifies listeners of each new revision."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from boardcore.store import (
    MemoryStore,
    PostgresStore,
    SeedSecret,
    SqliteStore,
    Store,
    StoreError,
    StoreUnavailable,
    is_postgres_store,
    open_store,
)
from boardcore.testing.store_contract import StoreContract, header_for, step_entry
from tests.store.postgres import postgres_url, scratch_schema, scratch_store

SRC = str(Path(__file__).resolve().parents[2] / "src")


@pytest.fixture
def url() -> str:
    return postgres_url()


class TestPostgresStore(StoreContract):
    @pytest.fixture
    def store(self, url: str) -> Iterator[PostgresStore]:
        with scratch_store(url) as store:
            yield store

    def reopen(self, store: Store) -> Store:
        assert isinstance(store, PostgresStore)
        store.close()
        return PostgresStore(store.conninfo, schema=store.schema)


def test_each_append_notifies_its_match_and_revision_at_commit(url: str) -> None:
    """A listener hears (match id, revision) for every append, and nothing for a refused one; never a secret."""
    with scratch_store(url) as store, psycopg.connect(url, autocommit=True) as listener:
        listener.execute(f'LISTEN "{store.channel}"')
        store.create("m", header_for(seed=123456789), SeedSecret(123456789))
        store.append("m", step_entry(1, 1), "active")
        store.append("m", step_entry(2, 2), "active")
        with pytest.raises(StoreError):
            store.append("m", step_entry(2, 3), "active")
        heard = [json.loads(n.payload) for n in listener.notifies(timeout=0.3, stop_after=3)]
        assert heard == [{"match_id": "m", "revision": 1}, {"match_id": "m", "revision": 2}]
        assert "123456789" not in json.dumps(heard)


def test_a_lost_connection_is_reopened(url: str) -> None:
    """When the server drops the store's connection, the next call reconnects."""
    with scratch_store(url) as store:
        store.create("m", header_for(), SeedSecret(7))
        pid = store._db.connection().info.backend_pid
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(StoreUnavailable):
            store.info("m")
        assert store.info("m").revision == 0


def test_a_database_of_another_schema_version_is_refused(url: str) -> None:
    """A schema written by a future boardcore is refused rather than misread."""
    with scratch_schema(url) as schema:
        PostgresStore(url, schema=schema).close()
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(f"UPDATE {schema}.boardcore_meta SET value = '99' WHERE key = 'schema_version'")
        with pytest.raises(StoreError, match="schema version 99"):
            PostgresStore(url, schema=schema)


def test_open_store_takes_a_postgresql_url(url: str) -> None:
    """open_store opens a PostgreSQL store for a postgresql:// URL."""
    store = open_store(url)
    assert isinstance(store, PostgresStore) and is_postgres_store(store)
    store.close()


def test_is_postgres_store_tells_the_postgresql_store_from_the_others(tmp_path: Path) -> None:
    """Only a PostgreSQL store is one (the server starts its cluster for it); memory and SQLite stores are not."""
    sqlite = SqliteStore(tmp_path / "s.sqlite3")
    try:
        assert not is_postgres_store(MemoryStore()) and not is_postgres_store(sqlite)
    finally:
        sqlite.close()


def test_without_psycopg_a_postgresql_url_is_unavailable_and_everything_else_works(tmp_path: Path) -> None:
    """Without the [postgres] extra the SQLite store and the seat book still open, and a URL is refused with the
    extra's name: psycopg is imported only when a PostgreSQL database is asked for."""
    script = (
        "import sys; sys.modules['psycopg'] = None\n"
        "from boardcore.store import StoreUnavailable, open_store\n"
        "from boardcore.serve.hub import open_backends\n"
        f"store, seats = open_backends({str(tmp_path / 'x.sqlite3')!r}); store.close(); seats.close()\n"
        "try:\n"
        "    open_store('postgresql://nobody@127.0.0.1:1/none')\n"
        "except StoreUnavailable as exc:\n"
        "    print(exc)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False, env={**os.environ, "PYTHONPATH": os.pathsep.join([SRC, os.environ.get("PYTHONPATH", "")])},
    )
    assert done.returncode == 0, done.stderr
    assert "pip install 'boardcore[postgres]'" in done.stdout and (tmp_path / "x.sqlite3").is_file()
