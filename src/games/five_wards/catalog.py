"""Every card, tile and board of 5 Wards, as data (rulebook "Components"; checklist GAP-01..07).

The rulebook shows most components only in pictures, so the lists below are the
checklist's design decisions (documented in ``docs/games/five_wards.md``).
Wards and positions are numbered 0-4 in code (Westchester .. Eastwick); the
Ward number printed on a Tactics card is 1-5, as on the physical card.
"""

from __future__ import annotations

import msgspec

__all__ = [
    "ALL",
    "BOOT",
    "BOTTLE",
    "BRAWLS",
    "BRAWL_BY_ID",
    "Brawl",
    "CAPITAL",
    "CHAMPION",
    "CLUB",
    "COPPERS",
    "DICE_BY_PLAYERS",
    "DOWN",
    "FACES",
    "FIRST",
    "FIST",
    "GANGS",
    "Gang",
    "HAND_LIMIT",
    "HAT",
    "ICONS",
    "KNIFE",
    "LANDMARKS",
    "LANDMARK_BY_ID",
    "LAST",
    "LEFT",
    "LOADED_DICE",
    "Landmark",
    "MAYHEM",
    "POWER",
    "RECRUIT_BY_ID",
    "RECRUIT_TILES",
    "REINFORCEMENTS",
    "RESOURCES",
    "RIGHT",
    "RecruitTile",
    "SCORING_BY_ID",
    "SCORING_TILES",
    "SHAKEDOWN",
    "SNEAK",
    "STARTING_HAND",
    "SWITCHEROO",
    "ScoringSide",
    "ScoringTile",
    "TACTICS",
    "TACTIC_BY_ID",
    "THUGS_PER_GANG",
    "Tactic",
    "VAGRANT",
    "WARDS",
    "WILD",
    "card_name",
    "is_brawl",
    "leftover_points",
    "scoring_side",
    "tactic_name",
]

# --- icons, resources, wards (GAP-01, FW-COMP-03, FW-COMP-08) ----------------

HAT, FIST, KNIFE, BOTTLE, CLUB, BOOT, WILD = range(7)
ICONS = ("hat", "fist", "knife", "bottle", "club", "boot", "wild")
FACES = (HAT, FIST, KNIFE, BOTTLE, CLUB, BOOT)
"""The six faces of every die (GAP-01)."""

POWER, CAPITAL, MAYHEM = range(3)
RESOURCES = ("power", "capital", "mayhem")

WARDS = ("Westchester", "Northington", "Centerville", "Southtown", "Eastwick")
"""Ward ``k`` (0-4) lies below Landmark row position ``k`` (FW-COMP-04)."""

FIRST, LAST, ALL = "FIRST", "LAST", "ALL"
LEFT, DOWN, RIGHT = -1, 0, 1

THUGS_PER_GANG = 40
COPPERS = 10
HAND_LIMIT = 4
STARTING_HAND = 4


class Landmark(msgspec.Struct, frozen=True):
    """A beige Landmark card (FW-MAP-01)."""

    id: str
    name: str
    spaces: tuple[int, ...]
    """The die icon of each die space."""
    bonus: str
    """FIRST, LAST or ALL."""
    arrows: tuple[int, ...]
    """Offsets from the card's position: LEFT, DOWN, RIGHT (always includes DOWN)."""


class Brawl(msgspec.Struct, frozen=True):
    """A red Brawl card: a Brawl icon and 2 Thug spaces; deploys anywhere (GAP-03)."""

    id: str
    name: str
    icon: int


class Tactic(msgspec.Struct, frozen=True):
    """A Tactics card: Brawl icon (top-left), Ward number 1-5 (top-right), ability (GAP-04)."""

    id: str
    ability: str
    icon: int
    ward: int


class RecruitTile(msgspec.Struct, frozen=True):
    """A Recruiting tile (GAP-05): its front (pay 1 ``resource`` to turn ``n`` Thugs into ``m``) and its back."""

    id: str
    resource: int
    n: int
    m: int
    back: str = "Inspector helmet"
    """The back marks the Inspector and has no effect of its own: a Gang that Bribed him
    uses the front, "the other side" of the tile as it shows (reading R2)."""


class ScoringSide(msgspec.Struct, frozen=True):
    """One side of a Scoring tile (GAP-06).

    ``kind`` is one of ``rank`` (points by position), ``headcount`` (count // 2, at
    most ``cap``), ``foothold`` (1 each present, plus ``points`` by position),
    ``underdogs`` (``points[0]`` to MOST, ``points[1]`` to FEWEST), ``landslide``
    (MOST scores its lead, at most ``cap``) and ``bosscut`` (``cap`` to the Ward
    Boss, plus ``points`` by position).
    """

    kind: str
    points: tuple[int, ...] = ()
    cap: int = 0


class ScoringTile(msgspec.Struct, frozen=True):
    """A Scoring tile with its standard side and its 2-player (2-dot) side, if any."""

    id: str
    name: str
    standard: ScoringSide
    two_player: ScoringSide | None


