"""Replay: fold a recorded match's events into its final state; replay and verify its log."""

from __future__ import annotations

from typing import Any

from benchmarks.conftest import Case
from benchmarks.workloads import fold
from boardcore import Match
from boardcore.verify import replay, verify


def _info(benchmark: Any, case: Case, workload: str, unit: str, count: int) -> None:
    benchmark.group = f"replay {case.name}-{case.players}p"
    benchmark.extra_info.update(workload=workload, game=case.name, players=case.players, unit=unit, per_round=count)


def test_fold_events(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any]) -> None:
    """Folding every recorded event from the initial state rebuilds the final state (events/s)."""
    events = recorded.events
    final = benchmark(fold, case.game, recorded.initial_state, events)
    _info(benchmark, case, "fold", "events", len(events))
    assert final == recorded.state


def test_verify_replay(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any]) -> None:
    """``verify.replay`` of the recorded log reaches the recorded final state (actions/s)."""
    log = recorded.log
    match = benchmark(replay, log)
    _info(benchmark, case, "verify.replay", "actions", len(recorded))
    assert match.state == recorded.state


def test_verify_verify(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any]) -> None:
    """``verify.verify`` of the recorded log finds it valid (actions/s)."""
    log = recorded.log
    verdict = benchmark(verify, log)
    _info(benchmark, case, "verify.verify", "actions", len(recorded))
    assert verdict.ok, str(verdict)
