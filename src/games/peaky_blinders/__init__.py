"""Peaky Blinders: Under New Management (2-4 players) on the boardcore turn kernel.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/peaky_blinders.md``. Layout: ``catalog`` (every space, mission
and card), ``state`` (frozen records), ``actions`` and ``events`` (the unions), ``start``
(setup), ``resources`` (a seat's money, counters and markers, and the dice and draws that change them, shared by every phase),
``phases/`` by rulebook section (``show_mission``, ``starter``, ``preparation``, ``action``,
``conflict``, ``open_state``, ``cards``, ``derby``, ``fortune``, ``suspicion``, and
``common`` for shared folds), ``scoring`` (missions, the win check, the result), ``view``
(all hidden information: views, who sees each event, determinize, secrets), ``text``
(words for humans), ``svg`` (a seat's view as a picture), ``bots`` (the house bot), ``estimate`` and
``search`` (what search bots judge and compare), ``game`` (the decisions, the automatic steps and the Game record: the
rules only), ``presentation`` (the text and picture, registered apart) and ``strategy`` (the house bot, estimate,
search pruning and figures, registered apart).
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
