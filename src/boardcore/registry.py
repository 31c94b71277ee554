"""Games, and everything else boardcore plugs in by name, are found through entry-point groups.

Games are in the ``boardcore.games`` group; third-party packages register theirs
the same way::

    [project.entry-points."boardcore.games"]
    my_game = "my_package.rules:GAME"

:class:`Registry` is the one loader behind every group (games here; presentations and strategies in
:mod:`boardcore.presentation` and :mod:`boardcore.strategy`; RL specs in :mod:`boardcore.rl.registry`): names listed, an entry loaded and checked for its
type, and the same errors for an unknown name or a shadowed package.
"""

from __future__ import annotations

import sys
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Generic, TypeVar

import attrs

from boardcore.game import Game

__all__ = ["GAMES", "Registry", "get_game", "list_games"]

GROUP = "boardcore.games"

T = TypeVar("T")


@attrs.frozen
class Registry(Generic[T]):
    """One entry-point ``group`` whose every entry is a ``kind`` (called ``kind_name`` in errors, a ``noun`` in prose);
    ``unknown`` is the message for a name nobody registered, formatted with ``name`` and ``names`` (those that are, or
    ``none``)."""

    group: str
    kind: type[T]
    kind_name: str
    noun: str
    unknown: str

    def names(self) -> list[str]:
        """Every registered name, sorted."""
        return sorted({ep.name for ep in entry_points(group=self.group)})

    def load(self, name: str) -> T:
        """The entry registered as ``name``, imported now (callers cache it).

        Raises:
            KeyError: nothing of that name is registered (the message lists what is).
            ModuleNotFoundError: its module cannot be imported (the message names a package that shadows it).
            TypeError: the entry point does not lead to a ``kind``.
        """
        found = self._find(name)
        if found is None:
            raise KeyError(self.unknown.format(name=name, names=", ".join(self.names()) or "none"))
        return found

    def load_or(self, name: str, default: T) -> T:
        """The entry registered as ``name``, or ``default`` when nothing of that name is (errors as :meth:`load`)."""
        found = self._find(name)
        return default if found is None else found

    def _find(self, name: str) -> T | None:
        """The entry registered as ``name``, imported and checked, or ``None``: one pass over the group."""
        for ep in entry_points(group=self.group):
            if ep.name == name:
                try:
                    found = ep.load()
                except ModuleNotFoundError as exc:
                    raise _shadowed(self.noun, name, ep.value, exc) from exc
                if not isinstance(found, self.kind):
                    msg = f"entry point {ep.value!r} for {name!r} is not a {self.kind_name}"
                    raise TypeError(msg)
                return found
        return None


GAMES: Registry[Game[Any, Any, Any, Any]] = Registry(GROUP, Game, "boardcore.Game", "game", "no game called {name!r}; registered games: {names}")


def list_games() -> list[str]:
    """Ids of every registered game, sorted."""
    return GAMES.names()


@cache
def get_game(name: str) -> Game[Any, Any, Any, Any]:
    """The registered game called ``name``.

    Raises:
        KeyError: no game of that name is registered (the message lists those that are).
        ModuleNotFoundError: its module cannot be imported (the message names a package that shadows it).
    """
    return GAMES.load(name)


def _shadowed(noun: str, name: str, target: str, exc: ModuleNotFoundError) -> ModuleNotFoundError:
    """The error for an entry whose module is missing, naming the package Python imported instead when another
    package of the same top-level name (a ``games`` folder in the working directory) shadows the installed one."""
    top = target.partition(":")[0].split(".")[0]
    found = sys.modules.get(top)
    where = getattr(found, "__file__", None) or next(iter(getattr(found, "__path__", ())), None)
    if found is None or where is None or exc.name is None or not exc.name.startswith(f"{top}."):
        return exc
    msg = (
        f"{noun} {name!r} is registered as {target!r}, but the {top!r} package Python imported is {where}, which has no "
        f"{exc.name!r}: a folder or module named {top!r} earlier on sys.path (often the working directory) shadows the "
        f"one installed with the {noun}; rename yours (e.g. my_{top}) or run from another directory"
    )
    return ModuleNotFoundError(msg, name=exc.name)
