"""Bellwether, 1885: two barons struggle for a city's four Wards (rules: docs/games/bellwether.md)."""

from __future__ import annotations

from .actions import Action
from .events import Event
from .game import GAME
from .state import Options, State
from .view import View

__all__ = ["GAME", "Action", "Event", "Options", "State", "View"]
