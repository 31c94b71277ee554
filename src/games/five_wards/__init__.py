"""5 Wards on the boardcore contract.

Package layout (one module per rulebook section): ``catalog`` (every card and
tile), ``state``, ``actions``, ``events``, ``start`` (setup, options),
``phases/rally`` (Phase 1), ``phases/brawl`` (Phase 2), ``phases/deploy``
(Phase 3), ``phases/reset`` (Phase 4 and the final round), ``scoring``,
``view`` (all hidden information), ``text`` (describe, summarize), ``game``
(the Game record and dispatch). Rules and decisions: ``docs/games/five_wards.md``.
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .start import Options
from .state import State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
