"""Everything that can happen in Peaky Blinders, as past-tense facts (the event union)."""

from __future__ import annotations

from typing import Union

import msgspec

from boardcore import RngAdvanced

from .catalog import Good, Henchman, Material, Purpose

__all__ = [
    "ActionPhaseBegan",
    "BailedOut",
    "BetPlaced",
    "CardBoost",
    "CardDrawn",
    "CardPlayed",
    "CardResolved",
    "ConflictBegan",
    "ConflictDecided",
    "ConflictEnded",
    "DeckReshuffled",
    "DefenderChosen",
    "DerbyBegan",
    "DerbyWon",
    "DieRolled",
    "Event",
    "EventRecord",
    "Exchanged",
    "FortuneDeclined",
    "FortuneUsed",
    "Gained",
    "GameEnded",
    "HenchmanPlaced",
    "HenchmanRetrieved",
    "HorseMoved",
    "Jailed",
    "Lost",
    "MarkerPlaced",
    "MarkerSwapped",
    "MaterialBought",
    "MaterialSold",
    "MaterialSwapped",
    "MissionChosen",
    "MissionCompleted",
    "MissionsShown",
    "OptionChosen",
    "PlacementPassed",
    "RollsSettled",
    "StarterChosen",
    "StarterContest",
    "SwapDeclined",
    "Transferred",
    "TurnEnded",
    "ZoneBegan",
]


