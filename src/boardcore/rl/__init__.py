"""Every boardcore game as a PettingZoo AEC environment (the ``[rl]`` extra).

    from boardcore import rl
    env = rl.env("five_wards", players=3)
    learner = rl.single_agent("tic_tac_toe", seat=0, opponents="house")  # Gymnasium, with action_masks()

One generic adapter (:class:`BoardcoreEnv`) serves every game; what it cannot
read from a game's types (how large a count grows, which card ids exist) comes
from the game's :class:`RlSpec`, registered in the ``boardcore.rl`` entry-point
group. See ``docs/rl.md``.
"""

from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # type: ignore[import-untyped]  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the installation
    msg = "boardcore.rl needs the [rl] extra: pip install 'boardcore[rl]'"
    raise ImportError(msg) from exc

from boardcore.rl.catalog import PASS, ActionCatalog, Decision
from boardcore.rl.env import BoardcoreEnv, env, raw_env
from boardcore.rl.observation import Column, ObservationLayout, Observer
from boardcore.rl.registry import get_spec, list_specs
from boardcore.rl.single_agent import SingleAgentEnv, single_agent, single_agent_vector
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

__all__ = [
    "PASS",
    "ActionCatalog",
    "ActionDomain",
    "Bag",
    "BoardcoreEnv",
    "Column",
    "Decision",
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
