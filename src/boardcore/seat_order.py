"""Turn order around the table: seats are ``0..players-1``, and "clockwise" means increasing seat numbers."""

from __future__ import annotations

__all__ = ["clockwise", "next_seat"]


def clockwise(start: int, players: int) -> tuple[int, ...]:
    """Every seat once, from ``start`` on, clockwise: ``clockwise(2, 4) == (2, 3, 0, 1)``."""
    return tuple((start + step) % players for step in range(players))


def next_seat(seat: int, players: int) -> int:
    """The seat to the left of ``seat`` (the next one clockwise)."""
    return (seat + 1) % players
