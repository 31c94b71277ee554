"""The frozen records of a Bellwether game; derived facts live in ``board.py``."""

from __future__ import annotations

import attrs
import msgspec

from boardcore import Rng, Sealed

INVEST, LABOR, OVER = "invest", "labor", "over"
# Labor steps
CHOOSE, NEXT, COMMIT, ALLOCATE, PUSH, RECOVER = "choose", "next", "commit", "allocate", "push", "recover"


@attrs.frozen
class Options:
    """Game options: the round limit (GAP-23) and an optional fixed first player (GAP-24)."""

    max_rounds: int = attrs.field(default=12, validator=[attrs.validators.instance_of(int), attrs.validators.ge(1)])
    first_player: int = attrs.field(default=-1, validator=[attrs.validators.instance_of(int), attrs.validators.in_((-1, 0, 1))])
    """-1: a seeded coin flip decides; 0 or 1: that seat starts round 1."""


class Building(msgspec.Struct, frozen=True, gc=False):
    """A Building on the board; ``owner`` -1 is a neutral Factory or Infrastructure (which belongs to its Ward)."""

    uid: int
    card: str
    owner: int
    upgraded: bool = False
    builder: int = -1
    """Who built an Infrastructure (it gains them Influence; the Ward owns it)."""


class Ward(msgspec.Struct, frozen=True, gc=False):
    """One Ward: its pool, strike track, Riot flag, control, Buildings and this round's Job effects."""

    workers: int
    """Base worker pool (GAP-15)."""
    strikers: int = 0
    riot: bool = False
    controller: int = -1
    buildings: tuple[Building, ...] = ()
    jobs: int = 0
    """(Ward) Gangster Jobs that affected this Ward this round (BW-CARD-11)."""
    saboteur: tuple[bool, bool] = (False, False)
    """Which seats played a Saboteur Job here this round."""
    heavy: tuple[int, int] = (0, 0)
    """Contest bonus from Heavy Jobs this round, by seat."""


class Player(msgspec.Struct, frozen=True, gc=False):
    cash: int
    res: tuple[int, int, int] = (0, 0, 0)
    hand: tuple[str, ...] = ()
    """Building cards in hand (public), sorted."""
    officials: tuple[str, ...] = ()
    gangsters: tuple[str, ...] = ()
    """Hidden Gangster identities, sorted."""
    exposed: tuple[str, ...] = ()
    """Those of ``gangsters`` the rival saw with an Informant and still knows are here (GAP-27), sorted."""
    infra_influence: int = 0
    """+1 per Infrastructure ever built (permanent, GAP-12)."""
    lost: int = 0
    """Factories and Tenements lost to Riots (BW-END-05)."""
    inspector_used: bool = False
    police_used: bool = False


class RiotTask(msgspec.Struct, frozen=True, gc=False):
    """A Riot whose consequences are still resolving: stage 0 loss, 1 and 2 the two spreads."""

    ward: int
    stage: int = 0


class Labor(msgspec.Struct, frozen=True, gc=False):
    """Progress through the Labor phase."""

    step: str = CHOOSE
    order: tuple[int, ...] = ()
    pos: int = -1
    ignited: tuple[bool, ...] = (False,) * 4
    """Wards that ignited during this Labor (contested, then nothing more: GAP-18)."""
    sealed: Sealed[str] | None = None
    staffed: tuple[tuple[int, int], ...] = ()
    """(uid, workers) for each Factory that received workers, in staffing order."""
    dice: tuple[int, ...] = ()
    paid: tuple[int, ...] = ()
    """Indices of Relief dice paid for."""
    canceled: int = -1
    """Index of the Strike die cancelled by a Factory Inspector."""
    rerolled: bool = False
    rolls: int = 0
    """Recovery rolls made so far in this Ward."""
    last_roll: int = -1
    """The face of the last recovery roll, while the controller decides to keep it."""


class Result(msgspec.Struct, frozen=True, gc=False):
    """How the game ended: reason, winners (empty: a draw) and the deciding numbers by seat."""

    reason: str
    winners: tuple[int, ...]
    net_worth: tuple[int, int]
    wards: tuple[int, int]
    influence: tuple[int, int]
    lost: tuple[int, int]


class State(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    rng: Rng
    max_rounds: int = 12
    round: int = 1
    start_player: int = 0
    phase: str = INVEST
    turn: int = 0
    """Seat whose Invest & Build turn it is."""
    turns_done: int = 0
    placed: bool = False
    """The player on turn has used their one placement (BW-PLACE-06)."""
    harbour_sold: int = 0
    wards: tuple[Ward, ...] = ()
    players: tuple[Player, ...] = ()
    construction_deck: tuple[str, ...] = ()
    construction_market: tuple[str, ...] = ()
    """Face-up Construction cards; "" is an empty slot."""
    official_deck: tuple[str, ...] = ()
    official_market: tuple[str, ...] = ()
    gangster_deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    """Public Gangster discard pile."""
    next_uid: int = 0
    labor: Labor | None = None
    riots: tuple[RiotTask, ...] = ()
    """Riots whose loss and spread are pending, first in, first out (GAP-17)."""
    police_target: int = -1
    """A spread into this Ward waits for the Police Commissioner's holder to block or allow it."""
    result: Result | None = None
