"""boardcore: an event-sourced rules engine for board games.

Games are pure reducers over immutable state (:class:`Game`), most of them written
on the turn kernel (:class:`Flow`, :class:`Decision`, :class:`Turn`);
:class:`Match` holds a game in progress with undo, per-player views and text;
logs replay and verify bit for bit. See ``docs/architecture.md``.

Importing the package loads none of the engine: each name below comes from its
module on first use, so ``import boardcore``, and a program that needs one corner
of the engine (``boardcore --help``, a game's RL spec), pay only for what they use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from boardcore.version import __version__

if TYPE_CHECKING:
    from boardcore.commit import Sealed, SealedView, decide_commit
    from boardcore.errors import BoardcoreError, IllegalAction, LogError, RulesVersionMismatch, UndoRefused
    from boardcore.game import Config, Game, Names, make_evolve
    from boardcore.kernel import Decision, Flow, Refusal, Turn
    from boardcore.match import Match
    from boardcore.options import NoOptions
    from boardcore.outcome import Outcome
    from boardcore.rng import Rng, RngAdvanced, advance
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

HOMES = {
    "Sealed": "boardcore.commit",
    "SealedView": "boardcore.commit",
    "decide_commit": "boardcore.commit",
    "BoardcoreError": "boardcore.errors",
    "IllegalAction": "boardcore.errors",
    "LogError": "boardcore.errors",
    "RulesVersionMismatch": "boardcore.errors",
    "UndoRefused": "boardcore.errors",
    "Config": "boardcore.game",
    "Game": "boardcore.game",
    "Names": "boardcore.game",
    "make_evolve": "boardcore.game",
    "Match": "boardcore.match",
    "NoOptions": "boardcore.options",
    "Outcome": "boardcore.outcome",
    "Rng": "boardcore.rng",
    "RngAdvanced": "boardcore.rng",
    "advance": "boardcore.rng",
    "Decision": "boardcore.kernel",
    "Flow": "boardcore.kernel",
    "Refusal": "boardcore.kernel",
    "Turn": "boardcore.kernel",
    "Waiting": "boardcore.kernel",
    "NOBODY": "boardcore.visibility",
    "PUBLIC": "boardcore.visibility",
    "REVEAL": "boardcore.visibility",
    "Visibility": "boardcore.visibility",
    "hidden": "boardcore.visibility",
    "only": "boardcore.visibility",
    "owner": "boardcore.visibility",
}
"""The module each exported name is defined in."""


def __getattr__(name: str) -> Any:
    """An exported name, imported from its module on first use (then kept as an attribute).

    Raises:
        AttributeError: no such name.
    """
    home = HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'boardcore' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
