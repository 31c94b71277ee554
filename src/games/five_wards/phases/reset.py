"""Phase 4, Reset, and the start of the Final Round (rulebook "Phase 4", "Final Round";
clauses FW-RESET, FW-FINAL-01/02; GAP-14, GAP-24).

All automatic: replace deployed cards and their Recruiting tiles, move the
Inspector with a Tactics card, pass the Starting Player marker, and when the
Landmark draw pile is empty begin the final round by refilling from the
leftover deck.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from boardcore import advance

from ..board import empty_slot, put
from ..catalog import TACTIC_BY_ID
from ..draws import draw_tactics
from ..events import (
    Event,
    FinalRoundBegan,
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


def reset_events(state: State) -> list[Event]:
    """Phase 4 in one go, then the final-round refill if the Landmark deck ran out."""
    events: list[Event] = []
    deck = state.supply.landmark_deck
    stack, used = state.supply.recruit_stack, state.supply.recruit_used
    rng = state.rng
    # Step 1: replace deployed cards and their Recruiting tiles (FW-RESET-01/02, GAP-24)
    for position, slot in enumerate(state.row):
        if slot.card is not None:
            continue
        card = deck[0] if deck else None
        deck = deck[1:]
        events.append(LandmarkReplaced(position=position, card=card))
        if not stack:
            stack, rng = rng.shuffle(used)
            used = ()
            events += [RecruitReshuffled(count=len(stack), tiles=stack), advance(rng)]
        used = (*used, state.supply.tiles[position])
        events.append(RecruitReplaced(ward=position, tile=stack[0]))
        stack = stack[1:]
    # Step 2: the Inspector moves (FW-RESET-04/05)
    probe = replace(state, rng=rng)
    reshuffle, first, second = draw_tactics(probe, 1)
    events += reshuffle
    drawn = (first + second)[:1]
    if drawn:
        events.append(InspectorMoved(card=drawn[0], ward=TACTIC_BY_ID[drawn[0]].ward - 1))
    else:
        events.append(InspectorMoved(card=None, ward=state.inspector))
    # Step 3: pass the marker; the round's stacks merge (GAP-19)
    events.append(RoundEnded(round=state.round))
    events.append(StartPassed(player=(state.start + 1) % len(state.players)))
    if not deck:
        events += final_events(state, events)
    return events


def final_events(state: State, so_far: list[Event]) -> list[Event]:
    """FW-FINAL-02: refill empty positions 1-5 from the leftover deck."""
    empty = {e.position for e in so_far if isinstance(e, LandmarkReplaced) and e.card is None}
    events: list[Event] = [FinalRoundBegan(reason="deck")]
    leftover = state.supply.leftover_deck
    for position in sorted(empty):
        if leftover:
            events.append(LeftoverDrawn(position=position, card=leftover[0]))
            leftover = leftover[1:]
    return events


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
    wards = []
    for w in state.wards:
        old = tuple(o + f for o, f in zip(w.old, w.fresh))
        wards.append(WardState(old=old, fresh=(0,) * len(old), boss=w.boss, boss_height=w.boss_height, boss_fresh=False, coppers=w.coppers))
    players = tuple(replace(p, bribed=False, dice=()) for p in state.players)
    return replace(state, wards=tuple(wards), players=players, round=state.round + 1, deploy_queue=(), deploying=NOBODY)


def evolve_final_round_began(state: State, e: FinalRoundBegan) -> State:
    """The final round is under way."""
    return replace(state, final=True)


def evolve_leftover_drawn(state: State, e: LeftoverDrawn) -> State:
    """A leftover card fills an empty position."""
    supply = replace(state.supply, leftover_deck=state.supply.leftover_deck[1:])
    return replace(state, row=put(state.row, e.position, empty_slot(e.card)), supply=supply)


def roll_or_end_events(state: State) -> list[Event]:
    """Before a Phase 1: the safety round limit ends the game at once (an engine option, not a rule).

    The final round is always played: it has a single Phase 1 and ends by itself (GAP-25).
    """
    from .rally import roll_events

    if state.phase1_count >= state.supply.round_limit and not state.final:
        return [PhaseBegan(phase="score")]
    return roll_events(state)


HANDLERS: dict[type, Any] = {
    LandmarkReplaced: evolve_landmark_replaced,
    RecruitReshuffled: evolve_recruit_reshuffled,
    RecruitReplaced: evolve_recruit_replaced,
    InspectorMoved: evolve_inspector_moved,
    RoundEnded: evolve_round_ended,
    FinalRoundBegan: evolve_final_round_began,
    LeftoverDrawn: evolve_leftover_drawn,
}
