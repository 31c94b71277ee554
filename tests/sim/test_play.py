"""The work function of a simulation: one task in, one finished match's record out, the same on every worker."""

from __future__ import annotations

import pytest

from boardcore import Match
from boardcore.bots import RandomBot, play_out
from boardcore.registry import get_game
from boardcore.sim.play import MatchTask, options_text, play_task, play_tasks


def test_a_task_plays_to_the_end_and_records_the_outcome_as_the_match_had_it() -> None:
    """The record's winners, ranks, reason and length are those of the same match played by hand with the same bots."""
    task = MatchTask(game="tic_tac_toe", players=2, seed=9, bots=("random", "random"))
    record = play_task(task)
    match = Match.new(get_game("tic_tac_toe"), 2, 9)
    outcome = play_out(match, [RandomBot.seeded(9, 0), RandomBot.seeded(9, 1)])
    assert (record.seed, record.game, record.players, record.bots) == (9, "tic_tac_toe", 2, ("random", "random"))
    assert record.winners == outcome.winners and record.reason == outcome.reason and record.length == len(match)
    assert record.draw == outcome.is_draw and not record.truncated and not record.cooperative
    best = outcome.ranking[0]
    assert all(record.ranks[seat] == 1 for seat in best) and sorted(set(record.ranks)) == list(range(1, len(outcome.ranking) + 1))


def test_a_board_game_s_record_carries_its_metrics_by_name() -> None:
    """5 Wards declares figures: each per-match one is a number, each per-seat one has one value per seat."""
    record = play_task(MatchTask(game="five_wards", players=3, seed=4, bots=("house", "house", "house")))
    assert record.metrics and all(isinstance(value, float) for _, value in record.metrics)
    assert all(len(values) == 3 for _, values in record.seat_metrics)


def test_the_tasks_of_a_batch_are_played_in_order_and_a_failure_names_its_seed() -> None:
    """``play_tasks`` keeps the tasks' order; a match that cannot finish raises naming the game, seed and bots."""
    tasks = [MatchTask(game="tic_tac_toe", players=2, seed=seed, bots=("random", "random")) for seed in (3, 1, 2)]
    assert [record.seed for record in play_tasks(tasks)] == [3, 1, 2]
    with pytest.raises(RuntimeError, match="five_wards seed 5 .*house, house"):
        play_task(MatchTask(game="five_wards", players=2, seed=5, bots=("house", "house"), max_steps=3))


def test_options_travel_as_sorted_json_text() -> None:
    """Options are text in a task so tasks stay hashable; no options is the empty object."""
    assert options_text(None) == "{}" and options_text({}) == "{}"
    assert options_text({"round_limit": 2, "gangs": "x"}) == '{"gangs":"x","round_limit":2}'
