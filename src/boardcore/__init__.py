"""boardcore: an event-sourced rules engine for board games.

Games are pure reducers over immutable state (:class:`Game`); :class:`Match`
holds a game in progress with undo and per-player views; logs replay and verify
bit for bit. See ``docs/architecture.md``.
"""

from __future__ import annotations

from boardcore.commit import Sealed, SealedView, decide_commit
from boardcore.errors import BoardcoreError, IllegalAction, LogError, RulesVersionMismatch, UndoRefused
from boardcore.game import Config, Game, RngAdvanced, advance, make_evolve
from boardcore.match import Match
from boardcore.options import NoOptions
from boardcore.outcome import Outcome
from boardcore.rng import Rng
from boardcore.visibility import NOBODY, PUBLIC, REVEAL, Visibility, only, owner

__version__ = "0.1.0"

__all__ = [
    "NOBODY",
    "PUBLIC",
    "REVEAL",
    "BoardcoreError",
    "Config",
    "Game",
    "IllegalAction",
    "LogError",
    "Match",
    "NoOptions",
    "Outcome",
    "Rng",
    "RngAdvanced",
    "RulesVersionMismatch",
    "Sealed",
    "SealedView",
    "UndoRefused",
    "Visibility",
    "advance",
    "decide_commit",
    "make_evolve",
    "only",
    "owner",
]
