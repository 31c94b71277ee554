"""Resigning: an engine-level action any seat may take while a game is on, and which ends it.

No game has to write rules for leaving: ``Match.apply(seat, RESIGN)`` (or the action object
``{"type": "boardcore.Resign"}``) is a step like any other, logged as an action record, chained and
digested (it produces no events and leaves the game's state as it was), so ``boardcore verify`` and the
JavaScript verifier check it like every step. The game is then over: the resigning seat is ranked last
and every other seat shares the win. Nothing may follow a resignation, and it cannot be taken back.
No game's action is named ``boardcore.Resign`` (a game's action tags are class names, without a dot), so
logs written before it never contain it and read as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from boardcore.outcome import Outcome

__all__ = ["RESIGN", "RESIGN_OBJECT", "Resign", "is_resign", "resignation"]


class Resign(msgspec.Struct, frozen=True, tag="boardcore.Resign", forbid_unknown_fields=True):
    """The acting seat gives up: the game ends, every other seat wins."""


RESIGN = Resign()
RESIGN_OBJECT: dict[str, Any] = {"type": "boardcore.Resign"}
"""How a resignation reads in a log record's ``action``."""


def is_resign(action: object) -> bool:
    """``action`` is a resignation, as a Struct or as its exact action object.

    A Struct (every game's action) is no ``Mapping``: it is answered without the ABC check, which cost ~1 us an
    ``apply`` inside an RL environment's loop (0.2 us alone), where every step asks it.
    """
    if isinstance(action, msgspec.Struct):
        return isinstance(action, Resign)
    return isinstance(action, Mapping) and dict(action) == RESIGN_OBJECT


def resignation(players: Sequence[str], seat: int) -> Outcome:
    """The outcome when ``seat`` resigns: the others share the win, the resigning seat ranks last."""
    others = tuple(s for s in range(len(players)) if s != seat)
    return Outcome(winners=others, ranking=(others, (seat,)) if others else ((seat,),), reason=f"{players[seat]} resigned")
