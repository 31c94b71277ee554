"""Who starts a phase: control markers in the zone, then leadership, then a d8 roll-off (PB-START, GAP-09)."""

from __future__ import annotations

import msgspec

from boardcore import Turn

from .. import catalog as C
from ..catalog import Purpose
from ..events import Event, RollsSettled, StarterChosen, StarterContest
from ..resources import roll
from ..state import Round, State, Tie, Turns
from .fortune import totals

__all__ = ["begin", "contenders", "evolve_starter_chosen", "evolve_starter_contest", "step"]


def contenders(state: State, purpose: Purpose) -> list[int]:
    """Players still in the running before any die is rolled."""
    seats = list(range(len(state.players)))
    if purpose != "derby":
        counts = state.markers[state.zone]
        most = max(counts)
        if most > 0:
            seats = [s for s in seats if counts[s] == most]
    most = max(state.players[s].res[C.LEADERSHIP] for s in seats)
    return [s for s in seats if state.players[s].res[C.LEADERSHIP] == most]


def begin(turn: Turn[State, Event], purpose: Purpose) -> None:
    """Find the starter of the phase ``purpose``, starting a roll-off if several tie."""
    seats = contenders(turn.state, purpose)
    if len(seats) == 1:
        turn.emit(StarterChosen(purpose=purpose, player=seats[0]))
    else:
        turn.emit(StarterContest(purpose=purpose, candidates=tuple(seats)))


def step(turn: Turn[State, Event]) -> None:
    """Roll for the next contender, or settle the roll-off once all have rolled and decided."""
    state = turn.state
    tie = state.tie
    assert tie is not None
    if len(state.rolls) < len(tie.candidates):
        roll(turn, tie.candidates[len(state.rolls)])
        return
    scores = totals(state)
    turn.emit(RollsSettled(players=tie.candidates, totals=tuple(scores)))
    best = max(scores)
    leaders = tuple(s for s, score in zip(tie.candidates, scores) if score == best)
    if len(leaders) == 1:
        turn.emit(StarterChosen(purpose=tie.purpose, player=leaders[0]))
    else:
        turn.emit(StarterContest(purpose=tie.purpose, candidates=leaders))


def evolve_starter_contest(state: State, event: StarterContest) -> State:
    return msgspec.structs.replace(state, phase="starter", tie=Tie(purpose=event.purpose, candidates=event.candidates))


def evolve_starter_chosen(state: State, event: StarterChosen) -> State:
    n = len(state.players)
    common = {"phase": event.purpose, "tie": None, "starter": event.player, "turn": event.player}
    if event.purpose == "prep":
        round_ = msgspec.structs.replace(state.round, passed=(False,) * n)
        return msgspec.structs.replace(state, **common, round=round_)
    if event.purpose == "ogs":
        round_ = msgspec.structs.replace(state.round, board=Round().board)  # every henchman is back
        return msgspec.structs.replace(state, **common, round=round_, passes=0, turns=Turns(visited=(False,) * n))
    return msgspec.structs.replace(state, **common)
