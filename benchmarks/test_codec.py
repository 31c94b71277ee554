"""Logs: building one from a match (digests), writing and reading JSON Lines and msgpack."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from benchmarks.conftest import Case
from boardcore import Match
from boardcore.log import Log, read_log


def _info(benchmark: Any, case: Case, workload: str, records: int, size: int | None = None) -> None:
    benchmark.group = f"log {case.name}-{case.players}p"
    benchmark.extra_info.update(workload=workload, game=case.name, players=case.players, unit="records", per_round=records)
    if size is not None:
        benchmark.extra_info["bytes_per_action"] = size / max(records, 1)


def _log_from_scratch(match: Match[Any, Any, Any, Any]) -> Log:
    """The whole log of ``match`` hashed anew (a copy of the match without its cached records)."""
    return attrs.evolve(match, records=[], header=None).log


def test_log_from_match(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any]) -> None:
    """``match.log`` of a finished match, every step's events and state hashed into the chain (records/s)."""
    log = benchmark(_log_from_scratch, recorded)
    _info(benchmark, case, "log.from_match", len(log.records))
    assert len(log.records) == len(recorded)


@pytest.mark.parametrize("fmt", ["jsonl", "msgpack"])
def test_encode(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any], fmt: str) -> None:
    """Writing the recorded log (records/s; bytes per action in extra_info)."""
    log = recorded.log
    data = benchmark(log.to_jsonl if fmt == "jsonl" else log.to_msgpack)
    _info(benchmark, case, f"encode.{fmt}", len(log.records), len(data))


@pytest.mark.parametrize("fmt", ["jsonl", "msgpack"])
def test_decode(benchmark: Any, case: Case, recorded: Match[Any, Any, Any, Any], fmt: str) -> None:
    """``read_log`` of the written log gives back the same log (records/s)."""
    log = recorded.log
    data = log.to_jsonl() if fmt == "jsonl" else log.to_msgpack()
    again = benchmark(read_log, data)
    _info(benchmark, case, f"decode.{fmt}", len(log.records), len(data))
    assert again == log
