"""Frozen records of a Peaky Blinders game: the whole table, including where the game stands (phase, turn, open rolls)."""

from __future__ import annotations

import attrs
import msgspec

from boardcore import Rng, Sealed

from .catalog import Henchman, Material, Phase, Purpose

__all__ = [
    "Conflict",
    "Derby",
    "Options",
    "Play",
    "Player",
    "Progress",
    "Roll",
    "Round",
    "State",
    "Supplies",
    "Tie",
    "Turns",
]


def _at_least_one(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        msg = f"{attribute.name} must be at least 1, got {value}"
        raise ValueError(msg)


@attrs.frozen
class Options:
    """Table options.

    ``max_derbies``: if nobody has won, the game ends after this many Epsom Derbies
    (GAP-04; 6 Derbies = 24 zone rounds) and is decided by missions completed,
    then control markers in one's control-mission zone, then cash.
    """

    max_derbies: int = attrs.field(default=6, validator=_at_least_one)


class Player(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One player's board and holdings."""

    res: tuple[int, ...]
    """Counters in ``catalog.ITEMS`` order (cards by value, tokens, suspicion)."""
    jailed: bool = False
    """The strength henchman sits in the side-board jail (PB-SUSP-04)."""
    missions: tuple[str, str, str] = ("", "", "")
    """Two mission codes, then the control-mission code (slots 0, 1, 2)."""
    face_up: int = -1
    """The slot shown face up (PB-SETUP-11); -1 until chosen."""
    done: tuple[bool, bool] = (False, False)
    """Latched completion of the two ordinary missions (GAP-01)."""
    hand: tuple[str, ...] = ()
    """Face-down conflict cards, sorted codes."""
    derby_wins: int = 0


class Roll(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A die just rolled, waiting for its owner's fortune decision (PB-FORT, GAP-20)."""

    player: int
    die: int
    sides: int = 8
    fortune: bool = False
    open: bool = False
    """The owner still has to decide whether to add a fortune token."""


class Tie(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A starter roll-off in progress (PB-START-03, GAP-09)."""

    purpose: Purpose
    """The phase the starter is for: ``"prep"``, ``"ogs"`` or ``"derby"``."""
    candidates: tuple[int, ...]


class Conflict(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A conflict at the zone's conflict location (PB-CONF, GAP-18)."""

    attacker: int
    henchman: int
    defender: int = -1
    """-1 while the attacker still has to choose."""
    swap: bool = False
    """The attacker won above 15 and decides whether to swap a marker."""


class Play(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A conflict card being played in the open game state (PB-CARD, GAP-05/06)."""

    player: int
    card: str
    target: int = -1
    total: int = -1
    """The boost total once rolled (-1: not rolled or no die icon)."""
    boosted: bool = False
    choices: tuple[Henchman | Material, ...] = ()


class Derby(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The Epsom Derby in progress (PB-DERBY, GAP-19)."""

    positions: tuple[int, ...]
    bets: tuple[bool, ...]
    pot: int = 0


class Round(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The zone round on the board: placements (preparation) and the take-back cursor (action phase)."""

    number: int = 0
    """Zone rounds begun so far."""
    board: tuple[int, ...] = (-1,) * 14
    """The current zone's spaces: ``seat * 3 + henchman`` or -1. In the preparation phase these are
    the henchmen placed so far; in the action phase those on spaces from ``cursor`` on are still
    to be taken back (the others stay recorded until the open game state clears the board)."""
    passed: tuple[bool, ...] = ()
    """Final placement passes this preparation phase (GAP-08)."""
    cursor: int = 0
    """Next board space to take back from in the action phase."""
    current: int = -1
    """The henchman being resolved (``seat * 3 + henchman``), -1 for none."""


class Turns(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Open-game-state bookkeeping (GAP-10, PB-MKT-02, GAP-13)."""

    buying: bool = False
    """The player on turn has begun buying control markers (more may follow, then ``EndTurn``)."""
    trading: bool = False
    """The player on turn is at the market (more sells, buys and swaps may follow, then ``EndTurn``)."""
    placed: tuple[bool, bool] = (False, False)
    """Market stacks the visitor put a card on during this visit: he may not take from them again in it."""
    visited: tuple[bool, ...] = ()
    """Players who made their one market visit this open game state (PB-MKT-02)."""
    exchanged: tuple[str, ...] = ()
    """Card types exchanged this turn, as ``"cash+"`` (up) or ``"cash-"`` (down): one way per turn."""


class Supplies(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Shared piles that change now and then: the conflict stack and discards, the market, fortune tokens."""

    deck: tuple[str, ...]
    """Conflict draw stack; the last card is the top."""
    discard: tuple[str, ...] = ()
    stacks: tuple[tuple[Material, ...], tuple[Material, ...]] = ((), ())
    """The two Covent Garden market stacks of value-1 material cards; last is the face-up top."""
    fortune: int = 0
    """Fortune tokens in the general supply."""


class Progress(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """How far the game is and how it ended."""

    derbies: int = 0
    """Epsom Derbies finished so far."""
    max_derbies: int = 6
    winner: int = -1
    end_reason: str = ""


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The whole table. Fields that change on most steps sit here; the rest in small nested records,
    so a step copies little (structural sharing)."""

    players: tuple[Player, ...]
    markers: tuple[tuple[int, ...], ...]
    """Control markers per zone, counts per seat."""
    supplies: Supplies
    phase: Phase = "reveal"
    """``reveal``, ``starter``, ``prep``, ``action``, ``ogs``, ``derby`` or ``over``."""
    zone: int = 0
    starter: int = 0
    turn: int = 0
    passes: int = 0
    """Consecutive open-game-state passes; the open game state ends when every player passed in a row."""
    round: Round = Round()
    turns: Turns = Turns()
    progress: Progress = Progress()
    reveal: Sealed[int] | None = None
    """The secret pick of the face-up mission card, open during setup (PB-SETUP-11)."""
    tie: Tie | None = None
    rolls: tuple[Roll, ...] = ()
    conflict: Conflict | None = None
    play: Play | None = None
    derby: Derby | None = None
    rng: Rng = Rng(0)
