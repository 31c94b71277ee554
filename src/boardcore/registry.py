"""Games are found through the ``boardcore.games`` entry-point group.

Third-party packages register theirs the same way::

    [project.entry-points."boardcore.games"]
    my_game = "my_package.rules:GAME"
"""

from __future__ import annotations

import sys
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from boardcore.game import Game

__all__ = ["get_game", "list_games"]

GROUP = "boardcore.games"


def list_games() -> list[str]:
    """Ids of every registered game, sorted."""
    return sorted({ep.name for ep in entry_points(group=GROUP)})


@cache
def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The registered game called ``name``.

    Raises:
        KeyError: no game of that name is registered (the message lists those that are).
        ModuleNotFoundError: its module cannot be imported (the message names a package that shadows it).
    """
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            try:
                game = ep.load()
            except ModuleNotFoundError as exc:
                raise _shadowed(name, ep.value, exc) from exc
            if not isinstance(game, Game):
                msg = f"entry point {ep.value!r} for {name!r} is not a boardcore.Game"
                raise TypeError(msg)
            return game
    msg = f"no game called {name!r}; registered games: {', '.join(list_games())}"
    raise KeyError(msg)


def _shadowed(name: str, target: str, exc: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error for a game whose module is missing, naming the package Python imported instead when another
    package of the same top-level name (a ``games`` folder in the working directory) shadows the installed one."""
    top = target.partition(":")[0].split(".")[0]
    found = sys.modules.get(top)
    where = getattr(found, "__file__", None) or next(iter(getattr(found, "__path__", ())), None)
    if found is None or where is None or exc.name is None or not exc.name.startswith(f"{top}."):
        return exc
    msg = (
        f"game {name!r} is registered as {target!r}, but the {top!r} package Python imported is {where}, which has no "
        f"{exc.name!r}: a folder or module named {top!r} earlier on sys.path (often the working directory) shadows the "
        f"one installed with the game; rename yours (e.g. my_{top}) or run from another directory"
    )
    return ModuleNotFoundError(msg, name=exc.name)
