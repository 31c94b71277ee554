"""Every registered game and player count with an RL spec, and a seeded masked-random driver for the tests."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from boardcore.registry import get_game
from boardcore.rl import BoardcoreEnv, list_specs

CASES = [pytest.param(name, players, id=f"{name}-{players}p") for name in list_specs() for players in get_game(name).player_counts]
"""``(game, players)`` for every game with a spec, at every player count it supports."""


def masked_random_steps(env: BoardcoreEnv, seed: int, most: int | None = None) -> Iterator[tuple[str, int]]:
    """From ``reset(seed=seed)``, yield ``(agent, token)``: a uniformly random legal token that the caller then steps.

    Finished agents are stepped here with ``None`` (not yielded); stops at the end or after ``most`` tokens.
    """
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken = 0
    while env.agents and (most is None or taken < most):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        mask = env.observe(agent)["action_mask"]
        yield agent, int(rng.choice(np.flatnonzero(mask)))
        taken += 1


def play(env: BoardcoreEnv, seed: int, most: int | None = None) -> list[tuple[str, int]]:
    """The ``(agent, token)`` choices of one masked-random episode (see :func:`masked_random_steps`)."""
    taken = []
    for agent, token in masked_random_steps(env, seed, most):
        env.step(token)
        taken.append((agent, token))
    return taken


def seat(agent: str) -> int:
    """``player_3`` -> 3."""
    return int(agent.rsplit("_", 1)[1])
