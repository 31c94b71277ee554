"""The command line over a store: ``play --db``, ``matches``, ``resume``, ``export``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from boardcore.cli import main
from boardcore.store import SqliteStore, open_store
from boardcore.verify import verify
from tests.store.postgres import postgres_url, scratch_schema


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def only_match(db: str) -> str:
    store = open_store(db)
    (info,) = store.matches()
    store.close()
    return info.match_id


def test_play_stores_each_step_and_resume_finishes_it(capsys: pytest.CaptureFixture[str]) -> None:
    """play --db --stop-after leaves an active match; matches lists it; resume verifies it and bots finish it; export verifies."""
    assert main(["play", "five_wards", "--db", "m.sqlite3", "--stop-after", "5"]) == 0
    out = capsys.readouterr().out
    match_id = only_match("m.sqlite3")
    assert f"Stored in m.sqlite3 as match {match_id} (revision 5)." in out
    assert main(["matches", "--db", "m.sqlite3", "--status", "active"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[1].split()[:5] == [match_id, "five_wards", "active", "5", "5"]
    assert main(["resume", match_id, "--db", "m.sqlite3"]) == 0
    out = capsys.readouterr().out
    assert f"Match {match_id} (5 Wards) replayed and verified: 5 steps, revision 5." in out
    assert "Outcome:" in out
    assert main(["matches", "--db", "m.sqlite3", "--status", "active"]) == 0
    assert capsys.readouterr().out == "No matches.\n"
    assert main(["export", match_id, "--db", "m.sqlite3", "--out", "game.msgpack"]) == 0
    assert "verify: valid" in capsys.readouterr().out
    assert verify(Path("game.msgpack"), complete=True).ok


def test_a_committed_match_exports_its_reveal_only_once_finished(capsys: pytest.CaptureFixture[str]) -> None:
    """An unfinished committed-seed match exports without its seed (verify asks for it); finished, it verifies alone."""
    assert main(["play", "tic_tac_toe", "--db", "m.sqlite3", "--commit-seed", "--stop-after", "2"]) == 1
    match_id = only_match("m.sqlite3")
    assert main(["export", match_id, "--db", "m.sqlite3"]) == 1
    assert "seed is committed but not revealed" in capsys.readouterr().out
    assert b'"reveal"' not in Path(f"out/{match_id}.jsonl").read_bytes()
    assert main(["resume", match_id, "--db", "m.sqlite3", "--bots", "random"]) == 0
    assert main(["export", match_id, "--db", "m.sqlite3"]) == 0
    assert b'"type":"reveal"' in Path(f"out/{match_id}.jsonl").read_bytes()


def test_a_tampered_match_is_not_resumed(capsys: pytest.CaptureFixture[str]) -> None:
    """resume reports a match whose rows fail verification and exits 1, leaving it as it is."""
    main(["play", "tic_tac_toe", "--db", "m.sqlite3", "--stop-after", "3"])
    match_id = only_match("m.sqlite3")
    with sqlite3.connect("m.sqlite3") as db:
        db.execute("UPDATE boardcore_journal SET state = ? WHERE revision = 2", ("0" * 32,))
    db.close()
    capsys.readouterr()
    assert main(["resume", match_id, "--db", "m.sqlite3"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"Not resumed: stored match {match_id!r} fails verification at revision 2 [digest_mismatch]")
    store = SqliteStore("m.sqlite3")
    assert store.info(match_id).revision == 3
    store.close()


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
