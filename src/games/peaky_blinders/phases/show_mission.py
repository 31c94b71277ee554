"""Preparations: every player secretly picks one of their three mission cards to show (PB-SETUP-11/12).

The picks are simultaneous: each is a sealed commitment seen only by its owner,
and the last one reveals them all at once (``boardcore.Sealed``).
"""

from __future__ import annotations

import msgspec

from boardcore import Sealed, Turn, decide_commit

from ..actions import RevealMission
from ..events import Event, MissionChosen, MissionsShown
from ..state import State

__all__ = [
    "PICKS",
    "candidates",
    "evolve_mission_chosen",
    "evolve_missions_shown",
    "open_round",
    "reveal_mission",
    "waiting",
]

PICKS = tuple(RevealMission(slot=slot) for slot in (0, 1, 2))
"""The three cards a player may show, built once."""


def waiting(state: State) -> tuple[int, ...]:
    """Seats that still have to pick their face-up card."""
    return state.reveal.waiting if state.reveal is not None else ()


def candidates(state: State, seat: int) -> list[RevealMission]:
    """Either mission (slot 0 or 1) or the control mission (slot 2): every pick is allowed."""
    return list(PICKS)


def reveal_mission(turn: Turn[State, Event], seat: int, action: RevealMission) -> None:
    """The sealed pick, then, if it was the last, every pick turned face up at once."""
    state = turn.state
    assert state.reveal is not None

    def chosen(player: int, slot: int) -> Event:
        return MissionChosen(player=player, slot=slot)

    def shown(choices: tuple[tuple[int, int], ...]) -> Event:
        slots = tuple(slot for _, slot in choices)
        return MissionsShown(slots=slots, missions=tuple(p.missions[s] for p, s in zip(state.players, slots)))

    turn.emit(*decide_commit(state.reveal, seat, action.slot, chosen, shown, action))


def evolve_mission_chosen(state: State, event: MissionChosen) -> State:
    assert state.reveal is not None
    return msgspec.structs.replace(state, reveal=state.reveal.commit(event.player, event.slot))


def evolve_missions_shown(state: State, event: MissionsShown) -> State:
    players = tuple(msgspec.structs.replace(p, face_up=slot) for p, slot in zip(state.players, event.slots))
    return msgspec.structs.replace(state, players=players, reveal=None)


def open_round(players: int) -> Sealed[int]:
    """The setup's secret choice, open to every seat."""
    return Sealed.open(range(players))
