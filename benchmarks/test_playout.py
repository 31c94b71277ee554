"""Random playouts of a full game: through ``Match`` and through the bare pure functions."""

from __future__ import annotations

from typing import Any

from benchmarks.conftest import Case
from benchmarks.workloads import bare_playouts, match_playouts


def _info(benchmark: Any, case: Case, workload: str, actions: int, games: int) -> None:
    benchmark.group = f"playout {case.name}-{case.players}p"
    benchmark.extra_info.update(workload=workload, game=case.name, players=case.players, unit="actions", per_round=actions, games=games)


def test_playout_match(benchmark: Any, case: Case, batch: range) -> None:
    """A random playout through the public Match API finishes with an outcome (actions/s)."""
    actions = benchmark(match_playouts, case.game, case.players, batch)
    _info(benchmark, case, "playout_match", actions, len(batch))
    assert actions > 0


def test_playout_bare(benchmark: Any, case: Case, batch: range) -> None:
    """The same playout through setup/actors/legal_actions/decide/evolve makes the same moves (actions/s)."""
    actions = benchmark(bare_playouts, case.game, case.players, batch)
    _info(benchmark, case, "playout_bare", actions, len(batch))
    assert actions == match_playouts(case.game, case.players, batch)
