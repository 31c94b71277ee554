"""Every card of Bellwether 1885 as data (BW-CARD-12, GAP-03), plus the board's fixed facts.

One module holds the whole catalog: the markets, the rules and the docs all read it.
Cards are named by their type id (``"F-TW"``); copies are indistinguishable, so a
hand or a deck is a tuple of ids.
"""

from __future__ import annotations

import msgspec

# --- resources, dice, wards --------------------------------------------------

TEXTILE, CEMENT, COAL = 0, 1, 2
RESOURCES = ("Textile", "Cement", "Coal")

RELIEF, DIE_TEXTILE, DIE_CEMENT, DIE_COAL, STRIKE = 0, 1, 2, 3, 4
DIE_FACES = (RELIEF, DIE_TEXTILE, DIE_CEMENT, DIE_COAL, STRIKE, STRIKE)
"""The six faces of the Labor die (GAP-05): Strike appears twice."""
FACE_NAMES = ("Relief", "Textile", "Cement", "Coal", "Strike")
FACE_RESOURCE = {DIE_TEXTILE: TEXTILE, DIE_CEMENT: CEMENT, DIE_COAL: COAL}

WARDS = 4
WARD_NAMES = ("I Northgate", "II Foundry Row", "III Riverside", "IV Old Market")
"""Clockwise order I -> II -> III -> IV -> I (GAP-02)."""


def neighbours(ward: int) -> tuple[int, int]:
    """The two adjacent Wards on the ring, clockwise first (GAP-02, GAP-17 item 3)."""
    return ((ward + 1) % WARDS, (ward + WARDS - 1) % WARDS)


START_WORKERS = 3
MAX_WORKERS = 6
RIOT_AT = 3
START_CASH = 5
START_HAND = ("F-TW", "T-BH")
START_GANGSTERS = 2
NEUTRAL_FACTORIES = ("F-CP", "F-CK", "F-TW", "F-CP")
"""The neutral Factory of Wards I..IV (GAP-06)."""
NEUTRAL_PREMIUM = 1
"""Cash a neutral Factory costs on top of its printed cost (GAP-06; see the docs' balance notes)."""

CAPACITY = {"F": 4, "T": 2, "I": 2}
"""Spaces per Ward by category (BW-PLACE-01)."""

BUY_PRICE, SELL_PRICE = 3, 1
HARBOUR_PRICE, HARBOUR_LIMIT = 2, 2
HIRE_COST = 3
RELIEF_COST, RELIEF_COST_CHEAP = 2, 1
RESOURCE_VALUE = 2
"""Net Worth value of one resource (GAP-21)."""
MAX_JOBS, MAX_JOBS_CONSTABULARY = 3, 1
CONSTRUCTION_MARKET, OFFICIAL_MARKET = 4, 3
CONSOLIDATION_WARDS, CONSOLIDATION_INFLUENCE = 3, 10
RECOVERY_ROLLS = 3
HEAVY_BONUS = 2
RACKET_TAKE = 2
FIXER_GAIN = 3
PEACEMAKER_REMOVES = 2


# --- card records ------------------------------------------------------------


class Cost(msgspec.Struct, frozen=True):
    """Cash plus resources (Textile, Cement, Coal)."""

    cash: int
    res: tuple[int, int, int] = (0, 0, 0)

    @property
    def value(self) -> int:
        """Cost value for Net Worth: cash + $2 per resource (GAP-21)."""
        return self.cash + RESOURCE_VALUE * sum(self.res)


class BuildingCard(msgspec.Struct, frozen=True):
    """A Factory (F), Tenement (T) or Infrastructure (I) card."""

    id: str
    name: str
    kind: str
    copies: int
    cost: Cost
    upgrade: int = 0
    produces: int = -1
    staffing: int = 0
    overwork: tuple[int, int] = (0, 0)
    workers: tuple[int, int] = (0, 0)
    """Tenement workers (printed, extra when upgraded)."""
    power: int = 1
    text: str = ""


class OfficialCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    copies: int
    cost: int
    influence: int
    text: str = ""


class GangsterCard(msgspec.Struct, frozen=True):
    id: str
    name: str
    copies: int
    muscle: int
    ward_job: bool
    """The Job affects a Ward and counts toward the per-Ward limit (BW-CARD-11)."""
    text: str


def _f(
    id: str, name: str, copies: int, cash: int, res: tuple[int, int, int], produces: int, staffing: int, upgrade: int,
    overwork: tuple[int, int] = (1, 2), power: int = 1, text: str = "",
) -> BuildingCard:
    return BuildingCard(id, name, "F", copies, Cost(cash, res), upgrade, produces, staffing, overwork, (0, 0), power, text)


def _t(id: str, name: str, copies: int, cash: int, res: tuple[int, int, int], workers: int, upgrade: int, extra: int) -> BuildingCard:
    return BuildingCard(id, name, "T", copies, Cost(cash, res), upgrade, workers=(workers, extra))


def _i(id: str, name: str, copies: int, cash: int, res: tuple[int, int, int], text: str) -> BuildingCard:
    return BuildingCard(id, name, "I", copies, Cost(cash, res), power=0, text=text)


