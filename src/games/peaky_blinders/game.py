"""The Game record: who faces which decision, the automatic steps between decisions, the evolve table.

Each kind of decision is a :class:`boardcore.Decision` whose ``candidates`` and
``problem`` live in the phase module of its rulebook section; the turn kernel
derives ``actors``, ``legal_actions`` and ``decide`` from them, folds every event
as it is emitted, runs the win check after each (``scoring.watch``) and stops the
turn once the game is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from boardcore import Decision, Flow, Game, Turn, make_evolve
from boardcore.gameinfo import GameInfo
from boardcore.kernel import NOBODY_PENDING, no_problem

from . import actions as A
from . import events as E
from . import scoring
from .actions import Action
from .codes import CODES
from .events import Event
from .phases import action, cards, common, conflict, derby, fortune, open_state, preparation, show_mission, starter, suspicion
from .start import setup
from .state import Options, State
from .view import VISIBILITY, View, determinize, secrets, view

__all__ = [
    "DECISIONS",
    "FLOW",
    "GAME",
    "HANDLERS",
    "evolve",
    "is_over",
    "pending",
    "proceed",
]

# --- whose decision is it -----------------------------------------------------------


_ALONE: dict[str, tuple[Mapping[int, str], ...]] = {
    kind: tuple({seat: kind} for seat in range(4)) for kind in ("fortune", "place", "defender", "swap", "choice", "turn")
}
"""Each seat alone facing each kind of decision, built once (``pending`` is asked after every step)."""


def pending(state: State) -> Mapping[int, str]:
    """Every seat still picking its face-up card in setup (PB-SETUP-11); afterwards the one seat the game waits
    for and its kind of decision; nobody while the next step is automatic or the game is over."""
    phase = state.phase
    if phase == "over":
        return NOBODY_PENDING
    if phase == "reveal":
        return {seat: "reveal" for seat in show_mission.waiting(state)}
    roll = fortune.open_roll(state)
    if roll is not None:
        return _ALONE["fortune"][roll.player]
    if phase == "prep":
        return _ALONE["place"][state.turn] if state.turn >= 0 else NOBODY_PENDING
    if phase == "action" and state.conflict is not None:
        if state.conflict.defender < 0:
            return _ALONE["defender"][state.conflict.attacker]
        if state.conflict.swap:
            return _ALONE["swap"][state.conflict.attacker]
    if phase == "ogs":
        if state.play is not None:
            return _ALONE["choice"][state.play.player] if cards.awaiting_choice(state) else NOBODY_PENDING
        if not open_state.over(state):
            return _ALONE["turn"][state.turn]
    return NOBODY_PENDING


def is_over(state: State) -> bool:
    """Someone completed all three missions, or the Derby limit was reached (``GameEnded``)."""
    return state.phase == "over"


def proceed(turn: Turn[State, Event]) -> None:
    """One automatic step of the phase the table is in (called while nobody must decide)."""
    state = turn.state
    phase = state.phase
    if phase == "reveal":
        preparation.begin_zone(turn, 0)
    elif phase == "starter":
        starter.step(turn)
    elif phase == "prep":
        preparation.step(turn)
    elif phase == "action":
        action.step(turn)
    elif phase == "ogs":
        open_state.step(turn)
    elif state.derby is not None:
        derby.step(turn)
    elif state.progress.derbies >= state.progress.max_derbies:
        scoring.end_by_limit(turn)
    else:
        preparation.begin_zone(turn, 0)


DECISIONS: dict[str, Decision[State, Any]] = {
    "reveal": Decision(
        rules={A.RevealMission: (no_problem, show_mission.reveal_mission)},
        candidates=show_mission.candidates,
        ask="choose which mission card to show",
        clause="PB-SETUP-11",
    ),
    "fortune": Decision(
        rules=fortune.RULES,
        candidates=fortune.candidates,
        ask="decide whether to use a fortune token",
        clause="PB-FORT-01",
    ),
    "place": Decision(
        rules=preparation.RULES,
        candidates=preparation.candidates,
        ask="place a henchman or pass",
        clause="PB-PREP-05",
        legal=preparation.candidates,
    ),
    "defender": Decision(
        rules={A.ChooseDefender: (conflict.defender_problem, conflict.choose_defender)},
        candidates=conflict.defender_candidates,
        ask="choose a defender",
        clause="PB-CONF-05",
    ),
    "swap": Decision(
        rules=conflict.SWAP_RULES,
        candidates=conflict.swap_candidates,
        ask="decide on the marker swap",
        clause="PB-CONF-13",
    ),
    "choice": Decision(
        rules={A.ChooseOption: (cards.choice_problem, cards.choose_option)},
        candidates=cards.choice_candidates,
        ask="choose what the card hits",
        clause="PB-CARD-01",
    ),
    "turn": Decision(
        rules=open_state.RULES,
        candidates=open_state.candidates,
        ask="take an open-game-state turn",
        clause="PB-OGS-03",
        legal=open_state.legal,
    ),
}
"""Every kind of decision. A mission pick, a defender, a swap and a card choice list their candidates without a
problem (the kernel's filter); the placement's candidates are given as its legal list (every one legal by
construction) and the open-game-state turn lists its legal actions directly (``open_state.legal``): filtering
those two was measured slower (1.4x and 2.2x their lists' time, ``docs/performance.md``); the contract suite checks each against its ``problem``."""

HANDLERS: dict[type, Callable[[State, Any], State]] = {
    E.MissionChosen: show_mission.evolve_mission_chosen,
    E.MissionsShown: show_mission.evolve_missions_shown,
    E.ZoneBegan: preparation.evolve_zone_began,
    E.StarterContest: starter.evolve_starter_contest,
    E.StarterChosen: starter.evolve_starter_chosen,
    E.DieRolled: fortune.evolve_die_rolled,
    E.FortuneUsed: fortune.evolve_fortune_used,
    E.FortuneDeclined: fortune.evolve_fortune_declined,
    E.RollsSettled: fortune.evolve_rolls_settled,
    E.HenchmanPlaced: preparation.evolve_henchman_placed,
    E.PlacementPassed: preparation.evolve_placement_passed,
    E.ActionPhaseBegan: preparation.evolve_action_phase_began,
    E.HenchmanRetrieved: action.evolve_henchman_retrieved,
    E.Gained: common.evolve_gained,
    E.Lost: common.evolve_lost,
    E.Transferred: common.evolve_transferred,
    E.Exchanged: open_state.evolve_exchanged,
    E.Jailed: suspicion.evolve_jailed,
    E.BailedOut: open_state.evolve_bailed_out,
    E.CardDrawn: common.evolve_card_drawn,
    E.DeckReshuffled: common.evolve_deck_reshuffled,
    E.ConflictBegan: conflict.evolve_conflict_began,
    E.DefenderChosen: conflict.evolve_defender_chosen,
    E.ConflictDecided: conflict.evolve_conflict_decided,
    E.MarkerSwapped: conflict.evolve_marker_swapped,
    E.SwapDeclined: conflict.evolve_conflict_over,
    E.ConflictEnded: conflict.evolve_conflict_over,
    E.MarkerPlaced: open_state.evolve_marker_placed,
    E.CardPlayed: cards.evolve_card_played,
    E.CardBoost: cards.evolve_card_boost,
    E.OptionChosen: cards.evolve_option_chosen,
    E.CardResolved: cards.evolve_card_resolved,
    E.MaterialSold: open_state.evolve_material_sold,
    E.MaterialBought: open_state.evolve_material_bought,
    E.MaterialSwapped: open_state.evolve_material_swapped,
    E.TurnEnded: open_state.evolve_turn_ended,
    E.DerbyBegan: derby.evolve_derby_began,
    E.BetPlaced: derby.evolve_bet_placed,
    E.HorseMoved: derby.evolve_horse_moved,
    E.DerbyWon: derby.evolve_derby_won,
    E.MissionCompleted: common.evolve_mission_completed,
    E.GameEnded: common.evolve_game_ended,
}
"""One fold per event type (``RngAdvanced`` is the engine's)."""
evolve: Callable[[State, Any], State] = make_evolve(Event, HANDLERS)

FLOW: Flow[State, Action, Event] = Flow(
    evolve=evolve,
    decisions=DECISIONS,
    pending=pending,
    is_over=is_over,
    proceed=proceed,
    watch=scoring.watch,
)

INFO = GameInfo(
    players=(2, 3, 4), play="competitive", result="scores", score_range=(0.0, 3.0),
    chance=True, hidden_information=True, simultaneous=True, max_decisions=None,
    unbounded_because="the game ends only when a player completes all three missions, which the rules do not force",
)
"""Dice and shuffled decks; mission cards are kept face down; several seats decide at once. A score counts the
missions done: two missions and the control mission, so 0 to 3. No length bound: the zones are revisited until
a player completes all three missions (rulebook, End of the Game); ``max_derbies`` is an option, not a rule."""

GAME: Game[State, Action, Event, View] = Game(
    name="peaky_blinders",
    codes=CODES,
    title="Peaky Blinders: Under New Management",
    rules_version="4",
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
