"""The PettingZoo environment against the bare ``Match`` it drives, on the very same game.

One masked-random episode per game and player count is recorded (seed
``RECORD_SEED``, tokens drawn with ``random.Random(seed).choice``). Then, timed:

- ``rl_env``: the episode through ``BoardcoreEnv`` as an agent loop drives it
  (``reset``, then ``observe`` and ``step`` for each token, the finished agents
  stepped out); the environment is built once, as a training run builds it;
- ``rl_match``: the same rules actions through ``Match``, with what an agent of
  the bare engine needs at each action: its ``view`` and its ``legal_actions``.

Units: tokens (env steps) and rules actions, so that ``docs/performance.md`` can
report env steps/s and the env's cost per rules action relative to ``Match``.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np

from benchmarks.conftest import RECORD_SEED, Case
from boardcore import Match
from boardcore.rl import BoardcoreEnv


@attrs.frozen
class Episode:
    """A recorded masked-random episode: the tokens each agent chose, and the rules actions they spelled."""

    tokens: tuple[int, ...]
    actions: tuple[tuple[int, Any], ...]


_EPISODES: dict[Case, Episode] = {}


def record_episode(case: Case) -> Episode:
    """Play and keep one masked-random episode of ``case`` (once per session)."""
    if case not in _EPISODES:
        env = BoardcoreEnv(case.game, case.players)
        env.reset(seed=RECORD_SEED)
        choice = random.Random(RECORD_SEED).choice
        tokens = []
        while not any(env.terminations.values()) and not any(env.truncations.values()):
            mask = env.observe(env.agent_selection)["action_mask"]
            token = int(choice(np.flatnonzero(mask)))
            env.step(token)
            tokens.append(token)
        actions = tuple((step.player, step.action) for step in env.match.steps)
        _EPISODES[case] = Episode(tuple(tokens), actions)
    return _EPISODES[case]


def env_episode(env: BoardcoreEnv, episode: Episode) -> int:
    """The recorded tokens through the environment from ``reset``, observing before each step; returns the rules actions applied."""
    env.reset(seed=RECORD_SEED)
    for token in episode.tokens:
        env.observe(env.agent_selection)
        env.step(token)
    while env.agents:
        env.step(None)
    return len(env.match)


def match_episode(case: Case, episode: Episode) -> int:
    """The same rules actions through ``Match``, reading the actor's view and legal actions before each."""
    match = Match.new(case.game, case.players, RECORD_SEED)
    for seat, action in episode.actions:
        match.view(seat)
        match.legal_actions(seat)
        match.apply(seat, action)
    return len(match)


def _info(benchmark: Any, case: Case, workload: str, episode: Episode) -> None:
    benchmark.group = f"rl {case.name}-{case.players}p"
    benchmark.extra_info.update(
        workload=workload,
        game=case.name,
        players=case.players,
        unit="rules actions",
        per_round=len(episode.actions),
        tokens=len(episode.tokens),
    )


def test_rl_env_episode(benchmark: Any, case: Case) -> None:
    """An agent loop through the environment replays the recorded episode to the same end (tokens/s, actions/s)."""
    episode = record_episode(case)
    applied = benchmark(env_episode, BoardcoreEnv(case.game, case.players), episode)
    _info(benchmark, case, "rl_env", episode)
    assert applied == len(episode.actions)


def test_rl_match_episode(benchmark: Any, case: Case) -> None:
    """The same rules actions through the bare Match, with the view and legal actions an agent reads (actions/s)."""
    episode = record_episode(case)
    applied = benchmark(match_episode, case, episode)
    _info(benchmark, case, "rl_match", episode)
    assert applied == len(episode.actions)
