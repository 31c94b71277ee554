"""Peaky Blinders: Under New Management, on the boardcore contract (2-4 players).

Rules in our own words and the module map: ``docs/games/peaky_blinders.md``.
"""

from __future__ import annotations

from games.peaky_blinders.actions import Action
from games.peaky_blinders.events import Event
from games.peaky_blinders.game import GAME
from games.peaky_blinders.state import PeakyOptions, State
from games.peaky_blinders.view import View

__all__ = ["GAME", "Action", "Event", "PeakyOptions", "State", "View"]
