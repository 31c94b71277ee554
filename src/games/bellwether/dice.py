"""The Labor die (GAP-05): rolled from the turn's rules RNG, its faces recorded in an event."""

from __future__ import annotations

from collections.abc import Callable

from boardcore import Turn

from .catalog import DIE_FACES
from .events import Event
from .state import State


def roll(turn: Turn[State, Event], count: int, make_event: Callable[[tuple[int, ...]], Event]) -> tuple[int, ...]:
    """Roll ``count`` Labor dice (face codes), emit ``make_event(faces)`` and record the draw right after it.

    With no dice to roll the event still says so (``faces=()``) and nothing is drawn.
    """
    if count == 0:
        turn.emit(make_event(()))
        return ()
    faces = tuple(DIE_FACES[r - 1] for r in turn.dice(count, 6))
    turn.emit(make_event(faces))
    turn.record_draws()
    return faces
