"""The Game record: the three kinds of decision, who faces them, and the automatic steps between them.

On the turn kernel (:mod:`boardcore.turn`) a 5 Wards action's events are folded
as they are emitted, then the kernel runs the game forward through every
automatic step (rolling, Phase transitions, Copper deployment, Phase 4, scoring)
until someone must decide again. Every outcome of those steps is an event, so
folding the events alone rebuilds the state.
"""

from __future__ import annotations

from collections.abc import Callable

from boardcore import Flow, Game, Turn, make_evolve

from . import scoring, targets
from .actions import Action
from .bots import HouseBot
from .codes import CODES
from .estimate import estimate
from .events import Event
from .metrics import metrics
from .phases import brawl, deploy, rally, reset
from .start import Options, setup
from .state import State
from .svg import picture
from .text import action_text, event_text, label_text, summary_text
from .view import VISIBILITY, View, determinize, secrets, view
from .view_text import view_text

__all__ = ["FLOW", "GAME", "PLAYER_COUNTS", "actor", "actors", "evolve"]

evolve = make_evolve(Event, {**rally.HANDLERS, **brawl.HANDLERS, **deploy.HANDLERS, **reset.HANDLERS, **scoring.HANDLERS})

DECIDERS: dict[str, Callable[[State], int | None]] = {"draft": rally.drafter, "brawl": brawl.committer, "deploy": deploy.deployer}
"""Per stage with decisions: the seat that faces one now (one at a time: FW-P1-02, FW-BRAWL-04, FW-DEPLOY-04)."""

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

_ALONE = tuple(frozenset((seat,)) for seat in range(max(PLAYER_COUNTS)))
"""Each seat acting alone, built once (``actors`` is asked after every step)."""
_NOBODY: frozenset[int] = frozenset()


def actor(state: State) -> int | None:
    """The one seat that must decide now, or ``None`` (an automatic step is due, or the game is over)."""
    stage = state.stage
    if stage == "draft":  # by far the most frequent: tested first
        return rally.drafter(state)
    decider = DECIDERS.get(stage)
    return None if decider is None else decider(state)


def actors(state: State) -> frozenset[int]:
    """The drafter, the next Brawl committer in turn order, or the deploying Gang; nobody between decisions."""
    seat = actor(state)
    return _NOBODY if seat is None else _ALONE[seat]


def decision(state: State, seat: int) -> str | None:
    """The kind of decision ``seat`` faces: named after the stage (``draft``, ``brawl``, ``deploy``), or ``None``."""
    return state.stage if actor(state) == seat else None


def proceed(turn: Turn[State, Event]) -> None:
    """The current stage's next automatic step."""
    STEPS[turn.state.stage](turn)


FLOW: Flow[State, Action, Event] = Flow(
    evolve=evolve,
    decisions={"draft": rally.DRAFT, "brawl": brawl.COMMIT, "deploy": deploy.DEPLOY},
    decision=decision,
    actors=actors,
    is_over=scoring.is_over,
    proceed=proceed,
)

GAME: Game[State, Action, Event, View] = Game(
    name="five_wards",
    codes=CODES,
    title="5 Wards",
    rules_version="1",
    player_counts=PLAYER_COUNTS,
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
    event_text=event_text,
    action_text=action_text,
    label_text=label_text,
    summary_text=summary_text,
    view_text=view_text,
    secrets=secrets,
    estimate=estimate,
    picture=picture,
    house_bot=HouseBot.seeded,
    metrics=metrics,
    targets=targets.targets,
    pick_kinds=targets.PICK_KINDS,
)
