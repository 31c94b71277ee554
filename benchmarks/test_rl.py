"""The PettingZoo environment against the bare ``Match`` it drives, on the very same game.

One masked-random episode per game and player count is recorded (seed
``RECORD_SEED``, tokens drawn with ``random.Random(seed).choice``). Then, timed:

- ``rl_env``: the episode through ``BoardcoreEnv`` as an agent loop drives it
  (``reset``, then ``observe`` and ``step`` for each token, the finished agents
  stepped out); the environment is built once, as a training run builds it;
- ``rl_match``: the same rules actions through ``Match``, with what an agent of
  the bare engine needs at each action: its ``view`` and its ``legal_actions``.

Units: tokens (env steps) and rules actions, so that ``docs/performance.md`` can
report env steps/s and the env's cost per rules action relative to ``Match``:

    .venv/bin/pytest benchmarks/test_rl.py --benchmark-enable --benchmark-json=rl1.json
    .venv/bin/python -m benchmarks.test_rl rl1.json [rl2.json ...]   # the table (fastest round of all runs)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest

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


@pytest.mark.parametrize("workload", ["rl_env", "rl_match"])
def test_rl_episode(benchmark: Any, case: Case, workload: str) -> None:
    """The recorded episode through the environment (an agent loop) and through the bare Match, one after the other
    for each game so that both see the same machine: both apply every recorded rules action."""
    episode = record_episode(case)
    if workload == "rl_env":
        applied = benchmark(env_episode, BoardcoreEnv(case.game, case.players), episode)
    else:
        applied = benchmark(match_episode, case, episode)
    _info(benchmark, case, workload, episode)
    assert applied == len(episode.actions)


def table(paths: list[str]) -> str:
    """The docs/performance.md table from pytest-benchmark JSON files (each benchmark's fastest round over all)."""
    best: dict[tuple[str, int], dict[str, tuple[float, int, int]]] = {}
    for path in paths:
        for bench in json.loads(Path(path).read_text())["benchmarks"]:
            info = bench["extra_info"]
            if info.get("workload") not in ("rl_env", "rl_match"):
                continue
            entry = best.setdefault((info["game"], info["players"]), {})
            fastest = float(bench["stats"]["min"])
            if info["workload"] not in entry or fastest < entry[info["workload"]][0]:
                entry[info["workload"]] = (fastest, int(info["per_round"]), int(info["tokens"]))

    def rate(value: float) -> str:
        return f"{value / 1000:.1f} k" if value >= 1000 else f"{value:.0f}"

    lines = [
        "| game | players | episode: actions | tokens per action | env tokens/s | env actions/s | `Match` actions/s | env time / `Match` time |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (game, players), entry in sorted(best.items()):
        env_time, actions, tokens = entry["rl_env"]
        match_time = entry["rl_match"][0]
        lines.append(
            f"| {game} | {players} | {actions} | {tokens / actions:.2f} | {rate(tokens / env_time)} | {rate(actions / env_time)} "
            f"| {rate(actions / match_time)} | {env_time / match_time:.1f}x |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    print(table(sys.argv[1:]))
