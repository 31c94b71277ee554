"""The Flow's decisions: one per pending kind (plus the reactions of GAP-18), each rule stated once
in its ``problem``, the legal list being the candidates without one."""

from __future__ import annotations

import typing

from games.the_warriors.game import DECISIONS
from games.the_warriors.phases.fight import REACTIONS
from games.the_warriors.state import Pending


def test_every_pending_kind_and_reaction_has_a_decision() -> None:
    """``decision`` names a decision for every kind the game can wait for, and for each reaction window."""
    kinds = set(typing.get_args(typing.get_type_hints(Pending)["kind"]))
    assert set(DECISIONS) == kinds | set(REACTIONS.values())
    assert all(DECISIONS[name].clause for name in DECISIONS)
