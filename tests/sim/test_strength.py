"""ISMCTS strength at fixed seeds: a one-sided binomial test over decisive games (p < 0.001).

Seats alternate, seeds 1..N, and nothing here reads a clock, so each test plays the
very same games on every machine. The board games' budgets cut rollouts short after
8 actions and score them with the game's ``estimate`` (``depth=8``), with the house
bot as the rollout policy: a searched move costs 10-60 ms. Where ISMCTS does not yet
beat a house bot at a budget CI can afford (Peaky Blinders, Bellwether, The
Warriors), docs/simulation.md gives the measured win rates; they are not tested here.
"""

from __future__ import annotations

import pytest

from boardcore.sim.executors import SerialExecutor
from boardcore.sim.simulate import simulate
from boardcore.sim.specs import parse_spec
from boardcore.sim.stats import binomial_greater

ALPHA = 0.001
BOARD = "ismcts:iterations={},depth=8,rollout=house"


def _decisive(game: str, games: int, bot: str, opponent: str) -> tuple[int, int]:
    """Wins and losses of ``bot`` (decisive games only), seats alternating, seeds 1..games."""
    records = simulate(game, 2, games, [bot, opponent], SerialExecutor(), rotate=True, seed=1)
    name = str(parse_spec(bot))  # the records name bots by their canonical spec
    wins = losses = 0
    for record in records:
        if record.draw or len(record.winners) != 1:
            continue
        if record.bots[record.winners[0]] == name:
            wins += 1
        else:
            losses += 1
    return wins, losses


def _assert_stronger(game: str, games: int, bot: str, opponent: str) -> None:
    wins, losses = _decisive(game, games, bot, opponent)
    p = binomial_greater(wins, wins + losses)
    assert p < ALPHA, f"{game}: {bot} won {wins}, lost {losses} against {opponent} (one-sided p = {p:.3g})"


@pytest.mark.parametrize(
    ("game", "games", "bot"),
    [
        ("tic_tac_toe", 20, "ismcts:iterations=100"),
        ("kuhn_poker", 200, "ismcts:iterations=100"),
        pytest.param("five_wards", 12, BOARD.format(8), marks=pytest.mark.slow),
        pytest.param("peaky_blinders", 12, BOARD.format(8), marks=pytest.mark.slow),
        pytest.param("bellwether", 12, BOARD.format(8), marks=pytest.mark.slow),
    ],
)
def test_ismcts_beats_random(game: str, games: int, bot: str) -> None:
    """ISMCTS wins significantly more decisive games than a uniform random opponent."""
    _assert_stronger(game, games, bot, "random")


@pytest.mark.slow
def test_ismcts_beats_the_house_bot_in_five_wards() -> None:
    """At 60 iterations a move, ISMCTS wins significantly more 5 Wards duels than the house bot."""
    _assert_stronger("five_wards", 12, BOARD.format(60), "house")
