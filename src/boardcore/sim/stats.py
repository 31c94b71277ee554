"""The few statistics a balance report needs, exact and dependency-free.

Wilson's score interval for a proportion (good coverage even near 0 or 1 and for
small samples, unlike the normal approximation), and exact binomial tail
probabilities for significance (summed in log space, so 10,000 games are fine).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["Z95", "binomial_greater", "binomial_two_sided", "mean_interval", "newcombe", "quantiles", "welch_interval", "wilson"]

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for ``successes / trials`` (``(0, 1)`` when there are no trials)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _log_pmf(k: int, n: int, p: float) -> float:
    if p == 0.0:
        return 0.0 if k == 0 else -math.inf
    if p == 1.0:
        return 0.0 if k == n else -math.inf
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * math.log(p) + (n - k) * math.log1p(-p)


def _log_sum(values: Sequence[float]) -> float:
    top = max(values)
    if top == -math.inf:
        return -math.inf
    return top + math.log(sum(math.exp(v - top) for v in values))


def binomial_greater(successes: int, trials: int, p: float = 0.5) -> float:
    """One-sided p-value: the probability of at least ``successes`` in ``trials`` when the true rate is ``p``."""
    if successes <= 0:
        return 1.0
    if successes > trials:
        return 0.0
    return min(1.0, math.exp(_log_sum([_log_pmf(k, trials, p) for k in range(successes, trials + 1)])))


def binomial_two_sided(successes: int, trials: int, p: float) -> float:
    """Two-sided exact p-value: the probability of an outcome no likelier than the one seen (at rate ``p``)."""
    if trials == 0:
        return 1.0
    seen = _log_pmf(successes, trials, p)
    tail = [v for v in (_log_pmf(k, trials, p) for k in range(trials + 1)) if v <= seen + 1e-7]
    return min(1.0, math.exp(_log_sum(tail)))


def quantiles(values: Sequence[float], points: Sequence[float] = (0.0, 0.25, 0.5, 0.75, 1.0)) -> list[float]:
    """Quantiles by linear interpolation between order statistics (numpy's default method)."""
    ordered = sorted(values)
    if not ordered:
        return [math.nan] * len(points)
    out = []
    for q in points:
        position = q * (len(ordered) - 1)
        low = math.floor(position)
        high = min(low + 1, len(ordered) - 1)
        out.append(ordered[low] + (ordered[high] - ordered[low]) * (position - low))
    return out


def newcombe(wins_a: int, games_a: int, wins_b: int, games_b: int, z: float = Z95) -> tuple[float, float, float]:
    """``rate_b - rate_a`` and its interval for two independent samples (Newcombe's hybrid score interval, from Wilson's)."""
    rate_a, rate_b = wins_a / games_a, wins_b / games_b
    low_a, high_a = wilson(wins_a, games_a, z)
    low_b, high_b = wilson(wins_b, games_b, z)
    difference = rate_b - rate_a
    return difference, difference - math.hypot(rate_b - low_b, high_a - rate_a), difference + math.hypot(high_b - rate_b, rate_a - low_a)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal-approximation interval (for paired differences: one per common seed)."""
    mean = math.fsum(values) / len(values)
    if len(values) < 2:
        return mean, -math.inf, math.inf
    variance = math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1)
    half = z * math.sqrt(variance / len(values))
    return mean, mean - half, mean + half


def welch_interval(a: Sequence[float], b: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """``mean(b) - mean(a)`` and its normal-approximation interval for independent samples (Welch's standard error)."""
    mean_a, mean_b = math.fsum(a) / len(a), math.fsum(b) / len(b)

    def variance(values: Sequence[float], mean: float) -> float:
        return math.fsum((v - mean) ** 2 for v in values) / (len(values) - 1) if len(values) > 1 else math.inf

    half = z * math.sqrt(variance(a, mean_a) / len(a) + variance(b, mean_b) / len(b))
    return mean_b - mean_a, mean_b - mean_a - half, mean_b - mean_a + half
