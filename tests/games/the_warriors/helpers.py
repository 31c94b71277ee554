"""Builders for The Warriors scenario tests: a dealt table, a fight, a roll, a City turn.

Steps go through ``boardcore.testing.kit`` (``act``, ``fold``, ``settle``, ``refused``); the
builders here only lay out the table a rule needs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from msgspec.structs import replace

from boardcore.testing import act, fold, settle
from games.the_warriors import GAME, Event
from games.the_warriors import catalog as cat
from games.the_warriors.actions import (
    Action,
    Boost,
    ChooseWarrior,
    CoverSpot,
    DiscardCard,
    GiveUp,
    HoldTheLine,
    KeepDice,
    KeepLookout,
    LetItGo,
    Move,
    OpenFirstFight,
    PlayCard,
    RemoveCard,
    RemoveWeapon,
    Reroll,
    Rest,
    ReturnCard,
    Roll,
    Run,
    StandAndFight,
    TakeWarCard,
    TakeWeapon,
)
from games.the_warriors.events import BopperRevealed, TurnStarted
from games.the_warriors.phases.fight import fight_started
from games.the_warriors.state import STAGES, City, DecisionKind, Stage, State, Table

W = cat.WARRIORS_FIGURE
DEFAULT_TRACK = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, W, cat.PUNKS, cat.ORPHANS, cat.FURIES)
"""Checklist section 5: 1 Rogues, 2 Lizzies, 3 Hi-Hats, 4 Warriors, 5 Punks, 6 Orphans, 7 Furies."""
TH = cat.FIRST_THROW_HANDS
T = TypeVar("T")
_TABLE_FIELDS = frozenset(Table.__struct_fields__)


def update(record: T, **changes: Any) -> T:
    """``msgspec.structs.replace`` that also takes a ``State``'s table fields by name (a builder's shortcut)."""
    if not isinstance(record, State):
        return replace(record, **changes)  # type: ignore[type-var]
    cold = {k: changes.pop(k) for k in [k for k in changes if k in _TABLE_FIELDS]}
    if cold:
        changes["table"] = replace(record.table, **cold)
    return replace(record, **changes)  # type: ignore[return-value]


def cid(warrior: str, slot: int) -> int:
    """War card id of a Warrior's card (slot 0-3, in the GAP-01 table order)."""
    return 4 * cat.WARRIOR_NAMES.index(warrior) + slot


def weapon_of(kind: int, copy: int = 0) -> int:
    return 4 * kind + copy


def new(players: int = 2, warriors: tuple[str, ...] = ("Cochise", "Swan"), seed: int = 0, **options: Any) -> State:
    """The dealt table (before the Instigator opens the first fight)."""
    return GAME.setup(GAME.config(players, {"warriors": ",".join(warriors), **options}), seed)


