"""``boardcore report``: the balance page of a results directory, where ``--out`` puts it, under ``--title``."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardcore.cli import main


def test_the_report_lands_where_out_says_under_its_title(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The page, its summary and an SVG figure go to ``--out``, headed by ``--title``; the count of games is printed."""
    results = tmp_path / "run"
    assert main(["simulate", "tic_tac_toe", "--games", "6", "--bots", "random", "--executor", "serial", "--out", str(results), "--quiet"]) == 0
    capsys.readouterr()
    out = tmp_path / "page"
    assert main(["report", str(results), "--out", str(out), "--title", "Six noughts", "--formats", "svg"]) == 0
    assert capsys.readouterr().out == f"report on 6 games: {out / 'report.md'}\n"
    page = (out / "report.md").read_text()
    assert page.startswith("# Six noughts\n") and "6 games, seeds 1-6." in page
    assert (out / "summary.csv").is_file() and list(out.glob("*.svg")) and not list(out.glob("*.png"))
    assert not (results / "report").exists()


def test_a_missing_results_directory_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """No results where the report looks: exit 2, one line naming the missing file."""
    assert main(["report", "/nonexistent/results"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("boardcore report: error:") and "No such file" in error and error.count("\n") == 1
