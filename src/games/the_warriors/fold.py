"""The one ``evolve``: every event type's fold, gathered from the modules that produce it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardcore import make_evolve

from . import flow
from .events import (
    CardRemoved,
    CardReturned,
    CardsDiscarded,
    ChoiceOffered,
    Event,
    GameEnded,
    WarCardTaken,
    WeaponRemoved,
    WeaponTaken,
    WeaponTurnedUp,
)
from .phases import boppers, challenge, city, fight, turn

evolve: Callable[[Any, Any], Any] = make_evolve(
    Event,
    {
        ChoiceOffered: flow.evolve_choice_offered,
        GameEnded: flow.evolve_game_ended,
        CardsDiscarded: flow.evolve_cards_discarded,
        CardReturned: flow.evolve_card_returned,
        CardRemoved: flow.evolve_card_removed,
        WarCardTaken: flow.evolve_war_card_taken,
        WeaponTaken: flow.evolve_weapon_taken,
        WeaponRemoved: flow.evolve_weapon_removed,
        WeaponTurnedUp: flow.evolve_weapon_turned_up,
        **fight.HANDLERS,
        **turn.HANDLERS,
        **city.HANDLERS,
        **boppers.HANDLERS,
        **challenge.HANDLERS,
    },
)
