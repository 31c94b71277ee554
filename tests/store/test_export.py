"""A stored match exported as a log: the steps still in play, the seed revealed only once the match is finished."""

from __future__ import annotations

from typing import Any

import pytest

from boardcore import Match
from boardcore.registry import get_game
from boardcore.store import MemoryStore, export_log, live_records
from boardcore.store.interface import MatchRejected, SeedSecret, StepEntry, UndoEntry, UnknownMatch
from boardcore.verify import verify

TTT = get_game("tic_tac_toe")
CELLS = ((0, 0), (1, 3), (0, 1), (1, 4), (0, 2))
"""A win for seat 0 on the top row."""


def _stored(commit_seed: bool, moves: int = len(CELLS)) -> tuple[MemoryStore, Match[Any, Any, Any, Any]]:
    match = Match.new(TTT, 2, 2**60 + 3 if commit_seed else 3, commit_seed=commit_seed)
    store = MemoryStore()
    store.create("m", match.header, SeedSecret(seed=match.seed, salt=match.seed_salt))  # type: ignore[arg-type]
    for seat, cell in CELLS[:moves]:
        match.apply(seat, {"type": "PlaceMark", "cell": cell})
        record = match.log.records[-1]
        store.append("m", StepEntry(revision=record.step, record=record), "finished" if match.is_over else "active")
    return store, match


def test_a_finished_committed_match_exports_the_log_the_match_writes_with_its_seed() -> None:
    """The exported log is the match's own: every record, the seed and salt revealed, and it verifies."""
    store, match = _stored(commit_seed=True)
    log = export_log(store, "m")
    assert log.to_jsonl() == match.log.to_jsonl() and log.reveal is not None and verify(log).ok


def test_a_match_still_on_keeps_its_committed_seed_secret() -> None:
    """Before the end a committed seed is not in the export (the log then verifies as unfinished)."""
    store, match = _stored(commit_seed=True, moves=3)
    log = export_log(store, "m")
    assert log.reveal is None and len(log.records) == 3 and log.header == match.header


def test_live_records_drop_what_was_undone() -> None:
    """An undo takes the last step out of play; the steps before it stay."""
    store, _ = _stored(commit_seed=False, moves=3)
    entries = [*store.journal("m"), UndoEntry(revision=4, step=3, player=0, forced=False)]
    records = live_records("m", entries)
    assert [record.step for record in records] == [1, 2]


def test_a_journal_that_does_not_fold_is_rejected_naming_its_revision() -> None:
    """An undo of a step not in play, or a step out of order, is a corrupt match at that revision."""
    store, _ = _stored(commit_seed=False, moves=2)
    first, second = store.journal("m")
    with pytest.raises(MatchRejected) as rejected:
        live_records("m", [first, UndoEntry(revision=2, step=2, player=0, forced=True)])
    assert (rejected.value.kind, rejected.value.revision) == ("corrupt", 2)
    with pytest.raises(MatchRejected, match="step 2 follows 0 steps"):
        live_records("m", [second])
    with pytest.raises(UnknownMatch):
        export_log(store, "other")
