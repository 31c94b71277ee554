"""Each baron's chance of winning an unfinished Bellwether game: ``GAME.estimate``, for search bots.

The rules never call this. A search bot (``boardcore.ismcts`` with ``depth``) stops
its rollouts early and scores the sampled world with it (it is only ever given
sampled worlds, whose hidden Gangsters were resampled by ``determinize``).

How: Consolidation needs 10 Influence and three calm controlled Wards; the round
limit ranks by calm Wards, Influence and Net Worth; a Revolution by Net Worth. So
a baron's standing counts

- Influence up to the 10 Consolidation needs, and far more each point beyond it
  (Influence is added to every contest the baron enters, so a lead in it wins
  Wards as well);
- the calm Wards the baron can expect to control after the next contests: a Ward
  where they own a Building and their Ward Power plus Influence beats the rival's
  (half of one on a tie), discounted by its strikers (three mean a Riot, which
  counts nothing);
- Net Worth, the game's own measure (GAP-21).

The difference of standings becomes a win share through the logistic function.
The weights come from a logistic fit to 300 two-player house-bot games (seeds
0-299, a state every 4 actions, the final winner as the label), rounded.
"""

from __future__ import annotations

import math

from .board import claimed, contestants, influence, ward_power
from .catalog import BUILDINGS, CONSOLIDATION_INFLUENCE, RIOT_AT
from .scoring import net_worth
from .state import State

__all__ = ["calm_wards", "estimate", "revolution_risk", "standing"]

INFLUENCE = 0.7
"""Weight of a point of Influence up to the 10 that Consolidation needs."""
INFLUENCE_BEYOND = 2.1
"""Weight of each point of Influence beyond 10."""
CALM_WARD = 0.2
"""Weight of a calm Ward the baron can expect to control."""
MONEY = 0.21
"""Weight of a dollar in hand, counting a resource as the dollar it sells for (Officials cost about $3 per Influence)."""
FACTORY = 0.85
"""Weight of a Factory on the board (it produces every calm Labor)."""
CARD = 0.6
"""Weight of a Building card in hand (a Factory or Tenement to come)."""
REVOLUTION_NET_WORTH = 0.3
"""Weight of a dollar of Net Worth lead when a Revolution ends the game (it alone decides then)."""


def calm_wards(state: State, seat: int) -> float:
    """Wards ``seat`` would win a contest in now (half on a tie), each discounted by its share of the strikers a Riot takes."""
    strength = [influence(player) for player in state.players]
    total = 0.0
    for ward in state.wards:
        seats = contestants(ward)
        if seat not in seats or ward.riot:
            continue
        mine = ward_power(ward, seat) + strength[seat]
        best_rival = max((ward_power(ward, other) + strength[other] for other in seats if other != seat), default=-1)
        share = 1.0 if mine > best_rival else 0.5 if mine == best_rival else 0.0
        total += share * (1.0 - ward.strikers / RIOT_AT)
    return total


def standing(state: State, seat: int) -> float:
    """How well placed ``seat`` is on the logit scale (a lead of 1 is a 73% chance when no Revolution looms)."""
    player = state.players[seat]
    points = influence(player)
    below, beyond = min(points, CONSOLIDATION_INFLUENCE), max(0, points - CONSOLIDATION_INFLUENCE)
    factories = sum(1 for ward in state.wards for b in ward.buildings if b.owner == seat and BUILDINGS[b.card].kind == "F")
    return (
        INFLUENCE * below
        + INFLUENCE_BEYOND * beyond
        + CALM_WARD * calm_wards(state, seat)
        + MONEY * (player.cash + sum(player.res))
        + FACTORY * factories
        + CARD * len(player.hand)
    )


def revolution_risk(state: State) -> float:
    """How close every claimed Ward is to Riot (a Revolution needs all of them): the calmest one's strikers out of three, 1 in Riot."""
    dangers = [1.0 if ward.riot else ward.strikers / RIOT_AT for ward in state.wards if claimed(ward)]
    return min(dangers, default=0.0)


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


def estimate(state: State) -> tuple[float, ...]:
    """Each baron's expected share of the win.

    A Revolution (every claimed Ward in Riot) is won by Net Worth alone; otherwise the
    standings decide. The two are mixed by how close the city is to a Revolution.
    """
    risk = revolution_risk(state)
    worth = _logistic(REVOLUTION_NET_WORTH * (net_worth(state, 0) - net_worth(state, 1)))
    standing_lead = _logistic(standing(state, 0) - standing(state, 1))
    first = risk * worth + (1.0 - risk) * standing_lead
    return (first, 1.0 - first)
