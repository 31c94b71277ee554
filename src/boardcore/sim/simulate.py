"""Play many matches on any executor, with a seed per match, and keep the results as they come.

Match ``i`` of a run is played under seed ``seed + i``, whoever plays it: the
results do not depend on the executor, the number of workers or how the work was
split into batches. Finished matches go to the run directory's journal at once; a
rerun of the same command reads the journal and plays only the seeds still missing.
"""

from __future__ import annotations

import queue
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

from tqdm import tqdm

from boardcore.registry import get_game
from boardcore.sim.play import MatchRecord, MatchTask, options_text, play_tasks
from boardcore.sim.results import Journal, write_final
from boardcore.sim.specs import checked_specs, parse_spec

__all__ = ["plan_matches", "run_matches", "simulate"]

MAX_BATCH = 32
"""Most matches per submitted unit of work (batches amortise the executor's per-call cost)."""
IN_FLIGHT = 256
"""Batches submitted at a time: enough to keep a large cluster busy, few enough to hold little in memory."""


def plan_matches(
    game: str,
    players: int,
    games: int,
    bots: Sequence[str],
    *,
    seed: int = 1,
    rotate: bool = False,
    options: dict[str, Any] | None = None,
) -> list[MatchTask]:
    """The tasks of a run: match ``i`` has seed ``seed + i``; ``bots`` gives one spec per seat, or one for all seats.

    With ``rotate``, match ``i`` moves every bot ``i`` seats along, so each bot plays each seat equally often.

    Raises:
        KeyError: an unknown game.
        ValueError: an unsupported player count, a bad bot spec or the wrong number of them, ``games`` below 1,
            or seeds beyond 64-bit signed integers.
    """
    rules = get_game(game)
    rules.config(players, options)  # refuses a bad player count or bad options before anything runs
    if games < 1:
        msg = f"--games must be at least 1, not {games}"
        raise ValueError(msg)
    if not (-(2**63) <= seed and seed + games <= 2**63):
        msg = f"match seeds must stay within -2**63 .. 2**63 - 1 (results store them as 64-bit signed integers); {seed} + {games} games does not"
        raise ValueError(msg)
    specs = checked_specs(rules, bots, players)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        msg = f"give one bot spec per seat ({players}) or one for every seat, not {len(specs)}"
        raise ValueError(msg)
    text = options_text(options)
    tasks = []
    for index in range(games):
        shift = index % players if rotate else 0
        seats = tuple(specs[(seat - shift) % players] for seat in range(players))
        tasks.append(MatchTask(game=game, players=players, seed=seed + index, bots=seats, options=text))
    return tasks


def _batches(tasks: Sequence[MatchTask]) -> list[list[MatchTask]]:
    size = max(1, min(MAX_BATCH, len(tasks) // 64))
    return [list(tasks[start : start + size]) for start in range(0, len(tasks), size)]


def run_matches(
    tasks: Sequence[MatchTask],
    executor: Executor,
    out: str | Path | None = None,
    *,
    run: dict[str, Any] | None = None,
    progress: bool = False,
    in_flight: int = IN_FLIGHT,
) -> list[MatchRecord]:
    """Play ``tasks`` on ``executor``; returns every record sorted by seed.

    With ``out``, finished matches are journalled there as they come, seeds the
    journal already holds are skipped (resume), and the finished run is written
    as CSV and Parquet. ``run`` describes the run (kept as ``run.json``; a
    directory holding another run is refused). At most ``in_flight`` batches are
    submitted at a time, so a long run holds little in memory and an interruption
    (Ctrl-C) cancels little work.

    Raises:
        ValueError: two tasks share a seed, or ``out`` holds a different run.
        RuntimeError: a match failed (its seed is in the message); the matches finished before it are kept.
    """
    seeds = [task.seed for task in tasks]
    if len(set(seeds)) != len(seeds):
        raise ValueError("every match needs its own seed")
    journal = None if out is None else Journal(Path(out), run if run is not None else {"tasks": len(tasks)})
    done: list[MatchRecord] = [] if journal is None else list(journal.done)
    finished = {record.seed for record in done}
    todo = [task for task in tasks if task.seed not in finished]
    bar = tqdm(total=len(tasks), initial=len(tasks) - len(todo), unit="game", disable=not progress, file=sys.stderr, dynamic_ncols=True)
    # Finished futures arrive through a queue filled by their callbacks: blocking on a queue is safe
    # to interrupt, unlike concurrent.futures.wait over many futures, whose lock juggling a Ctrl-C can
    # leave half done (and the pool's shutdown then waits forever).
    arrived: queue.SimpleQueue[Future[list[MatchRecord]]] = queue.SimpleQueue()
    batches = iter(_batches(todo))
    running: set[Future[list[MatchRecord]]] = set()
    failure: BaseException | None = None

    def submit_next() -> bool:
        batch = next(batches, None)
        if batch is None:
            return False
        future = executor.submit(play_tasks, batch)
        running.add(future)
        future.add_done_callback(arrived.put)
        return True

    def collect(future: Future[list[MatchRecord]]) -> None:
        nonlocal failure
        running.discard(future)
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            if failure is None:
                failure = error
                for other in running:
                    other.cancel()  # not started yet: dropped; already running: finished and journalled
            return
        records = future.result()
        done.extend(records)
        if journal is not None:
            journal.append(records)
        bar.update(len(records))

    try:
        while True:
            while failure is None and len(running) < in_flight and submit_next():
                while not arrived.empty():  # an in-process executor finishes at submit
                    collect(arrived.get())
            if not running:
                break
            collect(arrived.get())
    finally:
        for future in running:
            future.cancel()
        bar.close()
        if journal is not None:
            journal.close()
    if failure is not None:
        raise failure
    wanted = set(seeds)
    done = [record for record in done if record.seed in wanted]
    if out is not None:
        return write_final(Path(out), done)
    return sorted(done, key=lambda record: record.seed)


def simulate(
    game: str,
    players: int,
    games: int,
    bots: Sequence[str],
    executor: Executor,
    out: str | Path | None = None,
    *,
    seed: int = 1,
    rotate: bool = False,
    options: dict[str, Any] | None = None,
    progress: bool = False,
) -> list[MatchRecord]:
    """Plan a run (:func:`plan_matches`) and play it (:func:`run_matches`); the run's description guards resumes."""
    tasks = plan_matches(game, players, games, bots, seed=seed, rotate=rotate, options=options)
    run = {
        "command": "simulate",
        "game": game,
        "rules_version": get_game(game).rules_version,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": [str(parse_spec(text)) for text in bots],
        "rotate": rotate,
        "options": options or {},
    }
    return run_matches(tasks, executor, out, run=run, progress=progress)
