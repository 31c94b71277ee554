"""The Game record and dispatch: actors, legal actions, decide (validate, act, run the automatic steps), evolve."""

from __future__ import annotations

from typing import Any

from boardcore import PUBLIC, REVEAL, Game, RngAdvanced, make_evolve, owner
from boardcore.game import union_members

from . import events as E
from .actions import Action
from .bots import house_bot
from .events import Event
from .flow import Out, run
from .phases import cleanup, invest, labor, unrest
from .refusals import refusal, well_formed
from .scoring import outcome
from .start import setup
from .state import INVEST, LABOR, OVER, Options, State
from .text import describe
from .view import View, determinize, redact_committed, redact_hired, redact_inspected, view

evolve: Any = make_evolve(Event, {**invest.HANDLERS, **labor.HANDLERS, **unrest.HANDLERS, **cleanup.HANDLERS})
DECIDERS: dict[type, Any] = {**invest.DECIDERS, **labor.DECIDERS, **unrest.DECIDERS}


def actors(state: State) -> frozenset[int]:
    """Who must act now: a Riot chooser, the player on turn, or the Labor decision-maker(s)."""
    if state.phase == OVER:
        return frozenset()
    chooser = unrest.chooser(state)
    if chooser >= 0:
        return frozenset((chooser,))
    if state.phase == INVEST:
        return frozenset((state.turn,))
    return labor.actor(state)


def legal_actions(state: State, player: int) -> list[Any]:
    """Every legal action for ``player`` now (complete and exact)."""
    if state.phase == OVER:
        return []
    if state.riots or state.police_target >= 0:
        return unrest.legal_loss(state, player)
    if state.phase == INVEST:
        return invest.legal(state, player)
    if state.phase == LABOR:
        return labor.legal(state, player)
    return []


def decide(state: State, player: int, action: Any) -> list[Any]:
    """Validate ``action`` against the legal list, apply it, then run the automatic steps.

    Raises:
        IllegalAction: with a ``domain/reason`` code and, where a rule forbids it, its clause.
    """
    if not well_formed(action) or action not in legal_actions(state, player):
        raise refusal(state, player, action, actors(state))
    out = Out(state, evolve)
    DECIDERS[type(action)](out, player, action)
    run(out)
    return out.events


GAME: Game[State, Any, Any, View] = Game(
    name="bellwether",
    title="Bellwether, 1885",
    rules_version="1",
    player_counts=(2,),
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=setup,
    actors=actors,
    legal_actions=legal_actions,
    decide=decide,
    evolve=evolve,
    view=view,
    visibility={
        **{t: PUBLIC for t in union_members(Event) if t is not RngAdvanced},
        E.ConstructionBought: REVEAL,
        E.OfficialRecruited: REVEAL,
        E.JobPlayed: REVEAL,
        E.GangsterQuelled: REVEAL,
        E.CommitmentsRevealed: REVEAL,
        E.GangsterHired: owner("player", redacted=redact_hired),
        E.GangsterCommitted: owner("player", redacted=redact_committed),
        E.GangstersInspected: owner("player", redacted=redact_inspected),
    },
    outcome=outcome,
    determinize=determinize,
    options_type=Options,
    event_text=lambda event, viewer, names: describe(event, viewer),  # TODO(kernel port): names, redacted input
    action_text=lambda action, seat, names: describe(action, seat),  # TODO(kernel port)
    house_bot=house_bot,
)
