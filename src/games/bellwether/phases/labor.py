"""Labor (BW-LABOR-01..04): the order of the Wards, and moving from one Ward to the next.

The starting player picks the first claimed Ward (by itself when only one is claimed);
the four Wards then resolve clockwise, unclaimed ones skipped. Each Ward is contested
(``contest``); then a Ward that ignited during this Labor does nothing more (GAP-18), a
Ward already in Riot recovers (``recovery``), and any other Ward allocates its workers
(``allocate``), Pushes and resolves (``push``). After the last Ward comes Cleanup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from boardcore import Decision, Refusal, Turn

from ..actions import ChooseFirstWard
from ..board import claimed, lab, with_labor
from ..catalog import WARD_NAMES, WARDS
from ..codes import LABOR_UNCLAIMED_WARD
from ..events import Event, FirstWardChosen, LaborBegan, WardEntered, WardFinished, WardSkipped
from ..state import CHOOSE, LABOR, NEXT, Labor, State
from .contest import enter

# --- where Labor stands -------------------------------------------------------------------


def finished(state: State) -> bool:
    """Every Ward of the order has been resolved (or skipped)."""
    labor = lab(state)
    return labor.step == NEXT and labor.pos + 1 >= len(labor.order)


def claimed_wards(state: State) -> list[int]:
    """The Wards Labor may start in."""
    return [w for w in range(WARDS) if claimed(state.wards[w])]


# --- choosing the order (BW-LABOR-01/02) ------------------------------------------------------

FIRST_WARDS = tuple(ChooseFirstWard(ward=w) for w in range(WARDS))


def first_ward_candidates(state: State, seat: int) -> tuple[ChooseFirstWard, ...]:
    """Every Ward."""
    return FIRST_WARDS


def first_ward_problem(state: State, seat: int, action: ChooseFirstWard) -> Refusal | None:
    """BW-LABOR-01: Labor starts in a claimed Ward."""
    if not claimed(state.wards[action.ward]):
        return Refusal(f"Ward {WARD_NAMES[action.ward]} is unclaimed; Labor starts in a claimed Ward", LABOR_UNCLAIMED_WARD, "BW-LABOR-01")
    return None


def choose_first_ward(turn: Turn[State, Event], seat: int, action: ChooseFirstWard) -> None:
    """The starting player names the first Ward; the clockwise order follows."""
    turn.emit(FirstWardChosen(player=seat, ward=action.ward))


def evolve_first_ward_chosen(state: State, e: FirstWardChosen) -> State:
    return with_labor(state, step=NEXT, order=tuple((e.ward + i) % WARDS for i in range(WARDS)), pos=-1)


FIRST_WARD: Decision[State, ChooseFirstWard] = Decision(
    rules={ChooseFirstWard: (first_ward_problem, choose_first_ward)},
    candidates=first_ward_candidates,
    ask="choose the claimed Ward where Labor begins",
    clause="BW-LABOR-01",
)


def step(turn: Turn[State, Event]) -> None:
    """Automatic: the only claimed Ward starts Labor, or the next Ward of the order is skipped or entered."""
    state = turn.state
    labor = lab(state)
    if labor.step == CHOOSE:
        (only,) = claimed_wards(state)  # with more to choose from, the starting player decides (FIRST_WARD)
        turn.emit(FirstWardChosen(player=state.start_player, ward=only))
        return
    w = labor.order[labor.pos + 1]
    if claimed(state.wards[w]):
        enter(turn, w)
    else:
        turn.emit(WardSkipped(ward=w))


def evolve_ward_skipped(state: State, e: WardSkipped) -> State:
    return with_labor(state, pos=lab(state).pos + 1)


# --- evolve ----------------------------------------------------------------------------------------


def evolve_labor_began(state: State, e: LaborBegan) -> State:
    any_claimed = any(claimed(w) for w in state.wards)
    players = tuple(msgspec.structs.replace(p, inspector_used=False) for p in state.players)
    return msgspec.structs.replace(
        state, phase=LABOR, players=players, labor=Labor(step=CHOOSE if any_claimed else NEXT), placed=False
    )


def evolve_ward_entered(state: State, e: WardEntered) -> State:
    return with_labor(state, pos=lab(state).pos + 1)


def evolve_ward_finished(state: State, e: WardFinished) -> State:
    return with_labor(state, step=NEXT, staffed=(), dice=(), paid=(), canceled=-1, rerolled=False, rolls=0, last_roll=-1)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    LaborBegan: evolve_labor_began,
    FirstWardChosen: evolve_first_ward_chosen,
    WardSkipped: evolve_ward_skipped,
    WardEntered: evolve_ward_entered,
    WardFinished: evolve_ward_finished,
}
