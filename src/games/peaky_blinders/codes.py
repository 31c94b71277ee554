"""Every code Peaky Blinders's rules refuse an action with, and what it means (``Game.codes``; docs/codes.md lists them)."""

from __future__ import annotations

__all__ = ["CODES"]

CODES: dict[str, str] = {
    "bail/cannot_afford": "the seat has less cash than bail costs",
    "bail/not_jailed": "the seat's strength henchman is not in jail",
    "card/bad_option": "the card's option is not one of those it offers",
    "card/bad_target": "an Offence card names an opponent as its target",
    "card/not_in_hand": "the seat holds no such conflict card",
    "conflict/bad_marker_source": "the replacement marker comes from the supply while it has one, else from another zone",
    "conflict/not_a_rival": "the seat has no control marker in this zone to defend with",
    "ctrl/bad_source": "a marker comes from the supply; only when it is empty from another zone",
    "ctrl/cannot_afford": "the seat has less cash than a control marker costs",
    "ctrl/zone_full": "the zone has no free control-marker space",
    "exchange/not_enough": "the seat lacks the cards the exchange needs (five value-1 up, one value-5 down)",
    "exchange/reversal": "undoing an exchange made the other way this turn changes nothing",
    "fortune/none_left": "the seat has no fortune token to use",
    "market/empty_stack": "that market stack is empty",
    "market/no_value1_card": "selling or swapping takes a value-1 card of that material",
    "market/no_value1_cash": "buying takes a value-1 cash card; value-5 cards may not be used",
    "market/once_per_ogs": "the seat already visited Covent Garden this open game state",
    "market/own_card": "taking back the card the seat put on that stack this visit changes nothing",
    "ogs/one_action_per_turn": "this turn is already spent on another action",
    "ogs/turn_not_started": "nothing to finish: take an action or pass",
    "ogs/turn_started": "the turn has begun: end it instead of passing",
    "prep/henchman_jailed": "a jailed strength henchman cannot be placed",
    "prep/henchman_placed": "that henchman is already on the board",
    "prep/space_taken": "that space already holds a henchman",
    "prep/space_unused": "that space is unused at this player count",
}
"""Each ``domain/reason`` code of a :class:`~boardcore.Refusal` in this game, with its one-line meaning."""
