"""What a designer compares between Peaky Blinders variants, per finished match (``Strategy.metrics``; never used by the rules).

Derbies run (the game's clock), conflicts fought, and per seat the Derbies won and missions
completed: the two roads to victory whose balance the rulebook's ending turns on.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import ConflictEnded, Event, MissionCompleted
from .state import State

__all__ = ["metrics"]


def metrics(state: State, events: Sequence[Event]) -> dict[str, float | tuple[float, ...]]:
    """The match's figures by name (per-seat ones as tuples in seat order)."""
    missions = [0] * len(state.players)
    conflicts = 0
    for event in events:
        if isinstance(event, MissionCompleted):
            missions[event.player] += 1
        elif isinstance(event, ConflictEnded):
            conflicts += 1
    return {
        "derbies": state.progress.derbies,
        "conflicts": conflicts,
        "derby_wins": tuple(player.derby_wins for player in state.players),
        "missions_completed": tuple(missions),
    }
