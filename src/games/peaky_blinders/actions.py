"""Every decision a Peaky Blinders player makes, one Struct each."""

from __future__ import annotations

from typing import Union

import msgspec


class _Action(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    pass


class RevealMission(_Action):
    """Put mission slot 0 or 1, or the control mission (slot 2), face up (PB-SETUP-11)."""

    slot: int


class UseFortune(_Action):
    """Add a fortune token (+1) to the roll just made (PB-FORT)."""


class DeclineFortune(_Action):
    """Keep the roll as it is."""


class PlaceHenchman(_Action):
    """Put a henchman (``strength``/``charisma``/``intellect``) on a space of this zone (PB-PREP)."""

    henchman: str
    space: int


class PassPlacement(_Action):
    """Place no more henchmen this preparation phase (PB-PREP-07; final, GAP-08)."""


class ChooseDefender(_Action):
    """Pick which rival with markers in the zone to fight (PB-CONF-05)."""

    defender: int


class SwapMarker(_Action):
    """Replace one defender marker with one of yours (PB-CONF-13); ``from_zone`` when your supply is empty."""

    from_zone: int | None = None


class DeclineSwap(_Action):
    """Leave the defender's markers where they are."""


class PlayCard(_Action):
    """Play a conflict card from your hand; Offence cards name a target (PB-CARD)."""

    card: str
    target: int | None = None


class ChooseOption(_Action):
    """Choose what a card's effect hits: a square or a material type."""

    option: str


class BuyMarker(_Action):
    """Pay 8 and place a control marker in ``zone`` (PB-CTRL-02); ``from_zone`` once your supply is empty."""

    zone: int
    from_zone: int | None = None


class BailOut(_Action):
    """Pay 10 to bring your strength henchman back from jail (PB-BAIL-01)."""


class SellMaterial(_Action):
    """Covent Garden: sell a value-1 material card onto a stack for 1 cash (PB-MKT-03)."""

    material: str
    stack: int


class BuyMaterial(_Action):
    """Covent Garden: pay 1 value-1 cash card for a stack's top card (PB-MKT-04)."""

    stack: int


class SwapMaterial(_Action):
    """Covent Garden: give a value-1 material card for a stack's top card (PB-MKT-05)."""

    material: str
    stack: int


class Exchange(_Action):
    """Trade five value-1 cards of a type for one value-5 card (``up``) or back (PB-EXCH-01, GAP-13)."""

    good: str
    up: bool


class EndTurn(_Action):
    """Finish an open-game-state turn spent buying markers or at the market."""


class Pass(_Action):
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
