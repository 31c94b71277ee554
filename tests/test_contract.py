"""The contract suite over every registered game and player count (see ``boardcore.testing``)."""

from __future__ import annotations

from boardcore.testing import ContractSuite


class TestContract(ContractSuite):
    """Playouts, replay, fold, undo, legality, leaks, serialization, apply/undo/replay machine, where randomness
    comes from, and the same digests under two ``PYTHONHASHSEED`` values."""
