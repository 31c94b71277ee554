"""Queries and small immutable updates shared by every phase (turn order, cards, Wards).

Nothing here decides anything; these are the words the phase modules speak.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from boardcore.seat_order import clockwise
from boardcore.tuples import put

from .catalog import ALL, BRAWL_BY_ID, DICE_BY_PLAYERS, FIRST, LANDMARK_BY_ID, LAST, TACTIC_BY_ID, WILD, is_brawl
from .state import NOBODY, Player, SelectionTurn, Slot, State, WardState

__all__ = [
    "add",
    "arrows",
    "bonus_earned",
    "brawl_icon",
    "deploys",
    "destinations",
    "empty_slot",
    "filled",
    "has_thugs",
    "in_ward",
    "is_brawl_slot",
    "is_landmark",
    "selection",
    "snake",
    "tactic_icon_counts",
    "thugs_on",
    "turn_order",
    "update_player",
]


def add(items: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``items`` with ``delta`` added at ``index`` (a count per seat, per resource)."""
    return (*items[:index], items[index] + delta, *items[index + 1 :])


# --- seats -------------------------------------------------------------------

_ORDERS = {n: tuple(clockwise(start, n) for start in range(n)) for n in DICE_BY_PLAYERS}
"""Turn order from each starting seat, per player count (built once: it is asked on every step)."""
_SNAKES = {n: tuple(order + order[::-1] for order in orders) for n, orders in _ORDERS.items()}


def turn_order(state: State) -> tuple[int, ...]:
    """Seats clockwise from the starting player (GAP-08)."""
    return _ORDERS[len(state.players)][state.start]


def snake(state: State) -> tuple[int, ...]:
    """The Phase 1 selection order: clockwise, then back (FW-P1-02)."""
    return _SNAKES[len(state.players)][state.start]


def update_player(state: State, seat: int, fn: Callable[[Player], Player]) -> tuple[Player, ...]:
    """The players tuple with ``seat`` replaced by ``fn(player)``."""
    return put(state.players, seat, fn(state.players[seat]))


# --- cards in the row --------------------------------------------------------


def empty_slot(card: str | None) -> Slot:
    """A freshly drawn card with no tokens on it."""
    if card is None:
        return Slot()
    size = 2 if is_brawl(card) else len(LANDMARK_BY_ID[card].spaces)
    return Slot(card=card, spaces=(NOBODY,) * size)


def is_landmark(slot: Slot) -> bool:
    """A beige Landmark is in this position."""
    return slot.card in LANDMARK_BY_ID


def is_brawl_slot(slot: Slot) -> bool:
    """A red Brawl is in this position."""
    return slot.card in BRAWL_BY_ID


def filled(slot: Slot) -> bool:
    """A Landmark whose every die space holds a Thug (FW-RALLY-10, GAP-09)."""
    return is_landmark(slot) and NOBODY not in slot.spaces


def thugs_on(slot: Slot, seat: int) -> int:
    """``seat``'s Thugs on the card, die spaces and bonus space."""
    return slot.spaces.count(seat) + (1 if slot.bonus == seat else 0)


def has_thugs(slot: Slot) -> bool:
    """Any Gang has a Thug on the card."""
    return any(s >= 0 for s in slot.spaces) or slot.bonus >= 0


def deploys(state: State, slot: Slot) -> bool:
    """Whether Phase 3 deploys this card (FW-DEPLOY-01, FW-FINAL-04, GAP-09)."""
    if slot.card is None:
        return False
    if is_brawl(slot.card):
        return has_thugs(slot)
    if state.final:
        return has_thugs(slot) or slot.bonus != NOBODY
    return filled(slot)


def brawl_icon(slot: Slot) -> int:
    """The Brawl icon of the Brawl in ``slot`` (FW-BRAWL-02)."""
    assert slot.card is not None
    return BRAWL_BY_ID[slot.card].icon


def _reach(card: str, position: int) -> tuple[int, ...]:
    if is_brawl(card):
        return (0, 1, 2, 3, 4)
    return tuple(sorted({(position + a) % 5 for a in LANDMARK_BY_ID[card].arrows}))


_REACH = {(card, position): _reach(card, position) for card in (*LANDMARK_BY_ID, *BRAWL_BY_ID) for position in range(5)}
"""Every card's reach from every position, worked out once."""
_REACH_PAST = {(card, position, inspector): tuple(w for w in reach if w != inspector) for (card, position), reach in _REACH.items() for inspector in range(5)}
"""The same without the Inspector's Ward, for each Ward he may be in."""


def arrows(slot: Slot, position: int) -> tuple[int, ...]:
    """Wards the card's arrows reach from ``position``, wrapping 1<->5 (FW-MAP-02..05, FW-MAP-08)."""
    assert slot.card is not None
    return _REACH[slot.card, position]


def destinations(state: State, position: int, seat: int) -> tuple[int, ...]:
    """Wards ``seat`` may deploy to from the card: its arrows, less the Inspector's Ward unless bribed."""
    card = state.row[position].card
    assert card is not None
    if state.players[seat].bribed:
        return _REACH[card, position]
    return _REACH_PAST[card, position, state.inspector]


# --- Wards -------------------------------------------------------------------


def in_ward(ward: WardState, seat: int) -> int:
    """All of ``seat``'s Thugs in the Ward, Boss space included (FW-BOSS-07)."""
    return ward.old[seat] + ward.fresh[seat] + (ward.boss_height if ward.boss == seat else 0)


def tactic_icon_counts(cards: Iterable[str], icon: int) -> int:
    """How many of ``cards`` show ``icon`` or the wild Champion icon (FW-BRAWL-03, FW-BRAWL-13)."""
    return sum(1 for c in cards if TACTIC_BY_ID[c].icon in (icon, WILD))


def bonus_earned(slot_before: Slot, slot_after: Slot, seat: int) -> bool:
    """FIRST / LAST / ALL after one placement on a Landmark, if its bonus space is free (FW-RALLY-02..05)."""
    if slot_after.bonus != NOBODY:
        return False
    assert slot_after.card is not None
    kind = LANDMARK_BY_ID[slot_after.card].bonus
    if kind == FIRST:
        return not slot_before.touched
    if kind == LAST:
        return NOBODY not in slot_after.spaces
    assert kind == ALL
    return all(s == seat for s in slot_after.spaces)


def selection(state: State) -> SelectionTurn:
    """The selection turn in progress (Phase 1 asks for a decision only during one)."""
    turn = state.turn
    assert turn is not None, "no selection turn in progress"
    return turn
