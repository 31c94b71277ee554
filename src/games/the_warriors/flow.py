"""Shared plumbing: the event builder ``decide`` uses, tuple helpers, and the folds of
events that move cards and Weapons around (used by every phase)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from boardcore import Rng, advance

from .events import (
    CardRemoved,
    CardReturned,
    CardsDiscarded,
    ChoiceOffered,
    DecisionKind,
    GameEnded,
    WarCardTaken,
    WeaponRemoved,
    WeaponTaken,
    WeaponTurnedUp,
)
from .state import Pending, State, update

_EVOLVE: Any = None


class Tx:
    """Builds the events of one decision, folding each into a working state as it goes,
    so later steps see earlier ones. Draws come from ``rng``; ``finish`` adds the
    ``RngAdvanced`` event if anything was drawn."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Any] = []
        self.rng: Rng = state.rng

    def emit(self, *events: Any) -> None:
        global _EVOLVE
        if _EVOLVE is None:
            from .game import evolve

            _EVOLVE = evolve
        for event in events:
            self.events.append(event)
            self.state = _EVOLVE(self.state, event)

    def shuffle(self, items: Sequence[int]) -> tuple[int, ...]:
        out, self.rng = self.rng.shuffle(items)
        return out

    def below(self, n: int) -> int:
        value, self.rng = self.rng.below(n)
        return value

    def dice(self, k: int) -> tuple[int, ...]:
        out, self.rng = self.rng.dice(k, 6)
        return out

    def offer(self, kind: DecisionKind, player: int, *, count: int = 0, can_run: bool = True) -> None:
        usual = _OFFERS.get((kind, player)) if (count, can_run) == (0, True) else None
        self.emit(usual or ChoiceOffered(kind=kind, player=player, count=count, can_run=can_run))

    def finish(self) -> list[Any]:
        if self.rng != self.state.rng:
            self.emit(advance(self.rng))
        return self.events


def put(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``items`` with ``items[index]`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[int, ...], value: int) -> tuple[int, ...]:
    """``items`` less the first occurrence of ``value``."""
    i = items.index(value)
    return (*items[:i], *items[i + 1 :])


def clockwise_from(start: int, players: int) -> tuple[int, ...]:
    """Seats clockwise (increasing, wrapping: GAP-24) starting at ``start``."""
    return tuple((start + k) % players for k in range(players))


# --- folds of shared events ------------------------------------------------------------


_KINDS: tuple[DecisionKind, ...] = ("play", "reroll", "boost", "ko", "move", "return", "war_row", "weapon_row", "weapon_limit", "challenge", "gang_target", "lookout", "fuzz")
_SHARED = {(kind, player): Pending(kind=kind, player=player) for kind in _KINDS for player in range(4)}
_OFFERS = {(kind, player): ChoiceOffered(kind=kind, player=player) for kind in _KINDS for player in range(4)}
"""The usual decisions and their events, built once, so that history steps share them
instead of each holding a copy (memory per step)."""


def evolve_choice_offered(state: State, e: ChoiceOffered) -> State:
    pending = _SHARED.get((e.kind, e.player)) if (e.count, e.can_run) == (0, True) else None
    if pending is None:
        pending = Pending(kind=e.kind, player=e.player, count=e.count, can_run=e.can_run)
    return update(state, pending=pending)


def evolve_game_ended(state: State, e: GameEnded) -> State:
    return update(state, result=1 if e.won else -1, reason=e.reason, pending=None, city=None)


def to_discard(state: State, seat: int, cards: tuple[int, ...]) -> State:
    """``cards`` go from ``seat``'s hand to their discard pile (WR-CARD-04)."""
    hand = state.hands[seat]
    for c in cards:
        hand = without(hand, c)
    return update(state, hands=put(state.hands, seat, hand), discards=put(state.discards, seat, (*state.discards[seat], *cards)))


def evolve_cards_discarded(state: State, e: CardsDiscarded) -> State:
    return to_discard(state, e.player, e.cards)


def evolve_card_returned(state: State, e: CardReturned) -> State:
    return update(
        state,
        hands=put(state.hands, e.player, (*state.hands[e.player], e.card)),
        discards=put(state.discards, e.player, without(state.discards[e.player], e.card)),
    )


def evolve_card_removed(state: State, e: CardRemoved) -> State:
    if e.pile == "hand":
        state = update(state, hands=put(state.hands, e.player, without(state.hands[e.player], e.card)))
    else:
        state = update(state, discards=put(state.discards, e.player, without(state.discards[e.player], e.card)))
    return update(state, war_removed=(*state.war_removed, e.card))


def take_from_row(row: tuple[int, ...], deck: tuple[int, ...], index: int, refill: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The face-up row and its deck after taking ``row[index]``: the deck's top card
    (``refill``) replaces it, or the row shrinks when the deck is empty (GAP-20)."""
    if refill >= 0:
        return put(row, index, refill), deck[1:]
    return (*row[:index], *row[index + 1 :]), deck


def evolve_war_card_taken(state: State, e: WarCardTaken) -> State:
    row, deck = take_from_row(state.war_row, state.war_deck, e.index, e.refill)
    return update(state, war_row=row, war_deck=deck, hands=put(state.hands, e.player, (*state.hands[e.player], e.card)))


def evolve_weapon_taken(state: State, e: WeaponTaken) -> State:
    row, deck = take_from_row(state.weapon_row, state.weapon_deck, e.index, e.refill)
    return update(state, weapon_row=row, weapon_deck=deck, weapons=put(state.weapons, e.player, (*state.weapons[e.player], e.weapon)))


def evolve_weapon_removed(state: State, e: WeaponRemoved) -> State:
    spent = without(state.spent, e.weapon) if e.weapon in state.spent else state.spent
    return update(
        state,
        weapons=put(state.weapons, e.player, without(state.weapons[e.player], e.weapon)),
        weapons_removed=(*state.weapons_removed, e.weapon),
        spent=spent,
    )


def evolve_weapon_turned_up(state: State, e: WeaponTurnedUp) -> State:
    return update(state, spent=without(state.spent, e.weapon))


def face_up_weapons(state: State, seat: int) -> tuple[int, ...]:
    """The seat's Weapons that may still be used in this fight."""
    return tuple(w for w in state.weapons[seat] if w not in state.spent)
