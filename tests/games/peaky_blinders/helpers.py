"""Peaky Blinders table builders for scenario tests (the driving, dice and refusals come from ``boardcore.testing``)."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from games.peaky_blinders import GAME
from games.peaky_blinders import catalog as C
from games.peaky_blinders.state import State

replace = msgspec.structs.replace
T = TypeVar("T")


NESTED = {
    **dict.fromkeys(("board", "passed", "cursor", "current"), "round"),
    **dict.fromkeys(("buying", "trading", "placed", "visited", "exchanged"), "turns"),
    **dict.fromkeys(("deck", "discard", "stacks", "fortune"), "supplies"),
    **dict.fromkeys(("derbies", "max_derbies", "winner"), "progress"),
}
"""Which nested record holds a field (``State.round``, ``.turns``, ``.supplies``, ``.progress``)."""


def setf(state: State, **fields: Any) -> State:
    """The table with fields replaced, top-level or inside the nested record that holds them."""
    top = {k: v for k, v in fields.items() if k not in NESTED}
    for record in set(NESTED.values()):
        inner = {k: v for k, v in fields.items() if NESTED.get(k) == record}
        if inner:
            top[record] = replace(getattr(state, record), **inner)
    return replace(state, **top)


def table(n: int = 3, seed: int = 0, **fields: Any) -> State:
    """A freshly set-up table (missions dealt, none shown yet) with some fields replaced (see ``setf``)."""
    state = GAME.setup(GAME.config(n), seed)
    players = tuple(replace(p, face_up=0) for p in state.players)
    state = replace(state, players=players, reveal=None)
    return setf(state, **fields)


def give(state: State, seat: int, **items: Any) -> State:
    """Set counters (``cash1=3``), or other player fields (``jailed=True``, ``hand=(...)``)."""
    player = state.players[seat]
    res = list(player.res)
    other = {}
    for name, value in items.items():
        if name in C.ITEM:
            res[C.ITEM[name]] = value
        else:
            other[name] = value
    player = replace(player, res=tuple(res), **other)
    return replace(state, players=(*state.players[:seat], player, *state.players[seat + 1 :]))


def res(state: State, seat: int, item: str) -> int:
    """One counter of one seat."""
    return state.players[seat].res[C.ITEM[item]]


def markers(state: State, zone: int, counts: tuple[int, ...]) -> State:
    """Set one zone's control markers (counts per seat)."""
    return replace(state, markers=(*state.markers[:zone], counts, *state.markers[zone + 1 :]))


def of(events: list[Any], kind: type[T]) -> list[T]:
    """The events of one type, in order."""
    return [e for e in events if type(e) is kind]


def action_table(n: int, zone: int, placements: dict[int, tuple[int, int]], **fields: Any) -> State:
    """The action phase of ``zone`` with henchmen on spaces: ``{space: (seat, henchman)}``."""
    board = [-1] * 14
    for space, (seat, henchman) in placements.items():
        board[space] = seat * 3 + henchman
    return table(n, phase="action", zone=zone, board=tuple(board), cursor=0, **fields)


def no_fortune(state: State) -> State:
    """Nobody holds a fortune token (so no roll waits for a fortune decision)."""
    for seat in range(len(state.players)):
        state = give(state, seat, fortune=0)
    return state


def ogs_table(n: int = 3, zone: int = 1, turn: int = 0, **fields: Any) -> State:
    """An open game state in ``zone`` with ``turn`` to act."""
    return table(n, phase="ogs", zone=zone, turn=turn, starter=turn, visited=(False,) * n, **fields)
