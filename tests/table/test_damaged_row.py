"""A match row that disagrees with its journal (ahead of it, behind it, other steps, other names) is refused at once.

Before, a row ahead of its journal (a lost last journal row, a manual edit, a partial restore)
made ``Table.open`` wait for ever for revisions that would never come.
"""

from __future__ import annotations

import concurrent.futures
from pathlib import Path

import pytest

from boardcore.store import MatchRejected, SqliteStore
from boardcore.table import Table
from tests.table.test_resume import stored_match, tamper

ROWS = {
    "row ahead": "UPDATE boardcore_matches SET revision = revision + 5",
    "last journal row lost": "DELETE FROM boardcore_journal WHERE revision = 5",
    "row behind": "UPDATE boardcore_matches SET revision = revision - 1",
    "steps": "UPDATE boardcore_matches SET steps = steps + 1",
    "players": "UPDATE boardcore_matches SET players = '[\"Mallory\",\"Bob\"]'",
    "game": "UPDATE boardcore_matches SET game = 'kuhn_poker'",
}


@pytest.mark.parametrize("statement", ROWS.values(), ids=ROWS.keys())
def test_a_row_that_disagrees_with_its_journal_is_rejected_at_once(tmp_path: Path, statement: str) -> None:
    """Each disagreement is MatchRejected [corrupt] within seconds, never a wait."""
    path = tmp_path / "m.sqlite3"
    stored_match(path)
    tamper(path, statement)
    store = SqliteStore(path)
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            opening = pool.submit(Table.open, store, "m")
            with pytest.raises(MatchRejected) as rejected:
                opening.result(timeout=20)
    finally:
        store.close()
    assert rejected.value.kind == "corrupt"
