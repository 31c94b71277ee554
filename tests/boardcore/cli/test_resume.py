"""``boardcore resume``: a stored match replayed, verified and finished by bots; a tampered one left as it is."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from boardcore.cli import main
from boardcore.store import SqliteStore
from boardcore.verify import verify
from tests.boardcore.cli.stored import only_match

pytestmark = pytest.mark.usefixtures("in_tmp")
"""Every test runs in its own empty folder: the stores and exported logs land there."""


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
