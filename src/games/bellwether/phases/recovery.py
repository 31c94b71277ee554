"""Recovery of a rioting Ward during a later Labor (BW-RIOT-05..09, GAP-18).

After its contest, a Ward that was already in Riot when this Labor reached it
(and did not ignite during this Labor) gets no Allocate or Push: its controller
may roll up to three single Labor dice. Relief ends the Riot (one striker fewer,
at no cost); Strike ends the attempt; a material may be kept (ending the attempt)
or re-rolled, and a third-roll material is kept automatically.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..actions import RollRecovery, StopRecovery
from ..board import current_ward, lab, one, set_ward, with_labor
from ..catalog import FACE_RESOURCE, RECOVERY_ROLLS, RELIEF, STRIKE
from ..events import MaterialsCollected, RecoveryRolled, RiotEnded, WardFinished
from ..flow import Out
from ..state import State


def legal_recovery(state: State) -> list[Any]:
    """Roll while rolls remain (at the start, or after a material); stopping is always allowed."""
    labor = lab(state)
    out: list[Any] = []
    if labor.rolls < RECOVERY_ROLLS and (labor.rolls == 0 or labor.last_roll in FACE_RESOURCE):
        out.append(RollRecovery())
    out.append(StopRecovery())
    return out


def decide_roll_recovery(out: Out, player: int, action: RollRecovery) -> None:
    """One die: Relief ends the Riot, Strike ends the attempt, a material may be kept (GAP-18)."""
    w = current_ward(out.state)
    face = out.roll(1, lambda faces: RecoveryRolled(ward=w, face=faces[0]))[0]
    if face == RELIEF:
        out.emit(RiotEnded(ward=w))
        out.emit(WardFinished(ward=w))
    elif face == STRIKE:
        out.emit(WardFinished(ward=w))
    elif lab(out.state).rolls >= RECOVERY_ROLLS:
        _keep(out, w, face)


def decide_stop_recovery(out: Out, player: int, action: StopRecovery) -> None:
    """Decline to roll, or keep the material just rolled (BW-RIOT-09)."""
    w = current_ward(out.state)
    face = lab(out.state).last_roll
    if face in FACE_RESOURCE:
        _keep(out, w, face)
    else:
        out.emit(WardFinished(ward=w))


def _keep(out: Out, w: int, face: int) -> None:
    out.emit(MaterialsCollected(player=out.state.wards[w].controller, ward=w, res=one(FACE_RESOURCE[face])))
    out.emit(WardFinished(ward=w))



def evolve_recovery_rolled(state: State, e: RecoveryRolled) -> State:
    return with_labor(state, rolls=lab(state).rolls + 1, last_roll=e.face)


def evolve_riot_ended(state: State, e: RiotEnded) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, riot=False, strikers=max(0, ward.strikers - 1)))


HANDLERS: dict[type, Any] = {RecoveryRolled: evolve_recovery_rolled, RiotEnded: evolve_riot_ended}
DECIDERS: dict[type, Any] = {RollRecovery: decide_roll_recovery, StopRecovery: decide_stop_recovery}
