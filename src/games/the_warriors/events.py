"""What happened: every event of The Warriors (past tense), and the Event union."""

from __future__ import annotations

from typing import Literal, Union

import msgspec

from boardcore import RngAdvanced

# --- the end ------------------------------------------------------------------------


class GameEnded(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The night is over: everyone won or everyone lost."""

    won: bool
    reason: str


# --- Fight Phase ----------------------------------------------------------------------


class FightStarted(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A fight begins: rival, Location (or Coney), participants and requirement."""

    instigator: int
    gang: int
    location: int
    showdown: bool
    participants: tuple[int, ...]
    need_loc: int
    need_rep: int


class WarriorChosen(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The Instigator chose who suffers the gang's "before the fight" rule."""

    player: int
    target: int


class CardsDiscarded(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Cards went from a hand to its owner's discard pile (gang rule or penalty)."""

    player: int
    cards: tuple[int, ...]


class WeaponTurnedUp(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A face-down Weapon card was turned face up again (Second Wind, Patch Up)."""

    player: int
    weapon: int


class TurnStarted(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A fight turn begins."""

    player: int


class CardPlayed(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A War card was played (to the discard pile), with the Weapon used for it if any."""

    player: int
    card: int
    weapon: int = -1


class LookoutPeeked(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Lookout: the player secretly saw the top Bopper card."""

    player: int
    card: int


class LookoutDecided(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Lookout: the peeked card stays on top, or goes to the bottom."""

    player: int
    bottom: bool


class DiceRolled(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    dice: tuple[int, ...]


class DiceRerolled(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """``by`` used ``card`` to re-roll; ``dice`` are the roller's dice afterwards."""

    player: int
    by: int
    card: int
    dice: tuple[int, ...]


class DiceSettled(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Re-rolls are over; ``dice`` remain (after the Orphans' rule)."""

    player: int
    dice: tuple[int, ...]


class DieBoosted(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """``by`` used ``card`` to add 1 to die ``die`` of the roller."""

    player: int
    by: int
    card: int
    die: int


class SpotCovered(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A Defeat token went on a spot (with ``weapon`` if one was used)."""

    player: int
    spot: int
    weapon: int = -1


class KnockedOut(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int


class ReactionDeclined(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """``player`` let the current roll or knock-out go by without reacting."""

    player: int


class HoldTheLineUsed(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    target: int
    card: int


class CardRemoved(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A War card left the game, from ``pile`` ("hand" or "discard")."""

    player: int
    card: int
    pile: Literal["hand", "discard"]
    reason: str


class RivalDefeated(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The beaten gang's leader drops to the bottom of the Reputation Track."""

    gang: int


class GangRevealed(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The beaten Gang tile went face up to the bottom; the next rival is revealed."""

    gang: int


class GangStackShuffled(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Every Gang tile in the stack was face up: they were shuffled face down."""

    order: tuple[int, ...]


class WarriorsDropped(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The Warriors' leader moved down ``steps`` spaces, swapping with those below."""

    steps: int


class LocationReturned(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The fight's Location tile went face up to the bottom (Van Cortlandt: out of the game)."""

    tile: int


class LocationStackShuffled(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Every Location tile in the stack was face up: they were shuffled face down."""

    order: tuple[int, ...]


class FightEnded(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Defeat tokens cleared; the participants' Weapons turn face up."""

    won: bool


# --- City Phase -----------------------------------------------------------------------


class CityTurnStarted(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    resume: int


class Moved(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Moved to a space; ``reveals`` Bopper cards are due there."""

    player: int
    space: int
    reveals: int


class Rested(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The discard pile went back to hand."""

    player: int


class CardReturned(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A card went from the discard pile back to its owner's hand."""

    player: int
    card: int


class WarCardTaken(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """A card from the War row went to a hand; ``refill`` (or -1) replaced it."""

    player: int
    index: int
    card: int
    refill: int


class WeaponTaken(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    index: int
    weapon: int
    refill: int


class WeaponRemoved(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    weapon: int


class BopperRevealed(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    card: int


class BopperDeckBuilt(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The Bopper deck was rebuilt and shuffled (``reason``: empty, third_threat, coney)."""

    player: int
    order: tuple[int, ...]
    reason: Literal["empty", "third_threat", "coney"]


class Challenged(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int
    can_run: bool


class LocationPeeked(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The challenged Warrior secretly looked at the top Location tile."""

    player: int
    tile: int


class ChoseFight(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    player: int


class Ran(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """The Warrior ran; the seen tile went face up to the bottom and a Bottle was placed."""

    player: int
    tile: int


Event = Union[
    GameEnded,
    FightStarted,
    WarriorChosen,
    CardsDiscarded,
    WeaponTurnedUp,
    TurnStarted,
    CardPlayed,
    LookoutPeeked,
    LookoutDecided,
    DiceRolled,
    DiceRerolled,
    DiceSettled,
    DieBoosted,
    SpotCovered,
    KnockedOut,
    ReactionDeclined,
    HoldTheLineUsed,
    CardRemoved,
    RivalDefeated,
    GangRevealed,
    GangStackShuffled,
    WarriorsDropped,
    LocationReturned,
    LocationStackShuffled,
    FightEnded,
    CityTurnStarted,
    Moved,
    Rested,
    CardReturned,
    WarCardTaken,
    WeaponTaken,
    WeaponRemoved,
    BopperRevealed,
    BopperDeckBuilt,
    Challenged,
    LocationPeeked,
    ChoseFight,
    Ran,
    RngAdvanced,
]
