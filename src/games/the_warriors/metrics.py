"""What a designer compares between The Warriors variants, per finished match (``Strategy.metrics``; never used by the rules).

The Warriors is cooperative, so its figures are the team's: City turns taken (against
``max_city_turns``), fights fought and won, rival gangs defeated and Warriors knocked out,
which is where a difficulty setting shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from .events import Event, FightEnded, KnockedOut, RivalDefeated
from .state import State

__all__ = ["metrics"]


def metrics(state: State, events: Sequence[Event]) -> dict[str, float | tuple[float, ...]]:
    """The match's figures by name."""
    fights = won = rivals = knocked = 0
    for event in events:
        if isinstance(event, FightEnded):
            fights += 1
            won += event.won
        elif isinstance(event, RivalDefeated):
            rivals += 1
        elif isinstance(event, KnockedOut):
            knocked += 1
    return {"city_turns": state.city_turns, "fights": fights, "fights_won": won, "rivals_defeated": rivals, "knockouts": knocked}
