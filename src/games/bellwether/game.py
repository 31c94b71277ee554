"""The Game record on the turn kernel: who decides what now, and the automatic steps between decisions.

A round is Invest & Build (``phases/invest``), then Labor (``phases/labor``: contest,
allocate, push, recovery), then Cleanup (``phases/cleanup``). A Riot's loss and spread
(``phases/unrest``) interrupt whatever is going on and are resolved before play continues
(BW-RIOT-11); Revolution is checked after every event that could cause it (the watch).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardcore import Decision, Flow, Game, Turn, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import NOBODY_PENDING

from .actions import Action
from .codes import CODES
from .events import Event
from .phases import allocate, cleanup, contest, invest, jobs, labor, push, recovery, unrest
from .scoring import outcome
from .start import setup
from .state import ALLOCATE, CHOOSE, COMMIT, INVEST, LABOR, NEXT, OVER, PUSH, RECOVER, Options, State
from .view import VISIBILITY, View, determinize, secrets, view

evolve = make_evolve(
    Event,
    {
        **invest.HANDLERS,
        **jobs.HANDLERS,
        **labor.HANDLERS,
        **contest.HANDLERS,
        **allocate.HANDLERS,
        **push.HANDLERS,
        **recovery.HANDLERS,
        **unrest.HANDLERS,
        **cleanup.HANDLERS,
    },
)

DECISIONS: dict[str, Decision[State, Any]] = {
    "invest": invest.INVEST,
    "first_ward": labor.FIRST_WARD,
    "commit": contest.COMMIT_GANGSTER,
    "allocate": allocate.ALLOCATE,
    "push": push.PUSH,
    "recover": recovery.RECOVER,
    "loss": unrest.LOSS,
    "police": unrest.POLICE,
}
"""Every kind of decision, each taking its own kinds of action."""


def _alone(kind: str) -> tuple[Mapping[int, str], Mapping[int, str]]:
    """Each seat alone facing ``kind``, built once (a seat number that is no seat would be a broken invariant)."""
    return {0: kind}, {1: kind}


WAIT_POLICE, WAIT_LOSS, WAIT_INVEST, WAIT_FIRST = _alone("police"), _alone("loss"), _alone("invest"), _alone("first_ward")
WAIT_ALLOCATE, WAIT_PUSH, WAIT_RECOVER = _alone("allocate"), _alone("push"), _alone("recover")


def pending(state: State) -> Mapping[int, str]:
    """The seats the game waits for and the decision each faces; nobody when the next step is automatic
    (or the game is over). A Riot's pending loss or spread comes first (BW-RIOT-11)."""
    if state.police_target >= 0:
        return WAIT_POLICE[unrest.police_holder(state, state.police_target)]
    if state.riots:
        if unrest.loss_pending(state):
            return WAIT_LOSS[state.wards[state.riots[0].ward].controller]
        return NOBODY_PENDING
    phase = state.phase
    if phase == INVEST:
        return WAIT_INVEST[state.turn]
    if phase == OVER:
        return NOBODY_PENDING
    assert phase == LABOR and state.labor is not None
    progress = state.labor
    step = progress.step
    if step == NEXT:
        return NOBODY_PENDING
    if step == COMMIT:
        return {seat: "commit" for seat in contest.waiting(state)}
    if step == CHOOSE:
        return WAIT_FIRST[state.start_player] if len(labor.claimed_wards(state)) > 1 else NOBODY_PENDING
    controller = state.wards[progress.order[progress.pos]].controller
    if step == ALLOCATE:
        return WAIT_ALLOCATE[controller]  # only while a choice is open: allocate.offer finishes it otherwise
    if step == PUSH:
        return WAIT_PUSH[controller]  # likewise (push.offer)
    assert step == RECOVER
    return WAIT_RECOVER[controller]


def is_over(state: State) -> bool:
    """A result stands (Revolution, Consolidation or the round limit)."""
    return state.phase == OVER


def proceed(turn: Turn[State, Event]) -> None:
    """One automatic step: a part of the oldest Riot, Cleanup after the last Ward, or the next step of Labor
    (choosing the only claimed Ward, entering or skipping the next Ward)."""
    state = turn.state
    if state.riots:
        unrest.resolve(turn)
    elif labor.finished(state):
        cleanup.run(turn)
    else:
        labor.step(turn)


FLOW: Flow[State, Action, Event] = Flow(
    evolve=evolve,
    decisions=DECISIONS,
    pending=pending,
    is_over=is_over,
    proceed=proceed,
    watch=unrest.check_revolution,
)

INFO = GameInfo(
    players=(2,), play="competitive", result="win-loss", score_range=None,
    chance=True, hidden_information=True, simultaneous=False, max_decisions=None,
    unbounded_because="the game ends only on a victory after Labor or a city all in Riot, which the rules do not force",
)
"""Labor dice and shuffled markets; Gangster identities are hidden, committed one seat after another and revealed
together. A win, a loss or a draw (the Outcome's scores are the deciding figure, Net Worth or Influence, which
have no printed bound). No length bound: rounds repeat until a player qualifies after Labor or every claimed Ward
is in Riot (rulebook, End of the game)."""

GAME: Game[State, Action, Event, View] = Game(
    name="bellwether",
    codes=CODES,
    title="Bellwether, 1885",
    rules_version="1",
    info=INFO,
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    flow=FLOW,
    view=view,
    visibility=VISIBILITY,
    outcome=outcome,
    determinize=determinize,
    options_type=Options,
    secrets=secrets,
)
