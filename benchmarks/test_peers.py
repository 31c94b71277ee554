"""Peers side by side: same workload, same random policy, one group each, compared as ratios.

Tic-tac-toe and Kuhn poker random playouts against OpenSpiel's C++ and Python
games and a hand-written mutable tic-tac-toe; 10,000-event rebuilds against the
``eventsourcing`` library's in-memory store. Peers that are not installed skip.
"""

from __future__ import annotations

from functools import reduce
from typing import Any

import msgspec
import pytest

from benchmarks import counter_game, mutable_ttt, peers, tuple_ttt
from benchmarks.counter_game import COUNTER
from benchmarks.workloads import bare_playouts, grow, match_playouts
from boardcore import Match
from boardcore.registry import get_game

PLAYOUT_GAMES = 50
REBUILD_EVENTS = 10_000


def _needs_openspiel() -> None:
    if peers.pyspiel is None:
        pytest.skip("OpenSpiel is not installed (pip install open-spiel eventsourcing: the peers dependency group)")


def _boardcore(name: str) -> Any:
    try:
        return get_game(name)
    except Exception as exc:
        pytest.skip(f"{name} does not load: {type(exc).__name__}: {exc}")


def _playout(name: str, contender: str, seeds: range) -> Any:
    """The function and arguments that play ``seeds`` random games of ``name`` with ``contender``."""
    if contender == "boardcore-match":
        return match_playouts, (_boardcore(name), 2, seeds)
    if contender == "boardcore-bare":
        return bare_playouts, (_boardcore(name), 2, seeds)
    if contender == "mutable-floor":
        return mutable_ttt.playouts, (seeds,)
    if contender == "immutable-tuples-floor":
        return tuple_ttt.playouts, (seeds,)
    _needs_openspiel()
    return peers.openspiel_playouts, (name if contender == "openspiel-cpp" else f"python_{name}", seeds)


@pytest.mark.parametrize(
    ("name", "contender"),
    [
        *(
            ("tic_tac_toe", c)
            for c in ("boardcore-match", "boardcore-bare", "immutable-tuples-floor", "mutable-floor", "openspiel-cpp", "openspiel-python")
        ),
        *(("kuhn_poker", c) for c in ("boardcore-match", "boardcore-bare", "openspiel-cpp", "openspiel-python")),
    ],
)
def test_playouts(benchmark: Any, name: str, contender: str) -> None:
    """Random playouts of whole games, uniform policy from ``random.Random(seed)`` (games/s)."""
    seeds = range(1 if benchmark.disabled else PLAYOUT_GAMES)
    function, args = _playout(name, contender, seeds)
    actions = benchmark(function, *args)
    benchmark.group = f"peers: {name} playouts"
    benchmark.extra_info.update(workload="peer_playout", game=name, contender=contender, unit="games", per_round=len(seeds), actions=actions)
    assert actions >= len(seeds)


def _counter_events(count: int) -> tuple[Any, list[Any]]:
    match = grow(Match.new(COUNTER, 1, seed=0), count)
    return match.initial_state, match.events


@pytest.mark.parametrize("contender", ["boardcore-fold", "boardcore-decode+fold", "eventsourcing"])
def test_rebuild(benchmark: Any, contender: str) -> None:
    """One aggregate of 10,000 events rebuilt: our fold of the counter game's events, or eventsourcing's repository (events/s)."""
    count = 1_000 if benchmark.disabled else REBUILD_EVENTS
    if contender == "eventsourcing":
        if peers.Application is None:
            pytest.skip("eventsourcing is not installed (pip install open-spiel eventsourcing: the peers dependency group)")
        app, aggregate_id = peers.eventsourcing_store(count)
        rebuilt = benchmark(peers.eventsourcing_rebuild, app, aggregate_id)
        assert rebuilt.count == count - 1
    else:
        initial, events = _counter_events(count)
        evolve = COUNTER.evolve
        if contender == "boardcore-fold":
            final = benchmark(reduce, evolve, events, initial)
        else:
            data = msgspec.msgpack.encode(events)
            decoder = msgspec.msgpack.Decoder(list[counter_game.Incremented])
            final = benchmark(lambda: reduce(evolve, decoder.decode(data), initial))
        assert final.count == count
    benchmark.group = "peers: rebuild one aggregate of 10,000 events"
    benchmark.extra_info.update(workload="peer_rebuild", game="counter", contender=contender, unit="events", per_round=count)
