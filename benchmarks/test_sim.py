"""Simulation throughput: house-bot games per second with 1 and 2 worker processes, and Ray's fixed costs.

    .venv/bin/python -m pytest benchmarks/test_sim.py --benchmark-enable --benchmark-json=sim.json -p no:randomly
    .venv/bin/python benchmarks/test_sim.py sim.json      # the tables of docs/performance.md's simulation section

Pools are started and warmed (every worker has imported the games) outside the
timed region, so a round times only the games: (games per round) / (fastest
round). The scaling ratio divides the 2-worker rate by the 1-worker rate of the
same run. Ray's fixed costs are the time to start and stop a local instance,
and the time per call of a batch holding one tic-tac-toe game (a few
microseconds of work), against the same call on a process pool and in-process.
"""

from __future__ import annotations

import json
import multiprocessing
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import pytest
import ray

from boardcore.sim.executors import SerialExecutor
from boardcore.sim.play import MatchTask, play_tasks
from boardcore.sim.ray_executor import RayExecutor
from boardcore.sim.simulate import plan_matches, run_matches

BOARD_GAMES = [("bellwether", 2), ("five_wards", 2), ("peaky_blinders", 2), ("the_warriors", 2)]
ROUND_GAMES = 32
"""House-bot games per round when benchmarking (one when the suite runs as a smoke run)."""
TINY = [MatchTask(game="tic_tac_toe", players=2, seed=1, bots=("random", "random"))]


def _pool(workers: int) -> ProcessPoolExecutor:
    """A spawned pool whose every worker has already played a game (imports done)."""
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
    for future in [pool.submit(play_tasks, TINY) for _ in range(workers * 4)]:
        future.result()
    return pool


@pytest.fixture(scope="module", params=[1, 2], ids=["1worker", "2workers"])
def pool(request: pytest.FixtureRequest) -> Iterator[tuple[int, ProcessPoolExecutor]]:
    """A warm pool of 1 or 2 workers, and that count."""
    executor = _pool(request.param)
    yield request.param, executor
    executor.shutdown()


@pytest.mark.parametrize(("game", "players"), BOARD_GAMES, ids=[f"{g}-{p}p" for g, p in BOARD_GAMES])
def test_games_per_second(benchmark: Any, pool: tuple[int, ProcessPoolExecutor], game: str, players: int) -> None:
    """A batch of house-bot games on 1 or 2 spawned workers finishes with every seed played once (games/s)."""
    workers, executor = pool
    count = 2 if benchmark.disabled else ROUND_GAMES
    tasks = plan_matches(game, players, count, ["house"], seed=1)
    records = benchmark(run_matches, tasks, executor)
    assert [r.seed for r in records] == [t.seed for t in tasks]
    benchmark.group = f"simulate {game}-{players}p"
    benchmark.extra_info.update(sim="games", game=game, players=players, workers=workers, per_round=count)


def _call(executor: Executor) -> int:
    return len(executor.submit(play_tasks, TINY).result())


@pytest.fixture(scope="module")
def ray_executor() -> Iterator[RayExecutor]:
    """Ray's start-up is timed once here (a fixed cost, not a rate)."""
    started = time.perf_counter()
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    executor = RayExecutor()
    _call(executor)  # the first task also starts a worker process
    _timings["ray_start"] = time.perf_counter() - started
    yield executor
    ray.shutdown()


_timings: dict[str, float] = {}


@pytest.mark.parametrize("kind", ["serial", "process", "ray"])
def test_call_overhead(benchmark: Any, kind: str, request: pytest.FixtureRequest) -> None:
    """One submitted batch of a single tic-tac-toe game comes back (seconds per call: the executor's fixed cost)."""
    if kind == "ray":
        if benchmark.disabled:
            pytest.skip("starting Ray takes 10-20 s; the smoke run leaves RayExecutor to tests/sim/test_simulate.py")
        executor: Executor = request.getfixturevalue("ray_executor")
    elif kind == "process":
        executor = _pool(1)
        request.addfinalizer(executor.shutdown)
    else:
        executor = SerialExecutor()
    assert benchmark(_call, executor) == 1
    benchmark.group = "executor call overhead"
    benchmark.extra_info.update(sim="call", executor=kind, per_round=1, **{k: round(v, 3) for k, v in _timings.items()})


def summarize(path: str) -> str:
    """The Markdown tables of docs/performance.md's simulation section, from a ``--benchmark-json`` file."""
    benches = json.loads(open(path, encoding="utf-8").read())["benchmarks"]
    rates: dict[tuple[str, int], dict[int, float]] = {}
    calls: dict[str, float] = {}
    fixed: dict[str, float] = {}
    for bench in benches:
        info = bench["extra_info"]
        if info.get("sim") == "games":
            rates.setdefault((info["game"], info["players"]), {})[info["workers"]] = info["per_round"] / bench["stats"]["min"]
        elif info.get("sim") == "call":
            calls[info["executor"]] = bench["stats"]["median"]
            fixed.update({k: v for k, v in info.items() if k.startswith("ray_")})
    lines = ["| game | 1 worker (games/s) | 2 workers (games/s) | scaling |", "|---|---|---|---|"]
    for (game, players), by in sorted(rates.items()):
        if 1 in by and 2 in by:
            lines.append(f"| {game} ({players}p) | {by[1]:.1f} | {by[2]:.1f} | {by[2] / by[1]:.2f}x |")
    lines += ["", "| executor | seconds per call (median) |", "|---|---|"]
    lines += [f"| {kind} | {calls[kind] * 1e3:.2f} ms |" for kind in ("serial", "process", "ray") if kind in calls]
    if fixed:
        lines += ["", f"Ray start (init with num_cpus=2 and a first task): {fixed['ray_start']:.1f} s."]
    return "\n".join(lines)


if __name__ == "__main__":
    print(summarize(sys.argv[1]))
