"""The PostgreSQL connection every PostgreSQL-backed part holds: reopened when lost, tables made once behind a lock,
errors that name the part."""

from __future__ import annotations

import socket

import psycopg
import pytest

from boardcore.store import StoreUnavailable
from boardcore.store.postgres_db import PostgresDatabase
from tests.store.postgres import postgres_url, scratch_schema

TABLE = "CREATE TABLE IF NOT EXISTS t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)"
LOCK = 0x7465737464620001


def test_a_part_keeps_its_tables_in_its_schema_and_its_channels_are_suffixed() -> None:
    """set_up makes the table in the part's own schema and returns what its callback read; channels carry the schema."""
    url = postgres_url()
    with scratch_schema(url) as schema:
        db = PostgresDatabase(url, schema=schema, connect_timeout=5, what="the test table")
        try:
            assert db.set_up(TABLE, LOCK, lambda c: c.execute("SELECT count(*) FROM t").fetchone()) == (0,)
            assert db.changed("INSERT INTO t VALUES (%s, %s), (%s, %s)", (1, "one", 2, "two")) == 2
            assert db.rows("SELECT table_schema FROM information_schema.tables WHERE table_name = 't'") == [(schema,)]
            assert db.channel("boardcore_x") == f"boardcore_x.{schema}"
            assert PostgresDatabase(url, schema=None, connect_timeout=5, what="-").channel("boardcore_x") == "boardcore_x"
        finally:
            db.close()


def test_a_transaction_that_raises_is_rolled_back_and_a_lost_connection_is_reopened() -> None:
    """An error inside a transaction leaves nothing written; after the server drops the connection the next call
    reconnects (to the same schema) and finds the committed rows."""
    url = postgres_url()
    with scratch_schema(url) as schema:
        db = PostgresDatabase(url, schema=schema, connect_timeout=5, what="the test table")
        try:
            db.set_up(TABLE, LOCK, lambda c: None)
            with pytest.raises(psycopg.errors.NotNullViolation), db.transaction(pipeline=True) as c:
                c.execute("INSERT INTO t VALUES (1, 'one')")
                c.execute("INSERT INTO t VALUES (2, NULL)")
            with db.transaction() as c:
                c.execute("INSERT INTO t VALUES (3, 'three')")
            pid = db.rows("SELECT pg_backend_pid()")[0][0]
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
            with pytest.raises(StoreUnavailable, match="the test table failed"):
                db.rows("SELECT k FROM t")  # the call that finds the connection gone
            assert db.rows("SELECT k FROM t") == [(3,)]
            assert db.rows("SELECT pg_backend_pid()")[0][0] != pid
        finally:
            db.close()


def test_a_server_that_cannot_be_reached_is_unavailable_naming_the_part() -> None:
    """Nothing listens on the port: StoreUnavailable saying which part could not reach its database."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    db = PostgresDatabase(f"postgresql://nobody@127.0.0.1:{port}/none", schema=None, connect_timeout=1, what="the test table")
    with pytest.raises(StoreUnavailable, match="cannot reach the test table"):
        db.rows("SELECT 1")
