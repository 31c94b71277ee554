"""Contesting control (BW-CONTEST-01..06, BW-LABOR-05, GAP-11, GAP-13).

Every owner of a Factory or Tenement in the Ward takes part. Those holding a
Gangster commit one (or none) in secret through ``boardcore.Sealed``; the last
commitment reveals both, the committed Gangsters are discarded, and the higher
total (Ward Power + Influence + Muscle + Heavy) takes control.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from boardcore import Decision, Refusal, Sealed, Turn, decide_commit

from ..actions import Commit
from ..board import (
    contestants,
    current_ward,
    discard_gangster,
    influence,
    lab,
    set_ward,
    turn_order,
    ward_power,
    with_labor,
)
from ..catalog import GANGSTERS
from ..codes import GANGSTER_NOT_HELD
from ..events import CommitmentsRevealed, ContestOpened, ContestWon, Event, GangsterCommitted, WardEntered
from ..state import ALLOCATE, COMMIT, NEXT, RECOVER, State
from . import allocate

# --- entering a Ward ------------------------------------------------------------------------


def enter(turn: Turn[State, Event], w: int) -> None:
    """Open the Ward's contest; with one contestant (or nobody holding a Gangster) resolve it at once (GAP-11)."""
    turn.emit(WardEntered(ward=w))
    state = turn.state
    seats = contestants(state.wards[w])
    waiting = tuple(p for p in seats if state.players[p].gangsters)
    if len(seats) >= 2 and waiting:
        turn.emit(ContestOpened(ward=w, waiting=waiting))
    else:
        _resolve(turn, w, ())


def evolve_contest_opened(state: State, e: ContestOpened) -> State:
    return with_labor(state, step=COMMIT, sealed=Sealed.open(e.waiting))


# --- the secret commitment (BW-CONTEST-02/03) ----------------------------------------------


def waiting(state: State) -> tuple[int, ...]:
    """The contestants who have not committed yet."""
    sealed = lab(state).sealed
    assert sealed is not None
    return sealed.waiting


def commit_candidates(state: State, seat: int) -> list[Commit]:
    """None, or one of each kind of Gangster the seat holds (BW-CONTEST-02: at most one)."""
    return [Commit(gangster=""), *(Commit(gangster=g) for g in sorted(set(state.players[seat].gangsters)))]


def commit_problem(state: State, seat: int, action: Commit) -> Refusal | None:
    """A Gangster from your own hand, or none."""
    if action.gangster and action.gangster not in state.players[seat].gangsters:
        return Refusal("you can commit only a Gangster you hold, or none", GANGSTER_NOT_HELD, "BW-CONTEST-02")
    return None


def commit(turn: Turn[State, Event], seat: int, action: Commit) -> None:
    """Commit face down; the last commitment reveals them all together and settles the contest."""
    w = current_ward(turn.state)
    sealed = lab(turn.state).sealed
    assert sealed is not None
    events: list[GangsterCommitted | CommitmentsRevealed] = decide_commit(
        sealed,
        seat,
        action.gangster,
        committed=lambda p, g: GangsterCommitted(player=p, ward=w, gangster=g),
        revealed=lambda choices: CommitmentsRevealed(ward=w, choices=choices),
        action=action,
    )
    turn.emit(*events)
    last = events[-1]
    if isinstance(last, CommitmentsRevealed):
        _resolve(turn, w, last.choices)


def evolve_gangster_committed(state: State, e: GangsterCommitted) -> State:
    sealed = lab(state).sealed
    assert sealed is not None and e.gangster is not None  # the log holds the full event
    return with_labor(state, sealed=sealed.commit(e.player, e.gangster))


def evolve_commitments_revealed(state: State, e: CommitmentsRevealed) -> State:
    """Committed Gangsters are discarded face up, win or lose (BW-CONTEST-04)."""
    for p, g in e.choices:
        if g:
            state = discard_gangster(state, p, g)
    return state


COMMIT_GANGSTER: Decision[State, Commit] = Decision(
    rules={Commit: (commit_problem, commit)},
    candidates=commit_candidates,
    ask="commit a Gangster to the contest, or none, face down",
    clause="BW-CONTEST-02",
)

# --- the result (BW-CONTEST-04..06) ------------------------------------------------------------


def contest_totals(state: State, w: int, choices: tuple[tuple[int, str], ...]) -> tuple[int, int]:
    """Ward Power + Influence + committed Muscle + Heavy bonus, by seat; -1 for non-contestants (GAP-11)."""
    ward = state.wards[w]
    seats = contestants(ward)
    chosen = dict(choices)
    totals = []
    for p in (0, 1):
        if p not in seats:
            totals.append(-1)
            continue
        g = chosen.get(p, "")
        muscle = GANGSTERS[g].muscle if g else 0
        totals.append(ward_power(ward, p) + influence(state.players[p]) + muscle + ward.heavy[p])
    return (totals[0], totals[1])


def contest_winner(state: State, totals: tuple[int, int]) -> int:
    """Highest total; ties to a Magistrate holder, else to the earlier seat in turn order (BW-CONTEST-05)."""
    best = max(totals)
    tied = [p for p in (0, 1) if totals[p] == best]
    if len(tied) == 1:
        return tied[0]
    magistrates = [p for p in tied if "O-MAG" in state.players[p].officials]
    if len(magistrates) == 1:
        return magistrates[0]
    return turn_order(state)[0]


def _resolve(turn: Turn[State, Event], w: int, choices: tuple[tuple[int, str], ...]) -> None:
    """The winner takes control; a calm Ward then allocates its workers."""
    totals = contest_totals(turn.state, w, choices)
    turn.emit(ContestWon(ward=w, winner=contest_winner(turn.state, totals), totals=totals))
    if lab(turn.state).step == ALLOCATE:
        allocate.offer(turn)


def evolve_contest_won(state: State, e: ContestWon) -> State:
    """Control passes to the winner until the next contest here (BW-CONTEST-06). A controller who keeps the Ward (four
    contests in five) leaves the Wards tuple as it was: what is derived from it once per tuple stays remembered."""
    ward = state.wards[e.ward]
    if ward.controller != e.winner:
        ward = msgspec.structs.replace(ward, controller=e.winner)
        state = set_ward(state, e.ward, ward)
    if lab(state).ignited[e.ward]:
        step = NEXT
    elif ward.riot:
        step = RECOVER
    else:
        step = ALLOCATE
    return with_labor(state, step=step, sealed=None)


# --- the folds above, by event type ----------------------------------------------------------------


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    ContestOpened: evolve_contest_opened,
    GangsterCommitted: evolve_gangster_committed,
    CommitmentsRevealed: evolve_commitments_revealed,
    ContestWon: evolve_contest_won,
}
