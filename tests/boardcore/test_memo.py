"""``per_state``, ``last_state`` and ``per_state_and_key``: a derived fact is computed once for the state (and seat, and key) asked last, and again for any other."""

from __future__ import annotations

from boardcore.memo import last_state, per_state, per_state_and_key


class Table:
    """A stand-in for an immutable state (equal tables are still distinct objects)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Table)

    __hash__ = object.__hash__


def test_derived_once_per_state_and_seat() -> None:
    """Asking again about the same state object and seat reuses the answer; an equal but distinct state, or
    another seat, is derived afresh."""
    calls: list[tuple[Table, int]] = []

    @per_state
    def reach(state: Table, seat: int) -> tuple[int, ...]:
        """The seat's reach."""
        calls.append((state, seat))
        return (seat, len(calls))

    first, twin = Table(), Table()
    assert reach(first, 0) == (0, 1)
    assert reach(first, 0) == (0, 1)
    assert reach(first, 1) == (1, 2)
    assert reach(twin, 1) == (1, 3)
    assert reach(first, 1) == (1, 4)
    assert len(calls) == 4
    assert reach.__doc__ == "The seat's reach." and reach.__name__ == "reach"


def test_last_state_derives_once_per_state_whoever_asks() -> None:
    """What every seat's view of one state shares is derived once for that state object; an equal but distinct
    state, or going back to an earlier one, derives afresh."""
    calls: list[Table] = []

    @last_state
    def shared(state: Table) -> int:
        """What the views share."""
        calls.append(state)
        return len(calls)

    first, twin = Table(), Table()
    assert [shared(first), shared(first), shared(first)] == [1, 1, 1]
    assert shared(twin) == 2
    assert shared(first) == 3
    assert shared.__doc__ == "What the views share."


def test_per_state_and_key_derives_each_key_once_for_the_last_state_and_seat() -> None:
    """Every key asked of the last state and seat is derived once; another seat, or an equal but distinct state,
    starts afresh, and going back to an earlier one derives again."""
    calls: list[tuple[Table, int, str]] = []

    @per_state_and_key
    def places(state: Table, seat: int, card: str) -> int:
        """The card's places."""
        calls.append((state, seat, card))
        return len(calls)

    first, twin = Table(), Table()
    assert [places(first, 0, "a"), places(first, 0, "b"), places(first, 0, "a"), places(first, 0, "b")] == [1, 2, 1, 2]
    assert places(first, 1, "a") == 3
    assert places(twin, 1, "a") == 4
    assert places(first, 1, "a") == 5
    assert len(calls) == 5
    assert places.__doc__ == "The card's places." and places.__name__ == "places"
