"""Gangsters at work during Invest & Build: Jobs and quelling (BW-IB-07, BW-CARD-09..11, GAP-19, GAP-27).

A Gangster is single use: its Job is played face up (the card goes to the open discard), or it
is discarded to remove one striker anywhere, even in Riot (quelling, which is not a Job). At most
three Jobs may affect one Ward each round (one with a Constabulary); an Agitator's Job affects,
and counts in, both Wards. A Job that brings a calm Ward to three strikers riots it at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import msgspec

from boardcore import Refusal, Turn

from ..actions import PlayJob, Quell
from ..board import discard_gangster, find, get, job_limit, kind, set_player, set_ward
from ..catalog import (
    FIXER_GAIN,
    GANGSTERS,
    HEAVY_BONUS,
    PEACEMAKER_REMOVES,
    RACKET_TAKE,
    RIOT_AT,
    WARD_NAMES,
    WARDS,
    card_name,
    neighbours,
)
from ..codes import GANGSTER_NOT_HELD, JOB_BAD_TARGET, JOB_LIMIT, JOB_NO_STRIKER, JOB_RIOTING, JOB_TRACK_FULL, QUELL_NO_STRIKER
from ..events import (
    BuildingDestroyed,
    CashGained,
    CashTaken,
    Event,
    GangsterQuelled,
    GangstersInspected,
    JobPlayed,
    StrikerAdded,
    StrikerMoved,
    StrikersRemoved,
)
from ..state import State, Ward
from .unrest import add_striker, remove_building


def _ward(w: int) -> str:
    return f"Ward {WARD_NAMES[w]}"


def job_room(ward: Ward) -> bool:
    """Fewer Jobs have affected the Ward this round than its limit (BW-CARD-11)."""
    return ward.jobs < job_limit(ward)


NOT_HELD = Refusal("you do not hold that Gangster", GANGSTER_NOT_HELD, "BW-CARD-10")
NO_STRIKER = Refusal("that Ward has no striker to quell", QUELL_NO_STRIKER, "BW-CARD-10")


def _held(state: State, seat: int, gangster: str) -> Refusal | None:
    return None if gangster in state.players[seat].gangsters else NOT_HELD


def _bad_target(what: str) -> Refusal:
    return Refusal(what, JOB_BAD_TARGET, "BW-IB-07")


def job_problem(state: State, seat: int, action: PlayJob) -> Refusal | None:
    """A Gangster you hold, on a target its Job allows, in a Ward with room for one more Job this round."""
    held = _held(state, seat, action.gangster)
    if held is not None:
        return held
    return job_target_problem(state.wards, seat, action)


def job_target_problem(wards: tuple[Ward, ...], seat: int, action: PlayJob) -> Refusal | None:
    """The Job's target and the Wards' room for it (BW-IB-07, BW-CARD-11): all of ``job_problem`` but holding the
    Gangster. It reads only the Wards, so a legal list may keep its answers while the Wards tuple stands."""
    g, w, t = action.gangster, action.ward, action.target
    if not GANGSTERS[g].ward_job:
        return None if (w, t) == (-1, -1) else _bad_target(f"the {card_name(g)}'s Job targets no Ward (ward and target -1)")
    if w < 0:
        return _bad_target(f"the {card_name(g)}'s Job needs a target Ward")
    ward = wards[w]
    if not job_room(ward):
        return Refusal(f"no more Gangster Jobs may affect {_ward(w)} this round", JOB_LIMIT, "BW-CARD-11")
    if g == "G-AGI":
        if ward.strikers == 0:
            return Refusal(f"{_ward(w)} has no striker to move", JOB_NO_STRIKER, "BW-IB-07")
        if t not in neighbours(w):
            return _bad_target("an Agitator moves the striker to a Ward adjacent to the target")
        if wards[t].strikers >= RIOT_AT:
            return Refusal(f"{_ward(t)} has a full strike track", JOB_TRACK_FULL, "BW-IB-07")
        if not job_room(wards[t]):
            return Refusal(f"no more Gangster Jobs may affect {_ward(t)} this round", JOB_LIMIT, "BW-CARD-11")
        return None
    if g == "G-ARS":
        if ward.riot:
            return Refusal("an Arsonist's target Ward must not be in Riot", JOB_RIOTING, "BW-IB-07")
        b = find(ward, t)
        if b is None or b.owner != 1 - seat or kind(b.card) != "T" or b.upgraded:
            return _bad_target(f"an Arsonist destroys a rival Tenement that is not upgraded, in {_ward(w)}")
        return None
    if t != -1:
        return _bad_target(f"the {card_name(g)}'s Job targets a Ward only (target -1)")
    if g == "G-BRU" and ward.strikers >= RIOT_AT:
        return Refusal(f"{_ward(w)} has a full strike track", JOB_TRACK_FULL, "BW-IB-07")
    if g == "G-PEA" and ward.riot:
        return Refusal("a Peacemaker's target Ward must not be in Riot", JOB_RIOTING, "BW-IB-07")
    return None


def job_candidates(wards: tuple[Ward, ...] | None, g: str) -> Iterator[PlayJob]:
    """Every (Ward, target) pair worth checking for the Gangster's Job, Ward by Ward (the Arsonist's need the board)."""
    if not GANGSTERS[g].ward_job:
        yield PlayJob(gangster=g)
        return
    for w in range(WARDS):
        if g == "G-ARS":
            assert wards is not None
            for b in wards[w].buildings:
                yield PlayJob(gangster=g, ward=w, target=b.uid)
        elif g == "G-AGI":
            for d in neighbours(w):
                yield PlayJob(gangster=g, ward=w, target=d)
        else:
            yield PlayJob(gangster=g, ward=w)


JOBS = {g: tuple(job_candidates(None, g)) for g in GANGSTERS if g != "G-ARS"}
"""The Job candidates of every Gangster but the Arsonist (whose targets are the Buildings on the board), built once."""


def quell_problem(state: State, seat: int, action: Quell) -> Refusal | None:
    """BW-CARD-10: discard any Gangster you hold to remove one striker anywhere, even in Riot."""
    held = _held(state, seat, action.gangster)
    if held is not None:
        return held
    return quell_target_problem(state.wards, seat, action)


def quell_target_problem(wards: tuple[Ward, ...], seat: int, action: Quell) -> Refusal | None:
    """A striker to remove in the Ward (BW-CARD-10): all of ``quell_problem`` but holding the Gangster; it reads only
    the Wards (see ``job_target_problem``)."""
    return NO_STRIKER if wards[action.ward].strikers == 0 else None


def play_job(turn: Turn[State, Event], seat: int, action: PlayJob) -> None:
    """Reveal the Gangster, then its Job; a third striker riots at once (BW-RIOT-10/11, GAP-19)."""
    g, w, t = action.gangster, action.ward, action.target
    turn.emit(JobPlayed(player=seat, gangster=g, ward=w, target=t))
    state = turn.state
    rival = 1 - seat
    if g == "G-BRU":
        add_striker(turn, w, StrikerAdded(ward=w))
    elif g == "G-ARS":
        doomed = get(state.wards[w], t)
        turn.emit(BuildingDestroyed(ward=w, uid=t, card=doomed.card, owner=doomed.owner))
    elif g == "G-AGI":
        add_striker(turn, t, StrikerMoved(source=w, dest=t))
    elif g == "G-PEA":
        n = min(PEACEMAKER_REMOVES, state.wards[w].strikers)
        if n:
            turn.emit(StrikersRemoved(ward=w, count=n))
    elif g == "G-FIX":
        turn.emit(CashGained(player=seat, amount=FIXER_GAIN))
    elif g == "G-RAC":
        turn.emit(CashTaken(player=seat, victim=rival, amount=min(RACKET_TAKE, state.players[rival].cash)))
    elif g == "G-INF":
        turn.emit(GangstersInspected(player=seat, seen=state.players[rival].gangsters))


def evolve_job_played(state: State, e: JobPlayed) -> State:
    """Discard the Gangster; count the Job against its Ward(s); mark Saboteur and Heavy for this round."""
    state = discard_gangster(state, e.player, e.gangster)
    if not GANGSTERS[e.gangster].ward_job:
        return state
    ward = state.wards[e.ward]
    changes: dict[str, Any] = {"jobs": ward.jobs + 1}
    if e.gangster == "G-SAB":
        changes["saboteur"] = tuple(True if i == e.player else v for i, v in enumerate(ward.saboteur))
    elif e.gangster == "G-HEA":
        changes["heavy"] = tuple(v + HEAVY_BONUS if i == e.player else v for i, v in enumerate(ward.heavy))
    state = set_ward(state, e.ward, msgspec.structs.replace(ward, **changes))
    if e.gangster == "G-AGI":
        dest = state.wards[e.target]
        state = set_ward(state, e.target, msgspec.structs.replace(dest, jobs=dest.jobs + 1))
    return state


def evolve_striker_added(state: State, e: StrikerAdded) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=min(RIOT_AT, ward.strikers + 1)))


def evolve_strikers_removed(state: State, e: StrikersRemoved) -> State:
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=max(0, ward.strikers - e.count)))


def evolve_striker_moved(state: State, e: StrikerMoved) -> State:
    src = state.wards[e.source]
    state = set_ward(state, e.source, msgspec.structs.replace(src, strikers=max(0, src.strikers - 1)))
    dst = state.wards[e.dest]
    return set_ward(state, e.dest, msgspec.structs.replace(dst, strikers=min(RIOT_AT, dst.strikers + 1)))


def evolve_building_destroyed(state: State, e: BuildingDestroyed) -> State:
    return remove_building(state, e.ward, e.uid)


def evolve_cash_gained(state: State, e: CashGained) -> State:
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash + e.amount))


def evolve_cash_taken(state: State, e: CashTaken) -> State:
    v = state.players[e.victim]
    state = set_player(state, e.victim, msgspec.structs.replace(v, cash=v.cash - e.amount))
    p = state.players[e.player]
    return set_player(state, e.player, msgspec.structs.replace(p, cash=p.cash + e.amount))


def evolve_gangsters_inspected(state: State, e: GangstersInspected) -> State:
    """The inspector now knows the rival's Gangsters (GAP-27): kept so determinize never forgets them."""
    rival = 1 - e.player
    assert e.seen is not None  # the log holds the full event
    return set_player(state, rival, msgspec.structs.replace(state.players[rival], exposed=e.seen))


