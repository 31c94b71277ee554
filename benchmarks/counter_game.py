"""A one-seat game that never ends: each action adds one to a counter.

Used where a workload needs a history longer than any real game allows: undo at
history length 10,000, and folding 10,000 events of one aggregate (the
``eventsourcing`` comparison). Not registered; it lives only in ``benchmarks/``.
"""

from __future__ import annotations

from typing import Union

import msgspec

from boardcore import PUBLIC, Config, Game, Rng, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import Decision, Flow, Turn, Waiting, no_problem


class State(msgspec.Struct, frozen=True, kw_only=True):
    """How many times the counter was incremented."""

    count: int = 0
    rng: Rng = Rng(0)


class Increment(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """Add one to the counter."""


class Incremented(msgspec.Struct, frozen=True, tag=True, kw_only=True, forbid_unknown_fields=True):
    """The counter went up by one."""

    player: int


Event = Union[Incremented]


class View(msgspec.Struct, frozen=True, kw_only=True):
    """The counter."""

    count: int
    waiting: tuple[Waiting, ...] = ()


def setup(config: Config[State], seed: int) -> State:
    """The counter at zero."""
    return State(rng=Rng.from_seed(seed))


SEAT_0_INCREMENTS = {0: "increment"}


def pending(state: State) -> dict[int, str]:
    """Seat 0 always increments, forever."""
    return SEAT_0_INCREMENTS


INCREMENT = [Increment()]


def increment(turn: Turn[State, Incremented], player: int, action: Increment) -> None:
    """Incrementing always succeeds."""
    turn.emit(Incremented(player=player))


def evolve_incremented(state: State, event: Incremented) -> State:
    """The counter goes up by one."""
    return msgspec.structs.replace(state, count=state.count + 1)


COUNTER: Game[State, Increment, Incremented, View] = Game(
    name="counter",
    title="Counter",
    rules_version="1",
    info=GameInfo(players=(1,), play="competitive", result="scores", score_range=None, chance=False, hidden_information=False, simultaneous=False, max_decisions=None, unbounded_because="it never ends (a long history on purpose)"),
    action_type=Increment,
    event_type=Event,
    view_type=View,
    setup=setup,
    flow=Flow(
        evolve=make_evolve(Event, {Incremented: evolve_incremented}),
        decisions={
            "increment": Decision(rules={Increment: (no_problem, increment)}, candidates=lambda state, player: INCREMENT, ask="increment")
        },
        pending=pending,
        is_over=lambda state: False,
    ),
    view=lambda state, player, waiting: View(count=state.count, waiting=waiting),
    visibility={Incremented: PUBLIC},
    outcome=lambda state: None,
    determinize=lambda state, player, rng: state,
)
