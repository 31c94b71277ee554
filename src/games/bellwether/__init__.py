"""Bellwether, 1885 (2 players): two barons struggle for a city's four Wards, on the boardcore contract.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/bellwether.md``. Layout (STYLE rule 3): ``catalog`` (every card),
``state``, ``actions``, ``events``, ``start`` (setup), ``phases/invest`` (Invest & Build),
``phases/labor``, ``phases/contest``, ``phases/recovery``, ``phases/unrest`` (Riots),
``phases/cleanup``, ``scoring``, ``view`` (all hidden information), ``text`` (describe,
summarize), ``bots`` (the house bot), ``game`` (the Game record and dispatch); the automatic
steps in ``flow``, board queries in ``board``, typed refusals in ``refusals``.
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
