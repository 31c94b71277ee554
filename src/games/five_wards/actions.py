"""What a player may ask to do, one small decision at a time (Wards and positions are 0-4).

Fixed ranges are part of the types (``Ward``, ``Face``, ...), so the engine refuses a
value outside them as ``action/malformed`` before any rule runs, and ``boardcore
schema`` shows them; what depends on the table (an empty space, a die in the pool)
is the rules' to check.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

import msgspec

from .catalog import DICE_BY_PLAYERS, FACES, LANDMARKS, WARDS

__all__ = [
    "Action",
    "Blast",
    "BlastPick",
    "BlastSource",
    "Bolster",
    "BribeCopper",
    "BribeInspector",
    "CommitTactics",
    "DeployThugs",
    "DiscardTactic",
    "EndDeploy",
    "EndTurn",
    "PlayLoadedDice",
    "PlayShakedown",
    "PlaySwitcheroo",
    "PlayVagrant",
    "Rally",
    "Restock",
    "SelectDie",
    "ShakedownPick",
    "ShakedownRoll",
]

BlastSource = Literal["boss", "fresh", "old"]
"""Where a Blasted Thug comes from (GAP-31)."""

MOST_SPACES = max(len(card.spaces) for card in LANDMARKS)
"""Die spaces on the largest Landmark."""

Ward = Annotated[int, msgspec.Meta(ge=0, le=len(WARDS) - 1)]
"""A Ward, or the row position above it (0-4)."""
Face = Annotated[int, msgspec.Meta(ge=0, le=len(FACES) - 1)]
"""A die face (``catalog.FACES``)."""
Space = Annotated[int, msgspec.Meta(ge=0, le=MOST_SPACES - 1)]
"""A die space of a card, from the left (the card says how many it has)."""
Seat = Annotated[int, msgspec.Meta(ge=0, le=max(DICE_BY_PLAYERS) - 1)]
"""A seat (the game says how many there are)."""
DieIndex = Annotated[int, msgspec.Meta(ge=0, le=max(DICE_BY_PLAYERS.values()) - 1)]
"""One of a player's selected dice, in selection order."""
UpToTwo = Annotated[int, msgspec.Meta(ge=0, le=2)]
"""A Restock takes 2 things in all (FW-RESTOCK-01)."""
Thugs = Annotated[int, msgspec.Meta(ge=1, le=MOST_SPACES + 1)]
"""Thugs of one Gang on one card: at most every die space and the bonus space."""
Triggers = Annotated[int, msgspec.Meta(ge=0, le=MOST_SPACES + 1)]
"""Recruiting triggers: each needs its own Thug from the card (FW-RECRUIT-02)."""


class _Action(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    pass


# --- Phase 1: Rally and Restock ------------------------------------------------


class SelectDie(_Action, frozen=True):
    """Take a die showing ``face`` from the pool (FW-P1-04)."""

    face: Face


class Rally(_Action, frozen=True):
    """Place a Thug on an empty die space matching your die (FW-RALLY-01).

    ``card`` may name a Sneak (any icon) or Reinforcements (a second Thug on
    ``second_space`` of the same card) from your hand.
    """

    position: Ward
    space: Space
    card: str | None = None
    second_space: Space | None = None


class Restock(_Action, frozen=True):
    """Declare and take a Restock (FW-RESTOCK-01): ``cards`` Tactics cards plus resources, 2 in all."""

    cards: UpToTwo
    power: UpToTwo = 0
    capital: UpToTwo = 0
    mayhem: UpToTwo = 0

    @property
    def resources(self) -> tuple[int, ...]:
        """The resources to add, ascending (0 Power, 1 Capital, 2 Mayhem)."""
        return (0,) * self.power + (1,) * self.capital + (2,) * self.mayhem


class DiscardTactic(_Action, frozen=True):
    """Discard a card face up to get back to the hand limit (FW-RESTOCK-03)."""

    card: str


class PlayShakedown(_Action, frozen=True):
    """Shakedown, before selecting: reroll any dice still in the pool (choose them next)."""

    card: str


class ShakedownPick(_Action, frozen=True):
    """Add a die showing ``face`` to the Shakedown reroll (faces in ascending order)."""

    face: Face


class ShakedownRoll(_Action, frozen=True):
    """Reroll the dice picked for the Shakedown."""


class PlayLoadedDice(_Action, frozen=True):
    """Loaded Dice, after selecting: turn your die to ``face``."""

    card: str
    face: Face


class PlaySwitcheroo(_Action, frozen=True):
    """Switcheroo, after selecting: swap your die with die ``die`` of ``rival``."""

    card: str
    rival: Seat
    die: DieIndex


class PlayVagrant(_Action, frozen=True):
    """Vagrant: move your Thug from a die space of an unfilled Landmark to an empty die space of another."""

    card: str
    from_position: Ward
    from_space: Space
    to_position: Ward
    to_space: Space


class EndTurn(_Action, frozen=True):
    """Finish your selection turn without using a Vagrant after your action."""


# --- Phase 2: Brawl --------------------------------------------------------------


class CommitTactics(_Action, frozen=True):
    """Play these Tactics cards face down to the current Brawl (FW-BRAWL-04); may be none.

    ``cards`` lists distinct card ids in ascending order, so each subset of the
    hand has exactly one spelling.
    """

    cards: tuple[str, ...] = ()


# --- Phase 3: Deploy and Scheme ----------------------------------------------------


class DeployThugs(_Action, frozen=True):
    """Deploy ``count`` of your Thugs on the card to ``ward``, triggering its Recruiting tile ``recruits`` times."""

    ward: Ward
    count: Thugs
    recruits: Triggers = 0


class Bolster(_Action, frozen=True):
    """Scheme, pay 1 Power: move 1 Thug (from your current-round stack if ``from_fresh``) to another Ward.

    ``to_fresh`` adds it to your current-round stack there (FW-SCHEME-03).
    """

    from_ward: Ward
    from_fresh: bool
    to_ward: Ward
    to_fresh: bool


class BribeInspector(_Action, frozen=True):
    """Scheme, pay 1 Capital: deploy to the Inspector's Ward for the rest of this round."""


class BribeCopper(_Action, frozen=True):
    """Scheme, pay 1 Capital: move 1 Copper from one Ward to another."""

    from_ward: Ward
    to_ward: Ward


class Blast(_Action, frozen=True):
    """Scheme, pay 1 Mayhem: remove 1 Thug of every rival in a Ward you occupy."""

    ward: Ward


class BlastPick(_Action, frozen=True):
    """Where the Blast takes the current rival's Thug: the Ward Boss space, its current-round stack or its older Thugs."""

    source: BlastSource


class EndDeploy(_Action, frozen=True):
    """Finish your deployment from this card (skip the Scheme, or return undeployable Thugs)."""


Action = Union[
    SelectDie,
    Rally,
    Restock,
    DiscardTactic,
    PlayShakedown,
    ShakedownPick,
    ShakedownRoll,
    PlayLoadedDice,
    PlaySwitcheroo,
    PlayVagrant,
    EndTurn,
    CommitTactics,
    DeployThugs,
    Bolster,
    BribeInspector,
    BribeCopper,
    Blast,
    BlastPick,
    EndDeploy,
]
