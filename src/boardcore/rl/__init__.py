"""Every boardcore game as a PettingZoo AEC environment (the ``[rl]`` extra).

    from boardcore import rl
    env = rl.env("five_wards", players=3)
    learner = rl.single_agent("tic_tac_toe", seat=0, opponents="house")  # Gymnasium, with action_masks()

One generic adapter (:class:`BoardcoreEnv`) serves every game; what it cannot
read from a game's types (how large a count grows, which card ids exist) comes
from the game's :class:`RlSpec`, registered in the ``boardcore.rl`` entry-point
group. See ``docs/rl.md``.

The spec and its registry import only the core, so a game's spec loads without
the extra. The environment parts (numpy, Gymnasium, PettingZoo) are imported on
first use of one of their names; without the extra that use raises an
``ImportError`` that names it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from boardcore.rl.registry import get_spec, list_specs
from boardcore.rl.spec import (
    ActionDomain,
    Bag,
    Encoding,
    Number,
    OneHot,
    RlSpec,
    Seq,
    Skip,
    SpecError,
    Subset,
    scores_as_rewards,
    win_loss_draw,
)

if TYPE_CHECKING:
    from boardcore.rl.action_catalog import PASS, ActionCatalog, ActionSpelling
    from boardcore.rl.gymnasium_env import SingleAgentEnv, single_agent, single_agent_vector
    from boardcore.rl.observation import Column, ObservationLayout, Observer
    from boardcore.rl.pettingzoo_env import BoardcoreEnv, env, raw_env

__all__ = [
    "PASS",
    "ActionCatalog",
    "ActionDomain",
    "ActionSpelling",
    "Bag",
    "BoardcoreEnv",
    "Column",
    "Encoding",
    "Number",
    "ObservationLayout",
    "Observer",
    "OneHot",
    "RlSpec",
    "Seq",
    "Skip",
    "SingleAgentEnv",
    "SpecError",
    "Subset",
    "env",
    "get_spec",
    "list_specs",
    "raw_env",
    "scores_as_rewards",
    "single_agent",
    "single_agent_vector",
    "win_loss_draw",
]

RL_EXTRA = frozenset({"numpy", "gymnasium", "pettingzoo"})
"""The top-level modules of the ``[rl]`` extra."""

ENV_PARTS = {
    "PASS": "boardcore.rl.action_catalog",
    "ActionCatalog": "boardcore.rl.action_catalog",
    "ActionSpelling": "boardcore.rl.action_catalog",
    "Column": "boardcore.rl.observation",
    "ObservationLayout": "boardcore.rl.observation",
    "Observer": "boardcore.rl.observation",
    "BoardcoreEnv": "boardcore.rl.pettingzoo_env",
    "env": "boardcore.rl.pettingzoo_env",
    "raw_env": "boardcore.rl.pettingzoo_env",
    "SingleAgentEnv": "boardcore.rl.gymnasium_env",
    "single_agent": "boardcore.rl.gymnasium_env",
    "single_agent_vector": "boardcore.rl.gymnasium_env",
}
"""Each name that needs the extra, and its module (none of them is also a submodule's name, so none is shadowed)."""


def __getattr__(name: str) -> Any:
    """An environment part, imported on first use.

    Raises:
        ImportError: the ``[rl]`` extra is not installed (the message says how to install it).
        AttributeError: no such name.
    """
    module_name = ENV_PARTS.get(name)
    if module_name is None:
        raise AttributeError(f"module 'boardcore.rl' has no attribute {name!r}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and exc.name.split(".")[0] in RL_EXTRA:
            msg = f"boardcore.rl.{name} needs the [rl] extra (pip install 'boardcore[rl]'): {exc.name} is not installed"
            raise ImportError(msg, name=exc.name) from exc
        raise
    value = getattr(module, name)
    globals()[name] = value
    return value
