"""The Game record: the three kinds of decision, who faces them, and the automatic steps between them.

On the turn kernel (:mod:`boardcore.kernel`) a 5 Wards action's events are folded
as they are emitted, then the kernel runs the game forward through every
automatic step (rolling, Phase transitions, Copper deployment, Phase 4, scoring)
until someone must decide again. Every outcome of those steps is an event, so
folding the events alone rebuilds the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from boardcore import Flow, Game, Turn, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import NOBODY_PENDING

from . import scoring
from .actions import Action
from .codes import CODES
from .events import Event
from .phases import brawl, deploy, rally, reset
from .start import Options, setup
from .state import State
from .view import VISIBILITY, View, determinize, secrets, view

__all__ = ["FLOW", "GAME", "PLAYER_COUNTS", "evolve", "pending"]

evolve = make_evolve(Event, {**rally.HANDLERS, **brawl.HANDLERS, **deploy.HANDLERS, **reset.HANDLERS, **scoring.HANDLERS})

STEPS: dict[str, Callable[[Turn[State, Event]], None]] = {
    "roll": reset.roll_or_score,
    "draft": rally.proceed,
    "brawl": brawl.proceed,
    "deploy": deploy.proceed,
    "reset": reset.proceed,
    "score": scoring.proceed,
}
"""Per stage: its next automatic step, taken while nobody must decide."""

PLAYER_COUNTS = (2, 3, 4, 5)

_DRAFT = tuple({seat: "draft"} for seat in range(max(PLAYER_COUNTS)))
_BRAWL = tuple({seat: "brawl"} for seat in range(max(PLAYER_COUNTS)))
_DEPLOY = tuple({seat: "deploy"} for seat in range(max(PLAYER_COUNTS)))
"""Each seat alone facing a stage's decision, built once (``pending`` is asked after every step)."""


def pending(state: State) -> Mapping[int, str]:
    """The drafter (FW-P1-02), the next Brawl committer in turn order (FW-BRAWL-04) or the deploying Gang
    (FW-DEPLOY-04): one seat at a time, its decision named after the stage; nobody between decisions."""
    stage = state.stage
    if stage == "draft":  # by far the most frequent: tested first, and answered at once
        seat = rally.drafter(state)
        return NOBODY_PENDING if seat is None else _DRAFT[seat]
    if stage == "brawl":
        seat, alone = brawl.committer(state), _BRAWL
    elif stage == "deploy":
        seat, alone = deploy.deployer(state), _DEPLOY
    else:
        return NOBODY_PENDING
    return NOBODY_PENDING if seat is None else alone[seat]


def proceed(turn: Turn[State, Event]) -> None:
    """The current stage's next automatic step."""
    STEPS[turn.state.stage](turn)


FLOW: Flow[State, Action, Event] = Flow(
    evolve=evolve,
    decisions={"draft": rally.DRAFT, "brawl": brawl.COMMIT, "deploy": deploy.DEPLOY},
    pending=pending,
    is_over=scoring.is_over,
    proceed=proceed,
)

INFO = GameInfo(
    players=PLAYER_COUNTS, play="competitive", result="scores", score_range=None,
    chance=True, hidden_information=True, simultaneous=False, max_decisions=None,
    unbounded_because="the game ends only when the Landmark deck runs out, and a round that fills no card draws none",
)
"""Dice rolls and shuffled decks; Tactics hands are hidden and Brawl cards are played face down one seat after
another. Victory Points have no printed ceiling. No length bound: a round with no Brawl and no filled Landmark
repeats Phase 1 without drawing from the Landmark deck (rulebook, end of Phase 1), so the rules allow any number of
rounds; the ``round_limit`` option is a safety limit, not a rule (its ending is marked truncated)."""

GAME: Game[State, Action, Event, View] = Game(
    name="five_wards",
    codes=CODES,
    title="5 Wards",
    rules_version="1",
    info=INFO,
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    flow=FLOW,
    view=view,
    visibility=VISIBILITY,
    outcome=scoring.outcome,
    determinize=determinize,
    options_type=Options,
    secrets=secrets,
)
