"""A replay runs without the cyclic collector (a long history is not rescanned) and leaves its setting as it was."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pytest

from boardcore import Match
from boardcore.bots import RandomBot
from boardcore.errors import LogError
from boardcore.gcpause import paused_gc
from boardcore.log import Log
from boardcore.verify import PAUSE_GC_FROM, replay
from games.five_wards import GAME as FIVE_WARDS


@pytest.fixture
def collections() -> Iterator[list[int]]:
    """The generation of every collection that starts while the test runs."""
    seen: list[int] = []

    def note(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


def long_log() -> Log:
    """A Five Wards game of random moves: some 500 steps, enough to start several collections if they were on."""
    match = Match.new(FIVE_WARDS, 2, 5)
    bots = [RandomBot.seeded(5, seat) for seat in range(2)]
    while match.actors:
        seat = min(match.actors)
        match.apply(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat)))
    return match.log


def test_replay_runs_no_collection_and_restores_the_collector(collections: list[int]) -> None:
    """At most one young collection runs (as the collector comes back on, over the replay's new objects), and it is on after."""
    log = long_log()
    assert len(log.records) >= PAUSE_GC_FROM
    assert gc.isenabled()
    gc.collect()  # start from empty young generations: the few objects made before the pause cannot start one
    collections.clear()
    replay(log)
    assert collections in ([], [0])  # without the pause: several, in a long history some of them full (generation 2)
    assert gc.isenabled()


def test_a_failed_replay_turns_the_collector_back_on() -> None:
    """A replay that raises on a bad step still leaves the collector on."""
    log = long_log()
    bad = Log(log.header, (log.records[0].__class__(**{**_fields(log.records[0]), "step": 9}),))
    with pytest.raises(LogError):
        replay(bad)
    assert gc.isenabled()


def test_a_collector_switched_off_stays_off() -> None:
    """``paused_gc`` inside code that turned the collector off does not turn it on."""
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def _fields(record: Any) -> dict[str, Any]:
    return {name: getattr(record, name) for name in record.__struct_fields__}
