"""Bellwether scenario builders: hand-made tables, scripted Labor dice, and Labor played through the public API.

Steps, folds and refusals come from ``boardcore.testing`` (``act``, ``fold``, ``refused``);
every driver here returns ``(events, state)`` like ``act``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore.testing import act, rig
from games.bellwether import GAME
from games.bellwether.actions import ChooseFirstWard, EndTurn
from games.bellwether.board import set_player, set_ward
from games.bellwether.catalog import BUILDINGS, DIE_FACES
from games.bellwether.events import Event
from games.bellwether.state import Building, Options, State

replace = msgspec.structs.replace


def new(first: int = 0, seed: int = 0, **options: Any) -> State:
    """A fresh game with a fixed first player."""
    return GAME.setup(GAME.config(2, Options(first_player=first, **options)), seed)


def bare(first: int = 0, seed: int = 0) -> State:
    """A fresh game in which nobody holds Gangsters (so contests need no commitment)."""
    state = new(first, seed)
    for p in (0, 1):
        state = player(state, p, gangsters=())
    return state


def ward(state: State, w: int, **changes: Any) -> State:
    return set_ward(state, w, replace(state.wards[w], **changes))


def player(state: State, p: int, **changes: Any) -> State:
    return set_player(state, p, replace(state.players[p], **changes))


def build(state: State, w: int, card: str, owner: int, upgraded: bool = False) -> tuple[State, int]:
    """Put a Building on the board (Infrastructure belongs to the Ward; ``owner`` is then its builder)."""
    uid = state.next_uid
    infra = BUILDINGS[card].kind == "I"
    b = Building(uid=uid, card=card, owner=-1 if infra else owner, upgraded=upgraded, builder=owner)
    state = ward(state, w, buildings=(*state.wards[w].buildings, b))
    return replace(state, next_uid=uid + 1), uid


def clear(state: State, w: int) -> State:
    """Remove every Building (the neutral Factory too) from a Ward."""
    return ward(state, w, buildings=())


def rigged(state: State, faces: tuple[int, ...]) -> State:
    """The state whose next Labor dice show ``faces`` (face codes: ``catalog.RELIEF`` ... ``catalog.STRIKE``), in order."""
    return rig(state, *(DIE_FACES.index(face) + 1 for face in faces))


def to_labor(state: State) -> tuple[list[Event], State]:
    """End the second Invest & Build turn of the round so Labor begins."""
    second = 1 - state.start_player
    return act(GAME, replace(state, phase="invest", turn=second, turns_done=1), second, EndTurn())


def labor_from(state: State, first_ward: int) -> tuple[list[Event], State]:
    """Begin Labor and (if the choice is open) pick the first Ward."""
    events, state = to_labor(state)
    if state.labor is not None and state.labor.step == "choose":
        more, state = act(GAME, state, state.start_player, ChooseFirstWard(ward=first_ward))
        events += more
    return events, state


def finish_labor(state: State, earlier: list[Event] | None = None) -> tuple[list[Event], State]:
    """Play Labor out by always taking the last legal action (finish, settle, stop), collecting the events."""
    events = list(earlier or [])
    while state.phase == "labor":
        seat = min(GAME.actors(state))
        more, state = act(GAME, state, seat, GAME.legal_actions(state, seat)[-1])
        events += more
    return events, state


def labor_through(state: State, first_ward: int) -> tuple[list[Event], State]:
    """A whole Labor from ``first_ward`` (and what follows it: Cleanup, the next round or the end)."""
    events, state = labor_from(state, first_ward)
    return finish_labor(state, events)


def names(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]
