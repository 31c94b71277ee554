"""Every code Bellwether's rules refuse an action with, and what it means (``Game.codes``; docs/codes.md lists them).

Each code is spelled once, as a constant here; the rules import it and never write the
literal (``tests/boardcore/test_codes.py`` checks).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ALLOCATE_ALREADY_STAFFED",
    "ALLOCATE_MINIMUMS_FIRST",
    "ALLOCATE_NOT_A_FACTORY",
    "ALLOCATE_NOT_STAFFED",
    "ALLOCATE_NO_WORKERS",
    "ALLOCATE_OVERWORK_FULL",
    "CASH_INSUFFICIENT",
    "CODES",
    "EXCHANGE_NOTHING_TO_SELL",
    "GANGSTER_NOT_HELD",
    "JOB_BAD_TARGET",
    "JOB_LIMIT",
    "JOB_NO_STRIKER",
    "JOB_RIOTING",
    "JOB_TRACK_FULL",
    "LABOR_UNCLAIMED_WARD",
    "MARKET_EMPTY_DECK",
    "MARKET_EMPTY_SLOT",
    "NEUTRAL_NONE",
    "NEUTRAL_RIOTING",
    "PLACE_NEEDS_FACTORY",
    "PLACE_NOT_IN_HAND",
    "PLACE_NO_SPACE",
    "PLACE_ONE_PER_TURN",
    "PLACE_RIOTING",
    "PUSH_INSPECTOR_USED",
    "PUSH_NOT_A_STRIKE",
    "PUSH_NOT_RELIEF",
    "PUSH_NO_INSPECTOR",
    "PUSH_NO_SUCH_DIE",
    "PUSH_NO_UNION_HALL",
    "PUSH_RELIEF_PAID",
    "PUSH_REROLLED",
    "PUSH_STRIKE_LOCKED",
    "QUELL_NO_STRIKER",
    "RECOVERY_ATTEMPT_OVER",
    "RECOVERY_NO_ROLLS_LEFT",
    "RIOT_NOT_IN_WARD",
    "RIOT_NOT_YOURS",
    "UPGRADE_NOT_ON_BOARD",
    "UPGRADE_NOT_YOURS",
    "UPGRADE_ONCE",
]

ALLOCATE_ALREADY_STAFFED: Final = "allocate/already_staffed"
ALLOCATE_MINIMUMS_FIRST: Final = "allocate/minimums_first"
ALLOCATE_NO_WORKERS: Final = "allocate/no_workers"
ALLOCATE_NOT_A_FACTORY: Final = "allocate/not_a_factory"
ALLOCATE_NOT_STAFFED: Final = "allocate/not_staffed"
ALLOCATE_OVERWORK_FULL: Final = "allocate/overwork_full"
CASH_INSUFFICIENT: Final = "cash/insufficient"
EXCHANGE_NOTHING_TO_SELL: Final = "exchange/nothing_to_sell"
GANGSTER_NOT_HELD: Final = "gangster/not_held"
JOB_BAD_TARGET: Final = "job/bad_target"
JOB_LIMIT: Final = "job/limit"
JOB_NO_STRIKER: Final = "job/no_striker"
JOB_RIOTING: Final = "job/rioting"
JOB_TRACK_FULL: Final = "job/track_full"
LABOR_UNCLAIMED_WARD: Final = "labor/unclaimed_ward"
MARKET_EMPTY_DECK: Final = "market/empty_deck"
MARKET_EMPTY_SLOT: Final = "market/empty_slot"
NEUTRAL_NONE: Final = "neutral/none"
NEUTRAL_RIOTING: Final = "neutral/rioting"
PLACE_NEEDS_FACTORY: Final = "place/needs_factory"
PLACE_NO_SPACE: Final = "place/no_space"
PLACE_NOT_IN_HAND: Final = "place/not_in_hand"
PLACE_ONE_PER_TURN: Final = "place/one_per_turn"
PLACE_RIOTING: Final = "place/rioting"
PUSH_INSPECTOR_USED: Final = "push/inspector_used"
PUSH_NO_INSPECTOR: Final = "push/no_inspector"
PUSH_NO_SUCH_DIE: Final = "push/no_such_die"
PUSH_NO_UNION_HALL: Final = "push/no_union_hall"
PUSH_NOT_A_STRIKE: Final = "push/not_a_strike"
PUSH_NOT_RELIEF: Final = "push/not_relief"
PUSH_RELIEF_PAID: Final = "push/relief_paid"
PUSH_REROLLED: Final = "push/rerolled"
PUSH_STRIKE_LOCKED: Final = "push/strike_locked"
QUELL_NO_STRIKER: Final = "quell/no_striker"
RECOVERY_ATTEMPT_OVER: Final = "recovery/attempt_over"
RECOVERY_NO_ROLLS_LEFT: Final = "recovery/no_rolls_left"
RIOT_NOT_IN_WARD: Final = "riot/not_in_ward"
RIOT_NOT_YOURS: Final = "riot/not_yours"
UPGRADE_NOT_ON_BOARD: Final = "upgrade/not_on_board"
UPGRADE_NOT_YOURS: Final = "upgrade/not_yours"
UPGRADE_ONCE: Final = "upgrade/once"

CODES: dict[str, str] = {
    ALLOCATE_ALREADY_STAFFED: "that Factory is already staffed",
    ALLOCATE_MINIMUMS_FIRST: "every required Factory whose minimum fits must be staffed first",
    ALLOCATE_NO_WORKERS: "the Factory's minimum staffing needs more workers than are left",
    ALLOCATE_NOT_A_FACTORY: "that Building is not a player's Factory in this Ward",
    ALLOCATE_NOT_STAFFED: "only a staffed Factory can be overworked",
    ALLOCATE_OVERWORK_FULL: "that Factory's overwork slots are full",
    CASH_INSUFFICIENT: "the seat has less cash than this costs",
    EXCHANGE_NOTHING_TO_SELL: "the seat has none of that resource to sell",
    GANGSTER_NOT_HELD: "a committed Gangster must be one the seat holds, or none",
    JOB_BAD_TARGET: "the Gangster Job's target is not one it may take",
    JOB_LIMIT: "no more Gangster Jobs may affect that target this round",
    JOB_NO_STRIKER: "the Ward has no striker to move",
    JOB_RIOTING: "a Peacemaker's target Ward must not be in Riot",
    JOB_TRACK_FULL: "the Ward's strike track is full",
    LABOR_UNCLAIMED_WARD: "Labor starts in a claimed Ward",
    MARKET_EMPTY_DECK: "the Gangster deck is empty",
    MARKET_EMPTY_SLOT: "that Construction slot is empty (decks are never reshuffled)",
    NEUTRAL_NONE: "that Ward has no neutral Factory left",
    NEUTRAL_RIOTING: "a neutral Factory cannot be bought in a Ward in Riot",
    PLACE_NEEDS_FACTORY: "Tenements and Infrastructure need one of the seat's Factories in the Ward",
    PLACE_NO_SPACE: "the Ward has no empty space of the Building's type",
    PLACE_NOT_IN_HAND: "only a Building card from the hand can be placed",
    PLACE_ONE_PER_TURN: "only one Building may be placed per turn",
    PLACE_RIOTING: "Buildings cannot be placed in a Ward in Riot",
    PUSH_INSPECTOR_USED: "the Factory Inspector cancels one Strike per Labor",
    PUSH_NO_INSPECTOR: "only the Factory Inspector's holder may cancel a Strike",
    PUSH_NO_SUCH_DIE: "this Push has no die with that number",
    PUSH_NO_UNION_HALL: "only a Union Hall in the Ward allows a re-roll",
    PUSH_NOT_A_STRIKE: "that die does not show a Strike",
    PUSH_NOT_RELIEF: "that die does not show Relief",
    PUSH_RELIEF_PAID: "a Relief already paid for stays as it is",
    PUSH_REROLLED: "the Union Hall re-rolls once per Labor",
    PUSH_STRIKE_LOCKED: "a die showing Strike is locked and cannot be re-rolled",
    QUELL_NO_STRIKER: "the Ward has no striker to quell",
    RECOVERY_ATTEMPT_OVER: "this recovery attempt has ended",
    RECOVERY_NO_ROLLS_LEFT: "the controller has rolled as many times as allowed",
    RIOT_NOT_IN_WARD: "that Building is not in the Ward in Riot",
    RIOT_NOT_YOURS: "the Riot takes one of the seat's own Factories or Tenements, or Infrastructure, never a rival's or a neutral Building",
    UPGRADE_NOT_ON_BOARD: "no Building with that number is on the board",
    UPGRADE_NOT_YOURS: "only the seat's own Factories and Tenements can be upgraded",
    UPGRADE_ONCE: "a Building may be upgraded only once",
}
"""Each ``domain/reason`` code of a :class:`~boardcore.Refusal` in this game, with its one-line meaning."""
