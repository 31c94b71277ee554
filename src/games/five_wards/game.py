"""The Game record: dispatch of actions to the phase that owns them, the automatic
steps between decisions, ``actors`` and ``legal_actions``.

``decide`` validates the action in its phase module, folds its events, then runs
the game forward through every automatic step (rolling, Phase transitions, Copper
deployment, Phase 4, scoring) until someone must decide again. Every outcome of
those steps is an event, so folding the events alone rebuilds the state.
"""

from __future__ import annotations

from typing import Any

import msgspec

from boardcore import Game, IllegalAction, make_evolve

from . import scoring
from .actions import Action
from .board import refuse
from .bots import house_bot
from .events import Event, TurnEnded
from .phases import brawl, deploy, rally, reset
from .start import Options, setup
from .state import State
from .text import describe
from .view import View, determinize, view, visibility_table

evolve = make_evolve(Event, {**rally.HANDLERS, **brawl.HANDLERS, **deploy.HANDLERS, **reset.HANDLERS, **scoring.HANDLERS})

DECIDERS: dict[type, Any] = {**rally.DECIDERS, **brawl.DECIDERS, **deploy.DECIDERS}


def auto_events(state: State) -> list[Event]:
    """The next automatic step, or ``[]`` when a player must decide (or the game is over)."""
    stage = state.stage
    if stage == "draft":
        if state.turn is None:
            return rally.end_events(state)
        return [TurnEnded(player=state.turn.player)] if rally.turn_over(state) else []
    if stage == "brawl":
        return brawl.after_events(state) if state.sealed is None else []
    if stage == "deploy":
        return deploy.auto_events(state)
    if stage == "reset":
        return reset.reset_events(state)
    if stage == "roll":
        return reset.roll_or_end_events(state)
    if stage == "score":
        return scoring.score_events(state)
    return []


def settle(state: State, events: list[Event]) -> list[Event]:
    """``events`` followed by every automatic step they lead to."""
    out = list(events)
    for e in events:
        state = evolve(state, e)
    while True:
        more = auto_events(state)
        if not more:
            return out
        for e in more:
            state = evolve(state, e)
        out += more


def actors(state: State) -> frozenset[int]:
    """The drafter, the next Brawl committer in turn order, or the deploying Gang."""
    if state.stage == "draft" and state.turn is not None:
        return frozenset((state.turn.player,))
    if state.stage == "brawl" and state.sealed is not None and state.sealed.waiting:
        return frozenset((brawl.brawl_actor(state),))
    if state.stage == "deploy" and state.step is not None:
        return frozenset((state.step.player,))
    return frozenset()


def legal_actions(state: State, seat: int) -> list[Any]:
    """Every legal action for ``seat`` now (empty when it may not act)."""
    if seat not in actors(state):
        return []
    if state.stage == "draft":
        return rally.legal_draft(state, seat)
    if state.stage == "brawl":
        return brawl.legal_commits(state, seat)
    return deploy.legal_deploy(state, seat)


WHOSE_TURN = {"draft": "FW-P1-02", "brawl": "FW-BRAWL-04", "deploy": "FW-DEPLOY-04"}
"""The clause that says whose turn it is, per stage."""


def decide(state: State, seat: int, action: Any) -> list[Event]:
    """Validate ``action`` for ``seat`` and return its events, automatic steps included.

    The action is first rebuilt from its builtins, so a wrongly typed field is refused
    and a list where a tuple belongs is normalised before any rule reads it.

    Raises:
        IllegalAction: the action is malformed or not allowed now; nothing changes.
    """
    if state.stage == "over":
        raise refuse("the game is over.", "game/over", seat, action, "FW-FINAL-07")
    name = type(action).__name__
    decider = DECIDERS.get(type(action))
    if decider is None:
        msg = f"{name} is not an action of 5 Wards."
        raise IllegalAction(msg, code="action/malformed", player=seat, action=action)
    try:
        action = msgspec.convert(msgspec.to_builtins(action), type(action))
    except (msgspec.ValidationError, TypeError):
        msg = f"{name} refused for player {seat}: a field has the wrong type."
        raise IllegalAction(msg, code="action/malformed", player=seat, action=action) from None
    if seat not in actors(state):
        waiting = ", ".join(str(s) for s in sorted(actors(state))) or "nobody"
        msg = f"player {seat} may not act now; waiting for player {waiting}."
        raise refuse(msg, "turn/not_your_turn", seat, action, WHOSE_TURN.get(state.stage, "FW-ROUND-01"))
    return settle(state, decider(state, seat, action))


GAME: Game[State, Any, Any, View] = Game(
    name="five_wards",
    title="5 Wards",
    rules_version="1",
    player_counts=(2, 3, 4, 5),
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    actors=actors,
    legal_actions=legal_actions,
    decide=decide,
    evolve=evolve,
    view=view,
    visibility=visibility_table(),
    outcome=scoring.outcome,
    determinize=determinize,
    options_type=Options,
    event_text=lambda event, viewer, names: describe(event, viewer),  # TODO(kernel port): names, redacted input
    action_text=lambda action, seat, names: describe(action, seat),  # TODO(kernel port)
    house_bot=house_bot,
)
