"""The Game record and dispatch: actors, legal actions, decide (validate, act, run the automatic steps), evolve."""

from __future__ import annotations

from typing import Any

from boardcore import PUBLIC, REVEAL, Game, IllegalAction, make_evolve, owner, union_members

from . import events as E
from .actions import Action, BuyNeutral, Commit, Place, PlayJob, Upgrade
from .board import can_pay, find, free_space, kind, owns_factory, upgrade_cost
from .events import Event
from .flow import Out, run
from .phases import cleanup, invest, labor, unrest
from .scoring import outcome
from .start import setup
from .state import INVEST, LABOR, OVER, Options, State
from .text import describe, summarize
from .view import View, determinize, redact_committed, redact_hired, redact_inspected, view

evolve = make_evolve(Event, {**invest.HANDLERS, **labor.HANDLERS, **unrest.HANDLERS, **cleanup.HANDLERS})
DECIDERS: dict[type, Any] = {**invest.DECIDERS, **labor.DECIDERS, **unrest.DECIDERS}
ACTION_TYPES = union_members(Action)


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


def legal_actions(state: State, player: int) -> list:
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


def decide(state: State, player: int, action: Any) -> list:
    """Validate ``action`` against the legal list, apply it, then run the automatic steps.

    Raises:
        IllegalAction: with a ``domain/reason`` code and, where a rule forbids it, its clause.
    """
    if action not in legal_actions(state, player):
        raise _refusal(state, player, action)
    out = Out(state, evolve)
    DECIDERS[type(action)](out, player, action)
    run(out)
    return out.events


def _refusal(state: State, player: int, action: Any) -> IllegalAction:
    """The most specific reason an action is not legal (never naming hidden state)."""

    def err(msg: str, code: str, clause: str | None = None) -> IllegalAction:
        return IllegalAction(msg, code=code, player=player, action=action, clause=clause)

    if not isinstance(action, ACTION_TYPES):
        return err("That is not a Bellwether action.", "action/malformed")
    if state.phase == OVER:
        return err("The game is over; no more actions may be taken.", "game/over")
    if player not in actors(state):
        return err(f"Player {player} may not act now; wait for your decision.", "turn/not_your_turn")
    if isinstance(action, Place) and state.phase == INVEST and not state.riots:
        p = state.players[player]
        if state.placed:
            return err("Only one Building may be placed per turn.", "place/one_per_turn", "BW-PLACE-06")
        if action.card not in p.hand:
            return err("You can only place a Building card from your hand.", "place/not_in_hand", "BW-IB-08")
        if not 0 <= action.ward < len(state.wards):
            return err("There are four Wards, numbered 0 to 3.", "action/malformed")
        ward = state.wards[action.ward]
        if ward.riot:
            return err("Buildings cannot be placed in a Ward in Riot.", "place/rioting", "BW-PLACE-03")
        if not free_space(ward, action.card):
            return err("That Ward has no empty space of this Building's type.", "place/no_space", "BW-PLACE-01")
        if kind(action.card) != "F" and not owns_factory(ward, player):
            return err("Tenements and Infrastructure need one of your Factories in the Ward.", "place/needs_factory", "BW-PLACE-04")
    if isinstance(action, BuyNeutral) and state.phase == INVEST and 0 <= action.ward < len(state.wards):
        ward = state.wards[action.ward]
        if not any(b.owner < 0 and kind(b.card) == "F" for b in ward.buildings):
            return err("That Ward has no neutral Factory left.", "neutral/none", "BW-IB-06")
        if ward.riot:
            return err("A neutral Factory cannot be bought in a Ward in Riot.", "neutral/rioting", "BW-IB-06")
    if isinstance(action, Upgrade) and state.phase == INVEST:
        for ward in state.wards:
            b = find(ward, action.uid)
            if b is not None:
                if b.owner != player:
                    return err("Only your own Factories and Tenements can be upgraded.", "upgrade/not_yours", "BW-UPG-01")
                if b.upgraded:
                    return err("A Building may be upgraded only once.", "upgrade/once", "BW-UPG-01")
                if not can_pay(state.players[player], upgrade_cost(state, player, b.card)):
                    return err("You cannot afford that upgrade.", "cash/insufficient", "BW-IB-01")
    if isinstance(action, (PlayJob, Commit)) and action.gangster and action.gangster not in state.players[player].gangsters:
        return err("You do not hold that Gangster.", "gangster/not_held", "BW-CARD-10")
    if isinstance(action, PlayJob) and 0 <= action.ward < len(state.wards) and not invest.job_room(state, action.ward):
        return err("No more Gangster Jobs may affect that Ward this round.", "job/limit", "BW-CARD-11")
    return err(f"{describe(action, player).capitalize()} is not legal now.", "rules/not_legal_now")


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
        **{t: PUBLIC for t in union_members(Event) if t is not E.RngAdvanced},
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
    describe=describe,
    summarize=summarize,
)
