"""``boardcore matches``: the matches of a store, on SQLite and PostgreSQL, and never an empty store made by reading."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from boardcore.cli import main
from boardcore.store import SqliteStore
from tests.boardcore.cli.stored import only_match
from tests.store.postgres import postgres_url, scratch_schema

pytestmark = pytest.mark.usefixtures("in_tmp")
"""Every test runs in its own empty folder: the stores and exported logs land there."""


def test_reading_commands_never_create_a_store(capsys: pytest.CaptureFixture[str]) -> None:
    """matches, resume and export on a missing file fail (exit 2) instead of creating an empty store."""
    for argv in (["matches", "--db", "none.sqlite3"], ["resume", "x", "--db", "none.sqlite3"], ["export", "x", "--db", "none.sqlite3"]):
        assert main(argv) == 2
        assert "no store at 'none.sqlite3'" in capsys.readouterr().err
    assert not Path("none.sqlite3").exists()
    SqliteStore("m.sqlite3").close()
    assert main(["resume", "nope", "--db", "m.sqlite3"]) == 2
    assert "no match 'nope'" in capsys.readouterr().err


def test_play_and_list_on_postgresql(capsys: pytest.CaptureFixture[str]) -> None:
    """The same commands work with a postgresql:// URL."""
    url = postgres_url()
    with scratch_schema(url) as schema:
        with psycopg.connect(url, autocommit=True) as db:
            db.execute(sql.SQL("CREATE SCHEMA {}").format(sql.Identifier(schema)))
        scoped = f"{url}?options=-csearch_path%3D{schema}"
        assert main(["play", "kuhn_poker", "--db", scoped]) == 0
        capsys.readouterr()
        assert main(["matches", "--db", scoped, "--game", "kuhn_poker"]) == 0
        assert capsys.readouterr().out.splitlines()[1].split()[1:3] == ["kuhn_poker", "finished"]
        match_id = only_match(scoped)
        assert main(["export", match_id, "--db", scoped]) == 0
