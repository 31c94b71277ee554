"""Suspicion and jail (PB-SUSP, GAP-16): the suspicion meter moves, and a full meter jails the strength henchman.

Bail-out (PB-BAIL), which frees him, is a turn of the open game state (``open_state``).
"""

from __future__ import annotations

import msgspec

from .. import catalog as C
from ..events import Gained, Jailed, Lost
from ..flow import Ctx, replace_player
from ..state import State


def raise_suspicion(ctx: Ctx, seat: int, amount: int) -> None:
    """Move the bar right; reaching the last square jails the strength henchman."""
    player = ctx.state.players[seat]
    step = min(amount, C.SUSPICION_MAX - player.res[C.SUSPICION])
    if step > 0:
        ctx.emit(Gained(player=seat, item="suspicion", amount=step))
    player = ctx.state.players[seat]
    if not player.jailed and player.res[C.SUSPICION] >= C.SUSPICION_MAX:
        ctx.emit(Jailed(player=seat))


def lower_suspicion(ctx: Ctx, seat: int, amount: int) -> None:
    """Move the bar left, never below the first square (PB-LOC-07)."""
    step = min(amount, ctx.state.players[seat].res[C.SUSPICION] - C.SUSPICION_MIN)
    if step > 0:
        ctx.emit(Lost(player=seat, item="suspicion", amount=step))


def evolve_jailed(state: State, event: Jailed) -> State:
    """To jail with all strength tokens removed (PB-SUSP-04/06).

    He is never still waiting on a board space: suspicion rises only from a strength
    henchman's own rewards, after he was taken back, or from an Offence card in the
    open game state, when the board is empty (so GAP-16's "removed from his space" never applies).
    """
    player = state.players[event.player]
    res = list(player.res)
    res[C.ITEM["strength"]] = 0
    player = msgspec.structs.replace(player, res=tuple(res), jailed=True)
    return msgspec.structs.replace(state, players=replace_player(state, event.player, player))
