"""Tournaments: every ordered line-up plays, ratings rank the stronger bot first."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from boardcore.sim.executors import SerialExecutor
from boardcore.sim.results import read_results
from boardcore.sim.tournament import plan_tournament, tournament

BOTS = ["random", "ismcts:iterations=60", "mc:rollouts=2"]


def test_every_pairing_and_seat_order_plays(tmp_path: Path) -> None:
    """Three bots in two seats: six ordered line-ups, each with its own seeds; ISMCTS rates above random."""
    standings = tournament("tic_tac_toe", BOTS, SerialExecutor(), tmp_path, games=6, seed=100)
    records = read_results(tmp_path)
    assert Counter(r.bots for r in records) == {lineup: 6 for lineup in [(a, b) for a in BOTS for b in BOTS if a != b]}
    assert sorted(r.seed for r in records) == list(range(100, 136))
    names = [s.bot for s in standings]
    assert names.index("ismcts:iterations=60") < names.index("random")
    assert all(s.games == 24 for s in standings)
    page = (tmp_path / "tournament.md").read_text()
    assert "Head to head" in page and (tmp_path / "ratings.svg").exists() and (tmp_path / "ratings.png").exists()
    assert (tmp_path / "ratings.csv").read_text().splitlines()[1].split(",")[1] == names[0]


def test_tournament_refuses_what_it_cannot_rate(tmp_path: Path) -> None:
    """Duplicate entrants, too few bots for the seats, and cooperative games are refused."""
    with pytest.raises(ValueError, match="enter once"):
        plan_tournament("tic_tac_toe", ["random", "random"])
    with pytest.raises(ValueError, match="at least 3 bots"):
        plan_tournament("five_wards", ["random", "house"], players=3)
    with pytest.raises(ValueError, match="cooperative"):
        tournament("the_warriors", ["random", "house"], SerialExecutor(), tmp_path, games=1)
