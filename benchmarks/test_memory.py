"""Memory a Match keeps per history step over a full random game (tracemalloc, bytes)."""

from __future__ import annotations

from typing import Any

from benchmarks.conftest import RECORD_SEED, Case
from benchmarks.workloads import bytes_per_step
from boardcore import Match


def test_memory_per_step(benchmark: Any, case: Case, recorded: Match[Any]) -> None:
    """A finished match keeps under 1 KB per history step (structural sharing, no deep copies)."""
    per_step, steps = benchmark.pedantic(bytes_per_step, args=(case.game, case.players, RECORD_SEED), rounds=1)
    benchmark.group = "memory per history step"
    benchmark.extra_info.update(workload="memory", game=case.name, players=case.players, bytes_per_step=per_step, steps=steps)
    assert steps == len(recorded)
