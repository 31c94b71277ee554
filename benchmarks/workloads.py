"""The measured workloads as plain functions, shared by the pytest benchmarks and run.py.

Every random playout uses the same policy as the peers: uniform over the legal
actions, drawn with ``random.Random(first seed).choice``, one generator per
batch of games so that seeding (3.6 us) is not counted per game (a benchmark may
use ``random``; rules never do). When several seats may act, the lowest acts
first. Tic-tac-toe contenders list the empty cells in the same order, so every
contender plays the very same games.
"""

from __future__ import annotations

import gc
import random
import tracemalloc
from functools import reduce
from typing import Any

from boardcore import Game, Match

MAX_STEPS = 100_000


def match_playouts(game: Game[Any, Any, Any, Any], players: int, seeds: range) -> int:
    """Random playouts through the public ``Match`` API; returns the number of actions applied."""
    choice = random.Random(seeds.start).choice
    actions = 0
    for seed in seeds:
        match = Match.new(game, players, seed)
        while actors := match.actors:
            seat = min(actors)
            match.apply(seat, choice(match.legal_actions(seat)))
        actions += len(match)
    return actions


def bare_playouts(game: Game[Any, Any, Any, Any], players: int, seeds: range) -> int:
    """The same playouts through the bare pure functions (setup/actors/legal_actions/play_listed, the trusted way in):
    what a search bot's own loop costs, without ``Match``'s checks and history."""
    config = game.config(players)
    actors, legal_actions, play = game.actors, game.legal_actions, game.play_listed
    choice = random.Random(seeds.start).choice
    actions = 0
    for seed in seeds:
        state = game.setup(config, seed)
        while seats := actors(state):
            seat = min(seats)
            _, state = play(state, seat, choice(legal_actions(state, seat)))
            actions += 1
    return actions


def record(game: Game[Any, Any, Any, Any], players: int, seed: int) -> Match[Any, Any, Any, Any]:
    """One finished random match (the recorded log the replay workloads start from).

    Raises:
        RuntimeError: the game did not finish within ``MAX_STEPS`` actions.
    """
    choice = random.Random(seed).choice
    match = Match.new(game, players, seed)
    while actors := match.actors:
        if len(match) >= MAX_STEPS:
            raise RuntimeError(f"{game.name}: no outcome after {MAX_STEPS} actions")
        seat = min(actors)
        match.apply(seat, choice(match.legal_actions(seat)))
    if match.outcome is None:
        raise RuntimeError(f"{game.name}: nobody may act but the game has no outcome")
    return match


def fold(game: Game[Any, Any, Any, Any], initial: Any, events: list[Any]) -> Any:
    """Replay: every event folded into the final state."""
    return reduce(game.evolve, events, initial)


def replay_to(match: Match[Any, Any, Any, Any], steps: int) -> Match[Any, Any, Any, Any]:
    """A new match with the first ``steps`` actions of ``match`` applied again."""
    again = Match.new(match.game, match.players, match.seed, match.config.options)
    for step in match.steps[:steps]:
        again.apply(step.player, step.action)
    return again


def grow(match: Match[Any, Any, Any, Any], length: int) -> Match[Any, Any, Any, Any]:
    """Apply the one legal action of seat 0 until the history is ``length`` long (counter game)."""
    while len(match) < length:
        match.apply(0, match.legal_actions(0)[0])
    return match


def undo_many(match: Match[Any, Any, Any, Any], count: int) -> None:
    """Take back the ``count`` most recent actions, one ``undo`` each."""
    undo = match.undo
    for _ in range(count):
        undo(0)


def bytes_per_step(game: Game[Any, Any, Any, Any], players: int, seed: int) -> tuple[float, int]:
    """Memory a ``Match`` keeps per history step over a full random game, by ``tracemalloc``.

    Measured as (traced memory with the finished match alive - with the fresh
    match alive) / actions, so setup, the bot and garbage are not counted. A
    full ``gc.collect()`` before each reading empties CPython's free lists
    (dead tuples parked there still count as traced, and objects reused from
    lists filled before tracing would not be counted at all).
    Returns ``(bytes per step, steps)``.
    """
    choice = random.Random(seed).choice
    gc.collect()
    tracemalloc.start()
    try:
        match = Match.new(game, players, seed)
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        while actors := match.actors:
            seat = min(actors)
            match.apply(seat, choice(match.legal_actions(seat)))
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return (after - before) / max(len(match), 1), len(match)
