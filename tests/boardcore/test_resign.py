"""Resigning, the engine's forfeit (``boardcore.Resign``): it ends any game, is logged and verified like every step,
cannot be taken back, and nothing may follow it."""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardcore.errors import IllegalAction
from boardcore.log import Log, record_for
from boardcore.match import Match
from boardcore.registry import get_game
from boardcore.resign import RESIGN, RESIGN_OBJECT
from boardcore.store import MemoryStore, export_log
from boardcore.table import Table
from boardcore.verify import replay, verify


def opening(name: str, players: int = 2, steps: int = 5, **new: Any) -> Match[Any, Any, Any, Any]:
    match = Match.new(get_game(name), players, **({"seed": 7} | new))
    choose = random.Random(3)
    for _ in range(steps):
        if match.is_over:
            break
        seat = min(match.actors)
        match.apply(seat, choose.choice(list(match.legal_actions(seat))))
    return match


@pytest.mark.parametrize("name", ["tic_tac_toe", "kuhn_poker", "five_wards", "bellwether", "peaky_blinders", "the_warriors"])
def test_a_resignation_ends_the_game_and_the_others_win(name: str) -> None:
    """Whoever resigns (on their turn or not) ends the game: nobody acts, the others share the win, the story says so."""
    match = opening(name, players=3 if name in ("five_wards", "peaky_blinders", "the_warriors") else 2, steps=1)
    quitter = max(range(len(match.players)))
    assert match.apply(quitter, RESIGN) == []
    assert match.is_over and match.resigned == quitter and match.actors == frozenset()
    assert all(list(match.legal_actions(seat)) == [] for seat in range(len(match.players)))
    outcome = match.outcome
    assert outcome is not None and quitter not in outcome.winners and outcome.ranking[-1] == (quitter,)
    assert set(outcome.winners) == set(range(len(match.players))) - {quitter} and outcome.reason == f"{match.players[quitter]} resigned"
    assert match.step_text(len(match), 0) == [f"{match.players[quitter]} resigns."]
    assert match.summary(0).endswith(f"{match.players[quitter]} resigned.")


def test_nothing_follows_a_resignation_and_it_cannot_be_taken_back() -> None:
    """After it, an action or a second resignation is game/over; undo is refused with the reason."""
    match = opening("tic_tac_toe", steps=2)
    match.apply(0, RESIGN_OBJECT)  # the action object reads as the Struct
    for seat, action in ((1, {"type": "PlaceMark", "cell": 8}), (1, RESIGN)):
        with pytest.raises(IllegalAction) as refused:
            match.apply(seat, action)
        assert refused.value.code == "game/over"
    assert match.undo_refusal(0) == "a resignation ends the game and cannot be taken back"
    over = opening("tic_tac_toe", steps=9)
    assert over.is_over
    with pytest.raises(IllegalAction) as refused:  # a finished game cannot be resigned
        over.apply(0, RESIGN)
    assert refused.value.code == "game/over"


@pytest.mark.parametrize("committed", [False, True])
def test_a_log_ending_in_a_resignation_verifies_complete_and_replays(committed: bool) -> None:
    """The record is {"type": "boardcore.Resign"}, chained; the log (its seed revealed when committed) verifies as a
    finished game, and replays to the same outcome."""
    match = opening("five_wards", seed=2**62 + 11 if committed else 7, commit_seed=committed)
    match.apply(1, RESIGN)
    log = match.log
    assert log.records[-1].action == RESIGN_OBJECT and (log.reveal is not None) == committed
    verdict = verify(log.to_jsonl(), complete=True)
    assert verdict.ok and verdict.finished and verdict.steps == 6 and "P2 resigned" in str(verdict)
    assert replay(log).outcome == match.outcome


def test_a_verifier_refuses_a_record_after_a_resignation_and_a_resignation_after_the_end() -> None:
    """A legal, correctly chained step after the resignation is illegal_action at that step; so is resigning a game
    that its own rules had ended."""
    match = opening("tic_tac_toe", steps=3)
    ongoing = replay(match.log)  # the same game, not resigned: the step that would follow
    seat = min(ongoing.actors)
    match.apply(seat, RESIGN)
    ongoing.apply(seat, ongoing.legal_actions(seat)[0])
    log = match.log
    step = ongoing.steps[-1]
    extra = record_for(log.records[-1].chain, 5, step.player, step.action, step.events, ongoing.state)
    verdict = verify(Log(log.header, (*log.records, extra), None).to_jsonl())
    assert (verdict.ok, verdict.kind, verdict.step) == (False, "illegal_action", 5)

    finished = opening("tic_tac_toe", steps=40)
    assert finished.is_over
    log = finished.log
    late = record_for(log.records[-1].chain, len(log.records) + 1, 0, RESIGN, [], finished.state)
    verdict = verify(Log(log.header, (*log.records, late), None).to_jsonl())
    assert (verdict.ok, verdict.kind, verdict.step) == (False, "illegal_action", len(log.records) + 1)


def test_a_table_stores_a_resignation_and_opens_it_again() -> None:
    """Through a table: the resignation is a stored step; reopening replays it; the exported log verifies."""
    store = MemoryStore()
    table = Table.create(get_game("peaky_blinders"), 2, seed=5, store=store)
    table.act(0, table.revision, RESIGN)
    again = Table.open(store, table.match_id)
    assert again.match.resigned == 0 and again.match.outcome == table.match.outcome
    assert verify(export_log(store, table.match_id), complete=True).ok
