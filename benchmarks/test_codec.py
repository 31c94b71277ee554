"""Logs: building one from a match (digests), writing and reading JSON Lines and msgpack."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.conftest import Case
from boardcore import Match
from boardcore.log import Log, read_log


def _info(benchmark: Any, case: Case, workload: str, records: int, size: int | None = None) -> None:
    benchmark.group = f"log {case.name}-{case.players}p"
    benchmark.extra_info.update(workload=workload, game=case.name, players=case.players, unit="records", per_round=records)
    if size is not None:
        benchmark.extra_info["bytes_per_action"] = size / max(records, 1)


def test_log_from_match(benchmark: Any, case: Case, recorded: Match[Any]) -> None:
    """``match.log`` hashes every step's events and state into the chain (records/s)."""
    log = benchmark(Log.from_match, recorded)
    _info(benchmark, case, "log.from_match", len(log.records))
    assert len(log.records) == len(recorded)


@pytest.mark.parametrize("fmt", ["jsonl", "msgpack"])
def test_encode(benchmark: Any, case: Case, recorded: Match[Any], fmt: str) -> None:
    """Writing the recorded log (records/s; bytes per action in extra_info)."""
    log = recorded.log
    data = benchmark(log.to_jsonl if fmt == "jsonl" else log.to_msgpack)
    _info(benchmark, case, f"encode.{fmt}", len(log.records), len(data))


@pytest.mark.parametrize("fmt", ["jsonl", "msgpack"])
def test_decode(benchmark: Any, case: Case, recorded: Match[Any], fmt: str) -> None:
    """``read_log`` of the written log gives back the same log (records/s)."""
    log = recorded.log
    data = log.to_jsonl() if fmt == "jsonl" else log.to_msgpack()
    again = benchmark(read_log, data)
    _info(benchmark, case, f"decode.{fmt}", len(log.records), len(data))
    assert again == log
