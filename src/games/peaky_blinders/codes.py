"""Every code Peaky Blinders's rules refuse an action with, and what it means (``Game.codes``; docs/codes.md lists them).

Each code is spelled once, as a constant here; the rules import it and never write the
literal (``tests/boardcore/test_codes.py`` checks).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BAIL_CANNOT_AFFORD",
    "BAIL_NOT_JAILED",
    "CARD_BAD_OPTION",
    "CARD_BAD_TARGET",
    "CARD_NOT_IN_HAND",
    "CODES",
    "CONFLICT_BAD_MARKER_SOURCE",
    "CONFLICT_NOT_A_RIVAL",
    "CTRL_BAD_SOURCE",
    "CTRL_CANNOT_AFFORD",
    "CTRL_ZONE_FULL",
    "EXCHANGE_NOT_ENOUGH",
    "EXCHANGE_REVERSAL",
    "FORTUNE_NONE_LEFT",
    "MARKET_EMPTY_STACK",
    "MARKET_NO_VALUE1_CARD",
    "MARKET_NO_VALUE1_CASH",
    "MARKET_ONCE_PER_OGS",
    "MARKET_OWN_CARD",
    "OGS_ONE_ACTION_PER_TURN",
    "OGS_TURN_NOT_STARTED",
    "OGS_TURN_STARTED",
    "PREP_HENCHMAN_JAILED",
    "PREP_HENCHMAN_PLACED",
    "PREP_SPACE_TAKEN",
    "PREP_SPACE_UNUSED",
]

BAIL_CANNOT_AFFORD: Final = "bail/cannot_afford"
BAIL_NOT_JAILED: Final = "bail/not_jailed"
CARD_BAD_OPTION: Final = "card/bad_option"
CARD_BAD_TARGET: Final = "card/bad_target"
CARD_NOT_IN_HAND: Final = "card/not_in_hand"
CONFLICT_BAD_MARKER_SOURCE: Final = "conflict/bad_marker_source"
CONFLICT_NOT_A_RIVAL: Final = "conflict/not_a_rival"
CTRL_BAD_SOURCE: Final = "ctrl/bad_source"
CTRL_CANNOT_AFFORD: Final = "ctrl/cannot_afford"
CTRL_ZONE_FULL: Final = "ctrl/zone_full"
EXCHANGE_NOT_ENOUGH: Final = "exchange/not_enough"
EXCHANGE_REVERSAL: Final = "exchange/reversal"
FORTUNE_NONE_LEFT: Final = "fortune/none_left"
MARKET_EMPTY_STACK: Final = "market/empty_stack"
MARKET_NO_VALUE1_CARD: Final = "market/no_value1_card"
MARKET_NO_VALUE1_CASH: Final = "market/no_value1_cash"
MARKET_ONCE_PER_OGS: Final = "market/once_per_ogs"
MARKET_OWN_CARD: Final = "market/own_card"
OGS_ONE_ACTION_PER_TURN: Final = "ogs/one_action_per_turn"
OGS_TURN_NOT_STARTED: Final = "ogs/turn_not_started"
OGS_TURN_STARTED: Final = "ogs/turn_started"
PREP_HENCHMAN_JAILED: Final = "prep/henchman_jailed"
PREP_HENCHMAN_PLACED: Final = "prep/henchman_placed"
PREP_SPACE_TAKEN: Final = "prep/space_taken"
PREP_SPACE_UNUSED: Final = "prep/space_unused"

CODES: dict[str, str] = {
    BAIL_CANNOT_AFFORD: "the seat has less cash than bail costs",
    BAIL_NOT_JAILED: "the seat's strength henchman is not in jail",
    CARD_BAD_OPTION: "the card's option is not one of those it offers",
    CARD_BAD_TARGET: "an Offence card names an opponent as its target",
    CARD_NOT_IN_HAND: "the seat holds no such conflict card",
    CONFLICT_BAD_MARKER_SOURCE: "the replacement marker comes from the supply while it has one, else from another zone",
    CONFLICT_NOT_A_RIVAL: "the seat has no control marker in this zone to defend with",
    CTRL_BAD_SOURCE: "a marker comes from the supply; only when it is empty from another zone",
    CTRL_CANNOT_AFFORD: "the seat has less cash than a control marker costs",
    CTRL_ZONE_FULL: "the zone has no free control-marker space",
    EXCHANGE_NOT_ENOUGH: "the seat lacks the cards the exchange needs (five value-1 up, one value-5 down)",
    EXCHANGE_REVERSAL: "undoing an exchange made the other way this turn changes nothing",
    FORTUNE_NONE_LEFT: "the seat has no fortune token to use",
    MARKET_EMPTY_STACK: "that market stack is empty",
    MARKET_NO_VALUE1_CARD: "selling or swapping takes a value-1 card of that material",
    MARKET_NO_VALUE1_CASH: "buying takes a value-1 cash card; value-5 cards may not be used",
    MARKET_ONCE_PER_OGS: "the seat already visited Covent Garden this open game state",
    MARKET_OWN_CARD: "taking back the card the seat put on that stack this visit changes nothing",
    OGS_ONE_ACTION_PER_TURN: "this turn is already spent on another action",
    OGS_TURN_NOT_STARTED: "nothing to finish: take an action or pass",
    OGS_TURN_STARTED: "the turn has begun: end it instead of passing",
    PREP_HENCHMAN_JAILED: "a jailed strength henchman cannot be placed",
    PREP_HENCHMAN_PLACED: "that henchman is already on the board",
    PREP_SPACE_TAKEN: "that space already holds a henchman",
    PREP_SPACE_UNUSED: "that space is unused at this player count",
}
"""Each ``domain/reason`` code of a :class:`~boardcore.Refusal` in this game, with its one-line meaning."""
