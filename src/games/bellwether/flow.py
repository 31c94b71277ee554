"""The automatic steps between decisions: Revolution checks, Riot consequences, Labor and Cleanup.

``run`` advances the state after every action until a player must decide again.
Each step emits events through an :class:`Out`, which folds them as it goes, so the
next step reads the state those events produced.
"""

from __future__ import annotations

from typing import Any, Callable

from boardcore import advance

from .board import revolution_now
from .catalog import DIE_FACES
from .state import LABOR, OVER, State


class Out:
    """Events produced so far by one ``decide`` and the state they fold into."""

    def __init__(self, state: State, evolve: Callable[[State, Any], State]) -> None:
        self.state = state
        self.events: list[Any] = []
        self._evolve = evolve

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.state = self._evolve(self.state, event)

    def roll(self, count: int, make_event: Callable[[tuple[int, ...]], Any]) -> tuple[int, ...]:
        """Roll ``count`` Labor dice (face codes, GAP-05), emit ``make_event(faces)`` and record the draw."""
        if count == 0:
            self.emit(make_event(()))
            return ()
        rolls, rng = self.state.rng.dice(count, 6)
        faces = tuple(DIE_FACES[r - 1] for r in rolls)
        self.emit(make_event(faces))
        self.emit(advance(rng))
        return faces


def run(out: Out) -> None:
    """Advance until a player must choose, or the game is over."""
    from .phases import cleanup, labor, unrest

    while True:
        state = out.state
        if state.phase == OVER:
            return
        if revolution_now(state):
            unrest.revolution(out)
            return
        if state.police_target >= 0:
            return
        if state.riots:
            if not unrest.step(out):
                return
            continue
        if state.phase != LABOR:
            return
        if labor.finished(state):
            cleanup.run(out)
            continue
        if not labor.step(out):
            return
