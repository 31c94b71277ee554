"""Turn order around the table: clockwise is increasing seat numbers, wrapping after the last seat."""

from __future__ import annotations

import pytest

from boardcore.seat_order import clockwise, next_seat


@pytest.mark.parametrize(("start", "players", "order"), [(2, 4, (2, 3, 0, 1)), (0, 2, (0, 1)), (4, 5, (4, 0, 1, 2, 3)), (0, 1, (0,))])
def test_clockwise_visits_every_seat_once_from_the_start(start: int, players: int, order: tuple[int, ...]) -> None:
    """Every seat once, starting with ``start``, then the seat to its left, and so on."""
    assert clockwise(start, players) == order


def test_the_next_seat_after_the_last_is_the_first() -> None:
    """The seat to the left of the last seat is seat 0; ``next_seat`` agrees with ``clockwise``."""
    assert [next_seat(seat, 3) for seat in range(3)] == [1, 2, 0]
    assert all(clockwise(seat, 5)[1] == next_seat(seat, 5) for seat in range(5))
