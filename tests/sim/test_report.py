"""Balance reports: the numbers on the page are the results' numbers, with figures in both formats."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from boardcore.sim import plots
from boardcore.sim.executors import SerialExecutor
from boardcore.sim.play import MatchRecord
from boardcore.sim.report import display_names, write_report
from boardcore.sim.seat_advantage import seat_pools
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
        seat = int(row["seat"])  # numbered from 0, as in the results files
        group = [r for r in records if r.bots == bots]
        wins = sum(1 for r in group if seat in r.winners)
        assert (int(row["games"]), int(row["wins"])) == (len(group), wins)
        low, high = wilson(wins, len(group))
        assert (float(row["ci_low"]), float(row["ci_high"])) == (round(low, 4), round(high, 4))
        assert f"{100 * low:.1f}-{100 * high:.1f}%" in page
    assert page.count("## Seat advantage") == 1 and "| seat | games | wins | win rate | expected from its bots |" in page
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
    assert "No seat-advantage line: a cooperative game" in page


def test_nothing_to_report_is_refused(tmp_path: Path) -> None:
    """An empty result set or an unknown figure format is refused."""
    with pytest.raises(ValueError, match="no results"):
        write_report([], tmp_path)
    with pytest.raises(ValueError, match="figure formats"):
        write_report([MatchRecord(seed=1, game="g", players=2, bots=("a", "b"), winners=(0,), ranks=(1, 2), scores=None, reason="r", cooperative=False, draw=False, truncated=False, length=3)], tmp_path, formats=("pdf",))


def _record(seed: int, bots: tuple[str, ...], winners: tuple[int, ...], **kw: object) -> MatchRecord:
    ranks = tuple(1 if seat in winners else 2 for seat in range(len(bots)))
    return MatchRecord(seed=seed, game="g", players=len(bots), bots=bots, winners=winners, ranks=ranks, scores=None, reason="r", cooperative=False, draw=False, truncated=False, length=3, **kw)  # type: ignore[arg-type]


def test_seat_advantage_takes_bot_strength_out() -> None:
    """A strong bot wins in every seat it sits in: pooled over rotations, no seat looks favoured (the old line said seat 0 was)."""
    records = [_record(i, ("strong", "weak") if i % 2 == 0 else ("weak", "strong"), (i % 2,)) for i in range(40)]
    (pool,) = seat_pools(records)
    assert [line.wins for line in pool.lines] == [20, 20] and all(line.p_value == 1.0 for line in pool.lines)
    assert dict(((bot, seat), (n, w)) for bot, seat, n, w in pool.by_bot)[("strong", 0)] == (20, 20)


def test_a_real_seat_advantage_is_found_in_every_seat() -> None:
    """Three identical bots where seat 2 wins 60% of games: seat 2 is flagged, and seats 0 and 1 are tested too."""
    records = [_record(i, ("b", "b", "b"), (2,) if i % 5 < 3 else (i % 2,)) for i in range(300)]
    (pool,) = seat_pools(records)
    assert [line.seat for line in pool.lines] == [0, 1, 2]
    assert pool.lines[2].p_value < 1e-6 and pool.lines[2].advantage > 0.25
    assert all(line.advantage < 0 for line in pool.lines[:2])


def test_a_mixed_line_up_never_rotated_gets_no_line_and_the_reason(tmp_path: Path) -> None:
    """Strength and seat cannot be told apart when each bot kept its seat: the report says so instead of a p-value."""
    records = [_record(i, ("ismcts", "random"), (0,)) for i in range(30)]
    (pool,) = seat_pools(records)
    assert not pool.lines and pool.fixed == ("ismcts", "random") and "--rotate" in pool.reason
    page = write_report(records, tmp_path, formats=("svg",)).read_text()
    assert "No seat-advantage line: ismcts, random only ever sat in one seat" in page


def test_display_names_replace_specs_in_tables_and_titles(tmp_path: Path) -> None:
    """``name=`` is what the report shows; two specs with one name keep their specs apart."""
    records = [_record(i, ("ismcts:iterations=9,name=big", "random:name=r"), (i % 2,)) for i in range(4)]
    page = write_report(records, tmp_path, formats=("svg",)).read_text()
    assert "g, 2 players (big, r)" in page and "ismcts:iterations=9" not in page
    clash = [_record(1, ("random:name=x", "mc:name=x"), (0,))]
    assert display_names(clash) == {"mc:name=x": "mc:name=x", "random:name=x": "random:name=x"}


def test_metrics_are_summarised_per_seat_and_bot(tmp_path: Path) -> None:
    """Per-match metrics get one row, per-seat ones a row per seat with its bot, in the page and metrics.csv."""
    records = [_record(i, ("a", "b"), (0,), metrics=(("rounds", float(5 + i)),), seat_metrics=(("cards", (float(i), 1.0)),)) for i in range(4)]
    page = write_report(records, tmp_path, formats=("svg",)).read_text()
    assert "| rounds | all |  | 6.50 | 5, 5.8, 6.5, 7.2, 8 |" in page
    assert "| cards | 0 | a | 1.50 |" in page and "| cards | 1 | b | 1.00 |" in page
    rows = list(csv.DictReader((tmp_path / "metrics.csv").read_text().splitlines()))
    assert [(row["metric"], row["seat"], row["bot"]) for row in rows] == [("rounds", "", ""), ("cards", "0", "a"), ("cards", "1", "b")]
    assert "g-p2-g1-metrics.svg" in page


def test_house_is_named_only_where_the_game_has_one() -> None:
    """Tic-tac-toe has no house bot: its records say random, the bot that played."""
    records = simulate("tic_tac_toe", 2, 2, ["house", "house:name=h"], SerialExecutor())
    assert records[0].bots == ("random", "random:name=h")


def test_integer_scores_get_integer_centred_bins() -> None:
    """Integer data gets one bar per integer, centred on it; several series are small multiples, not overlaid."""
    assert plots._bins([1, 2, 2, 5]) == ([0.5, 1.5, 2.5, 3.5, 4.5, 5.5], True)
    assert plots._bins([0.25, 0.5])[1] is False
    figure = plots.histograms({"seat 0": [1, 2], "seat 1": [2, 3]}, title="t", xlabel="score")
    assert len(figure.axes) == 2
