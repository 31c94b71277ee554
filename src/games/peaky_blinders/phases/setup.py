"""Preparations: each player puts one of their three mission cards face up (PB-SETUP-11/12)."""

from __future__ import annotations

import msgspec

from games.peaky_blinders.actions import RevealMission
from games.peaky_blinders.events import MissionRevealed
from games.peaky_blinders.flow import Ctx, illegal, replace_player
from games.peaky_blinders.state import State


def candidates(state: State, seat: int) -> list[RevealMission]:
    return [RevealMission(slot=slot) for slot in (0, 1, 2)]


def problem(state: State, seat: int, action: RevealMission) -> Exception | None:
    if action.slot not in (0, 1, 2):
        return illegal("Reveal slot 0 or 1 (a mission) or 2 (the control mission).", "action/malformed", seat, action, "PB-SETUP-11")
    return None


def decide_reveal(ctx: Ctx, seat: int, action: RevealMission) -> None:
    mission = ctx.state.players[seat].missions[action.slot]
    ctx.emit(MissionRevealed(player=seat, slot=action.slot, mission=mission))


def evolve_mission_revealed(state: State, event: MissionRevealed) -> State:
    player = msgspec.structs.replace(state.players[event.player], face_up=event.slot)
    return msgspec.structs.replace(state, players=replace_player(state, event.player, player), turn=state.turn + 1)
