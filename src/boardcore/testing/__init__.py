"""Testing tools for games, ours and third parties': the contract suite, the scenario kit, golden playthroughs.

``ContractSuite`` is a pytest test class (parametrised by the ``boardcore``
pytest plugin); the checks themselves are plain functions in
:mod:`boardcore.testing.contract`. :mod:`boardcore.testing.kit` builds scenarios
through the public API (a match from a built state, scripted draws, automatic
steps) and holds the secret scanner; golden playthroughs live in
:mod:`boardcore.testing.golden`.
"""

from __future__ import annotations

from boardcore.testing.contract import Playout, record_playout
from boardcore.testing.kit import RiggedRng, act, assert_no_secrets, find_secrets, fold, refused, rig, scenario, settle
from boardcore.testing.suite import ContractCase, ContractSuite

__all__ = [
    "ContractCase",
    "ContractSuite",
    "Playout",
    "RiggedRng",
    "act",
    "assert_no_secrets",
    "find_secrets",
    "fold",
    "record_playout",
    "refused",
    "rig",
    "scenario",
    "settle",
]
