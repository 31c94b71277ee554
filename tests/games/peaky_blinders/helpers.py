"""Peaky Blinders table builders for scenario tests (the driving, dice and refusals come from ``boardcore.testing``)."""

from __future__ import annotations

import re
from typing import Any, TypeVar

import msgspec

from boardcore import IllegalAction
from boardcore.testing import act, refused, rig, settle
from games.peaky_blinders import GAME
from games.peaky_blinders import actions as A
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

STRENGTH, CHARISMA, INTELLECT = 0, 1, 2

ONE_OF_EACH: list[Any] = [
    A.RevealMission(slot=0),
    A.UseFortune(),
    A.DeclineFortune(),
    A.PlaceHenchman(henchman="charisma", space=0),
    A.PassPlacement(),
    A.ChooseDefender(defender=1),
    A.SwapMarker(),
    A.DeclineSwap(),
    A.PlayCard(card="DEF-01"),
    A.ChooseOption(option="rum"),
    A.BuyMarker(zone=0),
    A.BailOut(),
    A.SellMaterial(material="rum", stack=0),
    A.BuyMaterial(stack=0),
    A.SwapMaterial(material="rum", stack=0),
    A.Exchange(good="cash", up=False),
    A.EndTurn(),
    A.Pass(),
]
"""One action of every type in the union."""

ENGINE_CODES = ("turn/not_your_turn", "game/over", "action/malformed")
"""Refusals the engine makes before any rule runs: they name the action and the player, but no clause."""


def reveal_table() -> State:
    return GAME.setup(GAME.config(3), 11)


def prep_table() -> State:
    return table(3, phase="prep", turn=0, starter=0, passed=(False,) * 3)


def fortune_table() -> State:
    _, state = settle(GAME, rig(action_table(3, 2, {8: (1, CHARISMA)}), 5))
    return state


def defender_table() -> State:
    state = markers(no_fortune(action_table(3, 2, {12: (0, CHARISMA)})), 2, (0, 2, 1))
    _, state = settle(GAME, state)
    return state


def swap_table() -> State:
    state = give(give(defender_table(), 0, charisma=3, members=8), 1, charisma=0)
    _, state = act(GAME, rig(state, 8, 1), 0, A.ChooseDefender(defender=1))
    return state


def choice_table() -> State:
    state = give(ogs_table(3), 0, hand=("DEF-05",), intellect=0, fortune=0)
    _, state = act(GAME, rig(state, 1), 0, A.PlayCard(card="DEF-05"))
    return state


def turn_table() -> State:
    return ogs_table(3)


def over_table() -> State:
    state = give(ogs_table(3, zone=1, turn=2), 2, missions=("M05", "M07", "C3"), done=(True, True), cash1=3, cash5=1)
    _, state = act(GAME, markers(state, 2, (0, 0, 3)), 2, A.BuyMarker(zone=2))
    assert state.phase == "over"
    return state


TABLES = {
    "reveal": reveal_table,
    "place": prep_table,
    "fortune": fortune_table,
    "defender": defender_table,
    "swap": swap_table,
    "choice": choice_table,
    "turn": turn_table,
    "over": over_table,
}


def refuse(state: State, seat: int, action: Any) -> IllegalAction:
    """The action must be refused: a typed code, a message naming the action, the player and (for a rule) the
    clause; the table is untouched."""
    before = msgspec.msgpack.encode(state)
    e = refused(GAME, state, seat, action)
    assert msgspec.msgpack.encode(state) == before
    assert re.fullmatch(r"[a-z_]+/[a-z_0-9]+", e.code), e.code
    assert type(action).__name__ in e.message and f"player {seat}" in e.message
    if e.code not in ENGINE_CODES:
        assert e.clause is not None and e.clause in e.message
    if 0 <= seat < len(state.players):
        assert action not in GAME.legal_actions(state, seat)
    return e


MALFORMED: dict[str, list[Any]] = {
    "reveal": [A.RevealMission(slot=3), A.RevealMission(slot=-1), A.RevealMission(slot="0")],  # type: ignore[arg-type]
    "place": [
        A.PlaceHenchman(henchman="horse", space=0),  # type: ignore[arg-type]
        A.PlaceHenchman(henchman="strength", space=14),
        A.PlaceHenchman(henchman="strength", space=-1),
        A.PlaceHenchman(henchman="strength", space="0"),  # type: ignore[arg-type]
        A.PlaceHenchman(henchman="strength", space=None),  # type: ignore[arg-type]
    ],
    "defender": [A.ChooseDefender(defender=0), A.ChooseDefender(defender=9), A.ChooseDefender(defender="1")],  # type: ignore[arg-type]
    "swap": [A.SwapMarker(from_zone=7), A.SwapMarker(from_zone="x")],  # type: ignore[arg-type]
    "choice": [A.ChooseOption(option="gold"), A.ChooseOption(option="strength"), A.ChooseOption(option=3)],  # type: ignore[arg-type]
    "turn": [
        A.PlayCard(card="XXX-99"),
        A.PlayCard(card="DEF-01", target=1),
        A.PlayCard(card=["DEF-01"]),  # type: ignore[arg-type]
        A.BuyMarker(zone=4),
        A.BuyMarker(zone=-1),
        A.BuyMarker(zone=0, from_zone=9),
        A.BuyMarker(zone="0"),  # type: ignore[arg-type]
        A.SellMaterial(material="gold", stack=0),  # type: ignore[arg-type]
        A.SellMaterial(material="rum", stack=2),
        A.BuyMaterial(stack=-1),
        A.BuyMaterial(stack=1.5),  # type: ignore[arg-type]
        A.SwapMaterial(material="rum", stack=5),
        A.Exchange(good="gold", up=True),  # type: ignore[arg-type]
        A.Exchange(good="cash", up=2),  # type: ignore[arg-type]
    ],
}
