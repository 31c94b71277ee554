"""The Warriors: Come Out to Play (cooperative, 2-4 players) on the boardcore contract.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/the_warriors.md``. Layout, bottom to top (a module imports only
those below it): ``catalog`` (every card, tile and the board), ``actions``, ``events``,
``state``, ``deciding`` (who decides now, read from the state), ``shared`` (what every phase
shares: moving cards and Weapons), ``phases/fight_turn`` (one fight turn: cards, Weapons, dice), ``phases/fight``
(Fight Phase), ``phases/city_turns`` (whose City turn), ``phases/challenge``,
``phases/boppers``, ``phases/showdown``, ``phases/city`` (City Phase), ``start`` (setup),
``scoring`` (End of Game), ``view`` (all hidden information), ``text`` (words for humans),
``bots`` (the house bot), ``game`` (the Flow and the Game record: the rules only), ``presentation`` (the text and
picture) and ``strategy`` (the house bot, estimate and figures), each registered apart.
"""

from __future__ import annotations

from .actions import Action
from .bots import HouseBot
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "HouseBot", "Options", "State", "View"]
