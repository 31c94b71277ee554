"""Every action a player can take, as tagged frozen records (imperative names)."""

from __future__ import annotations

from typing import Union

import msgspec


# --- Invest & Build (BW-IB) ---------------------------------------------------
class BuyResource(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Buy one resource at the Exchange for $3 (BW-IB-02, GAP-04)."""

    resource: int


class SellResource(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Sell one resource at the Exchange for $1 ($2 with a Harbour Master, twice a turn)."""

    resource: int


class BuyConstruction(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Buy the Construction card in a market slot into your hand (BW-IB-03)."""

    slot: int


class RecruitOfficial(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Recruit the Official in a market slot (BW-IB-04)."""

    slot: int


class HireGangster(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Pay $3 and secretly draw the top Gangster (BW-IB-04, GAP-08)."""


class Upgrade(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Upgrade one of your placed Factories or Tenements (BW-IB-05)."""

    uid: int


class BuyNeutral(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Buy a Ward's neutral Factory (BW-IB-06)."""

    ward: int


class Place(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Place a Building card from your hand in a Ward (BW-IB-08)."""

    card: str
    ward: int


class PlayJob(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Reveal a Gangster and perform its Job (BW-IB-07); ``target`` is a Ward (Agitator) or a Building uid (Arsonist)."""

    gangster: str
    ward: int = -1
    target: int = -1


class Quell(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Discard a Gangster to remove one striker anywhere (BW-CARD-10)."""

    gangster: str
    ward: int


class EndTurn(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """End your Invest & Build turn."""


# --- Labor (BW-LABOR) ------------------------------------------------------------
class ChooseFirstWard(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """The starting player picks the first claimed Ward of Labor (BW-LABOR-01)."""

    ward: int


class Commit(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Secretly commit a Gangster to the contest, or "" for none (BW-CONTEST-02)."""

    gangster: str


class Staff(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Fill a Factory's minimum staffing (BW-ALLOC)."""

    uid: int


class Overwork(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Put one more worker in a staffed Factory's overwork slot."""

    uid: int


class FinishAllocation(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Stop assigning workers; the rest sit idle. Push follows."""


class Reroll(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Union Hall: re-roll one non-Strike die (I-UH)."""

    die: int


class CancelStrike(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Factory Inspector: cancel one Strike result (O-INS)."""

    die: int


class PayRelief(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Pay for a Relief die to remove a striker (BW-DIE-01)."""

    die: int


class SettlePush(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Settle the Push: strikes, Riot or production (BW-LABOR-08)."""


class RollRecovery(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Roll one Labor die to recover a rioting Ward (BW-RIOT-06)."""


class StopRecovery(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Decline to roll, or keep the material just rolled (BW-RIOT-09)."""


class ChooseLoss(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """The rioting Ward's controller picks the Building it loses (BW-RIOT-03)."""

    uid: int


class PoliceBlock(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
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
