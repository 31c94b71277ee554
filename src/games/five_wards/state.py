"""The frozen records a 5 Wards game state is made of (no rules here).

Seats are 0..n-1; Wards and row positions are 0-4. ``NOBODY`` (-1) marks an
empty space; ``COPPER`` (-2) a Copper on a bonus space. Records are immutable
trees, which can never form reference cycles, so they opt out of the cycle
collector (``gc=False``: 16 bytes less per record, a saving on every history step).
"""

from __future__ import annotations

import msgspec

from boardcore import Rng, Sealed

__all__ = ["COPPER", "NOBODY", "DeployStep", "Player", "SelectionTurn", "Slot", "State", "Supply", "WardState"]

NOBODY = -1
COPPER = -2


class Slot(msgspec.Struct, frozen=True, gc=False):
    """One position of the Landmark row: its card and the tokens on it."""

    card: str | None = None
    """Landmark (``L..``) or Brawl (``B..``) id; ``None`` once deployed, until Phase 4 replaces it."""
    spaces: tuple[int, ...] = ()
    """Seat on each die space (Landmark) or Thug space (Brawl), ``NOBODY`` if empty."""
    bonus: int = NOBODY
    """Seat on the bonus space, ``COPPER``, or ``NOBODY``."""
    touched: bool = False
    """A Thug has been placed on this card (for FIRST, FW-RALLY-03)."""
    winner: int = NOBODY
    """Brawl only: the seat that won it outright and collects it after deploying (FW-BRAWL-08)."""


class WardState(msgspec.Struct, frozen=True, gc=False):
    """Thugs and Coppers in one Ward (GAP-19 bookkeeping)."""

    old: tuple[int, ...]
    """Per seat: Thugs from earlier rounds (and displaced earlier-round Boss stacks)."""
    fresh: tuple[int, ...]
    """Per seat: the current-round stack, when it is not on the Ward Boss space."""
    boss: int = NOBODY
    """Seat whose stack is on the Ward Boss space, or ``NOBODY``."""
    boss_height: int = 0
    boss_fresh: bool = False
    """The Boss stack was deployed this round."""
    coppers: int = 0


class Player(msgspec.Struct, frozen=True, gc=False):
    """One seat's Gang: board, bag, hand and what it holds this round."""

    gang: int
    """Index into ``catalog.GANGS``."""
    bag: int
    resources: tuple[int, int, int]
    """Power, Capital, Mayhem on the Gang board."""
    hand: tuple[str, ...]
    """Tactics cards (hidden from the others)."""
    dice: tuple[int, ...] = ()
    """Faces of the dice selected this round, in selection order."""
    brawls: tuple[str, ...] = ()
    """Collected Brawl cards (1 point each)."""
    bribed: bool = False
    """Bribe (a) is active for the rest of this round (FW-SCHEME-05)."""


class SelectionTurn(msgspec.Struct, frozen=True, gc=False):
    """The drafter's Phase 1 selection turn in progress."""

    player: int
    die: int = NOBODY
    """Index of the die selected this turn in ``Player.dice``, or ``NOBODY`` before selecting."""
    tactic_used: bool = False
    shakedown: tuple[int, ...] | None = None
    """While a Shakedown is being chosen: the faces picked to reroll, ascending."""
    discard: int = 0
    """Cards still to discard to the hand limit (FW-RESTOCK-03)."""
    acted: bool = False
    """The Rally or Restock of this turn is done (only a Vagrant may still be used)."""
    drawn: tuple[str, ...] = ()
    """Cards drawn by this turn's Restock: not playable this turn (FW-RESTOCK-04)."""


class DeployStep(msgspec.Struct, frozen=True, gc=False):
    """One Gang deploying from one card (FW-DEPLOY-05, GAP-18)."""

    position: int
    player: int
    remaining: int
    """Thugs of this Gang still on the card."""
    deployed: bool = False
    """At least 1 Thug from this card reached the map."""
    scheme_used: bool = False
    blast_ward: int = NOBODY
    """While a Blast is resolving: its Ward."""
    blast_victims: tuple[int, ...] = ()
    """Rivals still to lose a Thug to the Blast, in turn order."""


class Supply(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What changes only between rounds: piles, tiles, Coppers and the fixed numbers of the game."""

    landmark_deck: tuple[str, ...]
    leftover_deck: tuple[str, ...]
    recruit_stack: tuple[str, ...]
    recruit_used: tuple[str, ...] = ()
    tiles: tuple[str, ...]
    """Recruiting tile of each Ward (FW-COMP-05)."""
    scoring: tuple[str, ...]
    """Scoring tile of each Ward."""
    coppers: int
    """Coppers left in the bag."""
    dice_count: int
    round_limit: int


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A whole 5 Wards game."""

    players: tuple[Player, ...]
    start: int
    """Holder of the Starting Player marker."""
    stage: str
    """``roll``, ``draft``, ``brawl``, ``deploy``, ``reset``, ``score`` or ``over``."""
    round: int = 1
    phase1_count: int = 0
    """Phase 1s begun so far (for the safety limit)."""
    final: bool = False
    """The final round is being played (FW-FINAL)."""
    row: tuple[Slot, ...]
    supply: Supply
    inspector: int
    """Ward of the Inspector (his tile shows the helmet)."""
    wards: tuple[WardState, ...]
    pool: tuple[int, ...] = ()
    """Faces of the unselected dice, ascending."""
    pick: int = 0
    """Selections made in this Phase 1 (snake order index)."""
    turn: SelectionTurn | None = None
    brawl: int = NOBODY
    """Position of the Brawl being resolved."""
    sealed: Sealed[tuple[str, ...]] | None = None
    deploy_queue: tuple[int, ...] = ()
    """Positions still to deploy this Phase 3, in order (FW-DEPLOY-02)."""
    deploying: int = NOBODY
    """Position of the card being deployed from."""
    deploy_seats: tuple[int, ...] = ()
    """Seats still to deploy from the current card, in turn order."""
    step: DeployStep | None = None
    tactics_deck: tuple[str, ...]
    discard: tuple[str, ...] = ()
    """Tactics discard pile, face up, oldest first."""
    scores: tuple[tuple[int, ...], ...] | None = None
    """Once scored: per seat, points by source (tiles, home, boss, brawls, leftover)."""
    map_thugs: tuple[int, ...] | None = None
    """Once scored: per seat, Thugs on the map after arrests (the tie-break)."""
    rng: Rng
