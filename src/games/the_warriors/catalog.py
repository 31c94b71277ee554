"""Every card, tile and board space of The Warriors: Come Out to Play, as data.

Rulebook "Contents"; checklist WR-COMP and the design tables GAP-01 to GAP-11.
Ids are small ints: War cards 0-55 (Warrior w's card k is ``4 * w + k``, Throw
Hands are 32-55), Weapon cards 0-19 (type ``id // 4``), Bopper cards 0-23,
gangs 0-5, Location tiles 0-12 (0 is Van Cortlandt Park), board spaces 0-38.
"""

from __future__ import annotations

from typing import NamedTuple

# --- weapons (WR-COMP-07, GAP-03) ------------------------------------------------

SWITCH_BLADE, BRASS_KNUCKLES, BASEBALL_BAT, CHAIN, MOLOTOV = range(5)
WEAPON_NAMES = ("Switch Blade", "Brass Knuckles", "Baseball Bat", "Chain", "Molotov")
WEAPON_CARDS = tuple(range(20))
"""4 of each of the 5 types: card ``c`` is of type ``c // 4``."""


def weapon_type(card: int) -> int:
    """The type of Weapon card ``card`` (Molotov is 4)."""
    return card // 4


# --- War cards (GAP-01, GAP-02) ------------------------------------------------------

# Ability keys: what a card does besides giving dice.
WEAPON_CARD = "weapon"  # "[Weapon] = two dice"
ANY_WEAPON = "any_weapon"  # use any Weapon to cover any Weapon spot
PLUS_ONE_FROM_HAND_OTHER = "plus_one_other"  # Take the Lead, Sweet Talk
PLUS_ONE_FROM_HAND_OWN = "throw_hands"  # Throw Hands (removed after use)
REROLL_FROM_HAND_OWN = "lucky_hat"
REROLL_FROM_HAND_OTHER = "cover_me"
HOLD_THE_LINE = "hold_the_line"
BOOMBOX = "boombox"
PLUS_ONE_POWER = "plus_one_power"  # Quiet Strength, Cheap Shot: when played, +1 after rolling
REROLL_POWER = "reroll_power"  # Smooth Talker: when played, re-roll a die after rolling
SHOWBOAT = "showboat"  # when played, re-roll every 1 and 2 once after rolling
SECOND_WIND = "second_wind"
LOYAL = "loyal"
LOOKOUT = "lookout"
TAG_THE_WALL = "tag_the_wall"
PATCH_UP = "patch_up"
STREETWISE = "streetwise"
PLAIN = "plain"


class WarCard(NamedTuple):
    """One War card: its name, dice, ability key, Weapon icon (or -1) and text."""

    name: str
    dice: int
    ability: str
    weapon: int
    text: str


class Warrior(NamedTuple):
    """A Warrior: name and the Weapon type shown in their starting hand (WR-SETUP-06)."""

    name: str
    weapon: int


WARRIORS = (
    Warrior("Swan", BRASS_KNUCKLES),
    Warrior("Snow", BASEBALL_BAT),
    Warrior("Cochise", CHAIN),
    Warrior("Cowboy", BASEBALL_BAT),
    Warrior("Fox", SWITCH_BLADE),
    Warrior("Vermin", BRASS_KNUCKLES),
    Warrior("Rembrandt", CHAIN),
    Warrior("Mercy", SWITCH_BLADE),
)
WARRIOR_NAMES = tuple(w.name for w in WARRIORS)


def _weapon_card(weapon: int) -> WarCard:
    name = WEAPON_NAMES[weapon]
    return WarCard(name, 1, WEAPON_CARD, weapon, f"{name} = two dice (with a matching Weapon or a Molotov).")


def _any_card(name: str) -> WarCard:
    return WarCard(name, 1, ANY_WEAPON, -1, "Any Weapon: use any of your Weapons to cover any Weapon spot this turn.")


_TAKE_THE_LEAD_TEXT = "When another Warrior in your neighborhood rolls, you may discard this from your hand to add 1 to a die."

