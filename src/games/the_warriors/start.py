"""Rulebook "Setup" (WR-SETUP-01..14, WR-DIFF-01, GAP-24, GAP-28): the table, and the first
decision, which opens the fight at Van Cortlandt Park (WR-FLOW-01).

Setup itself emits no events, so the opening fight waits for the Instigator's
``OpenFirstFight``: its ``FightStarted`` and the rival's "before the fight" rule are then
in the event log like every later fight's, and the log tells the whole night."""

from __future__ import annotations

from typing import Any

from boardcore import Config, Decision, Rng
from boardcore.kernel import no_problem

from . import catalog as cat
from .actions import OpenFirstFight
from .phases.fight import open_fight
from .shared import Night
from .state import Options, State, Table, warrior_names

WARRIOR_CARDS = tuple(cat.warrior_cards(w) for w in range(len(cat.WARRIORS)))
"""Each Warrior's 4 War card ids, built once."""
WEAPON_CARDS_OF = tuple(tuple(c for c in cat.WEAPON_CARDS if cat.weapon_type(c) == kind) for kind in range(len(cat.WEAPON_NAMES)))
"""The Weapon cards of each type, in deck order, built once."""


def setup(config: Config[State], seed: int) -> State:
    """Deal everything from the seeded RNG; the Instigator's first decision opens the first fight."""
    options: Options = config.options
    n = config.players
    rng = Rng.from_seed(seed)
    names = warrior_names(options.warriors)
    if names:
        if len(names) != n:
            msg = f"{n} players need {n} Warriors named, not {len(names)}"
            raise ValueError(msg)
        warriors = tuple(cat.WARRIOR_NAMES.index(name) for name in names)
    else:
        warriors, rng = rng.sample(range(len(cat.WARRIORS)), n)
    rivals, rng = rng.shuffle(range(6))
    track = (*rivals[:3], cat.WARRIORS_FIGURE, *rivals[3:])
    throw = cat.FIRST_THROW_HANDS
    hands = tuple((*cat.warrior_cards(w), throw + 3 * seat, throw + 3 * seat + 1, throw + 3 * seat + 2) for seat, w in enumerate(warriors))
    unchosen = [c for w, cards in enumerate(WARRIOR_CARDS) if w not in warriors for c in cards]
    war_deck, rng = rng.shuffle([*unchosen, *range(throw + 3 * n, len(cat.WAR_CARDS))])
    taken: list[int] = []
    for w in warriors:  # the first Weapon card of the Warrior's type still in the deck
        taken.append(next(c for c in WEAPON_CARDS_OF[cat.WARRIORS[w].weapon] if c not in taken))
    weapon_deck, rng = rng.shuffle([c for c in cat.WEAPON_CARDS if c not in taken])
    out = cat.COAST_REMOVED[options.difficulty]
    bopper_deck, rng = rng.shuffle(cat.BOPPER_CARDS[out:])
    loc_down, rng = rng.shuffle(range(1, len(cat.LOCATIONS)))
    gangs, rng = rng.shuffle(range(6))
    instigator, rng = rng.below(n)
    table = Table(
        players=n,
        warriors=warriors,
        track=track,
        tokens=cat.FIGHT_SPACES,
        war_deck=war_deck[3:],
        war_row=war_deck[:3],
        weapon_deck=weapon_deck[3:],
        weapon_row=weapon_deck[:3],
        bopper_out=cat.BOPPER_CARDS[:out],
        rival=gangs[0],
        gang_down=gangs[1:],
        loc_down=loc_down,
        instigator=instigator,
        max_city_turns=options.max_city_turns,
    )
    return State(
        positions=(cat.BRONX_START,) * n,
        hands=hands,
        discards=((),) * n,
        weapons=tuple((w,) for w in taken),
        bopper_deck=bopper_deck,
        threats=((),) * n,
        rng=rng,
        table=table,
    )


def open_first_fight(turn: Night, seat: int, action: OpenFirstFight) -> None:
    """WR-FLOW-01, GAP-28: everyone is on Bronx Start, so everyone fights the revealed gang at Van Cortlandt Park."""
    open_fight(turn, seat, cat.VAN_CORTLANDT, showdown=False)


DECISIONS: dict[str, Decision[State, Any]] = {
    "first_fight": Decision(
        ask="open the first fight at Van Cortlandt Park",
        clause="WR-FLOW-01",
        rules={OpenFirstFight: (no_problem, open_first_fight)},
        candidates=lambda state, seat: [OpenFirstFight()],
    ),
}
"""Only the Instigator acts first (WR-SETUP-13, WR-FIGHT-06)."""
