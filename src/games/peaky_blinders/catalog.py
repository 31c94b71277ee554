"""All printed data of Peaky Blinders: zones, locations, spaces, reward tables, missions, conflict cards.

Rulebook sections "Locations", "Henchman", "Conflict Location" and the checklist's
design decisions PB-GAP-01 (missions), PB-GAP-02 (control missions), PB-GAP-05
(the 40 conflict cards), PB-GAP-07 (spaces and dots), PB-GAP-16 (meter length)
and PB-GAP-19 (Derby track).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

__all__ = [
    "BAIL_COST",
    "CARD",
    "CARDS",
    "CASH1",
    "CASH5",
    "CONFLICT_ROW",
    "CONFLICT_SWAP_ABOVE",
    "CONTROL_MISSIONS",
    "Card",
    "DECK",
    "DERBY_FINISH",
    "DERBY_HEAD_START_MAX",
    "FIVES",
    "FORTUNE",
    "FORTUNE_TOKENS",
    "GOODS",
    "Good",
    "HENCHMEN",
    "HORSEPOWER",
    "Henchman",
    "ITEM",
    "ITEMS",
    "LEADERSHIP",
    "LOCATIONS",
    "Location",
    "MARKERS_PER_PLAYER",
    "MARKER_COST",
    "MATERIALS",
    "MATERIAL_NAMES",
    "MEMBERS",
    "MISSION",
    "MISSIONS",
    "Material",
    "Mission",
    "ONES",
    "ONE_ITEM",
    "Phase",
    "Purpose",
    "SPACES",
    "SQUARES",
    "STARTING_CASH",
    "STARTING_FORTUNE",
    "SUSPICION",
    "SUSPICION_MAX",
    "SUSPICION_MIN",
    "ZONES",
    "ZONE_CAPACITY",
    "control_zone",
    "rewards",
    "usable",
]

Good = Literal["cash", "rum", "weapons", "car"]
"""A card type that comes in values 1 and 5."""
Material = Literal["rum", "weapons", "car"]
Henchman = Literal["strength", "charisma", "intellect"]
Phase = Literal["reveal", "starter", "prep", "action", "ogs", "derby", "over"]
"""Where the game stands: the setup pick, a starter roll-off, a zone round's three phases, the Derby, the end."""
Purpose = Literal["prep", "ogs", "derby"]
"""The phase a starter is found for (GAP-09)."""

# --- player resources (PB-COMP-09..13, GAP-13: counts of 1s and 5s per type) ---

ITEMS = (
    "cash1",
    "cash5",
    "rum1",
    "rum5",
    "weapons1",
    "weapons5",
    "car1",
    "car5",
    "members",
    "horsepower",
    "leadership",
    "strength",
    "charisma",
    "intellect",
    "fortune",
    "suspicion",
)
"""The order of a player's resource counters (``Player.res``)."""
ITEM = {name: i for i, name in enumerate(ITEMS)}
CASH1, CASH5 = ITEM["cash1"], ITEM["cash5"]
MEMBERS = ITEM["members"]
HORSEPOWER, LEADERSHIP = ITEM["horsepower"], ITEM["leadership"]
FORTUNE, SUSPICION = ITEM["fortune"], ITEM["suspicion"]

GOODS: tuple[Good, ...] = ("cash", "rum", "weapons", "car")
"""Card types that come in values 1 and 5 (exchange, PB-EXCH-01)."""
MATERIALS: tuple[Material, ...] = ("rum", "weapons", "car")
"""Material cards (PB-MKT-01)."""
MATERIAL_NAMES = {"rum": "rum barrel", "weapons": "weapons crate", "car": "car parts"}
ONE_ITEM: dict[str, str] = {good: good + "1" for good in GOODS}
"""The counter of a card type's value-1 cards (``"rum"`` -> ``"rum1"``), one shared string each."""
ONES: dict[str, int] = {good: ITEM[name] for good, name in ONE_ITEM.items()}
"""Index in ``Player.res`` of a card type's value-1 cards."""
FIVES: dict[str, int] = {good: ITEM[good + "5"] for good in GOODS}
"""Index in ``Player.res`` of a card type's value-5 cards."""

HENCHMEN: tuple[Henchman, ...] = ("strength", "charisma", "intellect")
"""Henchman types; a henchman's upgrade square has the same name (PB-COMP-13)."""
SQUARES = ("horsepower", "leadership", "strength", "charisma", "intellect")

