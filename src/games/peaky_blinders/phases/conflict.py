"""Conflict location: a free card, or a fight with a rival who has markers in the zone (PB-CONF, GAP-18)."""

from __future__ import annotations

import msgspec

from boardcore import Refusal, Turn
from boardcore.kernel import Rules, no_problem
from boardcore.tuples import put

from .. import catalog as C
from ..actions import ChooseDefender, DeclineSwap, SwapMarker
from ..codes import CONFLICT_BAD_MARKER_SOURCE, CONFLICT_NOT_A_RIVAL
from ..events import (
    ConflictBegan,
    ConflictDecided,
    ConflictEnded,
    DefenderChosen,
    Event,
    MarkerSwapped,
    RollsSettled,
    SwapDeclined,
)
from ..resources import draw_card, lose_all, roll, supply_markers
from ..state import Conflict, State
from .fortune import totals

__all__ = [
    "SWAP_RULES",
    "begin",
    "choose_defender",
    "decline_swap",
    "defender_candidates",
    "defender_problem",
    "evolve_conflict_began",
    "evolve_conflict_decided",
    "evolve_conflict_over",
    "evolve_defender_chosen",
    "evolve_marker_swapped",
    "move_marker",
    "rivals",
    "score",
    "settle",
    "step",
    "swap_candidates",
    "swap_marker",
    "swap_problem",
    "swap_sources",
]


def rivals(state: State, seat: int) -> list[int]:
    """Opponents with a control marker in the current zone (PB-CONF-04, GAP-18 item 2)."""
    counts = state.markers[state.zone]
    return [s for s in range(len(state.players)) if s != seat and counts[s] > 0]


def begin(turn: Turn[State, Event], seat: int, henchman: int) -> None:
    """Free card if no rival holds the zone (PB-CONF-02); else a conflict, the defender chosen if several."""
    found = rivals(turn.state, seat)
    if not found:
        draw_card(turn, seat)
        return
    turn.emit(ConflictBegan(attacker=seat, henchman=henchman, defender=found[0] if len(found) == 1 else -1))


def evolve_conflict_began(state: State, event: ConflictBegan) -> State:
    return msgspec.structs.replace(state, conflict=Conflict(attacker=event.attacker, henchman=event.henchman, defender=event.defender))


def step(turn: Turn[State, Event]) -> None:
    """Both roll (attacker first); once fortune is decided, settle."""
    state = turn.state
    fight = state.conflict
    assert fight is not None and fight.defender >= 0 and not fight.swap
    if not state.rolls:
        roll(turn, fight.attacker)
        roll(turn, fight.defender)
        return
    settle(turn)


def score(state: State, seat: int, henchman: int, roll_total: int) -> int:
    """d8 (+ fortune) + that henchman type's tokens + member tokens (PB-CONF-08/09)."""
    res = state.players[seat].res
    return roll_total + res[C.ITEM[C.HENCHMEN[henchman]]] + res[C.MEMBERS]


def settle(turn: Turn[State, Event]) -> None:
    """Both totals, the winner (a tie goes to the defender), the winner's card, the loser's losses, the swap offer."""
    state = turn.state
    fight = state.conflict
    assert fight is not None
    rolled = totals(state)
    attack = score(state, fight.attacker, fight.henchman, rolled[0])
    defend = score(state, fight.defender, fight.henchman, rolled[1])
    turn.emit(RollsSettled(players=(fight.attacker, fight.defender), totals=(attack, defend)))
    won = attack > defend
    winner, loser = (fight.attacker, fight.defender) if won else (fight.defender, fight.attacker)
    swap = won and attack > C.CONFLICT_SWAP_ABOVE
    turn.emit(ConflictDecided(attacker=fight.attacker, defender=fight.defender, attacker_total=attack, defender_total=defend, winner=winner, swap=swap))
    draw_card(turn, winner)
    lose_all(turn, loser, "leadership")
    if not won:
        lose_all(turn, fight.attacker, C.HENCHMEN[fight.henchman])
    if not swap:
        turn.emit(ConflictEnded())


