"""Specs are found through the ``boardcore.rl`` entry-point group, named like the game.

A game's package registers its spec beside its game::

    [project.entry-points."boardcore.games"]
    my_game = "my_package.rules:GAME"

    [project.entry-points."boardcore.rl"]
    my_game = "my_package.rl:SPEC"
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points

from boardcore.rl.spec import RlSpec

__all__ = ["get_spec", "list_specs"]

GROUP = "boardcore.rl"


def list_specs() -> list[str]:
    """Names of every game that has a registered RL spec, sorted."""
    return sorted({ep.name for ep in entry_points(group=GROUP)})


@cache
def get_spec(name: str) -> RlSpec:
    """The RL spec registered for the game called ``name``.

    Raises:
        KeyError: no spec is registered for that game (the message lists those that are).
        TypeError: the entry point does not lead to an :class:`RlSpec`.
    """
    for ep in entry_points(group=GROUP):
        if ep.name == name:
            spec = ep.load()
            if not isinstance(spec, RlSpec):
                msg = f"entry point {ep.value!r} for {name!r} is not a boardcore.rl.RlSpec"
                raise TypeError(msg)
            return spec
    msg = f"no RL spec for {name!r}; games with one: {', '.join(list_specs()) or 'none'}"
    raise KeyError(msg)