_WARRIOR_CARDS: tuple[WarCard, ...] = (
    # Swan
    _weapon_card(BRASS_KNUCKLES),
    WarCard("Take the Lead", 1, PLUS_ONE_FROM_HAND_OTHER, -1, _TAKE_THE_LEAD_TEXT),
    _any_card("Warlord"),
    WarCard("Hold the Line", 1, HOLD_THE_LINE, -1, "When another Warrior in your neighborhood is knocked out, you may discard this from your hand; they remove a card from their discard pile instead of their hand."),
    # Snow
    _weapon_card(BASEBALL_BAT),
    WarCard("Boombox", 2, BOOMBOX, -1, "After this fight ends, reveal 1 Bopper card."),
    _any_card("Heavy Hitter"),
    WarCard("Quiet Strength", 1, PLUS_ONE_POWER, -1, "When this is played, you may add 1 to a die after rolling."),
    # Cochise
    _weapon_card(CHAIN),
    WarCard("Showboat", 1, SHOWBOAT, -1, "When this is played, after rolling you may re-roll, once, every die showing 1 or 2."),
    _any_card("Brawler"),
    WarCard("Second Wind", 1, SECOND_WIND, -1, "When this is played, turn 1 of your face-down Weapons face up."),
    # Cowboy
    _weapon_card(BASEBALL_BAT),
    _any_card("Ten-Gallon"),
    WarCard("Lucky Hat", 1, REROLL_FROM_HAND_OWN, -1, "When you roll, you may discard this from your hand to re-roll 1 die."),
    WarCard("Loyal", 1, LOYAL, -1, "When this is played, another Warrior in your neighborhood may take a card from the face-up War row."),
    # Fox
    _weapon_card(SWITCH_BLADE),
    WarCard("Lookout", 1, LOOKOUT, -1, "When this is played, look secretly at the top Bopper card; you may put it at the bottom of the deck."),
    _any_card("Slick"),
    WarCard("Cover Me", 1, REROLL_FROM_HAND_OTHER, -1, "When another Warrior in your neighborhood rolls, you may discard this from your hand to let them re-roll 1 die."),
    # Vermin
    _weapon_card(BRASS_KNUCKLES),
    WarCard("Smooth Talker", 1, REROLL_POWER, -1, "When this is played, you may re-roll a die after rolling."),
    _any_card("Wise Guy"),
    WarCard("Cheap Shot", 1, PLUS_ONE_POWER, -1, "When this is played, you may add 1 to a die after rolling."),
    # Rembrandt
    _weapon_card(CHAIN),
    WarCard("Tag the Wall", 1, TAG_THE_WALL, -1, "When this is played, return another card from your discard pile to your hand."),
    _any_card("Spray Can"),
    WarCard("Patch Up", 1, PATCH_UP, -1, "When this is played, another Warrior in your neighborhood may turn 1 of their face-down Weapons face up."),
    # Mercy
    _weapon_card(SWITCH_BLADE),
    WarCard("Streetwise", 1, STREETWISE, -1, "When this is played, another Warrior in your neighborhood may return a card from their discard pile to their hand."),
    _any_card("Tough Love"),
    WarCard("Sweet Talk", 1, PLUS_ONE_FROM_HAND_OTHER, -1, _TAKE_THE_LEAD_TEXT),
)

THROW_HANDS = WarCard("Throw Hands", 1, PLUS_ONE_FROM_HAND_OWN, -1, "When you roll, you may discard this from your hand to add 1 to a die. Then remove this from the game.")
FIRST_THROW_HANDS = 32
WAR_CARDS: tuple[WarCard, ...] = (*_WARRIOR_CARDS, *(THROW_HANDS,) * 24)
"""56 War cards (WR-COMP-03): 8 Warriors x 4, then 24 Throw Hands."""


HOLDING: dict[str, frozenset[int]] = {
    ability: frozenset(i for i, c in enumerate(WAR_CARDS) if c.ability == ability) for ability in {c.ability for c in WAR_CARDS}
}
"""The War card ids printed with each ability: a hand without one of them has nothing to list (one set test,
where the reaction windows would look up every card of every other Warrior's hand after each step)."""


def warrior_cards(warrior: int) -> tuple[int, ...]:
    """The 4 War card ids of a Warrior."""
    return tuple(range(4 * warrior, 4 * warrior + 4))


def card(card_id: int) -> WarCard:
    """The War card with this id."""
    return WAR_CARDS[card_id]


# --- spots, gangs, locations (GAP-04 to GAP-06) -----------------------------------


class Spot(NamedTuple):
    """A spot on a tile: a Number spot (``weapon == -1``) or a Weapon spot; ``rep`` marks Reputation spots."""

    value: int
    weapon: int = -1
    rep: bool = False

    @property
    def label(self) -> str:
        base = WEAPON_NAMES[self.weapon] if self.weapon >= 0 else str(self.value)
        return f"Rep {base}" if self.rep else base


def N(v: int) -> Spot:
    return Spot(v)


def W(w: int) -> Spot:
    return Spot(0, w)


