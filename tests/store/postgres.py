"""The PostgreSQL server the tests use: ``BOARDCORE_TEST_POSTGRES`` (``.ci/run`` starts one and sets it).

Outside CI, tests that need it skip and say why; in CI (``CI`` set) a missing URL
fails them, so PostgreSQL is never skipped silently where it must run.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
import pytest
from psycopg import sql

from boardcore.store import PostgresStore

ENV = "BOARDCORE_TEST_POSTGRES"


def postgres_url() -> str:
    """The server's URL; skips the test outside CI when there is none, fails it in CI."""
    url = os.environ.get(ENV)
    if url:
        return url
    if os.environ.get("CI"):
        pytest.fail(f"CI is set but {ENV} is not: .ci/run must start PostgreSQL and export its URL", pytrace=False)
    pytest.skip(f"no PostgreSQL server: set {ENV}=postgresql://USER@HOST:PORT/DB to run this (.ci/run starts one in CI)")


@contextmanager
def scratch_schema(url: str) -> Iterator[str]:
    """A fresh schema name for one test's tables, dropped afterwards."""
    name = f"test_{secrets.token_hex(6)}"
    try:
        yield name
    finally:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(name)))


@contextmanager
def scratch_store(url: str) -> Iterator[PostgresStore]:
    """A PostgreSQL store in a schema of its own, closed and dropped afterwards."""
    with scratch_schema(url) as schema:
        store = PostgresStore(url, schema=schema)
        try:
            yield store
        finally:
            store.close()
