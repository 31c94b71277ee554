"""Missions, the win check after every step, and the final result (PB-GOAL, PB-END, GAP-01..04)."""

from __future__ import annotations

from collections.abc import Callable

from boardcore import Outcome, Turn
from boardcore.seat_order import clockwise

from . import catalog as C
from . import events as E
from .events import Event, GameEnded, MissionCompleted
from .resources import cash, value
from .state import State

__all__ = [
    "CONDITIONS",
    "FLOW_ONLY",
    "breakdown",
    "control_met",
    "end_by_limit",
    "has_won",
    "missions_done",
    "outcome",
    "revealed_missions",
    "watch",
]


def _res(state: State, seat: int) -> tuple[int, ...]:
    return state.players[seat].res


CONDITIONS: dict[str, Callable[[State, int], bool]] = {
    "M01": lambda s, p: value(_res(s, p), "rum") >= 8,
    "M02": lambda s, p: value(_res(s, p), "weapons") >= 8,
    "M03": lambda s, p: value(_res(s, p), "car") >= 8,
    "M04": lambda s, p: all(value(_res(s, p), m) >= 3 for m in C.MATERIALS),
    "M05": lambda s, p: _res(s, p)[C.MEMBERS] >= 10,
    "M06": lambda s, p: cash(_res(s, p)) >= 25,
    "M07": lambda s, p: _res(s, p)[C.LEADERSHIP] >= 5,
    "M08": lambda s, p: all(_res(s, p)[C.ITEM[h]] >= 3 for h in C.HENCHMEN),
    "M09": lambda s, p: s.players[p].derby_wins > 0,
    "M10": lambda s, p: _res(s, p)[C.HORSEPOWER] >= 6,
    "M11": lambda s, p: _res(s, p)[C.SUSPICION] == C.SUSPICION_MIN and _res(s, p)[C.ITEM["intellect"]] >= 4,
}
"""Each ordinary mission's condition (GAP-01)."""


def control_met(state: State, seat: int) -> bool:
    """The control mission holds now: all 4 spaces of its zone hold the player's markers (GAP-02)."""
    code = state.players[seat].missions[2]
    return bool(code) and state.markers[C.control_zone(code)][seat] == C.ZONE_CAPACITY


def missions_done(state: State, seat: int) -> int:
    """Latched missions plus the control mission if it holds now (GAP-04 ranking)."""
    player = state.players[seat]
    return sum(player.done) + control_met(state, seat)


def has_won(state: State, seat: int) -> bool:
    """Both missions completed and the control mission met (PB-GOAL-02, PB-END-01)."""
    return all(state.players[seat].done) and control_met(state, seat)


def revealed_missions(state: State) -> tuple[tuple[str, str, str], ...]:
    """Every player's three mission cards, as ``GameEnded`` turns them face up."""
    return tuple(p.missions for p in state.players)


FLOW_ONLY = frozenset({
    E.MissionChosen, E.MissionsShown, E.ZoneBegan, E.StarterContest, E.StarterChosen, E.DieRolled,
    E.FortuneDeclined, E.RollsSettled, E.HenchmanPlaced, E.PlacementPassed, E.ActionPhaseBegan,
    E.HenchmanRetrieved, E.CardDrawn, E.DeckReshuffled, E.ConflictBegan, E.DefenderChosen,
    E.ConflictDecided, E.SwapDeclined, E.ConflictEnded, E.CardPlayed, E.CardBoost, E.OptionChosen,
    E.CardResolved, E.TurnEnded, E.DerbyBegan, E.HorseMoved,
})
"""Events that change nothing a mission reads (holdings, markers, Derby wins): no check after them."""


def watch(turn: Turn[State, Event]) -> None:
    """After every event: latch newly met missions, and end the game at once if someone has won (GAP-03, PB-END-02).

    The kernel calls this after each event and stops the turn as soon as ``GameEnded`` is folded.
    """
    if type(turn.events[-1]) in FLOW_ONLY:
        return
    state = turn.state
    if state.phase == "over" or state.phase == "reveal":
        return
    for seat, player in enumerate(state.players):
        done = player.done
        if done[0] and done[1]:
            continue
        for slot in (0, 1):
            if not done[slot] and CONDITIONS[player.missions[slot]](state, seat):
                turn.emit(MissionCompleted(player=seat, slot=slot, mission=player.missions[slot], face_up=player.face_up == slot))
    state = turn.state
    winners = [seat for seat, player in enumerate(state.players) if player.done[0] and player.done[1] and control_met(state, seat)]
    if not winners:
        return
    actor = turn.player
    if actor is not None and actor in winners:
        winner = actor
    else:
        winner = next(seat for seat in clockwise(state.starter, len(state.players)) if seat in winners)
    turn.emit(GameEnded(winner=winner, reason="missions", missions=revealed_missions(state)))


def end_by_limit(turn: Turn[State, Event]) -> None:
    """The Derby limit is reached and nobody has won (GAP-04)."""
    turn.emit(GameEnded(winner=-1, reason="limit", missions=revealed_missions(turn.state)))


def breakdown(state: State, seat: int) -> dict[str, float]:
    """The ranking keys of one seat (GAP-04): missions completed, markers in its control-mission zone, cash."""
    player = state.players[seat]
    code = player.missions[2]
    zone_markers = state.markers[C.control_zone(code)][seat] if code else 0
    return {
        "missions": float(missions_done(state, seat)),
        "control_zone_markers": float(zone_markers),
        "cash": float(cash(player.res)),
    }


def outcome(state: State) -> Outcome | None:
    """The winner by missions; at the Derby limit, rank by missions, then control markers, then cash."""
    if state.phase != "over":
        return None
    n = len(state.players)
    parts = [breakdown(state, seat) for seat in range(n)]
    scores = [parts[seat]["missions"] for seat in range(n)]

    def tiebreak(seat: int) -> tuple[float, ...]:
        return (float(seat == state.progress.winner), parts[seat]["control_zone_markers"], parts[seat]["cash"])

    if state.progress.winner >= 0:
        reason = "completed all three missions"
    else:
        reason = f"nobody completed all three missions in {state.progress.derbies} Epsom Derbies: ranked by missions, control markers, cash"
    return Outcome.from_scores(scores, tiebreak=tiebreak, reason=reason, breakdown=parts)
