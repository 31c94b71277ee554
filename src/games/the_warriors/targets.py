"""Which pieces of the picture each The Warriors action involves: the ids ``svg.py`` gives them in ``data-target``.

``space-12`` is a board space, ``spot-3`` a spot of the Fight (0 and 1 on the Gang tile, 2.. on the Location or Coney
tile), ``die-1`` the second die of the roll, ``war-row-0`` and ``weapon-row-2`` face-up row cards by position, and
``card-<id>`` a War card in the seat's own hand (only its owner sees that hand).
"""

from __future__ import annotations

from . import actions as A

__all__ = ["card", "die", "space", "spot", "targets", "war_row", "weapon_row"]


def space(index: int) -> str:
    """A board space."""
    return f"space-{index}"


def spot(index: int) -> str:
    """A spot of the Fight's tiles."""
    return f"spot-{index}"


def die(index: int) -> str:
    """A die of the roll."""
    return f"die-{index}"


def war_row(index: int) -> str:
    """A face-up card of the War row."""
    return f"war-row-{index}"


def weapon_row(index: int) -> str:
    """A face-up card of the Weapon row."""
    return f"weapon-row-{index}"


def card(card_id: int) -> str:
    """A War card in the seat's own hand."""
    return f"card-{card_id}"


def targets(action: A.Action, seat: int) -> tuple[str, ...]:
    """The elements ``action`` involves, in the order a player would point at them."""
    if isinstance(action, A.Move):
        return (space(action.space),)
    if isinstance(action, A.CoverSpot):
        return (spot(action.spot),)
    if isinstance(action, A.TakeWarCard):
        return (war_row(action.index),)
    if isinstance(action, A.TakeWeapon):
        return (weapon_row(action.index),)
    if isinstance(action, A.Reroll | A.Boost):  # the card may have been played already: the die is what is pointed at
        return (die(action.die),) if action.die >= 0 else ()
    if isinstance(action, A.DiscardCard | A.PlayCard | A.HoldTheLine):
        return (card(action.card),)
    return ()
