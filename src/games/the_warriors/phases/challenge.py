"""Rulebook "Challenged to a Fight": the secret look, fight or run, Bottles
(WR-CHAL-01..07, GAP-14, GAP-25)."""

from __future__ import annotations

from typing import Any

from .. import catalog as cat
from ..actions import Run, StandAndFight
from ..events import Challenged, ChoseFight, GameEnded, LocationPeeked, LocationStackShuffled, Ran, WarriorsDropped
from ..flow import Tx
from ..state import State, update


def challenge(tx: Tx, seat: int, can_run: bool) -> None:
    """WR-CHAL-02: the challenged Warrior secretly looks at the top Location tile."""
    tx.emit(Challenged(player=seat, can_run=can_run))
    tx.emit(LocationPeeked(player=seat, tile=tx.state.loc_down[0]))
    tx.offer("challenge", seat, can_run=can_run)


def legal(state: State, seat: int) -> list[Any]:
    p = state.pending
    assert p is not None
    if seat != p.player:
        return []
    return [StandAndFight(), Run()] if p.can_run else [StandAndFight()]


def decide(tx: Tx, seat: int, action: Any) -> None:
    from . import city, fight

    tile = tx.state.loc_down[0]
    if isinstance(action, StandAndFight):
        tx.emit(ChoseFight(player=seat))
        fight.start_fight(tx, seat, tile, showdown=False)
        return
    tx.emit(Ran(player=seat, tile=tile))
    if not tx.state.loc_down:
        tx.emit(LocationStackShuffled(order=tx.shuffle(tx.state.loc_up)))
    s = tx.state
    steps = s.bottles
    room = len(s.track) - 1 - s.track.index(cat.WARRIORS_FIGURE)
    if steps > room:
        if room:
            tx.emit(WarriorsDropped(steps=room))
        tx.emit(GameEnded(won=False, reason=f"the Warriors ran once too often: {s.bottles} Bottle{'s' if s.bottles > 1 else ''} pushed them off the Reputation Track"))
        return
    tx.emit(WarriorsDropped(steps=steps))
    city.end_turn(tx)


# --- folds ------------------------------------------------------------------------------------


def evolve_challenged(state: State, e: Challenged) -> State:
    return state


def evolve_location_peeked(state: State, e: LocationPeeked) -> State:
    return state


def evolve_chose_fight(state: State, e: ChoseFight) -> State:
    return update(state, loc_down=state.loc_down[1:], instigator=e.player)


def evolve_ran(state: State, e: Ran) -> State:
    return update(state, loc_down=state.loc_down[1:], loc_up=(*state.loc_up, e.tile), bottles=state.bottles + 1)


HANDLERS: dict[type, Any] = {
    Challenged: evolve_challenged,
    LocationPeeked: evolve_location_peeked,
    ChoseFight: evolve_chose_fight,
    Ran: evolve_ran,
}
