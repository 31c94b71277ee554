"""Preparation phase: from the starter clockwise, one henchman per turn, passing is final (PB-PREP, GAP-07/08)."""

from __future__ import annotations

import msgspec

from boardcore import Refusal, Turn
from boardcore.kernel import Rules, no_problem
from boardcore.seat_order import clockwise, next_seat
from boardcore.tuples import put

from .. import catalog as C
from ..actions import PassPlacement, PlaceHenchman
from ..codes import PREP_HENCHMAN_JAILED, PREP_HENCHMAN_PLACED, PREP_SPACE_TAKEN, PREP_SPACE_UNUSED
from ..events import ActionPhaseBegan, Event, HenchmanPlaced, PlacementPassed, ZoneBegan
from ..state import State
from . import starter

__all__ = [
    "PASS",
    "PLACEMENTS",
    "RULES",
    "available",
    "begin_zone",
    "candidates",
    "evolve_action_phase_began",
    "evolve_henchman_placed",
    "evolve_placement_passed",
    "evolve_zone_began",
    "free_spaces",
    "pass_placement",
    "place",
    "place_problem",
    "placeable",
    "step",
]

PLACEMENTS = tuple(tuple(PlaceHenchman(henchman=henchman, space=space) for space in range(len(C.SPACES))) for henchman in C.HENCHMEN)
"""Every placement, by henchman index and space, built once (actions are immutable)."""
PASS = PassPlacement()
USABLE = {n: tuple(i for i in range(len(C.SPACES)) if C.usable(i, n)) for n in range(2, 5)}
"""The spaces used at each player count (PB-PREP-02/03)."""


def begin_zone(turn: Turn[State, Event], zone: int) -> None:
    """A new round in ``zone``: find its starter (PB-ROUND-03, PB-START-04)."""
    turn.emit(ZoneBegan(zone=zone, round=turn.state.round.number + 1))
    starter.begin(turn, "prep")


def placeable(state: State, seat: int, h: int) -> bool:
    """The seat's henchman ``h`` is not on the board yet, and not the strength henchman in jail (PB-PREP-06, 09)."""
    return seat * 3 + h not in state.round.board and not (h == 0 and state.players[seat].jailed)


def available(state: State, seat: int) -> list[int]:
    """Henchmen the seat may still place this round (``placeable``)."""
    return [h for h in range(3) if placeable(state, seat, h)]


def free_spaces(state: State) -> list[int]:
    """Empty spaces usable at this player count (PB-PREP-01..03).

    Never empty for a player who still has a henchman to place: N players have at most 3N
    henchmen (6, 9, 12) for 7, 10 or 14 usable spaces, and nothing else blocks a space, so
    GAP-08's "a player with no legal free space must pass" cannot happen.
    """
    board = state.round.board
    return [i for i in USABLE[len(state.players)] if board[i] < 0]


def candidates(state: State, seat: int) -> list[PlaceHenchman | PassPlacement]:
    """Every henchman still to place on every free usable space, then the pass: all of them legal, since
    ``place_problem`` is ``available`` and ``free_spaces`` (the game gives this list as the legal one too)."""
    spaces = free_spaces(state)
    out: list[PlaceHenchman | PassPlacement] = [PLACEMENTS[h][space] for h in available(state, seat) for space in spaces]
    out.append(PASS)
    return out


def place_problem(state: State, seat: int, action: PlaceHenchman) -> Refusal | None:
    """Why this placement is refused now (the engine already refused unknown henchmen and spaces outside 0-13): a
    ``placeable`` henchman (the reason names the part it breaks) on an empty space of ``USABLE``, as the legal
    list (``available``, ``free_spaces``) reads them."""
    h = C.HENCHMEN.index(action.henchman)
    if not placeable(state, seat, h):
        if h == 0 and state.players[seat].jailed:
            return Refusal(f"Player {seat}'s strength henchman is in jail and cannot be placed.", PREP_HENCHMAN_JAILED, "PB-PREP-09")
        return Refusal(f"Player {seat}'s {action.henchman} henchman is already on the board.", PREP_HENCHMAN_PLACED, "PB-PREP-06")
    n = len(state.players)
    if action.space not in USABLE[n]:
        msg = f"Space {action.space} is marked for {C.SPACES[action.space][1]} players and is unused with {n}."
        return Refusal(msg, PREP_SPACE_UNUSED, "PB-PREP-02")
    if state.round.board[action.space] >= 0:
        return Refusal(f"Space {action.space} already holds a henchman.", PREP_SPACE_TAKEN, "PB-PREP-01")
    return None


def place(turn: Turn[State, Event], seat: int, action: PlaceHenchman) -> None:
    """The henchman lands on the space."""
    turn.emit(HenchmanPlaced(player=seat, henchman=C.HENCHMEN.index(action.henchman), zone=turn.state.zone, space=action.space))


def pass_placement(turn: Turn[State, Event], seat: int, action: PassPlacement) -> None:
    """The player stops placing for this round."""
    turn.emit(PlacementPassed(player=seat))


RULES: Rules[State] = {PlaceHenchman: (place_problem, place), PassPlacement: (no_problem, pass_placement)}
"""The placement decision's rules, by action type."""


def step(turn: Turn[State, Event]) -> None:
    """Automatic: when nobody has a henchman left to place (or everyone passed), the action phase begins."""
    assert turn.state.turn < 0
    turn.emit(ActionPhaseBegan())


def _next_turn(state: State, seat: int) -> int:
    """The next seat clockwise that has not passed and still has a henchman to place, or -1."""
    n = len(state.players)
    for s in clockwise(next_seat(seat, n), n):
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
    passed = put(state.round.passed, event.player, True)
    state = msgspec.structs.replace(state, round=msgspec.structs.replace(state.round, passed=passed))
    return msgspec.structs.replace(state, turn=_next_turn(state, event.player))


def evolve_action_phase_began(state: State, event: ActionPhaseBegan) -> State:
    return msgspec.structs.replace(state, phase="action", round=msgspec.structs.replace(state.round, cursor=0, current=-1))