def quell(turn: Turn[State, Event], seat: int, action: Quell) -> None:
    """The Gangster is discarded face up; the Ward loses a striker (a Riot goes on) (BW-CARD-10)."""
    turn.emit(GangsterQuelled(player=seat, gangster=action.gangster, ward=action.ward))


def evolve_gangster_quelled(state: State, e: GangsterQuelled) -> State:
    state = discard_gangster(state, e.player, e.gangster)
    ward = state.wards[e.ward]
    return set_ward(state, e.ward, msgspec.structs.replace(ward, strikers=max(0, ward.strikers - 1)))


QUELLS = {g: tuple(Quell(gangster=g, ward=w) for w in range(WARDS)) for g in GANGSTERS}
"""Every quelling, by Gangster, built once (actions are immutable)."""


# --- the folds above, by event type ----------------------------------------------------------------


HANDLERS: dict[type, Callable[[State, Any], State]] = {
    JobPlayed: evolve_job_played,
    GangsterQuelled: evolve_gangster_quelled,
    StrikerAdded: evolve_striker_added,
    StrikersRemoved: evolve_strikers_removed,
    StrikerMoved: evolve_striker_moved,
    BuildingDestroyed: evolve_building_destroyed,
    CashGained: evolve_cash_gained,
    CashTaken: evolve_cash_taken,
    GangstersInspected: evolve_gangsters_inspected,
}
