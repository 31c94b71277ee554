"""Every decision a Peaky Blinders player makes, one Struct each.

Fixed ranges (mission slots, board spaces, zones, market stacks, seats) are part of
the field types, so the engine refuses a number outside them as ``action/malformed``
before any rule runs, and ``boardcore schema`` shows them; henchmen, materials and
card types are ``Literal`` names from ``catalog``.
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from .catalog import Good, Henchman, Material

__all__ = [
    "Action",
    "ActionRecord",
    "BailOut",
    "BuyMarker",
    "BuyMaterial",
    "ChooseDefender",
    "ChooseOption",
    "DeclineFortune",
    "DeclineSwap",
    "EndTurn",
    "Exchange",
    "Pass",
    "PassPlacement",
    "PlaceHenchman",
    "PlayCard",
    "RevealMission",
    "Seat",
    "SellMaterial",
    "Slot",
    "Space",
    "Stack",
    "SwapMarker",
    "SwapMaterial",
    "UseFortune",
    "Zone",
]

Slot = Annotated[int, msgspec.Meta(ge=0, le=2)]
"""A mission card: 0 and 1 are the missions, 2 the control mission."""
Space = Annotated[int, msgspec.Meta(ge=0, le=13)]
"""One of a zone's 14 spaces, in take-back order (``catalog.SPACES``)."""
Zone = Annotated[int, msgspec.Meta(ge=0, le=3)]
"""Small Heath, Birmingham City, Camden Town, Central London."""
Stack = Annotated[int, msgspec.Meta(ge=0, le=1)]
"""One of the two Covent Garden market stacks."""
Seat = Annotated[int, msgspec.Meta(ge=0, le=3)]
"""A seat at the largest table (whether it is at this one is a rule: see the decision's ``problem``)."""


class ActionRecord(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Base of every action: a frozen, tagged record that refuses unknown fields."""


class RevealMission(ActionRecord, frozen=True):
    """Put mission slot 0 or 1, or the control mission (slot 2), face up (PB-SETUP-11)."""

    slot: Slot


class UseFortune(ActionRecord, frozen=True):
    """Add a fortune token (+1) to the roll just made (PB-FORT)."""


class DeclineFortune(ActionRecord, frozen=True):
    """Keep the roll as it is."""


class PlaceHenchman(ActionRecord, frozen=True):
    """Put a henchman (``strength``/``charisma``/``intellect``) on a space of this zone (PB-PREP)."""

    henchman: Henchman
    space: Space


class PassPlacement(ActionRecord, frozen=True):
    """Place no more henchmen this preparation phase (PB-PREP-07; final, GAP-08)."""


class ChooseDefender(ActionRecord, frozen=True):
    """Pick which rival with markers in the zone to fight (PB-CONF-05)."""

    defender: Seat


class SwapMarker(ActionRecord, frozen=True):
    """Replace one defender marker with one of yours (PB-CONF-13); ``from_zone`` when your supply is empty."""

    from_zone: Zone | None = None


class DeclineSwap(ActionRecord, frozen=True):
    """Leave the defender's markers where they are."""


class PlayCard(ActionRecord, frozen=True):
    """Play a conflict card from your hand; Offence cards name a target (PB-CARD)."""

    card: str
    target: Seat | None = None


class ChooseOption(ActionRecord, frozen=True):
    """Choose what a card's effect hits: a square or a material type."""

    option: Henchman | Material


class BuyMarker(ActionRecord, frozen=True):
    """Pay 8 and place a control marker in ``zone`` (PB-CTRL-02); ``from_zone`` once your supply is empty."""

    zone: Zone
    from_zone: Zone | None = None


class BailOut(ActionRecord, frozen=True):
    """Pay 10 to bring your strength henchman back from jail (PB-BAIL-01)."""


class SellMaterial(ActionRecord, frozen=True):
    """Covent Garden: sell a value-1 material card onto a stack for 1 cash (PB-MKT-03)."""

    material: Material
    stack: Stack


class BuyMaterial(ActionRecord, frozen=True):
    """Covent Garden: pay 1 value-1 cash card for a stack's top card (PB-MKT-04)."""

    stack: Stack


class SwapMaterial(ActionRecord, frozen=True):
    """Covent Garden: give a value-1 material card for a stack's top card (PB-MKT-05)."""

    material: Material
    stack: Stack


class Exchange(ActionRecord, frozen=True):
    """Trade five value-1 cards of a type for one value-5 card (``up``) or back (PB-EXCH-01, GAP-13)."""

    good: Good
    up: bool


class EndTurn(ActionRecord, frozen=True):
    """Finish an open-game-state turn spent buying markers or at the market."""


class Pass(ActionRecord, frozen=True):
    """Do nothing this open-game-state turn (PB-OGS-04)."""


Action = Union[
    RevealMission,
    UseFortune,
    DeclineFortune,
    PlaceHenchman,
    PassPlacement,
    ChooseDefender,
    SwapMarker,
    DeclineSwap,
    PlayCard,
    ChooseOption,
    BuyMarker,
    BailOut,
    SellMaterial,
    BuyMaterial,
    SwapMaterial,
    Exchange,
    EndTurn,
    Pass,
]
