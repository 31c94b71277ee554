"""Shared fixtures: one case per registered game and player count, and a recorded match for each.

A game that fails to import, or whose random playout does not finish, is
skipped with the reason (games appear here as they land). With benchmarks
disabled (the smoke run), each benchmark runs once on its smallest size.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import attrs
import pytest

from benchmarks.workloads import record
from boardcore import Game, Match
from boardcore.registry import get_game, list_games

if importlib.util.find_spec("pytest_benchmark") is None:  # pytest-benchmark is a test extra: without it, skip this folder
    collect_ignore_glob = ["*.py"]


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    """Benchmarking is off unless asked for (``--benchmark-enable``): the default run is a smoke run."""
    if hasattr(config.option, "benchmark_enable") and not config.option.benchmark_enable:
        config.option.benchmark_disable = True


HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every benchmark, smoke run or not, is in the slow tier (``dev.py test --quick`` leaves them out)."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.slow)


RECORD_SEED = 1
"""Seed of the recorded match every per-game workload starts from."""
BATCH_ACTIONS = 300
"""Playout benchmarks play enough games per round to make about this many actions."""


@attrs.frozen
class Case:
    """One registered game at one player count."""

    name: str
    players: int

    @property
    def game(self) -> Game[Any, Any, Any, Any]:
        return get_game(self.name)


def _cases() -> list[Any]:
    cases = []
    for name in list_games():
        try:
            counts = get_game(name).player_counts
        except Exception as exc:  # a game still being written: report why, run the rest
            reason = f"{name} does not load: {type(exc).__name__}: {exc}"
            cases.append(pytest.param(Case(name, 0), id=name, marks=pytest.mark.skip(reason=reason)))
            continue
        cases.extend(pytest.param(Case(name, n), id=f"{name}-{n}p") for n in counts)
    return cases


CASES = _cases()


@pytest.fixture(params=CASES)
def case(request: pytest.FixtureRequest) -> Case:
    """A registered game and player count (skipped if the game does not load)."""
    return request.param  # type: ignore[no-any-return]


_recorded: dict[Case, Match[Any, Any, Any, Any] | str] = {}


@pytest.fixture
def recorded(case: Case) -> Match[Any, Any, Any, Any]:
    """A finished random match of ``case`` (seed ``RECORD_SEED``), recorded once per session."""
    if case not in _recorded:
        try:
            _recorded[case] = record(case.game, case.players, RECORD_SEED)
        except Exception as exc:  # an unfinished game: skip it, not the suite
            _recorded[case] = f"{case.name} with {case.players} players cannot play a random game: {type(exc).__name__}: {exc}"
    match = _recorded[case]
    if isinstance(match, str):
        pytest.skip(match)
    return match


@pytest.fixture
def batch(recorded: Match[Any, Any, Any, Any], benchmark: Any) -> range:
    """Seeds for one round of playouts: one game when disabled, else about ``BATCH_ACTIONS`` actions."""
    if benchmark.disabled:
        return range(1)
    return range(max(1, BATCH_ACTIONS // max(len(recorded), 1)))
