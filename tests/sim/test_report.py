"""Balance reports: the numbers on the page are the results' numbers, with figures in both formats."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from boardcore.sim.executors import SerialExecutor
from boardcore.sim.play import MatchRecord
from boardcore.sim.report import write_report
from boardcore.sim.simulate import simulate
from boardcore.sim.stats import wilson


@pytest.fixture(scope="module")
def records() -> list[MatchRecord]:
    return simulate("five_wards", 2, 12, ["house", "random"], SerialExecutor(), rotate=True, seed=3)


@pytest.fixture(scope="module")
def report(records: list[MatchRecord], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report on ``records``, written once for the module."""
    return write_report(records, tmp_path_factory.mktemp("report"))


def test_report_states_each_seats_wins_with_wilson_intervals(records: list[MatchRecord], report: Path) -> None:
    """Every line-up gets a seat table whose wins and intervals are counted from the records."""
    page = report.read_text()
    rows = list(csv.DictReader((report.parent / "summary.csv").read_text().splitlines()))
    assert len(rows) == 4  # two line-ups (rotated seats) x two seats
    for row in rows:
        bots = tuple(row["bots"].split(";"))
        seat = int(row["seat"]) - 1
        group = [r for r in records if r.bots == bots]
        wins = sum(1 for r in group if seat in r.winners)
        assert (int(row["games"]), int(row["wins"])) == (len(group), wins)
        low, high = wilson(wins, len(group))
        assert (float(row["ci_low"]), float(row["ci_high"])) == (round(low, 4), round(high, 4))
        assert f"{100 * low:.1f}-{100 * high:.1f}%" in page
    assert page.count("**First-player advantage**") == 2
    assert "## Per bot" in page and "| five_wards | 2 | house | 12 |" in page
    assert "**Length** (actions)" in page and "| how the game ended | games | share |" in page


def test_figures_exist_in_both_formats_and_are_reproducible(records: list[MatchRecord], report: Path, tmp_path: Path) -> None:
    """Each figure the page links is written as PNG and SVG, and a rerun writes the same SVG bytes."""
    linked = [line.split("](")[1].rstrip(")") for line in report.read_text().splitlines() if line.startswith("![")]
    assert linked and all(name.endswith(".svg") for name in linked)
    for name in linked:
        assert (report.parent / name).stat().st_size > 1000
        assert (report.parent / name.replace(".svg", ".png")).read_bytes().startswith(b"\x89PNG")
    write_report(records, tmp_path, formats=("svg",))
    assert all((report.parent / n).read_bytes() == (tmp_path / n).read_bytes() for n in linked)


def test_cooperative_games_report_one_team_result(tmp_path: Path) -> None:
    """The Warriors win or lose together: the report gives the team's win rate once, not per seat."""
    records = simulate("the_warriors", 2, 6, ["house"], SerialExecutor(), seed=1)
    page = write_report(records, tmp_path).read_text()
    wins = sum(1 for r in records if r.winners)
    assert f"| team wins | {wins} |" in page
    assert "First-player advantage" not in page


def test_nothing_to_report_is_refused(tmp_path: Path) -> None:
    """An empty result set or an unknown figure format is refused."""
    with pytest.raises(ValueError, match="no results"):
        write_report([], tmp_path)
    with pytest.raises(ValueError, match="figure formats"):
        write_report([MatchRecord(seed=1, game="g", players=2, bots=("a", "b"), winners=(0,), ranks=(1, 2), scores=None, reason="r", cooperative=False, draw=False, truncated=False, length=3)], tmp_path, formats=("pdf",))
