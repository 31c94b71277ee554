"""The contract suite for 5 Wards at 2, 3, 4 and 5 players, with seeds other than the global run's."""

from __future__ import annotations

from boardcore.testing import ContractSuite
from games.five_wards import GAME


class TestFiveWardsContract(ContractSuite):
    """Playouts, replay, fold, undo, legality, leaks and serialization for seeds 2 and 3."""

    games = [GAME]
    seeds = (2, 3)
