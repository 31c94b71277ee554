"""The Warriors: Come Out to Play (cooperative, 2-4 players) on the boardcore contract.

Rulebook sections map to modules: Setup -> ``start``; Fight Phase -> ``phases/fight``
(one turn's cards, Weapons and dice -> ``phases/turn``); City Phase -> ``phases/city``;
Bopper cards -> ``phases/boppers``; Challenged to a Fight -> ``phases/challenge``; End of
Game -> ``phases/showdown`` and ``scoring``; all card/tile/board data -> ``catalog``; hidden
information -> ``view``; the house bot -> ``bots``.
"""

from __future__ import annotations

from .actions import Action
from .bots import HouseBot
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "HouseBot", "Options", "State", "View"]
