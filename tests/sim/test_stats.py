"""Statistics against known values."""

from __future__ import annotations

import math

import pytest

from boardcore.sim.stats import binomial_greater, binomial_two_sided, quantiles, wilson


def test_wilson_interval_known_values() -> None:
    """Wilson 95% intervals match published values (e.g. 81/263: 0.2553-0.3662; 0/10: 0-0.2775)."""
    low, high = wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_binomial_tails_are_exact() -> None:
    """Tails equal the sums of exact probabilities (10/10 heads: 1/1024; 14 of 15: 16/32768)."""
    assert binomial_greater(10, 10) == pytest.approx(1 / 1024)
    assert binomial_greater(14, 15) == pytest.approx(16 / 32768)
    assert binomial_greater(0, 5) == 1.0
    exact = sum(math.comb(2000, k) for k in range(1060, 2001)) / 2**2000  # integers: an independent computation
    assert binomial_greater(1060, 2000) == pytest.approx(exact, rel=1e-9)
    assert binomial_two_sided(5, 10, 0.5) == pytest.approx(1.0)
    assert binomial_two_sided(9, 10, 0.5) == pytest.approx(22 / 1024)
    assert binomial_two_sided(0, 4, 0.25) == pytest.approx(0.75**4 + 6 * 0.25**2 * 0.75**2 + 4 * 0.25**3 * 0.75 + 0.25**4)


def test_quantiles_interpolate_like_numpy() -> None:
    """Linear interpolation between order statistics, numpy's default."""
    assert quantiles([1, 2, 3, 4]) == [1, 1.75, 2.5, 3.25, 4]
    assert all(math.isnan(q) for q in quantiles([]))
