"""The SQL row layout both SQL stores share: every entry, header, listing and secret comes back as it went in, and a
row that does not decode is a corrupt match, never a crash."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from boardcore import Match
from boardcore.registry import get_game
from boardcore.store.interface import MatchInfo, MatchRejected, SeedSecret, StepEntry, UndoEntry
from boardcore.store.rows import (
    entry_from_row,
    entry_row,
    header_from_text,
    header_text,
    info_from_row,
    newest_query,
    players_text,
    secret_from_row,
    secret_row,
)


def _match() -> Match[Any, Any, Any, Any]:
    match = Match.new(get_game("tic_tac_toe"), ["Ann", "Bob"], 2**60 + 1, commit_seed=True)
    match.apply(0, {"type": "PlaceMark", "cell": 4})
    return match


def test_entries_round_trip_through_their_rows() -> None:
    """A step row holds the record's fields (the action as JSON text); an undo row holds its step, seat and whether forced."""
    record = _match().log.records[0]
    step = StepEntry(revision=1, record=record)
    undo = UndoEntry(revision=2, step=1, player=1, forced=True)
    assert entry_row(step)[:4] == (1, "step", 1, 0) and entry_row(undo) == (2, "undo", 1, 1, None, None, None, None, True)
    assert entry_from_row("m", entry_row(step)) == step and entry_from_row("m", entry_row(undo)) == undo
    assert entry_from_row("m", (*entry_row(undo)[:-1], 0)) == UndoEntry(revision=2, step=1, player=1, forced=False)


@pytest.mark.parametrize(
    "row",
    [(3, "step", 1, 0, "{not json", "e", "s", "c", False), (3, "undo", "one", 0, None, None, None, None, False), (3, "redo", 1, 0, None, None, None, None, False)],
    ids=["bad-action", "bad-step", "unknown-kind"],
)
def test_a_journal_row_that_does_not_decode_is_a_corrupt_match_at_its_revision(row: tuple[Any, ...]) -> None:
    """Bad JSON, a wrong type or an unknown kind names the row's revision."""
    with pytest.raises(MatchRejected) as rejected:
        entry_from_row("m", row)
    assert (rejected.value.kind, rejected.value.revision) == ("corrupt", 3)


def test_headers_listings_and_secrets_round_trip() -> None:
    """The header as JSON text, the seat names as a JSON array, the seed as decimal text (it may pass 2**63)."""
    match = _match()
    assert header_from_text("m", header_text(match.header)) == match.header
    info = info_from_row(("m", "tic_tac_toe", players_text(("Ann", "Bob")), "active", 1, 1, 10, 12.5))
    assert info == MatchInfo(match_id="m", game="tic_tac_toe", players=("Ann", "Bob"), status="active", revision=1, steps=1, created=10.0, updated=12.5)
    secret = SeedSecret(2**64 - 1, "ab" * 16)
    assert secret_row(secret) == ("18446744073709551615", "ab" * 16) and secret_from_row("m", secret_row(secret)) == secret
    for bad in (lambda: header_from_text("m", "[]"), lambda: secret_from_row("m", ("x", None)), lambda: info_from_row(("m", "g", "[1]", "active", 1, 1, 0, 0))):
        with pytest.raises(MatchRejected):
            bad()


def test_the_newest_page_query_filters_by_status_and_pages_by_created_then_id() -> None:
    """The WHERE clause names only what was asked for; ``before`` compares (created, match_id) with the cursor's row."""
    assert newest_query(None, None, "?") == ("", ())
    assert newest_query("finished", None, "%s") == ("WHERE status = %s", ("finished",))
    where, params = newest_query("active", "m7", "?")
    assert params == ("active", "m7", "m7") and where.startswith("WHERE status = ? AND (created, match_id) < (")
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE boardcore_matches (match_id TEXT, status TEXT, created REAL)")
    db.executemany("INSERT INTO boardcore_matches VALUES (?, ?, ?)", [("a", "active", 1), ("b", "finished", 2), ("c", "active", 2), ("d", "active", 3)])
    found = db.execute(f"SELECT match_id FROM boardcore_matches {where} ORDER BY created DESC, match_id DESC", params).fetchall()
    assert found == []
    where, params = newest_query("active", "d", "?")
    found = db.execute(f"SELECT match_id FROM boardcore_matches {where} ORDER BY created DESC, match_id DESC", params).fetchall()
    assert found == [("c",), ("a",)]
