"""Cleanup (BW-ROUND-04..08, GAP-26): reset round effects, burn out empty Riots, check victory, swap the start."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from boardcore import Turn
from boardcore.seat_order import next_seat

from ..board import claimed, set_ward
from ..events import Event, GameEnded, RoundCleanedUp, RoundStarted, WardBurnedOut
from ..scoring import consolidation_result, limit_result
from ..state import INVEST, State


def run(turn: Turn[State, Event]) -> None:
    """Automatic, after the last Ward's Labor: workers return and round effects reset; burn-out; Consolidation,
    then the round limit; else the next round, the other player starting."""
    turn.emit(RoundCleanedUp(round=turn.state.round))
    for w, ward in enumerate(turn.state.wards):
        if ward.riot and not claimed(ward):
            turn.emit(WardBurnedOut(ward=w))
    state = turn.state
    result = consolidation_result(state)
    if result is None and state.round >= state.max_rounds:
        result = limit_result(state)
    if result is not None:
        turn.emit(GameEnded(result=result))
        return
    turn.emit(RoundStarted(round=state.round + 1, start_player=next_seat(state.start_player, len(state.players))))


def evolve_round_cleaned_up(state: State, e: RoundCleanedUp) -> State:
    """Workers return to their pools (no worker is tracked outside Labor), Job counters and Job effects end,
    once-per-round and once-per-Labor powers refresh (GAP-26 items 1-4)."""
    wards = tuple(msgspec.structs.replace(w, jobs=0, saboteur=(False, False), heavy=(0, 0)) for w in state.wards)
    players = tuple(msgspec.structs.replace(p, inspector_used=False, police_used=False) for p in state.players)
    return msgspec.structs.replace(state, labor=None, wards=wards, players=players)


def evolve_ward_burned_out(state: State, e: WardBurnedOut) -> State:
    """An unclaimed rioting Ward leaves Riot with one striker fewer (GAP-17 item 6)."""
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, riot=False, strikers=max(0, ward.strikers - 1)))


def evolve_round_started(state: State, e: RoundStarted) -> State:
    """The starting player changes (BW-SETUP-11, BW-ROUND-08)."""
    return msgspec.structs.replace(
        state,
        phase=INVEST,
        round=e.round,
        start_player=e.start_player,
        turn=e.start_player,
        turns_done=0,
        placed=False,
        harbour_sold=0,
    )


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    RoundCleanedUp: evolve_round_cleaned_up,
    WardBurnedOut: evolve_ward_burned_out,
    RoundStarted: evolve_round_started,
}
