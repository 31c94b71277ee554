"""Every action a player can take, as tagged frozen records (imperative names)."""

from __future__ import annotations

from typing import Union

import msgspec


class _A(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    pass


# --- Invest & Build (BW-IB) ---------------------------------------------------
class BuyResource(_A):
    """Buy one resource at the Exchange for $3 (BW-IB-02, GAP-04)."""

    resource: int


class SellResource(_A):
    """Sell one resource at the Exchange for $1 ($2 with a Harbour Master, twice a turn)."""

    resource: int


class BuyConstruction(_A):
    """Buy the Construction card in a market slot into your hand (BW-IB-03)."""

    slot: int


class RecruitOfficial(_A):
    """Recruit the Official in a market slot (BW-IB-04)."""

    slot: int


class HireGangster(_A):
    """Pay $3 and secretly draw the top Gangster (BW-IB-04, GAP-08)."""


class Upgrade(_A):
    """Upgrade one of your placed Factories or Tenements (BW-IB-05)."""

    uid: int


class BuyNeutral(_A):
    """Buy a Ward's neutral Factory (BW-IB-06)."""

    ward: int


class Place(_A):
    """Place a Building card from your hand in a Ward (BW-IB-08)."""

    card: str
    ward: int


class PlayJob(_A):
    """Reveal a Gangster and perform its Job (BW-IB-07); ``target`` is a Ward (Agitator) or a Building uid (Arsonist)."""

    gangster: str
    ward: int = -1
    target: int = -1


class Quell(_A):
    """Discard a Gangster to remove one striker anywhere (BW-CARD-10)."""

    gangster: str
    ward: int


class EndTurn(_A):
    """End your Invest & Build turn."""


# --- Labor (BW-LABOR) ------------------------------------------------------------
class ChooseFirstWard(_A):
    """The starting player picks the first claimed Ward of Labor (BW-LABOR-01)."""

    ward: int


class Commit(_A):
    """Secretly commit a Gangster to the contest, or "" for none (BW-CONTEST-02)."""

    gangster: str


class Staff(_A):
    """Fill a Factory's minimum staffing (BW-ALLOC)."""

    uid: int


class Overwork(_A):
    """Put one more worker in a staffed Factory's overwork slot."""

    uid: int


class FinishAllocation(_A):
    """Stop assigning workers; the rest sit idle. Push follows."""


class Reroll(_A):
    """Union Hall: re-roll one non-Strike die (I-UH)."""

    die: int


class CancelStrike(_A):
    """Factory Inspector: cancel one Strike result (O-INS)."""

    die: int


class PayRelief(_A):
    """Pay for a Relief die to remove a striker (BW-DIE-01)."""

    die: int


class SettlePush(_A):
    """Settle the Push: strikes, Riot or production (BW-LABOR-08)."""


class RollRecovery(_A):
    """Roll one Labor die to recover a rioting Ward (BW-RIOT-06)."""


class StopRecovery(_A):
    """Decline to roll, or keep the material just rolled (BW-RIOT-09)."""


class ChooseLoss(_A):
    """The rioting Ward's controller picks the Building it loses (BW-RIOT-03)."""

    uid: int


class PoliceBlock(_A):
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
