"""pytest plugin (entry point ``pytest11``): parametrises ``contract_case``.

Every test that takes ``contract_case`` runs once per game and player count: the
games of the test class's ``games`` attribute, else every registered game.
``--boardcore-game NAME`` (repeatable) narrows the registered ones.
"""

from __future__ import annotations

from typing import Any

import pytest

from boardcore.registry import get_game, list_games
from boardcore.testing.suite import ContractCase


def pytest_addoption(parser: Any) -> None:
    parser.addoption("--boardcore-game", action="append", default=[], help="run the contract suite for this game only")
    parser.addoption(
        "--boardcore-deep", type=int, default=0, metavar="N", help="run every contract check over N seeds (a deep run: 25 or more)"
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
