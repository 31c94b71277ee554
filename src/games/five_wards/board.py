"""Queries and small immutable updates shared by every phase (turn order, cards, Wards).

Nothing here decides anything; these are the words the phase modules speak.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from boardcore import IllegalAction

from .catalog import BRAWL_BY_ID, LANDMARK_BY_ID, TACTIC_BY_ID, WILD, is_brawl
from .state import NOBODY, Player, Slot, State, WardState

T = TypeVar("T")


def put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced."""
    return (*items[:index], value, *items[index + 1 :])


def add(items: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    """``items`` with ``delta`` added at ``index``."""
    return (*items[:index], items[index] + delta, *items[index + 1 :])


def without(items: tuple[T, ...], remove: Iterable[T]) -> tuple[T, ...]:
    """``items`` with one occurrence of each of ``remove`` taken out."""
    out = list(items)
    for item in remove:
        out.remove(item)
    return tuple(out)


def refuse(msg: str, code: str, player: int, action: Any, clause: str) -> IllegalAction:
    """An :class:`IllegalAction` to raise (``raise refuse(...)``).

    The message names the refused action and the rule (``"Rally refused: ... (FW-RALLY-01)"``);
    callers word ``msg`` from the acting player's own knowledge only, never hidden state.
    """
    text = f"{type(action).__name__} refused for player {player}: {msg} ({clause})"
    return IllegalAction(text, code=code, player=player, action=action, clause=clause)


# --- seats -------------------------------------------------------------------


def turn_order(state: State) -> tuple[int, ...]:
    """Seats clockwise from the starting player (GAP-08)."""
    n = len(state.players)
    return tuple((state.start + i) % n for i in range(n))


def snake(state: State) -> tuple[int, ...]:
    """The Phase 1 selection order: clockwise, then back (FW-P1-02)."""
    order = turn_order(state)
    return order + order[::-1]


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
    return slot.card is not None and not is_brawl(slot.card)


def is_brawl_slot(slot: Slot) -> bool:
    """A red Brawl is in this position."""
    return slot.card is not None and is_brawl(slot.card)


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


def space_icon(slot: Slot, space: int) -> int:
    """The die icon of one die space of the Landmark in ``slot``."""
    assert slot.card is not None
    return LANDMARK_BY_ID[slot.card].spaces[space]


def brawl_icon(slot: Slot) -> int:
    """The Brawl icon of the Brawl in ``slot`` (FW-BRAWL-02)."""
    assert slot.card is not None
    return BRAWL_BY_ID[slot.card].icon


def arrows(slot: Slot, position: int) -> tuple[int, ...]:
    """Wards the card's arrows reach from ``position``, wrapping 1<->5 (FW-MAP-02..05, FW-MAP-08)."""
    assert slot.card is not None
    if is_brawl(slot.card):
        return (0, 1, 2, 3, 4)
    return tuple(sorted({(position + a) % 5 for a in LANDMARK_BY_ID[slot.card].arrows}))


def destinations(state: State, position: int, seat: int) -> tuple[int, ...]:
    """Wards ``seat`` may deploy to from the card: its arrows, less the Inspector's Ward unless bribed."""
    reach = arrows(state.row[position], position)
    if state.players[seat].bribed:
        return reach
    return tuple(w for w in reach if w != state.inspector)


# --- Wards -------------------------------------------------------------------


def in_ward(ward: WardState, seat: int) -> int:
    """All of ``seat``'s Thugs in the Ward, Boss space included (FW-BOSS-07)."""
    return ward.old[seat] + ward.fresh[seat] + (ward.boss_height if ward.boss == seat else 0)


def tactic_icon_counts(cards: Iterable[str], icon: int) -> int:
    """How many of ``cards`` show ``icon`` or the wild Champion icon (FW-BRAWL-03, FW-BRAWL-13)."""
    return sum(1 for c in cards if TACTIC_BY_ID[c].icon in (icon, WILD))
