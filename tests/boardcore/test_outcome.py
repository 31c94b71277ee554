"""Outcome: winners, ranking and ties from scores, and the refusals of scores that rank nothing."""

from __future__ import annotations

import math

import pytest

from boardcore import Outcome


def test_scores_rank_with_ties_and_tiebreak() -> None:
    """Highest score wins; a tie-break splits ties; a remaining tie is a shared win."""
    outcome = Outcome.from_scores([5, 9, 9, 2])
    assert outcome.winners == (1, 2) and outcome.shared and outcome.ranking == ((1, 2), (0,), (3,))
    broken = Outcome.from_scores([5, 9, 9, 2], tiebreak=lambda seat: [0, 1, 3, 0][seat])
    assert broken.winners == (2,) and broken.ranking[:2] == ((2,), (1,))


def test_cooperative_outcomes() -> None:
    """A cooperative game is won or lost by every seat together."""
    assert Outcome.team(3, won=True, reason="showdown won").winners == (0, 1, 2)
    lost = Outcome.team(3, won=False, reason="reputation fell")
    assert lost.winners == () and lost.cooperative and not lost.is_draw


def test_draw() -> None:
    """A draw has no winners and one rank."""
    assert Outcome.draw(2).is_draw


def test_from_scores_refuses_no_scores_and_nan() -> None:
    """Outcome.from_scores raises ValueError for an empty score list or a NaN score."""
    with pytest.raises(ValueError):
        Outcome.from_scores([])
    with pytest.raises(ValueError):
        Outcome.from_scores([1.0, math.nan])


def test_from_scores_groups_equal_float_and_int_scores() -> None:
    """Scores 2 and 2.0 tie; the ranking is best first with tied seats ascending."""
    outcome = Outcome.from_scores([2, 2.0, 3.5, -1])
    assert outcome.winners == (2,)
    assert outcome.ranking == ((2,), (0, 1), (3,))
