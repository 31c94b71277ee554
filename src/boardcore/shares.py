"""Turning a game's standings into win shares, for the games' ``estimate`` functions.

An estimate (:attr:`boardcore.strategy.Strategy.estimate`) scores an unfinished state as
each seat's expected share of the win. Games measure how far ahead each seat is in
their own terms; these two maps make shares of that, written once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["logistic", "softmax"]


def softmax(scores: Sequence[float], temperature: float = 1.0) -> tuple[float, ...]:
    """Shares summing to 1, each growing with its score; a lower ``temperature`` favours the leader more.

    Scores are shifted by the top one first, so large scores cannot overflow.
    """
    top = max(scores)
    weights = [math.exp((score - top) / temperature) for score in scores]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


def logistic(x: float) -> float:
    """The chance in ``(0, 1)`` whose log-odds are ``x`` (clamped to ±50, where it is 0 or 1 to a double)."""
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))
