"""Missions, the win check after every step, and the final result (PB-GOAL, PB-END, GAP-01..04)."""

from __future__ import annotations

from collections.abc import Callable

from boardcore import Outcome, Turn
from boardcore.seat_order import clockwise

from . import catalog as C
from . import events as E
from .events import Event, GameEnded, MissionCompleted
from .resources import cash, value
from .state import Player, State

__all__ = [
    "CONDITIONS",
    "MET",
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


MET: dict[str, Callable[[Player], bool]] = {
    "M01": lambda p: value(p.res, "rum") >= 8,
    "M02": lambda p: value(p.res, "weapons") >= 8,
    "M03": lambda p: value(p.res, "car") >= 8,
    "M04": lambda p: all(value(p.res, m) >= 3 for m in C.MATERIALS),
    "M05": lambda p: p.res[C.MEMBERS] >= 10,
    "M06": lambda p: cash(p.res) >= 25,
    "M07": lambda p: p.res[C.LEADERSHIP] >= 5,
    "M08": lambda p: all(p.res[C.ITEM[h]] >= 3 for h in C.HENCHMEN),
    "M09": lambda p: p.derby_wins > 0,
    "M10": lambda p: p.res[C.HORSEPOWER] >= 6,
    "M11": lambda p: p.res[C.SUSPICION] == C.SUSPICION_MIN and p.res[C.ITEM["intellect"]] >= 4,
}
"""Each ordinary mission's condition, read from its holder's board alone (GAP-01): so ``watch`` may skip a board
it has already found short of every open mission."""


def _condition(met: Callable[[Player], bool]) -> Callable[[State, int], bool]:
    return lambda state, seat: met(state.players[seat])


CONDITIONS: dict[str, Callable[[State, int], bool]] = {code: _condition(met) for code, met in MET.items()}
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


_CLEAR: list[Player | None] = [None] * 4
"""Per seat, the last board ``watch`` found with no open mission newly met. Whether one is met reads the board
alone (``MET``), so the same board (most events change one seat's) is passed over; the board held here cannot be
freed, so its identity is a safe key (one list slot swapped, safe between threads)."""

_BOTH = (True, True)


def watch(turn: Turn[State, Event]) -> None:
    """After every event: latch newly met missions, and end the game at once if someone has won (GAP-03, PB-END-02).

    The kernel calls this after each event and stops the turn as soon as ``GameEnded`` is folded.
    """
    if type(turn.events[-1]) in FLOW_ONLY:
        return
    state = turn.state
    if state.phase == "over" or state.phase == "reveal":
        return
    clear = _CLEAR
    finished = False  # some board has both missions done: only then can anyone have won
    for seat, player in enumerate(state.players):
        if player is clear[seat]:
            continue
        done, missions = player.done, player.missions
        met0 = not done[0] and MET[missions[0]](player)
        met1 = not done[1] and MET[missions[1]](player)
        if not (met0 or met1):
            if done == _BOTH:
                finished = True
            else:
                clear[seat] = player
            continue
        finished = finished or ((met0 or done[0]) and (met1 or done[1]))
        if met0:
            turn.emit(MissionCompleted(player=seat, slot=0, mission=missions[0], face_up=player.face_up == 0))
        if met1:
            turn.emit(MissionCompleted(player=seat, slot=1, mission=missions[1], face_up=player.face_up == 1))
    if not finished:
        return
    state = turn.state
    winners = [seat for seat, player in enumerate(state.players) if player.done == _BOTH and control_met(state, seat)]
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
