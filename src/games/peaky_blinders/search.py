"""Which Peaky Blinders moves a search compares: ``STRATEGY.search_moves``, for search bots.

The rules never call this. A control mission needs all 4 spaces of its zone, so a
marker is worth 8 cash in two places only: the seat's own control-mission zone, and
a zone where a rival holds markers and the seat holds none (a rival's markers are
the board's best sign of where its hidden control mission is), where one marker
blocks that mission until a conflict above 15 swaps it out (PB-CTRL-05 allows a
marker "in another zone to obstruct another player"; PB-GAP-24). Taking a marker out
of a zone where it blocks a rival frees the rival's mission, so that is worth it only
when it completes the seat's own zone. Every other marker purchase (a zone nobody
needs, a second blocker, a marker moved between such zones) is left out: its cost is
certain and its worth is nothing a search with a short horizon can see, so at 60
iterations it only adds noise (docs/simulation.md, "An eighth experiment": pruning
took the search from 222 to 261 of 400 games against the house bot).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import catalog as C
from .actions import Action, BuyMarker
from .view import View

__all__ = ["search_moves"]


def search_moves(view: View, seat: int, legal: Sequence[Action]) -> list[Action]:
    """``legal`` without the marker purchases no sound plan makes (the module docstring says which)."""
    zone = C.control_zone(view.players[seat].missions[2])
    mine = view.markers[zone][seat]

    def rivals_in(z: int) -> bool:
        return any(count for other, count in enumerate(view.markers[z]) if other != seat)

    def sound(action: Action) -> bool:
        if not isinstance(action, BuyMarker):
            return True
        if action.from_zone is not None and rivals_in(action.from_zone):
            return action.zone == zone and mine == C.ZONE_CAPACITY - 1
        if action.zone == zone:
            return True
        return action.from_zone is None and rivals_in(action.zone) and view.markers[action.zone][seat] == 0

    return [action for action in legal if sound(action)] or list(legal)
