"""What every phase shares, one floor below them: the end of the night, and the folds of events
that move War cards and Weapons between hands, discard piles, the face-up rows and the box (WR-CARD-04, WR-ACT-01..03, WR-WPN-05, GAP-20)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore import Turn
from boardcore.tuples import put, without

from .events import (
    CardRemoved,
    CardReturned,
    CardsDiscarded,
    Event,
    GameEnded,
    WarCardTaken,
    WeaponRemoved,
    WeaponTaken,
    WeaponTurnedUp,
)
from .state import State, with_table

Night = Turn[State, Event]
"""The kernel's context of one action: its events so far and the table they fold into."""


def face_up_weapons(state: State, seat: int) -> tuple[int, ...]:
    """The seat's Weapons that may still be used in this fight (WR-WPN-03). With none face down (most fight
    turns) the seat's own record is the answer, not a copy: the play list's ``usable_weapons`` 0.37 -> 0.2 us."""
    spent = state.spent
    weapons = state.weapons[seat]
    return tuple(w for w in weapons if w not in spent) if spent else weapons


def face_down_weapons(state: State, seat: int) -> tuple[int, ...]:
    """The seat's Weapons used in this fight, face down until it ends or a card turns one up (WR-WPN-03)."""
    spent = state.spent
    return tuple(w for w in state.weapons[seat] if w in spent)


def war_row_positions(state: State) -> range:
    """The positions of the face-up War row, which shrinks once the War deck is empty (WR-ACT-02, GAP-20)."""
    return range(len(state.table.war_row))


def to_discard(state: State, seat: int, cards: tuple[int, ...]) -> State:
    """``cards`` go from ``seat``'s hand to their discard pile (WR-CARD-04)."""
    hand = without(state.hands[seat], *cards)
    return replace(state, hands=put(state.hands, seat, hand), discards=put(state.discards, seat, (*state.discards[seat], *cards)))


def take_from_row(row: tuple[int, ...], deck: tuple[int, ...], index: int, refill: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The face-up row and its deck after taking ``row[index]``: the deck's top card
    (``refill``) replaces it, or the row shrinks when the deck is empty (GAP-20)."""
    if refill >= 0:
        return put(row, index, refill), deck[1:]
    return (*row[:index], *row[index + 1 :]), deck


# --- folds of shared events ------------------------------------------------------------


def evolve_game_ended(state: State, e: GameEnded) -> State:
    return replace(state, city=None, table=replace(state.table, result=1 if e.won else -1, reason=e.reason))


def evolve_cards_discarded(state: State, e: CardsDiscarded) -> State:
    """Counted towards a two-card discard of the player's choice (``deciding.owed``)."""
    stage = state.stage
    return replace(to_discard(state, e.player, e.cards), stage=replace(stage, discarded=stage.discarded + len(e.cards)))


def evolve_card_returned(state: State, e: CardReturned) -> State:
    return replace(
        state,
        hands=put(state.hands, e.player, (*state.hands[e.player], e.card)),
        discards=put(state.discards, e.player, without(state.discards[e.player], e.card)),
    )


def evolve_card_removed(state: State, e: CardRemoved) -> State:
    if e.pile == "hand":
        return replace(state, hands=put(state.hands, e.player, without(state.hands[e.player], e.card)), war_removed=(*state.war_removed, e.card))
    return replace(state, discards=put(state.discards, e.player, without(state.discards[e.player], e.card)), war_removed=(*state.war_removed, e.card))


def evolve_war_card_taken(state: State, e: WarCardTaken) -> State:
    row, deck = take_from_row(state.table.war_row, state.table.war_deck, e.index, e.refill)
    return replace(state, hands=put(state.hands, e.player, (*state.hands[e.player], e.card)), table=replace(state.table, war_row=row, war_deck=deck))


def evolve_weapon_taken(state: State, e: WeaponTaken) -> State:
    row, deck = take_from_row(state.table.weapon_row, state.table.weapon_deck, e.index, e.refill)
    weapons = put(state.weapons, e.player, (*state.weapons[e.player], e.weapon))
    return replace(state, weapons=weapons, table=replace(state.table, weapon_row=row, weapon_deck=deck))


def evolve_weapon_removed(state: State, e: WeaponRemoved) -> State:
    spent = without(state.spent, e.weapon) if e.weapon in state.spent else state.spent
    state = replace(state, weapons=put(state.weapons, e.player, without(state.weapons[e.player], e.weapon)), spent=spent)
    return with_table(state, weapons_removed=(*state.table.weapons_removed, e.weapon))


def evolve_weapon_turned_up(state: State, e: WeaponTurnedUp) -> State:
    return replace(state, spent=without(state.spent, e.weapon))


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    GameEnded: evolve_game_ended,
    CardsDiscarded: evolve_cards_discarded,
    CardReturned: evolve_card_returned,
    CardRemoved: evolve_card_removed,
    WarCardTaken: evolve_war_card_taken,
    WeaponTaken: evolve_weapon_taken,
    WeaponRemoved: evolve_weapon_removed,
    WeaponTurnedUp: evolve_weapon_turned_up,
}
