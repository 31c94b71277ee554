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
- Net Worth, the game's own measure (GAP-21): cash, resources and Buildings (on the
  board and in hand) at their cost, so that cash spent on a Building is not by
  itself counted as lost, plus a bonus for each Factory on the board.

The difference of standings becomes a win share through the logistic function.
The weights come from a logistic fit (difference of the two barons' features, the
final winner as the label) to 400 two-player games between house bots that play a
uniformly random legal action instead of their own 15% of the time (seeds
1000-1399, a state every 4 actions; fitted on the first 70% of the games), rounded.
The random moves matter: a fit to pure house-bot games only learns what goes with
winning when both barons follow the house plan (cash and cards in hand, for
instance), and a search that leaves that plan is then misled by it. Against the
house bot (ISMCTS, 60 iterations, depth 8, seeds 1-20 and 101-120) the search won
19 of 40 games with these weights and 13 of 40 with the pure house-game fit.
"""

from __future__ import annotations

from boardcore.shares import logistic

from .board import claimed, contestants, influence, ward_power
from .catalog import BUILDINGS, CONSOLIDATION_INFLUENCE, RIOT_AT
from .scoring import net_worth
from .state import State

__all__ = ["calm_wards", "estimate", "revolution_risk", "standing"]

INFLUENCE = 0.7
"""Weight of a point of Influence up to the 10 that Consolidation needs."""
INFLUENCE_BEYOND = 1.9
"""Weight of each point of Influence beyond 10."""
CALM_WARD = 0.1
"""Weight of a calm Ward the baron can expect to control."""
NET_WORTH = 0.077
"""Weight of a dollar of Net Worth (cash, resources, Buildings on the board and in hand at their cost)."""
FACTORY = 0.27
"""Weight of a Factory on the board beyond its cost (it produces every calm Labor)."""
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
    points = influence(state.players[seat])
    below, beyond = min(points, CONSOLIDATION_INFLUENCE), max(0, points - CONSOLIDATION_INFLUENCE)
    factories = sum(1 for ward in state.wards for b in ward.buildings if b.owner == seat and BUILDINGS[b.card].kind == "F")
    return (
        INFLUENCE * below
        + INFLUENCE_BEYOND * beyond
        + CALM_WARD * calm_wards(state, seat)
        + NET_WORTH * net_worth(state, seat)
        + FACTORY * factories
    )


def revolution_risk(state: State) -> float:
    """How close every claimed Ward is to Riot (a Revolution needs all of them): the calmest one's strikers out of three, 1 in Riot."""
    dangers = [1.0 if ward.riot else ward.strikers / RIOT_AT for ward in state.wards if claimed(ward)]
    return min(dangers, default=0.0)


def estimate(state: State) -> tuple[float, ...]:
    """Each baron's expected share of the win.

    A Revolution (every claimed Ward in Riot) is won by Net Worth alone; otherwise the
    standings decide. The two are mixed by how close the city is to a Revolution.
    """
    risk = revolution_risk(state)
    worth = logistic(REVOLUTION_NET_WORTH * (net_worth(state, 0) - net_worth(state, 1)))
    standing_lead = logistic(standing(state, 0) - standing(state, 1))
    first = risk * worth + (1.0 - risk) * standing_lead
    return (first, 1.0 - first)
