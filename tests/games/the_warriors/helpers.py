"""Builders for The Warriors scenario tests: a dealt table, a fight, a City turn."""

from __future__ import annotations

from typing import Any

from games.the_warriors import GAME
from games.the_warriors import catalog as cat
from games.the_warriors.events import DecisionKind
from games.the_warriors.flow import Tx
from games.the_warriors.phases import city as city_phase
from games.the_warriors.phases import fight as fight_phase
from games.the_warriors.state import Pending, State, update

W = cat.WARRIORS_FIGURE
DEFAULT_TRACK = (cat.ROGUES, cat.LIZZIES, cat.HI_HATS, W, cat.PUNKS, cat.ORPHANS, cat.FURIES)
"""Checklist section 5: 1 Rogues, 2 Lizzies, 3 Hi-Hats, 4 Warriors, 5 Punks, 6 Orphans, 7 Furies."""
TH = cat.FIRST_THROW_HANDS


def cid(warrior: str, slot: int) -> int:
    """War card id of a Warrior's card (slot 0-3, in the GAP-01 table order)."""
    return 4 * cat.WARRIOR_NAMES.index(warrior) + slot


def weapon_of(kind: int, copy: int = 0) -> int:
    return 4 * kind + copy


def new(players: int = 2, warriors: tuple[str, ...] = ("Cochise", "Swan"), seed: int = 0, **options: Any) -> State:
    return GAME.setup(GAME.config(players, {"warriors": ",".join(warriors), **options}), seed)


def apply(state: State, seat: int, action: Any) -> tuple[State, list[Any]]:
    events = GAME.decide(state, seat, action)
    for event in events:
        state = GAME.evolve(state, event)
    return state, events


def run(state: State, *steps: tuple[int, Any]) -> tuple[State, list[Any]]:
    out: list[Any] = []
    for seat, action in steps:
        state, events = apply(state, seat, action)
        out += events
    return state, out


def types(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def in_fight(state: State, gang: int, location: int, instigator: int = 0, showdown: bool = False, rules: bool = False, **fields: Any) -> State:
    """The table with a fight against ``gang`` at ``location`` just started.

    ``rules``: apply the gang's "before the fight" rule; otherwise the first turn starts at once.
    """
    fields.setdefault("track", DEFAULT_TRACK)
    s = update(state, fight=None, pending=None, city=None, rival=gang, **fields)
    tx = Tx(s)
    if rules:
        fight_phase.start_fight(tx, instigator, location, showdown)
    else:
        fight_phase.open_fight(tx, instigator, location, showdown)
        f = tx.state.fight
        assert f is not None
        fight_phase.start_turn(tx, f.participants[0])
    tx.finish()
    return tx.state


def rolled(state: State, dice: tuple[int, ...], kind: DecisionKind = "boost") -> State:
    """The current fighter has rolled ``dice`` (re-rolls done unless ``kind`` is "reroll")."""
    f = state.fight
    assert f is not None
    return update(state, fight=update(f, dice=dice, rolled=True), pending=Pending(kind=kind, player=f.current))


def in_city(state: State, seat: int, **fields: Any) -> State:
    """``seat``'s City turn begins."""
    fields.setdefault("track", DEFAULT_TRACK)
    s = update(state, fight=None, pending=None, city=None, **fields)
    tx = Tx(s)
    city_phase.start_turn(tx, seat)
    tx.finish()
    return tx.state


def legal(state: State, seat: int) -> list[Any]:
    return list(GAME.legal_actions(state, seat))
