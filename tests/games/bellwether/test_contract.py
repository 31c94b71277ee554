"""The boardcore contract suite on Bellwether over a few more seeds (random playouts of whole games)."""

from __future__ import annotations

from boardcore.testing import ContractSuite
from games.bellwether import GAME


class TestBellwetherContract(ContractSuite):
    """Playouts end, replay and fold agree, undo restores, legality is exact, nothing leaks, all round-trips."""

    games = [GAME]
    seeds = (2, 5, 9)
