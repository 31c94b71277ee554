"""Each player's chance of winning an unfinished Peaky Blinders game: ``STRATEGY.estimate``, for search bots.

The rules never call this. A search bot (``boardcore.ismcts`` with ``depth``) stops
its rollouts early and scores the sampled world with it (it is only ever given
sampled worlds, whose hidden missions were resampled by ``determinize``).

How: the game is a race to three missions, so each player's standing is how far
along that race they are: 1 per ordinary mission completed, a fraction for one
still open (its own measure: rum value out of 8, members out of 10, suspicion and
intellect together, ... see ``PROGRESS``), and the control mission as the share of
its zone's 4 spaces held, counting cash towards the markers still to buy (8 each)
only where the zone still has room, and almost nothing while a rival holds a space
there (the mission needs all 4; only a conflict above 15 takes the space back).
Standings become win shares through a softmax. The weights were read off a
logistic fit to 300 two-player house-bot games (seeds 0-299, a state every 4
actions, the final winner as the label) and rounded; ``BLOCKED`` off 800 games in
which one seat blocks (docs/simulation.md, "A sixth experiment").
"""

from __future__ import annotations

from collections.abc import Callable

from boardcore.shares import softmax

from . import catalog as C
from .resources import cash, value
from .state import State

__all__ = ["BLOCKED", "PROGRESS", "estimate", "standing"]


def _share(have: int, need: int) -> float:
    return min(1.0, have / need)


def _materials(res: tuple[int, ...]) -> float:
    return sum(_share(value(res, m), 3) for m in C.MATERIALS) / 3


def _all_rounder(res: tuple[int, ...]) -> float:
    return sum(_share(res[C.ITEM[h]], 3) for h in C.HENCHMEN) / 3


def _legitimate(res: tuple[int, ...]) -> float:
    calm = (C.SUSPICION_MAX - res[C.SUSPICION]) / (C.SUSPICION_MAX - C.SUSPICION_MIN)
    return (_share(res[C.ITEM["intellect"]], 4) + calm) / 2


PROGRESS: dict[str, Callable[[tuple[int, ...]], float]] = {
    "M01": lambda res: _share(value(res, "rum"), 8),
    "M02": lambda res: _share(value(res, "weapons"), 8),
    "M03": lambda res: _share(value(res, "car"), 8),
    "M04": _materials,
    "M05": lambda res: _share(res[C.MEMBERS], 10),
    "M06": lambda res: _share(cash(res), 25),
    "M07": lambda res: _share(res[C.LEADERSHIP], 5),
    "M08": _all_rounder,
    "M09": lambda res: _share(res[C.HORSEPOWER], C.DERBY_HEAD_START_MAX) / 2,  # a head start, no more: the race is dice
    "M10": lambda res: _share(res[C.HORSEPOWER], 6),
    "M11": _legitimate,
}
"""How far an open ordinary mission is, from 0 to 1, from the player's holdings (the measure of ``scoring.CONDITIONS``)."""

OPEN_MISSION = 0.5
"""An open mission's progress counts half as much as the same share of a completed one."""
CONTROL = 1.6
"""Weight of the control mission's progress (a completed ordinary mission weighs 1)."""
SHARPNESS = 1.2
"""Softmax sharpness per unit of standing (one mission ahead: 77% in a 2-player game)."""
BLOCKED = 0.1
"""Share of a control mission's progress that counts while a rival holds a space of its zone."""


def control_progress(state: State, seat: int) -> float:
    """The control mission's share done: markers held in its zone, plus those cash could buy where there is room.

    A rival's marker in the zone blocks the mission until a conflict swaps it out, so then only ``BLOCKED`` of it counts.
    """
    zone = state.markers[C.control_zone(state.players[seat].missions[2])]
    mine = zone[seat]
    room = C.ZONE_CAPACITY - sum(zone)
    affordable = min(room, cash(state.players[seat].res) / C.MARKER_COST)
    share = (mine + affordable) / C.ZONE_CAPACITY
    return share * BLOCKED if sum(zone) > mine else share


def standing(state: State, seat: int) -> float:
    """How far ``seat`` is along the race to three missions (completed ordinary missions count 1 each)."""
    player = state.players[seat]
    missions = sum(1.0 if done else OPEN_MISSION * PROGRESS[player.missions[slot]](player.res) for slot, done in enumerate(player.done))
    return missions + CONTROL * control_progress(state, seat)


def estimate(state: State) -> tuple[float, ...]:
    """Each player's expected share of the win: a softmax of standings."""
    standings = [SHARPNESS * standing(state, seat) for seat in range(len(state.players))]
    return softmax(standings)