def apply(state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
    """One checked step (``kit.act``), state first: ``s, events = apply(s, 0, Rest())``."""
    events, state = act(GAME, state, seat, action)
    return state, events


def run(state: State, *steps: tuple[int, Action]) -> tuple[State, list[Event]]:
    """Several checked steps in a row; the events of all of them."""
    out: list[Event] = []
    for seat, action in steps:
        state, events = apply(state, seat, action)
        out += events
    return state, out


def types(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def in_fight(state: State, gang: int, location: int, instigator: int = 0, showdown: bool = False, rules: bool = False, **fields: Any) -> State:
    """The table with a fight against ``gang`` at ``location`` just started.

    ``rules``: the kernel begins the fight (``settle``: the gang's "before the fight" rule,
    then the first turn); otherwise the Instigator's first turn starts at once.
    """
    fields.setdefault("track", DEFAULT_TRACK)
    s = update(state, fight=None, city=None, rival=gang, **fields)
    s = fold(GAME, s, [fight_started(s, instigator, location, showdown)])
    if rules:
        return settle(GAME, s)[1]
    f = s.fight
    assert f is not None
    first = f.participants[0]
    return fold(GAME, s, [TurnStarted(player=first)])


def rolled(state: State, dice: tuple[int, ...], kind: DecisionKind = "boost") -> State:
    """The current fighter has rolled ``dice`` (re-rolls done unless ``kind`` is "reroll")."""
    f = state.fight
    assert f is not None
    return update(state, fight=update(f, dice=dice, rolled=True), stage=Stage(at=kind))


def in_city(state: State, seat: int, **fields: Any) -> State:
    """The previous City turn is over and the next one goes to ``seat`` (or the next seat clockwise not on Coney Island)."""
    fields.setdefault("track", DEFAULT_TRACK)
    s = update(state, fight=None, city=City(player=seat, resume=seat), stage=STAGES["after_fight"], **fields)
    return settle(GAME, s)[1]


def legal(state: State, seat: int) -> list[Action]:
    return list(GAME.legal_actions(state, seat))

GRAVEYARD = 2
CHAIN0, BK0, SB0, MOL0 = weapon_of(cat.CHAIN), weapon_of(cat.BRASS_KNUCKLES), weapon_of(cat.SWITCH_BLADE), weapon_of(cat.MOLOTOV)
CO1, CO3 = cid("Cochise", 0), cid("Cochise", 2)
SW1, SW2, SW3 = cid("Swan", 0), cid("Swan", 1), cid("Swan", 2)
LOOKOUT, COVER_ME, SWEET_TALK = cid("Fox", 1), cid("Fox", 3), cid("Mercy", 3)
ARRESTED, FUZZ, COTP, JUMPED = 12, 15, 18, 21
COAST = tuple(range(12))


def cochise_swan_fight(gang: int = cat.PUNKS, rules: bool = False, hands: Any = ((CO1, CO3, TH), (SW1, SW2, SW3)), **kw: Any) -> State:
    kw.setdefault("weapons", ((CHAIN0,), (BK0,)))
    return in_fight(new(2, ("Cochise", "Swan")), gang, GRAVEYARD, 0, rules=rules, hands=hands, discards=((), ()), spent=(), **kw)


def swan_in_city(threats: tuple[int, ...] = (), deck: tuple[int, ...] = COAST, positions: tuple[int, int] = (9, 0), **kw: Any) -> State:
    s = new(2, ("Swan", "Cochise"))
    return in_city(s, 0, positions=positions, tokens=cat.FIGHT_SPACES, bopper_deck=deck, bopper_discard=(), threats=(threats, ()), **kw)


def lookout_played() -> State:
    s = cochise_swan_fight(hands=((LOOKOUT, CO1), (SW1,)))
    return apply(s, 0, PlayCard(card=LOOKOUT))[0]


def at_weapon_limit() -> State:
    s = swan_in_city(positions=(6, 0), weapons=((BK0, CHAIN0), (weapon_of(cat.CHAIN, 1),)), weapon_row=(MOL0, 9, 10), weapon_deck=(11,))
    return run(s, (0, Move(space=7)), (0, TakeWeapon(index=0)))[0]


STATES: dict[str, Callable[[], State]] = {
    "first_fight": lambda: new(2, ("Cochise", "Swan")),
    "gang_target": lambda: cochise_swan_fight(rules=True),
    "gang_discard": lambda: apply(cochise_swan_fight(rules=True), 0, ChooseWarrior(target=1))[0],
    "play": lambda: cochise_swan_fight(),
    "lookout": lookout_played,
    "reroll": lambda: rolled(cochise_swan_fight(hands=((CO1,), (COVER_ME,))), (2, 3), kind="reroll"),
    "boost": lambda: rolled(cochise_swan_fight(hands=((TH,), (SW2,))), (3, 4)),
    "ko": lambda: apply(cochise_swan_fight(hands=((CO1, TH), ())), 0, GiveUp())[0],
    "move": lambda: swan_in_city(),
    "return": lambda: apply(swan_in_city(positions=(8, 0), discards=((SW1,), ())), 0, Move(space=9))[0],
    "war_row": lambda: apply(swan_in_city(positions=(9, 0)), 0, Move(space=13))[0],
    "weapon_row": lambda: apply(swan_in_city(positions=(6, 0)), 0, Move(space=7))[0],
    "weapon_limit": at_weapon_limit,
    "fuzz": lambda: apply(swan_in_city(threats=(ARRESTED, COTP), deck=(FUZZ, 0), weapons=((BK0, CHAIN0), ())), 0, Rest())[0],
    "jumped": lambda: apply(swan_in_city(threats=(ARRESTED, COTP), deck=(JUMPED, 0), hands=((SW1, SW2, SW3, TH), ())), 0, Rest())[0],
    "challenge": lambda: apply(swan_in_city(), 0, Move(space=10))[0],
}

SAMPLES: tuple[Any, ...] = (
    OpenFirstFight(),
    ChooseWarrior(target=1),
    ChooseWarrior(target=7),
    DiscardCard(card=SW1),
    DiscardCard(card=99),
    PlayCard(card=CO1, weapon=CHAIN0),
    PlayCard(card=999),
    PlayCard(card=CO1, weapon=-5, target=9, pick=77),
    KeepLookout(bottom=True),
    Roll(),
    Reroll(card=COVER_ME, die=0),
    Reroll(card=CO1, die=12),
    KeepDice(),
    Boost(card=TH, die=0),
    Boost(card=TH, die=-3),
    CoverSpot(spot=0),
    CoverSpot(spot=42),
    CoverSpot(spot=3, weapon=SB0),
    GiveUp(),
    LetItGo(),
    HoldTheLine(card=cid("Swan", 3)),
    HoldTheLine(card=-2),
    RemoveCard(card=CO3),
    RemoveCard(card=-1),
    Move(space=14),
    Move(space=38),
    Move(space=-1),
    Move(space=500),
    Rest(),
    ReturnCard(card=SW1),
    ReturnCard(card=55),
    TakeWarCard(index=0),
    TakeWarCard(index=3),
    TakeWeapon(index=-1),
    RemoveWeapon(weapon=BK0),
    RemoveWeapon(weapon=19),
    StandAndFight(),
    Run(),
    PlayCard(card="CO1"),  # type: ignore[arg-type]
    Move(space=None),  # type: ignore[arg-type]
)


def reveals(events: list[Any]) -> list[int]:
    return [e.card for e in events if isinstance(e, BopperRevealed)]
