"""Strikes, Riots and Revolution (BW-RIOT-01..04, 10, 11; BW-GOAL-03..05; GAP-17, GAP-20; O-POL).

A Riot ignites the moment a Ward reaches three strikers (in Labor or out of it), and
Revolution is checked at once (:func:`check_revolution`, the flow's watch). The Riot's
Building loss and its spread to the two neighbours are queued (first in, first out) and
resolved before play continues (BW-RIOT-11); a spread that brings a calm Ward to three
ignites it in turn. Two decisions can interrupt the queue: the controller's choice of the
Building lost (when there is more than one to choose from) and the Police Commissioner's
block of a spread into a Ward where its holder owns a Building.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from boardcore import Decision, Refusal, Turn
from boardcore.kernel import no_problem

from ..actions import ChooseLoss, PoliceBlock
from ..board import claimed, find, has_infra, kind, revolution_now, set_player, set_ward
from ..catalog import BOARD_UIDS, RIOT_AT, WARD_NAMES, neighbours
from ..codes import RIOT_NOT_IN_WARD, RIOT_NOT_YOURS
from ..events import (
    BuildingDestroyed,
    BuildingLost,
    Event,
    GameEnded,
    LossSkipped,
    PoliceConsulted,
    RiotIgnited,
    SpreadBlocked,
    StrikerAdded,
    StrikerMoved,
    StrikerSpread,
)
from ..scoring import revolution_result
from ..state import OVER, Building, RiotTask, State

# --- the Riot's Building loss (BW-RIOT-03, GAP-17 items 1-2) ----------------------------


def can_lose(b: Building, controller: int) -> bool:
    """The Riot takes one of the controller's own Factories or Tenements, or any Infrastructure; never a neutral Factory."""
    return b.owner == controller or (b.owner < 0 and kind(b.card) == "I")


def loss_options(state: State, w: int) -> list[int]:
    """Uids the controller of Ward ``w`` may lose, in board order (none without a controller)."""
    c = state.wards[w].controller
    if c < 0:
        return []
    return [b.uid for b in state.wards[w].buildings if can_lose(b, c)]


def loss_pending(state: State) -> bool:
    """The oldest Riot waits for its controller to pick one of several Buildings to lose."""
    return bool(state.riots) and state.riots[0].stage == 0 and len(loss_options(state, state.riots[0].ward)) > 1


LOSSES = tuple(ChooseLoss(uid=uid) for uid in range(BOARD_UIDS))
"""Every loss choice, by uid, built once."""


def loss_candidates(state: State, seat: int) -> list[ChooseLoss]:
    """Every Building in the rioting Ward."""
    return [LOSSES[b.uid] for b in state.wards[state.riots[0].ward].buildings]


def loss_problem(state: State, seat: int, action: ChooseLoss) -> Refusal | None:
    """BW-RIOT-03: a Building of the rioting Ward that its controller may lose."""
    w = state.riots[0].ward
    b = find(state.wards[w], action.uid)
    if b is None:
        return Refusal(f"Building #{action.uid} is not in Ward {WARD_NAMES[w]}, the Ward in Riot", RIOT_NOT_IN_WARD, "BW-RIOT-03")
    if not can_lose(b, seat):
        msg = "the Riot takes one of your own Factories or Tenements in the Ward, or any Infrastructure there; never a rival's or a neutral Building"
        return Refusal(msg, RIOT_NOT_YOURS, "BW-RIOT-03")
    return None


def choose_loss(turn: Turn[State, Event], seat: int, action: ChooseLoss) -> None:
    """The controller loses the chosen Building (BW-UPG-05: an upgrade goes with it)."""
    lose(turn, turn.state.riots[0].ward, action.uid)


def lose(turn: Turn[State, Event], w: int, uid: int) -> None:
    """Ward ``w`` loses Building ``uid``; a Factory or Tenement counts against its owner (BW-END-05)."""
    b = find(turn.state.wards[w], uid)
    assert b is not None
    turn.emit(BuildingLost(ward=w, uid=uid, owner=b.owner, counted=b.owner >= 0, card=b.card))


def evolve_building_lost(state: State, e: BuildingLost) -> State:
    state = remove_building(state, e.ward, e.uid)
    if e.counted:
        p = state.players[e.owner]
        state = set_player(state, e.owner, msgspec.structs.replace(p, lost=p.lost + 1))
    return _next_stage(state)


LOSS: Decision[State, ChooseLoss] = Decision(
    rules={ChooseLoss: (loss_problem, choose_loss)},
    candidates=loss_candidates,
    ask="choose the Building the Riot destroys",
    clause="BW-RIOT-03",
)

# --- the Police Commissioner (O-POL: once per round, a spread into a Ward where you own a Building) --


def police_holder(state: State, dest: int) -> int:
    """The seat that may block a spread into ``dest``: it holds the Police Commissioner, has not blocked this
    round, and owns a Building in ``dest``; -1 if none.

    "Once per round ... you may block it": the power is used by a block. Letting a striker through uses nothing,
    so the holder is asked again at the next spread into one of their Wards in the same round (see the docs).
    """
    for p, player in enumerate(state.players):
        if "O-POL" in player.officials and not player.police_used and any(b.owner == p for b in state.wards[dest].buildings):
            return p
    return -1


BLOCK_OR_ALLOW = (PoliceBlock(block=True), PoliceBlock(block=False))


def police_candidates(state: State, seat: int) -> Sequence[PoliceBlock]:
    """Block the striker, or let it in."""
    return BLOCK_OR_ALLOW


