"""Drawing Tactics cards, reshuffling the discard pile when the draw pile runs out (GAP-14)."""

from __future__ import annotations

from boardcore import advance

from .events import Event, TacticsReshuffled
from .state import State


def draw_tactics(state: State, n: int) -> tuple[list[Event], tuple[str, ...], tuple[str, ...]]:
    """Events reshuffling as needed, the cards drawn in two batches (before/after a reshuffle).

    Returns ``(reshuffle_events, first_batch, second_batch)``: the caller emits the
    first batch's draw, then the reshuffle events, then the second batch's draw.
    Fewer than ``n`` cards come back when both piles are empty.
    """
    deck = state.tactics_deck
    first = deck[:n]
    if len(first) == n or not state.discard:
        return [], first, ()
    order, rng = state.rng.shuffle(state.discard)
    events: list[Event] = [TacticsReshuffled(count=len(order), cards=order), advance(rng)]
    second = order[: n - len(first)]
    return events, first, second
