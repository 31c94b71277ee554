"""Peaky Blinders: Under New Management (2-4 players) on the boardcore contract.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/peaky_blinders.md``. Layout (STYLE rule 3): ``catalog`` (every
space, mission and card), ``state``, ``actions``, ``events``, ``start`` (setup),
``phases/show_mission`` (the face-up mission pick), ``phases/starter``, ``phases/preparation``,
``phases/action``, ``phases/conflict``, ``phases/open_state``, ``phases/cards``,
``phases/derby``, ``phases/fortune``, ``phases/suspicion`` (and jail), ``phases/common``
(shared folds), ``scoring`` (missions, the win), ``view`` (all hidden information), ``text``
(describe, summarize), ``bots`` (the house bot), ``game`` (the Game record, dispatch, the
automatic steps); the decision context in ``flow``.
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
