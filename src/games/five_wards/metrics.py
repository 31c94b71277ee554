"""What a designer compares between 5 Wards variants, per finished match (``Strategy.metrics``; never used by the rules).

Rounds played (the round limit against the tile supply), Brawls fought, Brawl cards each seat
collected (FW-DEPLOY-06) and Thugs each seat lost to the Coppers at scoring (FW-SCORE-03):
the two rules the balance between fighting and spreading out turns on.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import BrawlResolved, CardDeployed, Event, ThugsArrested
from .state import State

__all__ = ["metrics"]


def metrics(state: State, events: Sequence[Event]) -> dict[str, float | tuple[float, ...]]:
    """The match's figures by name (per-seat ones as tuples in seat order)."""
    seats = len(state.players)
    brawls = 0
    collected = [0] * seats
    arrested = [0] * seats
    for event in events:
        if isinstance(event, BrawlResolved):
            brawls += 1
        elif isinstance(event, CardDeployed) and 0 <= event.collector < seats:
            collected[event.collector] += 1
        elif isinstance(event, ThugsArrested):
            for seat, count in enumerate(event.arrests):
                arrested[seat] += count
    return {"rounds": state.round, "brawls": brawls, "brawl_cards": tuple(collected), "thugs_arrested": tuple(arrested)}
