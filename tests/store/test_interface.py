"""The store interface's one rule for appending, and the checks every backend applies to what it is given."""

from __future__ import annotations

from typing import Any

import pytest

from boardcore import Match
from boardcore.registry import get_game
from boardcore.store.interface import (
    InvalidEntry,
    RevisionConflict,
    StepEntry,
    UndoEntry,
    check_append,
    check_match_id,
    check_since,
    entry_bounds,
    entry_step,
)


def _records() -> tuple[Any, ...]:
    match = Match.new(get_game("tic_tac_toe"), 2, 5)
    for seat, cell in ((0, 0), (1, 4)):
        match.apply(seat, {"type": "PlaceMark", "cell": cell})
    return match.log.records


@pytest.mark.parametrize("match_id", ["a", "Game-1.x_2", "9" * 128])
def test_a_match_id_of_letters_digits_and_marks_is_accepted(match_id: str) -> None:
    """1-128 characters, starting with a letter or digit, then letters, digits, ``_``, ``.`` or ``-``."""
    assert check_match_id(match_id) == match_id


@pytest.mark.parametrize("match_id", ["", "-a", ".hidden", "a/b", "a b", "é", "9" * 129, 7, None])
def test_a_match_id_that_could_name_a_path_or_hide_is_refused(match_id: object) -> None:
    """Anything else, a non-string included, is a ValueError naming the rule and the value."""
    with pytest.raises(ValueError, match="a match id is 1-128 letters"):
        check_match_id(match_id)


def test_since_is_a_revision_of_zero_or_more() -> None:
    """``since`` is an int of 0 or more: a bool, a float or a negative number is refused."""
    assert check_since(0) == 0 and check_since(12) == 12
    for bad in (-1, 1.0, True, "1"):
        with pytest.raises(ValueError, match="since is a revision"):
            check_since(bad)


def test_a_step_follows_its_predecessor_and_an_undo_takes_back_the_last_step() -> None:
    """A step entry at revision r with step n needs revision r-1 and n-1 steps; an undo of step n needs n steps in play."""
    first, second = _records()
    assert entry_bounds(StepEntry(revision=1, record=first)) == (0, 0, 1)
    assert entry_bounds(StepEntry(revision=5, record=second)) == (4, 1, 2)
    undo = UndoEntry(revision=3, step=2, player=0, forced=False)
    assert entry_bounds(undo) == (2, 2, 1) and entry_step(undo) == 2 and entry_step(StepEntry(revision=1, record=first)) == 1
    with pytest.raises(InvalidEntry, match="step 1 or later"):
        entry_bounds(UndoEntry(revision=1, step=0, player=0, forced=True))
    with pytest.raises(InvalidEntry, match="StepEntry or an UndoEntry"):
        entry_bounds(first)  # type: ignore[arg-type]


def test_check_append_gives_the_steps_after_or_names_the_conflict() -> None:
    """The rule every backend applies inside its write transaction: the next revision, a step that follows, a known status."""
    first, second = _records()
    assert check_append("m", 0, 0, StepEntry(revision=1, record=first), "active") == 1
    assert check_append("m", 1, 1, UndoEntry(revision=2, step=1, player=1, forced=False), "active") == 0
    with pytest.raises(RevisionConflict) as conflict:
        check_append("m", 3, 1, StepEntry(revision=3, record=second), "active")
    assert (conflict.value.claimed, conflict.value.revision) == (3, 3)
    with pytest.raises(InvalidEntry, match="has 0 steps in play, so step 2 cannot follow"):
        check_append("m", 0, 0, StepEntry(revision=1, record=second), "active")
    with pytest.raises(InvalidEntry, match="an undo of step 1 cannot follow"):
        check_append("m", 0, 2, UndoEntry(revision=1, step=1, player=0, forced=False), "finished")
    with pytest.raises(InvalidEntry, match="status is one of active, finished"):
        check_append("m", 0, 0, StepEntry(revision=1, record=first), "paused")
