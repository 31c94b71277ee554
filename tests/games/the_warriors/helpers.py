"""Builders for The Warriors scenario tests: a dealt table, a fight, a roll, a City turn.

Steps go through ``boardcore.testing.kit`` (``act``, ``fold``, ``settle``, ``refused``); the
builders here only lay out the table a rule needs."""

from __future__ import annotations

from typing import Any, TypeVar

from msgspec.structs import replace

from boardcore.testing import act, fold, settle
from games.the_warriors import GAME, Event
from games.the_warriors import catalog as cat
from games.the_warriors.actions import Action
from games.the_warriors.events import ChoiceOffered, DecisionKind, TurnStarted
from games.the_warriors.phases.fight import fight_started
from games.the_warriors.state import City, Pending, State, Table

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
    s = update(state, fight=None, pending=None, city=None, rival=gang, **fields)
    s = fold(GAME, s, [fight_started(s, instigator, location, showdown)])
    if rules:
        return settle(GAME, s)[1]
    f = s.fight
    assert f is not None
    first = f.participants[0]
    return fold(GAME, s, [TurnStarted(player=first), ChoiceOffered(kind="play", player=first)])


def rolled(state: State, dice: tuple[int, ...], kind: DecisionKind = "boost") -> State:
    """The current fighter has rolled ``dice`` (re-rolls done unless ``kind`` is "reroll")."""
    f = state.fight
    assert f is not None
    return update(state, fight=update(f, dice=dice, rolled=True), pending=Pending(kind=kind, player=f.current))


def in_city(state: State, seat: int, **fields: Any) -> State:
    """The previous City turn is over and the next one goes to ``seat`` (or the next seat clockwise not on Coney Island)."""
    fields.setdefault("track", DEFAULT_TRACK)
    s = update(state, fight=None, pending=None, city=City(player=seat, resume=seat), **fields)
    return settle(GAME, s)[1]


def legal(state: State, seat: int) -> list[Action]:
    return list(GAME.legal_actions(state, seat))
