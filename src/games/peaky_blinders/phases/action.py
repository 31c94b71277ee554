"""Action phase: take henchmen back in board order, roll, collect the location's rewards (PB-ACTION, PB-LOC)."""

from __future__ import annotations

import msgspec

from .. import catalog as C
from ..events import Gained, HenchmanRetrieved, RollsSettled
from ..flow import Ctx
from ..state import State
from . import conflict, starter
from .fortune import totals
from .suspicion import lower_suspicion, raise_suspicion


def step(ctx: Ctx) -> None:
    """Resolve the open conflict or roll, or take back the next henchman, or start the open game state."""
    state = ctx.state
    if state.conflict is not None:
        conflict.step(ctx)
        return
    if state.rolls:
        settle_reward(ctx)
        return
    board = state.round.board
    space = next((i for i in range(state.round.cursor, len(board)) if board[i] >= 0), -1)
    if space < 0:
        starter.begin(ctx, "ogs")
        return
    seat, henchman = divmod(board[space], 3)
    ctx.emit(HenchmanRetrieved(player=seat, henchman=henchman, zone=state.zone, space=space))
    if C.SPACES[space][0] == C.CONFLICT_ROW:
        conflict.begin(ctx, seat, henchman)
    else:
        ctx.roll(seat)


def total_score(state: State, seat: int, henchman: int, roll_total: int) -> int:
    """d8 (+ fortune) + the henchman's upgrade tokens (PB-ACTION-04, GAP-15)."""
    return roll_total + state.players[seat].res[C.ITEM[C.HENCHMEN[henchman]]]


def settle_reward(ctx: Ctx) -> None:
    """Rewards one by one, then a strength henchman's suspicion, then the jail check (GAP-15)."""
    state = ctx.state
    seat, henchman = divmod(state.round.current, 3)
    total = total_score(state, seat, henchman, totals(state)[0])
    ctx.emit(RollsSettled(players=(seat,), totals=(total,)))
    count, suspicion = C.rewards(henchman, total)
    location = C.LOCATIONS[state.zone][C.SPACES[state.round.cursor - 1][0]]
    for _ in range(count):
        give_reward(ctx, seat, location.reward)
    if suspicion:
        raise_suspicion(ctx, seat, suspicion)


def give_reward(ctx: Ctx, seat: int, reward: str) -> None:
    """One reward of a location (PB-LOC-01..13)."""
    if reward == "suspicion":
        lower_suspicion(ctx, seat, 1)
    elif reward == "card":
        ctx.draw_card(seat)
    elif reward in C.MATERIALS or reward == "cash":
        ctx.emit(Gained(player=seat, item=C.ONE_ITEM[reward], amount=1))
    elif reward == "strength" and ctx.state.players[seat].jailed:
        return  # a jailed strength henchman's square takes no tokens (GAP-16)
    else:
        ctx.emit(Gained(player=seat, item=reward, amount=1))


def evolve_henchman_retrieved(state: State, event: HenchmanRetrieved) -> State:
    round_ = msgspec.structs.replace(state.round, cursor=event.space + 1, current=event.player * 3 + event.henchman)
    return msgspec.structs.replace(state, round=round_)
