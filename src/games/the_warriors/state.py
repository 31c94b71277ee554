"""Frozen records of a game of The Warriors in progress (no rules here)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal, get_args

import attrs
import msgspec
from msgspec.structs import replace

from boardcore import Rng

from .catalog import DIFFICULTIES, WARRIOR_NAMES


def warrior_names(value: str | Iterable[str]) -> tuple[str, ...]:
    """Converter of the ``warriors`` option: "Swan, Fox" or ("Swan", "Fox") -> ("Swan", "Fox")."""
    names = value.split(",") if isinstance(value, str) else value
    return tuple(name.strip() for name in names if name.strip())


def _check_warriors(instance: object, attribute: object, value: tuple[str, ...]) -> None:
    unknown = [name for name in value if name not in WARRIOR_NAMES]
    if unknown:
        raise ValueError(f"unknown Warrior{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}: choose from {', '.join(WARRIOR_NAMES)}")
    if len(set(value)) != len(value):
        raise ValueError(f"each player must choose a different Warrior, got {', '.join(value)}")


SAFETY_LIMIT = "(safety limit)"
"""How the end of a night cut short by ``Options.max_city_turns`` ends its reason (an option, not a rule)."""


@attrs.frozen
class Options:
    """Table options.

    ``difficulty`` removes 0/2/4/6 Coast is Clear cards (WR-DIFF-01).
    ``warriors`` names each seat's Warrior in seat order (GAP-24): a tuple, or "Swan,Fox" from
    the command line; empty: the RNG deals them. Its annotation includes ``str`` only so that
    cattrs hands a CLI string to the converter whole (it would split a string into letters
    for a plain tuple); the stored value is always a tuple.
    ``max_city_turns`` is the safety limit: the night is lost once this many City turns have
    been taken (the rules never force an end, since resting is always allowed).
    """

    difficulty: str = attrs.field(default="easy", validator=attrs.validators.in_(DIFFICULTIES))
    warriors: tuple[str, ...] | str = attrs.field(default=(), converter=warrior_names, validator=_check_warriors)
    max_city_turns: int = attrs.field(default=400, validator=attrs.validators.ge(1))


class Fight(msgspec.Struct, frozen=True, kw_only=True, gc=False):
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


class City(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The City turn (or post-fight Boombox reveal) in progress."""

    player: int
    reveals: int = 0
    """Bopper cards still due."""
    resume: int = 0
    """The next City turn goes to the first seat clockwise from here not on Coney Island."""


DecisionKind = Literal[
    "first_fight",
    "gang_target",
    "gang_discard",
    "play",
    "lookout",
    "reroll",
    "boost",
    "ko",
    "move",
    "return",
    "war_row",
    "weapon_row",
    "weapon_limit",
    "fuzz",
    "jumped",
    "challenge",
]
"""The decisions the game can wait for (``Pending.kind``)."""


class Pending(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The decision the game waits for, and whose it is: never stored, always read from the
    state the rule events leave (``deciding.decision``), and shown in every view."""

    kind: DecisionKind
    player: int
    count: int = 0
    can_run: bool = True
    declined: tuple[int, ...] = ()
    """Warriors who let this reaction window go by (``LetItGo``)."""


Where = Literal[
    "first_fight",
    "gang_rule",
    "play",
    "lookout",
    "reroll",
    "boost",
    "ko",
    "after_fight",
    "move",
    "moved",
    "challenge",
]
"""Where the rules stand: before the first fight, a fight's gang rule (before its first turn), the steps of a
fight turn (the decision of the same name: cards, the Lookout's choice, the re-roll window, the +1 window, the
knock-out), between a fight and the City Phase, a City turn's move, after the move (the space's action), a
challenge. Each is set by the fold of the event that opens it."""


class Stage(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """Where the rules stand and what they remember there, set by the folds of the rule events
    (``deciding`` reads who decides from it and the board)."""

    at: Where
    target: int = -1
    """The Warrior the gang's "before the fight" rule hits, once the Instigator chose (``WarriorChosen``)."""
    discarded: int = 0
    """Cards discarded so far to the rule being paid (the Punks, Jumped): two of the player's choice."""
    can_run: bool = True
    """The challenged Warrior may run (not from a Come Out to Play! challenge)."""
    declined: tuple[int, ...] = ()
    """Warriors who let the open reaction window go by (``LetItGo``)."""


