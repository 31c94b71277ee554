"""Frozen records of a Peaky Blinders game: the whole table, with the flow position."""

from __future__ import annotations

import attrs
import msgspec

from boardcore import Rng, Sealed


def _at_least_one(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 1:
        msg = f"{attribute.name} must be at least 1, got {value}"
        raise ValueError(msg)


@attrs.frozen
class PeakyOptions:
    """Table options.

    ``max_derbies``: if nobody has won, the game ends after this many Epsom Derbies
    (GAP-04; 6 Derbies = 24 zone rounds) and is decided by missions completed,
    then control markers in one's control-mission zone, then cash.
    """

    max_derbies: int = attrs.field(default=6, validator=_at_least_one)


class Player(msgspec.Struct, frozen=True, kw_only=True):
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


class Roll(msgspec.Struct, frozen=True, kw_only=True):
    """A die just rolled, waiting for its owner's fortune decision (PB-FORT, GAP-20)."""

    player: int
    die: int
    sides: int = 8
    fortune: bool = False
    open: bool = False
    """The owner still has to decide whether to add a fortune token."""


class Tie(msgspec.Struct, frozen=True, kw_only=True):
    """A starter roll-off in progress (PB-START-03, GAP-09)."""

    purpose: str
    """The phase the starter is for: ``"prep"``, ``"ogs"`` or ``"derby"``."""
    candidates: tuple[int, ...]


class Conflict(msgspec.Struct, frozen=True, kw_only=True):
    """A conflict at the zone's conflict location (PB-CONF, GAP-18)."""

    attacker: int
    henchman: int
    defender: int = -1
    """-1 while the attacker still has to choose."""
    swap: bool = False
    """The attacker won above 15 and decides whether to swap a marker."""


class Play(msgspec.Struct, frozen=True, kw_only=True):
    """A conflict card being played in the open game state (PB-CARD, GAP-05/06)."""

    player: int
    card: str
    target: int = -1
    total: int = -1
    """The boost total once rolled (-1: not rolled or no die icon)."""
    boosted: bool = False
    choices: tuple[str, ...] = ()


class Derby(msgspec.Struct, frozen=True, kw_only=True):
    """The Epsom Derby in progress (PB-DERBY, GAP-19)."""

    positions: tuple[int, ...]
    bets: tuple[bool, ...]
    pot: int = 0


class State(msgspec.Struct, frozen=True, kw_only=True):
    """The whole table. Flow fields say where the game stands; at most one sub-step is open."""

    players: tuple[Player, ...]
    markers: tuple[tuple[int, ...], ...]
    """Control markers per zone, counts per seat."""
    deck: tuple[str, ...]
    """Conflict draw stack; the last card is the top."""
    discard: tuple[str, ...] = ()
    stacks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """The two Covent Garden market stacks of value-1 material cards; last is the face-up top."""
    fortune_supply: int = 0
    reveal: Sealed[int] | None = None
    """The secret pick of the face-up mission card, open during setup (PB-SETUP-11)."""
    phase: str = "reveal"
    """``reveal``, ``starter``, ``prep``, ``action``, ``ogs``, ``derby`` or ``over``."""
    zone: int = 0
    round: int = 0
    """Zone rounds begun so far."""
    derbies: int = 0
    """Epsom Derbies finished so far."""
    max_derbies: int = 6
    starter: int = 0
    turn: int = 0
    board: tuple[int, ...] = (-1,) * 14
    """The current zone's spaces: ``seat * 3 + henchman`` or -1."""
    placed: tuple[tuple[bool, bool, bool], ...] = ()
    """Henchmen placed this round, per seat."""
    passed: tuple[bool, ...] = ()
    """Final placement passes this preparation phase (GAP-08)."""
    cursor: int = 0
    """Next board space to take back from in the action phase."""
    current: int = -1
    """The space whose henchman is being resolved."""
    passes: int = 0
    """Consecutive open-game-state passes (GAP-10)."""
    mode: str = ""
    """Open-game-state turn in progress: ``""``, ``"markers"`` or ``"market"``."""
    visited: tuple[bool, ...] = ()
    """Market visits made this open game state (PB-MKT-02)."""
    tie: Tie | None = None
    rolls: tuple[Roll, ...] = ()
    conflict: Conflict | None = None
    play: Play | None = None
    derby: Derby | None = None
    winner: int = -1
    end_reason: str = ""
    rng: Rng = Rng(0)
