"""Which pieces of the picture each Peaky Blinders action involves: the ids ``svg.py`` gives them in ``data-target``.

``space-6`` is a henchman space of the zone in play this round (only that zone's spaces carry ids), ``zone-2`` a
zone's control markers, ``seat-1`` a player's board, ``mission-0`` one of the seat's own missions and ``card-<code>``
a conflict card in the seat's own hand (only its owner sees that hand).
"""

from __future__ import annotations

from . import actions as A

__all__ = ["card", "mission", "seat", "space", "targets", "zone"]


def space(index: int) -> str:
    """A henchman space of the zone in play."""
    return f"space-{index}"


def zone(index: int) -> str:
    """A zone's control markers."""
    return f"zone-{index}"


def seat(index: int) -> str:
    """A player's board."""
    return f"seat-{index}"


def mission(slot: int) -> str:
    """One of the seat's own mission cards."""
    return f"mission-{slot}"


def card(code: str) -> str:
    """A conflict card in the seat's own hand."""
    return f"card-{code}"


def targets(action: A.Action, player: int) -> tuple[str, ...]:
    """The elements ``action`` involves, in the order a player would point at them."""
    if isinstance(action, A.PlaceHenchman):
        return (space(action.space),)
    if isinstance(action, A.RevealMission):
        return (mission(action.slot),)
    if isinstance(action, A.PlayCard):
        return (card(action.card),) + (() if action.target is None else (seat(action.target),))
    if isinstance(action, A.ChooseDefender):
        return (seat(action.defender),)
    if isinstance(action, A.BuyMarker):
        return (zone(action.zone),) + (() if action.from_zone is None else (zone(action.from_zone),))
    if isinstance(action, A.SwapMarker) and action.from_zone is not None:
        return (zone(action.from_zone),)
    return ()
