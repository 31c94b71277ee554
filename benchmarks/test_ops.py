"""Single operations at mid-game (apply, legal_actions, view, undo) and undo against history length.

One ``apply`` or ``undo`` changes the match, so each is timed alone with
``benchmark.pedantic``: an untimed setup takes the match back to the same
point before every round (undo before timing an apply, apply before timing an
undo). Undo at history length L uses the endless counter game: a match grown
to L + 100 actions, then 100 undos timed per round (so the history stays
within L..L+100), and the 100 actions re-applied, untimed, before the next.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.conftest import Case
from benchmarks.counter_game import COUNTER
from benchmarks.workloads import grow, replay_to, undo_many
from boardcore import Match

ROUNDS = 2000
UNDOS_PER_ROUND = 100


def _info(benchmark: Any, case: Case, workload: str) -> None:
    benchmark.group = f"mid-game {case.name}-{case.players}p"
    benchmark.extra_info.update(workload=workload, game=case.name, players=case.players, unit="calls", per_round=1)


@pytest.fixture
def mid_game(recorded: Match[Any, Any, Any, Any]) -> tuple[Match[Any, Any, Any, Any], Any]:
    """A new match replayed to half the recorded game, and the recorded step that comes next."""
    mid = len(recorded) // 2
    return replay_to(recorded, mid), recorded.steps[mid]


def _rounds(benchmark: Any) -> dict[str, int]:
    return {"rounds": 1} if benchmark.disabled else {"rounds": ROUNDS, "warmup_rounds": 100}


def test_apply(benchmark: Any, case: Case, mid_game: tuple[Match[Any, Any, Any, Any], Any]) -> None:
    """One ``Match.apply`` at mid-game (calls/s)."""
    match, step = mid_game
    mid = len(match)

    def back_to_mid() -> None:
        if len(match) > mid:
            match.undo(step.player, force=True)

    benchmark.pedantic(match.apply, args=(step.player, step.action), setup=back_to_mid, **_rounds(benchmark))
    _info(benchmark, case, "apply")
    assert len(match) == mid + 1


def test_undo(benchmark: Any, case: Case, mid_game: tuple[Match[Any, Any, Any, Any], Any]) -> None:
    """One ``Match.undo`` at mid-game (calls/s)."""
    match, step = mid_game
    mid = len(match)

    def forward() -> None:
        if len(match) == mid:
            match.apply(step.player, step.action)

    benchmark.pedantic(match.undo, args=(step.player, True), setup=forward, **_rounds(benchmark))
    _info(benchmark, case, "undo")
    assert len(match) == mid


def test_legal_actions(benchmark: Any, case: Case, mid_game: tuple[Match[Any, Any, Any, Any], Any]) -> None:
    """``Match.legal_actions`` for the seat to act at mid-game includes the recorded action (calls/s)."""
    match, step = mid_game
    legal = benchmark(match.legal_actions, step.player)
    _info(benchmark, case, "legal_actions")
    assert step.action in legal


def test_view(benchmark: Any, case: Case, mid_game: tuple[Match[Any, Any, Any, Any], Any]) -> None:
    """``Match.view`` for the seat to act at mid-game (calls/s)."""
    match, step = mid_game
    view = benchmark(match.view, step.player)
    _info(benchmark, case, "view")
    assert view is not None


@pytest.mark.parametrize("length", [10, 10_000])
def test_undo_history_length(benchmark: Any, length: int) -> None:
    """``Match.undo`` costs the same at history length 10 and 10,000 (undos/s, counter game)."""
    match = grow(Match.new(COUNTER, 1, seed=0), length + UNDOS_PER_ROUND)
    rounds = {"rounds": 1} if benchmark.disabled else {"rounds": 300, "warmup_rounds": 10}

    def regrow() -> None:
        grow(match, length + UNDOS_PER_ROUND)

    benchmark.pedantic(undo_many, args=(match, UNDOS_PER_ROUND), setup=regrow, **rounds)
    benchmark.group = "undo vs history length (counter game)"
    benchmark.extra_info.update(workload="undo_history", game="counter", players=1, length=length, unit="undos", per_round=UNDOS_PER_ROUND)
    assert len(match) == length
