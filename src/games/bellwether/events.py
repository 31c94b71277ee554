"""Every event of a Bellwether game (past tense), and the union the log records."""

from __future__ import annotations

from typing import Union

import msgspec

from boardcore import RngAdvanced

from .state import Result


# --- Invest & Build -----------------------------------------------------------------
class ResourceBought(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    resource: int
    price: int


class ResourceSold(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    resource: int
    price: int


class ConstructionBought(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A card left the market for the buyer's hand; ``refill`` (or "") turned face up."""

    player: int
    slot: int
    card: str
    refill: str


class OfficialRecruited(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    slot: int
    card: str
    refill: str


class GangsterHired(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Only the hirer sees ``card``; the rival sees "" (BW-INFO-02)."""

    player: int
    card: str


class BuildingUpgraded(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    uid: int
    cost: int
    card: str


class NeutralBought(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    uid: int
    cost: int
    card: str


class BuildingPlaced(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    card: str
    uid: int


class JobPlayed(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A Gangster is revealed and its Job performed (Saboteur and Heavy marks apply here)."""

    player: int
    gangster: str
    ward: int
    target: int


class GangsterQuelled(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A Gangster discarded to remove one striker (BW-CARD-10)."""

    player: int
    gangster: str
    ward: int


class StrikerAdded(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class StrikersRemoved(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    count: int


class StrikerMoved(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    source: int
    dest: int


class BuildingDestroyed(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Destroyed by a Job (not lost to a Riot)."""

    ward: int
    uid: int
    card: str
    owner: int
    """The owner (-1: Infrastructure, which belongs to its Ward)."""


class CashGained(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    amount: int


class CashTaken(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    victim: int
    amount: int


class GangstersInspected(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Only the inspector sees ``seen`` (GAP-27); the rival learns that the look happened (``seen=None``)."""

    player: int
    seen: tuple[str, ...] | None


class TurnEnded(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int


# --- Labor -----------------------------------------------------------------------------
class LaborBegan(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    round: int


class FirstWardChosen(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int


class WardSkipped(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class WardEntered(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class ContestOpened(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    waiting: tuple[int, ...]


class GangsterCommitted(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """A face-down commitment ("" = none). The committer sees ``gangster``; everyone else learns only
    that the commitment was made (``gangster=None``), as at the table (BW-CONTEST-02)."""

    player: int
    ward: int
    gangster: str | None


class CommitmentsRevealed(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    choices: tuple[tuple[int, str], ...]


class ContestWon(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    winner: int
    totals: tuple[int, int]
    """Each seat's contest total, -1 if it did not take part."""


class FactoryStaffed(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    uid: int
    workers: int
    card: str
    owner: int
    """-1: a neutral Factory."""


class FactoryOverworked(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    uid: int
    card: str
    owner: int


class AllocationFinished(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class DiceRolled(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    faces: tuple[int, ...]


class DieRerolled(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    die: int
    face: int


class StrikeCanceled(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    die: int


class ReliefPaid(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    die: int
    cost: int


class PushSettled(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    strikes: int
    reliefs: int
    strikers: int


class FactoryProduced(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    uid: int
    resource: int
    amount: int
    cash: int


class MaterialsCollected(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    ward: int
    res: tuple[int, int, int]


class WorkersGrew(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    workers: int


class RecoveryRolled(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int
    face: int


class RiotEnded(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class WardFinished(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


# --- Unrest ----------------------------------------------------------------------------
class RiotIgnited(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class BuildingLost(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Lost to a Riot; ``counted`` when a Factory or Tenement its owner lost (BW-END-05)."""

    ward: int
    uid: int
    owner: int
    counted: bool
    card: str


class LossSkipped(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class StrikerSpread(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    source: int
    dest: int


class SpreadBlocked(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    source: int
    dest: int
    by: str
    """"I-CHK", "O-POL" or "full"."""


class PoliceConsulted(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    player: int
    source: int
    dest: int


# --- Cleanup and the end ---------------------------------------------------------------
class RoundCleanedUp(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    round: int


class WardBurnedOut(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    ward: int


class RoundStarted(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    round: int
    start_player: int


class GameEnded(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    result: Result


Event = Union[
    ResourceBought,
    ResourceSold,
    ConstructionBought,
    OfficialRecruited,
    GangsterHired,
    BuildingUpgraded,
    NeutralBought,
    BuildingPlaced,
    JobPlayed,
    GangsterQuelled,
    StrikerAdded,
    StrikersRemoved,
    StrikerMoved,
    BuildingDestroyed,
    CashGained,
    CashTaken,
    GangstersInspected,
    TurnEnded,
    LaborBegan,
    FirstWardChosen,
    WardSkipped,
    WardEntered,
    ContestOpened,
    GangsterCommitted,
    CommitmentsRevealed,
    ContestWon,
    FactoryStaffed,
    FactoryOverworked,
    AllocationFinished,
    DiceRolled,
    DieRerolled,
    StrikeCanceled,
    ReliefPaid,
    PushSettled,
    FactoryProduced,
    MaterialsCollected,
    WorkersGrew,
    RecoveryRolled,
    RiotEnded,
    WardFinished,
    RiotIgnited,
    BuildingLost,
    LossSkipped,
    StrikerSpread,
    SpreadBlocked,
    PoliceConsulted,
    RoundCleanedUp,
    WardBurnedOut,
    RoundStarted,
    GameEnded,
    RngAdvanced,
]