def R(v: int) -> Spot:
    return Spot(v, -1, True)


LIZZIES, PUNKS, HI_HATS, FURIES, ORPHANS, ROGUES = range(6)
WARRIORS_FIGURE = 6
"""The Warriors' own Gang Leader on the Reputation Track."""


class Gang(NamedTuple):
    name: str
    spots: tuple[Spot, Spot]
    rule: str


GANGS = (
    Gang("Lizzies", (N(3), W(SWITCH_BLADE)), "Before the fight, the Instigator chooses a Warrior in their neighborhood. That Warrior discards a random card."),
    Gang("Punks", (N(4), W(BASEBALL_BAT)), "Before the fight, the Instigator chooses a Warrior in their neighborhood. That Warrior discards two cards."),
    Gang("Hi-Hats", (N(3), N(5)), "In this fight, each Warrior can use only one Weapon."),
    Gang("Baseball Furies", (N(4), W(BASEBALL_BAT)), "On each turn of this fight, you cannot roll more than two dice."),
    Gang("Orphans", (N(2), N(4)), "On each turn of this fight, discard any dice that roll the same number."),
    Gang("Rogues", (N(5), W(CHAIN)), "On each turn of this fight, you cannot add 1 to a die."),
)
FIGURE_NAMES = (*(g.name for g in GANGS), "Warriors")


class Location(NamedTuple):
    name: str
    spots: tuple[Spot, ...]


VAN_CORTLANDT = 0
LOCATIONS = (
    Location("Van Cortlandt Park", (N(3), N(4), W(BRASS_KNUCKLES), N(5), R(5))),
    Location("Backstreets", (N(3), W(SWITCH_BLADE), N(4), R(4))),
    Location("Graveyard", (N(4), W(CHAIN), N(5), R(5))),
    Location("Tremont Station", (N(3), N(4), W(CHAIN), N(5), R(6))),
    Location("96th Street Station", (N(2), N(4), N(5), R(5))),
    Location("Riverside Park", (N(3), W(BASEBALL_BAT), N(4), N(5), R(5))),
    Location("Roller Rink", (N(3), N(4), W(BRASS_KNUCKLES), R(6))),
    Location("Central Park", (N(4), N(4), W(SWITCH_BLADE), N(5), R(5))),
    Location("Union Square", (N(3), N(5), W(CHAIN), R(5))),
    Location("The Bowery", (N(2), N(3), W(BASEBALL_BAT), N(5), R(6))),
    Location("14th Street Station", (N(3), N(4), W(SWITCH_BLADE), R(4))),
    Location("Elevated Tracks", (N(3), N(4), W(BRASS_KNUCKLES), N(5), R(5))),
    Location("Empty Lot", (N(2), N(4), N(6), R(5))),
)
CONEY = -1
"""The ``location`` of the final showdown."""
CONEY_TILE = Location(
    "Coney Island Showdown",
    (N(3), N(4), N(5), W(CHAIN), R(4), R(4), R(5), R(5), R(6), Spot(0, BASEBALL_BAT, True)),
)


def location_tile(location: int) -> Location:
    """The Location tile (or the Coney tile for ``CONEY``)."""
    return CONEY_TILE if location == CONEY else LOCATIONS[location]


# --- Bopper cards (GAP-11) ---------------------------------------------------------

COAST_IS_CLEAR, ARRESTED, THE_FUZZ, COME_OUT_TO_PLAY, JUMPED = range(5)
BOPPER_NAMES = ("Coast is Clear", "Arrested", "The Fuzz", "Come Out to Play!", "Jumped")
BOPPER_TEXT = (
    "No effect.",
    "If this is your third Threat, remove a random card in your hand from the game. You're challenged to a fight!",
    "If this is your third Threat, remove one of your Weapons from the game. You're challenged to a fight!",
    "If this is your third Threat, you're challenged to a fight and you cannot run from it!",
    "If this is your third Threat, discard 2 cards from your hand. You're challenged to a fight!",
)
BOPPER_CARDS = tuple(range(24))
"""Cards 0-11 are Coast is Clear; 12-23 Threats, 3 of each kind."""


def bopper_kind(card_id: int) -> int:
    """COAST_IS_CLEAR or the Threat kind of a Bopper card."""
    return COAST_IS_CLEAR if card_id < 12 else 1 + (card_id - 12) // 3


DIFFICULTIES = ("easy", "medium", "hard", "extreme")
COAST_REMOVED = {"easy": 0, "medium": 2, "hard": 4, "extreme": 6}
"""Coast is Clear cards removed at setup per difficulty (WR-DIFF-01)."""

