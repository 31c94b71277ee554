"""What happened, in the past tense; folding these alone rebuilds the state.

Events that carry hidden cards have a ``None`` in the redacted form others
receive (see ``view.VISIBILITY``).
"""

from __future__ import annotations

from typing import Union

import msgspec

from boardcore import RngAdvanced, Turn

from .actions import BlastSource
from .state import State

__all__ = [
    "Acted",
    "FwTurn",
    "Blasted",
    "Bolstered",
    "BossTaken",
    "BrawlOpened",
    "BrawlResolved",
    "BrawlRevealed",
    "CardDeployBegan",
    "CardDeployed",
    "CopperBribed",
    "CopperDeployed",
    "CopperPlaced",
    "DeployQueued",
    "DiceRerolled",
    "DiceRolled",
    "DiceSwapped",
    "DieSelected",
    "DieTurned",
    "Event",
    "FinalRoundBegan",
    "GameScored",
    "InspectorBribed",
    "InspectorMoved",
    "LandmarkReplaced",
    "LeftoverDrawn",
    "PhaseBegan",
    "RecruitReplaced",
    "RecruitReshuffled",
    "Restocked",
    "RoundEnded",
    "ShakedownBegan",
    "ShakedownPicked",
    "StartPassed",
    "StepBegan",
    "StepEnded",
    "TacticDiscarded",
    "TacticPlayed",
    "TacticsCommitted",
    "TacticsDrawn",
    "TacticsReshuffled",
    "ThugBlasted",
    "ThugMoved",
    "ThugRallied",
    "ThugsArrested",
    "ThugsDeployed",
    "ThugsReturned",
    "TurnEnded",
]


class _Event(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True, gc=False):
    pass


# --- Phase 1 ---------------------------------------------------------------------


class DiceRolled(_Event, frozen=True):
    """The starting player rolled every die in play: a new Phase 1 begins (FW-P1-01)."""

    starter: int
    faces: tuple[int, ...]


class DieSelected(_Event, frozen=True):
    player: int
    face: int


class TacticPlayed(_Event, frozen=True):
    """A Tactics card was used face up in Phase 1 and discarded."""

    player: int
    card: str


class ShakedownBegan(_Event, frozen=True):
    """A Shakedown was played: its reroll is being chosen."""

    player: int


class ShakedownPicked(_Event, frozen=True):
    player: int
    face: int


class DiceRerolled(_Event, frozen=True):
    """Shakedown: these pool dice were rerolled."""

    player: int
    before: tuple[int, ...]
    after: tuple[int, ...]


class DieTurned(_Event, frozen=True):
    """Loaded Dice: the drafter's die now shows ``face``."""

    player: int
    face: int


class DiceSwapped(_Event, frozen=True):
    """Switcheroo: the drafter gave ``gave`` and got die ``die`` (``got``) of ``rival``."""

    player: int
    rival: int
    die: int
    gave: int
    got: int


class ThugMoved(_Event, frozen=True):
    """Vagrant: a Thug moved between Landmark die spaces."""

    player: int
    from_position: int
    from_space: int
    to_position: int
    to_space: int


class ThugRallied(_Event, frozen=True):
    """A Thug from the bag went onto a card: die space ``space``, or the bonus space if ``bonus``."""

    player: int
    position: int
    space: int
    bonus: bool = False


class Restocked(_Event, frozen=True):
    """A Restock was declared (public) and its resources added (FW-RESTOCK-01/02)."""

    player: int
    cards: int
    resources: tuple[int, ...]


class TacticsDrawn(_Event, frozen=True):
    """Tactics cards went from the draw pile to a hand; others learn only how many."""

    player: int
    count: int
    cards: tuple[str, ...] | None


class TacticsReshuffled(_Event, frozen=True):
    """The discard pile was shuffled into a new draw pile (GAP-14); the order stays hidden."""

    count: int
    cards: tuple[str, ...] | None


class TacticDiscarded(_Event, frozen=True):
    """A card was discarded face up to the hand limit (GAP-30)."""

    player: int
    card: str


class Acted(_Event, frozen=True):
    """The drafter's action of the turn (Rally or Restock) is complete."""

    player: int


class TurnEnded(_Event, frozen=True):
    player: int


class CopperPlaced(_Event, frozen=True):
    """A filled ALL card with 2+ Gangs got a Copper on its bonus space (FW-RALLY-07)."""

    position: int


class PhaseBegan(_Event, frozen=True):
    """``brawl`` or ``deploy``."""

    phase: str


class StartPassed(_Event, frozen=True):
    """The Starting Player marker and the dice passed to ``player``."""

    player: int
    repeat: bool = False
    """Phase 1 repeats (FW-P1-09) rather than a new round beginning."""


# --- Phase 2 ---------------------------------------------------------------------


class BrawlOpened(_Event, frozen=True):
    position: int
    waiting: tuple[int, ...]


class TacticsCommitted(_Event, frozen=True):
    """Cards played face down to a Brawl; others learn only how many."""

    player: int
    count: int
    cards: tuple[str, ...] | None


class BrawlRevealed(_Event, frozen=True):
    """Every commitment turned face up at once (FW-BRAWL-06)."""

    position: int
    choices: tuple[tuple[int, tuple[str, ...]], ...]


