"""Frozen records of a game of The Warriors in progress (no rules here)."""

from __future__ import annotations

import attrs
import msgspec

from boardcore import Rng

from .catalog import DIFFICULTIES, WARRIOR_NAMES


def _check_warriors(instance: object, attribute: object, value: tuple[str, ...]) -> None:
    unknown = [name for name in value if name not in WARRIOR_NAMES]
    if unknown:
        raise ValueError(f"unknown Warriors {unknown}; choose from {', '.join(WARRIOR_NAMES)}")
    if len(set(value)) != len(value):
        raise ValueError("each player must choose a different Warrior")


@attrs.frozen
class Options:
    """Table options.

    ``difficulty`` removes 0/2/4/6 Coast is Clear cards (WR-DIFF-01).
    ``warriors`` names each seat's Warrior in seat order (GAP-24); empty: the RNG deals them.
    ``max_city_turns`` is the safety limit: the night is lost once this many City turns have
    been taken (the rules never force an end, since resting is always allowed).
    """

    difficulty: str = attrs.field(default="easy", validator=attrs.validators.in_(DIFFICULTIES))
    warriors: tuple[str, ...] = attrs.field(default=(), converter=tuple, validator=_check_warriors)
    max_city_turns: int = attrs.field(default=400, validator=attrs.validators.ge(1))


class Fight(msgspec.Struct, frozen=True, kw_only=True):
    """The fight in progress (WR-FIGHT)."""

    gang: int
    location: int
    """Location tile id, or ``CONEY`` for the showdown."""
    showdown: bool
    participants: tuple[int, ...]
    """Seats in the fight in turn order, the Instigator first (WR-FIGHT-01/06)."""
    need_loc: int
    """Location (or Coney) spots to cover: min(W + H, spots) (GAP-07/08)."""
    need_rep: int
    """Reputation spots among them (H)."""
    covered: tuple[int, ...] = ()
    """Covered spot indices: 0 and 1 are the Gang tile's, 2.. the Location tile's."""
    knocked: tuple[int, ...] = ()
    current: int = -1
    """Seat whose turn it is (-1 before the first turn)."""
    dice_total: int = 0
    """Dice the cards played this turn give."""
    powers: tuple[int, ...] = ()
    """Cards played this turn whose after-roll ability is still unused."""
    wild: bool = False
    """An Any Weapon card was played with a Weapon this turn."""
    turn_weapons: int = 0
    """Weapon uses this turn (two hands: at most 2)."""
    weapon_uses: tuple[int, ...] = ()
    """Weapon uses per seat in this fight (the Hi-Hats allow 1)."""
    dice: tuple[int, ...] = ()
    rolled: bool = False
    boombox: int = 0
    """Boombox plays this fight (1 Bopper reveal each after the fight)."""
    boombox_seat: int = -1
    ko_from_discard: bool = False
    """Hold the Line was used for the Warrior being knocked out."""


class City(msgspec.Struct, frozen=True, kw_only=True):
    """The City turn (or post-fight Boombox reveal) in progress."""

    player: int
    reveals: int = 0
    """Bopper cards still due."""
    resume: int = 0
    """The next City turn goes to the first seat clockwise from here not on Coney Island."""


class Pending(msgspec.Struct, frozen=True, kw_only=True):
    """The decision the game waits for, and whose it is."""

    kind: str
    player: int
    count: int = 0
    queue: tuple[int, ...] = ()
    can_run: bool = True


class State(msgspec.Struct, frozen=True, kw_only=True):
    """A whole game: public board, private hands and decks, the pending decision."""

    players: int
    warriors: tuple[int, ...]
    """Warrior index of each seat."""
    track: tuple[int, ...]
    """Reputation Track top ("1") to bottom ("7"): gang ids and WARRIORS_FIGURE."""
    bottles: int = 0
    positions: tuple[int, ...]
    tokens: tuple[int, ...]
    """Fight spaces still holding their Fight token."""
    arrived: tuple[int, ...] = ()
    """Seats on Coney Island, in arrival order."""
    hands: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    war_deck: tuple[int, ...]
    war_row: tuple[int, ...]
    war_removed: tuple[int, ...] = ()
    weapons: tuple[tuple[int, ...], ...]
    spent: tuple[int, ...] = ()
    """Weapon cards face down (used this fight)."""
    weapon_deck: tuple[int, ...]
    weapon_row: tuple[int, ...]
    weapons_removed: tuple[int, ...] = ()
    bopper_deck: tuple[int, ...]
    bopper_discard: tuple[int, ...] = ()
    threats: tuple[tuple[int, ...], ...]
    bopper_out: tuple[int, ...] = ()
    """Coast is Clear cards removed by the difficulty setting."""
    lookout_seat: int = -1
    """Seat that secretly knows a Bopper card's place (Lookout), or -1."""
    lookout_card: int = -1
    lookout_bottom: bool = False
    rival: int
    gang_down: tuple[int, ...]
    gang_up: tuple[int, ...] = ()
    loc_down: tuple[int, ...]
    loc_up: tuple[int, ...] = ()
    instigator: int
    fight: Fight | None = None
    city: City | None = None
    pending: Pending | None = None
    city_turns: int = 0
    fights: int = 0
    result: int = 0
    """0 while playing, 1 won, -1 lost."""
    reason: str = ""
    max_city_turns: int = 400
    rng: Rng
