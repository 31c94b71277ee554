"""Each Gang's chance of winning an unfinished 5 Wards game: ``STRATEGY.estimate``, for search bots.

The rules never call this. A search bot (``boardcore.ismcts`` with ``depth``) stops
its rollouts early and scores the sampled world with it, so it must be cheap and
pure, and it may read the whole state (it is only ever given sampled worlds).

How: score the game now, exactly as final scoring would (Coppers arrest, then Ward
tiles, home Ward, Ward Boss spaces, collected Brawls, leftovers: ``scoring.score_events``),
then add what is already on its way to the map and will score later: Thugs on
cards in the row (they deploy in Phase 3), an outright Brawl win not yet collected
(1 point), and Thugs already on the map (more Thugs there win ties and future
majorities). The projected points become win shares through a softmax whose
temperature shrinks as the Landmark deck runs out: early leads are worth little,
a lead in the final round is nearly decisive. The weights were read off a logistic
fit to 300 two-player house-bot games (seeds 0-299, a state every 4 actions, the
final winner as the label), rounded, and kept where the fit's own sign made sense.
"""

from __future__ import annotations

from boardcore.shares import softmax

from .events import GameScored
from .scoring import score_events
from .state import Slot, State

__all__ = ["estimate", "projected_points", "row_claims"]

DECK = 13
"""Cards in the Landmark draw pile after setup (18 dealt, 5 to the row): the game ends when it runs out."""
MAP_THUG = 0.5
"""Points a Thug on the map is worth beyond what it scores now (ties, future majorities, the tie-break)."""
ROW_THUG = 1.0
"""Points a Thug on a card in the row is worth: it will reach the map in Phase 3."""
BRAWL_WON = 1.0
"""An outright Brawl win still in the row: the card is collected after deploying (1 point)."""
RESOURCE = 0.5
"""A resource on the Gang board: it pays for Recruiting and Schemes (and counts for leftovers, already scored)."""
CERTAIN = 3.5
"""Softmax temperature in points once the deck is empty: a 3.5-point lead is worth 73% in the final round."""
UNCERTAIN = 14.0
"""Extra temperature at the start, scaled by the share of the deck still to come."""


def projected_points(state: State) -> list[float]:
    """Each seat's points if the game were scored now, plus the value of what is on its way to the map."""
    scored = score_events(state)[-1]
    assert isinstance(scored, GameScored)  # a scoring always ends with it
    scores, map_thugs = scored.scores, scored.map_thugs
    on_row, won = row_claims(state.row, len(state.players))
    return [
        sum(scores[seat]) + MAP_THUG * map_thugs[seat] + ROW_THUG * on_row[seat] + BRAWL_WON * won[seat] + RESOURCE * sum(player.resources)
        for seat, player in enumerate(state.players)
    ]


def row_claims(row: tuple[Slot, ...], players: int) -> tuple[list[int], list[int]]:
    """Per seat: its Thugs on the row's cards (die and bonus spaces) and the Brawls it won outright there
    (one pass over the row for every seat, where ``board.thugs_on`` counts one seat on one card)."""
    on_row, won = [0] * players, [0] * players
    for slot in row:
        if slot.card is None:
            continue
        for owner in slot.spaces:
            if owner >= 0:
                on_row[owner] += 1
        if slot.bonus >= 0:
            on_row[slot.bonus] += 1
        if slot.winner >= 0:
            won[slot.winner] += 1
    return on_row, won


def estimate(state: State) -> tuple[float, ...]:
    """Each seat's expected share of the win: a softmax of projected points, sharper as the deck runs out."""
    points = projected_points(state)
    remaining = 0.0 if state.final else len(state.supply.landmark_deck) / DECK
    temperature = CERTAIN + UNCERTAIN * remaining
    return softmax(points, temperature)
