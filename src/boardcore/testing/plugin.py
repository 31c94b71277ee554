"""pytest plugin (entry point ``pytest11``): parametrises ``contract_case``.

Every test that takes ``contract_case`` runs once per game and player count: the
games of the test class's ``games`` attribute, else every registered game.
``--boardcore-game NAME`` (repeatable) narrows the registered ones.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardcore.registry import list_games
from boardcore.testing.suite import DEEP_RUNS, contract_cases


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--boardcore-game", action="append", default=[], help="run the contract suite for this game only")
    parser.addoption(
        "--boardcore-deep",
        type=int,
        default=0,
        metavar="N",
        help="a deep run: play seeds until the contract checks sample at least N states per game and player count",
    )


def pytest_generate_tests(metafunc: Any) -> None:
    if "contract_case" in metafunc.fixturenames:
        cases = contract_cases(metafunc.cls, metafunc.config)
        metafunc.parametrize("contract_case", cases, ids=[f"{c.name}-p{c.players}" for c in cases])


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "contract: the boardcore game contract suite")
    config.addinivalue_line("markers", "slow: long-running checks (still part of the default suite)")


@pytest.fixture
def registered_games() -> list[str]:
    """Ids of every registered game."""
    return list_games()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """After a deep run, the seeds and states it covered per game and player count."""
    if DEEP_RUNS:
        terminalreporter.section("boardcore deep contract run")
        for case, (seeds, states) in sorted(DEEP_RUNS.items()):
            terminalreporter.write_line(f"{case}: {seeds} seeds, {states} states sampled per check")
