"""Die rolls and fortune tokens: +1 on one's own roll, at most one per roll (PB-FORT, GAP-20)."""

from __future__ import annotations

import msgspec

from boardcore import Refusal, Turn
from boardcore.kernel import Rules, no_problem
from boardcore.tuples import put

from .. import catalog as C
from ..actions import DeclineFortune, UseFortune
from ..codes import FORTUNE_NONE_LEFT
from ..events import DieRolled, Event, FortuneDeclined, FortuneUsed, RollsSettled
from ..resources import bump
from ..state import Roll, State

__all__ = [
    "CHOICES",
    "RULES",
    "candidates",
    "decline_fortune",
    "evolve_die_rolled",
    "evolve_fortune_declined",
    "evolve_fortune_used",
    "evolve_rolls_settled",
    "open_roll",
    "totals",
    "use_fortune",
    "use_problem",
]


def open_roll(state: State) -> Roll | None:
    """The first roll still waiting for its owner's fortune decision."""
    for roll in state.rolls:
        if roll.open:
            return roll
    return None


CHOICES = (UseFortune(), DeclineFortune())
"""Both fortune decisions, built once."""


def candidates(state: State, seat: int) -> list[UseFortune | DeclineFortune]:
    """Add a token to the open roll, or keep it."""
    return list(CHOICES)


def use_problem(state: State, seat: int, action: UseFortune) -> Refusal | None:
    """A token can only be used by a player who still holds one (PB-FORT-01)."""
    if state.players[seat].res[C.FORTUNE] < 1:
        return Refusal(f"Player {seat} has no fortune token to use.", FORTUNE_NONE_LEFT, "PB-FORT-01")
    return None


def use_fortune(turn: Turn[State, Event], seat: int, action: UseFortune) -> None:
    """The roll is closed with the +1 (at most one token per roll, PB-FORT-05)."""
    turn.emit(FortuneUsed(player=seat))


def decline_fortune(turn: Turn[State, Event], seat: int, action: DeclineFortune) -> None:
    """The roll is closed without the token."""
    turn.emit(FortuneDeclined(player=seat))


RULES: Rules[State] = {UseFortune: (use_problem, use_fortune), DeclineFortune: (no_problem, decline_fortune)}
"""The fortune decision's rules, by action type."""


def totals(state: State) -> list[int]:
    """Each open roll's die plus its fortune token."""
    return [roll.die + roll.fortune for roll in state.rolls]


def evolve_die_rolled(state: State, event: DieRolled) -> State:
    has_token = state.players[event.player].res[C.FORTUNE] > 0
    roll = Roll(player=event.player, die=event.die, sides=event.sides, open=has_token)
    return msgspec.structs.replace(state, rolls=(*state.rolls, roll))


def _close(state: State, used: bool) -> State:
    rolls = list(state.rolls)
    index = next(i for i, r in enumerate(rolls) if r.open)
    rolls[index] = msgspec.structs.replace(rolls[index], open=False, fortune=used)
    return msgspec.structs.replace(state, rolls=tuple(rolls))


def evolve_fortune_used(state: State, event: FortuneUsed) -> State:
    state = _close(state, True)
    player = bump(state.players[event.player], {C.FORTUNE: -1})
    supplies = msgspec.structs.replace(state.supplies, fortune=state.supplies.fortune + 1)
    return msgspec.structs.replace(state, players=put(state.players, event.player, player), supplies=supplies)


def evolve_fortune_declined(state: State, event: FortuneDeclined) -> State:
    return _close(state, False)


def evolve_rolls_settled(state: State, event: RollsSettled) -> State:
    return msgspec.structs.replace(state, rolls=())
