"""Tuple updates for immutable states: each returns a new tuple and leaves the old one as it was."""

from __future__ import annotations

import pytest

from boardcore.tuples import put, without


def test_put_replaces_one_index_and_keeps_the_rest() -> None:
    """``put(hands, seat, hand)`` changes that seat's entry only."""
    hands = ((1,), (2, 3), ())
    assert put(hands, 1, (9,)) == ((1,), (9,), ()) and hands == ((1,), (2, 3), ())
    assert put(hands, 0, ()) == ((), (2, 3), ()) and put(hands, 2, (4,)) == ((1,), (2, 3), (4,))


def test_without_removes_one_occurrence_of_each_value_in_order() -> None:
    """Duplicates are removed once per value given, the first occurrence first; the order of the rest is kept."""
    assert without((3, 1, 3, 2, 1), 3, 1) == (3, 2, 1)
    assert without((5, 5), 5, 5) == () and without((1, 2)) == (1, 2)


def test_removing_what_is_not_held_is_an_error() -> None:
    """Rules only remove what is held, so a missing value is a broken invariant, raised as ValueError."""
    with pytest.raises(ValueError):
        without((1, 2), 3)
    with pytest.raises(ValueError):
        without((1,), 1, 1)
