"""A rule's derived fact, computed once per state: the legal list and ``Game.act`` then share it.

A rule that derives something from the whole state (the lanes a Warrior may take) asks for it
through :func:`per_state`, so the legal list, every candidate it checks and then the check of
the chosen action derive it once. What every seat's view of one state shares goes through
:func:`last_state` (a table shows one state to every seat in turn). A fact asked of one state
for several keys (a world per deal, a hand card's placements) goes through :func:`per_state_and_key`.
States are immutable and the one held here cannot be freed, so its identity is a safe key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

__all__ = ["last_state", "per_state", "per_state_and_key"]

S = TypeVar("S")
T = TypeVar("T")
K = TypeVar("K")

_MISSING = object()


def per_state(derive: Callable[[S, int], T]) -> Callable[[S, int], T]:
    """``derive(state, seat)``, remembered for the last state and seat asked (one list swap, safe between threads)."""
    last: list[tuple[Any, int, Any]] = [(None, -1, None)]

    @wraps(derive)
    def remembered(state: S, seat: int) -> T:
        held = last[0]
        if held[0] is state and held[1] == seat:
            return held[2]  # type: ignore[no-any-return]
        value = derive(state, seat)
        last[0] = (state, seat, value)
        return value

    return remembered


def last_state(derive: Callable[[S], T]) -> Callable[[S], T]:
    """``derive(state)``, remembered for the last state asked: what every seat's view of one state shares (a server
    or a search shows one state to every seat in turn; one list swap, safe between threads)."""
    last: list[tuple[Any, Any]] = [(None, None)]

    @wraps(derive)
    def remembered(state: S) -> T:
        held = last[0]
        if held[0] is state:
            return held[1]  # type: ignore[no-any-return]
        value = derive(state)
        last[0] = (state, value)
        return value

    return remembered


def per_state_and_key(derive: Callable[[S, int, K], T]) -> Callable[[S, int, K], T]:
    """``derive(state, seat, key)``, remembered for every key asked of the last state and seat: a legal list or a
    search asks the same few keys of one state again and again (one list swap per state, a dict lookup per key)."""
    last: list[tuple[Any, int, dict[Any, Any]]] = [(None, -1, {})]

    @wraps(derive)
    def remembered(state: S, seat: int, key: K) -> T:
        held = last[0]
        if held[0] is not state or held[1] != seat:
            held = (state, seat, {})
            last[0] = held
        known = held[2]
        value = known.get(key, _MISSING)
        if value is _MISSING:
            value = known[key] = derive(state, seat, key)
        return value  # type: ignore[no-any-return]

    return remembered