class BrawlResolved(_Event, frozen=True):
    """Totals per seat; ``rallied`` seats each put a Thug on the card; ``winner`` collects it later."""

    position: int
    totals: tuple[int, ...]
    rallied: tuple[int, ...]
    winner: int


# --- Phase 3 ---------------------------------------------------------------------


class DeployQueued(_Event, frozen=True):
    """The cards Phase 3 deploys from, in order (FW-DEPLOY-02)."""

    positions: tuple[int, ...]


class CardDeployBegan(_Event, frozen=True):
    position: int
    seats: tuple[int, ...]


class CopperDeployed(_Event, frozen=True):
    position: int
    ward: int


class StepBegan(_Event, frozen=True):
    """``player`` picks up their ``thugs`` from the card to deploy them."""

    position: int
    player: int
    thugs: int


class ThugsDeployed(_Event, frozen=True):
    """``count`` Thugs from the card plus ``added`` recruits (``recruits`` triggers paid) entered ``ward``."""

    player: int
    ward: int
    count: int
    recruits: int = 0
    added: int = 0
    resource: int = 0


class BossTaken(_Event, frozen=True):
    """``player``'s current-round stack (height ``height``) moved onto the Ward Boss space."""

    ward: int
    player: int
    height: int


class ThugsReturned(_Event, frozen=True):
    """Thugs with no legal destination went back to the bag (GAP-17)."""

    player: int
    count: int


class Bolstered(_Event, frozen=True):
    player: int
    from_ward: int
    from_fresh: bool
    to_ward: int
    to_fresh: bool


class InspectorBribed(_Event, frozen=True):
    player: int


class CopperBribed(_Event, frozen=True):
    player: int
    from_ward: int
    to_ward: int


class Blasted(_Event, frozen=True):
    player: int
    ward: int
    victims: tuple[int, ...]


class ThugBlasted(_Event, frozen=True):
    """``player`` lost a Thug from ``source`` (``boss``, ``fresh``, ``old``) to a Blast."""

    player: int
    ward: int
    source: BlastSource


class StepEnded(_Event, frozen=True):
    player: int


class CardDeployed(_Event, frozen=True):
    """The card is done; ``collector`` (if any) takes the Brawl card (FW-DEPLOY-06)."""

    position: int
    collector: int


# --- Phase 4 and the final round ---------------------------------------------------


class LandmarkReplaced(_Event, frozen=True):
    """A new card from the draw pile (``None``: the pile was empty) took ``position``."""

    position: int
    card: str | None


class RecruitReshuffled(_Event, frozen=True):
    """The used Recruiting tiles became a new face-down stack (FW-RESET-02)."""

    count: int
    tiles: tuple[str, ...] | None


class RecruitReplaced(_Event, frozen=True):
    ward: int
    tile: str


class InspectorMoved(_Event, frozen=True):
    """The top Tactics card was discarded face up; the Inspector went to its Ward (``None``: no card)."""

    card: str | None
    ward: int


class RoundEnded(_Event, frozen=True):
    """Current-round stacks merge into the Ward; Bribes and dice are cleared."""

    round: int


class FinalRoundBegan(_Event, frozen=True):
    reason: str = "deck"
    """``deck`` (FW-FINAL-01) or ``limit`` (the safety round limit)."""


class LeftoverDrawn(_Event, frozen=True):
    position: int
    card: str


class ThugsArrested(_Event, frozen=True):
    """Coppers removed these Thugs per seat from ``ward`` (FW-SCORE-03)."""

    ward: int
    arrests: tuple[int, ...]


class GameScored(_Event, frozen=True):
    """Points per seat by source (tiles, home, boss, brawls, leftover) and Thugs on the map."""

    scores: tuple[tuple[int, ...], ...]
    map_thugs: tuple[int, ...]


Event = Union[
    DiceRolled,
    DieSelected,
    TacticPlayed,
    ShakedownBegan,
    ShakedownPicked,
    DiceRerolled,
    DieTurned,
    DiceSwapped,
    ThugMoved,
    ThugRallied,
    Restocked,
    TacticsDrawn,
    TacticsReshuffled,
    TacticDiscarded,
    Acted,
    TurnEnded,
    CopperPlaced,
    PhaseBegan,
    StartPassed,
    BrawlOpened,
    TacticsCommitted,
    BrawlRevealed,
    BrawlResolved,
    DeployQueued,
    CardDeployBegan,
    CopperDeployed,
    StepBegan,
    ThugsDeployed,
    BossTaken,
    ThugsReturned,
    Bolstered,
    InspectorBribed,
    CopperBribed,
    Blasted,
    ThugBlasted,
    StepEnded,
    CardDeployed,
    LandmarkReplaced,
    RecruitReshuffled,
    RecruitReplaced,
    InspectorMoved,
    RoundEnded,
    FinalRoundBegan,
    LeftoverDrawn,
    ThugsArrested,
    GameScored,
    RngAdvanced,
]

FwTurn = Turn[State, Event]
"""A turn of 5 Wards on the kernel: its state, and the events it emits and folds."""
