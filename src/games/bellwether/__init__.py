"""Bellwether, 1885 (2 players): two barons struggle for a city's four Wards, on the boardcore contract.

Rules, decisions, and where each rule lives (rulebook section -> module -> main
functions): ``docs/games/bellwether.md``. One module per rulebook section: ``catalog`` (every
card), ``state``, ``actions``, ``events``, ``start`` (setup), ``phases/invest`` (Invest & Build),
``phases/jobs`` (Gangster Jobs), ``phases/labor``, ``phases/contest``, ``phases/allocate``, ``phases/push``, ``phases/recovery``,
``phases/unrest`` (Riots), ``phases/cleanup``, ``scoring``; below the phases, ``board`` (derived
board facts) and ``dice`` (the Labor die); ``view`` (all hidden information), ``text``
(event lines, labels, the chronicle), ``svg`` (the picture), ``bots`` (the house bot),
``game`` (who decides what now, the automatic steps, the Game record: the rules only), ``presentation`` (the text and
picture, registered apart) and ``strategy`` (the house bot, estimate and figures, registered apart).
"""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
