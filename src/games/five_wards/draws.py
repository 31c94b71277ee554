"""Drawing Tactics cards, reshuffling the discard pile when the draw pile runs out (GAP-14)."""

from __future__ import annotations

from boardcore import Turn, advance

from .events import Event, TacticsDrawn, TacticsReshuffled
from .state import State

__all__ = ["draw_tactics", "drawn", "top_tactic"]


def drawn(turn: Turn[State, Event]) -> None:
    """The RNG bookkeeping event right after a random outcome's event, as the log has always had it.

    Unlike :meth:`Turn.record_draws` it is emitted even when the draw took no
    randomness (a reroll of no dice, a shuffle of one card), so logs stay as they were.
    """
    turn.emit(advance(turn.rng))


def _reshuffle(turn: Turn[State, Event]) -> None:
    """The discard pile, shuffled, becomes the draw pile; nobody learns its order."""
    order = turn.shuffle(turn.state.discard)
    turn.emit(TacticsReshuffled(count=len(order), cards=order))
    drawn(turn)


def draw_tactics(turn: Turn[State, Event], seat: int, n: int) -> None:
    """``seat`` draws ``n`` cards: what is left of the pile, then, after a reshuffle, the rest.

    Fewer than ``n`` arrive when both piles run out.
    """
    first = turn.state.tactics_deck[:n]
    if first:
        turn.emit(TacticsDrawn(player=seat, count=len(first), cards=first))
    if len(first) < n and turn.state.discard:
        _reshuffle(turn)
        second = turn.state.tactics_deck[: n - len(first)]
        if second:
            turn.emit(TacticsDrawn(player=seat, count=len(second), cards=second))


def top_tactic(turn: Turn[State, Event]) -> str | None:
    """The top card of the draw pile, reshuffling the discards into it first if it is empty (``None``: no card at all)."""
    if not turn.state.tactics_deck and turn.state.discard:
        _reshuffle(turn)
    deck = turn.state.tactics_deck
    return deck[0] if deck else None
