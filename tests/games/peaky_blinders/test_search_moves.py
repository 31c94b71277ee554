"""What a search compares in Peaky Blinders (``STRATEGY.search_moves``): marker purchases that build one's zone or block a rival's.

PB-CTRL-05 lets a marker go "in another zone to obstruct another player"; a control
mission needs all 4 spaces (PB-CTRL-07), so one rival marker blocks it (PB-GAP-24).
"""

from __future__ import annotations

from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders.actions import Action, BuyMarker
from games.peaky_blinders.state import State
from games.peaky_blinders.strategy import STRATEGY

from .helpers import give, markers, ogs_table

OWN = C.control_zone("C1")
"""Seat 0's control-mission zone in these tables."""
RIVALS, IDLE = [z for z in range(4) if z != OWN][:2]
"""A zone where seat 1 holds a marker, and one nobody needs."""


def _table(**zones: tuple[int, int]) -> State:
    """A 2-player open game state, seat 0 to act with 24 cash and control mission C1, markers as given (``z0=(1, 0)``)."""
    state = give(ogs_table(2, turn=0), 0, missions=("M01", "M02", "C1"), cash5=4, cash1=4)
    for name, counts in zones.items():
        state = markers(state, int(name[1:]), counts)
    return state


def _compared(state: State) -> tuple[list[Action], list[Action]]:
    """Seat 0's legal marker purchases, and those ``search_moves`` keeps."""
    legal = GAME.legal_actions(state, 0)
    assert STRATEGY.search_moves is not None
    kept = STRATEGY.search_moves(GAME.view(state, 0), 0, legal)
    assert set(kept) <= set(legal) and {a for a in legal if not isinstance(a, BuyMarker)} <= set(kept)
    return [a for a in legal if isinstance(a, BuyMarker)], [a for a in kept if isinstance(a, BuyMarker)]


def test_pb_ctrl_05_a_search_buys_markers_for_its_own_zone_or_to_block() -> None:
    """PB-CTRL-05, PB-GAP-24: from the supply, the own zone and a zone where a rival holds markers and the seat none; not an idle zone."""
    offered, kept = _compared(_table(**{f"z{RIVALS}": (0, 1)}))
    assert {a.zone for a in offered} == {0, 1, 2, 3}
    assert {a.zone for a in kept} == {OWN, RIVALS}


def test_pb_ctrl_05_one_blocking_marker_is_enough() -> None:
    """PB-CTRL-07: one marker already blocks the rival's four-space mission, so a second is not compared."""
    _, kept = _compared(_table(**{f"z{RIVALS}": (1, 1)}))
    assert {a.zone for a in kept} == {OWN}


def test_pb_ctrl_06_a_block_is_taken_back_only_to_complete_the_own_zone() -> None:
    """PB-CTRL-06: with the supply empty a marker is moved; out of a blocking zone only as the fourth of the own zone."""
    spread = _table(**{f"z{OWN}": (2, 0), f"z{RIVALS}": (1, 2), f"z{IDLE}": (1, 0)})
    offered, kept = _compared(spread)
    assert BuyMarker(zone=OWN, from_zone=RIVALS) in offered and BuyMarker(zone=OWN, from_zone=IDLE) in offered
    assert kept == [BuyMarker(zone=OWN, from_zone=IDLE)]
    three = _table(**{f"z{OWN}": (3, 0), f"z{RIVALS}": (1, 2)})
    _, kept = _compared(three)
    assert kept == [BuyMarker(zone=OWN, from_zone=RIVALS)]