class Gang(msgspec.Struct, frozen=True):
    """A Gang board (GAP-07): name, colour, home Ward (0-4)."""

    name: str
    colour: str
    home: int


def _lm(id: str, name: str, spaces: str, bonus: str, arrows: str) -> Landmark:
    icons = tuple(ICONS.index(s.lower()) for s in spaces.split())
    offsets = tuple({"L": LEFT, "D": DOWN, "R": RIGHT}[a] for a in arrows.split())
    return Landmark(id, name, icons, bonus, offsets)


LANDMARKS: tuple[Landmark, ...] = (
    _lm("L01", "Cuttey Cross", "HAT FIST KNIFE", FIRST, "L D R"),
    _lm("L02", "Gasworks", "BOTTLE CLUB BOOT", FIRST, "D"),
    _lm("L03", "Rag Market", "HAT FIST KNIFE", FIRST, "L D"),
    _lm("L04", "Workhouse", "BOTTLE CLUB BOOT HAT", FIRST, "D R"),
    _lm("L05", "Gin Palace", "FIST KNIFE", FIRST, "L D"),
    _lm("L06", "Music Hall", "BOTTLE CLUB BOOT", FIRST, "D R"),
    _lm("L07", "Tannery", "HAT FIST KNIFE BOTTLE", FIRST, "L D"),
    _lm("L08", "The Rookery", "CLUB BOOT HAT", FIRST, "D"),
    _lm("L09", "Fish Market", "FIST KNIFE", FIRST, "D R"),
    _lm("L10", "Canal Lock", "BOTTLE CLUB BOOT HAT", FIRST, "L D R"),
    _lm("L11", "The Tenements", "FIST KNIFE BOTTLE", LAST, "L D"),
    _lm("L12", "Lodging House", "CLUB BOOT HAT", LAST, "D R"),
    _lm("L13", "Shipping Yards", "FIST KNIFE BOTTLE CLUB", LAST, "L D"),
    _lm("L14", "Coal Wharf", "BOOT HAT", LAST, "D"),
    _lm("L15", "Match Factory", "FIST KNIFE BOTTLE", LAST, "L D R"),
    _lm("L16", "Pawnbroker's", "CLUB BOOT", LAST, "D R"),
    _lm("L17", "Opium Den", "HAT FIST KNIFE", LAST, "L D"),
    _lm("L18", "Chapel Lane", "BOTTLE CLUB BOOT HAT", LAST, "L D R"),
    _lm("L19", "Bath House", "FIST KNIFE BOTTLE", LAST, "D"),
    _lm("L20", "Railway Arches", "CLUB BOOT HAT FIST", LAST, "L D R"),
    _lm("L21", "Cattle Market", "KNIFE BOTTLE", ALL, "D"),
    _lm("L22", "Brewery", "CLUB BOOT", ALL, "L D"),
    _lm("L23", "Boxing Saloon", "HAT FIST KNIFE", ALL, "D R"),
    _lm("L24", "Penny Gaff", "BOTTLE CLUB", ALL, "L D R"),
    _lm("L25", "Soup Kitchen", "BOOT HAT", ALL, "D R"),
    _lm("L26", "Debtors' Prison", "FIST KNIFE BOTTLE", ALL, "D"),
    _lm("L27", "Ropewalk", "CLUB BOOT", ALL, "L D"),
    _lm("L28", "Clock Tower", "HAT FIST KNIFE", ALL, "L D R"),
    _lm("L29", "Corn Exchange", "BOTTLE CLUB BOOT", ALL, "D R"),
    _lm("L30", "Printing Works", "HAT FIST", ALL, "L D R"),
)

BRAWLS: tuple[Brawl, ...] = (
    Brawl("B1", "Tavern Brawl", HAT),
    Brawl("B2", "Dockside Scrap", FIST),
    Brawl("B3", "Market Riot", KNIFE),
    Brawl("B4", "Alley Fight", BOTTLE),
    Brawl("B5", "Bare-Knuckle Bout", CLUB),
    Brawl("B6", "Street Rumble", BOOT),
)

LOADED_DICE = "Loaded Dice"
VAGRANT = "Vagrant"
SNEAK = "Sneak"
SHAKEDOWN = "Shakedown"
REINFORCEMENTS = "Reinforcements"
SWITCHEROO = "Switcheroo"
CHAMPION = "Champion"


