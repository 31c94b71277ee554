"""The Warriors: Come Out to Play (cooperative, 2-4 players) on the boardcore contract.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/the_warriors.md``. Layout (STYLE rule 3): ``catalog`` (every card,
tile and the board), ``state``, ``actions``, ``events``, ``start`` (setup), ``phases/fight``
(Fight Phase), ``phases/turn`` (one fight turn: cards, Weapons, dice), ``phases/city`` (City
Phase), ``phases/boppers``, ``phases/challenge``, ``phases/showdown`` and ``scoring`` (End of
Game), ``view`` (all hidden information), ``text`` (describe, summarize), ``bots`` (the house
bot), ``game`` (the Game record, dispatch and ``evolve``); the event builder in ``flow``.
"""

from __future__ import annotations

from .actions import Action
from .bots import HouseBot
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "HouseBot", "Options", "State", "View"]
