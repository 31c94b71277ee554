"""The Epsom Derby after every Central London round (PB-DERBY, GAP-19)."""

from __future__ import annotations

import msgspec

from boardcore import Turn
from boardcore.seat_order import next_seat
from boardcore.tuples import put

from .. import catalog as C
from ..events import BetPlaced, DerbyBegan, DerbyWon, Event, HorseMoved, RollsSettled
from ..resources import cash, pay, roll
from ..state import Derby, State
from . import starter
from .fortune import totals

__all__ = ["begin", "evolve_bet_placed", "evolve_derby_began", "evolve_derby_won", "evolve_horse_moved", "step"]


def begin(turn: Turn[State, Event]) -> None:
    """Horses start on the first circle, moved by horsepower; everyone with cash bets one card."""
    state = turn.state
    positions = tuple(min(p.res[C.HORSEPOWER], C.DERBY_HEAD_START_MAX) for p in state.players)
    turn.emit(DerbyBegan(positions=positions))
    for seat, player in enumerate(turn.state.players):
        if cash(player.res) > 0:
            turn.emit(BetPlaced(player=seat))
    starter.begin(turn, "derby")


def step(turn: Turn[State, Event]) -> None:
    """Roll the racing die for the player on turn, or move their horse once the roll is final."""
    state = turn.state
    if not state.rolls:
        roll(turn, state.turn, sides=6)
        return
    seat = state.turn
    spaces = totals(state)[0]
    turn.emit(RollsSettled(players=(seat,), totals=(spaces,)))
    assert state.derby is not None
    turn.emit(HorseMoved(player=seat, spaces=spaces, position=state.derby.positions[seat] + spaces))
    derby = turn.state.derby
    assert derby is not None
    if derby.positions[seat] >= C.DERBY_FINISH:
        payout = derby.pot + state.players[seat].res[C.MEMBERS] if derby.bets[seat] else 0
        turn.emit(DerbyWon(player=seat, pot=derby.pot, payout=payout))


def evolve_derby_began(state: State, event: DerbyBegan) -> State:
    derby = Derby(positions=event.positions, bets=(False,) * len(state.players))
    return msgspec.structs.replace(state, phase="derby", derby=derby)


def evolve_bet_placed(state: State, event: BetPlaced) -> State:
    derby = state.derby
    assert derby is not None
    player = state.players[event.player]
    player = msgspec.structs.replace(player, res=pay(player.res, 1))
    bets = put(derby.bets, event.player, True)
    derby = msgspec.structs.replace(derby, bets=bets, pot=derby.pot + 1)
    return msgspec.structs.replace(state, derby=derby, players=put(state.players, event.player, player))


def evolve_horse_moved(state: State, event: HorseMoved) -> State:
    derby = state.derby
    assert derby is not None
    positions = list(derby.positions)
    positions[event.player] += event.spaces
    derby = msgspec.structs.replace(derby, positions=tuple(positions))
    return msgspec.structs.replace(state, derby=derby, turn=next_seat(event.player, len(state.players)))


def evolve_derby_won(state: State, event: DerbyWon) -> State:
    player = state.players[event.player]
    res = list(player.res)
    res[C.CASH1] += event.payout
    player = msgspec.structs.replace(player, res=tuple(res), derby_wins=player.derby_wins + 1)
    return msgspec.structs.replace(state, players=put(state.players, event.player, player), derby=None, progress=msgspec.structs.replace(state.progress, derbies=state.progress.derbies + 1))