STARTING_CASH = (5, 2)
"""Five value-1 and two value-5 cash cards (PB-SETUP-04)."""
STARTING_FORTUNE = 3
FORTUNE_TOKENS = 12
MARKERS_PER_PLAYER = 4
ZONE_CAPACITY = 4
"""Control-marker spaces per zone (GAP-02)."""
MARKER_COST = 8
BAIL_COST = 10
SUSPICION_MIN = 1
SUSPICION_MAX = 10
"""The meter's rightmost square: reaching it jails the strength henchman (GAP-16)."""

DERBY_FINISH = 15
DERBY_HEAD_START_MAX = 14
"""Horsepower moves a horse at most here, so nobody finishes before rolling (GAP-19)."""

CONFLICT_SWAP_ABOVE = 15
"""A winning attacker with a total above this may swap a marker (PB-CONF-13)."""

# --- board: zones, locations, spaces (PB-LOC, GAP-07) -------------------------


class Location(NamedTuple):
    name: str
    reward: str
    """What one reward is: a resource name, ``"suspicion"`` (-1), ``"card"``, or ``"conflict"``."""


ZONES = ("Small Heath", "Birmingham City", "Camden Town", "Central London")
LOCATIONS: tuple[tuple[Location, ...], ...] = (
    (
        Location("Charlie's Yard", "horsepower"),
        Location("The Garrison Pub", "members"),
        Location("The Shelby Company Ltd", "leadership"),
        Location("Small Heath conflict location", "conflict"),
    ),
    (
        Location("King Maine's Boxing Ring", "strength"),
        Location("Small Arms Company", "weapons"),
        Location("Winson Green Prison", "suspicion"),
        Location("Birmingham City conflict location", "conflict"),
    ),
    (
        Location("The Library", "charisma"),
        Location('Solomon\'s "Bakery"', "rum"),
        Location("The Bank", "cash"),
        Location("Camden Town conflict location", "conflict"),
    ),
    (
        Location("The Houses of Parliament", "intellect"),
        Location("Poplar Docks", "car"),
        Location("The Eden Club", "card"),
        Location("Central London conflict location", "conflict"),
    ),
)
"""Each zone's four rows, top to bottom: three reward locations, then the conflict location."""

CONFLICT_ROW = 3
SPACES: tuple[tuple[int, int], ...] = (
    *((0, d) for d in (2, 2, 3, 4)),
    *((1, d) for d in (2, 2, 3, 4)),
    *((2, d) for d in (2, 2, 3, 4)),
    *((3, d) for d in (2, 4)),
)
"""Every space of a zone as ``(row, dots)``, in take-back order (top to bottom, left to right).

A space marked with *d* dots is usable with *d* or more players (GAP-07).
"""


def usable(space: int, players: int) -> bool:
    """Whether ``space`` may hold a henchman at this player count (PB-PREP-02/03)."""
    return SPACES[space][1] <= players


# --- reward tables (PB-ACTION-08..15) ------------------------------------------


def rewards(henchman: int, total: int) -> tuple[int, int]:
    """``(rewards, suspicion)`` for a henchman type and total score."""
    if henchman == 0:  # strength
        if total <= 5:
            return 2, 1
        if total <= 9:
            return 3, 2
        return 4, 3
    if henchman == 1:  # charisma
        return (0, 0) if total <= 5 else (3, 0)
    if total <= 5:  # intellect
        return 1, 0
    if total <= 9:
        return 2, 0
    return 3, 0


# --- missions (GAP-01, GAP-02) ----------------------------------------------


class Mission(NamedTuple):
    code: str
    name: str
    text: str


MISSIONS = (
    Mission("M01", "Rum Runner", "own rum barrel cards worth 8 or more"),
    Mission("M02", "Gun Runner", "own weapons crate cards worth 8 or more"),
    Mission("M03", "Motor Trade", "own car parts cards worth 8 or more"),
    Mission("M04", "Import & Export", "own at least 3 value each of rum, weapons and car parts at once"),
    Mission("M05", "Made Men", "own member tokens worth 10 or more"),
    Mission("M06", "Nest Egg", "own cash worth 25 or more"),
    Mission("M07", "Head of the Family", "have 5 or more leadership tokens"),
    Mission("M08", "All-Rounder", "have 3 or more tokens on each of strength, charisma and intellect at once"),
    Mission("M09", "Derby Day", "win an Epsom Derby"),
    Mission("M10", "Racing Stable", "have 6 or more horsepower tokens"),
    Mission("M11", "Legitimate Business", "suspicion on the first square and 4 or more intellect tokens at once"),
)
CONTROL_MISSIONS = (
    Mission("C1", "Control Small Heath", "all 4 control-marker spaces of Small Heath hold your markers"),
    Mission("C2", "Control Birmingham City", "all 4 control-marker spaces of Birmingham City hold your markers"),
    Mission("C3", "Control Camden Town", "all 4 control-marker spaces of Camden Town hold your markers"),
    Mission("C4", "Control Central London", "all 4 control-marker spaces of Central London hold your markers"),
)
MISSION = {m.code: m for m in (*MISSIONS, *CONTROL_MISSIONS)}