def _tactics() -> tuple[Tactic, ...]:
    rows = (
        (LOADED_DICE, HAT, 1), (VAGRANT, HAT, 2), (SNEAK, HAT, 3), (SHAKEDOWN, HAT, 4), (REINFORCEMENTS, HAT, 5),
        (VAGRANT, FIST, 1), (SNEAK, FIST, 2), (SHAKEDOWN, FIST, 3), (REINFORCEMENTS, FIST, 4), (SWITCHEROO, FIST, 5),
        (SNEAK, KNIFE, 1), (SHAKEDOWN, KNIFE, 2), (REINFORCEMENTS, KNIFE, 3), (SWITCHEROO, KNIFE, 4),
        (LOADED_DICE, KNIFE, 5), (SHAKEDOWN, BOTTLE, 1), (REINFORCEMENTS, BOTTLE, 2), (SWITCHEROO, BOTTLE, 3),
        (LOADED_DICE, BOTTLE, 4), (VAGRANT, BOTTLE, 5), (REINFORCEMENTS, CLUB, 1), (SWITCHEROO, CLUB, 2),
        (LOADED_DICE, CLUB, 3), (VAGRANT, CLUB, 4), (SNEAK, CLUB, 5), (SWITCHEROO, BOOT, 1), (LOADED_DICE, BOOT, 2),
        (VAGRANT, BOOT, 3), (SNEAK, BOOT, 4), (SHAKEDOWN, BOOT, 5), (CHAMPION, WILD, 1), (CHAMPION, WILD, 2),
        (CHAMPION, WILD, 3), (CHAMPION, WILD, 4), (CHAMPION, WILD, 5),
    )  # fmt: skip
    return tuple(Tactic(f"T{i + 1:02d}", ability, icon, ward) for i, (ability, icon, ward) in enumerate(rows))


TACTICS: tuple[Tactic, ...] = _tactics()

RECRUIT_TILES: tuple[RecruitTile, ...] = (
    RecruitTile("R1", MAYHEM, 1, 2),
    RecruitTile("R2", POWER, 1, 2),
    RecruitTile("R3", CAPITAL, 1, 2),
    RecruitTile("R4", MAYHEM, 2, 3),
    RecruitTile("R5", POWER, 2, 3),
    RecruitTile("R6", CAPITAL, 2, 3),
    RecruitTile("R7", MAYHEM, 3, 5),
    RecruitTile("R8", POWER, 3, 5),
    RecruitTile("R9", CAPITAL, 3, 5),
)

SCORING_TILES: tuple[ScoringTile, ...] = (
    ScoringTile("S1", "Turf War", ScoringSide("rank", (4, 2, 1)), ScoringSide("rank", (3, 1))),
    ScoringTile("S2", "Top Dog", ScoringSide("rank", (5, 2)), ScoringSide("rank", (4, 1))),
    ScoringTile("S3", "Kingpin", ScoringSide("rank", (6,)), ScoringSide("rank", (4,))),
    ScoringTile("S4", "Headcount", ScoringSide("headcount", cap=4), None),
    ScoringTile("S5", "Foothold", ScoringSide("foothold", (3,)), ScoringSide("foothold", (2,))),
    ScoringTile("S6", "Underdogs", ScoringSide("underdogs", (2, 3)), ScoringSide("underdogs", (3, 2))),
    ScoringTile("S7", "Landslide", ScoringSide("landslide", cap=6), ScoringSide("landslide", cap=4)),
    ScoringTile("S8", "Boss's Cut", ScoringSide("bosscut", (2,), cap=3), ScoringSide("bosscut", (1,), cap=2)),
    ScoringTile("S9", "Long Odds", ScoringSide("rank", (2, 4)), ScoringSide("rank", (1, 3))),
)

GANGS: tuple[Gang, ...] = (
    Gang("Forty Fiends", "yellow", 0),
    Gang("Gorilla Gang", "blue", 1),
    Gang("Red Hand Mob", "red", 2),
    Gang("Green Lane Lads", "green", 3),
    Gang("Purple Garters", "purple", 4),
)

DICE_BY_PLAYERS = {2: 6, 3: 8, 4: 10, 5: 12}
"""FW-SETUP-15: 2 x players + 2."""


def leftover_points(total: int) -> int:
    """The Gang-board table (GAP-07): 3 leftovers per point, at most 4."""
    return min(4, total // 3)


LANDMARK_BY_ID = {c.id: c for c in LANDMARKS}
BRAWL_BY_ID = {c.id: c for c in BRAWLS}
TACTIC_BY_ID = {c.id: c for c in TACTICS}
RECRUIT_BY_ID = {t.id: t for t in RECRUIT_TILES}
SCORING_BY_ID = {t.id: t for t in SCORING_TILES}


def is_brawl(card: str) -> bool:
    """Whether a row card id is a Brawl (``B*``) rather than a Landmark (``L*``)."""
    return card.startswith("B")


def card_name(card: str) -> str:
    """The printed name of a Landmark or Brawl card."""
    return BRAWL_BY_ID[card].name if is_brawl(card) else LANDMARK_BY_ID[card].name


def tactic_name(card: str) -> str:
    """How text names a Tactics card: its ability, Brawl icon and Ward number (``Sneak (hat, ward 3)``), unique per card."""
    tactic = TACTIC_BY_ID[card]
    return f"{tactic.ability} ({ICONS[tactic.icon]}, ward {tactic.ward})"


def scoring_side(tile: str, players: int) -> ScoringSide:
    """The side of a Scoring tile in play: the 2-dot side with 2 players if it has one (FW-SETUP-03)."""
    t = SCORING_BY_ID[tile]
    return t.two_player if players == 2 and t.two_player is not None else t.standard