BUILDINGS: dict[str, BuildingCard] = {
    c.id: c
    for c in (
        _f("F-TW", "Textile Workshop", 3, 2, (0, 0, 0), TEXTILE, 1, 3),
        _f("F-CK", "Cement Kiln", 3, 2, (0, 0, 0), CEMENT, 1, 3),
        _f("F-CP", "Coal Pit", 3, 2, (0, 0, 0), COAL, 1, 3),
        _f("F-TM", "Textile Mill", 2, 4, (0, 0, 1), TEXTILE, 2, 4, text="When it produces, its owner also gains $1."),
        _f("F-CW", "Cement Works", 2, 4, (0, 0, 1), CEMENT, 2, 4, power=2, text="Counts as 2 Ward Power for its owner."),
        _f("F-CO", "Colliery", 2, 4, (0, 1, 0), COAL, 2, 4, overwork=(2, 3), text="Has one extra overwork slot."),
        _t("T-BH", "Boarding House", 3, 2, (0, 0, 0), 1, 2, 1),
        _t("T-RH", "Row Houses", 3, 3, (0, 1, 0), 2, 3, 1),
        _t("T-MD", "Model Dwellings", 2, 4, (1, 1, 0), 2, 3, 2),
        _i("I-CHK", "Ward Checkpoint", 2, 4, (0, 1, 0), "Strikers spreading from a Riot cannot enter this Ward."),
        _i("I-REL", "Relief Office", 2, 3, (1, 0, 0), "Paying for a Relief result here costs $1 instead of $2."),
        _i("I-CON", "Constabulary", 2, 4, (0, 0, 1), "At most one Gangster Job may affect this Ward each round."),
        _i("I-UH", "Union Hall", 1, 3, (1, 0, 0), "Once per Labor, during Push here, the controller may re-roll one non-Strike die."),
        _i("I-TR", "Tramway", 1, 5, (0, 1, 1), "This Ward has +1 available worker in every Labor."),
    )
}

OFFICIALS: dict[str, OfficialCard] = {
    c.id: c
    for c in (
        OfficialCard("O-ALD", "Alderman", 3, 6, 2),
        OfficialCard("O-COU", "Councillor", 2, 9, 3),
        OfficialCard("O-MAY", "Mayor", 1, 12, 4),
        OfficialCard("O-MAG", "Magistrate", 1, 7, 2, "You win contest ties (this overrides turn order)."),
        OfficialCard("O-POL", "Police Commissioner", 1, 7, 2, "Once per round, you may block a striker spreading into a Ward where you own a Building."),
        OfficialCard("O-UNI", "Union Negotiator", 1, 5, 1, "Relief results you pay for cost $1 (does not stack with Relief Office)."),
        OfficialCard("O-HAR", "Harbour Master", 1, 5, 1, "Each turn, you may sell up to 2 resources at the Exchange for $2 each."),
        OfficialCard("O-ENG", "City Engineer", 1, 5, 1, "Your upgrades cost $1 less (minimum $1)."),
        OfficialCard("O-INS", "Factory Inspector", 1, 6, 1, "Once per Labor, in a Ward you control, cancel one Strike result before strikes are settled."),
    )
}

GANGSTERS: dict[str, GangsterCard] = {
    c.id: c
    for c in (
        GangsterCard("G-BRU", "Bruiser", 3, 3, True, "Add 1 striker to the target Ward."),
        GangsterCard("G-SAB", "Saboteur", 2, 1, True, "If you control the target Ward in this round's Labor, you may leave your rival's Factories there unstaffed."),
        GangsterCard("G-HEA", "Heavy", 2, 4, True, "+2 to your contest total in the target Ward in this round's Labor."),
        GangsterCard("G-ARS", "Arsonist", 1, 2, True, "Destroy one rival Tenement that is not upgraded, in a target Ward not in Riot."),
        GangsterCard("G-AGI", "Agitator", 2, 2, True, "Move 1 striker from the target Ward to a Ward adjacent to it (affects both Wards)."),
        GangsterCard("G-PEA", "Peacemaker", 1, 0, True, "Remove up to 2 strikers from a target Ward not in Riot."),
        GangsterCard("G-FIX", "Fixer", 3, 1, False, "Gain $3."),
        GangsterCard("G-RAC", "Racketeer", 2, 2, False, "Take up to $2 from your rival."),
        GangsterCard("G-INF", "Informant", 2, 1, False, "Privately look at all of your rival's Gangsters."),
    )
}


FACTORY_CARDS = frozenset(c.id for c in BUILDINGS.values() if c.kind == "F")
"""The Factory cards' ids: rules ask "is this Building a Factory?" of every Building they scan."""


def deck(table: dict[str, BuildingCard] | dict[str, OfficialCard] | dict[str, GangsterCard]) -> tuple[str, ...]:
    """Every copy of every card in a table, in catalog order (shuffled at setup)."""
    return tuple(card.id for card in table.values() for _ in range(card.copies))


CARD_NAMES: dict[str, str] = {
    **{c.id: c.name for c in BUILDINGS.values()},
    **{c.id: c.name for c in OFFICIALS.values()},
    **{c.id: c.name for c in GANGSTERS.values()},
}
"""Every card's printed name, by id."""


BOARD_UIDS = WARDS + len(deck(BUILDINGS)) + 2 * len(START_HAND)
"""Building uids run from 0 below this: the neutral Factories, then one per card ever placed (a lost one never returns)."""


def card_name(card_id: str) -> str:
    """The printed name of any card id (an unknown id reads as itself)."""
    return CARD_NAMES.get(card_id, card_id)
