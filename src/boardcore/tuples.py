"""Updates of the tuples immutable states are made of (a seat's hand, a row of cards): each returns a new tuple."""

from __future__ import annotations

from typing import TypeVar

__all__ = ["put", "without"]

T = TypeVar("T")


def put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``value`` (per-seat tuples: ``put(state.hands, seat, hand)``)."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[T, ...], *values: T) -> tuple[T, ...]:
    """``items`` less one occurrence of each of ``values`` (the first, in order).

    Raises:
        ValueError: a value is not there to remove (a broken invariant: rules only remove what is held).
    """
    out = list(items)
    for value in values:
        out.remove(value)
    return tuple(out)
