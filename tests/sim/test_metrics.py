"""Per-match metrics: each board game declares figures a designer compares, and simulations keep them as columns."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import attrs
import pytest

from boardcore.bots import play_out
from boardcore.match import Match
from boardcore.registry import get_game
from boardcore.sim.executors import SerialExecutor
from boardcore.sim.play import MatchTask, measure, play_task
from boardcore.sim.results import CSV_NAME, PARQUET_NAME, read_results
from boardcore.sim.simulate import simulate
from boardcore.sim.specs import parse_spec
from boardcore.strategy import get_strategy

BOARD_GAMES = {"five_wards": 3, "bellwether": 2, "peaky_blinders": 3, "the_warriors": 2}


def finished(game: str, players: int, seed: int) -> Match[Any, Any, Any, Any]:
    rules = get_game(game)
    match = Match.new(rules, players, seed)
    play_out(match, [parse_spec("house").build(rules, seed, seat, players) for seat in range(players)])
    return match


@pytest.mark.parametrize(("game", "players"), sorted(BOARD_GAMES.items()))
def test_every_board_game_declares_numbers_a_designer_asks_for(game: str, players: int) -> None:
    """Each board game's metrics are numbers (per-seat ones one per seat), the same names every match."""
    names = set()
    for seed in (1, 2):
        scalars, per_seat = measure(get_game(game), finished(game, players, seed))
        assert scalars and all(value >= 0 for _, value in scalars)
        assert all(len(values) == players for _, values in per_seat)
        names.add(tuple(name for name, _ in scalars + per_seat))  # type: ignore[operator]
    assert len(names) == 1


def test_five_wards_metrics_agree_with_the_final_state() -> None:
    """Rounds are the state's round; every Brawl card collected came from a Brawl fought."""
    match = finished("five_wards", 3, 4)
    figures = dict(get_strategy("five_wards").metrics(match.state, match.events))  # type: ignore[misc]
    assert figures["rounds"] == match.state.round
    assert sum(figures["brawl_cards"]) <= figures["brawls"]


def test_peaky_blinders_derby_wins_are_the_players_own() -> None:
    """Derby wins per seat are the players' tallies, and no more Derbies were won than were run."""
    match = finished("peaky_blinders", 3, 5)
    figures = dict(get_strategy("peaky_blinders").metrics(match.state, match.events))  # type: ignore[misc]
    assert figures["derby_wins"] == tuple(p.derby_wins for p in match.state.players)
    assert sum(figures["derby_wins"]) <= figures["derbies"]


def test_the_warriors_cannot_win_more_fights_than_it_fought() -> None:
    """Fights won never exceed fights fought."""
    match = finished("the_warriors", 2, 3)
    figures = dict(get_strategy("the_warriors").metrics(match.state, match.events))  # type: ignore[misc]
    assert 0 <= figures["fights_won"] <= figures["fights"]


def test_a_game_without_metrics_records_none() -> None:
    """Tic-tac-toe declares no metrics: its records and files have no metric columns."""
    record = play_task(MatchTask(game="tic_tac_toe", players=2, seed=1, bots=("random", "random")))
    assert record.metrics == () and record.seat_metrics == ()


def test_bad_metrics_are_reported_with_the_game_and_name() -> None:
    """A metric that is not a number, or a per-seat figure of the wrong length, is a clear error."""
    match = finished("bellwether", 2, 1)
    for bad, message in (({"x": "many"}, "is a number"), ({"x": (1.0,)}, "is 2 numbers"), ({"x": True}, "is a number")):
        strategy = attrs.evolve(get_strategy("bellwether"), metrics=lambda state, events, bad=bad: bad)
        with pytest.raises(RuntimeError, match=message):
            measure(get_game("bellwether"), match, strategy)


def test_simulate_keeps_metrics_as_columns_in_both_formats(tmp_path: Path) -> None:
    """The CSV and Parquet files have a column per metric, and read back to the same records."""
    records = simulate("five_wards", 2, 4, ["house", "random"], SerialExecutor(), tmp_path, seed=9)
    header = next(csv.reader((tmp_path / CSV_NAME).read_text().splitlines()))
    assert header[-4:] == ["metric.rounds", "metric.brawls", "seat_metric.brawl_cards", "seat_metric.thugs_arrested"]
    assert read_results(tmp_path / CSV_NAME) == records == read_results(tmp_path / PARQUET_NAME)
    assert all(dict(r.metrics)["rounds"] >= 1 for r in records)