class EventRecord(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    """Base of every event: a frozen, tagged record, untracked by the garbage collector (no cycles; 16 bytes less per event kept in a history)."""


# --- setup, flow, starter ---------------------------------------------------


class MissionChosen(EventRecord, frozen=True):
    """A player secretly picked the card to show (``slot`` is -1 for everyone else, PB-SETUP-11)."""

    player: int
    slot: int


class MissionsShown(EventRecord, frozen=True):
    """Everyone turned their picked card face up at once: ``slots`` and ``missions`` by seat."""

    slots: tuple[int, ...]
    missions: tuple[str, ...]


class ZoneBegan(EventRecord, frozen=True):
    """A new zone round began (PB-ROUND-03)."""

    zone: int
    round: int


class StarterContest(EventRecord, frozen=True):
    """These players tie for starter and roll the d8 off, in seat order (PB-START-03)."""

    purpose: Purpose
    candidates: tuple[int, ...]


class StarterChosen(EventRecord, frozen=True):
    """The starter of a phase is known; the phase begins with them (PB-START)."""

    purpose: Purpose
    player: int


class DieRolled(EventRecord, frozen=True):
    """A player rolled the d8 (sides 8) or the racing die (sides 6)."""

    player: int
    die: int
    sides: int = 8


class FortuneUsed(EventRecord, frozen=True):
    """The player added a fortune token (+1) to their open roll (PB-FORT-02)."""

    player: int


class FortuneDeclined(EventRecord, frozen=True):
    """The player kept their roll as rolled."""

    player: int


class RollsSettled(EventRecord, frozen=True):
    """The open rolls are final; ``totals`` are the scores they count for, one per roller in ``players``."""

    players: tuple[int, ...]
    totals: tuple[int, ...]


# --- preparation and action phases -------------------------------------------


class HenchmanPlaced(EventRecord, frozen=True):
    player: int
    henchman: int
    zone: int
    space: int


class PlacementPassed(EventRecord, frozen=True):
    """The player places no more henchmen this round (a pass is final, GAP-08)."""

    player: int


class ActionPhaseBegan(EventRecord, frozen=True):
    """Henchmen are now taken back in board order (PB-ACTION-01)."""


class HenchmanRetrieved(EventRecord, frozen=True):
    player: int
    henchman: int
    zone: int
    space: int


class Gained(EventRecord, frozen=True):
    """A player gained ``amount`` of a counter (``catalog.ITEMS``)."""

    player: int
    item: str
    amount: int


class Lost(EventRecord, frozen=True):
    """A player lost ``amount`` of a counter (to the supply)."""

    player: int
    item: str
    amount: int


class Transferred(EventRecord, frozen=True):
    """``amount`` of a counter moved from ``source`` to ``target`` (Offence cards)."""

    source: int
    target: int
    item: str
    amount: int


class Exchanged(EventRecord, frozen=True):
    """Five value-1 cards became one value-5 card (``up``) or the reverse (GAP-13)."""

    player: int
    good: Good
    up: bool


class Jailed(EventRecord, frozen=True):
    """The suspicion meter is full: the strength henchman goes to jail, tokens removed (PB-SUSP-03..06)."""

    player: int


class BailedOut(EventRecord, frozen=True):
    """The strength henchman is back; suspicion returns to the first square (PB-BAIL, GAP-17)."""

    player: int
    cost: int


class CardDrawn(EventRecord, frozen=True):
    """A player drew a conflict card; only they learn which (``card`` is ``""`` for others)."""

    player: int
    card: str


class DeckReshuffled(EventRecord, frozen=True):
    """The discard pile became the new draw stack, shuffled (GAP-14); the order is hidden."""

    cards: tuple[str, ...]
    size: int


class ConflictBegan(EventRecord, frozen=True):
    """A henchman on the conflict location attacks; ``defender`` is -1 until chosen (PB-CONF-04..06)."""

    attacker: int
    henchman: int
    defender: int


class DefenderChosen(EventRecord, frozen=True):
    attacker: int
    defender: int


class ConflictDecided(EventRecord, frozen=True):
    """The higher total won; a tie goes to the defender (PB-CONF-10, GAP-18)."""

    attacker: int
    defender: int
    attacker_total: int
    defender_total: int
    winner: int
    swap: bool
    """The attacker won above 15 and may swap a marker (PB-CONF-13)."""


class MarkerSwapped(EventRecord, frozen=True):
    """The winning attacker replaced one defender marker with their own, for free (PB-CONF-13/14)."""

    attacker: int
    defender: int
    zone: int
    from_zone: int | None


class SwapDeclined(EventRecord, frozen=True):
    attacker: int


class ConflictEnded(EventRecord, frozen=True):
    """The conflict is over; the next henchman is taken back."""


# --- open game state ----------------------------------------------------------


class MarkerPlaced(EventRecord, frozen=True):
    """A control marker bought for ``cost`` and placed (PB-CTRL-02/06)."""

    player: int
    zone: int
    from_zone: int | None
    cost: int


class CardPlayed(EventRecord, frozen=True):
    """A conflict card is revealed and played (PB-CARD)."""

    player: int
    card: str
    target: int


class CardBoost(EventRecord, frozen=True):
    """The boost roll's total, and whether it reached the card's threshold (PB-CARD-02/03)."""

    player: int
    total: int
    boosted: bool


class OptionChosen(EventRecord, frozen=True):
    player: int
    option: Henchman | Material


class CardResolved(EventRecord, frozen=True):
    """The card's effects are done; it goes to the discard pile (PB-CARD-04)."""

    player: int
    card: str


class MaterialSold(EventRecord, frozen=True):
    player: int
    material: Material
    stack: int


class MaterialBought(EventRecord, frozen=True):
    player: int
    stack: int
    material: Material


class MaterialSwapped(EventRecord, frozen=True):
    player: int
    material: Material
    stack: int
    taken: Material


class TurnEnded(EventRecord, frozen=True):
    """An open-game-state turn ended; ``acted`` is False for a pass (GAP-10)."""

    player: int
    acted: bool


# --- Derby, missions, end -----------------------------------------------------


class DerbyBegan(EventRecord, frozen=True):
    """Horses start, moved forward by horsepower (PB-DERBY-02/03)."""

    positions: tuple[int, ...]


class BetPlaced(EventRecord, frozen=True):
    """One value-1 cash card on the player's own horse (PB-DERBY-04)."""

    player: int


class HorseMoved(EventRecord, frozen=True):
    player: int
    spaces: int
    position: int
    """Where the horse now stands (the finish is ``catalog.DERBY_FINISH``)."""


class DerbyWon(EventRecord, frozen=True):
    """The first horse over the line; ``payout`` is what its owner receives (PB-DERBY-07..10)."""

    player: int
    pot: int
    payout: int


class MissionCompleted(EventRecord, frozen=True):
    """A mission's condition held: it counts as done for good (GAP-01)."""

    player: int
    slot: int
    mission: str
    face_up: bool


class GameEnded(EventRecord, frozen=True):
    """The game is over; every mission card is revealed (GAP-03/04)."""

    winner: int
    reason: str
    missions: tuple[tuple[str, str, str], ...]


Event = Union[
    MissionChosen,
    MissionsShown,
    ZoneBegan,
    StarterContest,
    StarterChosen,
    DieRolled,
    FortuneUsed,
    FortuneDeclined,
    RollsSettled,
    HenchmanPlaced,
    PlacementPassed,
    ActionPhaseBegan,
    HenchmanRetrieved,
    Gained,
    Lost,
    Transferred,
    Exchanged,
    Jailed,
    BailedOut,
    CardDrawn,
    DeckReshuffled,
    ConflictBegan,
    DefenderChosen,
    ConflictDecided,
    MarkerSwapped,
    SwapDeclined,
    ConflictEnded,
    MarkerPlaced,
    CardPlayed,
    CardBoost,
    OptionChosen,
    CardResolved,
    MaterialSold,
    MaterialBought,
    MaterialSwapped,
    TurnEnded,
    DerbyBegan,
    BetPlaced,
    HorseMoved,
    DerbyWon,
    MissionCompleted,
    GameEnded,
    RngAdvanced,
]
