"""The Game record: every decision by name, who faces one, the automatic steps between them,
and the one ``evolve`` (every event type's fold, gathered from the modules that produce it)."""

from __future__ import annotations

from collections.abc import Mapping

from boardcore import Decision, Flow, Game, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import NOBODY_PENDING
from boardcore.verify import register_upcaster

from . import shared, start
from .actions import Action
from .codes import CODES
from .deciding import decision
from .events import Event
from .phases import boppers, challenge, city, city_turns, fight, fight_turn
from .phases.fight import REACTIONS, reactors
from .scoring import outcome
from .state import Options, State
from .view import VISIBILITY, View, determinize, secrets, view

DECISIONS: dict[str, Decision[State, Action]] = {
    **start.DECISIONS,
    **fight.DECISIONS,
    **city.DECISIONS,
    **boppers.DECISIONS,
    **challenge.DECISIONS,
}
"""Every kind of decision: ``deciding.decision``'s kind for the seat the game waits for, and
``<kind>_reaction`` for the other Warriors in a fight who may react to a roll or a knock-out."""

def is_over(state: State) -> bool:
    """The night is over: everyone won or everyone lost (WR-END-10/11, WR-RESULT-07, WR-CHAL-05)."""
    return state.table.result != 0


ALONE = {kind: tuple({seat: kind} for seat in range(4)) for kind in DECISIONS}
"""Each seat alone facing each kind of decision, built once (``pending`` is asked after every step)."""


def pending(state: State) -> Mapping[int, str]:
    """The seat the game waits for and its pending decision, plus the Warriors who may react to a roll or a
    knock-out (GAP-18), all read from the state (``deciding.decision``); nobody once the night is over."""
    p = decision(state)
    if p is None:
        return NOBODY_PENDING
    kind = p.kind
    if kind in REACTIONS:
        seats = reactors(state)
        if seats:
            deciding = dict.fromkeys(seats, REACTIONS[kind])
            deciding[p.player] = kind
            return deciding
    return ALONE[kind][p.player]


def proceed(turn: shared.Night) -> None:
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
        **shared.HANDLERS,
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
    pending=pending,
    is_over=is_over,
    proceed=proceed,
)

INFO = GameInfo(
    players=(2, 3, 4), play="cooperative", result="win-loss", score_range=None,
    chance=True, hidden_information=True, simultaneous=True, max_decisions=None,
    unbounded_because="the rulebook sets no turn or fight limit: a lost fight is refought and decks are reshuffled",
)
"""All the Warriors win or lose together (rulebook, Coney Island Showdown); dice and shuffled decks; War card hands
are hidden; several Warriors may be asked at once. No length bound is printed: a lost fight leaves the Gang tile
to be fought again and Threats are shuffled back into the Bopper deck, so the rules fix no number of turns."""

GAME: Game[State, Action, Event, View] = Game(
    name="the_warriors",
    codes=CODES,
    title="The Warriors: Come Out to Play",
    rules_version="2",
    info=INFO,
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
    secrets=secrets,
)

register_upcaster(GAME.name, "1", GAME.rules_version, lambda action: action)
"""Rules version 1 announced each decision with a ``ChoiceOffered`` event; version 2 reads it from the state.
The actions are the same, so a version-1 log replays as it is (its digests, which cover the old events, are
not compared)."""
