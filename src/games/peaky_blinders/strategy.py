"""Peaky Blinders as bots play it and simulations measure it: the house bot, the rollout estimate, the search pruning and
the match figures (registered under ``boardcore.strategy``; the rules in ``game`` import none of it)."""

from __future__ import annotations

from boardcore.strategy import Strategy

from .bots import HouseBot
from .estimate import estimate
from .metrics import metrics
from .search import search_moves

__all__ = ["STRATEGY"]

STRATEGY = Strategy(house_bot=HouseBot.seeded, estimate=estimate, search_moves=search_moves, metrics=metrics)
