"""5 Wards (2-5 players) on the boardcore turn kernel.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/five_wards.md``. Layout: ``catalog`` (every card and tile),
``state``, ``actions``, ``events``, ``start`` (setup, options), ``phases/rally``
(Phase 1), ``phases/brawl`` (Phase 2), ``phases/deploy`` (Phase 3), ``phases/reset``
(Phase 4 and the final round), ``scoring``, ``view`` (all hidden information),
``text`` (event lines, action labels, the summary), ``bots`` (the house bot),
``game`` (the Game record, who decides, the automatic steps: the rules only), ``presentation``
(the text and picture, registered apart), ``strategy`` (the house bot, estimate and figures, registered apart);
shared table helpers in ``board`` and Tactics draws in ``draws``.
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .start import Options
from .state import State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