STAGES: dict[str, Stage] = {at: Stage(at=at) for at in get_args(Where)}
"""Each stage with nothing to remember yet, built once: most steps share one (memory per step)."""
CORNERED = Stage(at="challenge", can_run=False)
"""A Come Out to Play! challenge: no running (WR-CHAL-07)."""


class Table(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """The slow-changing part of the game: who plays, the track, the board's tokens, the
    decks and rows, the Gang and Location stacks, and the result (kept apart so that
    most steps copy only the small, busy ``State`` record)."""

    players: int
    warriors: tuple[int, ...]
    """Warrior index of each seat."""
    track: tuple[int, ...]
    """Reputation Track top ("1") to bottom ("7"): gang ids and WARRIORS_FIGURE."""
    bottles: int = 0
    tokens: tuple[int, ...]
    """Fight spaces still holding their Fight token."""
    arrived: tuple[int, ...] = ()
    """Seats on Coney Island, in arrival order."""
    war_deck: tuple[int, ...]
    war_row: tuple[int, ...]
    weapon_deck: tuple[int, ...]
    weapon_row: tuple[int, ...]
    weapons_removed: tuple[int, ...] = ()
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
    fights: int = 0
    result: int = 0
    """0 while playing, 1 won, -1 lost."""
    reason: str = ""
    max_city_turns: int = 400


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A whole game: hands, discards, Weapons, Boppers, the fight or City turn and the pending
    decision; everything slower-changing lives in ``table`` (read through the properties below;
    written with ``with_table``), so that most steps copy only this small, busy record."""

    positions: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    war_removed: tuple[int, ...] = ()
    weapons: tuple[tuple[int, ...], ...]
    spent: tuple[int, ...] = ()
    """Weapon cards face down (used this fight)."""
    bopper_deck: tuple[int, ...]
    bopper_discard: tuple[int, ...] = ()
    threats: tuple[tuple[int, ...], ...]
    fight: Fight | None = None
    city: City | None = None
    stage: Stage = STAGES["first_fight"]
    city_turns: int = 0
    rng: Rng
    table: Table

    @property
    def players(self) -> int:
        return self.table.players

    @property
    def warriors(self) -> tuple[int, ...]:
        return self.table.warriors

    @property
    def max_city_turns(self) -> int:
        return self.table.max_city_turns

    @property
    def bopper_out(self) -> tuple[int, ...]:
        return self.table.bopper_out

    @property
    def track(self) -> tuple[int, ...]:
        return self.table.track

    @property
    def bottles(self) -> int:
        return self.table.bottles

    @property
    def tokens(self) -> tuple[int, ...]:
        return self.table.tokens

    @property
    def arrived(self) -> tuple[int, ...]:
        return self.table.arrived

    @property
    def war_deck(self) -> tuple[int, ...]:
        return self.table.war_deck

    @property
    def war_row(self) -> tuple[int, ...]:
        return self.table.war_row

    @property
    def weapon_deck(self) -> tuple[int, ...]:
        return self.table.weapon_deck

    @property
    def weapon_row(self) -> tuple[int, ...]:
        return self.table.weapon_row

    @property
    def weapons_removed(self) -> tuple[int, ...]:
        return self.table.weapons_removed

    @property
    def rival(self) -> int:
        return self.table.rival

    @property
    def gang_down(self) -> tuple[int, ...]:
        return self.table.gang_down

    @property
    def gang_up(self) -> tuple[int, ...]:
        return self.table.gang_up

    @property
    def loc_down(self) -> tuple[int, ...]:
        return self.table.loc_down

    @property
    def loc_up(self) -> tuple[int, ...]:
        return self.table.loc_up

    @property
    def instigator(self) -> int:
        return self.table.instigator

    @property
    def fights(self) -> int:
        return self.table.fights

    @property
    def result(self) -> int:
        return self.table.result

    @property
    def reason(self) -> str:
        return self.table.reason

    @property
    def lookout_seat(self) -> int:
        return self.table.lookout_seat

    @property
    def lookout_card(self) -> int:
        return self.table.lookout_card

    @property
    def lookout_bottom(self) -> bool:
        return self.table.lookout_bottom


def with_table(state: State, **changes: Any) -> State:
    """``state`` with some of its ``table`` fields changed (the busy fields change with ``msgspec.structs.replace``)."""
    return replace(state, table=replace(state.table, **changes))