# --- the board (GAP-09, GAP-10) ------------------------------------------------------

BRONX, UPTOWN, MIDTOWN, DOWNTOWN, CONEY_ISLAND = range(5)
HOOD_NAMES = ("Bronx", "Uptown", "Midtown", "Downtown", "Coney Island")
START, REGULAR, THREATENING, SUBWAY, FIGHT, END = ("start", "regular", "threatening", "subway", "fight", "end")
NO_ACTION, DISCARD_ICON, WAR_ICON, WEAPON_ICON, SUBWAY_ICON = ("", "discard", "war", "weapon", "subway")


class Space(NamedTuple):
    hood: int
    row: int
    kind: str
    action: str
    edges: tuple[int, ...]


B, U, M, D = BRONX, UPTOWN, MIDTOWN, DOWNTOWN
SPACES = (
    Space(B, 0, START, NO_ACTION, (1, 5)),  # S00 Bronx Start
    Space(B, 1, REGULAR, WAR_ICON, (2,)),
    Space(B, 2, FIGHT, NO_ACTION, (3,)),
    Space(B, 3, SUBWAY, SUBWAY_ICON, (4,)),
    Space(B, 4, FIGHT, NO_ACTION, (9,)),
    Space(B, 1, THREATENING, NO_ACTION, (6,)),  # S05
    Space(B, 2, THREATENING, DISCARD_ICON, (7,)),
    Space(B, 3, THREATENING, WEAPON_ICON, (8,)),
    Space(B, 4, THREATENING, NO_ACTION, (9,)),
    Space(U, 5, REGULAR, DISCARD_ICON, (10, 13, 16)),  # S09
    Space(U, 6, FIGHT, NO_ACTION, (11,)),
    Space(U, 7, REGULAR, WEAPON_ICON, (12,)),
    Space(U, 8, FIGHT, NO_ACTION, (19,)),
    Space(U, 6, THREATENING, WAR_ICON, (14,)),  # S13
    Space(U, 7, THREATENING, NO_ACTION, (15,)),
    Space(U, 8, THREATENING, DISCARD_ICON, (19,)),
    Space(U, 6, REGULAR, NO_ACTION, (17,)),  # S16
    Space(U, 7, FIGHT, NO_ACTION, (18,)),
    Space(U, 8, SUBWAY, SUBWAY_ICON, (19,)),
    Space(M, 9, THREATENING, WAR_ICON, (20, 23, 26)),  # S19
    Space(M, 10, REGULAR, DISCARD_ICON, (21,)),
    Space(M, 11, FIGHT, NO_ACTION, (22,)),
    Space(M, 12, SUBWAY, SUBWAY_ICON, (29,)),
    Space(M, 10, THREATENING, WEAPON_ICON, (24,)),  # S23
    Space(M, 11, THREATENING, NO_ACTION, (25,)),
    Space(M, 12, THREATENING, DISCARD_ICON, (29,)),
    Space(M, 10, FIGHT, NO_ACTION, (27,)),  # S26
    Space(M, 11, REGULAR, WEAPON_ICON, (28,)),
    Space(M, 12, FIGHT, NO_ACTION, (29,)),
    Space(D, 13, REGULAR, NO_ACTION, (30, 34)),  # S29
    Space(D, 14, FIGHT, NO_ACTION, (31,)),
    Space(D, 15, REGULAR, WAR_ICON, (32,)),
    Space(D, 16, SUBWAY, SUBWAY_ICON, (33,)),
    Space(D, 17, FIGHT, NO_ACTION, (38,)),
    Space(D, 14, THREATENING, WEAPON_ICON, (35,)),  # S34
    Space(D, 15, THREATENING, DISCARD_ICON, (36,)),
    Space(D, 16, THREATENING, NO_ACTION, (37,)),
    Space(D, 17, THREATENING, WAR_ICON, (38,)),
    Space(CONEY_ISLAND, 18, END, NO_ACTION, ()),  # S38 Coney Island
)
BRONX_START = 0
CONEY_SPACE = 38
FIGHT_SPACES = tuple(i for i, s in enumerate(SPACES) if s.kind == FIGHT)
"""The 10 Fight spaces, each starting with a Fight token (WR-SETUP-12)."""


def space_name(space: int) -> str:
    """``S13 (Uptown)``-style label."""
    if space == CONEY_SPACE:
        return "Coney Island"
    if space == BRONX_START:
        return "Bronx Start"
    return f"S{space:02d} ({HOOD_NAMES[SPACES[space].hood]})"
