"""The Game record: every decision by name, who faces one, the automatic steps between them,
and the one ``evolve`` (every event type's fold, gathered from the modules that produce it)."""

from __future__ import annotations

from boardcore import Decision, Flow, Game, make_evolve

from . import start, table, targets
from .actions import Action
from .bots import HouseBot
from .codes import CODES
from .estimate import estimate
from .events import Event
from .metrics import metrics
from .phases import boppers, challenge, city, city_turns, fight, fight_turn
from .phases.fight import REACTIONS, can_react, reactors
from .scoring import outcome
from .state import Options, State
from .svg import picture
from .text import action_text, event_text, label_text, summary_text
from .view import VISIBILITY, View, determinize, secrets, view
from .view_text import view_text

DECISIONS: dict[str, Decision[State, Action]] = {
    **start.DECISIONS,
    **fight.DECISIONS,
    **city.DECISIONS,
    **boppers.DECISIONS,
    **challenge.DECISIONS,
}
"""Every kind of decision: ``state.pending.kind`` for the seat the game waits for, and
``<kind>_reaction`` for the other Warriors in a fight who may react to a roll or a knock-out."""

ONLY = tuple(frozenset((seat,)) for seat in range(4))


def is_over(state: State) -> bool:
    """The night is over: everyone won or everyone lost (WR-END-10/11, WR-RESULT-07, WR-CHAL-05)."""
    return state.table.result != 0


def decision(state: State, seat: int) -> str | None:
    """The decision ``seat`` faces now: the pending one if it is theirs, a reaction while they may react (GAP-18)."""
    p = state.pending
    if p is None or state.table.result != 0:
        return None
    if seat == p.player:
        return p.kind
    reaction = REACTIONS.get(p.kind)
    if reaction is not None and can_react(state, seat):
        return reaction
    return None


def actors(state: State) -> frozenset[int]:
    """The seat the game waits for, plus the Warriors who may react to a roll or a knock-out."""
    p = state.pending
    if p is None or state.table.result != 0:
        return frozenset()
    if p.kind in REACTIONS:
        return ONLY[p.player] | reactors(state)
    return ONLY[p.player]


def proceed(turn: table.Night) -> None:
    """The automatic steps, when no decision is pending: a fight that has just started begins
    (``fight.begin``: its gang rule, then the first turn); after a fight, the City Phase
    (``city.after_fight``: Boombox reveals, then the Instigator's City turn)."""
    if turn.state.fight is not None:
        fight.begin(turn)
    else:
        city.after_fight(turn)


evolve = make_evolve(
    Event,
    {
        **table.HANDLERS,
        **fight.HANDLERS,
        **fight_turn.HANDLERS,
        **city_turns.HANDLERS,
        **city.HANDLERS,
        **boppers.HANDLERS,
        **challenge.HANDLERS,
    },
)

FLOW: Flow[State, Action, Event] = Flow(
    evolve=evolve,
    decisions=DECISIONS,
    decision=decision,
    actors=actors,
    is_over=is_over,
    proceed=proceed,
)

GAME: Game[State, Action, Event, View] = Game(
    name="the_warriors",
    codes=CODES,
    title="The Warriors: Come Out to Play",
    rules_version="1",
    player_counts=(2, 3, 4),
    action_type=Action,
    event_type=Event,
    view_type=View,
    setup=start.setup,
    flow=FLOW,
    view=view,
    visibility=VISIBILITY,
    outcome=outcome,
    determinize=determinize,
    options_type=Options,
    event_text=event_text,
    action_text=action_text,
    label_text=label_text,
    summary_text=summary_text,
    view_text=view_text,
    secrets=secrets,
    estimate=estimate,
    house_bot=HouseBot.seeded,
    metrics=metrics,
    picture=picture,
    targets=targets.targets,
)
