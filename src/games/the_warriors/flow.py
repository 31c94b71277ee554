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
    GameEnded,
    WarCardTaken,
    WeaponTurnedUp,
    WeaponRemoved,
    WeaponTaken,
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
            from .fold import evolve

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

    def offer(self, kind: str, player: int, *, count: int = 0, can_run: bool = True) -> None:
        self.emit(ChoiceOffered(kind=kind, player=player, count=count, can_run=can_run))

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


_KINDS = ("play", "reroll", "boost", "ko", "move", "return", "war_row", "weapon_row", "weapon_limit", "challenge", "gang_target", "lookout", "fuzz")
_SHARED = {(kind, player): Pending(kind=kind, player=player) for kind in _KINDS for player in range(4)}
"""The usual decisions, built once, so that history steps share them instead of each holding a copy."""


def evolve_choice_offered(state: State, e: ChoiceOffered) -> State:
    pending = _SHARED.get((e.kind, e.player)) if (e.count, e.can_run) == (0, True) else None
    if pending is None:
        pending = Pending(kind=e.kind, player=e.player, count=e.count, can_run=e.can_run)
    return update(state, pending=pending)


def evolve_game_ended(state: State, e: GameEnded) -> State:
    return update(state, result=1 if e.won else -1, reason=e.reason, pending=None, city=None)


def evolve_cards_discarded(state: State, e: CardsDiscarded) -> State:
    hand = state.hands[e.player]
    for c in e.cards:
        hand = without(hand, c)
    return update(
        state,
        hands=put(state.hands, e.player, hand),
        discards=put(state.discards, e.player, (*state.discards[e.player], *e.cards)),
    )


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


def evolve_war_card_taken(state: State, e: WarCardTaken) -> State:
    row = state.war_row
    if e.refill >= 0:
        row, deck = put(row, e.index, e.refill), state.war_deck[1:]
    else:
        row, deck = (*row[: e.index], *row[e.index + 1 :]), state.war_deck
    return update(state, war_row=row, war_deck=deck, hands=put(state.hands, e.player, (*state.hands[e.player], e.card)))


def evolve_weapon_taken(state: State, e: WeaponTaken) -> State:
    row = state.weapon_row
    if e.refill >= 0:
        row, deck = put(row, e.index, e.refill), state.weapon_deck[1:]
    else:
        row, deck = (*row[: e.index], *row[e.index + 1 :]), state.weapon_deck
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