def control_zone(code: str) -> int:
    """The zone index a control mission names (``"C3"`` -> 2)."""
    return int(code[1]) - 1


# --- conflict cards (GAP-05) ---------------------------------------------------


class Card(NamedTuple):
    code: str
    offence: bool
    name: str
    copies: int
    effect: str
    """What the card does (see ``phases/cards.py``)."""
    amount: int
    """The normal effect's size."""
    boost: str | None
    """The henchman whose tokens add to the boost roll, or ``None`` (no die icon)."""
    threshold: int
    extra: int
    """What the boosted effect adds on top of the normal one (PB-CARD-06)."""
    choice: str | None
    """``"square"`` or ``"material"`` when the player chooses what the effect hits."""
    text: str


CARDS = (
    Card("DEF-01", False, "Lie Low", 4, "suspicion_down", 1, "charisma", 8, 2, None, "your suspicion -1; boost charisma 8+: -2 more"),
    Card("DEF-02", False, "Family Business", 3, "cash", 2, "intellect", 8, 2, None, "take 2 cash; boost intellect 8+: +2 more"),
    Card("DEF-03", False, "New Blood", 3, "members", 1, "charisma", 8, 2, None, "take 1 member token; boost charisma 8+: +2 more"),
    Card("DEF-04", False, "Training Day", 3, "upgrade", 1, "strength", 8, 1, "square", "+1 token on strength, charisma or intellect; boost strength 8+: +1 more there"),
    Card("DEF-05", False, "Smuggled Goods", 3, "material", 1, "intellect", 8, 1, "material", "take 1 material card of a chosen type; boost intellect 8+: +1 more, any type"),
    Card("DEF-06", False, "Friends in High Places", 2, "release", 1, None, 0, 0, None, "free bail-out if jailed, else suspicion -1"),
    Card("DEF-07", False, "Lucky Charm", 2, "fortune", 1, None, 0, 0, None, "take 1 fortune token (supply permitting, fewer than 3 held)"),
    Card("OFF-01", True, "Anonymous Tip-off", 4, "suspicion_up", 1, "intellect", 8, 1, None, "target's suspicion +1; boost intellect 8+: +1 more"),
    Card("OFF-02", True, "Shakedown", 3, "steal_cash", 2, "strength", 8, 2, None, "target gives you 2 cash; boost strength 8+: 2 more"),
    Card("OFF-03", True, "Hijack", 3, "steal_material", 1, "strength", 9, 1, "material", "take 1 material card of a chosen type from the target; boost strength 9+: 1 more"),
    Card("OFF-04", True, "Poach", 3, "steal_members", 1, "charisma", 8, 1, None, "take 1 member token from the target; boost charisma 8+: 1 more"),
    Card("OFF-05", True, "Sabotage", 3, "sabotage", 1, "intellect", 9, 1, "square", "remove 1 token from the target's strength, charisma or intellect; boost intellect 9+: 1 more, any of those"),
    Card("OFF-06", True, "Smear Campaign", 2, "leadership_down", 1, "charisma", 9, 1, None, "remove 1 leadership token from the target; boost charisma 9+: 1 more"),
    Card("OFF-07", True, "Nobble the Horse", 2, "horsepower_down", 1, "strength", 8, 1, None, "remove 1 horsepower token from the target; boost strength 8+: 1 more"),
)
CARD = {c.code: c for c in CARDS}
DECK: tuple[str, ...] = tuple(c.code for c in CARDS for _ in range(c.copies))
"""The 40 conflict cards as codes, in catalog order (shuffled at setup)."""

assert len(DECK) == 40
assert sum(c.copies for c in CARDS if c.offence) == 20
assert len(SPACES) == 14
