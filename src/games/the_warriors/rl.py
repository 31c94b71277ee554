"""The Warriors' RL spec: the bounds :mod:`boardcore.rl` needs for its view and actions.

Card, tile and space ids come from the catalog; counts are bounded by the
components (56 War cards, 20 Weapons, 24 Boppers) or by the rules (at most 5 dice,
WR-SPOT-04). The game is cooperative: every seat gets +1 when the Warriors reach
Coney Island and win, -1 when they lose (the default rewards read ``Outcome.cooperative``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Config
from boardcore.rl.spec import WAITING, ActionDomain, Bag, Encoding, Number, OneHot, RlSpec, Seq, Skip

from . import catalog as cat

__all__ = ["SPEC"]

WAR_CARDS = range(len(cat.WAR_CARDS))
WEAPONS = range(len(cat.WEAPON_CARDS))
BOPPERS = range(len(cat.BOPPER_CARDS))
LOCATIONS = range(len(cat.LOCATIONS))
MOST_DICE = 5
"""WR-SPOT-04: never more than 5 dice."""
ROW = 3
"""Face-up cards in the War row and the Weapon row."""
MOST_SPOTS = 2 + max(len(tile.spots) for tile in (*cat.LOCATIONS, cat.CONEY_TILE))
"""The Gang tile's 2 spots plus the largest Location (or Coney) tile."""
BOOSTS = sum(1 for c in cat.WAR_CARDS if c.ability in (cat.PLUS_ONE_POWER, cat.PLUS_ONE_FROM_HAND_OWN, cat.PLUS_ONE_FROM_HAND_OTHER))
"""Every card that adds 1 to a die: no die can show more than 6 plus these."""


def _cards_with(*abilities: str) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(cat.WAR_CARDS) if c.ability in abilities)


def observation(config: Config[Any]) -> Mapping[str, Encoding]:
    """Every view field the types leave unbounded."""
    n = config.players
    seats = OneHot(range(n))
    seat_or_none = OneHot((-1, *range(n)))
    war = Bag(WAR_CARDS)
    weapons = Bag(WEAPONS)
    return {
        "me": Skip("always the observing seat: the adapter's seat column"),
        "hand": war,
        "peeked_location": OneHot((-1, *LOCATIONS)),
        "lookout_card": OneHot((-1, *BOPPERS)),
        "seats": Seq(n, fixed=True),
        "seats[].warrior": OneHot(range(len(cat.WARRIORS))),
        "seats[].position": OneHot(range(len(cat.SPACES))),
        "seats[].hand_size": Number(0, len(cat.WAR_CARDS)),
        "seats[].discard": war,
        "seats[].weapons": weapons,
        "seats[].threats": Bag(BOPPERS),
        "track": Seq(len(cat.GANGS) + 1),
        "track[]": OneHot((*range(len(cat.GANGS)), cat.WARRIORS_FIGURE)),
        "bottles": Number(0, len(cat.GANGS) + 1),
        "tokens": Bag(cat.FIGHT_SPACES),
        "arrived": Seq(n),
        "arrived[]": seats,
        "war_row": Seq(ROW),
        "war_row[]": OneHot(WAR_CARDS),
        "war_deck_size": Number(0, len(cat.WAR_CARDS)),
        "war_removed": war,
        "spent_weapons": weapons,
        "weapon_row": Seq(ROW),
        "weapon_row[]": OneHot(WEAPONS),
        "weapon_deck_size": Number(0, len(cat.WEAPON_CARDS)),
        "weapons_removed": weapons,
        "bopper_deck_size": Number(0, len(cat.BOPPER_CARDS)),
        "bopper_discard": Bag(BOPPERS),
        "bopper_out": Bag(BOPPERS),
        "rival": OneHot(range(len(cat.GANGS))),
        "gang_stack_size": Number(0, len(cat.GANGS)),
        "gang_face_up": Bag(range(len(cat.GANGS))),
        "location_stack_size": Number(0, len(cat.LOCATIONS)),
        "location_face_up": Bag(LOCATIONS),
        "instigator": seats,
        "fight.gang": OneHot(range(len(cat.GANGS))),
        "fight.location": OneHot((cat.CONEY, *LOCATIONS)),
        "fight.participants": Seq(n),
        "fight.participants[]": seats,
        "fight.need_loc": Number(0, MOST_SPOTS),
        "fight.need_rep": Number(0, MOST_SPOTS),
        "fight.covered": Bag(range(MOST_SPOTS)),
        "fight.knocked": Bag(range(n)),
        "fight.current": seat_or_none,
        "fight.dice_total": Number(0, MOST_DICE),
        "fight.powers": war,
        "fight.turn_weapons": Number(0, 2),
        "fight.weapon_uses": Seq(n, fixed=True),
        "fight.weapon_uses[]": Number(0, 10, clip=True),
        "fight.dice": Seq(MOST_DICE),
        "fight.dice[]": Number(1, 6 + BOOSTS),
        "fight.boombox": Number(0, 3, clip=True),
        "fight.boombox_seat": seat_or_none,
        "city.player": seats,
        "city.reveals": Number(0, 3, clip=True),
        "city.resume": seats,
        "pending.player": seats,
        "pending.count": Number(0, 2),
        "pending.declined": Bag(range(n)),
        "city_turns": Number(0, config.options.max_city_turns),
        "result": OneHot((-1, 0, 1)),
        "reason": Skip("free text; result says whether the night was won or lost"),
        "waiting": WAITING,
    }


def actions(config: Config[Any]) -> Mapping[str, ActionDomain]:
    """The card fields that only some cards can fill (the action types declare every id's range; the rest come from there)."""
    return {
        "Reroll.card": _cards_with(cat.REROLL_POWER, cat.SHOWBOAT, cat.REROLL_FROM_HAND_OWN, cat.REROLL_FROM_HAND_OTHER),
        "Boost.card": _cards_with(cat.PLUS_ONE_POWER, cat.PLUS_ONE_FROM_HAND_OWN, cat.PLUS_ONE_FROM_HAND_OTHER),
        "HoldTheLine.card": _cards_with(cat.HOLD_THE_LINE),
    }


SPEC = RlSpec(observation=observation, actions=actions)
