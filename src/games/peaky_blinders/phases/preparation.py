"""Preparation phase: from the starter clockwise, one henchman per turn, passing is final (PB-PREP, GAP-07/08)."""

from __future__ import annotations

import msgspec

from .. import catalog as C
from ..actions import PassPlacement, PlaceHenchman
from ..events import ActionPhaseBegan, HenchmanPlaced, PlacementPassed, ZoneBegan
from ..flow import Ctx, Refusal
from ..state import State
from . import starter


def begin_zone(ctx: Ctx, zone: int) -> None:
    """A new round in ``zone``: find its starter (PB-ROUND-03, PB-START-04)."""
    ctx.emit(ZoneBegan(zone=zone, round=ctx.state.round.number + 1))
    starter.begin(ctx, "prep")


def available(state: State, seat: int) -> list[int]:
    """Henchmen the seat may still place this round (a jailed strength henchman may not, PB-PREP-09)."""
    board = state.round.board
    jailed = state.players[seat].jailed
    return [h for h in range(3) if seat * 3 + h not in board and not (h == 0 and jailed)]


def free_spaces(state: State) -> list[int]:
    """Empty spaces usable at this player count (PB-PREP-01..03).

    Never empty for a player who still has a henchman to place: N players have at most 3N
    henchmen (6, 9, 12) for 7, 10 or 14 usable spaces, and nothing else blocks a space, so
    GAP-08's "a player with no legal free space must pass" cannot happen.
    """
    n = len(state.players)
    return [i for i, who in enumerate(state.round.board) if who < 0 and C.usable(i, n)]


def candidates(state: State, seat: int) -> list[PlaceHenchman | PassPlacement]:
    spaces = free_spaces(state)
    out: list[PlaceHenchman | PassPlacement] = [
        PlaceHenchman(henchman=C.HENCHMEN[h], space=space) for h in available(state, seat) for space in spaces
    ]
    out.append(PassPlacement())
    return out


def problem(state: State, seat: int, action: PlaceHenchman | PassPlacement) -> Refusal | None:
    if isinstance(action, PassPlacement):
        return None
    if action.henchman not in C.HENCHMEN or not 0 <= action.space < len(C.SPACES):
        return Refusal("Name a henchman (strength, charisma, intellect) and a space 0-13 of this zone.", "action/malformed", "PB-PREP-01")
    h = C.HENCHMEN.index(action.henchman)
    if h == 0 and state.players[seat].jailed:
        return Refusal(f"Player {seat}'s strength henchman is in jail and cannot be placed.", "prep/henchman_jailed", "PB-PREP-09")
    if seat * 3 + h in state.round.board:
        return Refusal(f"Player {seat}'s {action.henchman} henchman is already on the board.", "prep/henchman_placed", "PB-PREP-06")
    if not C.usable(action.space, len(state.players)):
        msg = f"Space {action.space} is marked for {C.SPACES[action.space][1]} players and is unused with {len(state.players)}."
        return Refusal(msg, "prep/space_unused", "PB-PREP-02")
    if state.round.board[action.space] >= 0:
        return Refusal(f"Space {action.space} already holds a henchman.", "prep/space_taken", "PB-PREP-01")
    return None


def decide_place(ctx: Ctx, seat: int, action: PlaceHenchman | PassPlacement) -> None:
    if isinstance(action, PassPlacement):
        ctx.emit(PlacementPassed(player=seat))
    else:
        ctx.emit(HenchmanPlaced(player=seat, henchman=C.HENCHMEN.index(action.henchman), zone=ctx.state.zone, space=action.space))


def step(ctx: Ctx) -> None:
    """Automatic: when nobody has a henchman left to place (or everyone passed), the action phase begins."""
    assert ctx.state.turn < 0
    ctx.emit(ActionPhaseBegan())


def _next_turn(state: State, seat: int) -> int:
    """The next seat clockwise that has not passed and still has a henchman to place, or -1."""
    n = len(state.players)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if not state.round.passed[s] and available(state, s):
            return s
    return -1


def evolve_zone_began(state: State, event: ZoneBegan) -> State:
    round_ = msgspec.structs.replace(state.round, number=event.round, board=(-1,) * len(C.SPACES), cursor=0, current=-1)
    return msgspec.structs.replace(state, zone=event.zone, round=round_)


def evolve_henchman_placed(state: State, event: HenchmanPlaced) -> State:
    round_ = state.round
    board = list(round_.board)
    board[event.space] = event.player * 3 + event.henchman
    state = msgspec.structs.replace(state, round=msgspec.structs.replace(round_, board=tuple(board)))
    return msgspec.structs.replace(state, turn=_next_turn(state, event.player))


def evolve_placement_passed(state: State, event: PlacementPassed) -> State:
    passed = (*state.round.passed[: event.player], True, *state.round.passed[event.player + 1 :])
    state = msgspec.structs.replace(state, round=msgspec.structs.replace(state.round, passed=passed))
    return msgspec.structs.replace(state, turn=_next_turn(state, event.player))


def evolve_action_phase_began(state: State, event: ActionPhaseBegan) -> State:
    return msgspec.structs.replace(state, phase="action", round=msgspec.structs.replace(state.round, cursor=0, current=-1))
