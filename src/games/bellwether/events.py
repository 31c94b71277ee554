"""Every event of a Bellwether game (past tense), and the union the log records."""

from __future__ import annotations

from typing import Union

import msgspec

from boardcore import RngAdvanced

from .state import Result


class _E(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    pass


# --- Invest & Build -----------------------------------------------------------------
class ResourceBought(_E):
    player: int
    resource: int
    price: int


class ResourceSold(_E):
    player: int
    resource: int
    price: int


class ConstructionBought(_E):
    """A card left the market for the buyer's hand; ``refill`` (or "") turned face up."""

    player: int
    slot: int
    card: str
    refill: str


class OfficialRecruited(_E):
    player: int
    slot: int
    card: str
    refill: str


class GangsterHired(_E):
    """Only the hirer sees ``card``; the rival sees "" (BW-INFO-02)."""

    player: int
    card: str


class BuildingUpgraded(_E):
    player: int
    ward: int
    uid: int
    cost: int


class NeutralBought(_E):
    player: int
    ward: int
    uid: int
    cost: int


class BuildingPlaced(_E):
    player: int
    ward: int
    card: str
    uid: int


class JobPlayed(_E):
    """A Gangster is revealed and its Job performed (Saboteur and Heavy marks apply here)."""

    player: int
    gangster: str
    ward: int
    target: int


class GangsterQuelled(_E):
    """A Gangster discarded to remove one striker (BW-CARD-10)."""

    player: int
    gangster: str
    ward: int


class StrikerAdded(_E):
    ward: int


class StrikersRemoved(_E):
    ward: int
    count: int


class StrikerMoved(_E):
    source: int
    dest: int


class BuildingDestroyed(_E):
    """Destroyed by a Job (not lost to a Riot)."""

    ward: int
    uid: int


class CashGained(_E):
    player: int
    amount: int


class CashTaken(_E):
    player: int
    victim: int
    amount: int


class GangstersInspected(_E):
    """Only the inspector sees ``seen`` (GAP-27)."""

    player: int
    seen: tuple[str, ...]


class TurnEnded(_E):
    player: int


# --- Labor -----------------------------------------------------------------------------
class LaborBegan(_E):
    round: int


class FirstWardChosen(_E):
    player: int
    ward: int


class WardSkipped(_E):
    ward: int


class WardEntered(_E):
    ward: int


class ContestOpened(_E):
    ward: int
    waiting: tuple[int, ...]


class GangsterCommitted(_E):
    """Only the committer sees ``gangster`` ("" = none); others receive ``None``."""

    player: int
    ward: int
    gangster: str | None


class CommitmentsRevealed(_E):
    ward: int
    choices: tuple[tuple[int, str], ...]


class ContestWon(_E):
    ward: int
    winner: int
    totals: tuple[int, int]
    """Each seat's contest total, -1 if it did not take part."""


class FactoryStaffed(_E):
    ward: int
    uid: int
    workers: int


class FactoryOverworked(_E):
    ward: int
    uid: int


class AllocationFinished(_E):
    ward: int


class DiceRolled(_E):
    ward: int
    faces: tuple[int, ...]


class DieRerolled(_E):
    ward: int
    die: int
    face: int


class StrikeCanceled(_E):
    player: int
    ward: int
    die: int


class ReliefPaid(_E):
    player: int
    ward: int
    die: int
    cost: int


class PushSettled(_E):
    ward: int
    strikes: int
    reliefs: int
    strikers: int


class FactoryProduced(_E):
    player: int
    ward: int
    uid: int
    resource: int
    amount: int
    cash: int


class MaterialsCollected(_E):
    player: int
    ward: int
    res: tuple[int, int, int]


class WorkersGrew(_E):
    ward: int
    workers: int


class RecoveryRolled(_E):
    ward: int
    face: int


class RiotEnded(_E):
    ward: int


class WardFinished(_E):
    ward: int


# --- Unrest ----------------------------------------------------------------------------
class RiotIgnited(_E):
    ward: int


class BuildingLost(_E):
    """Lost to a Riot; ``counted`` when a Factory or Tenement its owner lost (BW-END-05)."""

    ward: int
    uid: int
    owner: int
    counted: bool


class LossSkipped(_E):
    ward: int


class StrikerSpread(_E):
    source: int
    dest: int


class SpreadBlocked(_E):
    source: int
    dest: int
    by: str
    """"I-CHK", "O-POL" or "full"."""


class PoliceConsulted(_E):
    player: int
    source: int
    dest: int


# --- Cleanup and the end ---------------------------------------------------------------
class RoundCleanedUp(_E):
    round: int


class WardBurnedOut(_E):
    ward: int


class RoundStarted(_E):
    round: int
    start_player: int


class GameEnded(_E):
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
