"""Every code The Warriors's rules refuse an action with, and what it means (``Game.codes``; docs/codes.md lists them)."""

from __future__ import annotations

__all__ = ["CODES"]

CODES: dict[str, str] = {
    "card/not_in_hand": "a card to discard from the hand is not in it",
    "challenge/cannot_run": "nobody may run from a Come Out to Play! challenge",
    "city/card_not_in_discard": "a card to return from the discard pile is not in it",
    "city/illegal_move": "the gang cannot move to that space",
    "city/no_such_card": "no card at that position of the row",
    "city/weapon_not_held": "a Weapon to remove is not in front of the seat",
    "fight/already_held": "Hold the Line was already used for this knock-out",
    "fight/bad_ability_choice": "the card's choice (target or pick) is not one it offers",
    "fight/cannot_boost": "the played card adds nothing to a die",
    "fight/cannot_cover": "the spot cannot be covered that way (a Number spot takes dice at least its value, not a Weapon)",
    "fight/cannot_reroll": "the played card re-rolls nothing",
    "fight/card_not_in_hand": "the War card is not in the seat's hand",
    "fight/card_not_in_pile": "the card to remove when knocked out is not in that pile",
    "fight/card_not_playable": "the card would roll more dice than the turn allows",
    "fight/no_ability_choice": "the card makes no choice when played (target=-1, pick=-1)",
    "fight/no_boosts": "against the Rogues nobody may add 1 to a die",
    "fight/no_dice": "no War card has been played this turn, so there is nothing to roll",
    "fight/no_such_die": "no die with that number",
    "fight/no_such_spot": "no spot with that number in this fight",
    "fight/no_weapon_icon": "the card shows no Weapon icon: it is played without a Weapon",
    "fight/not_in_fight": "the gang's rule hits a Warrior in the fight",
    "fight/not_rolled": "a Number spot is covered only after rolling",
    "fight/nothing_to_hold": "Hold the Line changes nothing now",
    "fight/nothing_to_reroll": "Showboat finds no die showing 1 or 2",
    "fight/one_weapon": "against the Hi-Hats each Warrior uses only one Weapon in the fight",
    "fight/spot_covered": "that spot already holds a Defeat token",
    "fight/two_hands": "two Weapons have been used this turn, one per hand",
    "fight/weapon_does_not_match": "the Weapon is not the one the card or spot shows (or a Molotov)",
    "fight/weapon_face_down": "a face-down Weapon cannot be used again in this fight",
    "fight/weapon_not_held": "the Weapon card is not in front of the seat",
}
"""Each ``domain/reason`` code of a :class:`~boardcore.Refusal` in this game, with its one-line meaning."""
