"""What a designer compares between Bellwether variants, per finished match (``Strategy.metrics``; never used by the rules).

Rounds played (against the round limit), Riots ignited and Wards burned out (the unrest
rules' bite), and per seat the Buildings placed: the building race the score turns on.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import BuildingPlaced, Event, RiotIgnited, WardBurnedOut
from .state import State

__all__ = ["metrics"]


def metrics(state: State, events: Sequence[Event]) -> dict[str, float | tuple[float, ...]]:
    """The match's figures by name (per-seat ones as tuples in seat order)."""
    riots = burned = 0
    buildings = [0] * len(state.players)
    for event in events:
        if isinstance(event, RiotIgnited):
            riots += 1
        elif isinstance(event, WardBurnedOut):
            burned += 1
        elif isinstance(event, BuildingPlaced) and 0 <= event.player < len(buildings):
            buildings[event.player] += 1
    return {"rounds": state.round, "riots": riots, "wards_burned_out": burned, "buildings": tuple(buildings)}
