"""The server's bots for one match: which seats they play and what they choose (the master decides when).

Bots are seeded from fresh random bits, never from the match's seed, so their
choices say nothing about a committed seed. Like every bot, they choose from the
seat's view and legal actions only (a sampling bot also gets states drawn for its
seat by ``determinize``).
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from boardcore.bots import Bot, choose, make_bots
from boardcore.match import Match
from boardcore.serve.seats import SeatRow

__all__ = ["ServerBots"]


class ServerBots:
    """One bot per bot seat of a match (house or random, as the seat asks)."""

    def __init__(self, match: Match[Any, Any, Any, Any], rows: Sequence[SeatRow]) -> None:
        seed = secrets.randbits(63)
        players = len(match.players)
        kinds = sorted({row.bot for row in rows if row.bot is not None})
        made = {kind: make_bots(match.game, players, seed, kind) for kind in kinds}
        self._bots: dict[int, Bot[Any, Any]] = {row.seat: made[row.bot][row.seat] for row in rows if row.bot is not None}
        self.searches = any(hasattr(bot, "choose_sampled") for bot in self._bots.values())
        """Some bot searches (a :class:`~boardcore.bots.SamplingBot`): its moves may take long, so never on the event loop."""

    @property
    def seats(self) -> frozenset[int]:
        """The seats bots play."""
        return frozenset(self._bots)

    def to_move(self, match: Match[Any, Any, Any, Any]) -> int | None:
        """The lowest bot seat that may act now, or ``None``."""
        waiting = [seat for seat in match.actors if seat in self._bots]
        return min(waiting) if waiting else None

    def choose(self, match: Match[Any, Any, Any, Any], seat: int) -> Any:
        """The action seat ``seat``'s bot takes now (from its view and legal actions)."""
        return choose(self._bots[seat], match, seat)
