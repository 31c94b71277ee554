"""Which pieces of the picture each Bellwether action involves: the ids ``svg.py`` gives them in ``data-target``.

``ward-2`` is Ward III, ``building-17`` the Building with uid 17 wherever it stands, ``construction-1`` and
``official-0`` the market cards in those places, ``die-1`` the second Labor die.
"""

from __future__ import annotations

from . import actions as A

__all__ = ["building", "construction", "die", "official", "targets", "ward"]


def ward(index: int) -> str:
    """A Ward's board."""
    return f"ward-{index}"


def building(uid: int) -> str:
    """A Building on the board."""
    return f"building-{uid}"


def construction(slot: int) -> str:
    """A card in the Construction market."""
    return f"construction-{slot}"


def official(slot: int) -> str:
    """A card in the Official market."""
    return f"official-{slot}"


def die(index: int) -> str:
    """A Labor die."""
    return f"die-{index}"


def targets(action: A.Action, seat: int) -> tuple[str, ...]:
    """The elements ``action`` involves, in the order a player would point at them."""
    if isinstance(action, A.Upgrade | A.Staff | A.Overwork | A.ChooseLoss):
        return (building(action.uid),)
    if isinstance(action, A.BuyConstruction):
        return (construction(action.slot),)
    if isinstance(action, A.RecruitOfficial):
        return (official(action.slot),)
    if isinstance(action, A.BuyNeutral | A.Place | A.ChooseFirstWard | A.Quell):
        return (ward(action.ward),)
    if isinstance(action, A.PlayJob):
        return () if action.ward < 0 else (ward(action.ward),)
    if isinstance(action, A.Reroll | A.CancelStrike | A.PayRelief):
        return (die(action.die),)
    return ()
