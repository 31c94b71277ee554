"""Preparations: every player secretly picks one of their three mission cards to show (PB-SETUP-11/12).

The picks are simultaneous: each is a sealed commitment seen only by its owner,
and the last one reveals them all at once (``boardcore.Sealed``).
"""

from __future__ import annotations

import msgspec

from boardcore import Sealed, decide_commit

from ..actions import RevealMission
from ..events import MissionChosen, MissionsShown
from ..flow import Ctx, Refusal
from ..state import State


def waiting(state: State) -> tuple[int, ...]:
    """Seats that still have to pick their face-up card."""
    return state.reveal.waiting if state.reveal is not None else ()


def candidates(state: State, seat: int) -> list[RevealMission]:
    return [RevealMission(slot=slot) for slot in (0, 1, 2)]


def problem(state: State, seat: int, action: RevealMission) -> Refusal | None:
    if action.slot not in (0, 1, 2):
        return Refusal("Show slot 0 or 1 (a mission) or 2 (the control mission).", "action/malformed", "PB-SETUP-11")
    return None


def decide_reveal(ctx: Ctx, seat: int, action: RevealMission) -> None:
    state = ctx.state
    assert state.reveal is not None

    def shown(choices: tuple[tuple[int, int], ...]) -> MissionsShown:
        slots = tuple(slot for _, slot in choices)
        return MissionsShown(slots=slots, missions=tuple(p.missions[s] for p, s in zip(state.players, slots)))

    events = decide_commit(state.reveal, seat, action.slot, lambda p, slot: MissionChosen(player=p, slot=slot), shown, action)
    for event in events:
        ctx.emit(event)


def redact_mission_chosen(event: MissionChosen) -> MissionChosen:
    """Others learn that the player has chosen, not which card."""
    return MissionChosen(player=event.player, slot=-1)


def evolve_mission_chosen(state: State, event: MissionChosen) -> State:
    assert state.reveal is not None
    return msgspec.structs.replace(state, reveal=state.reveal.commit(event.player, event.slot))


def evolve_missions_shown(state: State, event: MissionsShown) -> State:
    players = tuple(msgspec.structs.replace(p, face_up=slot) for p, slot in zip(state.players, event.slots))
    return msgspec.structs.replace(state, players=players, reveal=None)


def open_round(players: int) -> Sealed[int]:
    """The setup's secret choice, open to every seat."""
    return Sealed.open(range(players))
