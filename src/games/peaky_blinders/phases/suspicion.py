"""Suspicion and jail (PB-SUSP, GAP-16): the suspicion meter moves, and a full meter jails the strength henchman.

Bail-out (PB-BAIL), which frees him, is a turn of the open game state (``open_state``).
"""

from __future__ import annotations

import msgspec

from boardcore import Turn

from .. import catalog as C
from ..events import Event, Gained, Jailed, Lost
from ..resources import with_player
from ..state import State

__all__ = ["evolve_jailed", "lower_suspicion", "raise_suspicion"]


def raise_suspicion(turn: Turn[State, Event], seat: int, amount: int) -> None:
    """Move the bar right; reaching the last square jails the strength henchman."""
    player = turn.state.players[seat]
    step = min(amount, C.SUSPICION_MAX - player.res[C.SUSPICION])
    if step > 0:
        turn.emit(Gained(player=seat, item="suspicion", amount=step))
    player = turn.state.players[seat]
    if not player.jailed and player.res[C.SUSPICION] >= C.SUSPICION_MAX:
        turn.emit(Jailed(player=seat))


def lower_suspicion(turn: Turn[State, Event], seat: int, amount: int) -> None:
    """Move the bar left, never below the first square (PB-LOC-07)."""
    step = min(amount, turn.state.players[seat].res[C.SUSPICION] - C.SUSPICION_MIN)
    if step > 0:
        turn.emit(Lost(player=seat, item="suspicion", amount=step))


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
    return with_player(state, event.player, player)
