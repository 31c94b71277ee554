"""The decision context: events are folded as they are emitted, so every step sees the table it made.

``decide`` builds a :class:`Ctx`, lets one action handler and the automatic steps
that follow it emit events, and returns them. After every event the win check runs
(GAP-03); a win stops everything at once (PB-END-02) by raising :class:`GameOver`.
Also here: small table helpers shared by every phase (payments, seats, tokens).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import msgspec

from boardcore import IllegalAction, advance

from . import catalog as C
from .catalog import Good
from .events import CardDrawn, DeckReshuffled, DieRolled, Lost
from .state import Player, State


class GameOver(Exception):
    """Raised inside ``decide`` once ``GameEnded`` was emitted: nothing more happens."""


class Ctx:
    """Events emitted so far, the table they lead to, and the rules RNG as drawn so far."""

    __slots__ = ("actor", "check", "events", "evolve", "rng", "state")

    def __init__(self, state: State, evolve: Callable[[State, Any], State], actor: int, check: Callable[[Ctx], None]) -> None:
        self.state = state
        self.evolve = evolve
        self.actor = actor
        self.check = check
        self.events: list[Any] = []
        self.rng = state.rng

    def fold(self, event: Any) -> None:
        """Record and apply one event without the win check (used by the check itself)."""
        self.events.append(event)
        self.state = self.evolve(self.state, event)

    def emit(self, event: Any) -> None:
        """Record and apply one event, then check missions and the win (GAP-03)."""
        self.fold(event)
        self.check(self)

    def die(self, sides: int = 8) -> int:
        """Draw one die roll from the rules RNG."""
        value, self.rng = self.rng.die(sides)
        return value

    def roll(self, player: int, sides: int = 8) -> None:
        """Roll a die for ``player``; it stays open for a fortune decision if they hold a token."""
        self.emit(DieRolled(player=player, die=self.die(sides), sides=sides))

    def draw_card(self, player: int) -> None:
        """Draw the top conflict card for ``player``; an empty stack is refilled from the discards (GAP-14)."""
        if not self.state.supplies.deck:
            if not self.state.supplies.discard:
                return
            cards, self.rng = self.rng.shuffle(self.state.supplies.discard)
            self.emit(DeckReshuffled(cards=cards, size=len(cards)))
        self.emit(CardDrawn(player=player, card=self.state.supplies.deck[-1]))

    def finish(self) -> list[Any]:
        """The events, with the RNG bookkeeping event if anything was drawn."""
        if self.rng != self.state.rng:
            self.events.append(advance(self.rng))
        return self.events


# --- pure table helpers ---------------------------------------------------------


def replace_player(state: State, seat: int, player: Player) -> tuple[Player, ...]:
    """The players tuple with one seat replaced."""
    players = state.players
    return (*players[:seat], player, *players[seat + 1 :])


def bump(player: Player, changes: dict[int, int]) -> Player:
    """The player with counters changed by the given deltas."""
    res = list(player.res)
    for index, delta in changes.items():
        res[index] += delta
    return msgspec.structs.replace(player, res=tuple(res))


def cash(res: tuple[int, ...]) -> int:
    """Cash points held."""
    return res[C.CASH1] + 5 * res[C.CASH5]


def value(res: tuple[int, ...], good: Good) -> int:
    """Total value of one card type held."""
    return res[C.ONES[good]] + 5 * res[C.FIVES[good]]


def pay(res: tuple[int, ...], amount: int) -> tuple[int, ...]:
    """Counters after paying ``amount`` cash points exactly, a value-5 card broken at the bank if needed (GAP-13)."""
    ones, fives = res[C.CASH1], res[C.CASH5]
    use5 = min(fives, amount // 5)
    rest = amount - 5 * use5
    if rest <= ones:
        ones, fives = ones - rest, fives - use5
    else:
        ones, fives = ones + 5 - rest, fives - use5 - 1
    out = list(res)
    out[C.CASH1], out[C.CASH5] = ones, fives
    return tuple(out)


def clockwise(state: State, start: int) -> list[int]:
    """Every seat, from ``start`` on, clockwise (ascending seat index, GAP-25)."""
    n = len(state.players)
    return [(start + i) % n for i in range(n)]


def supply_markers(state: State, seat: int) -> int:
    """Control markers not yet on the board (PB-CTRL-01)."""
    return C.MARKERS_PER_PLAYER - sum(zone[seat] for zone in state.markers)


class Refusal(NamedTuple):
    """Why an action is refused: cheap to build, so ``legal_actions`` can filter candidates with the
    same checks ``decide`` uses; ``decide`` alone turns it into an ``IllegalAction``."""

    message: str
    code: str
    clause: str | None = None

    def error(self, player: int, action: Any) -> IllegalAction:
        """The typed error; its message names the action, the player and the rule (never hidden state)."""
        rule = f" [{self.clause}]" if self.clause else ""
        message = f"{type(action).__name__} by player {player} refused{rule}: {self.message}"
        return IllegalAction(message, code=self.code, player=player, action=action, clause=self.clause)


def lose_all(ctx: Ctx, seat: int, item: str) -> None:
    """Remove every token from a square (to the supply)."""
    have = ctx.state.players[seat].res[C.ITEM[item]]
    if have:
        ctx.emit(Lost(player=seat, item=item, amount=have))
