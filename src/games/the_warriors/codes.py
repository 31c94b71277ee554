"""Every code The Warriors's rules refuse an action with, and what it means (``Game.codes``; docs/codes.md lists them).

Each code is spelled once, as a constant here; the rules import it and never write the
literal (``tests/boardcore/test_codes.py`` checks).
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "CARD_NOT_IN_HAND",
    "CHALLENGE_CANNOT_RUN",
    "CITY_CARD_NOT_IN_DISCARD",
    "CITY_ILLEGAL_MOVE",
    "CITY_NO_SUCH_CARD",
    "CITY_WEAPON_NOT_HELD",
    "CODES",
    "FIGHT_ALREADY_HELD",
    "FIGHT_BAD_ABILITY_CHOICE",
    "FIGHT_CANNOT_BOOST",
    "FIGHT_CANNOT_COVER",
    "FIGHT_CANNOT_REROLL",
    "FIGHT_CARD_NOT_IN_HAND",
    "FIGHT_CARD_NOT_IN_PILE",
    "FIGHT_CARD_NOT_PLAYABLE",
    "FIGHT_NOTHING_TO_HOLD",
    "FIGHT_NOTHING_TO_REROLL",
    "FIGHT_NOT_IN_FIGHT",
    "FIGHT_NOT_ROLLED",
    "FIGHT_NO_ABILITY_CHOICE",
    "FIGHT_NO_BOOSTS",
    "FIGHT_NO_DICE",
    "FIGHT_NO_SUCH_DIE",
    "FIGHT_NO_SUCH_SPOT",
    "FIGHT_NO_WEAPON_ICON",
    "FIGHT_ONE_WEAPON",
    "FIGHT_SPOT_COVERED",
    "FIGHT_TWO_HANDS",
    "FIGHT_WEAPON_DOES_NOT_MATCH",
    "FIGHT_WEAPON_FACE_DOWN",
    "FIGHT_WEAPON_NOT_HELD",
]

CARD_NOT_IN_HAND: Final = "card/not_in_hand"
CHALLENGE_CANNOT_RUN: Final = "challenge/cannot_run"
CITY_CARD_NOT_IN_DISCARD: Final = "city/card_not_in_discard"
CITY_ILLEGAL_MOVE: Final = "city/illegal_move"
CITY_NO_SUCH_CARD: Final = "city/no_such_card"
CITY_WEAPON_NOT_HELD: Final = "city/weapon_not_held"
FIGHT_ALREADY_HELD: Final = "fight/already_held"
FIGHT_BAD_ABILITY_CHOICE: Final = "fight/bad_ability_choice"
FIGHT_CANNOT_BOOST: Final = "fight/cannot_boost"
FIGHT_CANNOT_COVER: Final = "fight/cannot_cover"
FIGHT_CANNOT_REROLL: Final = "fight/cannot_reroll"
FIGHT_CARD_NOT_IN_HAND: Final = "fight/card_not_in_hand"
FIGHT_CARD_NOT_IN_PILE: Final = "fight/card_not_in_pile"
FIGHT_CARD_NOT_PLAYABLE: Final = "fight/card_not_playable"
FIGHT_NO_ABILITY_CHOICE: Final = "fight/no_ability_choice"
FIGHT_NO_BOOSTS: Final = "fight/no_boosts"
FIGHT_NO_DICE: Final = "fight/no_dice"
FIGHT_NO_SUCH_DIE: Final = "fight/no_such_die"
FIGHT_NO_SUCH_SPOT: Final = "fight/no_such_spot"
FIGHT_NO_WEAPON_ICON: Final = "fight/no_weapon_icon"
FIGHT_NOT_IN_FIGHT: Final = "fight/not_in_fight"
FIGHT_NOT_ROLLED: Final = "fight/not_rolled"
FIGHT_NOTHING_TO_HOLD: Final = "fight/nothing_to_hold"
FIGHT_NOTHING_TO_REROLL: Final = "fight/nothing_to_reroll"
FIGHT_ONE_WEAPON: Final = "fight/one_weapon"
FIGHT_SPOT_COVERED: Final = "fight/spot_covered"
FIGHT_TWO_HANDS: Final = "fight/two_hands"
FIGHT_WEAPON_DOES_NOT_MATCH: Final = "fight/weapon_does_not_match"
FIGHT_WEAPON_FACE_DOWN: Final = "fight/weapon_face_down"
FIGHT_WEAPON_NOT_HELD: Final = "fight/weapon_not_held"

CODES: dict[str, str] = {
    CARD_NOT_IN_HAND: "a card to discard from the hand is not in it",
    CHALLENGE_CANNOT_RUN: "nobody may run from a Come Out to Play! challenge",
    CITY_CARD_NOT_IN_DISCARD: "a card to return from the discard pile is not in it",
    CITY_ILLEGAL_MOVE: "the gang cannot move to that space",
    CITY_NO_SUCH_CARD: "no card at that position of the row",
    CITY_WEAPON_NOT_HELD: "a Weapon to remove is not in front of the seat",
    FIGHT_ALREADY_HELD: "Hold the Line was already used for this knock-out",
    FIGHT_BAD_ABILITY_CHOICE: "the card's choice (target or pick) is not one it offers",
    FIGHT_CANNOT_BOOST: "the played card adds nothing to a die",
    FIGHT_CANNOT_COVER: "the spot cannot be covered that way (a Number spot takes dice at least its value, not a Weapon)",
    FIGHT_CANNOT_REROLL: "the played card re-rolls nothing",
    FIGHT_CARD_NOT_IN_HAND: "the War card is not in the seat's hand",
    FIGHT_CARD_NOT_IN_PILE: "the card to remove when knocked out is not in that pile",
    FIGHT_CARD_NOT_PLAYABLE: "the card would roll more dice than the turn allows",
    FIGHT_NO_ABILITY_CHOICE: "the card makes no choice when played (target=-1, pick=-1)",
    FIGHT_NO_BOOSTS: "against the Rogues nobody may add 1 to a die",
    FIGHT_NO_DICE: "no War card has been played this turn, so there is nothing to roll",
    FIGHT_NO_SUCH_DIE: "no die with that number",
    FIGHT_NO_SUCH_SPOT: "no spot with that number in this fight",
    FIGHT_NO_WEAPON_ICON: "the card shows no Weapon icon: it is played without a Weapon",
    FIGHT_NOT_IN_FIGHT: "the gang's rule hits a Warrior in the fight",
    FIGHT_NOT_ROLLED: "a Number spot is covered only after rolling",
    FIGHT_NOTHING_TO_HOLD: "Hold the Line changes nothing now",
    FIGHT_NOTHING_TO_REROLL: "Showboat finds no die showing 1 or 2",
    FIGHT_ONE_WEAPON: "against the Hi-Hats each Warrior uses only one Weapon in the fight",
    FIGHT_SPOT_COVERED: "that spot already holds a Defeat token",
    FIGHT_TWO_HANDS: "two Weapons have been used this turn, one per hand",
    FIGHT_WEAPON_DOES_NOT_MATCH: "the Weapon is not the one the card or spot shows (or a Molotov)",
    FIGHT_WEAPON_FACE_DOWN: "a face-down Weapon cannot be used again in this fight",
    FIGHT_WEAPON_NOT_HELD: "the Weapon card is not in front of the seat",
}
"""Each ``domain/reason`` code of a :class:`~boardcore.Refusal` in this game, with its one-line meaning."""
