"""Comparing two result sets: the same seeds under two option sets, side by side with intervals for the differences."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.sim.compare import compare_results, write_comparison
from boardcore.sim.play import MatchRecord
from boardcore.sim.results import read_results
from boardcore.sim.stats import mean_interval, newcombe, welch_interval
from tests.sim.variants import bellwether_variants


@pytest.fixture(scope="module")
def variants(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Bellwether with its 12-round limit (A) and with 4 rounds (B), the same 10 seeds and bots."""
    return bellwether_variants(tmp_path_factory.mktemp("variants"))


def test_same_seeds_are_paired_and_a_real_change_shows(variants: tuple[Path, Path]) -> None:
    """Cutting the game to 4 rounds lowers the rounds played, paired over every common seed, with an interval below 0."""
    a, b = (read_results(path) for path in variants)
    compared = compare_results(a, b)
    assert len(compared) == 2  # the two rotations of the line-up
    for differences in compared.values():
        rounds = next(d for d in differences if d.figure == "rounds")
        assert rounds.paired == 5 and rounds.b <= 4 < rounds.a and rounds.high < 0 and rounds.clear
        seats = [d.seat for d in differences if d.figure == "win rate"]
        assert seats == [0, 1]


def _record(seed: int, winners: tuple[int, ...], length: int) -> MatchRecord:
    return MatchRecord(seed=seed, game="g", players=2, bots=("x", "y"), winners=winners, ranks=(1, 2), scores=None, reason="r", cooperative=False, draw=False, truncated=False, length=length)


def test_without_common_seeds_the_samples_are_independent() -> None:
    """Disjoint seeds: win rates get Newcombe's interval and means Welch's, marked as not paired."""
    a = [_record(seed, (0,) if seed % 4 else (1,), 10 + seed % 3) for seed in range(40)]
    b = [_record(seed, (0,) if seed % 2 else (1,), 12 + seed % 3) for seed in range(100, 140)]
    (differences,) = compare_results(a, b).values()
    win = differences[0]
    assert (win.figure, win.seat, win.paired) == ("win rate", 0, 0)
    assert (win.difference, win.low, win.high) == newcombe(30, 40, 20, 40)
    length = next(d for d in differences if d.figure == "length")
    assert length.paired == 0 and length.clear and length.low < 2 < length.high


def test_no_common_line_up_is_refused(tmp_path: Path) -> None:
    """Sets with no line-up in common cannot be compared, and say which line-ups each has."""
    other = MatchRecord(seed=1, game="g", players=3, bots=("x", "y", "z"), winners=(0,), ranks=(1, 2, 2), scores=None, reason="r", cooperative=False, draw=False, truncated=False, length=1)
    with pytest.raises(ValueError, match="share no line-up"):
        write_comparison([_record(1, (0,), 3)], [other], tmp_path)
    with pytest.raises(ValueError, match="both result sets"):
        write_comparison([], [other], tmp_path)


def test_difference_intervals() -> None:
    """Newcombe's interval holds its difference and is symmetric for swapped samples; paired and Welch intervals are textbook."""
    difference, low, high = newcombe(56, 70, 48, 80)
    assert low < difference < high and difference == pytest.approx(48 / 80 - 56 / 70)
    assert newcombe(48, 80, 56, 70) == pytest.approx((-difference, -high, -low))
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and high - mean == pytest.approx(1.959963984540054 * (5 / 3 / 4) ** 0.5)
    assert welch_interval([1.0, 3.0], [2.0, 6.0])[0] == 2.0
