"""``boardcore.shares``: the maps from a game's standings to win shares used by every ``estimate``."""

from __future__ import annotations

import math

import pytest

from boardcore.shares import logistic, softmax


def test_softmax_shares_sum_to_one_and_follow_the_scores() -> None:
    shares = softmax([2.0, 0.0, 1.0])
    assert math.isclose(sum(shares), 1.0)
    assert shares[0] > shares[2] > shares[1]
    assert math.isclose(shares[0] / shares[1], math.exp(2.0))


def test_softmax_temperature_flattens_or_sharpens() -> None:
    assert softmax([1.0, 0.0], temperature=10.0)[0] < softmax([1.0, 0.0])[0] < softmax([1.0, 0.0], temperature=0.1)[0]
    assert softmax([3.0, 3.0, 3.0]) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_softmax_does_not_overflow_on_large_scores() -> None:
    assert softmax([1000.0, 999.0]) == pytest.approx((1 / (1 + math.exp(-1)), 1 / (1 + math.exp(1))))


def test_logistic_is_a_chance_symmetric_about_zero_and_clamped() -> None:
    assert logistic(0.0) == 0.5
    assert math.isclose(logistic(1.5) + logistic(-1.5), 1.0)
    assert logistic(1e6) == 1.0
    assert 0.0 <= logistic(-1e6) < 1e-20
