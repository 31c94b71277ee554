"""Every code 5 Wards's rules refuse an action with, and what it means (``Game.codes``; docs/codes.md lists them).

Each code is spelled once, as a constant here; the rules import it and never write the
literal (``tests/boardcore/test_codes.py`` checks).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BRAWL_BAD_CARDS",
    "CODES",
    "DEPLOY_BAD_COUNT",
    "DEPLOY_BAD_RECRUITS",
    "DEPLOY_INSPECTOR",
    "DEPLOY_NO_ARROW",
    "DEPLOY_THUGS_LEFT",
    "DRAFT_ALREADY_ACTED",
    "DRAFT_ALREADY_SELECTED",
    "DRAFT_NO_ACTION_YET",
    "DRAFT_NO_DIE",
    "DRAFT_NO_SUCH_DIE",
    "RALLY_EMPTY_BAG",
    "RALLY_ICON_MISMATCH",
    "RALLY_NOT_A_LANDMARK",
    "RALLY_NO_SECOND_THUG",
    "RALLY_SECOND_MISSING",
    "RALLY_SECOND_TAKEN",
    "RALLY_SPACE_TAKEN",
    "RESTOCK_BAD_OPTION",
    "RESTOCK_DISCARD_PENDING",
    "RESTOCK_NO_DISCARD_DUE",
    "SCHEME_ALREADY_BRIBED",
    "SCHEME_BAD_SOURCE",
    "SCHEME_BAD_WARDS",
    "SCHEME_BLAST_PENDING",
    "SCHEME_CANNOT_PAY",
    "SCHEME_NOT_AVAILABLE",
    "SCHEME_NOT_PRESENT",
    "SCHEME_NO_BLAST",
    "SCHEME_NO_COPPER",
    "SCHEME_NO_RIVALS",
    "SCHEME_NO_THUG",
    "TACTICS_ALREADY_USED",
    "TACTICS_BAD_FACE",
    "TACTICS_BAD_MOVE",
    "TACTICS_CARD_FILLED",
    "TACTICS_JUST_DRAWN",
    "TACTICS_NOT_IN_HAND",
    "TACTICS_NOT_YOUR_THUG",
    "TACTICS_NO_SHAKEDOWN",
    "TACTICS_NO_SUCH_DIE",
    "TACTICS_PICK_ORDER",
    "TACTICS_SAME_FACE",
    "TACTICS_SHAKEDOWN_PENDING",
    "TACTICS_SPACE_TAKEN",
    "TACTICS_TOO_EARLY",
    "TACTICS_TOO_LATE",
    "TACTICS_WRONG_CARD",
]

BRAWL_BAD_CARDS: Final = "brawl/bad_cards"
DEPLOY_BAD_COUNT: Final = "deploy/bad_count"
DEPLOY_BAD_RECRUITS: Final = "deploy/bad_recruits"
DEPLOY_INSPECTOR: Final = "deploy/inspector"
DEPLOY_NO_ARROW: Final = "deploy/no_arrow"
DEPLOY_THUGS_LEFT: Final = "deploy/thugs_left"
DRAFT_ALREADY_ACTED: Final = "draft/already_acted"
DRAFT_ALREADY_SELECTED: Final = "draft/already_selected"
DRAFT_NO_ACTION_YET: Final = "draft/no_action_yet"
DRAFT_NO_DIE: Final = "draft/no_die"
DRAFT_NO_SUCH_DIE: Final = "draft/no_such_die"
RALLY_EMPTY_BAG: Final = "rally/empty_bag"
RALLY_ICON_MISMATCH: Final = "rally/icon_mismatch"
RALLY_NO_SECOND_THUG: Final = "rally/no_second_thug"
RALLY_NOT_A_LANDMARK: Final = "rally/not_a_landmark"
RALLY_SECOND_MISSING: Final = "rally/second_missing"
RALLY_SECOND_TAKEN: Final = "rally/second_taken"
RALLY_SPACE_TAKEN: Final = "rally/space_taken"
RESTOCK_BAD_OPTION: Final = "restock/bad_option"
RESTOCK_DISCARD_PENDING: Final = "restock/discard_pending"
RESTOCK_NO_DISCARD_DUE: Final = "restock/no_discard_due"
SCHEME_ALREADY_BRIBED: Final = "scheme/already_bribed"
SCHEME_BAD_SOURCE: Final = "scheme/bad_source"
SCHEME_BAD_WARDS: Final = "scheme/bad_wards"
SCHEME_BLAST_PENDING: Final = "scheme/blast_pending"
SCHEME_CANNOT_PAY: Final = "scheme/cannot_pay"
SCHEME_NO_BLAST: Final = "scheme/no_blast"
SCHEME_NO_COPPER: Final = "scheme/no_copper"
SCHEME_NO_RIVALS: Final = "scheme/no_rivals"
SCHEME_NO_THUG: Final = "scheme/no_thug"
SCHEME_NOT_AVAILABLE: Final = "scheme/not_available"
SCHEME_NOT_PRESENT: Final = "scheme/not_present"
TACTICS_ALREADY_USED: Final = "tactics/already_used"
TACTICS_BAD_FACE: Final = "tactics/bad_face"
TACTICS_BAD_MOVE: Final = "tactics/bad_move"
TACTICS_CARD_FILLED: Final = "tactics/card_filled"
TACTICS_JUST_DRAWN: Final = "tactics/just_drawn"
TACTICS_NO_SHAKEDOWN: Final = "tactics/no_shakedown"
TACTICS_NO_SUCH_DIE: Final = "tactics/no_such_die"
TACTICS_NOT_IN_HAND: Final = "tactics/not_in_hand"
TACTICS_NOT_YOUR_THUG: Final = "tactics/not_your_thug"
TACTICS_PICK_ORDER: Final = "tactics/pick_order"
TACTICS_SAME_FACE: Final = "tactics/same_face"
TACTICS_SHAKEDOWN_PENDING: Final = "tactics/shakedown_pending"
TACTICS_SPACE_TAKEN: Final = "tactics/space_taken"
TACTICS_TOO_EARLY: Final = "tactics/too_early"
TACTICS_TOO_LATE: Final = "tactics/too_late"
TACTICS_WRONG_CARD: Final = "tactics/wrong_card"

CODES: dict[str, str] = {
    BRAWL_BAD_CARDS: "the committed cards are not distinct cards from the hand, listed in ascending order",
    DEPLOY_BAD_COUNT: "the number of Thugs deployed is not between 1 and those on the card",
    DEPLOY_BAD_RECRUITS: "each Recruiting trigger needs its own group of Thugs from the card, 1 resource and a Thug in the bag",
    DEPLOY_INSPECTOR: "the Inspector blocks that Ward unless he is Bribed",
    DEPLOY_NO_ARROW: "the card's arrows do not point to that Ward",
    DEPLOY_THUGS_LEFT: "the seat still has Thugs on the card to deploy",
    DRAFT_ALREADY_ACTED: "the seat already took its action this turn (only a Vagrant may still be used)",
    DRAFT_ALREADY_SELECTED: "the seat already selected a die this turn: it Rallies or Restocks now",
    DRAFT_NO_ACTION_YET: "the turn cannot end before a die is selected and a Rally or Restock taken",
    DRAFT_NO_DIE: "a Rally needs a selected die",
    DRAFT_NO_SUCH_DIE: "no die in the pool shows that face",
    RALLY_EMPTY_BAG: "a Rally needs a Thug in the bag (Restock instead)",
    RALLY_ICON_MISMATCH: "the die space's icon does not match the die",
    RALLY_NO_SECOND_THUG: "only Reinforcements places a second Thug",
    RALLY_NOT_A_LANDMARK: "Thugs rally only to Landmark cards in the row",
    RALLY_SECOND_MISSING: "Reinforcements must place its second Thug on an empty die space of the card",
    RALLY_SECOND_TAKEN: "the second Thug needs an empty die space on the same card",
    RALLY_SPACE_TAKEN: "that die space is not an empty space of the card",
    RESTOCK_BAD_OPTION: "a Restock is 2 Tactics cards, 2 resources, or 1 of each",
    RESTOCK_DISCARD_PENDING: "the seat must discard down to 4 Tactics cards first",
    RESTOCK_NO_DISCARD_DUE: "the seat is not over the hand limit, so it discards nothing",
    SCHEME_ALREADY_BRIBED: "the seat's Bribe already lasts for the rest of the round",
    SCHEME_BAD_SOURCE: "a Blast takes the rival's Thug from the Boss space, the current-round stack or its older Thugs there",
    SCHEME_BAD_WARDS: "Bolster moves a Thug from one Ward to a different Ward",
    SCHEME_BLAST_PENDING: "a Blast is resolving: choose where the rival's Thug comes from first",
    SCHEME_CANNOT_PAY: "the Scheme's resource is not in the seat's supply",
    SCHEME_NO_BLAST: "no Blast is resolving",
    SCHEME_NO_COPPER: "Bribe moves a Copper from a Ward that has one to another Ward",
    SCHEME_NO_RIVALS: "no rival has a Thug in that Ward to Blast",
    SCHEME_NO_THUG: "the seat has no Thug to move there off the Ward Boss space",
    SCHEME_NOT_AVAILABLE: "one Scheme per card deployed from, and only while a Thug from the card reaches the map",
    SCHEME_NOT_PRESENT: "a Blast targets only a Ward where the seat also has Thugs",
    TACTICS_ALREADY_USED: "only 1 Tactics card may be used per selection turn",
    TACTICS_BAD_FACE: "the die must turn to a different face (0-5)",
    TACTICS_BAD_MOVE: "Vagrant moves a Thug between two different Landmark cards",
    TACTICS_CARD_FILLED: "Vagrant cannot move a Thug off a filled card",
    TACTICS_JUST_DRAWN: "a card drawn this turn cannot be played this turn",
    TACTICS_NO_SHAKEDOWN: "no Shakedown is being chosen",
    TACTICS_NO_SUCH_DIE: "a swap takes a die a rival has already selected this round",
    TACTICS_NOT_IN_HAND: "that Tactics card is not in the seat's hand",
    TACTICS_NOT_YOUR_THUG: "Vagrant moves one of the seat's Thugs from a die space (bonus spaces never move)",
    TACTICS_PICK_ORDER: "the Shakedown dice are picked in ascending order of face",
    TACTICS_SAME_FACE: "swapping two dice showing the same face changes nothing",
    TACTICS_SHAKEDOWN_PENDING: "the Shakedown reroll must be chosen first",
    TACTICS_SPACE_TAKEN: "Vagrant needs an empty die space on the other card",
    TACTICS_TOO_EARLY: "Loaded Dice is used after selecting the die",
    TACTICS_TOO_LATE: "Shakedown is used before selecting the die",
    TACTICS_WRONG_CARD: "that Tactics card is not the one this action plays",
}
"""Each ``domain/reason`` code of a :class:`~boardcore.Refusal` in this game, with its one-line meaning."""
