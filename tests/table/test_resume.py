"""Resuming a stored match replays and verifies every row: a store whose rows fail is reported, never used."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from boardcore import Match
from boardcore.registry import get_game
from boardcore.store import MatchRejected, SqliteStore, export_log
from boardcore.store.interface import SeedSecret
from boardcore.table import Table
from boardcore.verify import verify

TTT = get_game("tic_tac_toe")


def stored_match(path: Path, *, commit_seed: bool = False) -> Table[Any, Any, Any, Any]:
    """A tic-tac-toe match in a SQLite file: three steps, an undo (revision 4), a fourth step; 5 revisions."""
    table = Table.create(TTT, ["Ann", "Bob"], seed=None if commit_seed else 3, commit_seed=commit_seed, store=SqliteStore(path), match_id="m")
    for seat, cell in ((0, 4), (1, 0), (0, 8)):
        table.act(seat, table.revision, {"type": "PlaceMark", "cell": cell})
    table.undo(0, table.revision)
    table.act(0, table.revision, {"type": "PlaceMark", "cell": 2})
    table.store.close()
    return table


def tamper(path: Path, statement: str, *params: Any) -> None:
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA ignore_check_constraints = ON")  # damage as another tool could do it
        assert db.execute(statement, params).rowcount == 1
    db.close()


CASES: dict[str, tuple[str, Callable[[Path], None]]] = {
    "state digest": ("digest_mismatch", lambda p: tamper(p, "UPDATE boardcore_journal SET state = ? WHERE revision = 2", "0" * 32)),
    "events digest": ("digest_mismatch", lambda p: tamper(p, "UPDATE boardcore_journal SET events = ? WHERE revision = 3", "0" * 32)),
    "chain value": ("broken_chain", lambda p: tamper(p, "UPDATE boardcore_journal SET chain = ? WHERE revision = 1", "0" * 32)),
    "illegal action": ("illegal_action", lambda p: tamper(p, "UPDATE boardcore_journal SET action = ? WHERE revision = 2", '{"type":"PlaceMark","cell":4}')),
    "malformed action": ("corrupt", lambda p: tamper(p, "UPDATE boardcore_journal SET action = ? WHERE revision = 2", '{"type":"PlaceMark"')),
    "foreign action": ("corrupt", lambda p: tamper(p, "UPDATE boardcore_journal SET action = ? WHERE revision = 2", '{"type":"Bet"}')),
    "missing revision": ("corrupt", lambda p: tamper(p, "DELETE FROM boardcore_journal WHERE revision = 2")),
    "unknown kind": ("corrupt", lambda p: tamper(p, "UPDATE boardcore_journal SET kind = 'redo' WHERE revision = 4")),
    "undo of another seat": ("illegal_action", lambda p: tamper(p, "UPDATE boardcore_journal SET player = 1 WHERE revision = 4")),
    "status": ("status_mismatch", lambda p: tamper(p, "UPDATE boardcore_matches SET status = 'finished'")),
    "engine version": (
        "broken_chain",
        lambda p: tamper(p, "UPDATE boardcore_matches SET header = replace(header, '\"engine_version\":\"', '\"engine_version\":\"9')"),
    ),
    "header": ("broken_chain", lambda p: tamper(p, "UPDATE boardcore_matches SET header = replace(header, '\"players\":[\"Ann\"', '\"players\":[\"Eve\"')")),
    "public seed": ("seed_mismatch", lambda p: tamper(p, "UPDATE boardcore_secrets SET seed = '4'")),
    "unknown game": ("unknown_game", lambda p: tamper(p, "UPDATE boardcore_matches SET header = replace(header, 'tic_tac_toe', 'tic_tac_tow')")),
}


def test_an_untouched_store_resumes(tmp_path: Path) -> None:
    """Without tampering, the match reopens at its revision with the same snapshots."""
    table = stored_match(tmp_path / "m.sqlite3")
    store = SqliteStore(tmp_path / "m.sqlite3")
    resumed = Table.open(store, "m")
    assert resumed.revision == 5
    assert [resumed.snapshot(s) for s in (None, 0, 1)] == [table.snapshot(s) for s in (None, 0, 1)]
    store.close()


@pytest.mark.parametrize("case", list(CASES))
def test_a_tampered_row_is_reported_not_used(tmp_path: Path, case: str) -> None:
    """Each kind of damage to the stored rows makes Table.open raise MatchRejected naming it."""
    kind, damage = CASES[case]
    stored_match(tmp_path / "m.sqlite3")
    damage(tmp_path / "m.sqlite3")
    store = SqliteStore(tmp_path / "m.sqlite3")
    with pytest.raises(MatchRejected) as raised:
        Table.open(store, "m")
    assert raised.value.kind == kind, raised.value
    store.close()


def test_a_match_stored_by_an_older_engine_resumes_and_plays_on(tmp_path: Path) -> None:
    """A match whose header names another engine version (same rules) reopens, keeps its header, and plays on:
    the records chain from the stored header, whichever engine wrote it."""
    old = msgspec.structs.replace(Match.new(TTT, ["Ann", "Bob"], 3).header, engine_version="0.1.0")
    match = Match.from_header(TTT, old, 3)
    store = SqliteStore(tmp_path / "m.sqlite3")
    store.create("m", match.header, SeedSecret(3, None))
    table = Table(match, "m", store)
    table.act(0, 0, {"type": "PlaceMark", "cell": 4})
    store.close()
    store = SqliteStore(tmp_path / "m.sqlite3")
    resumed = Table.open(store, "m")
    assert resumed.match.header.engine_version == "0.1.0" and resumed.revision == 1
    resumed.act(1, 1, {"type": "PlaceMark", "cell": 0})
    assert verify(export_log(store, "m")).ok
    store.close()


def test_a_committed_seed_that_does_not_open_its_commitment_is_reported(tmp_path: Path) -> None:
    """A secret seed or salt that no longer matches the header's commitment is a seed_mismatch."""
    stored_match(tmp_path / "m.sqlite3", commit_seed=True)
    tamper(tmp_path / "m.sqlite3", "UPDATE boardcore_secrets SET salt = ?", "f" * 32)
    store = SqliteStore(tmp_path / "m.sqlite3")
    with pytest.raises(MatchRejected) as raised:
        Table.open(store, "m")
    assert raised.value.kind == "seed_mismatch"
    store.close()


