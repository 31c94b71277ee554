"""The Warriors as bots play it and simulations measure it: the house bot, the rollout estimate and
the match figures (registered under ``boardcore.strategy``; the rules in ``game`` import none of it)."""

from __future__ import annotations

from boardcore.strategy import Strategy

from .bots import HouseBot
from .estimate import estimate
from .metrics import metrics

__all__ = ["STRATEGY"]

STRATEGY = Strategy(house_bot=HouseBot.seeded, estimate=estimate, metrics=metrics)
