"""Each baron's chance of winning an unfinished Bellwether game: ``STRATEGY.estimate``, for search bots.

The rules never call this. A search bot (``boardcore.ismcts`` with ``depth``) stops
its rollouts early and scores the sampled world with it (it is only ever given
sampled worlds, whose hidden Gangsters were resampled by ``determinize``).

How: each baron's holdings are read as a handful of counts (``holdings``): what
Consolidation needs (Influence up to 10 and beyond, calm Wards they hold or would
win a contest in now, whether they qualify already), the economy (Net Worth, the
game's own measure of GAP-21, Factories, upgrades, cards in hand, Officials,
Gangsters) and the unrest in their Wards. Several are also counted again scaled
by how far through the round limit the game is (``late``), since a Ward held in
round 11 is nearer a win than one held in round 2. The two barons' difference,
weighted by ``WEIGHTS``, is a win chance through the logistic function.

The weights are a logistic fit, rounded, to what the house bot would make of each
position: 1,200 two-player games (seeds 10000-11199) between house bots that play a
uniformly random legal action instead of their own 15% of the time (so the states
cover departures from the house plan, which is what a search explores); every 4th
state is labelled with the winner of a pure house-bot game played on from it with
fresh dice; fitted on the games of the first 70% of the seeds. On the other 30%
its log loss is 0.394, against 0.418 for the previous estimate (five holdings) and
0.693 for a coin. A search that plays the house bot elsewhere and searches the Labor
decisions improves on exactly that continuation (docs/simulation.md).
"""

from __future__ import annotations

from boardcore.shares import logistic

from .board import contestants, controlled_stable, influence, ward_power
from .catalog import BUILDINGS, CONSOLIDATION_INFLUENCE, CONSOLIDATION_WARDS, RIOT_AT
from .scoring import net_worth
from .state import State

__all__ = ["WEIGHTS", "calm_wards", "estimate", "holdings", "lead"]

WEIGHTS: dict[str, float] = {
    "influence": 0.06,
    "influence beyond 10": 0.61,
    "calm wards": 0.16,
    "net worth": 0.134,
    "factories": 0.46,
    "cash": 0.10,
    "resources": -0.01,
    "cards in hand": 0.29,
    "officials": 0.41,
    "gangsters": 0.10,
    "tenements": -0.20,
    "upgrades": 0.12,
    "controlled wards": -0.08,
    "wards built in": 0.03,
    "unrest": -0.07,
    "qualifies": 0.78,
    "late influence": 0.34,
    "late calm wards": 0.10,
    "late net worth": -0.09,
    "late controlled wards": 0.20,
    "late factories": -0.49,
    "ward power": 0.07,
    "infrastructure built": -0.01,
}
"""Weight of a one-unit lead in each of ``holdings`` (on the logit scale)."""
FIRST = -0.02
"""Weight of starting this round's turn order (+1 when seat 0 starts, -1 when seat 1 does)."""


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


def holdings(state: State, seat: int) -> dict[str, float]:
    """``seat``'s counts that ``WEIGHTS`` weighs (the ``late`` ones scaled by the share of the round limit played)."""
    player = state.players[seat]
    points = influence(player)
    late = (state.round - 1) / state.max_rounds
    factories = tenements = upgrades = infrastructure = wards_built_in = power = 0
    unrest = 0.0
    for ward in state.wards:
        owned = [b for b in ward.buildings if b.owner == seat]
        infrastructure += sum(1 for b in ward.buildings if b.builder == seat)
        if not owned:
            continue
        kinds = [BUILDINGS[b.card].kind for b in owned]
        factories += kinds.count("F")
        tenements += kinds.count("T")
        upgrades += sum(1 for b in owned if b.upgraded)
        wards_built_in += 1
        unrest += RIOT_AT if ward.riot else ward.strikers
        power += ward_power(ward, seat)
    calm = calm_wards(state, seat)
    controlled = controlled_stable(state, seat)
    worth = net_worth(state, seat)
    below = min(points, CONSOLIDATION_INFLUENCE)
    return {
        "influence": below,
        "influence beyond 10": max(0, points - CONSOLIDATION_INFLUENCE),
        "calm wards": calm,
        "net worth": worth,
        "factories": factories,
        "cash": player.cash,
        "resources": sum(player.res),
        "cards in hand": len(player.hand),
        "officials": len(player.officials),
        "gangsters": len(player.gangsters),
        "tenements": tenements,
        "upgrades": upgrades,
        "controlled wards": controlled,
        "wards built in": wards_built_in,
        "unrest": unrest,
        "qualifies": float(controlled >= CONSOLIDATION_WARDS and points >= CONSOLIDATION_INFLUENCE),
        "late influence": below * late,
        "late calm wards": calm * late,
        "late net worth": worth * late,
        "late controlled wards": controlled * late,
        "late factories": factories * late,
        "ward power": power,
        "infrastructure built": infrastructure,
    }


def lead(state: State) -> float:
    """Seat 0's lead over seat 1 on the logit scale (0: even)."""
    mine, theirs = holdings(state, 0), holdings(state, 1)
    first = 1.0 if state.start_player == 0 else -1.0
    return sum(weight * (mine[name] - theirs[name]) for name, weight in WEIGHTS.items()) + FIRST * first


def estimate(state: State) -> tuple[float, float]:
    """Each baron's expected share of the win."""
    first = logistic(lead(state))
    return (first, 1.0 - first)
