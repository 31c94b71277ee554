"""Specs are found through the ``boardcore.rl`` entry-point group, named like the game (the loader:
:class:`boardcore.registry.Registry`, the same as for games).

A game's package registers its spec beside its game::

    [project.entry-points."boardcore.games"]
    my_game = "my_package.rules:GAME"

    [project.entry-points."boardcore.rl"]
    my_game = "my_package.rl:SPEC"
"""

from __future__ import annotations

from functools import cache

from boardcore.registry import Registry
from boardcore.rl.spec import RlSpec

__all__ = ["get_spec", "list_specs"]

GROUP = "boardcore.rl"

SPECS: Registry[RlSpec] = Registry(GROUP, RlSpec, "boardcore.rl.RlSpec", "RL spec", "no RL spec for {name!r}; games with one: {names}")


def list_specs() -> list[str]:
    """Names of every game that has a registered RL spec, sorted."""
    return SPECS.names()


@cache
def get_spec(name: str) -> RlSpec:
    """The RL spec registered for the game called ``name``.

    Raises:
        KeyError: no spec is registered for that game (the message lists those that are).
        ModuleNotFoundError: its module cannot be imported (the message names a package that shadows it).
        TypeError: the entry point does not lead to an :class:`RlSpec`.
    """
    return SPECS.load(name)
