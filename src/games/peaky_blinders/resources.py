"""A seat's resources every rulebook section shares: money, counters, markers, and the dice and draws that change them.

One floor below ``phases/``: it knows the records and the events, never a phase.
"""

from __future__ import annotations

import msgspec

from boardcore import Turn
from boardcore.tuples import put

from . import catalog as C
from .catalog import Good
from .events import CardDrawn, DeckReshuffled, DieRolled, Event, Lost
from .state import Player, State

__all__ = ["bump", "cash", "draw_card", "lose_all", "pay", "roll", "supply_markers", "value", "with_player"]


def with_player(state: State, seat: int, player: Player) -> State:
    """The table with one seat's board replaced."""
    return msgspec.structs.replace(state, players=put(state.players, seat, player))


def bump(player: Player, changes: dict[int, int]) -> Player:
    """The player with counters changed by the given deltas (indexes of ``catalog.ITEMS``)."""
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


def supply_markers(state: State, seat: int) -> int:
    """Control markers not yet on the board (PB-CTRL-01)."""
    return C.MARKERS_PER_PLAYER - sum([zone[seat] for zone in state.markers])


def roll(turn: Turn[State, Event], player: int, sides: int = 8) -> None:
    """``player`` rolls the d8 (or the 6-sided racing die); the roll waits for a fortune decision if they hold a token."""
    turn.emit(DieRolled(player=player, die=turn.die(sides), sides=sides))


def draw_card(turn: Turn[State, Event], player: int) -> None:
    """``player`` draws the top conflict card; an empty stack is first refilled from the shuffled discards (GAP-14)."""
    supplies = turn.state.supplies
    if not supplies.deck:
        if not supplies.discard:
            return
        cards = turn.shuffle(supplies.discard)
        turn.emit(DeckReshuffled(cards=cards, size=len(cards)))
    turn.emit(CardDrawn(player=player, card=turn.state.supplies.deck[-1]))


def lose_all(turn: Turn[State, Event], seat: int, item: str) -> None:
    """Every token of one square goes back to the supply."""
    have = turn.state.players[seat].res[C.ITEM[item]]
    if have:
        turn.emit(Lost(player=seat, item=item, amount=have))