def test_a_bad_entry_appended_by_another_writer_stops_refresh_at_the_last_good_revision(tmp_path: Path) -> None:
    """A table following the store refuses a forged entry and stays where it was."""
    stored_match(tmp_path / "m.sqlite3")
    store = SqliteStore(tmp_path / "m.sqlite3")
    follower = Table.open(store, "m")
    writer = Table.open(SqliteStore(tmp_path / "m.sqlite3"), "m")
    writer.act(1, 5, {"type": "PlaceMark", "cell": 1})
    writer.store.close()
    tamper(tmp_path / "m.sqlite3", "UPDATE boardcore_journal SET state = ? WHERE revision = 6", "0" * 32)
    before = follower.snapshot(0)
    with pytest.raises(MatchRejected) as raised:
        follower.refresh()
    assert (raised.value.kind, raised.value.revision) == ("digest_mismatch", 6)
    assert follower.revision == 5 and follower.snapshot(0) == before
    store.close()


def test_the_export_of_a_stored_match_verifies(tmp_path: Path) -> None:
    """export_log of the stored match is the match's own log, and verify accepts it in both formats."""
    table = stored_match(tmp_path / "m.sqlite3", commit_seed=True)
    store = SqliteStore(tmp_path / "m.sqlite3")
    log = export_log(store, "m")
    assert log.to_jsonl() == table.match.log.to_jsonl()
    log.save(tmp_path / "m.jsonl")
    log.save(tmp_path / "m.msgpack")
    for path in (tmp_path / "m.jsonl", tmp_path / "m.msgpack"):
        verdict = verify(path, seed=table.match.seed, salt=table.match.seed_salt)
        assert verdict.ok and verdict.steps == 3, verdict
    store.close()
