"""PettingZoo's own checkers pass for every game and player count: ``api_test``, ``seed_test``, ``render_test``.

The checkers are run on ``boardcore.rl.env`` (PettingZoo's classic wrappers included),
as users get it. They warn rather than fail on style advice; every warning they
give must be one of ``EXPECTED``, each with the reason it does not apply here.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any

import pytest
from pettingzoo.test import api_test, render_test, seed_test

from boardcore import rl
from tests.rl.cases import CASES

EXPECTED = {
    "Observation is not a NumPy array": "observations are {observation, action_mask} dicts by design, like PettingZoo's "
    "classic board games, which its checker exempts by name only",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete": "the same "
    "dict observation: a Box of observations beside a Box action mask",
}
API_CYCLES = 1000
"""``api_test``'s default: agent_iter(agents x 1000) covers a whole random game of every game here."""
SEED_CYCLES = 200
"""``seed_test`` compares two environments step by step: 200 cycles (400 to 1000 tokens) is far past the first
random draw of every game, where a seeding mistake would show."""


def run_quietly(check: Callable[[], Any]) -> None:
    """Run a checker; fail on any warning it gives that is not in ``EXPECTED``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check()
    unexpected = {str(w.message) for w in caught} - set(EXPECTED)
    assert not unexpected, f"PettingZoo's checker warned: {sorted(unexpected)}"


def seeded_env(name: str, players: int, **kwargs: Any) -> Any:
    """``rl.env`` with its action spaces seeded, so that the checker's random choices repeat from run to run.

    A first ``reset(seed=0)`` makes the episodes repeat too: seedless resets draw from the last seed.
    """
    env = rl.env(name, players, **kwargs)
    for index, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(100 + index)
    env.reset(seed=0)
    return env


@pytest.mark.parametrize(("name", "players"), CASES)
def test_api_test(name: str, players: int) -> None:
    """pettingzoo.test.api_test passes (spaces, observations in bounds, rewards, agent removal, action flexibility)."""
    run_quietly(lambda: api_test(seeded_env(name, players), num_cycles=API_CYCLES))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seed_test(name: str, players: int) -> None:
    """pettingzoo.test.seed_test passes: the same seed gives the same observations, masks and rewards."""
    run_quietly(lambda: seed_test(lambda: rl.env(name, players), num_cycles=SEED_CYCLES))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_render_test(name: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    """pettingzoo.test.render_test passes for both modes; ansi returns the game's own text for the seat."""
    run_quietly(lambda: render_test(lambda render_mode=None: seeded_env(name, players, render_mode=render_mode)))
    printed = capsys.readouterr().out
    assert "as seen by player_" in printed, "human mode prints the same text ansi returns"
