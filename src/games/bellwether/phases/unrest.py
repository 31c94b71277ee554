"""Strikes, Riots and Revolution (BW-RIOT-01..04, 10, 11; BW-GOAL-03..05; GAP-17, GAP-20).

A Riot ignites the moment a Ward reaches three strikers (in Labor or out of it).
Revolution is checked at once (``flow.run`` checks before every step). The Riot's
Building loss and its spread to the two neighbours are queued (first in, first out)
and resolved before play continues; a spread that brings a calm Ward to three
ignites it in turn.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..actions import ChooseLoss, PoliceBlock
from ..board import claimed, get, has_infra, kind, set_player, set_ward
from ..catalog import RIOT_AT, neighbours
from ..events import (
    BuildingLost,
    GameEnded,
    LossSkipped,
    PoliceConsulted,
    RiotIgnited,
    SpreadBlocked,
    StrikerSpread,
)
from ..flow import Out
from ..scoring import revolution_result
from ..state import OVER, RiotTask, State


def loss_options(state: State, w: int) -> list[int]:
    """Uids the controller may lose: their own Factories/Tenements there, or any Infrastructure (BW-RIOT-03)."""
    ward = state.wards[w]
    c = ward.controller
    if c < 0:
        return []
    return [b.uid for b in ward.buildings if b.owner == c or (b.owner < 0 and kind(b.card) == "I")]


def police_holder(state: State, dest: int) -> int:
    """The seat that may block a spread into ``dest`` with an unused Police Commissioner, or -1."""
    for p, player in enumerate(state.players):
        if "O-POL" in player.officials and not player.police_used and any(b.owner == p for b in state.wards[dest].buildings):
            return p
    return -1


def add_striker(out: Out, w: int, make_event: Any) -> None:
    """Emit an event adding one striker to Ward ``w``, then ignite it if it reached three (BW-RIOT-01/10)."""
    before = out.state.wards[w]
    out.emit(make_event)
    if not before.riot and out.state.wards[w].strikers >= RIOT_AT:
        out.emit(RiotIgnited(ward=w))


def chooser(state: State) -> int:
    """The seat whose decision the Riot queue waits on, or -1."""
    if state.police_target >= 0:
        return police_holder(state, state.police_target)
    if state.riots and state.riots[0].stage == 0:
        return state.wards[state.riots[0].ward].controller
    return -1


def step(out: Out) -> bool:
    """Resolve one part of the oldest pending Riot; False when its controller must choose a loss."""
    state = out.state
    task = state.riots[0]
    w = task.ward
    if task.stage == 0:
        options = loss_options(state, w)
        if not options:
            out.emit(LossSkipped(ward=w))
        elif len(options) == 1:
            _lose(out, w, options[0])
        else:
            return False
        return True
    dest = neighbours(w)[task.stage - 1]
    target = state.wards[dest]
    if has_infra(target, "I-CHK"):
        out.emit(SpreadBlocked(source=w, dest=dest, by="I-CHK"))
    elif target.strikers >= RIOT_AT:
        out.emit(SpreadBlocked(source=w, dest=dest, by="full"))
    elif police_holder(state, dest) >= 0:
        out.emit(PoliceConsulted(player=police_holder(state, dest), source=w, dest=dest))
        return False
    else:
        add_striker(out, dest, StrikerSpread(source=w, dest=dest))
    return True


def _lose(out: Out, w: int, uid: int) -> None:
    b = get(out.state.wards[w], uid)
    counted = b.owner >= 0
    out.emit(BuildingLost(ward=w, uid=uid, owner=b.owner, counted=counted, card=b.card))


def legal_loss(state: State, player: int) -> list[Any]:
    if state.police_target >= 0:
        return [PoliceBlock(block=True), PoliceBlock(block=False)] if police_holder(state, state.police_target) == player else []
    if chooser(state) != player:
        return []
    return [ChooseLoss(uid=u) for u in loss_options(state, state.riots[0].ward)]


def decide_choose_loss(out: Out, player: int, action: ChooseLoss) -> None:
    """The controller loses the chosen Building (BW-RIOT-03, BW-UPG-05: an upgrade goes with it)."""
    _lose(out, out.state.riots[0].ward, action.uid)


def decide_police_block(out: Out, player: int, action: PoliceBlock) -> None:
    """Block the pending spread (using the once-per-round power) or let it in."""
    state = out.state
    w, dest = state.riots[0].ward, state.police_target
    if action.block:
        out.emit(SpreadBlocked(source=w, dest=dest, by="O-POL"))
    else:
        add_striker(out, dest, StrikerSpread(source=w, dest=dest))


def revolution(out: Out) -> None:
    """Every claimed Ward is in Riot: the city falls at once (BW-GOAL-03, GAP-20)."""
    out.emit(GameEnded(result=revolution_result(out.state)))


# --- evolve ------------------------------------------------------------------------------


def _next_stage(state: State) -> State:
    head, rest = state.riots[0], state.riots[1:]
    if head.stage >= 2:
        return msgspec.structs.replace(state, riots=rest, police_target=-1)
    return msgspec.structs.replace(state, riots=(RiotTask(head.ward, head.stage + 1), *rest), police_target=-1)


def evolve_riot_ignited(state: State, e: RiotIgnited) -> State:
    ward = state.wards[e.ward]
    state = set_ward(state, e.ward, msgspec.structs.replace(ward, riot=True, strikers=RIOT_AT))
    labor = state.labor
    if labor is not None:
        ignited = tuple(True if i == e.ward else v for i, v in enumerate(labor.ignited))
        state = msgspec.structs.replace(state, labor=msgspec.structs.replace(labor, ignited=ignited))
    return msgspec.structs.replace(state, riots=(*state.riots, RiotTask(e.ward)))


def remove_building(state: State, w: int, uid: int) -> State:
    """Take a Building off the board; control lapses if the Ward becomes unclaimed (GAP-13)."""
    ward = state.wards[w]
    ward = msgspec.structs.replace(ward, buildings=tuple(b for b in ward.buildings if b.uid != uid))
    if not claimed(ward):
        ward = msgspec.structs.replace(ward, controller=-1)
    return set_ward(state, w, ward)


def evolve_building_lost(state: State, e: BuildingLost) -> State:
    state = remove_building(state, e.ward, e.uid)
    if e.counted:
        p = state.players[e.owner]
        state = set_player(state, e.owner, msgspec.structs.replace(p, lost=p.lost + 1))
    return _next_stage(state)


def evolve_loss_skipped(state: State, e: LossSkipped) -> State:
    return _next_stage(state)


def evolve_striker_spread(state: State, e: StrikerSpread) -> State:
    ward = state.wards[e.dest]
    state = set_ward(state, e.dest, msgspec.structs.replace(ward, strikers=min(RIOT_AT, ward.strikers + 1)))
    return _next_stage(state)


def evolve_spread_blocked(state: State, e: SpreadBlocked) -> State:
    if e.by == "O-POL":
        p = next(i for i, pl in enumerate(state.players) if "O-POL" in pl.officials)
        state = set_player(state, p, msgspec.structs.replace(state.players[p], police_used=True))
    return _next_stage(state)


def evolve_police_consulted(state: State, e: PoliceConsulted) -> State:
    return msgspec.structs.replace(state, police_target=e.dest)


def evolve_game_ended(state: State, e: GameEnded) -> State:
    return msgspec.structs.replace(state, phase=OVER, result=e.result, riots=(), police_target=-1)


HANDLERS: dict[type, Any] = {
    RiotIgnited: evolve_riot_ignited,
    BuildingLost: evolve_building_lost,
    LossSkipped: evolve_loss_skipped,
    StrikerSpread: evolve_striker_spread,
    SpreadBlocked: evolve_spread_blocked,
    PoliceConsulted: evolve_police_consulted,
    GameEnded: evolve_game_ended,
}
DECIDERS: dict[type, Any] = {ChooseLoss: decide_choose_loss, PoliceBlock: decide_police_block}