def evolve_conflict_decided(state: State, event: ConflictDecided) -> State:
    assert state.conflict is not None
    return msgspec.structs.replace(state, conflict=msgspec.structs.replace(state.conflict, swap=event.swap))


# --- decisions ---------------------------------------------------------------------


def defender_candidates(state: State, seat: int) -> list[ChooseDefender]:
    """Every rival with a marker in the zone: all of them legal."""
    return [ChooseDefender(defender=s) for s in rivals(state, seat)]


def defender_problem(state: State, seat: int, action: ChooseDefender) -> Refusal | None:
    """Only a rival with a control marker in this zone can be attacked (PB-CONF-05)."""
    if action.defender not in rivals(state, seat):
        return Refusal(f"Player {action.defender} has no control marker in this zone to defend with.", CONFLICT_NOT_A_RIVAL, "PB-CONF-05")
    return None


def choose_defender(turn: Turn[State, Event], seat: int, action: ChooseDefender) -> None:
    """The defender is named; both roll as the next automatic step."""
    turn.emit(DefenderChosen(attacker=seat, defender=action.defender))


def evolve_defender_chosen(state: State, event: DefenderChosen) -> State:
    assert state.conflict is not None
    return msgspec.structs.replace(state, conflict=msgspec.structs.replace(state.conflict, defender=event.defender))


def swap_sources(state: State, seat: int) -> list[int | None]:
    """Where the replacement marker may come from: the supply, else another zone (GAP-18 item 8)."""
    if supply_markers(state, seat) > 0:
        return [None]
    return [z for z in range(4) if z != state.zone and state.markers[z][seat] > 0]


def swap_candidates(state: State, seat: int) -> list[SwapMarker | DeclineSwap]:
    """A swap from each allowed source, then declining: all of them legal."""
    return [*(SwapMarker(from_zone=z) for z in swap_sources(state, seat)), DeclineSwap()]


def swap_problem(state: State, seat: int, action: SwapMarker) -> Refusal | None:
    """The replacement marker comes from the supply while it has one, else from another zone (PB-CONF-13, GAP-18)."""
    if action.from_zone not in swap_sources(state, seat):
        msg = "The replacement marker comes from your supply while you have one, else from one of your markers in another zone."
        return Refusal(msg, CONFLICT_BAD_MARKER_SOURCE, "PB-CONF-13")
    return None


def swap_marker(turn: Turn[State, Event], seat: int, action: SwapMarker) -> None:
    """One defender marker replaced by the attacker's, for free; the conflict ends."""
    fight = turn.state.conflict
    assert fight is not None
    turn.emit(MarkerSwapped(attacker=seat, defender=fight.defender, zone=turn.state.zone, from_zone=action.from_zone))


def evolve_marker_swapped(state: State, event: MarkerSwapped) -> State:
    markers = move_marker(state.markers, event.zone, event.defender, -1)
    markers = move_marker(markers, event.zone, event.attacker, 1)
    if event.from_zone is not None:
        markers = move_marker(markers, event.from_zone, event.attacker, -1)
    return msgspec.structs.replace(state, markers=markers, conflict=None)


def decline_swap(turn: Turn[State, Event], seat: int, action: DeclineSwap) -> None:
    """The markers stay in place; the conflict ends."""
    turn.emit(SwapDeclined(attacker=seat))


SWAP_RULES: Rules[State] = {SwapMarker: (swap_problem, swap_marker), DeclineSwap: (no_problem, decline_swap)}
"""The marker-swap decision's rules, by action type."""


# --- evolve ------------------------------------------------------------------------


def move_marker(markers: tuple[tuple[int, ...], ...], zone: int, seat: int, delta: int) -> tuple[tuple[int, ...], ...]:
    """Markers with one zone's count for one seat changed."""
    row = markers[zone]
    return put(markers, zone, put(row, seat, row[seat] + delta))


def evolve_conflict_over(state: State, event: SwapDeclined | ConflictEnded) -> State:
    return msgspec.structs.replace(state, conflict=None)
