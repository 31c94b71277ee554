"""Phase 4, Reset, and the start of the Final Round (rulebook "Phase 4", "Final Round";
clauses FW-RESET, FW-FINAL-01/02; GAP-14, GAP-24).

All automatic: replace deployed cards and their Recruiting tiles, move the
Inspector with a Tactics card, pass the Starting Player marker, and when the
Landmark draw pile is empty begin the final round by refilling from the
leftover deck. Then the next Phase 1 is rolled, unless the safety limit ends the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from boardcore.seat_order import next_seat
from boardcore.tuples import put

from ..board import empty_slot
from ..catalog import TACTIC_BY_ID
from ..draws import drawn, top_tactic
from ..events import (
    FinalRoundBegan,
    FwTurn,
    InspectorMoved,
    LandmarkReplaced,
    LeftoverDrawn,
    PhaseBegan,
    RecruitReplaced,
    RecruitReshuffled,
    RoundEnded,
    StartPassed,
)
from ..state import NOBODY, State, WardState
from .rally import roll

__all__ = ["HANDLERS", "proceed", "roll_or_score"]



def proceed(turn: FwTurn) -> None:
    """Phase 4 in one go, then the final-round refill if the Landmark deck ran out."""
    start = turn.state
    # Step 1: replace deployed cards and their Recruiting tiles (FW-RESET-01/02, GAP-24)
    for position, slot in enumerate(start.row):
        if slot.card is not None:
            continue
        deck = turn.state.supply.landmark_deck
        turn.emit(LandmarkReplaced(position=position, card=deck[0] if deck else None))
        if not turn.state.supply.recruit_stack:
            stack = turn.shuffle(turn.state.supply.recruit_used)
            turn.emit(RecruitReshuffled(count=len(stack), tiles=stack))
            drawn(turn)
        turn.emit(RecruitReplaced(ward=position, tile=turn.state.supply.recruit_stack[0]))
    # Step 2: the Inspector moves to the Ward on the top Tactics card (FW-RESET-04/05)
    card = top_tactic(turn)
    turn.emit(InspectorMoved(card=card, ward=start.inspector if card is None else TACTIC_BY_ID[card].ward - 1))
    # Step 3: pass the marker; the round's stacks merge (GAP-19)
    turn.emit(RoundEnded(round=start.round), StartPassed(player=next_seat(start.start, len(start.players))))
    if not turn.state.supply.landmark_deck:
        _begin_final_round(turn)


def _begin_final_round(turn: FwTurn) -> None:
    """FW-FINAL-02: refill the empty positions, left to right, from the leftover deck."""
    turn.emit(FinalRoundBegan(reason="deck"))
    for position, slot in enumerate(turn.state.row):
        leftover = turn.state.supply.leftover_deck
        if slot.card is None and leftover:
            turn.emit(LeftoverDrawn(position=position, card=leftover[0]))


def roll_or_score(turn: FwTurn) -> None:
    """Before a Phase 1: the safety round limit ends the game at once (an engine option, not a rule).

    The final round is always played: it has a single Phase 1 and ends by itself (GAP-25).
    """
    state = turn.state
    if state.phase1_count >= state.supply.round_limit and not state.final:
        turn.emit(PhaseBegan(phase="score"))
    else:
        roll(turn)


def evolve_landmark_replaced(state: State, e: LandmarkReplaced) -> State:
    """A new card (or none) takes the position."""
    deck = state.supply.landmark_deck[1:] if e.card is not None else state.supply.landmark_deck
    return replace(state, row=put(state.row, e.position, empty_slot(e.card)), supply=replace(state.supply, landmark_deck=deck))


def evolve_recruit_reshuffled(state: State, e: RecruitReshuffled) -> State:
    """The used Recruiting tiles become the stack."""
    assert e.tiles is not None
    return replace(state, supply=replace(state.supply, recruit_stack=e.tiles, recruit_used=()))


def evolve_recruit_replaced(state: State, e: RecruitReplaced) -> State:
    """The Ward's old Recruiting tile is used; a new one replaces it."""
    supply = state.supply
    supply = replace(
        supply,
        recruit_used=(*supply.recruit_used, supply.tiles[e.ward]),
        tiles=put(supply.tiles, e.ward, e.tile),
        recruit_stack=supply.recruit_stack[1:],
    )
    return replace(state, supply=supply)


def evolve_inspector_moved(state: State, e: InspectorMoved) -> State:
    """The Tactics card is discarded face up; the Inspector moves."""
    if e.card is None:
        return state
    return replace(state, inspector=e.ward, tactics_deck=state.tactics_deck[1:], discard=(*state.discard, e.card))


def evolve_round_ended(state: State, e: RoundEnded) -> State:
    """Current-round stacks merge into the Ward; Bribes and dice end."""
    players = tuple([replace(p, bribed=False, dice=()) for p in state.players])
    wards = tuple([_merged(w) for w in state.wards])
    return replace(state, wards=wards, players=players, round=state.round + 1, deploy_queue=(), deploying=NOBODY)


def _merged(w: WardState) -> WardState:
    """The Ward with its current-round stacks merged into the older Thugs (a Ward nobody deployed to this round is
    kept as it is: the same value, and the tables remembered by Ward keep finding it)."""
    if not w.boss_fresh and not any(w.fresh):
        return w
    old = tuple(o + f for o, f in zip(w.old, w.fresh))
    return WardState(old=old, fresh=(0,) * len(old), boss=w.boss, boss_height=w.boss_height, boss_fresh=False, coppers=w.coppers)


def evolve_final_round_began(state: State, e: FinalRoundBegan) -> State:
    """The final round is under way."""
    return replace(state, final=True)


def evolve_leftover_drawn(state: State, e: LeftoverDrawn) -> State:
    """A leftover card fills an empty position."""
    supply = replace(state.supply, leftover_deck=state.supply.leftover_deck[1:])
    return replace(state, row=put(state.row, e.position, empty_slot(e.card)), supply=supply)


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    LandmarkReplaced: evolve_landmark_replaced,
    RecruitReshuffled: evolve_recruit_reshuffled,
    RecruitReplaced: evolve_recruit_replaced,
    InspectorMoved: evolve_inspector_moved,
    RoundEnded: evolve_round_ended,
    FinalRoundBegan: evolve_final_round_began,
    LeftoverDrawn: evolve_leftover_drawn,
}
