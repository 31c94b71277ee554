"""How a game is played well and measured: its house bot, its search hints and its figures, one record per game.

A :class:`~boardcore.game.Game` is rules and metadata only; what bots, search and simulations know of a game beyond
its rules is a :class:`Strategy`, registered in the ``boardcore.strategy`` entry-point group under the game's name,
the way games, presentations and RL specs are, through the one loader :class:`boardcore.registry.Registry`::

    [project.entry-points."boardcore.strategy"]
    my_game = "my_package.strategy:STRATEGY"

A game with none registered gets :data:`NONE` (every field ``None``): random bots stand in for the house bot, search
compares every legal move and rolls out to the end, simulations record no figures of the game's own. A game that is
not installed hands its record to whatever plays it: every consumer that takes a game takes ``strategy=`` too, and
looks the game's name up only when it is not given.

``metrics`` is here, not in the rules, because only the simulations read it, beside the house bot they seat; like
``estimate`` it reads a full state the rules never hand a player.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any

import attrs

from boardcore.game import Game
from boardcore.registry import Registry

__all__ = ["NONE", "STRATEGIES", "Strategy", "get_strategy", "list_strategies", "strategy_of"]

GROUP = "boardcore.strategy"


@attrs.frozen(kw_only=True)
class Strategy:
    """A game's own bot, search hints and match figures; never read by the rules."""

    house_bot: Callable[[int, int], Any] | None = None
    """``house_bot(seed, seat)``: a sensible :class:`~boardcore.bots.Bot` for this game (view-only), if any."""
    estimate: Callable[[Any], tuple[float, ...]] | None = None
    """``estimate(state)``: each seat's expected share of the win (0 to 1) from an unfinished state, a heuristic for
    search bots that stop their rollouts early (they call it on sampled worlds, never the real state)."""
    search_moves: Callable[[Any, int, Sequence[Any]], Sequence[Any]] | None = None
    """``search_moves(view, seat, legal)``: the legal actions a search bot compares at the seat's decision, a game's
    pruning of moves no sound plan makes (never empty while ``legal`` is not); ``None``: all."""
    metrics: Callable[[Any, Sequence[Any]], Mapping[str, float | tuple[float, ...]]] | None = None
    """``metrics(final_state, events)``: figures of one finished match that a designer compares between rule
    variants (rounds played, how often a rule fired), by name; a tuple is one figure per seat. Simulations record
    them as columns."""


NONE = Strategy()
"""A game with no strategy of its own: random house bots, full search, no figures."""

STRATEGIES: Registry[Strategy] = Registry(GROUP, Strategy, "boardcore.strategy.Strategy", "strategy", "no strategy for {name!r}; games with one: {names}")


def list_strategies() -> list[str]:
    """Names of every game that has a registered strategy, sorted."""
    return STRATEGIES.names()


@cache
def get_strategy(name: str) -> Strategy:
    """The strategy registered for the game called ``name``, or :data:`NONE` when none is.

    Raises:
        ModuleNotFoundError: its module cannot be imported (the message names a package that shadows it).
        TypeError: the entry point does not lead to a :class:`Strategy`.
    """
    return STRATEGIES.load_or(name, NONE)


def strategy_of(game: Game[Any, Any, Any, Any], given: Strategy | None = None) -> Strategy:
    """``given`` when a caller gives one (a game that is not installed), else the one registered for ``game``'s name."""
    return get_strategy(game.name) if given is None else given
