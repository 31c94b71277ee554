"""What a player may ask for: one small decision at a time.

Every id has its static range in its type (``msgspec.Meta``), so the engine refuses an
out-of-range or wrongly typed id as ``action/malformed`` before any rule sees it, and
``boardcore schema`` shows the ranges; what depends on the table (is the card in your
hand?) is each decision's ``problem``.
"""

from __future__ import annotations

from typing import Annotated, Union

import msgspec

from . import catalog as cat

Seat = Annotated[int, msgspec.Meta(ge=0, le=3, description="a seat")]
SeatOrNone = Annotated[int, msgspec.Meta(ge=-1, le=3, description="a seat, or -1 for none")]
WarCardId = Annotated[int, msgspec.Meta(ge=0, le=len(cat.WAR_CARDS) - 1, description="a War card id")]
WeaponId = Annotated[int, msgspec.Meta(ge=0, le=len(cat.WEAPON_CARDS) - 1, description="a Weapon card id")]
WeaponOrNone = Annotated[int, msgspec.Meta(ge=-1, le=len(cat.WEAPON_CARDS) - 1, description="a Weapon card id, or -1 for none")]
Pick = Annotated[int, msgspec.Meta(ge=-1, le=len(cat.WAR_CARDS) - 1, description="a War card, a Weapon or a row position, or -1 for none")]
Die = Annotated[int, msgspec.Meta(ge=0, le=4, description="a die, by its index in the roll (never more than 5 dice)")]
DieOrAll = Annotated[int, msgspec.Meta(ge=-1, le=4, description="a die by its index, or -1 for every 1 and 2 (Showboat)")]
SpotIndex = Annotated[int, msgspec.Meta(ge=0, le=11, description="a spot: 0 and 1 on the Gang tile, 2.. on the Location or Coney tile")]
SpaceId = Annotated[int, msgspec.Meta(ge=0, le=len(cat.SPACES) - 1, description="a board space")]
RowIndex = Annotated[int, msgspec.Meta(ge=0, le=2, description="a position in a face-up row of 3")]

# --- Fight Phase ---------------------------------------------------------------------


class OpenFirstFight(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The Instigator's first decision: the night opens with the fight at Van Cortlandt Park (WR-FLOW-01)."""


class ChooseWarrior(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The Instigator picks the Warrior a "before the fight" gang rule hits (Lizzies, Punks)."""

    target: Seat


class DiscardCard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Discard a card from hand (Punks' rule, the Jumped penalty)."""

    card: WarCardId


class PlayCard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Play a War card from hand on your fight turn.

    ``weapon``: the Weapon used with it (a [Weapon] or Any Weapon card).
    ``target``/``pick``: the choice its "when this is played" ability needs
    (Streetwise, Tag the Wall, Second Wind, Patch Up, Loyal); -1 = not used.
    """

    card: WarCardId
    weapon: WeaponOrNone = -1
    target: SeatOrNone = -1
    pick: Pick = -1


class KeepLookout(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """After Lookout's peek: leave the Bopper card on top, or put it on the bottom."""

    bottom: bool


class Roll(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Roll the dice the cards played this turn give."""


class Reroll(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Re-roll with a card: a played Smooth Talker or Showboat, or Lucky Hat / Cover Me from hand.

    ``die`` is the index of the die (ignored by Showboat, which re-rolls every 1 and 2: use -1).
    """

    card: WarCardId
    die: DieOrAll


class KeepDice(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The roller is done re-rolling (the Orphans' rule then applies)."""


class Boost(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Add 1 to a die with a card: a played Quiet Strength / Cheap Shot, or Throw Hands,
    Take the Lead or Sweet Talk from hand."""

    card: WarCardId
    die: Die


class CoverSpot(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Cover one spot: a Number spot with the dice, or a Weapon spot with ``weapon``
    (-1: with an Any Weapon card played with a Weapon this turn)."""

    spot: SpotIndex
    weapon: WeaponOrNone = -1


class GiveUp(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Cover nothing: you are knocked out (WR-KO-01)."""


class LetItGo(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A Warrior who could react to another's roll or knock-out declines, for this window
    (every reaction card says "may"; the window reopens after a re-roll)."""


class HoldTheLine(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Discard Hold the Line so the knocked-out Warrior loses a discard-pile card instead."""

    card: WarCardId


class RemoveCard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Knocked out: remove a card (from hand, or from the discard pile if the hand is empty)."""

    card: WarCardId


# --- City Phase ------------------------------------------------------------------------


class Move(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Move your mover to a space (WR-MOVE)."""

    space: SpaceId


class Rest(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Rest instead of moving (WR-REST-01)."""


class ReturnCard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Discard-pile icon: return a card from your discard pile to your hand."""

    card: WarCardId


class TakeWarCard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """War card icon: take a card from the face-up War row (by position)."""

    index: RowIndex


class TakeWeapon(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Weapon icon: take a Weapon from the face-up row (by position)."""

    index: RowIndex


class RemoveWeapon(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Remove one of your Weapons from the game (third Weapon, or The Fuzz)."""

    weapon: WeaponId


class StandAndFight(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Challenged: fight at the Location you looked at."""


class Run(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Challenged: run (a Bottle goes on the board)."""


Action = Union[
    OpenFirstFight,
    ChooseWarrior,
    DiscardCard,
    PlayCard,
    KeepLookout,
    Roll,
    Reroll,
    KeepDice,
    Boost,
    CoverSpot,
    GiveUp,
    LetItGo,
    HoldTheLine,
    RemoveCard,
    Move,
    Rest,
    ReturnCard,
    TakeWarCard,
    TakeWeapon,
    RemoveWeapon,
    StandAndFight,
    Run,
]
