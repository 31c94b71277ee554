"""Recovery of a rioting Ward during a later Labor (BW-RIOT-05..09, GAP-18).

After its contest, a Ward that was already in Riot when this Labor reached it
(and did not ignite during this Labor) gets no Allocate or Push: its controller
may roll up to three single Labor dice. Relief ends the Riot (one striker fewer,
at no cost); Strike ends the attempt; a material may be kept (ending the attempt)
or re-rolled, and a third-roll material is kept automatically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Union

import msgspec

from boardcore import Decision, Refusal, Turn
from boardcore.kernel import no_problem

from ..actions import RollRecovery, StopRecovery
from ..board import current_ward, lab, one, set_ward, with_labor
from ..catalog import FACE_RESOURCE, RECOVERY_ROLLS, RELIEF, STRIKE
from ..codes import RECOVERY_ATTEMPT_OVER, RECOVERY_NO_ROLLS_LEFT
from ..dice import roll
from ..events import Event, MaterialsCollected, RecoveryRolled, RiotEnded, WardFinished
from ..state import State

RecoveryAction = Union[RollRecovery, StopRecovery]
ROLL, STOP = RollRecovery(), StopRecovery()


def recovery_candidates(state: State, seat: int) -> tuple[RecoveryAction, ...]:
    """Roll, or stop."""
    return (ROLL, STOP)


def roll_problem(state: State, seat: int, action: RollRecovery) -> Refusal | None:
    """BW-RIOT-06/09: up to three rolls, each after the start or after a material."""
    labor = lab(state)
    if labor.rolls >= RECOVERY_ROLLS:
        return Refusal(f"the controller may roll at most {RECOVERY_ROLLS} times", RECOVERY_NO_ROLLS_LEFT, "BW-RIOT-06")
    if labor.rolls and labor.last_roll not in FACE_RESOURCE:
        return Refusal("this recovery attempt has ended", RECOVERY_ATTEMPT_OVER, "BW-RIOT-08")
    return None


def roll_recovery(turn: Turn[State, Event], seat: int, action: RollRecovery) -> None:
    """Roll one die: Relief ends the Riot, Strike ends the attempt, a material may be kept (GAP-18)."""
    w = current_ward(turn.state)
    face = roll(turn, 1, lambda faces: RecoveryRolled(ward=w, face=faces[0]))[0]
    if face == RELIEF:
        turn.emit(RiotEnded(ward=w), WardFinished(ward=w))
    elif face == STRIKE:
        turn.emit(WardFinished(ward=w))
    elif lab(turn.state).rolls >= RECOVERY_ROLLS:
        _keep(turn, w, face)


def stop_recovery(turn: Turn[State, Event], seat: int, action: StopRecovery) -> None:
    """Stop: the material last rolled is kept, or the attempt simply ends (GAP-18)."""
    w = current_ward(turn.state)
    face = lab(turn.state).last_roll
    if face in FACE_RESOURCE:
        _keep(turn, w, face)
    else:
        turn.emit(WardFinished(ward=w))


def _keep(turn: Turn[State, Event], w: int, face: int) -> None:
    """BW-RIOT-09: the material on the kept roll goes to the controller, and the attempt ends."""
    turn.emit(MaterialsCollected(player=turn.state.wards[w].controller, ward=w, res=one(FACE_RESOURCE[face])))
    turn.emit(WardFinished(ward=w))


RECOVER: Decision[State, RecoveryAction] = Decision(
    rules={RollRecovery: (roll_problem, roll_recovery), StopRecovery: (no_problem, stop_recovery)},
    candidates=recovery_candidates,
    ask="roll to end the Riot, or stop",
    clause="BW-RIOT-06",
)


def evolve_recovery_rolled(state: State, e: RecoveryRolled) -> State:
    return with_labor(state, rolls=lab(state).rolls + 1, last_roll=e.face)


def evolve_riot_ended(state: State, e: RiotEnded) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, riot=False, strikers=max(0, ward.strikers - 1)))


HANDLERS: dict[type, Callable[[State, Any], State]] = {RecoveryRolled: evolve_recovery_rolled, RiotEnded: evolve_riot_ended}
