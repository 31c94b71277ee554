"""Every action a player can take, as tagged frozen records (imperative names).

Fixed ranges and ids are part of the field types (Wards 0-3, the three resources, market
slots, catalog card ids), so the engine refuses anything outside them as ``action/malformed``
before a rule runs, and ``boardcore schema`` shows them. Whether an id names something on the
table now (a Building uid, a die of this Push) is a rule: see each decision's ``problem``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Union

import msgspec

from .catalog import BUILDINGS, CONSTRUCTION_MARKET, GANGSTERS, OFFICIAL_MARKET, RESOURCES, WARDS


def _one_of(ids: Iterable[str], empty: bool = False) -> str:
    """A regular expression matching exactly one of ``ids`` (or ``""`` when ``empty``)."""
    return f"^({'|'.join(ids)}){'?' if empty else ''}$"


WardIndex = Annotated[int, msgspec.Meta(ge=0, le=WARDS - 1)]
"""A Ward: 0 Northgate, 1 Foundry Row, 2 Riverside, 3 Old Market."""
JobWard = Annotated[int, msgspec.Meta(ge=-1, le=WARDS - 1)]
"""The Ward a Job targets, or -1 for a Job that affects no Ward."""
JobTarget = Annotated[int, msgspec.Meta(ge=-1)]
"""An Agitator's receiving Ward or an Arsonist's Building uid; -1 for every other Job."""
Resource = Annotated[int, msgspec.Meta(ge=0, le=len(RESOURCES) - 1)]
"""0 Textile, 1 Cement, 2 Coal."""
ConstructionSlot = Annotated[int, msgspec.Meta(ge=0, le=CONSTRUCTION_MARKET - 1)]
OfficialSlot = Annotated[int, msgspec.Meta(ge=0, le=OFFICIAL_MARKET - 1)]
Uid = Annotated[int, msgspec.Meta(ge=0)]
"""A Building on the board (numbered as placed; whether it is there now is a rule)."""
Die = Annotated[int, msgspec.Meta(ge=0)]
"""A Labor die of the current Push, counted from 0."""
BuildingId = Annotated[str, msgspec.Meta(pattern=_one_of(BUILDINGS))]
"""A Factory, Tenement or Infrastructure card id (``"F-TW"``)."""
GangsterId = Annotated[str, msgspec.Meta(pattern=_one_of(GANGSTERS))]
"""A Gangster card id (``"G-BRU"``)."""
CommitChoice = Annotated[str, msgspec.Meta(pattern=_one_of(GANGSTERS, empty=True))]
"""A Gangster card id, or ``""`` for no Gangster."""


# --- Invest & Build (BW-IB) ---------------------------------------------------
class BuyResource(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Buy one resource at the Exchange for $3 (BW-IB-02, GAP-04)."""

    resource: Resource


class SellResource(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Sell one resource at the Exchange for $1 ($2 with a Harbour Master, twice a turn)."""

    resource: Resource


class BuyConstruction(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Buy the Construction card in a market slot into your hand (BW-IB-03)."""

    slot: ConstructionSlot


class RecruitOfficial(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Recruit the Official in a market slot (BW-IB-04)."""

    slot: OfficialSlot


class HireGangster(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Pay $3 and secretly draw the top Gangster (BW-IB-04, GAP-08)."""


class Upgrade(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Upgrade one of your placed Factories or Tenements (BW-IB-05)."""

    uid: Uid


class BuyNeutral(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Buy a Ward's neutral Factory (BW-IB-06)."""

    ward: WardIndex


class Place(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Place a Building card from your hand in a Ward (BW-IB-08)."""

    card: BuildingId
    ward: WardIndex


class PlayJob(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Reveal a Gangster and perform its Job (BW-IB-07); ``target`` is a Ward (Agitator) or a Building uid (Arsonist)."""

    gangster: GangsterId
    ward: JobWard = -1
    target: JobTarget = -1


class Quell(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Discard a Gangster to remove one striker anywhere (BW-CARD-10)."""

    gangster: GangsterId
    ward: WardIndex


class EndTurn(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """End your Invest & Build turn."""


# --- Labor (BW-LABOR) ------------------------------------------------------------
class ChooseFirstWard(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """The starting player picks the first claimed Ward of Labor (BW-LABOR-01)."""

    ward: WardIndex


class Commit(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Secretly commit a Gangster to the contest, or "" for none (BW-CONTEST-02)."""

    gangster: CommitChoice


class Staff(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Fill a Factory's minimum staffing (BW-ALLOC)."""

    uid: Uid


class Overwork(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Put one more worker in a staffed Factory's overwork slot."""

    uid: Uid


class FinishAllocation(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Stop assigning workers; the rest sit idle. Push follows."""


class Reroll(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Union Hall: re-roll one non-Strike die (I-UH)."""

    die: Die


class CancelStrike(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Factory Inspector: cancel one Strike result (O-INS)."""

    die: Die


class PayRelief(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Pay for a Relief die to remove a striker (BW-DIE-01)."""

    die: Die


class SettlePush(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Settle the Push: strikes, Riot or production (BW-LABOR-08)."""


class RollRecovery(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Roll one Labor die to recover a rioting Ward (BW-RIOT-06)."""


class StopRecovery(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Decline to roll, or keep the material just rolled (BW-RIOT-09)."""


class ChooseLoss(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """The rioting Ward's controller picks the Building it loses (BW-RIOT-03)."""

    uid: Uid


class PoliceBlock(msgspec.Struct, frozen=True, gc=False, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Police Commissioner: block (or let through) the striker spreading now (O-POL)."""

    block: bool


Action = Union[
    BuyResource,
    SellResource,
    BuyConstruction,
    RecruitOfficial,
    HireGangster,
    Upgrade,
    BuyNeutral,
    Place,
    PlayJob,
    Quell,
    EndTurn,
    ChooseFirstWard,
    Commit,
    Staff,
    Overwork,
    FinishAllocation,
    Reroll,
    CancelStrike,
    PayRelief,
    SettlePush,
    RollRecovery,
    StopRecovery,
    ChooseLoss,
    PoliceBlock,
]
