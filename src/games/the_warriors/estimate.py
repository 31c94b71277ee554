"""The team's chance of winning an unfinished night of The Warriors: ``STRATEGY.estimate``, for search bots.

The rules never call this. A search bot (``boardcore.ismcts`` with ``depth``) stops
its rollouts early and scores the sampled world with it (it is only ever given
sampled worlds, whose deck and stack orders were resampled by ``determinize``).

How: the night is won in the Showdown on Coney Island, against one more Reputation
spot for every gang above the Warriors on the track, with whatever cards and
Weapons the Warriors still have. So the team's chances rise with how far the
movers have come, the cards in hand and in discard piles (a rest brings those
back), and the Weapons held; they fall with every gang above the Warriors and every
Threat in front of a Warrior. In a fight, the share of the spots to cover that is
covered counts (much more in the Showdown itself), and a knocked-out Warrior
counts against. These combine on the logit scale with weights from a logistic fit
to 400 two-player nights (easy, seeds 1000-1399, a state every 2 actions, the
night's result as the label; fitted on the first 70% of the states) of house bots
that play a uniformly random legal action instead of their own 15% of the time,
rounded. The random moves show the fit what leaving the house plan costs, which a
search does (a fit to pure house-bot nights valued a Weapon held at 1.0 and a
knocked-out Warrior at -1.2, against 0.18 and -2.26 here). Against the house team
(ISMCTS, 60 iterations, depth 8, both seats) the searched team won 28 of 70 nights
(seeds 1-40 and 101-130, house team 17) with these weights, 25 with the old ones.
The game is cooperative: every seat gets the same share.
"""

from __future__ import annotations

from boardcore.shares import logistic

from . import catalog as cat
from .state import State

__all__ = ["estimate", "logit"]

BIAS = -4.7
GANG_ABOVE = -0.77
"""Per gang above the Warriors on the Reputation Track (an extra Reputation spot in the Showdown)."""
PROGRESS = 1.8
"""For the whole way from the Bronx to Coney Island (the mean of the movers' rows, 0 to 1)."""
HAND_CARD = 0.62
"""Per card in hand, per Warrior."""
DISCARD_CARD = 0.39
"""Per card in a discard pile, per Warrior (a rest takes it back)."""
WEAPON = 0.18
"""Per Weapon held, per Warrior."""
THREAT = -0.6
"""Per Threat in front of a Warrior, per Warrior (the third challenges them)."""
FIGHT_COVERED = 0.52
"""In a fight: for covering every spot it takes to win (the share covered)."""
SHOWDOWN = -0.48
"""In the Showdown itself (before anything is covered)."""
SHOWDOWN_COVERED = 3.7
"""In the Showdown: for covering every spot it takes to win, on top of ``FIGHT_COVERED``."""
KNOCKED_OUT = -2.26
"""In a fight: for every participant knocked out (the share of them)."""
LAST_ROW = 18
"""The row of Coney Island on the board."""


def logit(state: State) -> float:
    """The log-odds of a team win from this state."""
    n = state.players
    score = BIAS + GANG_ABOVE * state.track.index(cat.WARRIORS_FIGURE)
    score += PROGRESS * sum(cat.SPACES[p].row for p in state.positions) / (LAST_ROW * n)
    score += HAND_CARD * sum(len(hand) for hand in state.hands) / n
    score += DISCARD_CARD * sum(len(pile) for pile in state.discards) / n
    score += WEAPON * sum(len(held) for held in state.weapons) / n
    score += THREAT * sum(len(threats) for threats in state.threats) / n
    fight = state.fight
    if fight is not None:
        covered = len(fight.covered) / (2 + fight.need_loc)  # both Gang spots and need_loc tile spots
        score += FIGHT_COVERED * covered + KNOCKED_OUT * len(fight.knocked) / len(fight.participants)
        if fight.showdown:
            score += SHOWDOWN + SHOWDOWN_COVERED * covered
    return score


def estimate(state: State) -> tuple[float, ...]:
    """Every seat's share of the win: the team's chance, the same for all."""
    chance = logistic(logit(state))
    return (chance,) * state.players
