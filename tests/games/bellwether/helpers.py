"""Scenario helpers: build Bellwether states by hand, apply actions, script the dice."""

from __future__ import annotations

import msgspec

from boardcore import Rng
from games.bellwether import GAME
from games.bellwether.actions import ChooseFirstWard, EndTurn
from games.bellwether.board import set_player, set_ward
from games.bellwether.catalog import BUILDINGS, DIE_FACES
from games.bellwether.state import Building, Options, State

replace = msgspec.structs.replace


def new(first: int = 0, seed: int = 0, **options) -> State:
    """A fresh game with a fixed first player."""
    return GAME.setup(GAME.config(2, Options(first_player=first, **options)), seed)


def bare(first: int = 0, seed: int = 0) -> State:
    """A fresh game in which nobody holds Gangsters (so contests need no commitment)."""
    state = new(first, seed)
    for p in (0, 1):
        state = player(state, p, gangsters=())
    return state


def act(state: State, seat: int, action) -> tuple[State, list]:
    """Decide and fold; returns the new state and the events."""
    events = GAME.decide(state, seat, action)
    for e in events:
        state = GAME.evolve(state, e)
    return state, events


def ward(state: State, w: int, **changes) -> State:
    return set_ward(state, w, replace(state.wards[w], **changes))


def player(state: State, p: int, **changes) -> State:
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
    """The state with an RNG whose next Labor dice show ``faces`` (face codes), in order."""
    for seed in range(1, 2_000_000):
        rng = Rng.from_seed(seed)
        rolls, _ = rng.dice(len(faces), 6)
        if tuple(DIE_FACES[r - 1] for r in rolls) == tuple(faces):
            return replace(state, rng=rng)
    raise AssertionError("no seed found")


def to_labor(state: State) -> tuple[State, list]:
    """End the second Invest & Build turn of the round so Labor begins."""
    second = 1 - state.start_player
    state = replace(state, phase="invest", turn=second, turns_done=1)
    return act(state, second, EndTurn())


def labor_from(state: State, first_ward: int) -> tuple[State, list]:
    """Begin Labor and (if the choice is open) pick the first Ward."""
    state, events = to_labor(state)
    if state.labor is not None and state.labor.step == "choose":
        state, more = act(state, state.start_player, ChooseFirstWard(ward=first_ward))
        events += more
    return state, events


def names(events) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events, kind) -> list:
    return [e for e in events if isinstance(e, kind)]


def finish_labor(state: State, events: list | None = None) -> tuple[State, list]:
    """Play Labor out by always taking the last legal action (finish/settle/stop), collecting the events."""
    events = list(events or [])
    while state.phase == "labor":
        seat = min(GAME.actors(state))
        state, more = act(state, seat, GAME.legal_actions(state, seat)[-1])
        events += more
    return state, events
