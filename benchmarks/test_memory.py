"""Memory a Match keeps per history step over a full random game (tracemalloc, bytes)."""

from __future__ import annotations

from typing import Any

from benchmarks.conftest import RECORD_SEED, Case
from benchmarks.workloads import bytes_per_step
from boardcore import Match

SEEDS = (RECORD_SEED, RECORD_SEED + 1, RECORD_SEED + 2)


def test_memory_per_step(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any]) -> None:
    """A finished match keeps under 1 KB per history step (structural sharing, no deep copies); mean of 3 games."""
    seeds = SEEDS[:1] if benchmark.disabled else SEEDS

    def measure() -> tuple[float, int]:
        results = [bytes_per_step(case.game, case.players, seed) for seed in seeds]
        steps = sum(n for _, n in results)
        return sum(per_step * n for per_step, n in results) / steps, steps

    per_step, steps = benchmark.pedantic(measure, rounds=1)
    benchmark.group = "memory per history step"
    benchmark.extra_info.update(workload="memory", game=case.name, players=case.players, bytes_per_step=per_step, steps=steps)
    assert steps >= len(recorded)  # the first game is the recorded one
