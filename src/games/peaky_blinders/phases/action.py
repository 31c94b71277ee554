"""Action phase: take henchmen back in board order, roll, collect the location's rewards (PB-ACTION, PB-LOC)."""

from __future__ import annotations

import msgspec

from boardcore import Turn

from .. import catalog as C
from ..events import Event, Gained, HenchmanRetrieved, RollsSettled
from ..resources import draw_card, roll
from ..state import State
from . import conflict, starter
from .fortune import totals
from .suspicion import lower_suspicion, raise_suspicion

__all__ = ["evolve_henchman_retrieved", "give_reward", "settle_reward", "step", "total_score"]


def step(turn: Turn[State, Event]) -> None:
    """Resolve the open conflict or roll, or take back the next henchman, or start the open game state."""
    state = turn.state
    if state.conflict is not None:
        conflict.step(turn)
        return
    if state.rolls:
        settle_reward(turn)
        return
    board = state.round.board
    space = next((i for i in range(state.round.cursor, len(board)) if board[i] >= 0), -1)
    if space < 0:
        starter.begin(turn, "ogs")
        return
    seat, henchman = divmod(board[space], 3)
    turn.emit(HenchmanRetrieved(player=seat, henchman=henchman, zone=state.zone, space=space))
    if C.SPACES[space][0] == C.CONFLICT_ROW:
        conflict.begin(turn, seat, henchman)
    else:
        roll(turn, seat)


def total_score(state: State, seat: int, henchman: int, roll_total: int) -> int:
    """d8 (+ fortune) + the henchman's upgrade tokens (PB-ACTION-04, GAP-15)."""
    return roll_total + state.players[seat].res[C.ITEM[C.HENCHMEN[henchman]]]


def settle_reward(turn: Turn[State, Event]) -> None:
    """Rewards one by one, then a strength henchman's suspicion, then the jail check (GAP-15)."""
    state = turn.state
    seat, henchman = divmod(state.round.current, 3)
    total = total_score(state, seat, henchman, totals(state)[0])
    turn.emit(RollsSettled(players=(seat,), totals=(total,)))
    count, suspicion = C.rewards(henchman, total)
    location = C.LOCATIONS[state.zone][C.SPACES[state.round.cursor - 1][0]]
    for _ in range(count):
        give_reward(turn, seat, location.reward)
    if suspicion:
        raise_suspicion(turn, seat, suspicion)


def give_reward(turn: Turn[State, Event], seat: int, reward: str) -> None:
    """One reward of a location (PB-LOC-01..13)."""
    if reward == "suspicion":
        lower_suspicion(turn, seat, 1)
    elif reward == "card":
        draw_card(turn, seat)
    elif reward in C.MATERIALS or reward == "cash":
        turn.emit(Gained(player=seat, item=C.ONE_ITEM[reward], amount=1))
    elif reward == "strength" and turn.state.players[seat].jailed:
        return  # a jailed strength henchman's square takes no tokens (GAP-16)
    else:
        turn.emit(Gained(player=seat, item=reward, amount=1))


def evolve_henchman_retrieved(state: State, event: HenchmanRetrieved) -> State:
    round_ = msgspec.structs.replace(state.round, cursor=event.space + 1, current=event.player * 3 + event.henchman)
    return msgspec.structs.replace(state, round=round_)
