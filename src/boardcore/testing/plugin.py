"""pytest plugin (entry point ``pytest11``): parametrises ``contract_case``.

Every test that takes ``contract_case`` runs once per game and player count: the
games of the test class's ``games`` attribute, else every registered game.
``--boardcore-game NAME`` (repeatable) narrows the registered ones.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardcore.registry import get_game, list_games
from boardcore.testing.suite import DEEP_RUNS, ContractCase


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--boardcore-game", action="append", default=[], help="run the contract suite for this game only")
    parser.addoption(
        "--boardcore-deep",
        type=int,
        default=0,
        metavar="N",
        help="a deep run: play seeds until the contract checks sample at least N states per game and player count",
    )


def _cases(metafunc: Any) -> list[ContractCase]:
    chosen = getattr(metafunc.cls, "games", None)
    if chosen is not None:
        return [ContractCase(g.name, n, g) for g in chosen for n in g.player_counts]
    names = metafunc.config.getoption("--boardcore-game") or list_games()
    cases = []
    for name in names:
        try:
            game = get_game(name)
        except Exception as exc:  # a game that fails to import is a failing case, not a collection error
            cases.append(ContractCase(name, 0, None, f"{type(exc).__name__}: {exc}"))
            continue
        cases.extend(ContractCase(name, n, game) for n in game.player_counts)
    return cases


def pytest_generate_tests(metafunc: Any) -> None:
    if "contract_case" in metafunc.fixturenames:
        cases = _cases(metafunc)
        metafunc.parametrize("contract_case", cases, ids=[f"{c.name}-p{c.players}" for c in cases])


def pytest_configure(config: Any) -> None:
    config.addinivalue_line("markers", "contract: the boardcore game contract suite")


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
