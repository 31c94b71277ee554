"""The public contract suite any game runs against itself (ours or a third party's).

``ContractSuite`` is a pytest test class (parametrised by the ``boardcore``
pytest plugin); the checks themselves are plain functions in
:mod:`boardcore.testing.contract`, and golden playthroughs live in
:mod:`boardcore.testing.golden`.
"""

from __future__ import annotations

from boardcore.testing.contract import Playout, record_playout
from boardcore.testing.suite import ContractCase, ContractSuite

__all__ = ["ContractCase", "ContractSuite", "Playout", "record_playout"]
