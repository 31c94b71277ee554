"""ISMCTS strength at fixed seeds: a one-sided binomial test over decisive games (p < 0.001).

Only games whose searched moves cost milliseconds run here; the four board games
cost 0.1-1 CPU seconds per searched move at a budget that could beat their house
bots, so their strength runs are a documented ``boardcore simulate`` command
(docs/simulation.md), not part of the test suite.
"""

from __future__ import annotations

import pytest

from boardcore.sim.executors import SerialExecutor
from boardcore.sim.simulate import simulate
from boardcore.sim.stats import binomial_greater

ALPHA = 0.001


def _decisive(game: str, games: int, bot: str, opponent: str) -> tuple[int, int]:
    """Wins and losses of ``bot`` (decisive games only), seats alternating, seeds 1..games."""
    records = simulate(game, 2, games, [bot, opponent], SerialExecutor(), rotate=True, seed=1)
    wins = losses = 0
    for record in records:
        if record.draw or len(record.winners) != 1:
            continue
        if record.bots[record.winners[0]] == bot:
            wins += 1
        else:
            losses += 1
    return wins, losses


@pytest.mark.parametrize(
    ("game", "games", "bot"),
    [
        ("tic_tac_toe", 20, "ismcts:iterations=100"),
        ("kuhn_poker", 200, "ismcts:iterations=100"),
    ],
)
def test_ismcts_beats_random(game: str, games: int, bot: str) -> None:
    """ISMCTS wins significantly more decisive games than a uniform random opponent."""
    wins, losses = _decisive(game, games, bot, "random")
    p = binomial_greater(wins, wins + losses)
    assert p < ALPHA, f"{game}: {wins} wins, {losses} losses (one-sided p = {p:.3g})"
