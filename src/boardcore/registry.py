"""Games are found through the ``boardcore.games`` entry-point group.

Third-party packages register theirs the same way::

    [project.entry-points."boardcore.games"]
    my_game = "my_package.rules:GAME"
"""

from __future__ import annotations

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
    """
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            game = ep.load()
            if not isinstance(game, Game):
                msg = f"entry point {ep.value!r} for {name!r} is not a boardcore.Game"
                raise TypeError(msg)
            return game
    msg = f"no game called {name!r}; registered games: {', '.join(list_games())}"
    raise KeyError(msg)