def answer_police(turn: Turn[State, Event], seat: int, action: PoliceBlock) -> None:
    """Block the pending spread (using the once-per-round power), or let the striker in."""
    state = turn.state
    w, dest = state.riots[0].ward, state.police_target
    if action.block:
        turn.emit(SpreadBlocked(source=w, dest=dest, by="O-POL"))
    else:
        add_striker(turn, dest, StrikerSpread(source=w, dest=dest))


def evolve_striker_spread(state: State, e: StrikerSpread) -> State:
    ward = state.wards[e.dest]
    state = set_ward(state, e.dest, msgspec.structs.replace(ward, strikers=min(RIOT_AT, ward.strikers + 1)))
    return _next_stage(state)


def evolve_spread_blocked(state: State, e: SpreadBlocked) -> State:
    """A Police Commissioner block uses its holder's power for the rest of the round."""
    if e.by == "O-POL":
        p = next(i for i, pl in enumerate(state.players) if "O-POL" in pl.officials)
        state = set_player(state, p, msgspec.structs.replace(state.players[p], police_used=True))
    return _next_stage(state)


POLICE: Decision[State, PoliceBlock] = Decision(
    rules={PoliceBlock: (no_problem, answer_police)},
    candidates=police_candidates,
    ask="block the spreading striker with the Police Commissioner or let it in",
    clause="BW-PRIO-01",
    legal=lambda state, seat: list(BLOCK_OR_ALLOW),
)

# --- strikers, ignition, spread --------------------------------------------------------------


def add_striker(turn: Turn[State, Event], w: int, event: StrikerAdded | StrikerMoved | StrikerSpread) -> None:
    """Emit an event adding one striker to Ward ``w``, then ignite it if it reached three (BW-RIOT-01/10)."""
    before = turn.state.wards[w]
    turn.emit(event)
    if not before.riot and turn.state.wards[w].strikers >= RIOT_AT:
        turn.emit(RiotIgnited(ward=w))


def evolve_riot_ignited(state: State, e: RiotIgnited) -> State:
    ward = state.wards[e.ward]
    state = set_ward(state, e.ward, msgspec.structs.replace(ward, riot=True, strikers=RIOT_AT))
    labor = state.labor
    if labor is not None:
        ignited = tuple(True if i == e.ward else v for i, v in enumerate(labor.ignited))
        state = msgspec.structs.replace(state, labor=msgspec.structs.replace(labor, ignited=ignited))
    return msgspec.structs.replace(state, riots=(*state.riots, RiotTask(e.ward)))


def resolve(turn: Turn[State, Event]) -> None:
    """Automatic: one part of the oldest pending Riot (its loss when there is no choice, or one spread)."""
    state = turn.state
    task = state.riots[0]
    w = task.ward
    if task.stage == 0:
        options = loss_options(state, w)
        if options:
            lose(turn, w, options[0])  # the only one: with more, the controller decides (LOSS)
        else:
            turn.emit(LossSkipped(ward=w))
        return
    dest = neighbours(w)[task.stage - 1]
    target = state.wards[dest]
    if has_infra(target, "I-CHK"):
        turn.emit(SpreadBlocked(source=w, dest=dest, by="I-CHK"))
    elif target.strikers >= RIOT_AT:
        turn.emit(SpreadBlocked(source=w, dest=dest, by="full"))
    else:
        holder = police_holder(state, dest)
        if holder >= 0:
            turn.emit(PoliceConsulted(player=holder, source=w, dest=dest))
        else:
            add_striker(turn, dest, StrikerSpread(source=w, dest=dest))


def evolve_loss_skipped(state: State, e: LossSkipped) -> State:
    return _next_stage(state)


def evolve_police_consulted(state: State, e: PoliceConsulted) -> State:
    return msgspec.structs.replace(state, police_target=e.dest)


TOPPLING = frozenset({RiotIgnited, BuildingLost, BuildingDestroyed})
"""The only events that can leave every claimed Ward in Riot: an ignition, or a calm Ward's last Building gone."""


def check_revolution(turn: Turn[State, Event]) -> None:
    """Every claimed Ward is in Riot: the city falls at once, before anything else resolves (BW-GOAL-03, GAP-20)."""
    if type(turn.events[-1]) in TOPPLING and revolution_now(turn.state):
        turn.emit(GameEnded(result=revolution_result(turn.state)))


def evolve_game_ended(state: State, e: GameEnded) -> State:
    return msgspec.structs.replace(state, phase=OVER, result=e.result, riots=(), police_target=-1)


# --- what the folds above share -------------------------------------------------------------------


def _next_stage(state: State) -> State:
    head, rest = state.riots[0], state.riots[1:]
    if head.stage >= 2:
        return msgspec.structs.replace(state, riots=rest, police_target=-1)
    return msgspec.structs.replace(state, riots=(RiotTask(head.ward, head.stage + 1), *rest), police_target=-1)


def remove_building(state: State, w: int, uid: int) -> State:
    """Take a Building off the board; control lapses if the Ward becomes unclaimed (GAP-13)."""
    ward = state.wards[w]
    ward = msgspec.structs.replace(ward, buildings=tuple(b for b in ward.buildings if b.uid != uid))
    if not claimed(ward):
        ward = msgspec.structs.replace(ward, controller=-1)
    return set_ward(state, w, ward)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    RiotIgnited: evolve_riot_ignited,
    BuildingLost: evolve_building_lost,
    LossSkipped: evolve_loss_skipped,
    StrikerSpread: evolve_striker_spread,
    SpreadBlocked: evolve_spread_blocked,
    PoliceConsulted: evolve_police_consulted,
    GameEnded: evolve_game_ended,
}
