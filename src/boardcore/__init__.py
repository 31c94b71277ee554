"""boardcore: an event-sourced rules engine for board games.

Games are pure reducers over immutable state (:class:`Game`), most of them written
on the turn kernel (:class:`Flow`, :class:`Decision`, :class:`Turn`);
:class:`Match` holds a game in progress with undo, per-player views and text;
logs replay and verify bit for bit. See ``docs/architecture.md``.
"""

from __future__ import annotations

from boardcore.commit import Sealed, SealedView, decide_commit
from boardcore.errors import BoardcoreError, IllegalAction, LogError, RulesVersionMismatch, UndoRefused
from boardcore.game import Config, Game, Names, make_evolve
from boardcore.match import Match
from boardcore.options import NoOptions
from boardcore.outcome import Outcome
from boardcore.rng import Rng, RngAdvanced, advance
from boardcore.turn import Decision, Flow, Refusal, Turn, Waiting
from boardcore.version import __version__
from boardcore.visibility import NOBODY, PUBLIC, REVEAL, Visibility, hidden, only, owner

__all__ = [
    "NOBODY",
    "PUBLIC",
    "REVEAL",
    "BoardcoreError",
    "Config",
    "Decision",
    "Flow",
    "Game",
    "IllegalAction",
    "LogError",
    "Match",
    "Names",
    "NoOptions",
    "Outcome",
    "Refusal",
    "Rng",
    "RngAdvanced",
    "RulesVersionMismatch",
    "Sealed",
    "SealedView",
    "Turn",
    "Waiting",
    "UndoRefused",
    "Visibility",
    "__version__",
    "advance",
    "decide_commit",
    "hidden",
    "make_evolve",
    "only",
    "owner",
]
