"""The Game record: who decides what now, action dispatch, the automatic-step driver, evolve table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from boardcore import PUBLIC, REVEAL, Game, make_evolve, only, owner

from . import actions as A
from . import events as E
from . import scoring
from .bots import house_bot
from .flow import Ctx, GameOver, Refusal
from .phases import action, cards, common, conflict, derby, fortune, open_state, preparation, show_mission, starter, suspicion
from .start import setup
from .state import Options, State
from .text import describe
from .view import (
    View,
    determinize,
    redact_card_drawn,
    redact_deck_reshuffled,
    redact_mission_completed,
    view,
)

# --- whose decision is it -----------------------------------------------------------


def awaiting(state: State) -> tuple[int, str] | None:
    """``(seat, kind)`` of the decision the game waits for, or ``None`` when the next step is automatic."""
    phase = state.phase
    if phase == "over":
        return None
    if phase == "reveal":
        return None  # simultaneous: see ``actors``
    roll = fortune.open_roll(state)
    if roll is not None:
        return roll.player, "fortune"
    if phase == "prep":
        return (state.turn, "place") if state.turn >= 0 else None
    if phase == "action" and state.conflict is not None:
        if state.conflict.defender < 0:
            return state.conflict.attacker, "defender"
        if state.conflict.swap:
            return state.conflict.attacker, "swap"
    if phase == "ogs":
        if state.play is not None:
            return (state.play.player, "choice") if cards.awaiting_choice(state) else None
        if not open_state.over(state):
            return state.turn, "turn"
    return None


KINDS: dict[str, tuple[tuple[type, ...], Callable[[State, int], list[Any]], Callable[[State, int, Any], Refusal | None], Callable[[Ctx, int, Any], None]]] = {
    "reveal": ((A.RevealMission,), show_mission.candidates, show_mission.problem, show_mission.decide_reveal),
    "fortune": ((A.UseFortune, A.DeclineFortune), fortune.candidates, fortune.problem, fortune.decide_fortune),
    "place": ((A.PlaceHenchman, A.PassPlacement), preparation.candidates, preparation.problem, preparation.decide_place),
    "defender": ((A.ChooseDefender,), conflict.defender_candidates, conflict.defender_problem, conflict.decide_defender),
    "swap": ((A.SwapMarker, A.DeclineSwap), conflict.swap_candidates, conflict.swap_problem, conflict.decide_swap),
    "choice": ((A.ChooseOption,), cards.choice_candidates, cards.choice_problem, cards.decide_choice),
    "turn": (
        (A.PlayCard, A.BuyMarker, A.BailOut, A.SellMaterial, A.BuyMaterial, A.SwapMaterial, A.Exchange, A.EndTurn, A.Pass),
        open_state.candidates,
        open_state.problem,
        open_state.decide,
    ),
}
"""Per decision kind: the actions it accepts, their candidates, their check, their decision."""

RULE = {
    "reveal": "PB-SETUP-11",
    "fortune": "PB-FORT-01",
    "place": "PB-PREP-05",
    "defender": "PB-CONF-05",
    "swap": "PB-CONF-13",
    "choice": "PB-CARD-01",
    "turn": "PB-OGS-03",
}
"""The clause behind each decision kind, cited when an action comes at the wrong time."""

WHAT = {
    "reveal": "choose which mission card to show",
    "fortune": "decide whether to use a fortune token",
    "place": "place a henchman or pass",
    "defender": "choose a defender",
    "swap": "decide on the marker swap",
    "choice": "choose what the card hits",
    "turn": "take an open-game-state turn",
}


def waiting_for(state: State, seat: int) -> str | None:
    """The kind of decision ``seat`` has to make now, or ``None``."""
    if state.phase == "reveal":
        return "reveal" if seat in show_mission.waiting(state) else None
    waiting = awaiting(state)
    return waiting[1] if waiting is not None and waiting[0] == seat else None


def actors(state: State) -> frozenset[int]:
    """Every seat still picking its face-up card in setup; afterwards the one seat the game waits for."""
    if state.phase == "reveal":
        return frozenset(show_mission.waiting(state))
    waiting = awaiting(state)
    return frozenset() if waiting is None else frozenset((waiting[0],))


def legal_actions(state: State, seat: int) -> list[Any]:
    """Every action the seat may take now, exactly."""
    kind = waiting_for(state, seat)
    if kind is None:
        return []
    _, candidates, problem, _ = KINDS[kind]
    return [a for a in candidates(state, seat) if problem(state, seat, a) is None]


def refusal(state: State, seat: int, act: Any) -> tuple[str, Refusal | None]:
    """The decision kind ``seat`` faces and why ``act`` is refused now (``None``: accepted)."""
    if state.phase == "over":
        return "", Refusal("The game is over.", "game/over", "PB-END-02")
    kind = waiting_for(state, seat)
    if kind is None:
        waiting = awaiting(state)
        who = ", ".join(f"player {s}" for s in sorted(actors(state))) or "nobody"
        clause = RULE["reveal" if waiting is None else waiting[1]]
        return "", Refusal(f"It is not player {seat}'s decision now; waiting for {who}.", "turn/not_your_turn", clause)
    kinds, _, problem, _ = KINDS[kind]
    if not isinstance(act, kinds):
        return kind, Refusal(f"Player {seat} must {WHAT[kind]} now.", "action/wrong_step", RULE[kind])
    try:
        msgspec.convert(msgspec.to_builtins(act), A.Action)
    except (msgspec.ValidationError, TypeError) as err:
        return kind, Refusal(f"Its fields are malformed ({err}).", "action/malformed", RULE[kind])
    return kind, problem(state, seat, act)


def decide(state: State, seat: int, act: Any) -> list[Any]:
    """Check the action, emit its events and every automatic step after it."""
    kind, refused = refusal(state, seat, act)
    if refused is not None:
        raise refused.error(seat, act)
    handler = KINDS[kind][3]
    ctx = Ctx(state, evolve, seat, scoring.check)
    try:
        handler(ctx, seat, act)
        run(ctx)
    except GameOver:
        pass
    return ctx.finish()


def run(ctx: Ctx) -> None:
    """Play automatic steps until a player must decide or the game ends."""
    while awaiting(ctx.state) is None:
        state = ctx.state
        phase = state.phase
        if phase == "over":
            return
        if phase == "reveal":
            if state.reveal is not None:
                return
            preparation.begin_zone(ctx, 0)
        elif phase == "starter":
            starter.step(ctx)
        elif phase == "prep":
            preparation.step(ctx)
        elif phase == "action":
            action.step(ctx)
        elif phase == "ogs":
            open_state.step(ctx)
        elif state.derby is not None:
            derby.step(ctx)
        elif state.progress.derbies >= state.progress.max_derbies:
            scoring.end_by_limit(ctx)
        else:
            preparation.begin_zone(ctx, 0)


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
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
evolve: Callable[[State, Any], State] = make_evolve(E.Event, _HANDLERS)


def _nobody(event: Any) -> tuple[int, ...]:
    return ()


VISIBILITY = {
    **{t: PUBLIC for t in E.Event.__args__ if t is not E.RngAdvanced},  # type: ignore[attr-defined]
    E.MissionChosen: owner("player", redacted=show_mission.redact_mission_chosen),
    E.MissionsShown: REVEAL,
    E.CardPlayed: REVEAL,
    E.GameEnded: REVEAL,
    E.CardDrawn: owner("player", redacted=redact_card_drawn),
    E.DeckReshuffled: only(_nobody, redacted=redact_deck_reshuffled),
    E.MissionCompleted: only(lambda e: (e.player,), redacted=redact_mission_completed),
}

GAME: Game[State, Any, Any, View] = Game(
    name="peaky_blinders",
    title="Peaky Blinders: Under New Management",
    rules_version="4",
    player_counts=(2, 3, 4),
    action_type=A.Action,
    event_type=E.Event,
    view_type=View,
    setup=setup,
    actors=actors,
    legal_actions=legal_actions,
    decide=decide,
    evolve=evolve,
    view=view,
    visibility=VISIBILITY,
    outcome=scoring.outcome,
    determinize=determinize,
    options_type=Options,
    event_text=lambda event, viewer, names: describe(event, viewer),  # TODO(kernel port): names, redacted input
    action_text=lambda action, seat, names: describe(action, seat),  # TODO(kernel port)
    house_bot=house_bot,
)
